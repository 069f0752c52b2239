import { requestCheckNeedleSpecs, type Catalog } from '@sunset/rule-data';
import { mightNeedAnalysis, todoMarkerNeedle } from '../analyze-file.js';
import { clientBaseWords, mayOfferBase } from '../modules/module-references.js';
import { hasCrossFileHook, type AnalysisOptions } from '../types.js';
import { byteAutomaton, type ByteAutomaton, type BytePattern } from './byte-automaton.js';

/** What the tests before parsing say of a file's text (`textFacts`), read from its bytes or its text. */
export interface TextFacts {
  /** `mightNeedAnalysis`: some check may report in it. */
  readonly candidate: boolean;
  /** The catalog's needle pattern occurs in it (a retired path's first segments, an operation name). */
  readonly needle: boolean;
  /** The rest of a split retired path (`'/campaigns'` after a base ending in `v1`) occurs in it. */
  readonly restNeedle: boolean;
  /**
   * It may offer a base another file's path completes (`mayOfferBase`): it may create an HTTP client
   * with a base of its own, or holds a string naming an origin (`'https://api.adform.com'`) or ending
   * where a retired path may be split (`'…/v1'`, a split path's base).
   */
  readonly clientSource: boolean;
}

/** What a file's text says about what it may offer other files (a client with a base), and whether a client's base may complete one of its paths. */
export function moduleTextFacts(text: string, options: Pick<AnalysisOptions, 'catalog'>): Pick<TextFacts, 'clientSource' | 'restNeedle'> {
  return {
    clientSource: mayOfferBase(text, options.catalog),
    restNeedle: options.catalog.splitPathTests.some((test) => test.rest.test(text)),
  };
}

/** The facts of a file's text, by the expressions each test is written as. */
export function textFacts(text: string, options: AnalysisOptions): TextFacts {
  return { candidate: mightNeedAnalysis(text, options), needle: options.catalog.needlePattern.test(text), ...moduleTextFacts(text, options) };
}

const retiredBit = 0;
const requestBit = 1;
const todoBit = 2;
const clientBit = 3;
/** The first split path's `base` bit; its `rest` is the next, then the next split path's. */
const firstSplitBit = 4;

/** `mightNeedAnalysis`'s marker, `mayCreateClientWithBase`'s words: the same strings as their expressions. */
const literally = (text: string): string[][] => [...text].map((character) => [character]);
const todoMarkerSpec = literally(todoMarkerNeedle);
const clientWords = clientBaseWords.map(literally);
/** `absoluteUrlPattern` as a spec: a quote, `http`, an optional `s`, `://`. */
const absoluteUrlSpec: string[][] = [["'", '"', '`'], ...literally('http'), ['s', ''], ...literally('://')];

const automata = new WeakMap<Catalog, ByteAutomaton | null>();

function automatonOf(catalog: Catalog): ByteAutomaton | undefined {
  let automaton = automata.get(catalog);
  if (automaton === undefined) {
    const { retired, splitPaths } = catalog.prefilterNeedles;
    const patterns: BytePattern[] = [
      ...retired.map((spec) => ({ spec, bit: retiredBit })),
      ...requestCheckNeedleSpecs.map((spec) => ({ spec, bit: requestBit })),
      { spec: todoMarkerSpec, bit: todoBit },
      ...clientWords.map((spec) => ({ spec, bit: clientBit, wholeWord: true })),
      { spec: absoluteUrlSpec, bit: clientBit },
      ...splitPaths.flatMap(({ base, rest }, at) => [
        ...base.map((spec) => ({ spec, bit: firstSplitBit + 2 * at })),
        ...rest.map((spec) => ({ spec, bit: firstSplitBit + 2 * at + 1 })),
      ]),
    ];
    automaton = byteAutomaton(patterns) ?? null;
    automata.set(catalog, automaton);
  }
  return automaton ?? undefined;
}

/** Of split paths' bits, the rests'. */
const restBits = 0b1010_1010_1010_1010_1010_1010_1010_0000;
/** Of split paths' bits, the bases'. */
const baseBits = 0b0101_0101_0101_0101_0101_0101_0101_0000;

/**
 * `textFacts` of a file's bytes, with one pass of a byte automaton instead of the expressions and
 * without decoding them: a file that is no candidate (nine in ten of a repository) is never made a
 * string. `bytes` must be valid UTF-8 (the caller checks, `isUtf8`: what is not is not read as UTF-8).
 * Undefined when the catalog's needles cannot be said in bytes (`byteAutomaton`): the caller decodes
 * and takes `textFacts`.
 */
export function bytesFacts(bytes: Uint8Array, options: AnalysisOptions): TextFacts | undefined {
  const automaton = automatonOf(options.catalog);
  if (automaton === undefined) return undefined;
  const found = automaton.scan(bytes);
  const has = (bit: number): boolean => (found & (1 << bit)) !== 0;
  // A split path counts only when one of its bases and one of its rests occur: its two bits.
  let splitPath = false;
  for (let bit = firstSplitBit; bit < 31 && !splitPath; bit += 2) splitPath = has(bit) && has(bit + 1);
  return {
    candidate: hasCrossFileHook(options) || has(retiredBit) || splitPath || has(requestBit) || has(todoBit),
    needle: has(retiredBit),
    clientSource: has(clientBit) || (found & baseBits) !== 0,
    restNeedle: (found & restBits) !== 0,
  };
}
