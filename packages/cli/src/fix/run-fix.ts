import { stat } from 'node:fs/promises';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { mightContainRetiredCall } from '@sunset/rule-data';
import type { FixArgs } from '../args.js';
import { resolveConfig } from '../config/load.js';
import { ExitCode } from '../errors.js';
import { writeFileAtomic } from '../files/atomic-write.js';
import { findSourceFiles } from '../files/walk.js';
import { readSource } from '../files/read-source.js';
import { nowOf, type CliIo } from '../io.js';
import { plural } from '../text.js';
import { assertCleanWorkTrees } from './git-guard.js';
import { createProgress } from './progress.js';
import type { FixSite, TransformFile } from './types.js';

export interface FixDependencies {
  readonly transformFile: TransformFile;
}

export interface FixError {
  readonly file: string;
  readonly line?: number;
  readonly message: string;
}

export interface FixSummary {
  readonly files: number;
  readonly candidates: number;
  readonly changed: number;
  readonly rewritten: number;
  readonly todo: number;
  readonly skipped: number;
  readonly errors: number;
  readonly dry: boolean;
}

/** `sunset fix --format json`: every site, the files that could not be transformed, the counts. */
export interface FixReport {
  readonly sites: readonly FixSite[];
  readonly changedFiles: readonly string[];
  readonly errors: readonly FixError[];
  readonly summary: FixSummary;
}

/** `sunset fix`: walk, prefilter, transform, write what changed; returns the exit code. */
export async function runFix(args: FixArgs, io: CliIo, deps: FixDependencies): Promise<number> {
  const config = await resolveConfig(io.cwd, { config: args.config, asOf: args.asOf, apiHosts: args.apiHosts }, nowOf(io));
  const files = await findSourceFiles(args.paths, { cwd: io.cwd, ignores: config.ignores, ignoresBase: config.baseDir });
  if (!args.dry && !args.force) await assertCleanWorkTrees(await foldersOf(args.paths, io.cwd));

  const sites: FixSite[] = [];
  const errors: FixError[] = [];
  const changedFiles: string[] = [];
  let candidates = 0;
  const progress = createProgress(io.stderr, io.stderrIsTTY ?? io.isTTY, files.length);
  for (const file of files) {
    progress.tick(file.displayPath);
    const read = readSource(file.path);
    if ('error' in read) {
      errors.push({ file: file.displayPath, message: read.error });
      continue;
    }
    const { source } = read;
    if (!mightContainRetiredCall(source, config.catalog)) continue;
    candidates += 1;
    const result = await deps.transformFile(file.path, source, { displayPath: file.displayPath, config });
    sites.push(...result.sites);
    if (result.error !== undefined) {
      errors.push({ file: file.displayPath, line: result.error.line, message: result.error.message });
      continue;
    }
    if (result.output === undefined || result.output === source) continue;
    changedFiles.push(file.displayPath);
    if (args.print) io.stdout.write(createTwoFilesPatch(file.displayPath, file.displayPath, source, result.output));
    if (!args.dry) await writeFileAtomic(file.path, result.output);
  }
  progress.done();

  const count = (action: FixSite['action']): number => sites.filter((site) => site.action === action).length;
  const report: FixReport = {
    sites,
    changedFiles,
    errors,
    summary: {
      files: files.length,
      candidates,
      changed: changedFiles.length,
      rewritten: count('rewritten'),
      todo: count('todo'),
      skipped: count('skipped'),
      errors: errors.length,
      dry: args.dry,
    },
  };
  if (args.format === 'json') {
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    // With --print the diff owns stdout; the summary goes to stderr so the diff can be piped to `git apply`.
    (args.print ? io.stderr : io.stdout).write(describeFixReport(report));
  }
  if (errors.length > 0) return ExitCode.failed;
  return args.failOnTodo && report.summary.todo > 0 ? ExitCode.failed : ExitCode.ok;
}

/** The human summary: counts, then each TODO and each file that could not be transformed. */
export function describeFixReport(report: FixReport): string {
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
    for (const error of report.errors) lines.push(`  ${error.file}${error.line === undefined ? '' : `:${error.line}`}  ${error.message}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The folders whose git work trees the guard checks: each path, or its folder when it is a file. */
async function foldersOf(paths: readonly string[], cwd: string): Promise<string[]> {
  const folders = [];
  for (const given of paths) {
    const absolute = path.resolve(cwd, given);
    const isFolder = await stat(absolute).then((stats) => stats.isDirectory());
    folders.push(isFolder ? absolute : path.dirname(absolute));
  }
  return folders;
}
