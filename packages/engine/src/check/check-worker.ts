import { parentPort, type MessagePort } from 'node:worker_threads';
import { createCatalog } from '@sunset/rule-data';
import { checkClaimedFiles, recheckClaimedFiles, workerMaxFileBytes, type CheckWorkerMessage, type CheckWorkerRecheck, type CheckWorkerTask } from './check-files.js';
import { checkContextOf, type CheckContext } from './check-source.js';

// A worker of `checkFiles`: it waits for the task, then claims files from the shared counter until
// none is left, as the main thread does, posting each batch as it finishes it (so a worker that dies
// loses nothing the main thread cannot redo). Larger files are left to the main thread. When the
// module graph found files to check again, a second task (`recheck`) shares those the same way.

function serve(port: MessagePort): void {
  let first: { readonly task: CheckWorkerTask; readonly context: CheckContext } | undefined;
  const post = (message: CheckWorkerMessage): void => port.postMessage(message);
  port.on('message', (message: CheckWorkerTask | CheckWorkerRecheck) => {
    if (message.kind === 'check') {
      const options = { ...message.options, catalog: createCatalog(message.options.customEntries.length === 0 ? undefined : message.options.customEntries) };
      first = { task: message, context: checkContextOf(options) };
      checkClaimedFiles(message.files, message.next, first.context, message.limits, message.gather, workerMaxFileBytes, (batch) => post({ kind: 'batch', batch }));
    } else if (first !== undefined) {
      recheckClaimedFiles(first.task.files, message, first.context, first.task.limits, workerMaxFileBytes, (batch) => post({ kind: 'batch', batch }));
    }
    post({ kind: 'end' });
  });
}

if (parentPort !== null) serve(parentPort);
