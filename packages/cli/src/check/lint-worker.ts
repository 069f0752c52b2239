import { parentPort, workerData } from 'node:worker_threads';
import { createLintEngine, type FileLintResult, type LintSettings } from './lint-engine.js';
import type { LintTarget } from './types.js';

// A lint worker of `sunset check` (see lint-files.ts): it claims candidates from the shared counter
// until none is left, like the main thread does, and posts what it linted, by candidate index.

/** What `lint-files.ts` hands each worker. */
export interface LintWorkerData {
  readonly settings: LintSettings;
  readonly targets: readonly LintTarget[];
  /** One Int32 slot: the index of the next candidate nobody has claimed yet. */
  readonly next: SharedArrayBuffer;
}

/** What a worker posts back: the candidates it linted (by index) and their results. */
export interface LintWorkerResult {
  readonly indexes: readonly number[];
  readonly results: readonly FileLintResult[];
}

const data = workerData as LintWorkerData;
const lint = createLintEngine(data.settings);
const next = new Int32Array(data.next);
const indexes: number[] = [];
const results: FileLintResult[] = [];
for (let index = Atomics.add(next, 0, 1); index < data.targets.length; index = Atomics.add(next, 0, 1)) {
  indexes.push(index);
  results.push(lint(data.targets[index]!));
}
parentPort?.postMessage({ indexes, results } satisfies LintWorkerResult);
