import path from 'node:path';
import { createObserver, type ObserverOutput, type RuntimeObserver } from '../observer.js';
import { resolvedRuntimeOptionsOf, type RuntimeOptions, type RuntimeOptionsInput } from '../options.js';
import { linePrefix } from '../report/messages.js';
import { observeHttpClients } from './http-client.js';
import { checkRecordFile, recordLineAppender } from './record-file.js';
import { observeUndici } from './undici-channels.js';

/**
 * Node's outputs: stderr lines, the record file (appended synchronously, one write per line; a failed
 * write is said once on stderr and never reaches the application), paths relative to the working directory.
 * A record file that cannot be appended to throws a `RuntimeOptionsError` naming `recordFileSetting`
 * (the option, or `SUNSET_RUNTIME_RECORD` under `register`), before anything is observed.
 */
export function nodeObserverOutput(options: RuntimeOptions, cwd = process.cwd(), recordFileSetting = 'recordFile'): ObserverOutput {
  if (options.recordFile !== undefined) checkRecordFile(options.recordFile, recordFileSetting, cwd);
  const recordFile = options.recordFile === undefined ? undefined : path.resolve(cwd, options.recordFile);
  return {
    warn: (line) => process.stderr.write(`${line}\n`),
    failed: (line) => process.stderr.write(`${line}\n`),
    ...(recordFile === undefined ? {} : { appendRecordLine: recordLineAppender(recordFile) }),
    displayFile: (file) => {
      const relative = path.relative(cwd, file);
      return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
    },
  };
}

/**
 * An observer writing where Node should: stderr, or the record file. The options are validated as
 * `createObserver` validates them, and the record file is checked at once (its folder must exist and be
 * writable), with an error naming `recordFile`.
 */
export function createNodeObserver(options: RuntimeOptions | RuntimeOptionsInput = {}): RuntimeObserver {
  const resolved = resolvedRuntimeOptionsOf(options);
  return createObserver(resolved, nodeObserverOutput(resolved));
}

/**
 * Starts watching every HTTP request of the process (undici/`fetch` through diagnostics_channel,
 * `node:http`/`node:https` through their `request`/`get`). A bug in Sunset never breaks a request:
 * it is reported once on stderr. Returns the function that stops watching.
 */
export function installRuntime(observer: RuntimeObserver): () => void {
  let reported = false;
  const onInternalError = (error: unknown): void => {
    if (reported) return;
    reported = true;
    process.stderr.write(`${linePrefix} internal error, requests are no longer checked reliably (please report it): ${(error as Error).stack ?? String(error)}\n`);
  };
  const stopUndici = observeUndici(observer, onInternalError);
  const stopHttp = observeHttpClients(observer, onInternalError);
  return () => {
    stopUndici();
    stopHttp();
  };
}
