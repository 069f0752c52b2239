import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
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
import { createWalkFilter, findSourceFiles, selectSourceFiles, type WalkOptions } from '../files/walk.js';
import type { ReadFolder } from '../files/list-tree.js';
import { buildModuleGraph, mayOfferRetiredValues, type ModuleFacts, type ModuleGraphData } from '../module-graph/build-module-graph.js';
import { readModuleExports, retiredExports, type ModuleExports } from '../module-graph/exported-values.js';
import { importedModules } from '../module-graph/imported-modules.js';
import { moduleGraphCheck } from '../module-graph/module-graph-context.js';
import { scanModuleReferences, scanModuleSpecifiers, type ModuleReferences } from '../module-graph/scan-imports.js';
import type { LineIndex } from '../parse/lines.js';
import { checkCandidate, checkContextOf, compareFindingsInFile, type CheckContext, type LocatedFinding } from './check-source.js';
import { excerptOf, type SourceExcerpt } from './excerpts.js';
import { addTimings, emptyTimings, type PhaseTimings } from './timings.js';

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
   * mode). Off by default: `sunset report` must count as its history (one file at a time) does.
   */
  readonly crossFile?: boolean;
  /** How the walk lists folders (see `createFolderCache`). */
  readonly readFolder?: ReadFolder;
  /**
   * Check only these files (absolute paths), each as a walk of `paths` would treat it, instead of
   * walking (`sunset check --changed-since`: the files a change touches). With `crossFile`, the files
   * they import by relative path are read for the module graph as a walk would have found them, and
   * never checked or reported.
   */
  readonly onlyFiles?: readonly string[];
  /** With `onlyFiles`: whether a file belongs to this run's config scope (a walk of `paths` leaves other scopes' folders out). */
  readonly inScope?: (file: string) => boolean;
  /**
   * Also return, for every file read, the module specifiers it names, whether it holds a retired
   * needle and whether it exports (`CheckFilesResult.modules`): what `--project` selects its files
   * from, so it reads no file a second time.
   */
  readonly moduleSummaries?: boolean;
}

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
interface Gather {
  readonly crossFile: boolean;
  readonly summaries: boolean;
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
  /** The files that passed the prefilter and were parsed (absolute paths, in walk order). */
  readonly candidateFiles: readonly string[];
  /** With `CheckRun.moduleSummaries`: every file read (absolute path), in walk order, with its module summary. */
  readonly modules?: ReadonlyMap<string, ModuleSummary>;
  /**
   * The lines around each finding, by file (absolute path): what code frames, baseline fingerprints
   * and the report's frames read. The rest of each text is dropped once its file is checked.
   */
  readonly excerpts: ReadonlyMap<string, SourceExcerpt>;
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

/** Files a thread claims at once from the shared counter: small enough to balance, large enough to be cheap. */
const claimSize = 8;
/**
 * From this many files a run is checked by worker threads, this thread only hands out the files and
 * collects; below it, this thread checks them (no worker to start). Measured on 2 cores: 3,000 files
 * took 0.74 s in one thread and 0.55 s in two; 10,000 files 2.25 s and 1.67 s (4 threads: 1.99 s).
 */
const minFilesPerThread = 1500;
/**
 * A worker's heap is capped, so a run's memory does not depend on the runtime's defaults (Node 24's
 * young generation alone took a 10k check from 245 to 365 MB of peak RSS in one thread) nor grow with
 * the repository (garbage of parsed trees piled up in this thread's old space until V8's first full
 * collection: 656 MB at 50k for 18 MB live). 10k bench files, one worker, peak RSS: 175-187 MB at
 * 48/24 MB and 64/16 MB, 238 MB with only the old generation capped at 40 MB (Node 24), for the same
 * CPU within the noise. A file too large for the cap is left to the main thread; a worker that dies
 * anyway loses no file: what it did not report is checked by the main thread.
 */
const workerLimits = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 24 };
/** Files above this many bytes are left by workers to the main thread (their tree would not fit the capped heap). */
export const workerMaxFileBytes = 256 * 1024;

/**
 * How many threads check a run's files: one below 1,500 files (this thread); else one per core but one,
 * at least one, at most 4. The core left free is not idle: V8 collects each checking thread's garbage
 * on helper threads, about 0.6 s of every 3.3 s of CPU of a 10k run (Node 24), and two checking threads
 * each ran 17 % slower than one on a 2-core machine (bench/README.md, "Threads"), so a second thread
 * there gained at most a tenth of the time for 40 % more memory.
 */
export function defaultThreadCount(files: number, cores = availableParallelism()): number {
  if (files < minFilesPerThread) return 1;
  return Math.max(1, Math.min(cores - 1, 4, Math.floor(files / minFilesPerThread)));
}

const workerUrl = new URL('./check-worker.js', import.meta.url);

/**
 * `sunset check`'s engine: walk the paths, then read, prefilter, parse, index and check each file
 * (in worker threads from 1,500 files on), honouring eslint-disable comments.
 */
export async function checkFiles(paths: readonly string[], run: CheckRun): Promise<CheckFilesResult> {
  const timings = emptyTimings();
  // From the TypeScript sources (tests) there is no compiled worker to start: check in this thread.
  const workersAvailable = run.core === undefined && existsSync(fileURLToPath(workerUrl));
  const walkStarted = performance.now();
  const walkOptions = { cwd: run.cwd, ignores: run.options.ignores, ignoresBase: run.baseDir, readFolder: run.readFolder };
  const early = workersAvailable && run.onlyFiles === undefined ? startWorkersWhileWalking(run.threads) : undefined;
  let listing;
  try {
    listing = run.onlyFiles === undefined ? await findSourceFiles(paths, { ...walkOptions, ...(early === undefined ? {} : { onFound: early.onFound }) }) : await selectSourceFiles(paths, run.onlyFiles, walkOptions);
  } catch (error) {
    for (const worker of early?.started ?? []) worker.close();
    throw error;
  }
  timings.walk = performance.now() - walkStarted;
  const files = listing.files.map((file) => file.path);
  const limits: ReadLimits = {
    maxFileSize: run.maxFileSize ?? run.options.maxFileSize,
    checkMinified: run.options.checkMinified,
    explicit: listing.files.flatMap((file, index) => (file.explicit ? [index] : [])),
  };
  const threads = workersAvailable ? Math.min(run.threads ?? defaultThreadCount(files.length), Math.ceil(files.length / claimSize)) : 1;
  // A large run is checked in workers, whose heaps are capped; this thread keeps only what they report.
  const inWorkers = workersAvailable && files.length >= minFilesPerThread;
  const workers = [...(early?.started ?? [])];
  const wanted = inWorkers ? threads : threads - 1;
  // The walk started more than the run needs (gitignored files counted), or fewer: adjust.
  for (const extra of workers.splice(wanted)) extra.close();
  while (workers.length < wanted) workers.push(new CheckWorker());
  try {
    const next = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    const crossFile = run.crossFile === true;
    const gather: Gather = { crossFile, summaries: run.moduleSummaries === true };
    const task: CheckWorkerTask = { kind: 'check', files, options: workerOptionsOf(run.options), limits, gather, next };
    const pending = workers.map((worker) => worker.run(task));

    const context = checkContextOf(run.options, run.core);
    const results = [...(inWorkers ? [] : [checkClaimedFiles(files, next, context, limits, gather)]), ...(await Promise.all(pending))];
    // Files a worker claimed but did not report (it left them to this thread, or it died): checked here.
    const reported = new Set(results.flatMap((result) => result.done));
    const left = files.flatMap((_file, index) => (reported.has(index) ? [] : [index]));
    if (left.length > 0) results.push(checkIndexes(files, left, context, limits, gather));
    const imported = run.onlyFiles === undefined ? undefined : importedModulesOf(paths, walkOptions, run.inScope, context, limits);
    const graph = crossFile ? moduleGraphOf(files, results, context, limits, imported) : undefined;
    // Nothing to check again (the common case): the workers go now, while this thread collects.
    if (graph === undefined) for (const worker of workers) worker.close();
    else results.push(...(await recheckImporters(files, graph, context, limits, run.cwd, workers, !inWorkers)));
    return collect(listing.unreadable, listing.skipped, files, results, timings, gather.summaries);
  } finally {
    for (const worker of workers) worker.close();
  }
}

/**
 * Workers started while the walk runs, so their start-up (loading the rule core: 0.1-0.3 s) overlaps
 * the walk: one more per 1,500 files found, up to what `defaultThreadCount` could give a run this
 * size; all `threads` at once when they are given.
 */
function startWorkersWhileWalking(threads: number | undefined): { readonly started: CheckWorker[]; readonly onFound: (found: number) => void } {
  const started: CheckWorker[] = [];
  const most = threads ?? defaultThreadCount(Number.MAX_SAFE_INTEGER);
  const onFound = (found: number): void => {
    if (found < minFilesPerThread) return;
    const due = threads ?? Math.floor(found / minFilesPerThread);
    while (started.length < Math.min(most, due)) started.push(new CheckWorker());
  };
  return { started, onFound };
}

/** With `onlyFiles`: the files outside the run its module graph must know (see `importedModules`). */
function importedModulesOf(
  paths: readonly string[],
  walkOptions: WalkOptions,
  inScope: ((file: string) => boolean) | undefined,
  context: CheckContext,
  limits: ReadLimits,
): (facts: ReadonlyMap<string, ModuleFacts>) => ReadonlyMap<string, ModuleFacts> {
  const folders = paths.map((given) => path.resolve(walkOptions.cwd, given));
  const listed = createWalkFilter(folders, walkOptions);
  const admits = (file: string): boolean => listed(file) === 'listed' && (inScope?.(file) ?? true);
  return (facts) => importedModules(facts, { admits, maxFileSize: limits.maxFileSize, checkMinified: limits.checkMinified }, context.analysisOptions, context.core);
}

/** The module graph with what it was built from; undefined when no scanned file imports a retired value from another. */
interface ModuleGraphRun {
  readonly graph: ModuleGraphData;
  /** Indexes (into the run's files) of the files to check again, in walk order. */
  readonly importers: readonly number[];
  readonly timings: PhaseTimings;
}

/**
 * The default mode's module graph, built after every file was checked once from the facts each
 * thread returned. Undefined in the common case, where no needle file exports a retired value (one
 * pass over the outcomes), or when no scanned file imports one.
 */
function moduleGraphOf(
  files: readonly string[],
  results: readonly ThreadResult[],
  context: CheckContext,
  limits: ReadLimits,
  imported?: (facts: ReadonlyMap<string, ModuleFacts>) => ReadonlyMap<string, ModuleFacts>,
): ModuleGraphRun | undefined {
  if (imported === undefined && !results.some((result) => result.files.some((outcome) => outcome.module !== undefined && mayOfferRetiredValues(outcome.module)))) return undefined;
  const started = performance.now();
  const facts = new Map<string, ModuleFacts>();
  for (const result of results) {
    decodeReferences(result.references, files, facts);
    for (const outcome of result.files) if (outcome.module !== undefined) facts.set(outcome.file, outcome.module);
  }
  const outside = imported?.(facts) ?? new Map<string, ModuleFacts>();
  if (![...facts.values(), ...outside.values()].some(mayOfferRetiredValues)) return undefined;
  // The first pass kept no text: the few files the graph reads (needle files, barrels) are read again.
  const graph = buildModuleGraph(
    outside.size === 0 ? files : [...files, ...outside.keys()],
    {
      factsOf: (file) => facts.get(file) ?? outside.get(file),
      readText: (file) => {
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
  // Files read only for their values (`onlyFiles`) are never checked.
  const importers = Object.keys(graph.links)
    .flatMap((file) => indexOf.get(file) ?? [])
    .sort((a, b) => a - b);
  if (importers.length === 0) return undefined;
  return { graph, importers, timings };
}

/**
 * Checks the graph's importers again with their imports resolved, shared with the workers as the
 * first pass was (their outcome replaces the first; this thread claims too when it did in the first pass);
 * what a worker leaves or loses, this thread does.
 */
async function recheckImporters(
  files: readonly string[],
  run: ModuleGraphRun,
  context: CheckContext,
  limits: ReadLimits,
  cwd: string,
  workers: readonly CheckWorker[],
  claims: boolean,
): Promise<ThreadResult[]> {
  const next = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const task: CheckWorkerRecheck = { kind: 'recheck', graph: run.graph, importers: run.importers, next, cwd };
  const pending = workers.map((worker) => worker.recheck(task));
  const mine = claims ? recheckClaimedFiles(files, task, context, limits) : emptyResult();
  addTimings(mine.timings, run.timings);
  const results = [mine, ...(await Promise.all(pending))];
  const reported = new Set(results.flatMap((result) => result.done));
  const left = run.importers.filter((index) => !reported.has(index));
  if (left.length > 0) results.push(recheckClaimedFiles(files, { ...task, importers: left, next: new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT) }, context, limits));
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
  maxBytes?: number,
  onBatch?: (batch: ThreadResult) => void,
): ThreadResult {
  const all = emptyResult();
  const counter = new Int32Array(task.next);
  const explicit = new Set(limits.explicit);
  for (let first = Atomics.add(counter, 0, claimSize); first < task.importers.length; first = Atomics.add(counter, 0, claimSize)) {
    const batch = emptyResult();
    for (const index of task.importers.slice(first, first + claimSize)) {
      const file = files[index]!;
      if (maxBytes !== undefined && sizeOf(file) > maxBytes) continue;
      const outcome = recheckImporter(file, index, task.graph, context, explicit.has(index) ? exempt : limits, batch.timings, task.cwd);
      (batch.done as number[]).push(index);
      if (outcome !== undefined) (batch.files as FileOutcome[]).push(outcome);
    }
    if (onBatch) onBatch(batch);
    else mergeInto(all, batch);
  }
  return all;
}

/** One importer checked with the graph's resolver; undefined when it cannot be (unreadable, minified, nested too deeply: its first outcome stands). */
function recheckImporter(file: string, index: number, graph: ModuleGraphData, context: CheckContext, limits: ReadLimits, timings: PhaseTimings, cwd: string): FileOutcome | undefined {
  const started = performance.now();
  const read = readSource(file, limits.maxFileSize);
  timings.read += performance.now() - started;
  if (read.kind !== 'text') return undefined;
  const check = moduleGraphCheck(context, graph, file, (declaredIn) => displayPath(cwd, declaredIn));
  const outcome = checkText(read.text, file, index, check.context, limits, timings);
  if (outcome.candidate !== true) return undefined;
  return { ...outcome, findings: check.annotate(outcome.findings) };
}

/** What decides whether a file is read: the size limit, minified detection, and the files named on the command line (exempt from both). */
export interface ReadLimits {
  /** Bytes; undefined: no limit. */
  readonly maxFileSize: number | undefined;
  readonly checkMinified: boolean;
  /** Indexes (into the run's files) of the files named on the command line. */
  readonly explicit: readonly number[];
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
  gather: Gather,
  maxBytes?: number,
  onBatch?: (batch: ThreadResult) => void,
): ThreadResult {
  const all = emptyResult();
  const counter = new Int32Array(next);
  const scratch = readBuffer();
  for (let first = Atomics.add(counter, 0, claimSize); first < files.length; first = Atomics.add(counter, 0, claimSize)) {
    const indexes = Array.from({ length: Math.min(claimSize, files.length - first) }, (_unused, offset) => first + offset);
    const batch = checkIndexes(files, indexes, context, limits, gather, maxBytes, scratch);
    if (onBatch) onBatch(batch);
    else mergeInto(all, batch);
  }
  return all;
}

/** Checks the files at `indexes`; with `maxBytes`, larger files are skipped without being reported done. */
function checkIndexes(
  files: readonly string[],
  indexes: readonly number[],
  context: CheckContext,
  limits: ReadLimits,
  gather: Gather,
  maxBytes?: number,
  scratch: Buffer = readBuffer(),
): ThreadResult {
  const explicit = new Set(limits.explicit);
  const result = emptyResult();
  for (const index of indexes) {
    const file = files[index]!;
    if (maxBytes !== undefined && sizeOf(file) > maxBytes) continue;
    checkOneFile(file, index, context, explicit.has(index) ? exempt : limits, gather, result, scratch);
    (result.done as number[]).push(index);
  }
  return result;
}

/** The buffer a thread reads files into (`readSource`'s scratch): a file as large as a worker takes fits. */
function readBuffer(): Buffer {
  return Buffer.allocUnsafe(workerMaxFileBytes + 1);
}

function emptyResult(): ThreadResult {
  return { done: [], files: [], references: '', summaries: '', timings: emptyTimings() };
}

function mergeInto(target: ThreadResult, batch: ThreadResult): void {
  (target.done as number[]).push(...batch.done);
  (target.files as FileOutcome[]).push(...batch.files);
  target.references += batch.references;
  target.summaries += batch.summaries;
  addTimings(target.timings, batch.timings);
}

/** One line per file read: its index, `1`/`0` for the needle and for `export`, then its specifiers joined by U+0001. */
function encodeSummary(index: number, needle: boolean, text: string): string {
  return `${index}\u0000${needle ? 1 : 0}${/\bexport\b/.test(text) ? 1 : 0}\u0000${scanModuleSpecifiers(text).join('\u0001')}\n`;
}

/** `encodeSummary`'s lines of every thread, by file, in walk order. */
function decodeSummaries(results: readonly ThreadResult[], files: readonly string[]): Map<string, ModuleSummary> {
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
function encodeReferences(index: number, references: ModuleReferences): string {
  return `${index}\u0000${references.imports.join('\u0001')}\u0000${references.reexports.join('\u0001')}\n`;
}

/** The facts of `encodeReferences`' lines, by file path, into `facts` (files without a needle). */
function decodeReferences(text: string, files: readonly string[], facts: Map<string, ModuleFacts>): void {
  for (let start = 0, end = text.indexOf('\n'); end !== -1; start = end + 1, end = text.indexOf('\n', start)) {
    const [index, imports, reexports] = text.slice(start, end).split('\u0000') as [string, string, string];
    facts.set(files[Number(index)]!, { needle: false, imports: imports.split('\u0001'), reexports: reexports === '' ? [] : reexports.split('\u0001') });
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0; // unreadable: the read reports it
  }
}

const exempt: ReadLimits = { maxFileSize: undefined, checkMinified: true, explicit: [] };
const noReferences = { imports: [], reexports: [] } as const;

/**
 * Reads, prefilters and checks one file into `result`; also gives, as plain data, what the module graph
 * needs of it (`gather.crossFile`): its relative specifiers (a scan by `indexOf`), whether it holds a
 * needle, and a needle file's exports read from the index the check built; and its module summary
 * (`gather.summaries`).
 */
function checkOneFile(file: string, index: number, context: CheckContext, limits: ReadLimits, gather: Gather, result: ThreadResult, scratch: Buffer): void {
  const outcome = readAndCheck(file, index, context, limits, gather, result, scratch);
  if (outcome === undefined) return;
  if ('imports' in outcome) result.references += encodeReferences(index, outcome);
  else (result.files as FileOutcome[]).push(outcome);
}

function readAndCheck(file: string, index: number, context: CheckContext, limits: ReadLimits, gather: Gather, result: ThreadResult, scratch: Buffer): FileOutcome | ModuleReferences | undefined {
  const { timings } = result;
  let started = performance.now();
  const read = readSource(file, limits.maxFileSize, scratch);
  const now = performance.now();
  timings.read += now - started;
  if (read.kind === 'error') return { index, file, findings: [], error: { file, message: read.message }, unreadable: true };
  if (read.kind === 'too-large') {
    return { index, file, findings: [], skipped: { file, reason: 'too-large', message: tooLargeMessage(read.size, limits.maxFileSize!) } };
  }
  started = now;
  const candidate = context.core.mightNeedAnalysis(read.text, context.analysisOptions);
  const references = gather.crossFile ? scanModuleReferences(read.text) : noReferences;
  // Only a candidate can hold a needle (the prefilter looks for the needles, among others).
  const needle = candidate && (gather.crossFile || gather.summaries) && context.analysisOptions.catalog.needlePattern.test(read.text);
  if (gather.summaries) result.summaries += encodeSummary(index, needle, read.text);
  timings.prefilter += performance.now() - started;
  const imports = references.imports.length === 0 ? undefined : { needle: false, ...references };
  if (!candidate) return imports === undefined ? undefined : references;
  let exports: ModuleExports | undefined;
  const moduleNeedle = gather.crossFile && needle;
  const outcome = checkText(read.text, file, index, context, limits, timings, moduleNeedle ? (fileIndex, lines) => (exports = retiredExports(readModuleExports(file, fileIndex, lines), context.analysisOptions.catalog.needlePattern)) : undefined);
  // A needle file that was not parsed (minified, a syntax error) offers no value to other files.
  const module = moduleNeedle && outcome.candidate === true && outcome.error === undefined ? { needle, ...references, ...(exports === undefined ? {} : { exports }) } : imports;
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
  // Only candidates are measured: a minified file without a needle cannot hold a finding anyway.
  if (!limits.checkMinified && looksMinified(text)) return { index, file, findings: [], skipped: { file, reason: 'minified', message: minifiedMessage } };
  if (nestsTooDeeply(text)) return { index, file, findings: [], error: { file, message: tooDeeplyNestedMessage } };
  let result;
  try {
    result = checkCandidate(text, file, context, timings, onIndexed);
  } catch (error) {
    if (!isStackOverflow(error)) throw error;
    return { index, file, findings: [], error: { file, message: tooDeeplyNestedMessage } };
  }
  const excerpt = result.findings.length === 0 ? {} : { excerpt: excerptOf(text, result.findings.map((finding) => finding.line)) };
  return { index, file, findings: result.findings, ...(result.error === undefined ? {} : { error: result.error }), candidate: true, ...excerpt };
}

function collect(
  unreadable: readonly FileProblem[],
  walkSkipped: readonly SkippedFile[],
  files: readonly string[],
  results: readonly ThreadResult[],
  timings: PhaseTimings,
  summaries: boolean,
): CheckFilesResult {
  // A file checked again through the module graph (a later result) replaces its first outcome.
  const byIndex = new Map<number, FileOutcome>();
  for (const result of results) for (const outcome of result.files) byIndex.set(outcome.index, outcome);
  const outcomes = [...byIndex.values()].sort((a, b) => a.index - b.index);
  for (const result of results) addTimings(timings, { ...result.timings, walk: 0 });
  const findings: LocatedFinding[] = [];
  const errors: FileProblem[] = [...unreadable];
  const skipped: SkippedFile[] = [...walkSkipped];
  const candidateFiles: string[] = [];
  const excerpts = new Map<string, SourceExcerpt>();
  let unreadableFiles = 0;
  for (const outcome of outcomes) {
    findings.push(...outcome.findings);
    if (outcome.error !== undefined) errors.push(outcome.error);
    if (outcome.unreadable === true) unreadableFiles += 1;
    if (outcome.skipped !== undefined) skipped.push(outcome.skipped);
    if (outcome.candidate === true) candidateFiles.push(outcome.file);
    if (outcome.excerpt !== undefined) excerpts.set(outcome.file, outcome.excerpt);
  }
  findings.sort((a, b) => compareText(a.file, b.file) || compareFindingsInFile(a, b));
  errors.sort((a, b) => compareText(a.file, b.file));
  skipped.sort((a, b) => compareText(a.file, b.file));
  const notScanned = countNotScanned(skipped, unreadable.length + unreadableFiles);
  return {
    findings, errors, skipped, notScanned, files: files.length, candidates: candidateFiles.length, candidateFiles, excerpts, timings,
    ...(summaries ? { modules: decodeSummaries(results, files) } : {}),
  };
}

/** What the main thread hands a worker once the walk is done: the files, the options without the catalog, the shared counter. */
export interface CheckWorkerTask {
  readonly kind: 'check';
  readonly files: readonly string[];
  readonly options: Omit<SunsetOptions, 'catalog'>;
  readonly limits: ReadLimits;
  /** What to gather of each file besides findings: the module graph's facts (`CheckRun.crossFile`), module summaries. */
  readonly gather: Gather;
  /** One Int32 slot: the index of the next file nobody has claimed yet. */
  readonly next: SharedArrayBuffer;
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

/** A worker's messages, for each task: a batch of finished files, then `end`. */
export type CheckWorkerMessage = { readonly kind: 'batch'; readonly batch: ThreadResult } | { readonly kind: 'end' };

/** The catalog holds functions, which cannot cross to a worker; the worker builds it again from `customEntries`. */
function workerOptionsOf(options: SunsetOptions): Omit<SunsetOptions, 'catalog'> {
  return Object.fromEntries(Object.entries(options).filter(([key]) => key !== 'catalog')) as Omit<SunsetOptions, 'catalog'>;
}

/**
 * A check worker: the first pass, then (when the module graph found importers) the recheck, then
 * `close`. Each task's result is every batch it reported; a worker that fails reports what it
 * finished, never an error, and a closed or dead worker reports nothing more.
 */
class CheckWorker {
  readonly #worker = new Worker(workerUrl, { resourceLimits: workerLimits });
  #alive = true;

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
    const result = emptyResult();
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
