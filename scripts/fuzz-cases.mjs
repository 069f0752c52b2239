// The seeded mutator shared by test/fuzz.test.ts (a few hundred cases, in-process on the TS sources)
// and scripts/fuzz-nightly.mjs (10,000 cases on the built packages). No dependency: every case is
// fully determined by one 32-bit case seed, so a failure is replayed with
// `node scripts/fuzz-nightly.mjs --replay <case seed>`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * @typedef {{ file: string, text: string }} CorpusFile  file: path relative to the repository root (its extension picks the parser)
 * @typedef {{ kind: string, at: number, detail: string }} Mutation
 * @typedef {{ caseSeed: number, file: string, input: string, mutations: Mutation[] }} FuzzCase
 * @typedef {{ readonly findings: readonly unknown[], readonly error?: unknown }} CheckLike
 * @typedef {{ readonly output: string | undefined, readonly error?: unknown }} FixLike
 * @typedef {{
 *   checkSource: (text: string, filePath: string, options: any) => CheckLike,
 *   fixSource: (text: string, filePath: string, options: any) => FixLike,
 *   parseSource: (text: string, filePath: string) => { readonly ok: boolean },
 * }} EngineLike
 * @typedef {{ ok: true, ms: number } | { ok: false, ms: number, problem: string }} CaseOutcome
 */

const sourceExtension = /\.(?:[cm]?[jt]sx?)$/;

/** The fixtures the mutator starts from: the legacy app's sources and the codemod's inputs, sorted. */
export function loadCorpus(/** @type {string} */ repoRoot) {
  /** @type {CorpusFile[]} */
  const files = [];
  const add = (/** @type {string} */ folder, /** @type {(name: string) => boolean} */ keep) => {
    for (const entry of readdirSync(path.join(repoRoot, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !keep(entry.name)) continue;
      const absolute = path.join(entry.parentPath, entry.name);
      files.push({ file: path.relative(repoRoot, absolute).split(path.sep).join('/'), text: readFileSync(absolute, 'utf8') });
    }
  };
  add('fixtures/legacy-app/src', (name) => sourceExtension.test(name));
  add('fixtures/codemod', (name) => name.includes('.input.') && sourceExtension.test(name));
  return files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** mulberry32, as bench/generate.mjs: the next number in [0, 1). */
export function mulberry32(/** @type {number} */ seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of case `index` of a run seeded `seed`. */
export function caseSeedOf(/** @type {number} */ seed, /** @type {number} */ index) {
  let h = Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Junk the issue names: NUL, U+2028/2029, lone surrogates, a BOM, CR; plus a few bytes a truncated download leaves. */
export const junk = ['\0', '\u2028', '\u2029', '\ud800', '\udfff', '\ufeff', '\r', '\r\n', '\x1b', '\x7f', '\ufffd', '\u00a0', '\\', '`', '${', '/*', '*/', '//', '"', "'", '(', ')', '{', '}', '<', '/'];

const tokenPattern = /[A-Za-z_$][\w$]*|\d+(?:\.\d+)?|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`|\/\/[^\n]*|\/\*[\s\S]*?\*\/|\s+|[^\s]/g;

/** Token spans of `text` (a rough lexer: identifiers, numbers, strings, comments, blanks, single characters). */
function tokensOf(/** @type {string} */ text) {
  /** @type {[number, number][]} */
  const spans = [];
  for (const match of text.matchAll(tokenPattern)) spans.push([match.index, match.index + match[0].length]);
  return spans;
}

/** One case: a fixture picked by the case seed, then one to four mutations. */
export function makeCase(/** @type {readonly CorpusFile[]} */ corpus, /** @type {number} */ caseSeed) {
  const next = mulberry32(caseSeed);
  const int = (/** @type {number} */ max) => Math.floor(next() * max);
  const source = corpus[int(corpus.length)];
  if (source === undefined) throw new Error('The fuzz corpus is empty.');
  let text = source.text;
  /** @type {Mutation[]} */
  const mutations = [];
  const count = 1 + int(4);
  for (let step = 0; step < count; step += 1) {
    const tokens = tokensOf(text);
    const kind = ['delete', 'duplicate', 'junk', 'junk', 'delete-run', 'bom', 'cr'][int(7)];
    const [start, end] = tokens.length === 0 ? [0, 0] : (tokens[int(tokens.length)] ?? [0, 0]);
    if (kind === 'delete') {
      mutations.push({ kind, at: start, detail: JSON.stringify(text.slice(start, end)) });
      text = text.slice(0, start) + text.slice(end);
    } else if (kind === 'delete-run') {
      const last = tokens[Math.min(tokens.length - 1, tokens.findIndex(([s]) => s === start) + 1 + int(12))];
      const stop = last === undefined ? end : last[1];
      mutations.push({ kind, at: start, detail: JSON.stringify(text.slice(start, stop)) });
      text = text.slice(0, start) + text.slice(stop);
    } else if (kind === 'duplicate') {
      mutations.push({ kind, at: end, detail: JSON.stringify(text.slice(start, end)) });
      text = text.slice(0, end) + text.slice(start, end) + text.slice(end);
    } else if (kind === 'bom') {
      const at = next() < 0.6 ? 0 : int(text.length + 1);
      mutations.push({ kind, at, detail: '"\\ufeff"' });
      text = `${text.slice(0, at)}\ufeff${text.slice(at)}`;
    } else if (kind === 'cr') {
      // Every newline as CR alone (old Mac) or CRLF, or a stray CR inside a line.
      const style = int(3);
      mutations.push({ kind, at: 0, detail: ['all \\n -> \\r', 'all \\n -> \\r\\n', 'one stray \\r'][style] ?? '' });
      if (style === 0) text = text.replaceAll('\n', '\r');
      else if (style === 1) text = text.replaceAll('\n', '\r\n');
      else text = `${text.slice(0, start)}\r${text.slice(start)}`;
    } else {
      const piece = junk[int(junk.length)] ?? '\0';
      const at = next() < 0.5 ? start : int(text.length + 1);
      mutations.push({ kind: 'junk', at, detail: JSON.stringify(piece) });
      text = text.slice(0, at) + piece + text.slice(at);
    }
  }
  return /** @type {FuzzCase} */ ({ caseSeed, file: source.file, input: text, mutations });
}

/**
 * Runs one input through the engine as check and fix do; returns the first broken promise, if any:
 * check never throws and gives findings or an error, the findings are JSON, a fix of a file that
 * parsed parses, and a second fix changes nothing.
 */
export function checkInput(/** @type {EngineLike} */ engine, /** @type {unknown} */ options, /** @type {string} */ file, /** @type {string} */ input) {
  const started = performance.now();
  const fail = (/** @type {string} */ problem) => /** @type {CaseOutcome} */ ({ ok: false, ms: performance.now() - started, problem });
  let stage = 'check';
  try {
    const checked = engine.checkSource(input, file, options);
    if (!Array.isArray(checked.findings)) return fail('checkSource returned no findings array');
    if (checked.error !== undefined && checked.findings.length > 0) return fail('checkSource returned both findings and an error');
    stage = 'JSON of the findings';
    const json = JSON.stringify({ findings: checked.findings, error: checked.error });
    if (JSON.stringify(JSON.parse(json)) !== json) return fail('the findings do not survive a JSON round trip');
    stage = 'parse';
    const parsedBefore = engine.parseSource(input, file).ok;
    stage = 'fix';
    const fixed = engine.fixSource(input, file, options);
    if (fixed.output !== undefined) {
      stage = 'parse of the fixed output';
      if (parsedBefore && !engine.parseSource(fixed.output, file).ok) return fail('the file parsed before the fix and does not parse after it');
      stage = 'second fix';
      const again = engine.fixSource(fixed.output, file, options);
      if (again.output !== undefined) return fail('a second fix changed the output again (not idempotent)');
    }
  } catch (error) {
    return fail(`${stage} threw: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  }
  return /** @type {CaseOutcome} */ ({ ok: true, ms: performance.now() - started });
}

/**
 * Shrinks a failing input while `stillFails` holds: drops lines, then runs of characters, then single
 * characters (a plain delta-debugging pass, enough for a bug report).
 */
export function minimize(/** @type {string} */ input, /** @type {(text: string) => boolean} */ stillFails, budget = 4000) {
  let best = input;
  let tries = 0;
  const attempt = (/** @type {string} */ candidate) => {
    tries += 1;
    if (candidate.length < best.length && stillFails(candidate)) {
      best = candidate;
      return true;
    }
    return false;
  };
  const lines = () => best.split(/(?<=\n)/);
  for (let index = lines().length - 1; index >= 0 && tries < budget; index -= 1) {
    const all = lines();
    attempt([...all.slice(0, index), ...all.slice(index + 1)].join(''));
  }
  for (let size = Math.max(1, Math.floor(best.length / 2)); size >= 1 && tries < budget; size = Math.floor(size / 2)) {
    for (let at = best.length - size; at >= 0 && tries < budget; at -= size) attempt(best.slice(0, at) + best.slice(at + size));
    if (size === 1) break;
  }
  return best;
}

/** A case as a bug report: file, case seed, the mutations and the input as a JS string literal. */
export function describeCase(/** @type {FuzzCase} */ fuzzCase, /** @type {string} */ problem, /** @type {string | undefined} */ minimal) {
  const mutations = fuzzCase.mutations.map((m) => `${m.kind}@${m.at} ${m.detail}`).join('; ');
  const lines = [`case seed ${fuzzCase.caseSeed} (${fuzzCase.file}): ${problem}`, `  mutations: ${mutations}`, `  replay: node scripts/fuzz-nightly.mjs --replay ${fuzzCase.caseSeed}`];
  if (minimal !== undefined) lines.push(`  minimal input (${fuzzCase.file.replace(/^.*\./, '.')}): ${JSON.stringify(minimal)}`);
  return lines.join('\n');
}
