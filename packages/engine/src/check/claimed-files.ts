import type { ModuleGraphData } from '../module-graph/build-module-graph.js';
import { displayPath } from '../files/paths.js';
import { readSource } from '../files/read-source.js';
import { moduleGraphCheck, otherFilesRead } from '../module-graph/module-graph-context.js';
import type { CheckContext } from './check-source.js';
import type { CheckWorkerRecheck } from './check-workers.js';
import { checkTextSteps, exempt, leftToMain, readAndCheckSteps, readBuffer, record, sizeOf, type ReadLimits } from './file-steps.js';
import { drain, drainYielding } from './steps.js';
import { emptyResult, mergeInto, type FileOutcome, type Gather, type ThreadResult } from './thread-result.js';
import type { PhaseTimings } from './timings.js';

// What the main thread and every worker run on the files they claim from a shared counter. The worker's
// entry (check-worker.ts) imports this, not check-files.ts: a worker never walks, starts workers or builds
// the module graph, so it does not load that code (the walk, .gitignore matching, the worker pool).

/** Files a thread claims at once from the shared counter: small enough to balance, large enough to be cheap. */
export const claimSize = 8;

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
  const outcome = drain(checkTextSteps(read.text, file, index, check.context, limits.checkMinified, timings));
  if (outcome.candidate !== true) return undefined;
  const { readUnreported, givenToHelpers, readByOtherHosts } = otherFilesRead(check, outcome.findings);
  return {
    ...outcome,
    findings: check.annotate(outcome.findings),
    ...(readUnreported.length === 0 ? {} : { readUnreported }),
    ...(givenToHelpers.length === 0 ? {} : { givenToHelpers }),
    ...(readByOtherHosts.length === 0 ? {} : { readByOtherHosts }),
  };
}

/**
 * Claims files from the shared counter until none is left; runs in the main thread and in every worker.
 * A worker (`leaveLarger`) leaves files over `workerMaxFileBytes` unreported, for the main thread.
 */
export function checkClaimedFiles(
  files: readonly string[],
  next: SharedArrayBuffer,
  context: CheckContext,
  limits: ReadLimits,
  gather: Gather,
  leaveLarger = false,
  onBatch?: (batch: ThreadResult) => void,
): ThreadResult {
  const all = emptyResult();
  const counter = new Int32Array(next);
  const scratch = readBuffer();
  for (let first = Atomics.add(counter, 0, claimSize); first < files.length; first = Atomics.add(counter, 0, claimSize)) {
    const indexes = Array.from({ length: Math.min(claimSize, files.length - first) }, (_unused, offset) => first + offset);
    const batch = checkIndexes(files, indexes, context, limits, gather, leaveLarger, scratch);
    if (onBatch) onBatch(batch);
    else mergeInto(all, batch);
  }
  return all;
}

/**
 * A very large file's check in a worker of its own (`checkLargeFiles`): as `checkIndexes` checks one
 * file, with the event loop turning between the file's pieces so their native memory is freed.
 */
export async function checkLargeFileHere(files: readonly string[], context: CheckContext, limits: ReadLimits, gather: Gather): Promise<ThreadResult> {
  const result = emptyResult();
  const outcome = await drainYielding(readAndCheckSteps(files[0]!, 0, context, limits.explicit.includes(0) ? exempt : limits, gather, result));
  (result.done as number[]).push(0);
  if (outcome !== leftToMain) record(result, 0, outcome);
  return result;
}

/** Checks the files at `indexes`; with `leaveLarger`, files larger than `scratch` are skipped without being reported done, and so are the deferred ones. */
export function checkIndexes(
  files: readonly string[],
  indexes: readonly number[],
  context: CheckContext,
  limits: ReadLimits,
  gather: Gather,
  leaveLarger = false,
  scratch: Buffer = readBuffer(),
): ThreadResult {
  const explicit = new Set(limits.explicit);
  const deferred = new Set(limits.deferred);
  const result = emptyResult();
  for (const index of indexes) {
    if (deferred.has(index)) continue;
    const outcome = drain(readAndCheckSteps(files[index]!, index, context, explicit.has(index) ? exempt : limits, gather, result, scratch, leaveLarger));
    if (outcome === leftToMain) continue;
    (result.done as number[]).push(index);
    record(result, index, outcome);
  }
  return result;
}
