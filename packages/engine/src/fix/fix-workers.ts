import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SunsetOptions } from '../analysis-contract.js';
import {
  minFilesPerThread,
  workerLimits,
  workerMaxFileBytes,
  workerOptionsOf,
  workerUrl,
  type CheckWorkerMessage,
  type FixWorkerCandidates,
  type FixWorkerStream,
} from '../check/check-workers.js';
import type { FixResult } from './fix-source.js';

// `sunset fix` from 1,500 files, as `sunset check` runs (`checkInPipeline`): this thread walks, reads
// and prefilters every file, and one worker fixes the candidates (parse, index, check, plan, and parse
// the planned output again). On the bench's 10k files reading and prefiltering is about half of a
// one-thread fix, so the two halves overlap on two cores.

/** Candidates handed to the worker in one message (and fixed back in one). */
const candidatesPerMessage = 8;
/** Candidates the worker holds at most, handed and not fixed yet: this thread waits for a batch beyond it. */
const mostInFlight = 32;

/** A candidate to fix: its text, the path its sites name, and what the caller needs back with its result. */
export interface FixCandidate<T> {
  readonly file: string;
  readonly text: string;
  readonly sitePath: string;
  readonly owner: T;
}

/** A fix stream over one worker: `add` each candidate, then `finish`; `onFixed` hears every result once. */
export class FixLane<T> {
  readonly #worker: Worker;
  readonly #onFixed: (candidate: FixCandidate<T>, result: FixResult) => void;
  readonly #fixHere: (candidate: FixCandidate<T>) => FixResult;
  /** Candidates not handed to the worker yet. */
  readonly #waiting: FixCandidate<T>[] = [];
  /** Messages handed and not answered, oldest first: the worker answers them in order. */
  readonly #sent: FixCandidate<T>[][] = [];
  #alive = true;
  #wake: (() => void) | undefined;

  /**
   * A lane when the run is large enough and a built worker exists (the TypeScript sources have none);
   * undefined otherwise, or with `oneThread` (one thread asked for, or a test's replaced core, which
   * cannot cross to a worker): the caller fixes in this thread.
   */
  static startFor<T>(
    files: number,
    options: SunsetOptions,
    oneThread: boolean,
    onFixed: (candidate: FixCandidate<T>, result: FixResult) => void,
    fixHere: (candidate: FixCandidate<T>) => FixResult,
  ): FixLane<T> | undefined {
    if (files < minFilesPerThread || oneThread || !existsSync(fileURLToPath(workerUrl))) return undefined;
    return new FixLane(options, onFixed, fixHere);
  }

  private constructor(options: SunsetOptions, onFixed: (candidate: FixCandidate<T>, result: FixResult) => void, fixHere: (candidate: FixCandidate<T>) => FixResult) {
    this.#onFixed = onFixed;
    this.#fixHere = fixHere;
    this.#worker = new Worker(workerUrl, { resourceLimits: workerLimits });
    this.#worker.on('message', (message: CheckWorkerMessage) => {
      if (message.kind !== 'fixed-batch') return;
      const batch = this.#sent.shift() ?? [];
      batch.forEach((candidate, at) => this.#onFixed(candidate, message.results[at]!));
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
    this.#worker.postMessage({ kind: 'fix-stream', options: workerOptionsOf(options) } satisfies FixWorkerStream);
  }

  /** Whether a text goes to the worker: a file larger than its capped heap takes is fixed in this thread. */
  static fits(text: string): boolean {
    return text.length <= workerMaxFileBytes / 3 || Buffer.byteLength(text) <= workerMaxFileBytes;
  }

  /** Queues a candidate; hands out full messages, and waits for a batch while the worker holds `mostInFlight`. */
  async add(candidate: FixCandidate<T>): Promise<void> {
    this.#waiting.push(candidate);
    this.#handOut(false);
    while (this.#alive && this.#waiting.length >= candidatesPerMessage) {
      await this.#answered();
      this.#handOut(false);
    }
  }

  /** Hands out what waits and waits for every result; then the worker goes. */
  async finish(): Promise<void> {
    try {
      for (this.#handOut(true); this.#alive && (this.#sent.length > 0 || this.#waiting.length > 0); this.#handOut(true)) await this.#answered();
      for (const candidate of this.#waiting.splice(0)) this.#onFixed(candidate, this.#fixHere(candidate));
    } finally {
      this.close();
    }
  }

  /** Stops the worker at once (an interrupted run): results not in yet are dropped. */
  close(): void {
    this.#alive = false;
    this.#worker.removeAllListeners('message');
    this.#worker.terminate().catch(() => undefined);
  }

  #handOut(all: boolean): void {
    const held = (): number => this.#sent.reduce((sum, batch) => sum + batch.length, 0);
    while (this.#alive && this.#waiting.length > 0 && (all || this.#waiting.length >= candidatesPerMessage)) {
      const count = Math.min(this.#waiting.length, candidatesPerMessage);
      if (this.#sent.length > 0 && held() + count > mostInFlight) return;
      const batch = this.#waiting.splice(0, count);
      this.#sent.push(batch);
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
