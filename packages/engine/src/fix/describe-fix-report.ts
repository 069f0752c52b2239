import { displayPath } from '../files/paths.js';
import type { FixReport } from './fix-files.js';

/** `sunset fix --format json` and `npx @sunset/codemod --format json`: the documented shape, paths relative to `cwd`. */
export interface FixReportJson {
  readonly sites: FixReport['sites'];
  readonly changedFiles: readonly string[];
  readonly errors: readonly { readonly file: string; readonly line?: number; readonly message: string }[];
  readonly summary: {
    readonly files: number;
    readonly candidates: number;
    readonly changed: number;
    readonly rewritten: number;
    readonly todo: number;
    readonly skipped: number;
    readonly errors: number;
    readonly dry: boolean;
  };
}

export function fixReportJson(report: FixReport, cwd: string): FixReportJson {
  const { files, candidates, changed, rewritten, todo, skipped, errors, dry } = report.summary;
  return {
    sites: report.sites,
    changedFiles: report.changedFiles,
    errors: report.errors.map((error) => ({ file: displayPath(cwd, error.file), ...(error.line === undefined ? {} : { line: error.line }), message: error.message })),
    summary: { files, candidates, changed, rewritten, todo, skipped, errors, dry },
  };
}

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** The human summary of a fix run: counts, then each site a person must finish and each file left untouched. */
export function describeFixReport(report: FixReport, cwd: string): string {
  const { summary } = report;
  const verb = summary.dry ? 'would change' : 'changed';
  const lines = [
    `${plural(summary.files, 'file')} scanned, ${plural(summary.candidates, 'candidate')}, ${summary.changed} ${verb}.`,
    `${plural(summary.rewritten, 'site')} rewritten, ${summary.todo} left with a TODO, ${summary.skipped} skipped.`,
  ];
  const todos = report.sites.filter((site) => site.action !== 'rewritten');
  if (todos.length > 0) {
    lines.push('', 'Sites a person must finish:');
    for (const site of todos) lines.push(`  ${site.file}:${site.line}:${site.column}  ${site.action}  ${site.entry}  ${site.reason}`);
  }
  if (report.errors.length > 0) {
    lines.push('', `${plural(report.errors.length, 'file')} could not be transformed and ${report.errors.length === 1 ? 'was' : 'were'} left untouched:`);
    for (const error of report.errors) lines.push(`  ${displayPath(cwd, error.file)}${error.line === undefined ? '' : `:${error.line}`}  ${error.message}`);
  }
  if (summary.interrupted) lines.push('', 'Interrupted: the files after the last one reported were not looked at.');
  return `${lines.join('\n')}\n`;
}
