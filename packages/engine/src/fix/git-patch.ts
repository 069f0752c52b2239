import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { encodeSource } from '../files/read-source.js';
import { printablePath } from '../files/paths.js';
import type { FileChange } from './fix-files.js';

/** A text diff of one file as jsdiff's `createTwoFilesPatch` writes it, given the `a/` and `b/` names (the faces load jsdiff themselves, only for `--print`). */
export type TextPatch = (oldName: string, newName: string, before: string, after: string) => string;

/**
 * A change as `git diff --binary` writes it, so `git apply` applies it from the folder fix ran in: a
 * unified diff (`--- a/src/api.ts`, `+++ b/src/api.ts`) for a UTF-8 file, and for a UTF-16 one the
 * git binary patch git itself writes for it (git diffs UTF-16 as binary: its NUL bytes). A UTF-16
 * file's change shown as UTF-8 text could not be applied, and `git apply` then refused the whole patch.
 */
export function gitStylePatch(change: FileChange, textPatch: TextPatch): string {
  if (change.encoding === 'utf8') return textPatch(`a/${change.displayPath}`, `b/${change.displayPath}`, change.before, change.after);
  return gitBinaryPatch(change.displayPath, encodeSource(change.before, change.encoding), encodeSource(change.after, change.encoding));
}

/** What `--print` says on stderr of each change it printed as a binary patch: the diff does not show it. */
export function binaryPatchSentence(displayPath: string): string {
  return `${printablePath(displayPath)} is UTF-16, which git diffs as binary: its change is printed as a git binary patch, which git apply applies as it applies the rest.`;
}

/** `--print` of `sunset fix` and the codemod: each change written as git writes it, and what to say of it after the run. */
export interface PatchPrinter {
  readonly print: (change: FileChange) => void;
  /** A stderr line (`binaryPatchSentence`) for each UTF-16 file printed as a binary patch, for once the run is done. */
  readonly binaryNotes: () => readonly string[];
}

export function createPatchPrinter(textPatch: TextPatch, write: (text: string) => void): PatchPrinter {
  const binaryFiles: string[] = [];
  return {
    print: (change) => {
      if (change.encoding !== 'utf8') binaryFiles.push(change.displayPath);
      write(gitStylePatch(change, textPatch));
    },
    binaryNotes: () => binaryFiles.map((file) => `${binaryPatchSentence(file)}\n`),
  };
}

/**
 * `diff --git`, the `index` line with both blobs' full ids (git apply checks the file it patches
 * against the first), then each side as a `literal`: zlib-deflated bytes in git's base85 lines. The
 * forward patch first, then the reverse one, as git writes them (`git apply -R` uses the second).
 */
function gitBinaryPatch(displayPath: string, before: Buffer, after: Buffer): string {
  const name = (prefix: string): string => quotedPath(`${prefix}/${displayPath}`);
  return `diff --git ${name('a')} ${name('b')}\nindex ${blobId(before)}..${blobId(after)}\nGIT binary patch\n${literal(after)}${literal(before)}`;
}

/** The id git gives a blob of these bytes (`git hash-object`). */
function blobId(bytes: Buffer): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** Bytes per line of a binary patch: the line's first character says how many (`A`-`Z` 1-26, `a`-`z` 27-52). */
const bytesPerLine = 52;

function literal(bytes: Buffer): string {
  const deflated = deflateSync(bytes);
  const lines: string[] = [];
  for (let start = 0; start < deflated.length; start += bytesPerLine) {
    const part = deflated.subarray(start, start + bytesPerLine);
    const length = part.length <= 26 ? String.fromCharCode(0x40 + part.length) : String.fromCharCode(0x60 + part.length - 26);
    lines.push(`${length}${base85(part)}`);
  }
  return `literal ${bytes.length}\n${lines.join('\n')}\n\n`;
}

const base85Digits = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~';

/** git's base85: each 4 bytes (the last group padded with zeros) as 5 digits, most significant first. */
function base85(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 4) {
    let value = 0;
    for (let offset = 0; offset < 4; offset++) value = value * 256 + (bytes[start + offset] ?? 0);
    let group = '';
    for (let digit = 0; digit < 5; digit++) {
      group = base85Digits[value % 85]! + group;
      value = Math.floor(value / 85);
    }
    text += group;
  }
  return text;
}

/** A path as git writes it in a `diff --git` line: in C quotes when it holds a quote, a backslash or a control character. */
function quotedPath(file: string): string {
  if (!/["\\\u0000-\u001f\u007f]/.test(file)) return file;
  const escapes: Readonly<Record<string, string>> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\t': '\\t', '\r': '\\r' };
  const quoted = file.replace(/["\\\u0000-\u001f\u007f]/g, (char) => escapes[char] ?? `\\${char.charCodeAt(0).toString(8).padStart(3, '0')}`);
  return `"${quoted}"`;
}
