import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SunsetOptions } from '../analysis-contract.js';
import { largeFileLimits, startWorker, workerOptionsOf, workerUrl, type CheckWorkerMessage, type FixLargeFileTask } from '../check/check-workers.js';
import { fixSource, type FixResult } from './fix-source.js';

/**
 * `fixSource` of a very large file (one analysed in pieces) in a worker of its own with a capped
 * heap, as `checkFiles` checks one: V8 then collects each piece's tree and JSON soon instead of
 * letting them pile up. Without a built worker (the TypeScript sources), or when the worker fails,
 * the file is fixed in this thread.
 */
export async function fixLargeSource(text: string, file: string, options: SunsetOptions, sitePath: string): Promise<FixResult> {
  if (!existsSync(fileURLToPath(workerUrl))) return fixSource(text, file, options, {}, sitePath);
  const worker = startWorker(largeFileLimits);
  try {
    const result = await new Promise<FixResult | undefined>((resolve) => {
      worker.once('message', (message: CheckWorkerMessage) => resolve(message.kind === 'fixed' ? message.result : undefined));
      worker.once('error', () => resolve(undefined));
      worker.once('exit', () => resolve(undefined));
      const task: FixLargeFileTask = { kind: 'fix', text, file, sitePath, options: workerOptionsOf(options) };
      worker.postMessage(task);
    });
    return result ?? fixSource(text, file, options, {}, sitePath);
  } finally {
    await worker.terminate();
  }
}
