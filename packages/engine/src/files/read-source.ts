import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { describeFileError } from '../errors.js';

/** How a source file's bytes spell its text: UTF-8 (with or without a BOM), or UTF-16 with its BOM. */
export type SourceEncoding = 'utf8' | 'utf16le' | 'utf16be';

export type ReadSource =
  | {
      readonly kind: 'text';
      readonly text: string;
      readonly encoding: SourceEncoding;
      /** The bytes read: a view of the caller's `scratch` when read into it, so valid until its next read. */
      readonly bytes: Uint8Array;
    }
  | { readonly kind: 'too-large'; readonly size: number }
  | { readonly kind: 'error'; readonly message: string };

/** A file's text, or why its bytes are not text sunset can read. */
export type DecodedSource = { readonly ok: true; readonly text: string; readonly encoding: SourceEncoding } | { readonly ok: false; readonly message: string };

const undecodable = (why: string): DecodedSource => ({
  ok: false,
  message: `Cannot read the file as text: ${why}. Save it as UTF-8 (or UTF-16 with a byte-order mark), or add it to ignores.`,
});

/**
 * The text of a source file's bytes. UTF-16 is recognised by its byte-order mark (LE `FF FE`, BE
 * `FE FF`), which stays in the text as U+FEFF as a UTF-8 BOM does, so every offset after it is the same
 * in both; decoding is lossless (an unpaired surrogate stays one), so `encodeSource` gives back the very
 * bytes. Anything else must be valid UTF-8: a file in another encoding cannot be read, and says so.
 */
export function decodeSource(bytes: Uint8Array): DecodedSource {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const mark = byteOrderMarkOf(buffer);
  if (mark === 'utf32') return undecodable('it is UTF-32');
  if (mark !== undefined && buffer.length % 2 !== 0) return undecodable('it starts with a UTF-16 byte-order mark but has an odd number of bytes');
  if (mark === 'utf16le') return { ok: true, text: buffer.toString('utf16le'), encoding: 'utf16le' };
  if (mark === 'utf16be') return { ok: true, text: Buffer.from(buffer).swap16().toString('utf16le'), encoding: 'utf16be' };
  if (!isUtf8(buffer)) return undecodable('it is not valid UTF-8, nor UTF-16 with a byte-order mark');
  return { ok: true, text: buffer.toString('utf8'), encoding: 'utf8' };
}

/** The byte-order mark `decodeSource` reads bytes by: UTF-16 LE (`FF FE`) or BE (`FE FF`), UTF-32 (`FF FE 00 00`, `00 00 FE FF`); undefined for none. */
function byteOrderMarkOf(bytes: Uint8Array): 'utf16le' | 'utf16be' | 'utf32' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.length >= 4 && bytes[2] === 0 && bytes[3] === 0 ? 'utf32' : 'utf16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf16be';
  if (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff) return 'utf32';
  return undefined;
}

/** The bytes of `text` in `encoding` (a UTF-16 text keeps the U+FEFF it was read with, so its BOM is written back). */
export function encodeSource(text: string, encoding: SourceEncoding): Buffer {
  if (encoding === 'utf8') return Buffer.from(text, 'utf8');
  const bytes = Buffer.from(text, 'utf16le');
  return encoding === 'utf16le' ? bytes : bytes.swap16();
}

/** A file's bytes as read (`readBytes`): a view of the caller's `scratch` when read into it, so valid until its next read. */
export type ReadBytes = { readonly kind: 'bytes'; readonly bytes: Buffer } | { readonly kind: 'too-large'; readonly size: number } | { readonly kind: 'error'; readonly message: string };

/**
 * A file's text with one buffered read (open, fstat, read, close: no second stat, no stream), or why
 * not. Files larger than `maxFileSize` bytes are not read. Synchronous: a small file's read costs a
 * fraction of a promise round trip through the thread pool, and nothing else waits on the event loop.
 * With `scratch` (one buffer a thread reuses), a file smaller than it is read into it without `fstat`
 * and without a buffer of its own: on the 10k bench repo 120-135 ms of CPU instead of 150-215 ms, and
 * 84 MB less memory outside the heap for the collector to account for.
 */
export function readSource(path: string, maxFileSize = Number.POSITIVE_INFINITY, scratch?: Buffer): ReadSource {
  return textOf(readBytes(path, maxFileSize, scratch)!);
}

/**
 * A file's bytes, not decoded (`readSource` without its last step), for a caller that tests them
 * before it decodes them. With `smallOnly` (a worker, which leaves a file larger than its buffer to
 * the main thread), undefined for a file that does not fit `scratch`, whose size is then known without
 * an `fstat` (a `stat` of every file before its read was 4 % of a worker's time at 10k).
 */
export function readBytes(path: string, maxFileSize: number, scratch: Buffer | undefined, smallOnly = false): ReadBytes | undefined {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(path, 'r');
    if (scratch !== undefined) {
      let filled = 0;
      for (let got = 1; got > 0 && filled < scratch.length; filled += got) got = readSync(descriptor, scratch, filled, scratch.length - filled, filled);
      if (filled < scratch.length) return filled > maxFileSize ? { kind: 'too-large', size: filled } : { kind: 'bytes', bytes: scratch.subarray(0, filled) };
      if (smallOnly) return undefined;
    }
    const { size } = fstatSync(descriptor);
    if (size > maxFileSize) return { kind: 'too-large', size };
    const buffer = Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < size) {
      const got = readSync(descriptor, buffer, filled, size - filled, filled);
      if (got === 0) break;
      filled += got;
    }
    return { kind: 'bytes', bytes: buffer.subarray(0, filled) };
  } catch (error) {
    return { kind: 'error', message: `Cannot read the file: ${describeFileError(error)}.` };
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

/** A read's bytes as `readSource` gives them: the decoded text, or why they are not text. */
function textOf(read: ReadBytes): ReadSource {
  if (read.kind !== 'bytes') return read;
  const decoded = decodeSource(read.bytes);
  return decoded.ok ? { kind: 'text', text: decoded.text, encoding: decoded.encoding, bytes: read.bytes } : { kind: 'error', message: decoded.message };
}

/**
 * Whether `bytes` are read as UTF-8 by `decodeSource` (no UTF-16 or UTF-32 byte-order mark) and are
 * valid UTF-8: then their text is `bytes.toString('utf8')`, and a test of the bytes is a test of it.
 */
export function isUtf8Source(bytes: Buffer): boolean {
  return byteOrderMarkOf(bytes) === undefined && isUtf8(bytes);
}
