import type { FileProblem } from '../errors.js';
import type { SkippedFile } from '../files/source-shape.js';
import type { ModuleFacts } from '../module-graph/build-module-graph.js';
import { scanModuleSpecifiers, type ModuleReferences } from '../module-graph/scan-imports.js';
import type { LocatedFinding } from './check-source.js';
import type { SourceExcerpt } from './excerpts.js';
import { addTimings, emptyTimings, type PhaseTimings } from './timings.js';

// What a thread of `checkFiles` gives back, as plain data that crosses from a worker in one message
// per batch: the outcome of each file with findings or a problem, and, as one text per batch, what
// the module graph and `--project` need of the other files.

/** What `CheckRun.moduleSummaries` returns of a file read. */
export interface ModuleSummary {
  /** Every module specifier the file names (`from`, `import(…)`, `require(…)`), bare ones included: a superset. */
  readonly specifiers: readonly string[];
  /** The file holds a retired path or operation (the needle pattern). */
  readonly needle: boolean;
  /** The file has the word `export`. */
  readonly exports: boolean;
}

/** What each thread gathers besides findings: the module graph's facts (`crossFile`), the files' module summaries. */
export interface Gather {
  readonly crossFile: boolean;
  readonly summaries: boolean;
}

/** What one thread found in the files it claimed, by file index. */
export interface ThreadResult {
  /** Indexes of every file this thread finished (candidates or not). */
  readonly done: readonly number[];
  readonly files: readonly FileOutcome[];
  /**
   * The relative specifiers of the files without an outcome (no candidate) that import by relative
   * path, for the module graph: one text (`encodeReferences`), so a batch crosses from a worker as one
   * string rather than an object per file, and is decoded only when some module offers a value.
   */
  references: string;
  /** With `Gather.summaries`: one line per file read (`encodeSummary`). */
  summaries: string;
  readonly timings: PhaseTimings;
}

export interface FileOutcome {
  readonly index: number;
  readonly file: string;
  readonly findings: readonly LocatedFinding[];
  readonly error?: FileProblem;
  /** The error is that the file could not be read (counted as not scanned). */
  readonly unreadable?: true;
  readonly skipped?: SkippedFile;
  /** The file passed the prefilter and went to the parser. */
  readonly candidate?: true;
  /** The lines around the findings (set when there are findings). */
  readonly excerpt?: SourceExcerpt;
  /** What the module graph needs of a candidate (set when it holds a needle or imports by relative path). */
  readonly module?: ModuleFacts;
}

export function emptyResult(): ThreadResult {
  return { done: [], files: [], references: '', summaries: '', timings: emptyTimings() };
}

export function mergeInto(target: ThreadResult, batch: ThreadResult): void {
  (target.done as number[]).push(...batch.done);
  (target.files as FileOutcome[]).push(...batch.files);
  target.references += batch.references;
  target.summaries += batch.summaries;
  addTimings(target.timings, batch.timings);
}

/** One line per file read: its index, `1`/`0` for the needle and for `export`, then its specifiers joined by U+0001. */
export function encodeSummary(index: number, needle: boolean, text: string): string {
  return `${index}\u0000${needle ? 1 : 0}${/\bexport\b/.test(text) ? 1 : 0}\u0000${scanModuleSpecifiers(text).join('\u0001')}\n`;
}

/** `encodeSummary`'s lines of every thread, by file, in walk order. */
export function decodeSummaries(results: readonly ThreadResult[], files: readonly string[]): Map<string, ModuleSummary> {
  const byIndex = new Map<number, ModuleSummary>();
  for (const { summaries: text } of results) {
    for (let start = 0, end = text.indexOf('\n'); end !== -1; start = end + 1, end = text.indexOf('\n', start)) {
      const [index, flags, specifiers] = text.slice(start, end).split('\u0000') as [string, string, string];
      byIndex.set(Number(index), { needle: flags[0] === '1', exports: flags[1] === '1', specifiers: specifiers === '' ? [] : specifiers.split('\u0001') });
    }
  }
  return new Map([...byIndex].sort(([a], [b]) => a - b).map(([index, summary]) => [files[index]!, summary]));
}

/** One line per file: its index, then its imports and its re-exports, each list joined by U+0001 (specifiers hold no line break). */
export function encodeReferences(index: number, references: ModuleReferences): string {
  return `${index}\u0000${references.imports.join('\u0001')}\u0000${references.reexports.join('\u0001')}\n`;
}

/** The facts of `encodeReferences`' lines, by file path, into `facts` (files without a needle). */
export function decodeReferences(text: string, files: readonly string[], facts: Map<string, ModuleFacts>): void {
  for (let start = 0, end = text.indexOf('\n'); end !== -1; start = end + 1, end = text.indexOf('\n', start)) {
    const [index, imports, reexports] = text.slice(start, end).split('\u0000') as [string, string, string];
    facts.set(files[Number(index)]!, { needle: false, imports: imports.split('\u0001'), reexports: reexports === '' ? [] : reexports.split('\u0001') });
  }
}
