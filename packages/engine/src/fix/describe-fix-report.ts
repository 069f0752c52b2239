import { displayPath, printablePath } from '../files/paths.js';
import { isNamedPathReason, type NotScannedCounts, type SkipReason } from '../files/source-shape.js';
import type { FixReport, FixSummary } from './fix-files.js';

/** `sunset fix --format json` and `npx @sunset/codemod --format json`: the documented shape, paths relative to `cwd`. */
export interface FixReportJson {
  readonly sites: FixReport['sites'];
  readonly changedFiles: readonly string[];
  readonly errors: readonly { readonly file: string; readonly line?: number; readonly message: string }[];
  /** Files found and not read, and why. */
  readonly notScanned: readonly { readonly file: string; readonly reason: SkipReason; readonly message: string }[];
  /** The run's counts as `FixSummary` has them, without `visited` (the human summary's detail). */
  readonly summary: Omit<FixSummary, 'visited'>;
}

export function fixReportJson(report: FixReport, cwd: string): FixReportJson {
  const { files, candidates, changed, written, notWritten, rewritten, todo, skipped, errors, dry, interrupted, notScanned } = report.summary;
  return {
    sites: report.sites,
    changedFiles: report.changedFiles,
    errors: report.errors.map((error) => ({ file: displayPath(cwd, error.file), ...(error.line === undefined ? {} : { line: error.line }), message: error.message })),
    notScanned: report.skippedFiles.map((skipped) => ({ file: displayPath(cwd, skipped.file), reason: skipped.reason, message: skipped.message })),
    summary: { files, candidates, changed, written, notWritten, rewritten, todo, skipped, errors, dry, interrupted, notScanned },
  };
}

/**
 * `3 files not scanned (1 minified, 2 too large)`, then the paths named on the command line that were
 * not (`1 named path not scanned (1 in node_modules)`: a file or a folder); undefined when every file was
 * read. Files and folders that could not be read (`counts.unreadable`) are no part of it: they are errors,
 * which `check` counts as not checked and `fix` lists as not transformed, once.
 */
export function describeNotScanned(counts: NotScannedCounts): string | undefined {
  const files = describeCounts('file', [
    [counts.tooLarge, 'too large'],
    [counts.minified, 'minified'],
    [counts.unscannedExtension, 'not a scanned extension'],
    [counts.excludedByConfig, 'excluded by config'],
    [counts.invalidPackageJson, 'package.json not valid JSON'],
    [counts.symbolicLink, 'symbolic link not followed'],
  ]);
  const named = describeCounts('named path', [
    [counts.nodeModules, 'in node_modules'],
    [counts.gitFolder, 'in .git'],
  ]);
  const sentences = [files, named].filter((part) => part !== undefined);
  return sentences.length === 0 ? undefined : sentences.join(', ');
}

function describeCounts(noun: string, parts: readonly (readonly [number, string])[]): string | undefined {
  const present = parts.filter(([count]) => count > 0);
  if (present.length === 0) return undefined;
  const total = present.reduce((sum, [count]) => sum + count, 0);
  return `${plural(total, noun)} not scanned (${present.map(([count, label]) => `${count} ${label}`).join(', ')})`;
}

/** Files listed by name in the human summary; the JSON report lists every one. */
const maxListed = 20;

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** The human summary of a fix run: counts, then each site a person must finish and each file left untouched. */
export function describeFixReport(report: FixReport, cwd: string): string {
  const { summary } = report;
  // Files found but left out (too large, minified) were not scanned; excluded ones were never found.
  const read = summary.files - summary.notScanned.tooLarge - summary.notScanned.minified - summary.notScanned.unscannedExtension;
  const verb = summary.dry ? 'would change' : 'changed';
  const notWritten = summary.notWritten > 0 ? `, ${summary.notWritten} could not be written` : '';
  const lines = [
    `${summary.interrupted ? `${summary.visited} of ${plural(read, 'file')}` : plural(read, 'file')} scanned, ${plural(summary.candidates, 'candidate')}, ${summary.changed} ${verb}${notWritten}.`,
    summary.dry
      ? `${plural(summary.rewritten, 'site')} would be rewritten, ${summary.todo} left with a TODO, ${summary.skipped} skipped.`
      : `${plural(summary.rewritten, 'site')} rewritten, ${summary.todo} left with a TODO, ${summary.skipped} skipped.`,
  ];
  const notScanned = describeNotScanned(summary.notScanned);
  if (notScanned !== undefined) lines.push(`${notScanned}.`);
  const todos = report.sites.filter((site) => site.action !== 'rewritten');
  if (todos.length > 0) {
    lines.push('', 'Sites a person must finish:');
    for (const site of todos) lines.push(`  ${printablePath(site.file)}:${site.line}:${site.column}  ${site.action}  ${site.entry}  ${site.reason}`);
  }
  // A rewrite that leaves a value of the old URL out: the call is no longer scoped by it, and a variable read only there is unused now.
  const dropping = report.sites.filter((site) => site.action === 'rewritten' && (site.dropped?.length ?? 0) > 0);
  if (dropping.length > 0) {
    lines.push('', 'Rewrites that drop a value of the old URL (the call no longer sends it; a variable read only there is unused now):');
    for (const site of dropping) {
      const values = site.dropped!.join(', ');
      lines.push(`  ${printablePath(site.file)}:${site.line}:${site.column}  rewritten  ${site.entry}  dropped ${values} (the new path does not take ${site.dropped!.length === 1 ? 'it' : 'them'})`);
    }
  }
  if (report.errors.length > 0) {
    lines.push('', `${plural(report.errors.length, 'file')} could not be transformed and ${report.errors.length === 1 ? 'was' : 'were'} left untouched:`);
    for (const error of report.errors) lines.push(`  ${printablePath(displayPath(cwd, error.file))}${error.line === undefined ? '' : `:${error.line}`}  ${error.message}`);
  }
  const named = report.skippedFiles.filter((skipped) => isNamedPathReason(skipped.reason));
  if (named.length > 0) {
    lines.push('', 'Named paths not scanned:');
    for (const skipped of named) lines.push(`  ${printablePath(displayPath(cwd, skipped.file))}  ${skipped.message}`);
  }
  const unread = report.skippedFiles.filter((skipped) => skipped.reason !== 'excluded-by-config' && !isNamedPathReason(skipped.reason));
  if (unread.length > 0) {
    lines.push('', 'Files not scanned:');
    for (const skipped of unread.slice(0, maxListed)) lines.push(`  ${printablePath(displayPath(cwd, skipped.file))}  ${skipped.message}`);
    if (unread.length > maxListed) lines.push(`  … and ${unread.length - maxListed} more (--format json lists them all)`);
  }
  if (summary.interrupted) {
    const planned = summary.visited === summary.files;
    const what = summary.dry ? `${summary.changed} would have changed` : `${plural(summary.written, 'file')} had been written, each completely`;
    const rest = summary.dry
      ? 'the files after the last one reported were not looked at'
      : planned
        ? 'the other files were left as they were'
        : 'sunset fix writes only once every file is planned, so every file is as it was';
    lines.push('', `Interrupted: ${what}; ${rest}. Run the same command again to finish.`);
  }
  return `${lines.join('\n')}\n`;
}
