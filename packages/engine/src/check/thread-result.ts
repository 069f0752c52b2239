import type { FileProblem } from '../errors.js';
import type { SkippedFile } from '../files/source-shape.js';
import type { ModuleFacts } from '../module-graph/build-module-graph.js';
import { scanModuleSpecifiers, scanModuleSpecifiersOfLatin1, type ModuleReferences } from '../module-graph/scan-imports.js';
import type { CheckNotes, LocatedFinding } from './check-source.js';
import type { SourceExcerpt } from './excerpts.js';
import { addTimings, emptyTimings, type PhaseTimings } from './timings.js';

// What a thread of `checkFiles` gives back, as plain data that crosses from a worker in one message
// per batch: the outcome of each candidate or file with a problem (findings, errors, what the retirement
// rules left unreported), and, as one text per batch, what the module graph and `--project` need of the others.

/** What `CheckRun.moduleSummaries` returns of a file read. */
export interface ModuleSummary {
  /** Every module specifier the file names (`from`, `import(…)`, `require(…)`), bare ones included: a superset. */
  readonly specifiers: readonly string[];
  /** The file holds a retired path or operation (the needle pattern). */
  readonly needle: boolean;
  /** The file exports (`exportsPattern`). */
  readonly exports: boolean;
  /** The file exports and its text matches `Gather.basePattern` (a client's base a retired path can be split at). */
  readonly holdsBase: boolean;
}

/** What each thread gathers besides findings: the module graph's facts (`crossFile`), the files' module summaries. */
export interface Gather {
  readonly crossFile: boolean;
  readonly summaries: boolean;
  /** With `summaries`: what `ModuleSummary.holdsBase` tests (a RegExp crosses to a worker). */
  readonly basePattern?: RegExp;
  /** With `crossFile`: the bare specifiers that may be path aliases (`ModuleAliases.prefixesOf`), read as references too. */
  readonly aliasPrefixes?: readonly string[];
}

/** A module that exports something, as ESM or CommonJS. */
export const exportsPattern = /\bexport\b|\bmodule\.exports\b|\bexports\.\w/;

/** What one thread found in the files it claimed, by file index. */
export interface ThreadResult {
  /** Indexes of every file this thread finished (candidates or not). */
  readonly done: readonly number[];
  readonly files: readonly FileOutcome[];
  /**
   * The relative specifiers of the files without an outcome (no candidate) that import by relative
   * path or may make a client with a base, for the module graph: one text (`encodeReferences`), so a batch crosses from a worker as one
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
  /** What the module graph needs of a candidate (set when it holds a needle, may make a client with a base, or imports by relative path). */
  readonly module?: ModuleFacts;
  /** What the retirement rules left unreported (absent when nothing). */
  readonly notes?: CheckNotes;
  /**
   * Where the values of other files are declared that a request of this file without a retirement
   * finding reads (a module-graph importer only; absent when none): their rewrite would move it too.
   */
  readonly readUnreported?: readonly DeclarationPlace[];
  /** The declarations of other files it gives to a function the analysis does not see into (a module-graph importer only; absent when none). */
  readonly givenToHelpers?: readonly DeclarationPlace[];
  /** The declarations of other files its requests to another API's host read (a module-graph importer only; absent when none). */
  readonly readByOtherHosts?: readonly DeclarationPlace[];
}

/** A declaration's place, as `placeKey` keys it. */
export interface DeclarationPlace {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** The declared value's offsets in its file: a fix of a request of that file that edits inside them moves the value. */
  readonly range: readonly [number, number];
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

/**
 * One line per file read: its index, `1`/`0` for the needle, for exporting and for a base, then its
 * specifiers joined by U+0001. `text` may be the file's UTF-8 bytes read as Latin-1 (`latin1`), as
 * `summaryOfText` of @sunset/project takes them: `export` and the bases are ASCII, and the specifiers
 * are read by `scanModuleSpecifiersOfLatin1`.
 */
export function encodeSummary(index: number, needle: boolean, text: string, basePattern: RegExp | undefined, latin1 = false): string {
  const exports = exportsPattern.test(text);
  const holdsBase = exports && basePattern !== undefined && basePattern.test(text);
  const specifiers = latin1 ? scanModuleSpecifiersOfLatin1(text) : scanModuleSpecifiers(text);
  return `${index}\u0000${needle ? 1 : 0}${exports ? 1 : 0}${holdsBase ? 1 : 0}\u0000${specifiers.join('\u0001')}\n`;
}

/** `encodeSummary`'s lines of every thread, by file, in walk order. */
export function decodeSummaries(results: readonly ThreadResult[], files: readonly string[]): Map<string, ModuleSummary> {
  const byIndex = new Map<number, ModuleSummary>();
  for (const { summaries: text } of results) {
    for (let start = 0, end = text.indexOf('\n'); end !== -1; start = end + 1, end = text.indexOf('\n', start)) {
      const [index, flags, specifiers] = text.slice(start, end).split('\u0000') as [string, string, string];
      byIndex.set(Number(index), { needle: flags[0] === '1', exports: flags[1] === '1', holdsBase: flags[2] === '1', specifiers: specifiers === '' ? [] : specifiers.split('\u0001') });
    }
  }
  return new Map([...byIndex].sort(([a], [b]) => a - b).map(([index, summary]) => [files[index]!, summary]));
}

/** What the first pass tells the module graph of a file it did not check (no needle): its references and text facts. */
export type UncheckedModule = ModuleReferences & Pick<ModuleFacts, 'clientSource' | 'restNeedle'>;

/**
 * One line per file: its index, its imports and its re-exports (each list joined by U+0001; specifiers
 * hold no line break), then `c` when it may create a client with a base and `r` when it holds the rest of a split path.
 */
export function encodeReferences(index: number, references: UncheckedModule): string {
  const flags = `${references.clientSource === true ? 'c' : ''}${references.restNeedle === true ? 'r' : ''}`;
  return `${index}\u0000${references.imports.join('\u0001')}\u0000${references.reexports.join('\u0001')}\u0000${flags}\n`;
}

/** The facts of `encodeReferences`' lines, by file path, into `facts` (files without a needle). */
export function decodeReferences(text: string, files: readonly string[], facts: Map<string, ModuleFacts>): void {
  for (let start = 0, end = text.indexOf('\n'); end !== -1; start = end + 1, end = text.indexOf('\n', start)) {
    const [index, imports, reexports, flags] = text.slice(start, end).split('\u0000') as [string, string, string, string];
    facts.set(files[Number(index)]!, {
      needle: false,
      imports: imports === '' ? [] : imports.split('\u0001'),
      reexports: reexports === '' ? [] : reexports.split('\u0001'),
      clientSource: flags.includes('c'),
      restNeedle: flags.includes('r'),
    });
  }
}
