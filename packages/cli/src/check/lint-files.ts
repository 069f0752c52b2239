import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ResolvedConfig } from '../config/types.js';
import type { FileLintResult, LintSettings } from './lint-engine.js';
import type { LintWorkerData, LintWorkerResult } from './lint-worker.js';
import type { FileError, Finding, LintFiles, LintTarget } from './types.js';

// `sunset check` lints the candidates with ESLint's own `Linter` and the plugin's rules (see
// lint-engine.ts). ESLint, the TypeScript parser and the plugin are loaded only when there is a
// candidate. With `SUNSET_CHECK_THREADS=N`, N - 1 worker threads lint beside the main thread: every
// thread claims the next unlinted candidate from a shared counter, so a thread that got large files
// does not hold the others up, and the results are put back in candidate order.
//
// One thread is the default. Parsing is memory-bound: on the 2-CPU machine of bench/README.md two
// threads were only about 10 % faster than one, while each thread's own ESLint and TypeScript heap
// raised the peak memory by half. Machines with more cores and memory bandwidth may gain more.

/** Below this many candidates per thread, a worker's start-up (loading ESLint and TypeScript) costs more than it saves. */
const minCandidatesPerThread = 40;

const workerUrl = new URL('./lint-worker.js', import.meta.url);

/** How many threads lint `candidates` files: one unless more are `requested`, and never so many that a thread gets too few files. */
export function lintThreadCount(candidates: number, requested = 1): number {
  return Math.max(1, Math.min(requested, Math.ceil(candidates / minCandidatesPerThread)));
}

function settingsOf(config: ResolvedConfig): LintSettings {
  return {
    asOf: config.asOf,
    apiHosts: config.apiHosts,
    identityHosts: config.identityHosts,
    reportScheduled: config.reportScheduled,
    scheduledWithinDays: config.scheduledWithinDays,
    customEntries: config.customEntries,
  };
}

function startWorker(data: LintWorkerData): Promise<LintWorkerResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, { workerData: data });
    let result: LintWorkerResult | undefined;
    worker.once('message', (message: LintWorkerResult) => (result = message));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (result !== undefined) resolve(result);
      else reject(new Error(`A lint worker stopped (exit code ${code}) before it reported its results.`));
    });
  });
}

export const lintFiles: LintFiles = async (targets, config, options = {}) => {
  if (targets.length === 0) return { findings: [], errors: [] };
  const settings = settingsOf(config);
  // From the TypeScript sources (tests) there is no compiled worker to start: lint in this thread.
  const workersAvailable = existsSync(fileURLToPath(workerUrl));
  const threads = workersAvailable ? lintThreadCount(targets.length, options.threads) : 1;
  const next = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const workers = Array.from({ length: threads - 1 }, () => startWorker({ settings, targets, next }));
  // Keep a failed worker's rejection from going unhandled while this thread is busy linting.
  workers.forEach((worker) => worker.catch(() => undefined));

  const { createLintEngine } = await import('./lint-engine.js');
  const lint = createLintEngine(settings);
  const results: (FileLintResult | undefined)[] = new Array<FileLintResult | undefined>(targets.length);
  const claim = new Int32Array(next);
  for (let index = Atomics.add(claim, 0, 1); index < targets.length; index = Atomics.add(claim, 0, 1)) {
    results[index] = lint(targets[index]!);
  }
  for (const worker of await Promise.all(workers)) {
    worker.indexes.forEach((index, position) => (results[index] = worker.results[position]));
  }
  return collect(targets, results);
};

function collect(targets: readonly LintTarget[], results: readonly (FileLintResult | undefined)[]): { findings: Finding[]; errors: FileError[] } {
  const findings: Finding[] = [];
  const errors: FileError[] = [];
  targets.forEach((target, index) => {
    const result = results[index];
    if (result === undefined) throw new Error(`No thread linted ${target.displayPath}; this is a bug in sunset check.`);
    findings.push(...result.findings);
    errors.push(...result.errors);
  });
  findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.rule.localeCompare(b.rule));
  return { findings, errors };
}
