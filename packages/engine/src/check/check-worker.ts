import { parentPort, workerData } from 'node:worker_threads';
import { createCatalog } from '@sunset/rule-data';
import { checkClaimedFiles, type CheckWorkerData, type ThreadResult } from './check-files.js';
import { checkContextOf } from './check-source.js';

// A worker of `checkFiles`: it claims files from the shared counter until none is left, as the main
// thread does, and posts what it found, by file index.

const data = workerData as CheckWorkerData;
const options = { ...data.options, catalog: createCatalog(data.options.customEntries.length === 0 ? undefined : data.options.customEntries) };
const result: ThreadResult = checkClaimedFiles(data.files, data.next, checkContextOf(options), data.limits);
parentPort?.postMessage(result);
