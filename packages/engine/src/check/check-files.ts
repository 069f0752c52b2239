import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AnalysisCore, SunsetOptions } from '../analysis-contract.js';
import { compareText, type FileProblem } from '../errors.js';
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
import { checkCandidate, checkContextOf, compareFindingsInFile, type CheckContext, type LocatedFinding } from './check-source.js';
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
  readonly timings: PhaseTimings;
}

/** What one thread found in the files it claimed, by file index. */
export interface ThreadResult {
  readonly files: readonly FileOutcome[];
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
}

/** Files a thread claims at once from the shared counter: small enough to balance, large enough to be cheap. */
const claimSize = 8;
/** Measured on 2 cores: 3,000 files took 0.74 s in one thread and 0.55 s in two; 10,000 files 2.25 s and 1.67 s (4 threads: 1.99 s). */
const minFilesPerThread = 1500;

/** One thread for small runs; otherwise one per core, at most 4 (parsing is memory-bound beyond that). */
export function defaultThreadCount(files: number, cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores, 4, Math.floor(files / minFilesPerThread)));
}

const workerUrl = new URL('./check-worker.js', import.meta.url);

/**
 * `sunset check`'s engine: walk the paths, then read, prefilter, parse, index and check each file
 * (in several threads on large runs), honouring eslint-disable comments.
 */
export async function checkFiles(paths: readonly string[], run: CheckRun): Promise<CheckFilesResult> {
  const timings = emptyTimings();
  const walkStarted = performance.now();
  const listing = await findSourceFiles(paths, { cwd: run.cwd, ignores: run.options.ignores, ignoresBase: run.baseDir });
  timings.walk = performance.now() - walkStarted;
  const files = listing.files.map((file) => file.path);
  const limits: ReadLimits = {
    maxFileSize: run.maxFileSize ?? run.options.maxFileSize,
    checkMinified: run.options.checkMinified,
    explicit: listing.files.flatMap((file, index) => (file.explicit ? [index] : [])),
  };

  // From the TypeScript sources (tests) there is no compiled worker to start: check in this thread.
  const workersAvailable = run.core === undefined && existsSync(fileURLToPath(workerUrl));
  const threads = workersAvailable ? Math.min(run.threads ?? defaultThreadCount(files.length), Math.ceil(files.length / claimSize)) : 1;
  const next = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const workerData: CheckWorkerData = { files, options: workerOptionsOf(run.options), limits, next };
  const workers = Array.from({ length: Math.max(threads - 1, 0) }, () => startWorker(workerData));
  workers.forEach((worker) => worker.catch(() => undefined));

  const context = checkContextOf(run.options, run.core);
  const results = [checkClaimedFiles(files, next, context, limits), ...(await Promise.all(workers))];
  return collect(listing.unreadable, listing.skipped, files.length, results, timings);
}

/** What decides whether a file is read: the size limit, minified detection, and the files named on the command line (exempt from both). */
export interface ReadLimits {
  /** Bytes; undefined: no limit. */
  readonly maxFileSize: number | undefined;
  readonly checkMinified: boolean;
  /** Indexes (into the run's files) of the files named on the command line. */
  readonly explicit: readonly number[];
}

/** Claims files from the shared counter until none is left; runs in the main thread and in every worker. */
export function checkClaimedFiles(files: readonly string[], next: SharedArrayBuffer, context: CheckContext, limits: ReadLimits): ThreadResult {
  const timings = emptyTimings();
  const explicit = new Set(limits.explicit);
  const outcomes: FileOutcome[] = [];
  const counter = new Int32Array(next);
  for (let first = Atomics.add(counter, 0, claimSize); first < files.length; first = Atomics.add(counter, 0, claimSize)) {
    for (let index = first; index < Math.min(first + claimSize, files.length); index++) {
      const outcome = checkOneFile(files[index]!, index, context, explicit.has(index) ? exempt : limits, timings);
      if (outcome !== undefined) outcomes.push(outcome);
    }
  }
  return { files: outcomes, timings };
}

const exempt: ReadLimits = { maxFileSize: undefined, checkMinified: true, explicit: [] };

function checkOneFile(file: string, index: number, context: CheckContext, limits: ReadLimits, timings: PhaseTimings): FileOutcome | undefined {
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
  timings.prefilter += performance.now() - started;
  if (!candidate) return undefined;
  // Only candidates are measured: a minified file without a needle cannot hold a finding anyway.
  if (!limits.checkMinified && looksMinified(read.text)) return { index, file, findings: [], skipped: { file, reason: 'minified', message: minifiedMessage } };
  if (nestsTooDeeply(read.text)) return { index, file, findings: [], error: { file, message: tooDeeplyNestedMessage } };
  let result;
  try {
    result = checkCandidate(read.text, file, context, timings);
  } catch (error) {
    if (!isStackOverflow(error)) throw error;
    return { index, file, findings: [], error: { file, message: tooDeeplyNestedMessage } };
  }
  return { index, file, findings: result.findings, ...(result.error === undefined ? {} : { error: result.error }), source: read.text };
}

function collect(
  unreadable: readonly FileProblem[],
  walkSkipped: readonly SkippedFile[],
  files: number,
  results: readonly ThreadResult[],
  timings: PhaseTimings,
): CheckFilesResult {
  const outcomes = results.flatMap((result) => result.files).sort((a, b) => a.index - b.index);
  for (const result of results) addTimings(timings, { ...result.timings, walk: 0 });
  const findings: LocatedFinding[] = [];
  const errors: FileProblem[] = [...unreadable];
  const skipped: SkippedFile[] = [...walkSkipped];
  const sources = new Map<string, string>();
  let unreadableFiles = 0;
  for (const outcome of outcomes) {
    findings.push(...outcome.findings);
    if (outcome.error !== undefined) errors.push(outcome.error);
    if (outcome.unreadable === true) unreadableFiles += 1;
    if (outcome.skipped !== undefined) skipped.push(outcome.skipped);
    if (outcome.source !== undefined) sources.set(outcome.file, outcome.source);
  }
  findings.sort((a, b) => compareText(a.file, b.file) || compareFindingsInFile(a, b));
  errors.sort((a, b) => compareText(a.file, b.file));
  skipped.sort((a, b) => compareText(a.file, b.file));
  const notScanned = countNotScanned(skipped, unreadable.length + unreadableFiles);
  return { findings, errors, skipped, notScanned, files, candidates: sources.size, sources, timings };
}

/** What the main thread hands each worker: the walked files, the options without the catalog, the shared counter. */
export interface CheckWorkerData {
  readonly files: readonly string[];
  readonly options: Omit<SunsetOptions, 'catalog'>;
  readonly limits: ReadLimits;
  /** One Int32 slot: the index of the next file nobody has claimed yet. */
  readonly next: SharedArrayBuffer;
}

/** The catalog holds functions, which cannot cross to a worker; the worker builds it again from `customEntries`. */
function workerOptionsOf(options: SunsetOptions): Omit<SunsetOptions, 'catalog'> {
  return Object.fromEntries(Object.entries(options).filter(([key]) => key !== 'catalog')) as Omit<SunsetOptions, 'catalog'>;
}

function startWorker(data: CheckWorkerData): Promise<ThreadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, { workerData: data });
    let result: ThreadResult | undefined;
    worker.once('message', (message: ThreadResult) => (result = message));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (result !== undefined) resolve(result);
      else reject(new Error(`A check worker stopped (exit code ${code}) before it reported its results.`));
    });
  });
}
