import { parentPort, type MessagePort } from 'node:worker_threads';
import { createCatalog } from '@sunset/rule-data';
import type { SunsetOptions } from '../analysis-contract.js';
import { fixSourceSteps, fixText } from '../fix/fix-source.js';
import { drainYielding } from './steps.js';
import { checkClaimedFiles, checkLargeFileHere, recheckClaimedFiles } from './claimed-files.js';
import { checkContextOf, type CheckContext } from './check-source.js';
import { workerMaxFileBytes, type CheckWorkerCandidates, type CheckWorkerMessage, type CheckWorkerRecheck, type CheckWorkerStream, type CheckWorkerStreamEnd, type CheckWorkerTask, type FixLargeFileTask, type FixWorkerCandidates, type FixWorkerStream } from './check-workers.js';
import { checkCandidates, unpackCandidate } from './file-steps.js';
import { emptyResult, mergeInto, type ThreadResult } from './thread-result.js';

// A worker of `checkFiles`. In a run checked in workers it checks the candidates the main thread
// reads, prefilters and hands it (`stream`), one batch back per message. Otherwise it waits for the
// task, then claims files from the shared counter until none is left, as the main thread does, posting what it finished every `postEvery` files (so a worker
// that dies loses nothing the main thread cannot redo). Larger files are left to the main thread. When
// the module graph found files to check again, a second task (`recheck`) shares those the same way. A
// worker of its own checks or fixes one very large file (`large`, `fix`).

/**
 * Files finished between two messages to the main thread: eight claims of eight. A message per claim
 * cost 70-80 ms of a 10k run in `postMessage` alone; what a dead worker did not post is checked again.
 */
const postEvery = 64;

type WorkerTask = CheckWorkerTask | CheckWorkerStream;

/** Options as the main thread sent them (`workerOptionsOf`), with their catalog made again here: the built-in one, or with the config's custom entries. */
const withCatalog = (options: Omit<SunsetOptions, 'catalog'>): SunsetOptions => ({
  ...options,
  catalog: createCatalog(options.customEntries.length === 0 ? undefined : options.customEntries),
});

function serve(port: MessagePort): void {
  let first: { readonly task: WorkerTask; readonly context: CheckContext } | undefined;
  const post = (message: CheckWorkerMessage): void => port.postMessage(message);
  let pending = emptyResult();
  const collect = (batch: ThreadResult): void => {
    mergeInto(pending, batch);
    if (pending.done.length >= postEvery) flush();
  };
  const flush = (): void => {
    if (pending.done.length > 0) post({ kind: 'batch', batch: pending });
    pending = emptyResult();
  };
  let fixing: CheckContext | undefined;
  port.on('message', (message: WorkerTask | CheckWorkerCandidates | CheckWorkerStreamEnd | CheckWorkerRecheck | FixLargeFileTask | FixWorkerStream | FixWorkerCandidates) => {
    if (message.kind === 'fix-stream') {
      fixing = checkContextOf(withCatalog(message.options));
      return;
    } else if (message.kind === 'fix-candidates') {
      const context = fixing!;
      post({ kind: 'fixed-batch', results: message.candidates.map((candidate) => fixText(candidate.text, candidate.file, context, candidate.sitePath)) });
      return;
    } else if (message.kind === 'candidates') {
      if (first !== undefined) post({ kind: 'batch', batch: checkCandidates(message.candidates.map(unpackCandidate), first.context) });
      return;
    } else if (message.kind === 'stream') {
      first = { task: message, context: checkContextOf(withCatalog(message.options)) };
      return;
    } else if (message.kind === 'stream-end') {
      post({ kind: 'end' });
      return;
    } else if (message.kind === 'fix') {
      void drainYielding(fixSourceSteps(message.text, message.file, withCatalog(message.options), {}, message.sitePath)).then((result) => post({ kind: 'fixed', result }));
      return;
    } else if (message.kind === 'check') {
      first = { task: message, context: checkContextOf(withCatalog(message.options)) };
      if (message.large === true) {
        // A very large file comes alone, to a worker of its own: checked whatever its size, the loop turning between its pieces.
        void checkLargeFileHere(message.files, first.context, message.limits, message.gather).then((batch) => {
          post({ kind: 'batch', batch });
          post({ kind: 'end' });
        });
        return;
      }
      checkClaimedFiles(message.files, message.next, first.context, message.limits, message.gather, true, collect);
    } else if (first !== undefined) {
      recheckClaimedFiles(first.task.files, message, first.context, first.task.limits, workerMaxFileBytes, collect);
    }
    flush();
    post({ kind: 'end' });
  });
}

if (parentPort !== null) serve(parentPort);
