import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSource } from '../src/files/read-source.js';
import { makeTree } from './helpers.js';

const text = "export const list = () => fetch('/v1/campaigns'); // é 😀\n";

describe('readSource', () => {
  const root = makeTree({ 'small.ts': text, 'large.ts': text.repeat(20) });
  const small = path.join(root, 'small.ts');
  const large = path.join(root, 'large.ts');
  const largeBytes = Buffer.byteLength(text.repeat(20));

  it.each([
    ['without a scratch buffer', undefined],
    ['into a scratch buffer larger than the file', Buffer.alloc(4096)],
    ['past a scratch buffer smaller than the file', Buffer.alloc(64)],
  ])('reads the text %s', (_name, scratch) => {
    expect(readSource(small, undefined, scratch)).toEqual({ kind: 'text', text, encoding: 'utf8', bytes: Buffer.from(text) });
    expect(readSource(large, undefined, scratch)).toEqual({ kind: 'text', text: text.repeat(20), encoding: 'utf8', bytes: Buffer.from(text.repeat(20)) });
  });

  it.each([
    ['without a scratch buffer', undefined],
    ['into a scratch buffer larger than the file', Buffer.alloc(4096)],
    ['past a scratch buffer smaller than the file', Buffer.alloc(64)],
  ])('decodes UTF-16 by its byte-order mark, and refuses bytes that are not text, %s', (_name, scratch) => {
    const utf16 = `\uFEFF${text.repeat(3)}`;
    writeFileSync(path.join(root, 'le.ts'), Buffer.from(utf16, 'utf16le'));
    writeFileSync(path.join(root, 'be.ts'), Buffer.from(utf16, 'utf16le').swap16());
    writeFileSync(path.join(root, 'latin1.ts'), Buffer.from(text, 'latin1'));
    expect(readSource(path.join(root, 'le.ts'), undefined, scratch)).toEqual({ kind: 'text', text: utf16, encoding: 'utf16le', bytes: Buffer.from(utf16, 'utf16le') });
    expect(readSource(path.join(root, 'be.ts'), undefined, scratch)).toEqual({ kind: 'text', text: utf16, encoding: 'utf16be', bytes: Buffer.from(utf16, 'utf16le').swap16() });
    expect(readSource(path.join(root, 'latin1.ts'), undefined, scratch)).toEqual({
      kind: 'error',
      message: 'Cannot read the file as text: it is not valid UTF-8, nor UTF-16 with a byte-order mark. Save it as UTF-8 (or UTF-16 with a byte-order mark), or add it to ignores.',
    });
  });

  it.each([
    ['without a scratch buffer', undefined],
    ['into a scratch buffer larger than the file', Buffer.alloc(4096)],
    ['past a scratch buffer smaller than the file', Buffer.alloc(64)],
  ])('reports a file over maxFileSize with its size %s', (_name, scratch) => {
    expect(readSource(large, largeBytes - 1, scratch)).toEqual({ kind: 'too-large', size: largeBytes });
    expect(readSource(large, largeBytes, scratch)).toEqual({ kind: 'text', text: text.repeat(20), encoding: 'utf8', bytes: Buffer.from(text.repeat(20)) });
  });

  it('says why a file cannot be read', () => {
    expect(readSource(path.join(root, 'missing.ts'), undefined, Buffer.alloc(64))).toEqual({ kind: 'error', message: 'Cannot read the file: it does not exist (ENOENT).' });
  });
});
