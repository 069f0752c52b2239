import type { NeedleSpec } from '@sunset/rule-data';

/** A needle for `byteAutomaton`: its spec, the bit it sets, and whether it counts only as a whole word (`\b…\b`). */
export interface BytePattern {
  readonly spec: NeedleSpec;
  /** 0-30: the bit of `scan`'s result. */
  readonly bit: number;
  /** Counts only between non-word characters (ASCII letters, digits, `_`), as `\b` says; its positions must be one ASCII character each. */
  readonly wholeWord?: boolean;
}

/** One pass over a file's bytes: the bits of the patterns found in them. */
export interface ByteAutomaton {
  /** The bits of the patterns that occur in `bytes` (valid UTF-8: the caller checks). */
  scan(bytes: Uint8Array): number;
}

/** Beyond this many states the table (states × 256 × 4 bytes) stops being small: the caller keeps its expressions. */
const maxStates = 4096;
const encoder = new TextEncoder();
/** Half of a surrogate pair without the other half: no UTF-8 bytes say it. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A deterministic automaton over UTF-8 bytes that finds every pattern at once, as `RegExp.prototype.test`
 * of each pattern's expression would in the decoded text: a pattern occurs in valid UTF-8 bytes exactly
 * when its characters occur in the text, because each character's encoding is whole and starts where a
 * character starts. Built by the subset construction from the patterns' chains (one node per
 * position, the case variants of a position leading to the same node, so a needle in any mix of
 * cases is one path); the start state loops on every byte, so a state is the set of needle prefixes
 * the last bytes end. Undefined when a pattern cannot be said in bytes (a lone surrogate, which no
 * UTF-8 holds), when a bit is beyond 30 (a catalog with more than 13 split-path first segments), or
 * when the table would be large: the caller then keeps its expressions.
 *
 * The scan is a table lookup per byte (a state's row of 256 next states, each with a flag saying it
 * ends a needle): on the 10k bench repo's 84 MB, 150-160 ms where the expressions it replaces took
 * 380-395 ms.
 */
export function byteAutomaton(patterns: readonly BytePattern[]): ByteAutomaton | undefined {
  if (patterns.some((pattern) => pattern.bit < 0 || pattern.bit > 30)) return undefined;
  // The patterns' chains: `edges[node]` holds [byte, next node] pairs; node 0 is the start.
  const edges: [number, number][][] = [[]];
  const ends: number[] = [0];
  const wholeWords: { bit: number; length: number }[][] = [[]];
  const addNode = (): number => {
    edges.push([]);
    ends.push(0);
    wholeWords.push([]);
    return edges.length - 1;
  };
  for (const pattern of patterns) {
    let current = [0];
    for (const position of pattern.spec) {
      if (position.some((alternative) => loneSurrogate.test(alternative))) return undefined;
      if (pattern.wholeWord === true && (position.length !== 1 || position[0]!.length !== 1 || position[0]!.charCodeAt(0) > 127)) return undefined;
      const target = addNode();
      const next = [target];
      for (const alternative of position) {
        if (alternative === '') {
          next.push(...current);
          continue;
        }
        const bytes = encoder.encode(alternative);
        for (const from of current) {
          let node = from;
          for (let at = 0; at < bytes.length - 1; at++) {
            const step = addNode();
            edges[node]!.push([bytes[at]!, step]);
            node = step;
          }
          edges[node]!.push([bytes[bytes.length - 1]!, target]);
        }
      }
      current = [...new Set(next)];
    }
    for (const node of current) {
      if (pattern.wholeWord === true) wholeWords[node]!.push({ bit: pattern.bit, length: pattern.spec.length });
      else ends[node]! |= 1 << pattern.bit;
    }
  }
  return determinize(edges, ends, wholeWords);
}

function determinize(edges: readonly (readonly [number, number][])[], ends: readonly number[], wholeWords: readonly (readonly { bit: number; length: number }[])[]): ByteAutomaton | undefined {
  const ids = new Map<string, number>();
  const states: number[][] = [];
  const found: number[] = [];
  const words: ({ bit: number; length: number }[] | undefined)[] = [];
  const stateOf = (nodes: number[]): number => {
    const key = nodes.join(',');
    let id = ids.get(key);
    if (id === undefined) {
      id = states.length;
      ids.set(key, id);
      states.push(nodes);
      let bits = 0;
      const whole: { bit: number; length: number }[] = [];
      for (const node of nodes) {
        bits |= ends[node]!;
        whole.push(...wholeWords[node]!);
      }
      found.push(bits);
      words.push(whole.length === 0 ? undefined : whole);
    }
    return id;
  };
  const sorted = (nodes: Iterable<number>): number[] => [...new Set(nodes)].sort((a, b) => a - b);
  // Every state holds the start node (it loops on every byte), so a byte no other node of a state
  // moves on leads where it leads from the start.
  const fromStart: number[][] = Array.from({ length: 256 }, () => [0]);
  for (const [byte, node] of edges[0]!) fromStart[byte]!.push(node);
  const startRow = fromStart.map((nodes) => sorted(nodes));
  stateOf([0]);
  const fromStartState = startRow.map(stateOf);
  const next: number[] = [];
  for (let state = 0; state < states.length; state++) {
    if (states.length > maxStates) return undefined;
    const moves = new Map<number, number[]>();
    for (const node of states[state]!) {
      if (node === 0) continue;
      for (const [byte, target] of edges[node]!) {
        const list = moves.get(byte);
        if (list === undefined) moves.set(byte, [target]);
        else list.push(target);
      }
    }
    for (let byte = 0; byte < 256; byte++) {
      const more = moves.get(byte);
      next[state * 256 + byte] = more === undefined ? fromStartState[byte]! : stateOf(sorted([...startRow[byte]!, ...more]));
    }
  }
  // Each entry: the next state's row (state × 256), its lowest bit set when that state ends a needle.
  const table = new Int32Array(next.length);
  for (let at = 0; at < next.length; at++) {
    const state = next[at]!;
    table[at] = (state << 8) | (found[state] !== 0 || words[state] !== undefined ? 1 : 0);
  }
  const bits = Int32Array.from(found);
  return { scan: (bytes) => scan(bytes, table, bits, words) };
}

const isWordByte = (byte: number): boolean => (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57) || byte === 95;

function scan(bytes: Uint8Array, table: Int32Array, bits: Int32Array, words: readonly ({ bit: number; length: number }[] | undefined)[]): number {
  let entry = 0;
  let result = 0;
  const length = bytes.length;
  for (let at = 0; at < length; at++) {
    entry = table[(entry & -256) | bytes[at]!]!;
    if ((entry & 1) === 0) continue;
    const state = entry >>> 8;
    result |= bits[state]!;
    const whole = words[state];
    if (whole === undefined) continue;
    for (const { bit, length: wordLength } of whole) {
      const start = at + 1 - wordLength;
      if ((start === 0 || !isWordByte(bytes[start - 1]!)) && (at + 1 === length || !isWordByte(bytes[at + 1]!))) result |= 1 << bit;
    }
  }
  return result;
}
