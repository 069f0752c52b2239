import type { CheckContext } from './check-source.js';
import { workerMaxFileBytes, type CheckWorker, type CheckWorkerTask } from './check-workers.js';
import { checkCandidateFileSteps, exempt, leftToMain, readAndPrefilter, readBuffer, record, type Candidate } from './file-steps.js';
import { drain } from './steps.js';
import { emptyResult, type ThreadResult } from './thread-result.js';

// A run checked in workers: the main thread reads and prefilters every file (the cheap part, ~85 % of
// the files end there) and hands the candidates to the workers, which parse, index and check them.

/** Candidates handed to a worker in one message (and reported back in one). */
const candidatesPerMessage = 8;
/**
 * Candidates a worker holds at most, handed and not reported yet: about 50 ms of its work, so it does
 * not wait for the main thread between two turns of its loop, while the texts not handed out yet wait
 * in this thread (not in the worker's message queue) and whoever is free takes them.
 */
const mostInFlight = 24;
/** Files this thread reads between two turns of its event loop, where the workers' batches arrive and they are handed more. */
const filesPerTurn = 32;

/** A worker of the pipeline and the candidates it holds. */
interface Lane {
  readonly worker: CheckWorker;
  inFlight: number;
  alive: boolean;
  result?: Promise<ThreadResult>;
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Reads and prefilters `task.files` in this thread, in walk order, and hands the candidates to the
 * workers a few at a time. A candidate too large for a worker's heap is checked here; with
 * `analyseHere`, once every file is read, so are the candidates no worker has taken yet. Very large
 * files (`limits.deferred`) are left out (`checkLargeFiles`). A file handed to a worker that dies
 * before reporting it is in no result's `done`: the caller checks it.
 */
export async function checkInPipeline(workers: readonly CheckWorker[], task: CheckWorkerTask, context: CheckContext, analyseHere: boolean): Promise<ThreadResult[]> {
  const { files, limits, gather } = task;
  const mine = emptyResult();
  const waiting: Candidate[] = [];
  const tooLarge: Candidate[] = [];
  let wake: (() => void) | undefined;
  let allRead = false;
  const lanes = workers.map((worker): Lane => {
    const lane: Lane = { worker, inFlight: 0, alive: true };
    lane.result = worker.stream({ kind: 'stream', files, options: task.options, limits, gather }, (batch) => {
      if (batch === undefined) lane.alive = false;
      else lane.inFlight -= batch.done.length;
      wake?.();
    });
    return lane;
  });
  // Full messages while files are still read (a worker that holds none gets what there is).
  const handOut = (): void => {
    for (const lane of lanes) {
      while (lane.alive && waiting.length > 0 && (allRead || waiting.length >= candidatesPerMessage || lane.inFlight === 0)) {
        const count = Math.min(waiting.length, candidatesPerMessage);
        if (lane.inFlight > 0 && lane.inFlight + count > mostInFlight) break;
        lane.inFlight += count;
        lane.worker.send(waiting.splice(0, count));
      }
    }
  };
  const checkHere = (candidate: Candidate): void => {
    const outcome = drain(checkCandidateFileSteps(candidate, context, mine.timings));
    (mine.done as number[]).push(candidate.index);
    record(mine, candidate.index, outcome);
  };

  const explicit = new Set(limits.explicit);
  const deferred = new Set(limits.deferred);
  const scratch = readBuffer();
  for (let index = 0; index < files.length; index += 1) {
    if (!deferred.has(index)) {
      const prefiltered = readAndPrefilter(files[index]!, index, context, explicit.has(index) ? exempt : limits, gather, mine, scratch);
      if (prefiltered === leftToMain) continue;
      if ('outcome' in prefiltered) {
        (mine.done as number[]).push(index);
        record(mine, index, prefiltered.outcome);
      } else if (fitsWorker(prefiltered.candidate.text)) waiting.push(prefiltered.candidate);
      else tooLarge.push(prefiltered.candidate);
    }
    if (index % filesPerTurn === filesPerTurn - 1) {
      handOut();
      await turn();
    }
  }
  allRead = true;
  handOut();
  for (const candidate of tooLarge.splice(0)) {
    checkHere(candidate);
    handOut();
    await turn();
  }
  // The last candidates first: the workers take theirs from the front.
  while (analyseHere && waiting.length > 0) {
    checkHere(waiting.pop()!);
    handOut();
    await turn();
  }
  while (waiting.length > 0 && lanes.some((lane) => lane.alive)) {
    await new Promise<void>((resolve) => (wake = resolve));
    handOut();
  }
  // Every worker died: what none took is checked here.
  for (const candidate of waiting.splice(0)) checkHere(candidate);
  for (const lane of lanes) lane.worker.endStream();
  return [mine, ...(await Promise.all(lanes.map((lane) => lane.result!)))];
}

/** A candidate small enough for a worker's capped heap (`workerMaxFileBytes`, counted in UTF-8 bytes as the read counts them). */
function fitsWorker(text: string): boolean {
  return text.length <= workerMaxFileBytes / 3 || Buffer.byteLength(text) <= workerMaxFileBytes;
}
