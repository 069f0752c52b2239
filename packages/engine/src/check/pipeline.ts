import type { CheckContext } from './check-source.js';
import { fitsWorker, type CheckWorkerStream, type CheckWorkerTask } from './check-workers.js';
import { checkCandidates, exempt, leftToMain, packCandidate, readAndPrefilter, readBuffer, record, unpackCandidate, type PackedCandidate, type Prefiltered } from './file-steps.js';
import { turn } from './steps.js';
import { emptyResult, mergeInto, type ThreadResult } from './thread-result.js';
import { v8Major } from './young-generation.js';

// A run checked in workers: the main thread reads and prefilters every file (in the bench repo 88 %
// of the files end there) and hands the candidates to the workers, which parse, index and check them.

/** Candidates handed to a worker in one message (and reported back in one). */
const candidatesPerMessage = 8;
/**
 * Candidates a worker holds at most, handed and not reported yet: about 60 ms of its work, so it does
 * not wait for this thread between two turns of this thread's loop. They wait in the worker's message
 * queue, serialized outside either heap.
 */
const mostInFlight = 32;
/**
 * Bytes of candidates read and not handed out that this thread holds before it waits for a worker to
 * report. A worker is the slower on average (about 2 ms a candidate, 0.1 ms a file read and
 * prefiltered), but not everywhere: where candidates are sparse it waited for this thread, and where
 * they are dense this thread waited for it. With 8 candidates at most (before), at 50k on Node 22 the
 * worker waited 1.4 s of its 7 s between messages while this thread waited 2.9 s for its reports. With
 * 4 MB (about 500 candidates), 50k took 6.9 s instead of 8.3-8.6 s on Node 22 and 6.4-6.5 s instead of
 * 7.3-8.3 s on Node 24, peak RSS 258-263 and 270-271 MB (8 MB: 277 and 281 MB for 0.1-0.4 s less). They
 * wait as bytes (`PackedCandidate`), outside this thread's heap, and leave it with the message that
 * hands them out. Node 20 keeps about 8 candidates' worth: there any deeper queue (1 MB, or 128 texts)
 * raised the peak RSS by 30 MB at 10k and 50-70 MB at 50k, for 2-4 % of the time.
 */
export const mostWaitingBytes = v8Major >= 12 ? 4 * 1024 * 1024 : 64 * 1024;
/** How a run may use the pipeline (`CheckRun.spendMemoryForTime`): the defaults keep a run's peak RSS low. */
export interface PipelineOptions {
  /** Called once every file is read. */
  readonly onRead?: () => void;
  /** Bytes of candidates read ahead of the workers at most (default `mostWaitingBytes`). */
  readonly waitingBytes?: number;
  /**
   * Once every file is read, this thread checks candidates too, from the end of the queue while the
   * workers take from its front, instead of waiting for them. Its heap is not capped: at 10k it cost
   * 100 MB more peak RSS for 0.1-0.5 s (bench/README.md, "Two analysers"), so only a run whose peak is
   * elsewhere asks for it (`--project`).
   */
  readonly checkHereOnceRead?: boolean;
  /**
   * When the read-ahead budget is full, this thread checks the last candidate of the queue instead of
   * waiting for a worker's report (default `checksWhileWaiting`).
   */
  readonly checkWhileWaiting?: boolean;
}

/**
 * Whether this thread checks candidates while its read-ahead budget is full, by default: on Node 20
 * (V8 11), where the budget is small (`mostWaitingBytes`) and the worker, parsing through JSON, is the
 * slower by far. At 10k files (4 interleaved runs) 2.32-2.46 s instead of 2.91-3.10 s, peak RSS 180-190
 * MB instead of 167-170; at 50k 9.25-9.49 s instead of 12.5-13.8 s, 276-278 MB instead of 238-244.
 * On Node 22 and 24 the worker is three times as fast and this thread's cold JIT costs more than it
 * gives: 1.98-2.14 s against 1.86-2.07 s at 10k, 0.35-0.45 s more CPU (bench/README.md).
 */
export const checksWhileWaiting = v8Major < 12;

/** Files this thread reads between two turns of its event loop, where the workers' batches arrive and they are handed more. */
const filesPerTurn = 32;

/** What the pipeline needs of a worker (`CheckWorker`; tests give a stand-in). */
export interface StreamingWorker {
  /** `onBatch` hears each batch the worker reports, and undefined when it dies; the promise gives every batch once it ends. */
  stream(task: CheckWorkerStream, onBatch: (batch: ThreadResult | undefined) => void): Promise<ThreadResult>;
  /** Hands it candidates: their bytes go with the message (transferred), unusable here after. */
  send(candidates: readonly PackedCandidate[]): void;
  endStream(): void;
}

/** A worker of the pipeline and the candidates it holds. */
interface Lane {
  readonly worker: StreamingWorker;
  inFlight: number;
  alive: boolean;
  result?: Promise<ThreadResult>;
}

/**
 * Reads and prefilters `task.files` in this thread, in walk order, and hands the candidates to the
 * workers a few at a time, the least busy first. A candidate too large for a worker's heap
 * (`workerMaxFileBytes`) is checked here. Very large files (`limits.deferred`) are left out
 * (`checkLargeFiles`). A candidate handed to a worker that dies before reporting it is in no result's
 * `done`: the caller checks it; what no worker took because all died is checked here.
 */
export async function checkInPipeline(workers: readonly StreamingWorker[], task: CheckWorkerTask, context: CheckContext, options: PipelineOptions = {}): Promise<ThreadResult[]> {
  const waitingBytesAtMost = options.waitingBytes ?? mostWaitingBytes;
  const { files, limits, gather } = task;
  const mine = emptyResult();
  const waiting: PackedCandidate[] = [];
  let waitingBytes = 0;
  let wake: (() => void) | undefined;
  const reported = (): Promise<void> => new Promise((resolve) => (wake = resolve));
  const lanes = workers.map((worker): Lane => {
    const lane: Lane = { worker, inFlight: 0, alive: true };
    lane.result = worker.stream({ kind: 'stream', files, options: task.options, limits, gather }, (batch) => {
      if (batch === undefined) lane.alive = false;
      else lane.inFlight -= batch.done.length;
      wake?.();
    });
    return lane;
  });
  const anyAlive = (): boolean => lanes.some((lane) => lane.alive);
  let allRead = false;
  // Full messages while files are still read (a worker that holds none takes what there is).
  const handOut = (): void => {
    for (const lane of [...lanes].sort((a, b) => a.inFlight - b.inFlight)) {
      while (lane.alive && waiting.length > 0 && (allRead || waiting.length >= candidatesPerMessage || lane.inFlight === 0)) {
        const count = Math.min(waiting.length, candidatesPerMessage);
        if (lane.inFlight > 0 && lane.inFlight + count > mostInFlight) break;
        lane.inFlight += count;
        const handed = waiting.splice(0, count);
        for (const candidate of handed) waitingBytes -= candidate.bytes.byteLength;
        lane.worker.send(handed);
      }
    }
  };

  // A file's outcome is recorded, a candidate waits for a worker, or is checked here when too large for one.
  const take = (index: number, prefiltered: Prefiltered | typeof leftToMain): void => {
    if (prefiltered === leftToMain) return; // only a worker leaves files, and this thread reads them all
    if ('outcome' in prefiltered) {
      (mine.done as number[]).push(index);
      record(mine, index, prefiltered.outcome);
    } else if (prefiltered.bytes !== undefined && fitsWorker(prefiltered.candidate.text)) {
      const packed = packCandidate(prefiltered.candidate, prefiltered.bytes);
      waiting.push(packed);
      waitingBytes += packed.bytes.byteLength;
    } else mergeInto(mine, checkCandidates([prefiltered.candidate], context));
  };

  // The last candidate waiting is checked here, while the workers take from the front of the queue.
  const checkWhileWaiting = options.checkWhileWaiting ?? checksWhileWaiting;
  const checkLastHere = (): void => {
    const last = waiting.pop()!;
    waitingBytes -= last.bytes.byteLength;
    mergeInto(mine, checkCandidates([unpackCandidate(last)], context));
  };

  const explicit = new Set(limits.explicit);
  const deferred = new Set(limits.deferred);
  const scratch = readBuffer();
  for (let index = 0; index < files.length; index += 1) {
    if (!deferred.has(index)) {
      take(index, readAndPrefilter(files[index]!, index, context, explicit.has(index) ? exempt : limits, gather, mine, scratch));
    }
    if (index % filesPerTurn === filesPerTurn - 1) {
      handOut();
      await turn();
      // Batches that came during the turn made room: hand out before waiting for the next one.
      for (handOut(); waitingBytes >= waitingBytesAtMost && anyAlive(); handOut()) {
        if (!checkWhileWaiting || waiting.length === 0) {
          await reported();
          continue;
        }
        checkLastHere();
        // The workers' batches arrive between two candidates, and they are handed more.
        await turn();
      }
    }
  }
  allRead = true;
  options.onRead?.();
  if (options.checkHereOnceRead === true) {
    for (handOut(); waiting.length > 0 && anyAlive(); handOut()) {
      checkLastHere();
      await turn();
    }
  }
  for (handOut(); waiting.length > 0 && anyAlive(); handOut()) await reported();
  // Every worker died: what none took is checked here.
  mergeInto(mine, checkCandidates(waiting.splice(0).map(unpackCandidate), context));
  for (const lane of lanes) lane.worker.endStream();
  return [mine, ...(await Promise.all(lanes.map((lane) => lane.result!)))];
}
