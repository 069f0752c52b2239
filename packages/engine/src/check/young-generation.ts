import { setFlagsFromString } from 'node:v8';
import type { ResourceLimits, Worker } from 'node:worker_threads';

/** V8's default for `--semi-space-growth-factor` (flag-definitions.h; the same in Node 20, 22 and 24). */
const defaultGrowthFactor = 2;

/** The major version of this runtime's V8: 11 on Node 20, 12 on Node 22, 13 on Node 24. */
export const v8Major = Number(process.versions.v8.split('.')[0]);

/**
 * V8 13 (Node 24) lets a young generation grow to 134 MB, V8 11 and 12 (Node 20, 22) to 34 MB: only
 * there does holding it pay. (On Node 20 and 22 a held walk promoted more to the old generation: peak
 * RSS at 50k 330 and 253 MB held, 286 and 244 MB not.)
 */
const youngGenerationGrowsLarge = v8Major >= 13;

/**
 * Keeps the young generation at its size until `release` is called: for the walk, where every folder's
 * entries survive (the folder cache keeps them) and V8 takes that survival for a trend. On a 50k repo
 * Node 24 grew the main thread's young generation to 134 MB during the walk, pages it kept for the
 * whole run: held, `sunset check` peaked at 231 MB instead of 303-312 MB, for the same CPU. The flag is
 * process-wide and read when a scavenge decides to grow; `release` (idempotent) restores V8's default.
 * The workers start at their young generation's cap instead (`startWithFullYoungGeneration`), so
 * `sunset check` and `sunset fix` hold it for their whole run: this thread then reads every file and
 * builds the report, and released before the report, Node 24 peaked at 285-292 MB at 50k instead of
 * 264-278 MB (100k: 416 instead of 360 MB).
 */
export function holdYoungGeneration(): () => void {
  if (!youngGenerationGrowsLarge) return () => undefined;
  return holdFlag('--semi-space-growth-factor=1', `--semi-space-growth-factor=${defaultGrowthFactor}`);
}

/** How far the main thread's old generation may grow past what the last full collection kept (`holdHeapGrowth`) in a run of `check` or `fix`. */
export const mainThreadGrowingPercent = 20;

/**
 * What a default-mode `sunset check` or `sunset fix` holds for its whole run, released by the returned
 * function (idempotent): the main thread's young generation at its size (`holdYoungGeneration`), its old
 * generation's growth at `mainThreadGrowingPercent` (`holdHeapGrowth`), TurboFan's inlining off
 * (`holdNoInlining`) and allocation-site pretenuring off (`holdNoPretenuring`); each hold says why.
 */
export function holdDefaultModeRun(): () => void {
  const releases = [holdYoungGeneration(), holdHeapGrowth(mainThreadGrowingPercent), holdNoInlining(), holdNoPretenuring()];
  return () => {
    for (const release of releases) release();
  };
}

/**
 * Starts a worker thread (`start`) with the largest young generation its `resourceLimits` allow, on V8
 * 13 (Node 24). There `holdYoungGeneration` keeps the process-wide growth factor at 1 for a whole run of
 * `check` or `fix`: a worker's young generation stayed at its start size (a 1 MB semi-space), and in a
 * 10k check the worker ran 821 scavenges (85 started at its cap), for 0.5 s more CPU and 0.4 s more wall
 * time (2.40-2.64 s against 1.98-2.07 s, the same peak RSS). `--min-semi-space-size` is read when an
 * isolate's heap is set up: the main thread's is already, each worker's is before it runs any code, and
 * V8 clamps the value to the largest semi-space of the worker's limits (the same scavenges at 8, 16 and
 * 24). It is V8's default again once every worker started so is online (or failed to start), so the
 * workers of a program that embeds the engine are not changed. On Node 20 and 22, which do not hold the
 * young generation, it changed nothing measurable and is not set.
 */
export function startWithFullYoungGeneration(limits: ResourceLimits, start: () => Worker): Worker {
  if (!youngGenerationGrowsLarge || limits.maxYoungGenerationSizeMb === undefined) return start();
  if (workersStarting === 0) setFlagsFromString(`--min-semi-space-size=${limits.maxYoungGenerationSizeMb}`);
  workersStarting += 1;
  const worker = start();
  let started = false;
  const online = (): void => {
    if (started) return;
    started = true;
    workersStarting -= 1;
    if (workersStarting === 0) setFlagsFromString('--min-semi-space-size=0');
  };
  worker.once('online', online).once('error', online).once('exit', online);
  return worker;
}

/** Workers started by `startWithFullYoungGeneration` and not online yet. */
let workersStarting = 0;

/**
 * Lets V8's old generation grow only `percent` % past what survived the last full collection (instead
 * of its dynamic factor, up to 4x) until the returned `release` (idempotent) restores V8's own growth.
 * The flag is process-wide and read each time V8 sets the next limit. For a thread whose heap is not
 * capped: `sunset check`'s main thread, which reads every file of a run checked in workers (Node 24 at
 * 50k peaked at 310-360 MB, 249 MB held at 20 % for the whole run, for the same CPU; `--project` for
 * its first pass only), and `--project`'s analysis of the built program. Holds nest: a hold released
 * restores the growth that was held when it was taken.
 */
export function holdHeapGrowth(percent: number): () => void {
  const previous = heapGrowingPercent;
  heapGrowingPercent = percent;
  return holdFlag(`--heap-growing-percent=${percent}`, `--heap-growing-percent=${previous}`, () => (heapGrowingPercent = previous));
}

/**
 * Turns TurboFan's inlining off until the returned `release` (idempotent) turns it back on, on V8 11
 * and 12 (Node 20, 22). A run of `sunset check` is over before most inlined code pays for its compile:
 * at 10k on Node 22 the worker's own thread spent the same CPU either way (about 1.0 s) while the
 * compiler threads beside it spent 0.5 s instead of 1.0 s, 15 % less CPU in all (bench/README.md,
 * "TurboFan's inlining"). V8 13 (Node 24) compiles warm code with Maglev first: there it saved no
 * measurable CPU and the main thread's peak at 50k grew (allocations inlining had removed), so it is
 * left on. Process-wide, read by each optimizing compile it starts: for the default mode's run and
 * `--project`'s first pass, not for the TypeScript program it then builds, which runs long enough to
 * repay it.
 */
export function holdNoInlining(): () => void {
  if (maglevCompilesWarmCode) return () => undefined;
  return holdFlag('--no-turbo-inlining', '--turbo-inlining');
}

/**
 * Turns V8's allocation-site pretenuring off until the returned `release` (idempotent) turns it back
 * on. V8 allocates straight in the old generation what an allocation site's earlier objects mostly
 * survived to. On Node 24 a check's worker now and then went that way for the rest of its run: each
 * scavenge left 3 MB more in the old generation, a full collection every 100 ms (19-22 at 10k instead
 * of 2-5), 2.4-2.6 s instead of 2.0 s in 1 run of 10 at 10k, 11.8 s instead of 7.4 s in 1 of 4 at
 * 50k. Off, 10 runs of 10 at 10k took 1.87-2.03 s with 5-6 full collections; Node 20 and 22 measured
 * the same either way. A check's trees live for one file: what outlives a scavenge is the exception.
 * Process-wide, read by the collector and the compilers: for the default mode's `sunset check` and
 * `sunset fix` and `--project`'s first pass, not for the TypeScript program it then builds, which keeps
 * most of what it allocates.
 */
export function holdNoPretenuring(): () => void {
  return holdFlag('--no-allocation-site-pretenuring', '--allocation-site-pretenuring');
}

/** V8 13 (Node 24) runs Maglev by default; V8 12.4 (Node 22) has it off, V8 11 (Node 20) has none. */
const maglevCompilesWarmCode = v8Major >= 13;

/** The growth `holdHeapGrowth` set last and has not released; 0 is V8's own. */
let heapGrowingPercent = 0;

/** Sets a V8 flag; the returned `release` (idempotent) sets `restored` and calls `onRelease`. */
function holdFlag(held: string, restored: string, onRelease?: () => void): () => void {
  setFlagsFromString(held);
  let holding = true;
  return () => {
    if (!holding) return;
    holding = false;
    onRelease?.();
    setFlagsFromString(restored);
  };
}
