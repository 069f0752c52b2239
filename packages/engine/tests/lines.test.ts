import { describe, expect, it } from 'vitest';
import { lazyLineIndexOf, lineIndexOf } from '../src/parse/lines.js';

// ESLint's lines break at \r\n, \r, \n, U+2028 and U+2029 (its `lineBreakPattern`); a lone \r before
// text, a \r\n pair and the last line without a break each start a line.
const text = 'a\r\nbb\rccc\nd\u2028e\u2029f\r\r\ng';

describe('lineIndexOf', () => {
  it('starts a line after each kind of break, and \\r\\n is one break', () => {
    const lines = lineIndexOf(text);
    const positions = [...text].map((char, offset) => (char === '\r' || char === '\n' || char === '\u2028' || char === '\u2029' ? undefined : [char, lines.position(offset)])).filter(Boolean);
    expect(positions).toEqual([
      ['a', { line: 1, column: 1 }],
      ['b', { line: 2, column: 1 }],
      ['b', { line: 2, column: 2 }],
      ['c', { line: 3, column: 1 }],
      ['c', { line: 3, column: 2 }],
      ['c', { line: 3, column: 3 }],
      ['d', { line: 4, column: 1 }],
      ['e', { line: 5, column: 1 }],
      ['f', { line: 6, column: 1 }],
      ['g', { line: 8, column: 1 }],
    ]);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((line) => lines.lineStart(line))).toEqual([0, 3, 6, 10, 12, 14, 16, 18, 18]);
  });

  it('gives the end of the text a position on the last line, and the lazy index the same answers', () => {
    expect(lineIndexOf(text).position(text.length)).toEqual({ line: 8, column: 2 });
    expect(lineIndexOf('').position(0)).toEqual({ line: 1, column: 1 });
    const lazy = lazyLineIndexOf(text);
    expect(lazy.position(12)).toEqual({ line: 5, column: 1 });
    expect(lazy.lineStart(8)).toBe(18);
  });
});
