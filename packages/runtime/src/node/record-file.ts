import { accessSync, appendFileSync, constants, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { RuntimeOptionsError } from '../errors.js';
import { linePrefix } from '../report/messages.js';

// The record file of `record` mode: checked once at start, then appended to for the rest of the
// process. Writing it never changes what the application sees.

/** Node's reason for a failed file-system call, without the call and path it appends (`ENOSPC: no space left on device`). */
function reasonOf(error: unknown): string {
  const { message } = error as Error;
  return /^[A-Z0-9_]+: [^,]*/.exec(message)?.[0] ?? message;
}

function statOf(file: string): Stats | NodeJS.ErrnoException {
  try {
    return statSync(file);
  } catch (error) {
    return error as NodeJS.ErrnoException;
  }
}

function accessProblem(file: string, mode: number): string | undefined {
  try {
    accessSync(file, mode);
    return undefined;
  } catch (error) {
    return reasonOf(error);
  }
}

/** Why `file` (absolute) cannot be appended to, or undefined when it can; nothing is created. */
function whyNotAppendable(file: string): string | undefined {
  const existing = statOf(file);
  if (!(existing instanceof Error)) return existing.isDirectory() ? 'it is a folder' : accessProblem(file, constants.W_OK);
  if (existing.code !== 'ENOENT' && existing.code !== 'ENOTDIR') return reasonOf(existing);
  const folder = path.dirname(file);
  const folderStats = statOf(folder);
  if (folderStats instanceof Error) return folderStats.code === 'ENOENT' ? `the folder ${folder} does not exist` : reasonOf(folderStats);
  if (!folderStats.isDirectory()) return `${folder} is not a folder`;
  const problem = accessProblem(folder, constants.W_OK | constants.X_OK);
  return problem && `no file can be created in the folder ${folder} (${problem})`;
}

/**
 * Stops the start when the record file cannot be appended to: `SUNSET_RUNTIME_RECORD (out/sites.jsonl)
 * cannot be written: the folder /app/out does not exist. …`. `source` names the setting.
 */
export function checkRecordFile(recordFile: string, source: string, cwd = process.cwd()): void {
  const why = whyNotAppendable(path.resolve(cwd, recordFile));
  if (why === undefined) return;
  throw new RuntimeOptionsError(`${source} (${recordFile}) cannot be written: ${why}. Point ${source} at a file in a folder that exists and can be written.`, source);
}

/**
 * Appends each line to `file` (synchronously: several processes may share it). A failed write (disk
 * full, folder removed meanwhile) is said once on stderr and the application goes on: the record is
 * then incomplete, never the application's run.
 */
export function recordLineAppender(file: string): (line: string) => void {
  let failed = false;
  return (line) => {
    try {
      appendFileSync(file, `${line}\n`);
    } catch (error) {
      if (failed) return;
      failed = true;
      process.stderr.write(`${linePrefix} could not append to the record file ${file} (${reasonOf(error)}): the record is incomplete; the application goes on unaffected.\n`);
    }
  };
}
