import { describe, expect, it } from 'vitest';
import { byteAutomaton, type BytePattern } from '../../src/prefilter/byte-automaton.js';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const literal = (text: string): string[][] => [...text].map((character) => [character]);
const scan = (patterns: readonly BytePattern[], text: string): number => byteAutomaton(patterns)!.scan(utf8(text));

describe('byteAutomaton', () => {
  it('finds each pattern anywhere, overlapping ones too, and sets its bit', () => {
    const patterns = [
      { spec: literal('aab'), bit: 0 },
      { spec: literal('ab'), bit: 1 },
      { spec: literal('bc'), bit: 4 },
    ];
    expect(scan(patterns, 'xaaab')).toBe(0b11);
    expect(scan(patterns, 'abc')).toBe(0b10010);
    expect(scan(patterns, 'aa b')).toBe(0);
    expect(scan(patterns, '')).toBe(0);
  });

  it('takes any alternative of a position, an absent one for an empty alternative, and characters of any length in UTF-8', () => {
    const patterns = [{ spec: [['v', 'V'], ['1'], ['/', ''], ["'", '${']], bit: 2 }];
    for (const text of ["'v1'", 'V1/${', '`${x}/v1${']) expect(scan(patterns, text), text).toBe(4);
    for (const text of ['v1//', 'v 1/', 'v1$ {']) expect(scan(patterns, text), text).toBe(0);
    const wide = [{ spec: [['k', 'K', '\u212A'], ['é'], ['😀', '']], bit: 0 }];
    for (const text of ['\u212Aé', 'Ké😀', 'xké']) expect(scan(wide, text), text).toBe(1);
    // The bytes of `é` split by another character, or `e` alone, are not `é`.
    expect(scan(wide, 'ke\u0301')).toBe(0);
  });

  it('counts a whole-word pattern only between non-word bytes or the ends of the text', () => {
    const patterns = [{ spec: literal('baseURL'), bit: 3, wholeWord: true }];
    expect(scan(patterns, 'baseURL')).toBe(8);
    expect(scan(patterns, '(baseURL)')).toBe(8);
    expect(scan(patterns, 'é-baseURL-é')).toBe(8);
    expect(scan(patterns, 'xbaseURL baseURLx')).toBe(0);
    expect(scan(patterns, '9baseURL')).toBe(0);
    expect(scan(patterns, 'baseURL_ xbaseURL baseURL;')).toBe(8);
  });

  it('finds a match wherever it lies in a text long enough to be scanned as four chains, across their seams too', () => {
    const automaton = byteAutomaton([
      { spec: literal('needle'), bit: 0 },
      { spec: [['k', 'K', '\u212A'], ['é'], ['😀', '']], bit: 1 },
      { spec: literal('baseURL'), bit: 2, wholeWord: true },
      { spec: literal('/v1/campaigns/dictionaries'), bit: 3 }, // the longest: the chains' lead
    ])!;
    const filler = 'x = 1; // -\n'.repeat(200); // 2,400 ASCII bytes, no needle: past the four chains' 1,024
    const cases: [string, number][] = [
      ['needle', 0b001],
      ['\u212Aé😀', 0b010],
      ['ké', 0b010],
      [' baseURL;', 0b100],
      ['xbaseURL ', 0],
      [' baseURL_', 0],
      ['needl e', 0],
      ['/v1/campaigns/dictionaries/clients', 0b1000],
      ['/v1/campaigns/dictionarie', 0],
    ];
    for (const [inserted, bits] of cases) {
      const bytes = utf8(inserted).length;
      const quarter = (filler.length + bytes) >>> 2;
      // Every place where the inserted text ends near a seam between chains, or starts near one.
      for (const seam of [0, quarter, 2 * quarter, 3 * quarter, filler.length]) {
        for (let at = Math.max(0, seam - bytes - 2); at <= Math.min(filler.length, seam + 2); at++) {
          const text = filler.slice(0, at) + inserted + filler.slice(at);
          expect(automaton.scan(utf8(text)), `${inserted} at ${at}`).toBe(bits);
        }
      }
    }
    // Matches in several quarters at once, at the text's two ends included.
    expect(automaton.scan(utf8(`needle${filler}ké${filler}baseURL`))).toBe(0b111);
  });

  it('cannot be built for a lone surrogate, a bit beyond 30, or a whole word that is not ASCII', () => {
    expect(byteAutomaton([{ spec: [['\uD800']], bit: 0 }])).toBeUndefined();
    expect(byteAutomaton([{ spec: literal('x'), bit: 31 }])).toBeUndefined();
    expect(byteAutomaton([{ spec: literal('café'), bit: 0, wholeWord: true }])).toBeUndefined();
    expect(byteAutomaton([{ spec: [['\u{1F600}']], bit: 0 }])?.scan(utf8('a😀b'))).toBe(1);
  });
});
