import { parentPort } from 'node:worker_threads';
import { createCatalog } from '@sunset/rule-data';
import { checkClaimedFiles, workerMaxFileBytes, type CheckWorkerMessage, type CheckWorkerTask } from './check-files.js';
import { checkContextOf } from './check-source.js';

// A worker of `checkFiles`: it waits for the task, then claims files from the shared
// counter until none is left, as the main thread does, posting each batch as it finishes it (so a
// worker that dies loses nothing the main thread cannot redo). Larger files are left to the main thread.

parentPort?.once('message', (task: CheckWorkerTask) => {
  const options = { ...task.options, catalog: createCatalog(task.options.customEntries.length === 0 ? undefined : task.options.customEntries) };
  const post = (message: CheckWorkerMessage): void => parentPort?.postMessage(message);
  checkClaimedFiles(task.files, task.next, checkContextOf(options), task.limits, task.crossFile, workerMaxFileBytes, (batch) => post({ kind: 'batch', batch }));
  post({ kind: 'end' });
});
