import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { makeFolder, UsageError } from '@sunset/engine';
import type { IsoDay } from '@sunset/rule-data';
import type { OrgHistory, OrgHistoryPoint, ReportData } from '../inventory/types.js';
import { compareText } from '../text.js';
import type { SchemaValidators } from './result-schemas.js';

/** One line of the history file (schemas/org-history.schema.json). */
export interface OrgHistoryLine {
  readonly version: 1;
  readonly date: string;
  readonly asOf: IsoDay;
  readonly total: number;
  readonly rewrite: number;
  readonly todo: number;
  readonly repositories: Readonly<Record<string, { readonly commit: string | null; readonly total: number; readonly rewrite: number; readonly todo: number }>>;
  readonly entries: Readonly<Record<string, number>>;
}

export interface HistoryFile {
  readonly label: string;
  readonly file: string;
  readonly lines: readonly OrgHistoryLine[];
  /** The file's text does not end with a line break (a copy cut short): the next line starts on a new one. */
  readonly needsLineBreak: boolean;
  /** Line numbers of history lines cut short (`cutShort`): left out of the burndown, with a warning. */
  readonly cutLines: readonly number[];
}

/**
 * Whether a line that is not JSON is a history line cut short (a copy or upload stopped mid-line): it
 * starts as Sunset writes every line and its braces are still open at its end. A merge conflict's
 * markers, or a line edited by hand into something else, is not.
 */
function cutShort(line: string): boolean {
  if (!line.startsWith('{"version":')) return false;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') depth -= 1;
  }
  return inString || depth > 0;
}

/**
 * Reads the history (a missing file is an empty history). A history line cut short is left out (the
 * merge warns, naming it). Any other line that is not a valid history line stops the merge with its
 * file and line number: the file is append-only and Sunset never rewrites it, so a person fixes or
 * deletes that line (a merge conflict's markers).
 */
export async function readOrgHistory(label: string, cwd: string, schemas: SchemaValidators): Promise<HistoryFile> {
  const file = path.resolve(cwd, label);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { label, file, lines: [], needsLineBreak: false, cutLines: [] };
    throw new UsageError(`Cannot read the history file ${label}: ${(error as Error).message}. Check the path given to --history-file.`);
  }
  const lines: OrgHistoryLine[] = [];
  const cutLines: number[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (cutShort(line)) {
        cutLines.push(index + 1);
        return;
      }
      throw new UsageError(`${label}:${index + 1} is not a JSON line of a Sunset history. Fix or delete that line (the file is append-only; sunset never rewrites it) and merge again.`);
    }
    const problem = schemas.validate('org-history', value);
    if (problem !== undefined) throw new UsageError(`${label}:${index + 1} is not a Sunset history line: ${problem}. Fix or delete that line and merge again.`);
    lines.push(value as OrgHistoryLine);
  });
  return { label, file, lines, needsLineBreak: text !== '' && !text.endsWith('\n'), cutLines };
}

/** This merge as a history line: the totals, by repository and by entry. */
export function historyLineOf(data: ReportData): OrgHistoryLine {
  const entries: Record<string, number> = {};
  for (const row of [...data.byEntry].sort((a, b) => compareText(a.entry, b.entry))) entries[row.entry] = row.total;
  const repositories: Record<string, OrgHistoryLine['repositories'][string]> = {};
  for (const row of [...(data.repositories ?? [])].sort((a, b) => compareText(a.repository, b.repository))) {
    repositories[row.repository] = { commit: row.commit, total: row.total, rewrite: row.rewrite, todo: row.todo };
  }
  const { total, rewrite, todo } = data.totals;
  return { version: 1, date: data.generated, asOf: data.asOf, total, rewrite, todo, repositories, entries };
}

/** The burndown's points: every recorded merge and this one, oldest first, a line copied twice (a union merge in git) once. */
export function orgHistoryOf(history: HistoryFile, current: OrgHistoryLine): OrgHistory {
  const seen = new Set<string>();
  const points: OrgHistoryPoint[] = [];
  for (const line of [...history.lines, current]) {
    const key = JSON.stringify(line);
    if (seen.has(key)) continue;
    seen.add(key);
    points.push({ date: line.date, total: line.total, rewrite: line.rewrite, todo: line.todo, repositories: Object.keys(line.repositories).length });
  }
  return { file: history.label, points: points.sort((a, b) => compareText(a.date, b.date)) };
}

/** Appends one line (one write with O_APPEND: lines of two merges never interleave). */
export async function appendOrgHistory(history: HistoryFile, line: OrgHistoryLine): Promise<void> {
  try {
    await makeFolder(path.dirname(history.file));
    await appendFile(history.file, `${history.needsLineBreak ? '\n' : ''}${JSON.stringify(line)}\n`, { flag: 'a' });
  } catch (error) {
    throw new UsageError(`Cannot append to the history file ${history.label}: ${(error as Error).message}. The report was written; check the path given to --history-file.`);
  }
}

/** Repositories of the last recorded merge that this merge has no result for (a job that failed, a repository dropped). */
export function missingSince(history: HistoryFile, data: ReportData): string[] {
  const last = [...history.lines].sort((a, b) => compareText(a.date, b.date)).at(-1);
  if (last === undefined) return [];
  const now = new Set((data.repositories ?? []).map((row) => row.repository));
  return Object.keys(last.repositories).filter((name) => !now.has(name)).sort(compareText);
}
