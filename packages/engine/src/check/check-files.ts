import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { AnalysisCore, FileIndex, SunsetOptions } from '../analysis-contract.js';
import { compareText, type FileProblem } from '../errors.js';
import { displayPath } from '../files/paths.js';
import { readSource } from '../files/read-source.js';
import {
  countNotScanned,
  isStackOverflow,
  looksMinified,
  minifiedMessage,
  nestsTooDeeply,
  tooDeeplyNestedMessage,
  tooLargeMessage,
  type NotScannedCounts,
  type SkippedFile,
} from '../files/source-shape.js';
import { findSourceFiles } from '../files/walk.js';
import type { ReadFolder } from '../files/list-tree.js';
import { buildModuleGraph, mayOfferRetiredValues, moduleTextFacts, type ModuleFacts, type ModuleGraphData } from '../module-graph/build-module-graph.js';
import { mergeModuleExports, readModuleExports, retiredExports, type ModuleExports } from '../module-graph/exported-values.js';
import { moduleGraphCheck } from '../module-graph/module-graph-context.js';
import { scanModuleReferences, type ModuleReferences } from '../module-graph/scan-imports.js';
import type { LineIndex } from '../parse/lines.js';
import { segmentedFromLength } from '../parse/segments.js';
import { checkCandidateSteps, checkContextOf, compareFindingsInFile, type CheckContext, type CheckNotes, type LocatedFinding, type LocatedUnresolvedMethod } from './check-source.js';
import { drain, drainYielding, type Steps } from './steps.js';
import { addTimings, emptyTimings, type PhaseTimings } from './timings.js';
import type { FixResult } from '../fix/fix-source.js';

export interface CheckRun {
  readonly cwd: string;
  readonly options: SunsetOptions;
  /** The folder the config's `ignores` are relative to. */
  readonly baseDir: string;
  /** Threads that read, parse and check (default: see `defaultThreadCount`). */
  readonly threads?: number;
  /** Files larger than this many bytes are skipped and listed (default: `options.maxFileSize`). Files named on the command line are always read. */
  readonly maxFileSize?: number;
  /** Replaces parts of the rule core (tests); a run with a replaced core stays in one thread. */
  readonly core?: Partial<AnalysisCore>;
  /**
   * Also resolve `export const`/`export default` strings and `as const` objects that a scanned file
   * imports by relative path from another scanned file (the module graph of `sunset check`'s default
   * mode). Off by default: the caller opts in (`sunset check`, `sunset report`, whose history scans
   * each commit the same way).
   */
  readonly crossFile?: boolean;
  /** How the walk lists folders (see `createFolderCache`). */
  readonly readFolder?: ReadFolder;
}

export type { SkippedFile };

export interface CheckFilesResult {
  /** Sorted by file, line, column, rule. */
  readonly findings: LocatedFinding[];
  /** Files and folders that could not be checked (unreadable, syntax errors, nested too deeply), sorted by file. */
  readonly errors: FileProblem[];
  /** Files found and not read, with the reason (too large, minified, excluded by config, an extension not read yet), sorted by file. */
  readonly skipped: SkippedFile[];
  /** Every file not scanned, counted by reason (unreadable ones are also in `errors`). */
  readonly notScanned: NotScannedCounts;
  /** Files found by the walk. */
  readonly files: number;
  /** Files that passed the prefilter and were parsed. */
  readonly candidates: number;
  /** The text of every candidate (absolute path → text), for baselines and code frames. */
  readonly sources: ReadonlyMap<string, string>;
  /** Requests not reported because their method is not said and another method of the path stays available, sorted by file. */
  readonly unresolvedMethod: readonly LocatedUnresolvedMethod[];
  /** URLs whose host is another API's than their retired path's: findings that `"*"` hosts would add. */
  readonly otherHostCount: number;
  /** `otherHostCount` by file (absolute path), only files with some: `--project` counts its own files again. */
  readonly otherHostsByFile: ReadonlyMap<string, number>;
  readonly timings: PhaseTimings;
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
  /** Set for candidates only. */
  readonly source?: string;
  /** What the module graph needs of a candidate (set when it holds a needle or imports by relative path). */
  readonly module?: ModuleFacts;
  /** What the retirement rules left unreported (absent when nothing). */
  readonly notes?: CheckNotes;
}

/** Files a thread claims at once from the shared counter: small enough to balance, large enough to be cheap. */
const claimSize = 8;
/** Measured on 2 cores: 3,000 files took 0.74 s in one thread and 0.55 s in two; 10,000 files 2.25 s and 1.67 s (4 threads: 1.99 s). */
const minFilesPerThread = 1500;
/**
 * A worker's old generation is capped so two threads stay near one thread's memory (10k bench files,
 * peak RSS: 316-325 MB uncapped, 293-301 MB at 48 MB, 277-285 MB at 32 MB but 15 % slower; capping the
 * young generation made the run 20 % slower). A file too large for the cap is left to the main thread;
 * a worker that dies anyway loses no file: what it did not report is checked by the main thread.
 */
const workerLimits = { maxOldGenerationSizeMb: 40 };
/** Files above this many bytes are left by workers to the main thread (their tree would not fit the capped heap). */
export const workerMaxFileBytes = 256 * 1024;
/**
 * The worker of one very large file: the file's text, a piece's tree and JSON fit, and V8 collects
 * each piece's garbage soon (a 20 MB file: 446 MB peak RSS in the main thread, see bench/README.md).
 */
export const largeFileLimits = { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 16 };

/** One thread for small runs; otherwise one per core, at most 4 (parsing is memory-bound beyond that). */
export function defaultThreadCount(files: number, cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores, 4, Math.floor(files / minFilesPerThread)));
}

export const workerUrl = new URL('./check-worker.js', import.meta.url);

/**
 * `sunset check`'s engine: walk the paths, then read, prefilter, parse, index and check each file
 * (in several threads on large runs), honouring eslint-disable comments. (Starting a worker during the
 * walk was tried: no faster, and 75 MB more peak memory.)
 */
export async function checkFiles(paths: readonly string[], run: CheckRun): Promise<CheckFilesResult> {
  const timings = emptyTimings();
  // From the TypeScript sources (tests) there is no compiled worker to start: check in this thread.
  const workersAvailable = run.core === undefined && existsSync(fileURLToPath(workerUrl));
  const walkStarted = performance.now();
  const listing = await findSourceFiles(paths, { cwd: run.cwd, ignores: run.options.ignores, ignoresBase: run.baseDir, readFolder: run.readFolder });
  timings.walk = performance.now() - walkStarted;
  const files = listing.files.map((file) => file.path);
  const maxFileSize = run.maxFileSize ?? run.options.maxFileSize;
  // Only a file named on the command line, or any file when maxFileSize allows it, can be large enough to be analysed in pieces.
  const mayBeLarge = (index: number): boolean => listing.files[index]!.explicit || maxFileSize === undefined || maxFileSize >= segmentedFromLength;
  const limits: ReadLimits = {
    maxFileSize,
    checkMinified: run.options.checkMinified,
    explicit: listing.files.flatMap((file, index) => (file.explicit ? [index] : [])),
    deferred: workersAvailable ? files.flatMap((file, index) => (mayBeLarge(index) && sizeOf(file) >= segmentedFromLength ? [index] : [])) : [],
  };
  const threads = workersAvailable ? Math.min(run.threads ?? defaultThreadCount(files.length), Math.ceil(files.length / claimSize)) : 1;
  const workers = Array.from({ length: Math.max(threads - 1, 0) }, () => new CheckWorker());
  try {
    const next = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    const crossFile = run.crossFile === true;
    const task: CheckWorkerTask = { kind: 'check', files, options: workerOptionsOf(run.options), limits, crossFile, next };
    const pending = workers.map((worker) => worker.run(task));

    const context = checkContextOf(run.options, run.core);
    const results = [checkClaimedFiles(files, next, context, limits, crossFile), ...(await Promise.all(pending))];
    // Files a worker claimed but did not report (it left them to this thread, or it died): checked here.
    const reported = new Set([...results.flatMap((result) => result.done), ...(limits.deferred ?? [])]);
    const left = files.flatMap((_file, index) => (reported.has(index) ? [] : [index]));
    if (left.length > 0) results.push(checkIndexes(files, left, context, limits, crossFile));
    if ((limits.deferred ?? []).length > 0) results.push(await checkLargeFiles(files, task, context));
    const graph = crossFile ? moduleGraphOf(files, results, context, limits) : undefined;
    // Nothing to check again (the common case): the workers go now, while this thread collects.
    if (graph === undefined) for (const worker of workers) worker.close();
    else results.push(...(await recheckImporters(files, graph, context, limits, run.cwd, workers)));
    return collect(listing.unreadable, listing.skipped, files.length, results, timings);
  } finally {
    for (const worker of workers) worker.close();
  }
}

/** The module graph with what it was built from; undefined when no scanned file imports a retired value from another. */
interface ModuleGraphRun {
  readonly graph: ModuleGraphData;
  /** Indexes (into the run's files) of the files to check again, in walk order. */
  readonly importers: readonly number[];
  /** The text the first pass read of a candidate (so the main thread does not read it again). */
  readonly sourceOf: (file: string) => string | undefined;
  readonly timings: PhaseTimings;
}

/**
 * The default mode's module graph, built after every file was checked once from the facts each
 * thread returned. Undefined in the common case, where no needle file exports a retired value (one
 * pass over the outcomes), or when no scanned file imports one.
 */
function moduleGraphOf(files: readonly string[], results: readonly ThreadResult[], context: CheckContext, limits: ReadLimits): ModuleGraphRun | undefined {
  const offered = results.some(
    // An unchecked file that may make a client is flagged `c` (encodeReferences; specifiers start with a dot).
    (result) => result.references.includes('\u0000c') || result.files.some((outcome) => outcome.module !== undefined && mayOfferRetiredValues(outcome.module)),
  );
  if (!offered) return undefined;
  const started = performance.now();
  const outcomes = new Map<string, FileOutcome>();
  const facts = new Map<string, ModuleFacts>();
  for (const result of results) {
    for (const outcome of result.files) if (outcome.module !== undefined || outcome.source !== undefined) outcomes.set(outcome.file, outcome);
    decodeReferences(result.references, files, facts);
  }
  const sourceOf = (file: string): string | undefined => outcomes.get(file)?.source;
  const graph = buildModuleGraph(
    files,
    {
      factsOf: (file) => outcomes.get(file)?.module ?? facts.get(file),
      readText: (file) => {
        const source = sourceOf(file);
        if (source !== undefined) return source;
        const read = readSource(file, limits.maxFileSize);
        return read.kind === 'text' ? read.text : undefined;
      },
    },
    context.analysisOptions,
    context.core,
  );
  const timings = emptyTimings();
  timings.index += performance.now() - started;
  if (Object.keys(graph.links).length === 0) return undefined;
  const indexOf = new Map(files.map((file, index) => [file, index]));
  const importers = Object.keys(graph.links)
    .map((file) => indexOf.get(file)!)
    .sort((a, b) => a - b);
  return { graph, importers, sourceOf, timings };
}

/**
 * Checks the graph's importers again with their imports resolved, shared with the workers as the
 * first pass was (their outcome replaces the first); what a worker leaves or loses, this thread does.
 */
async function recheckImporters(files: readonly string[], run: ModuleGraphRun, context: CheckContext, limits: ReadLimits, cwd: string, workers: readonly CheckWorker[]): Promise<ThreadResult[]> {
  const next = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const task: CheckWorkerRecheck = { kind: 'recheck', graph: run.graph, importers: run.importers, next, cwd };
  const pending = workers.map((worker) => worker.recheck(task));
  const mine = recheckClaimedFiles(files, task, context, limits, run.sourceOf);
  addTimings(mine.timings, run.timings);
  const results = [mine, ...(await Promise.all(pending))];
  const reported = new Set(results.flatMap((result) => result.done));
  const left = run.importers.filter((index) => !reported.has(index));
  if (left.length > 0) results.push(recheckClaimedFiles(files, { ...task, importers: left, next: new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT) }, context, limits, run.sourceOf));
  return results;
}

/**
 * Claims importers of the graph from the recheck's counter until none is left (main thread and
 * workers); a worker (`maxBytes` set) leaves larger files unreported, for the main thread.
 */
export function recheckClaimedFiles(
  files: readonly string[],
  task: CheckWorkerRecheck,
  context: CheckContext,
  limits: ReadLimits,
  sourceOf: (file: string) => string | undefined = () => undefined,
  maxBytes?: number,
  onBatch?: (batch: ThreadResult) => void,
): ThreadResult {
  const all: ThreadResult = { done: [], files: [], references: '', timings: emptyTimings() };
  const counter = new Int32Array(task.next);
  const explicit = new Set(limits.explicit);
  for (let first = Atomics.add(counter, 0, claimSize); first < task.importers.length; first = Atomics.add(counter, 0, claimSize)) {
    const batch: ThreadResult = { done: [], files: [], references: '', timings: emptyTimings() };
    for (const index of task.importers.slice(first, first + claimSize)) {
      const file = files[index]!;
      if (maxBytes !== undefined && sizeOf(file) > maxBytes) continue;
      const outcome = recheckImporter(file, index, sourceOf(file), task.graph, context, explicit.has(index) ? exempt : limits, batch.timings, task.cwd);
      (batch.done as number[]).push(index);
      if (outcome !== undefined) (batch.files as FileOutcome[]).push(outcome);
    }
    if (onBatch) onBatch(batch);
    else mergeInto(all, batch);
  }
  return all;
}

/** One importer checked with the graph's resolver; undefined when it cannot be (unreadable, minified, nested too deeply: its first outcome stands). */
function recheckImporter(
  file: string,
  index: number,
  source: string | undefined,
  graph: ModuleGraphData,
  context: CheckContext,
  limits: ReadLimits,
  timings: PhaseTimings,
  cwd: string,
): FileOutcome | undefined {
  let text = source;
  if (text === undefined) {
    const started = performance.now();
    const read = readSource(file, limits.maxFileSize);
    timings.read += performance.now() - started;
    if (read.kind !== 'text') return undefined;
    text = read.text;
  }
  const check = moduleGraphCheck(context, graph, file, (declaredIn) => displayPath(cwd, declaredIn));
  const outcome = checkText(text, file, index, check.context, limits, timings);
  if (outcome.source === undefined) return undefined;
  return { ...outcome, findings: check.annotate(outcome.findings) };
}

/** What decides whether a file is read: the size limit, minified detection, and the files named on the command line (exempt from both). */
export interface ReadLimits {
  /** Bytes; undefined: no limit. */
  readonly maxFileSize: number | undefined;
  readonly checkMinified: boolean;
  /** Indexes (into the run's files) of the files named on the command line. */
  readonly explicit: readonly number[];
  /** Indexes of the very large files, which the first pass leaves to `checkLargeFiles` (each in a worker of its own). */
  readonly deferred?: readonly number[];
}

/**
 * Claims files from the shared counter until none is left; runs in the main thread and in every worker.
 * A worker (`maxBytes` set) leaves larger files unreported, for the main thread.
 */
export function checkClaimedFiles(
  files: readonly string[],
  next: SharedArrayBuffer,
  context: CheckContext,
  limits: ReadLimits,
  moduleFacts: boolean,
  maxBytes?: number,
  onBatch?: (batch: ThreadResult) => void,
): ThreadResult {
  const all: ThreadResult = { done: [], files: [], references: '', timings: emptyTimings() };
  const counter = new Int32Array(next);
  for (let first = Atomics.add(counter, 0, claimSize); first < files.length; first = Atomics.add(counter, 0, claimSize)) {
    const indexes = Array.from({ length: Math.min(claimSize, files.length - first) }, (_unused, offset) => first + offset);
    const batch = checkIndexes(files, indexes, context, limits, moduleFacts, maxBytes);
    if (onBatch) onBatch(batch);
    else mergeInto(all, batch);
  }
  return all;
}

/**
 * The very large files (`limits.deferred`), one at a time, each in a worker of its own whose heap is
 * capped: analysed in pieces, a file's trees and their JSON are garbage once a piece is done, and in
 * an uncapped heap V8 lets hundreds of MB of it pile up before collecting. A file whose worker fails
 * is checked in this thread.
 */
async function checkLargeFiles(files: readonly string[], task: CheckWorkerTask, context: CheckContext): Promise<ThreadResult> {
  const all: ThreadResult = { done: [], files: [], references: '', timings: emptyTimings() };
  const explicit = new Set(task.limits.explicit);
  for (const index of task.limits.deferred ?? []) {
    const worker = new CheckWorker(largeFileLimits);
    const limits = { ...task.limits, explicit: explicit.has(index) ? [0] : [], deferred: [] };
    let result: ThreadResult;
    try {
      result = await worker.run({ ...task, files: [files[index]!], limits, next: new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT), large: true });
    } finally {
      worker.close();
    }
    if (result.done.length === 0) result = checkIndexes(files, [index], context, { ...task.limits, deferred: [] }, task.crossFile);
    else {
      result = {
        done: [index],
        files: result.files.map((outcome) => ({ ...outcome, index })),
        references: result.references.replace(/^0\u0000/, `${index}\u0000`),
        timings: result.timings,
      };
    }
    mergeInto(all, result);
  }
  return all;
}

/** Checks the files at `indexes`; with `maxBytes`, larger files are skipped without being reported done, and so are the deferred ones. */
function checkIndexes(files: readonly string[], indexes: readonly number[], context: CheckContext, limits: ReadLimits, moduleFacts: boolean, maxBytes?: number): ThreadResult {
  const explicit = new Set(limits.explicit);
  const deferred = new Set(limits.deferred);
  const result: ThreadResult = { done: [], files: [], references: '', timings: emptyTimings() };
  for (const index of indexes) {
    const file = files[index]!;
    if (deferred.has(index) || (maxBytes !== undefined && sizeOf(file) > maxBytes)) continue;
    const outcome = checkOneFile(file, index, context, explicit.has(index) ? exempt : limits, moduleFacts, result.timings);
    (result.done as number[]).push(index);
    if (outcome === undefined) continue;
    if ('imports' in outcome) result.references += encodeReferences(index, outcome);
    else (result.files as FileOutcome[]).push(outcome);
  }
  return result;
}

function mergeInto(target: ThreadResult, batch: ThreadResult): void {
  (target.done as number[]).push(...batch.done);
  (target.files as FileOutcome[]).push(...batch.files);
  target.references += batch.references;
  addTimings(target.timings, batch.timings);
}

/** What the first pass tells the module graph of a file it did not check (no needle): its references and text facts. */
type UncheckedModule = ModuleReferences & Pick<ModuleFacts, 'clientSource' | 'restNeedle'>;

/**
 * One line per file: its index, its imports and its re-exports (each list joined by U+0001; specifiers
 * hold no line break), then `c` when it may create a client with a base and `r` when it holds the rest of a split path.
 */
function encodeReferences(index: number, references: UncheckedModule): string {
  const flags = `${references.clientSource === true ? 'c' : ''}${references.restNeedle === true ? 'r' : ''}`;
  return `${index}\u0000${references.imports.join('\u0001')}\u0000${references.reexports.join('\u0001')}\u0000${flags}\n`;
}

/** The facts of `encodeReferences`' lines, by file path, into `facts` (files without a needle). */
function decodeReferences(text: string, files: readonly string[], facts: Map<string, ModuleFacts>): void {
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

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0; // unreadable: the read reports it
  }
}

const exempt: ReadLimits = { maxFileSize: undefined, checkMinified: true, explicit: [], deferred: [] };
const noReferences = { imports: [], reexports: [] } as const;

/**
 * Reads, prefilters and checks one file; also returns, as plain data, what the module graph needs of
 * it: its relative specifiers (a scan by `indexOf`), whether it holds a needle, and a needle file's
 * exports read from the index the check built.
 */
function checkOneFile(file: string, index: number, context: CheckContext, limits: ReadLimits, moduleFacts: boolean, timings: PhaseTimings): FileOutcome | UncheckedModule | undefined {
  return drain(checkOneFileSteps(file, index, context, limits, moduleFacts, timings));
}

/**
 * A very large file's check in a worker of its own (`checkLargeFiles`): as `checkIndexes` checks one
 * file, with the event loop turning between the file's pieces so their native memory is freed.
 */
export async function checkLargeFileHere(files: readonly string[], context: CheckContext, limits: ReadLimits, moduleFacts: boolean): Promise<ThreadResult> {
  const result: ThreadResult = { done: [0], files: [], references: '', timings: emptyTimings() };
  const outcome = await drainYielding(checkOneFileSteps(files[0]!, 0, context, limits.explicit.includes(0) ? exempt : limits, moduleFacts, result.timings));
  if (outcome === undefined) return result;
  if ('imports' in outcome) result.references += encodeReferences(0, outcome);
  else (result.files as FileOutcome[]).push(outcome);
  return result;
}

function* checkOneFileSteps(file: string, index: number, context: CheckContext, limits: ReadLimits, moduleFacts: boolean, timings: PhaseTimings): Steps<FileOutcome | UncheckedModule | undefined> {
  let started = performance.now();
  const read = readSource(file, limits.maxFileSize);
  const now = performance.now();
  timings.read += now - started;
  if (read.kind === 'error') return { index, file, findings: [], error: { file, message: read.message }, unreadable: true };
  if (read.kind === 'too-large') {
    return { index, file, findings: [], skipped: { file, reason: 'too-large', message: tooLargeMessage(read.size, limits.maxFileSize!) } };
  }
  started = now;
  const candidate = context.core.mightNeedAnalysis(read.text, context.analysisOptions);
  const references = moduleFacts ? scanModuleReferences(read.text) : noReferences;
  const textFacts = moduleFacts ? moduleTextFacts(read.text, context.analysisOptions) : undefined;
  timings.prefilter += performance.now() - started;
  const clientSource = textFacts?.clientSource === true;
  const imports = references.imports.length === 0 && !clientSource ? undefined : { needle: false, ...references, ...textFacts };
  if (!candidate) return imports === undefined ? undefined : { ...references, ...textFacts };
  const needle = moduleFacts && context.analysisOptions.catalog.needlePattern.test(read.text);
  const offers = needle || clientSource;
  let exports: ModuleExports | undefined;
  const outcome = yield* checkTextSteps(read.text, file, index, context, limits, timings, offers ? (fileIndex, lines) => (exports = mergeModuleExports(exports, retiredExports(readModuleExports(file, fileIndex, lines), context.analysisOptions.catalog.needlePattern))) : undefined);
  // A file that was not parsed (minified, a syntax error) offers no value to other files.
  const module = offers && outcome.source !== undefined && outcome.error === undefined ? { needle, ...references, ...textFacts, ...(exports === undefined ? {} : { exports }) } : imports;
  return module === undefined ? outcome : { ...outcome, module };
}

/** Checks a file's text (the prefilter passed): minified and deeply nested files are left out, as candidates are. */
function checkText(
  text: string,
  file: string,
  index: number,
  context: CheckContext,
  limits: ReadLimits,
  timings: PhaseTimings,
  onIndexed?: (fileIndex: FileIndex, lines: LineIndex) => void,
): FileOutcome {
  return drain(checkTextSteps(text, file, index, context, limits, timings, onIndexed));
}

function* checkTextSteps(
  text: string,
  file: string,
  index: number,
  context: CheckContext,
  limits: ReadLimits,
  timings: PhaseTimings,
  onIndexed?: (fileIndex: FileIndex, lines: LineIndex) => void,
): Steps<FileOutcome> {
  // Only candidates are measured: a minified file without a needle cannot hold a finding anyway.
  if (!limits.checkMinified && looksMinified(text)) return { index, file, findings: [], skipped: { file, reason: 'minified', message: minifiedMessage } };
  if (nestsTooDeeply(text)) return { index, file, findings: [], error: { file, message: tooDeeplyNestedMessage } };
  let result;
  try {
    result = yield* checkCandidateSteps(text, file, context, timings, onIndexed);
  } catch (error) {
    if (!isStackOverflow(error)) throw error;
    return { index, file, findings: [], error: { file, message: tooDeeplyNestedMessage } };
  }
  return { index, file, findings: result.findings, ...(result.error === undefined ? {} : { error: result.error }), ...(result.notes === undefined ? {} : { notes: result.notes }), source: text };
}

function collect(
  unreadable: readonly FileProblem[],
  walkSkipped: readonly SkippedFile[],
  files: number,
  results: readonly ThreadResult[],
  timings: PhaseTimings,
): CheckFilesResult {
  // A file checked again through the module graph (a later result) replaces its first outcome.
  const byIndex = new Map<number, FileOutcome>();
  for (const result of results) for (const outcome of result.files) byIndex.set(outcome.index, outcome);
  const outcomes = [...byIndex.values()].sort((a, b) => a.index - b.index);
  for (const result of results) addTimings(timings, { ...result.timings, walk: 0 });
  const findings: LocatedFinding[] = [];
  const errors: FileProblem[] = [...unreadable];
  const skipped: SkippedFile[] = [...walkSkipped];
  const sources = new Map<string, string>();
  const unresolvedMethod: LocatedUnresolvedMethod[] = [];
  let otherHostCount = 0;
  const otherHostsByFile = new Map<string, number>();
  let unreadableFiles = 0;
  for (const outcome of outcomes) {
    for (const finding of outcome.findings) findings.push(finding);
    if (outcome.notes !== undefined) {
      unresolvedMethod.push(...outcome.notes.unresolvedMethod);
      otherHostCount += outcome.notes.otherHostCount;
      if (outcome.notes.otherHostCount > 0) otherHostsByFile.set(outcome.file, (otherHostsByFile.get(outcome.file) ?? 0) + outcome.notes.otherHostCount);
    }
    if (outcome.error !== undefined) errors.push(outcome.error);
    if (outcome.unreadable === true) unreadableFiles += 1;
    if (outcome.skipped !== undefined) skipped.push(outcome.skipped);
    if (outcome.source !== undefined) sources.set(outcome.file, outcome.source);
  }
  findings.sort((a, b) => compareText(a.file, b.file) || compareFindingsInFile(a, b));
  errors.sort((a, b) => compareText(a.file, b.file));
  skipped.sort((a, b) => compareText(a.file, b.file));
  const notScanned = countNotScanned(skipped, unreadable.length + unreadableFiles);
  unresolvedMethod.sort((a, b) => compareText(a.file, b.file) || a.line - b.line || a.column - b.column);
  return { findings, errors, skipped, notScanned, files, candidates: sources.size, sources, unresolvedMethod, otherHostCount, otherHostsByFile, timings };
}

/** What the main thread hands a worker once the walk is done: the files, the options without the catalog, the shared counter. */
export interface CheckWorkerTask {
  readonly kind: 'check';
  readonly files: readonly string[];
  readonly options: Omit<SunsetOptions, 'catalog'>;
  readonly limits: ReadLimits;
  /** Gather what the module graph needs of each file (`CheckRun.crossFile`). */
  readonly crossFile: boolean;
  /** One Int32 slot: the index of the next file nobody has claimed yet. */
  readonly next: SharedArrayBuffer;
  /** The files are very large ones (a worker of their own): the worker takes them whatever their size. */
  readonly large?: true;
}

/** Then, when the module graph found importers: the graph (plain data), which files to check again, a new counter. */
export interface CheckWorkerRecheck {
  readonly kind: 'recheck';
  readonly graph: ModuleGraphData;
  /** Indexes (into the task's files) of the files to check again. */
  readonly importers: readonly number[];
  /** One Int32 slot: the position in `importers` of the next file nobody has claimed yet. */
  readonly next: SharedArrayBuffer;
  /** The working directory `data.declaredIn` paths are relative to. */
  readonly cwd: string;
}

/** A worker's messages, for each task: a batch of finished files (the fix of a large file), then `end`. */
export type CheckWorkerMessage = { readonly kind: 'batch'; readonly batch: ThreadResult } | { readonly kind: 'fixed'; readonly result: FixResult } | { readonly kind: 'end' };

/** `sunset fix` of one very large file in a worker of its own (see `checkLargeFiles`). */
export interface FixLargeFileTask {
  readonly kind: 'fix';
  readonly text: string;
  readonly file: string;
  readonly sitePath: string;
  readonly options: Omit<SunsetOptions, 'catalog'>;
}

/** The catalog holds functions, which cannot cross to a worker; the worker builds it again from `customEntries`. */
export function workerOptionsOf(options: SunsetOptions): Omit<SunsetOptions, 'catalog'> {
  return Object.fromEntries(Object.entries(options).filter(([key]) => key !== 'catalog')) as Omit<SunsetOptions, 'catalog'>;
}

/**
 * A check worker: the first pass, then (when the module graph found importers) the recheck, then
 * `close`. Each task's result is every batch it reported; a worker that fails reports what it
 * finished, never an error, and a closed or dead worker reports nothing more.
 */
class CheckWorker {
  readonly #worker: Worker;
  #alive = true;

  constructor(resourceLimits: ResourceLimits = workerLimits) {
    this.#worker = new Worker(workerUrl, { resourceLimits });
  }

  run(task: CheckWorkerTask): Promise<ThreadResult> {
    return this.#perform(task);
  }

  recheck(task: CheckWorkerRecheck): Promise<ThreadResult> {
    return this.#perform(task);
  }

  close(): void {
    if (!this.#alive) return;
    this.#alive = false;
    this.#worker.terminate().catch(() => undefined);
  }

  #perform(task: CheckWorkerTask | CheckWorkerRecheck): Promise<ThreadResult> {
    const result: ThreadResult = { done: [], files: [], references: '', timings: emptyTimings() };
    if (!this.#alive) return Promise.resolve(result);
    return new Promise((resolve) => {
      const onMessage = (message: CheckWorkerMessage): void => {
        if (message.kind === 'batch') mergeInto(result, message.batch);
        else finish();
      };
      const died = (): void => {
        this.#alive = false;
        finish();
      };
      // Only this task's listeners go: `removeAllListeners()` would also drop the ones Node uses to
      // deliver the worker's messages, and the next task would never hear back.
      const finish = (): void => {
        this.#worker.off('message', onMessage).off('error', died).off('exit', died);
        resolve(result);
      };
      this.#worker.on('message', onMessage).once('error', died).once('exit', died);
      this.#worker.postMessage(task);
    });
  }
}
