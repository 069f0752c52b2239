import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '@sunset/engine';
import type { ReportData } from '../inventory/types.js';
import type { CheckResult } from './check-result.js';
import type { SchemaValidators } from './result-schemas.js';

/** One result file, read and checked against its schema. */
export type ResultInput =
  | { readonly input: string; readonly kind: 'check'; readonly result: CheckResult }
  | { readonly input: string; readonly kind: 'report'; readonly result: ReportData & { readonly provenance: NonNullable<ReportData['provenance']> } };

/** Files read at once: enough to keep the disk busy, far below the open-file limit. */
const readAhead = 32;

/**
 * Expands the arguments (files or globs, relative to `cwd`; a glob is expanded here, so quoting it
 * in CI works) and reads every result. Any file that cannot be read, is not JSON or is not a Sunset
 * result stops the merge with exit 2 — every such file is named, and nothing is written: a page
 * without one repository would show a drop in the organisation's count that did not happen.
 */
export async function readResults(patterns: readonly string[], cwd: string, schemas: SchemaValidators): Promise<ResultInput[]> {
  const { glob, isDynamicPattern } = await import('tinyglobby');
  const problems: string[] = [];
  const files: string[] = [];
  for (const pattern of patterns) {
    if (!isDynamicPattern(pattern)) {
      files.push(pattern);
      continue;
    }
    const matched = (await glob(pattern, { cwd, onlyFiles: true, expandDirectories: false })).sort();
    if (matched.length === 0) problems.push(`${pattern} matches no file`);
    files.push(...matched);
  }
  const unique = [...new Set(files.map((file) => path.normalize(file)))];
  const inputs: ResultInput[] = [];
  for (let start = 0; start < unique.length; start += readAhead) {
    const batch = await Promise.all(unique.slice(start, start + readAhead).map((file) => readResult(file, cwd, schemas)));
    for (const read of batch) {
      if (typeof read === 'string') problems.push(read);
      else inputs.push(read);
    }
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 20).map((problem) => `  ${problem}`);
    if (problems.length > shown.length) shown.push(`  … and ${problems.length - shown.length} more`);
    throw new UsageError(
      `Cannot merge: ${problems.length === 1 ? 'one input is' : `${problems.length} inputs are`} not a readable Sunset result, so nothing was written:\n${shown.join('\n')}\n` +
        'Each input must be written by `sunset check --format json` (or `sunset report --format json`). Remove the file from the arguments or run that check again.',
    );
  }
  return inputs;
}

async function readResult(file: string, cwd: string, schemas: SchemaValidators): Promise<ResultInput | string> {
  let text: string;
  try {
    text = await readFile(path.resolve(cwd, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return `${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder (give the files, e.g. results/*.json)' : `cannot be read (${String(code)})`}`;
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return `${file}: not JSON (${(error as Error).message})${text.trim() === '' ? ' — the file is empty; did the check job fail before writing it?' : ''}`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${file}: not a Sunset result (the JSON is not an object)`;
  const tool = (value as { tool?: unknown }).tool;
  const version = (value as { version?: unknown }).version;
  if (tool === undefined) return `${file}: not a Sunset result (no "tool"): written by an older sunset check? Run \`sunset check --format json\` again with this version`;
  if (tool !== 'sunset check' && tool !== 'sunset report') return `${file}: not a Sunset result ("tool" is ${JSON.stringify(tool)})`;
  if (version !== 1) return `${file}: ${String(tool)} format version ${JSON.stringify(version)} is not one this merge reads (1); use the same @sunset/cli version for the checks and the merge`;
  if (tool === 'sunset report' && 'repositories' in value) return `${file}: a merged report; merge the results of each repository instead`;
  if (tool === 'sunset report' && !('provenance' in value)) return `${file}: a report without "provenance" (written by an older sunset report); run it again`;
  const problem = schemas.validate(tool === 'sunset check' ? 'sunset-check' : 'sunset-report', value);
  if (problem !== undefined) return `${file}: not a valid ${String(tool)} result: ${problem}`;
  return tool === 'sunset check' ? { input: file, kind: 'check', result: value as CheckResult } : { input: file, kind: 'report', result: value as Extract<ResultInput, { kind: 'report' }>['result'] };
}
