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
 */
export function readSource(path: string, maxFileSize = Number.POSITIVE_INFINITY): ReadSource {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(path, 'r');
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
