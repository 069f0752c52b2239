import { availableParallelism } from 'node:os';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { SunsetOptions } from '../analysis-contract.js';
import type { FixResult } from '../fix/fix-source.js';
import type { ModuleGraphData } from '../module-graph/build-module-graph.js';
import type { PackedCandidate, ReadLimits } from './file-steps.js';
import { emptyResult, mergeInto, type Gather, type ThreadResult } from './thread-result.js';
import { startWithFullYoungGeneration } from './young-generation.js';

// The worker threads of `checkFiles`: how many, their heaps, when they start, and the tasks and
// messages between them and the main thread (the worker's side is check-worker.ts).

/**
 * From this many files a run's candidates are checked by worker threads, this thread reads and
 * prefilters every file, hands them the candidates and collects (`checkInPipeline`); below it, this thread checks them (no worker to start). Measured on 2 cores: 3,000 files
 * took 0.74 s in one thread and 0.55 s in two; 10,000 files 2.25 s and 1.67 s (4 threads: 1.99 s).
 */
export const minFilesPerThread = 1500;

/**
 * A worker's heap is capped, so a run's memory does not depend on the runtime's defaults (Node 24's
 * young generation alone took a 10k check from 245 to 365 MB of peak RSS in one thread) nor grow with
 * the repository (garbage of parsed trees piled up in this thread's old space until V8's first full
 * collection: 656 MB at 50k for 18 MB live). 10k bench files, one worker, peak RSS: 175-187 MB at
 * 48/24 MB and 64/16 MB, 238 MB with only the old generation capped at 40 MB (Node 24), for the same
 * CPU within the noise. A file too large for the cap is left to the main thread; a worker that dies
 * anyway loses no file: what it did not report is checked by the main thread. The young generation went
 * from 24 to 12 MB once Node 24's workers started at their cap (`startWithFullYoungGeneration`) and
 * pretenured nothing: at 10k the same wall time on Node 20, 22 and 24 (3-7 alternating runs each), Node
 * 24's peak RSS 170-176 MB instead of 172-201 MB.
 */
export const workerLimits = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 12 };
/** Files above this many bytes are left by workers to the main thread (their tree would not fit the capped heap). */
export const workerMaxFileBytes = 256 * 1024;

/** A text small enough for a worker's capped heap (`workerMaxFileBytes` of UTF-8): checked or fixed there, else in the main thread. */
export function fitsWorker(text: string): boolean {
  return text.length <= workerMaxFileBytes / 3 || Buffer.byteLength(text) <= workerMaxFileBytes;
}
/**
 * The worker of one very large file: the file's text, a piece's tree and JSON fit, and V8 collects
 * each piece's garbage soon (a 20 MB file: 446 MB peak RSS in the main thread, see bench/README.md).
 */
export const largeFileLimits = { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 16 };

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

export const workerUrl = new URL('./check-worker.js', import.meta.url);

/** A worker of check-worker.js with a capped heap, its young generation at its cap from the start (`startWithFullYoungGeneration`). */
export function startWorker(resourceLimits: ResourceLimits): Worker {
  return startWithFullYoungGeneration(resourceLimits, () => new Worker(workerUrl, { resourceLimits }));
}

/**
 * Workers started while the walk runs, so their start-up (loading the rule core: 0.1-0.3 s) overlaps
 * the walk: one more per 1,500 files found, up to what `defaultThreadCount` could give a run this
 * size; all `threads` at once when they are given.
 */
export function startWorkersWhileWalking(threads: number | undefined): { readonly started: CheckWorker[]; readonly onFound: (found: number) => void } {
  const started: CheckWorker[] = [];
  const most = threads ?? defaultThreadCount(Number.MAX_SAFE_INTEGER);
  const onFound = (found: number): void => {
    if (found < minFilesPerThread) return;
    const due = threads ?? Math.floor(found / minFilesPerThread);
    while (started.length < Math.min(most, due)) started.push(new CheckWorker());
  };
  return { started, onFound };
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
  /** The files are very large ones (a worker of their own): the worker takes them whatever their size. */
  readonly large?: true;
}

/**
 * A run checked in workers (`checkInPipeline`): the main thread reads and prefilters, the worker
 * checks the candidates each `CheckWorkerCandidates` brings, until `CheckWorkerStreamEnd`. The files
 * and limits are those a recheck needs.
 */
export interface CheckWorkerStream extends Omit<CheckWorkerTask, 'kind' | 'next' | 'large'> {
  readonly kind: 'stream';
}

/** Candidates for a streaming worker, their bytes transferred: their outcomes come back as one batch. */
export interface CheckWorkerCandidates {
  readonly kind: 'candidates';
  readonly candidates: readonly PackedCandidate[];
}

/** No more candidates: the worker says `end` once it has reported them all. */
export interface CheckWorkerStreamEnd {
  readonly kind: 'stream-end';
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

/** `sunset fix` from 1,500 files (`FixLane`): the options once, then candidates to fix, a few at a time. */
export interface FixWorkerStream {
  readonly kind: 'fix-stream';
  readonly options: Omit<SunsetOptions, 'catalog'>;
}

/** Candidates of a fix stream: each one's `FixResult` comes back, in one `fixed-batch`. */
export interface FixWorkerCandidates {
  readonly kind: 'fix-candidates';
  readonly candidates: readonly { readonly file: string; readonly text: string; readonly sitePath: string }[];
}

/** A worker's messages, for each task: a batch of finished files (the fix of a large file, the fixes of a stream's candidates), then `end`. */
export type CheckWorkerMessage =
  | { readonly kind: 'batch'; readonly batch: ThreadResult }
  | { readonly kind: 'fixed'; readonly result: FixResult }
  | { readonly kind: 'fixed-batch'; readonly results: readonly FixResult[] }
  | { readonly kind: 'end' };

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
export class CheckWorker {
  readonly #worker: Worker;
  #alive = true;

  constructor(resourceLimits: ResourceLimits = workerLimits) {
    this.#worker = startWorker(resourceLimits);
  }

  run(task: CheckWorkerTask): Promise<ThreadResult> {
    return this.#perform(task);
  }

  recheck(task: CheckWorkerRecheck): Promise<ThreadResult> {
    return this.#perform(task);
  }

  /**
   * Starts the pipeline's task: `onBatch` hears each batch the worker reports (undefined when it dies),
   * `send` hands it candidates, `endStream` says there are no more; the result is every batch.
   */
  stream(task: CheckWorkerStream, onBatch: (batch: ThreadResult | undefined) => void): Promise<ThreadResult> {
    return this.#perform(task, onBatch);
  }

  send(candidates: readonly PackedCandidate[]): void {
    if (this.#alive) {
      this.#worker.postMessage(
        { kind: 'candidates', candidates } satisfies CheckWorkerCandidates,
        candidates.map((candidate) => candidate.bytes.buffer as ArrayBuffer),
      );
    }
  }

  endStream(): void {
    if (this.#alive) this.#worker.postMessage({ kind: 'stream-end' } satisfies CheckWorkerStreamEnd);
  }

  close(): void {
    if (!this.#alive) return;
    this.#alive = false;
    this.#worker.terminate().catch(() => undefined);
  }

  #perform(task: CheckWorkerTask | CheckWorkerRecheck | CheckWorkerStream, onBatch?: (batch: ThreadResult | undefined) => void): Promise<ThreadResult> {
    const result = emptyResult();
    if (!this.#alive) return Promise.resolve(result);
    return new Promise((resolve) => {
      const onMessage = (message: CheckWorkerMessage): void => {
        if (message.kind === 'batch') {
          mergeInto(result, message.batch);
          onBatch?.(message.batch);
        } else finish();
      };
      const died = (): void => {
        this.#alive = false;
        finish();
        onBatch?.(undefined);
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
