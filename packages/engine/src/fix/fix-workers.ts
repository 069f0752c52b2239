import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { SunsetOptions } from '../analysis-contract.js';
import {
  minFilesPerThread,
  startWorker,
  workerLimits,
  workerOptionsOf,
  workerUrl,
  type CheckWorkerMessage,
  type FixWorkerCandidates,
  type FixWorkerStream,
} from '../check/check-workers.js';
import { turn } from '../check/steps.js';
import type { FixResult } from './fix-source.js';

// `sunset fix` from 1,500 files, as `sunset check` runs (`checkInPipeline`): this thread walks, reads
// and prefilters every file, and one worker fixes the candidates (parse, index, check, plan, and parse
// the planned output again). On the bench's 10k files reading and prefiltering is about half of a
// one-thread fix, so the two halves overlap on two cores.

/** Candidates handed to the worker in one message (and fixed back in one). */
const candidatesPerMessage = 8;
/** Candidates the worker holds at most, handed and not fixed yet (about 0.1 s of its work): the rest wait here. */
const mostInFlight = 32;

/** A candidate to fix: its text, the path its sites name, and what the caller needs back with its result. */
export interface FixCandidate<T> {
  readonly file: string;
  readonly text: string;
  readonly sitePath: string;
  readonly owner: T;
}

/**
 * The worker of a fix, started while the walk runs (its start-up, 0.2-0.4 s, overlaps the walk) once
 * it has found 1,500 files; `worker` gives it (for a `FixLane`), or undefined when none started.
 */
export function startFixWorkerWhileWalking(options: SunsetOptions, oneThread: boolean): { readonly onFound: (found: number) => void; readonly worker: () => Worker | undefined } {
  let worker: Worker | undefined;
  const available = !oneThread && existsSync(fileURLToPath(workerUrl));
  return {
    onFound: (found) => {
      if (worker !== undefined || !available || found < minFilesPerThread) return;
      worker = startWorker(workerLimits);
      worker.postMessage({ kind: 'fix-stream', options: workerOptionsOf(options) } satisfies FixWorkerStream);
    },
    worker: () => worker,
  };
}

/**
 * A fix stream over one worker: `add` each candidate as it is read, then `finish`; `onFixed` hears
 * every result once. Reading never waits for the worker: a candidate it cannot take yet waits here (a
 * fix keeps every candidate's text for its plan anyway), and once every file is read this thread fixes
 * candidates from the end of that queue while the worker works through the start.
 */
export class FixLane<T> {
  readonly #worker: Worker;
  readonly #onFixed: (candidate: FixCandidate<T>, result: FixResult) => void;
  readonly #fixHere: (candidate: FixCandidate<T>) => FixResult;
  /** Candidates not handed to the worker yet. */
  readonly #waiting: FixCandidate<T>[] = [];
  /** Messages handed and not answered, oldest first: the worker answers them in order. */
  readonly #sent: FixCandidate<T>[][] = [];
  #held = 0;
  #alive = true;
  #wake: (() => void) | undefined;

  constructor(worker: Worker, onFixed: (candidate: FixCandidate<T>, result: FixResult) => void, fixHere: (candidate: FixCandidate<T>) => FixResult) {
    this.#worker = worker;
    this.#onFixed = onFixed;
    this.#fixHere = fixHere;
    this.#worker.on('message', (message: CheckWorkerMessage) => {
      if (message.kind !== 'fixed-batch') return;
      const batch = this.#sent.shift() ?? [];
      this.#held -= batch.length;
      batch.forEach((candidate, at) => this.#onFixed(candidate, message.results[at]!));
      this.#handOut(false);
      this.#wakeUp();
    });
    // A worker that dies loses nothing: what it held is fixed in this thread.
    const died = (): void => {
      if (!this.#alive) return;
      this.#alive = false;
      for (const candidate of this.#sent.splice(0).flat()) this.#onFixed(candidate, this.#fixHere(candidate));
      this.#wakeUp();
    };
    this.#worker.once('error', died).once('exit', died);
  }

  /** Queues a candidate and hands out full messages while the worker has room. */
  add(candidate: FixCandidate<T>): void {
    this.#waiting.push(candidate);
    this.#handOut(false);
  }

  /** Every result: the worker takes from the start of the queue, this thread fixes from its end; then the worker goes. */
  async finish(): Promise<void> {
    try {
      this.#handOut(true);
      while (this.#alive && (this.#sent.length > 0 || this.#waiting.length > 0)) {
        const last = this.#waiting.pop();
        if (last === undefined) {
          await this.#answered();
          continue;
        }
        this.#onFixed(last, this.#fixHere(last));
        // The worker's batches arrive between two turns of the loop.
        await turn();
      }
      for (const candidate of this.#waiting.splice(0)) this.#onFixed(candidate, this.#fixHere(candidate));
    } finally {
      await this.close();
    }
  }

  /**
   * Stops the worker at once (an interrupted run: results not in yet are dropped) and waits until it has
   * exited: a run that returns leaves no thread behind to keep the process alive after `fix` removed its
   * Ctrl-C handler.
   */
  async close(): Promise<void> {
    this.#alive = false;
    this.#worker.removeAllListeners('message');
    await this.#worker.terminate().catch(() => undefined);
  }

  #handOut(all: boolean): void {
    while (this.#alive && this.#waiting.length > 0 && (all || this.#waiting.length >= candidatesPerMessage)) {
      const count = Math.min(this.#waiting.length, candidatesPerMessage);
      if (this.#held > 0 && this.#held + count > mostInFlight) return;
      const batch = this.#waiting.splice(0, count);
      this.#sent.push(batch);
      this.#held += count;
      this.#worker.postMessage({
        kind: 'fix-candidates',
        candidates: batch.map(({ file, text, sitePath }) => ({ file, text, sitePath })),
      } satisfies FixWorkerCandidates);
    }
  }

  #answered(): Promise<void> {
    return new Promise((resolve) => (this.#wake = resolve));
  }

  #wakeUp(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}
