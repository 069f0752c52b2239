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
 * 380-395 ms. Each lookup waits for the one before, so a file of some size is scanned as four chains
 * at once (`scanInFour`): 500-540 ms → 201-218 ms on a slower host (Node 20, 22, 24).
 */
export function byteAutomaton(patterns: readonly BytePattern[]): ByteAutomaton | undefined {
  if (patterns.some((pattern) => pattern.bit < 0 || pattern.bit > 30)) return undefined;
  // The patterns' chains: `edges[node]` holds [byte, next node] pairs; node 0 is the start.
  const edges: [number, number][][] = [[]];
  const ends: number[] = [0];
  const wholeWords: { bit: number; length: number }[][] = [[]];
  // The most bytes a match can span: a chain that starts this many bytes before its part of the text finds every match ending there.
  let longest = 0;
  const addNode = (): number => {
    edges.push([]);
    ends.push(0);
    wholeWords.push([]);
    return edges.length - 1;
  };
  for (const pattern of patterns) {
    let current = [0];
    longest = Math.max(longest, pattern.spec.reduce((sum, position) => sum + Math.max(...position.map((alternative) => encoder.encode(alternative).length)), 0));
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
  return determinize(edges, ends, wholeWords, longest);
}

function determinize(
  edges: readonly (readonly [number, number][])[],
  ends: readonly number[],
  wholeWords: readonly (readonly { bit: number; length: number }[])[],
  longest: number,
): ByteAutomaton | undefined {
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
  const tables = { table, bits, words };
  // Below this size the four chains' set-up and tails cost more than they save.
  const fourFrom = Math.max(1024, 16 * longest);
  return { scan: (bytes) => (bytes.length >= fourFrom ? scanInFour(bytes, tables, longest) : scan(bytes, tables, 0, 0, bytes.length)) };
}

interface Tables {
  /** Per state and byte: the next state's row (state × 256), its lowest bit set when that state ends a needle. */
  readonly table: Int32Array;
  /** Per state: the bits of the patterns it ends (not whole-word ones). */
  readonly bits: Int32Array;
  /** Per state: the whole-word patterns it ends, each counted only if the bytes around it are not word bytes. */
  readonly words: readonly ({ bit: number; length: number }[] | undefined)[];
}

const isWordByte = (byte: number): boolean => (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57) || byte === 95;

/** The bits of what `state` ends at byte `at` (a whole word only between non-word bytes or the text's ends). */
function endedAt(state: number, at: number, bytes: Uint8Array, { bits, words }: Tables): number {
  let result = bits[state]!;
  const whole = words[state];
  if (whole === undefined) return result;
  for (const { bit, length } of whole) {
    const start = at + 1 - length;
    if ((start === 0 || !isWordByte(bytes[start - 1]!)) && (at + 1 === bytes.length || !isWordByte(bytes[at + 1]!))) result |= 1 << bit;
  }
  return result;
}

/**
 * The bits of the matches that end in `bytes[from, to)`, going on from `entry`'s state (0: the start
 * state, which finds every match that also starts there).
 */
function scan(bytes: Uint8Array, tables: Tables, entry: number, from: number, to: number): number {
  const { table } = tables;
  let result = 0;
  for (let at = from; at < to; at++) {
    entry = table[(entry & -256) | bytes[at]!]!;
    if ((entry & 1) !== 0) result |= endedAt(entry >>> 8, at, bytes, tables);
  }
  return result;
}

/**
 * `scan` of the whole text as four chains in one loop, so the four lookups of a step overlap. Chain k
 * reports the matches that end in its quarter: it starts from the start state `longest - 1` bytes
 * before the quarter, where every such match begins at the earliest (a match never begins inside a
 * character: a continuation byte begins no needle), and what it finds in those first bytes is a match
 * of the text too, reported twice at most.
 */
function scanInFour(bytes: Uint8Array, tables: Tables, longest: number): number {
  const { table } = tables;
  const quarter = bytes.length >>> 2;
  const lead = longest - 1;
  const s1 = quarter - lead;
  const s2 = 2 * quarter - lead;
  const s3 = 3 * quarter - lead;
  let e0 = 0;
  let e1 = 0;
  let e2 = 0;
  let e3 = 0;
  let result = 0;
  for (let at = 0; at < quarter; at++) {
    e0 = table[(e0 & -256) | bytes[at]!]!;
    e1 = table[(e1 & -256) | bytes[s1 + at]!]!;
    e2 = table[(e2 & -256) | bytes[s2 + at]!]!;
    e3 = table[(e3 & -256) | bytes[s3 + at]!]!;
    if (((e0 | e1 | e2 | e3) & 1) === 0) continue;
    if ((e0 & 1) !== 0) result |= endedAt(e0 >>> 8, at, bytes, tables);
    if ((e1 & 1) !== 0) result |= endedAt(e1 >>> 8, s1 + at, bytes, tables);
    if ((e2 & 1) !== 0) result |= endedAt(e2 >>> 8, s2 + at, bytes, tables);
    if ((e3 & 1) !== 0) result |= endedAt(e3 >>> 8, s3 + at, bytes, tables);
  }
  // Chains 1-3 are `lead` bytes short of their quarter's end (chain 3: of the text's): each goes on from its state.
  return result | scan(bytes, tables, e1, s1 + quarter, 2 * quarter) | scan(bytes, tables, e2, s2 + quarter, 3 * quarter) | scan(bytes, tables, e3, s3 + quarter, bytes.length);
}

