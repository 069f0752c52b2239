import { describe, expect, it } from 'vitest';
import { excerptLines, excerptOf } from '../src/check/excerpts.js';

const text = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'].join('\n');

describe('excerptOf', () => {
  it('keeps two lines either side of each finding line, and nothing else', () => {
    expect([...excerptOf(text, [5])]).toEqual([[3, 'three'], [4, 'four'], [5, 'five'], [6, 'six'], [7, 'seven']]);
  });

  it('stops at the first and the last line of the file', () => {
    expect([...excerptOf(text, [1, 9])]).toEqual([[1, 'one'], [2, 'two'], [3, 'three'], [7, 'seven'], [8, 'eight'], [9, 'nine']]);
  });

  it('keeps a line once when findings share it or their windows overlap', () => {
    expect([...excerptOf(text, [2, 2, 3])].map(([line]) => line)).toEqual([1, 2, 3, 4, 5]);
  });

  it('splits lines as ESLint counts them: \\r\\n, \\r, \\n, U+2028 and U+2029, keeping a BOM on line 1', () => {
    const mixed = '\uFEFFa\r\nb\rc\u2028d\u2029e\n\nf';
    expect([...excerptOf(mixed, [4], 3)]).toEqual([[1, '\uFEFFa'], [2, 'b'], [3, 'c'], [4, 'd'], [5, 'e'], [6, ''], [7, 'f']]);
  });

  it('gives line n exactly as splitting the whole text would, for every line', () => {
    const lines = text.split('\n');
    for (let line = 1; line <= lines.length; line++) expect(excerptOf(text, [line], 0).get(line)).toBe(lines[line - 1]);
  });

  it('keeps nothing for a file without findings', () => {
    expect(excerptOf(text, []).size).toBe(0);
  });
});

describe('excerptLines', () => {
  it('puts each kept line at its index, with holes between windows', () => {
    const lines = excerptLines(excerptOf(text, [1, 9], 0));
    expect(lines?.length).toBe(9);
    expect([lines?.[0], lines?.[4], lines?.[8]]).toEqual(['one', undefined, 'nine']);
  });

  it('is undefined without an excerpt', () => {
    expect(excerptLines(undefined)).toBeUndefined();
  });
});
