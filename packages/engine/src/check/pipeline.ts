import type { CheckContext } from './check-source.js';
import { fitsWorker, type CheckWorkerStream, type CheckWorkerTask } from './check-workers.js';
import { checkCandidates, exempt, leftToMain, readAndPrefilter, readBuffer, record, type Candidate, type Prefiltered } from './file-steps.js';
import { emptyResult, mergeInto, type ThreadResult } from './thread-result.js';

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
 * Candidates read and not handed out that this thread holds before it waits for a worker to report:
 * the worker is the slower (about 2 ms a candidate, 0.1 ms a file read and prefiltered), and texts that
 * wait here outlive scavenges and end as garbage in this thread's old generation, which is not capped
 * (48 waiting: 5-10 MB more peak RSS at 10k).
 */
const mostWaiting = 8;
/** Files this thread reads between two turns of its event loop, where the workers' batches arrive and they are handed more. */
const filesPerTurn = 32;

/** What the pipeline needs of a worker (`CheckWorker`; tests give a stand-in). */
export interface StreamingWorker {
  /** `onBatch` hears each batch the worker reports, and undefined when it dies; the promise gives every batch once it ends. */
  stream(task: CheckWorkerStream, onBatch: (batch: ThreadResult | undefined) => void): Promise<ThreadResult>;
  send(candidates: readonly Candidate[]): void;
  endStream(): void;
}

/** A worker of the pipeline and the candidates it holds. */
interface Lane {
  readonly worker: StreamingWorker;
  inFlight: number;
  alive: boolean;
  result?: Promise<ThreadResult>;
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Reads and prefilters `task.files` in this thread, in walk order, and hands the candidates to the
 * workers a few at a time, the least busy first. A candidate too large for a worker's heap
 * (`workerMaxFileBytes`) is checked here. Very large files (`limits.deferred`) are left out
 * (`checkLargeFiles`). A candidate handed to a worker that dies before reporting it is in no result's
 * `done`: the caller checks it; what no worker took because all died is checked here. `onRead` is
 * called once every file is read.
 */
export async function checkInPipeline(workers: readonly StreamingWorker[], task: CheckWorkerTask, context: CheckContext, onRead?: () => void): Promise<ThreadResult[]> {
  const { files, limits, gather } = task;
  const mine = emptyResult();
  const waiting: Candidate[] = [];
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
        lane.worker.send(waiting.splice(0, count));
      }
    }
  };

  // A file's outcome is recorded, a candidate waits for a worker, or is checked here when too large for one.
  const take = (index: number, prefiltered: Prefiltered | typeof leftToMain): void => {
    if (prefiltered === leftToMain) return; // only a worker leaves files, and this thread reads them all
    if ('outcome' in prefiltered) {
      (mine.done as number[]).push(index);
      record(mine, index, prefiltered.outcome);
    } else if (fitsWorker(prefiltered.candidate.text)) waiting.push(prefiltered.candidate);
    else mergeInto(mine, checkCandidates([prefiltered.candidate], context));
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
      for (handOut(); waiting.length >= mostWaiting && anyAlive(); handOut()) await reported();
    }
  }
  allRead = true;
  onRead?.();
  for (handOut(); waiting.length > 0 && anyAlive(); handOut()) await reported();
  // Every worker died: what none took is checked here.
  mergeInto(mine, checkCandidates(waiting.splice(0), context));
  for (const lane of lanes) lane.worker.endStream();
  return [mine, ...(await Promise.all(lanes.map((lane) => lane.result!)))];
}
