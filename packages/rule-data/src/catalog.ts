import { parseCustomEntry } from './custom-entries.js';
import { builtinApi, builtinEntries } from './entries/builtin.js';
import { RuleDataError } from './errors.js';
import { matchOperationIn } from './match/operation-name.js';
import { compilePathTemplate, matchCompiledPaths, withReservedSegments, withShadowingPaths, type CompiledPath } from './match/url-shape.js';
import type { Api, HttpMethod, OperationEntry, OperationMatch, RetirementEntry, UrlMatch, UrlPart } from './types.js';

/** The entries in force (built-in plus custom), compiled once for matching. */
export interface Catalog {
  readonly entries: readonly RetirementEntry[];
  byId(id: string): RetirementEntry | undefined;
  /** The APIs the entries belong to, by id: the built-in one first, then the config's `apis`. */
  readonly apis: ReadonlyMap<string, Api>;
  /** The API an entry belongs to. */
  apiOf(entry: RetirementEntry): Api;
  /** Internal: compiled path templates. */
  readonly compiledPaths: readonly CompiledPath[];
  /** Internal: operations by exact name. */
  readonly operations: ReadonlyMap<string, OperationEntry>;
  /** The needle strings a file must contain to possibly hold a retired call (paths case-insensitively). */
  readonly needles: readonly string[];
  /** `needles` as one pattern that means the same to JavaScript and to `grep -E`. */
  readonly needlePatternSource: string;
  /** `needlePatternSource` compiled (no `g` flag: safe to share). */
  readonly needlePattern: RegExp;
  /** Internal: a retired path split between a base and the rest (`baseURL: '…/v1/'` + `get('/campaigns')`), see `splitPathTestsOf`. */
  readonly splitPathTests: readonly SplitPathTest[];
  /** Internal: `needlePattern` and `splitPathTests` as needle specs, for a matcher over a file's bytes (`PrefilterNeedles`). */
  readonly prefilterNeedles: PrefilterNeedles;
}

/**
 * A needle as the prefilter's expressions spell it, one position per character (or quote, `${`), each
 * position the strings any of which matches there (a character in each of its cases, whole characters
 * even beyond the BMP; `''` where the position may be absent, `/?`). The expressions are written from
 * these (`positionPattern`), and a matcher over bytes that finds one of these finds what they do.
 */
export type NeedleSpec = readonly (readonly string[])[];

/** The retirement prefilter's tests as needle specs: the same needles and split-path tests as the catalog's expressions. */
export interface PrefilterNeedles {
  /** `needlePattern`: any of them. */
  readonly retired: readonly NeedleSpec[];
  /** `splitPathTests`, one per first segment: a `base` and a `rest` (any of each's specs). */
  readonly splitPaths: readonly { readonly base: readonly NeedleSpec[]; readonly rest: readonly NeedleSpec[] }[];
}

/** A string ending in a path's first segment, and a string starting with one of its second segments. */
interface SplitPathTest {
  readonly base: RegExp;
  readonly rest: RegExp;
}

/**
 * The needles: strings that every call of an entry contains. A path gives its first two literal
 * segments (`v1/campaigns`: shared by sibling paths, and absent from `/v1/buyer/campaigns`), compared
 * case-insensitively like the paths; an operation gives its name, compared case-sensitively like SOAP
 * (so `getUsers()` in ordinary code does not make a file a candidate). A needle containing another
 * of its kind adds nothing.
 */
function needlesOf(entries: readonly RetirementEntry[]): { paths: string[]; operations: string[] } {
  const minimal = (needles: readonly string[], fold: (text: string) => string): string[] => {
    const unique = [...new Set(needles)];
    return unique.filter((needle) => !unique.some((other) => other !== needle && fold(needle).includes(fold(other)))).sort();
  };
  const pathNeedles = entries.flatMap((entry) => {
    if (entry.kind !== 'path') return [];
    const segments = compilePathTemplate(entry.path);
    const firstParam = segments.findIndex((segment) => segment.kind === 'param');
    const literalPrefix = (firstParam === -1 ? segments : segments.slice(0, firstParam)).slice(0, 2);
    return [literalPrefix.map((segment) => (segment.kind === 'literal' ? segment.lower : '')).join('/')].filter((needle) => needle !== '');
  });
  const operationNeedles = entries.flatMap((entry) => (entry.kind === 'operation' ? [entry.operation] : []));
  return { paths: minimal(pathNeedles, (text) => text.toLowerCase()), operations: minimal(operationNeedles, (text) => text) };
}

const escapeForPattern = (character: string): string => (/[.*+?^${}()|[\]\\]/.test(character) ? `\\${character}` : character);
/**
 * A character in any case, as a needle spec's position: itself, or the characters of its lower and
 * upper case (`v` → `v`, `V`; `ß` → `ß`, `S`, as the class `[ßSS]` read it; `𐐀` → `𐐨`, `𐐀`, each whole).
 */
const caseAlternatives = (character: string): readonly string[] =>
  character.toLowerCase() === character.toUpperCase() ? [character] : [...new Set([...(character.toLowerCase() + character.toUpperCase())])];
const literalPattern = (text: string): string => [...text].map(escapeForPattern).join('');
const classMember = (character: string): string => (/[\]\\^-]/.test(character) ? `\\${character}` : character);

/**
 * A needle spec's position as a flag-free pattern that `grep -E` reads alike: its one string, a class
 * of its one-code-unit alternatives (`[vV]`), an alternation for longer ones (`(?:['"]|\$\{)`, and
 * `(?:𐐨|𐐀)`: a class would take half of a character beyond the BMP, which the expression, without the
 * `u` flag, reads as two code units), optional when `''` is one (`/?`).
 */
export const positionPattern = (alternatives: readonly string[]): string => {
  const present = alternatives.filter((alternative) => alternative !== '');
  if (present.length === 0) return '';
  const singles = present.filter((alternative) => alternative.length === 1);
  const longer = present.filter((alternative) => alternative.length > 1).map(literalPattern);
  const parts = [...(singles.length > 1 ? [`[${singles.map(classMember).join('')}]`] : singles.map(literalPattern)), ...longer];
  const pattern = parts.length === 1 ? parts[0]! : `(?:${parts.join('|')})`;
  if (present.length === alternatives.length) return pattern;
  return present.length === 1 && present[0]!.length === 1 ? `${pattern}?` : `(?:${pattern})?`;
};
/** A needle spec as a pattern, position by position: the prefilter's expressions are written from their specs, as the byte automaton is built from them. */
export const specPattern = (spec: NeedleSpec): string => spec.map(positionPattern).join('');
const spelledSpec = (text: string): NeedleSpec => [...text].map(caseAlternatives);
const quotes = ["'", '"', '`'];
/** A string ending in `text` (any case): an optional slash, then a closing quote or a `${`. */
const baseSpecOf = (text: string): NeedleSpec => [...spelledSpec(text), ['/', ''], [...quotes, '${']];
/** A string beginning with `segment` (any case), after a quote or a `}` and an optional slash; a slash, `?`, `#`, quote or `${` follows. */
const restSpecOf = (segment: string): NeedleSpec => [[...quotes, '}'], ['/', ''], ...spelledSpec(segment), ['/', '?', '#', ...quotes, '${']];

/** The pattern of a base a retired path can be split at: a string ending in `text` (`…/v1'`, `` …/v1/${ ``), in any case. */
export function baseEndingPattern(text: string): string {
  return specPattern(baseSpecOf(text));
}

/** The first two literal segments of each path entry (lower case), when both are literal. */
function leadingSegmentPairs(entries: readonly RetirementEntry[]): Map<string, Set<string>> {
  const pairs = new Map<string, Set<string>>();
  for (const entry of entries) {
    if (entry.kind !== 'path') continue;
    const [first, second] = compilePathTemplate(entry.path);
    if (first?.kind !== 'literal' || second?.kind !== 'literal') continue;
    const seconds = pairs.get(first.lower) ?? new Set<string>();
    seconds.add(second.lower);
    pairs.set(first.lower, seconds);
  }
  return pairs;
}

/**
 * The prefilter's needles as specs, from which its expressions are written (`specPattern`). `retired`:
 * path needles in any case (`[vV]1/[cC]...`), operations as written. `splitPaths`, one per first
 * segment: a path the code splits between two strings exactly where the needle would be
 * (`axios.create({ baseURL: 'https://host/v1/' })` + `api.get('/campaigns/…')`, `` `${origin}/v1` `` +
 * `'campaigns/…'`, `'/v1/' + 'campaigns'`): one string ends with the first segment (`baseSpecOf`) and
 * another begins with one of its second segments (`restSpecOf`). Case-insensitive like the paths.
 */
function prefilterNeedlesOf(needles: { paths: readonly string[]; operations: readonly string[] }, entries: readonly RetirementEntry[]): PrefilterNeedles {
  return {
    retired: [...needles.paths.map(spelledSpec), ...needles.operations.map((needle) => [...needle].map((character) => [character]))],
    splitPaths: [...leadingSegmentPairs(entries)].map(([first, seconds]) => ({ base: [baseSpecOf(first)], rest: [...seconds].sort().map(restSpecOf) })),
  };
}

/** `splitPaths` as expressions: a base and a rest of the same first segment must both occur. */
function splitPathTestsOf(splitPaths: PrefilterNeedles['splitPaths']): SplitPathTest[] {
  return splitPaths.map(({ base, rest }) => ({ base: new RegExp(base.map(specPattern).join('|')), rest: new RegExp(rest.map(specPattern).join('|')) }));
}

function buildCatalog(entries: readonly RetirementEntry[], apis: readonly Api[]): Catalog {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const apisById = new Map([builtinApi, ...apis].map((api) => [api.id, api]));
  const apiOf = (entry: RetirementEntry): Api => apisById.get(entry.api) ?? builtinApi;
  const compiledPaths = withReservedSegments(entries.flatMap((entry) => (entry.kind === 'path' ? [withShadowingPaths({ entry, api: apiOf(entry), segments: compilePathTemplate(entry.path) })] : [])));
  const operations = new Map(entries.flatMap((entry) => (entry.kind === 'operation' ? [[entry.operation, entry] as const] : [])));
  const needles = needlesOf(entries);
  const prefilterNeedles = prefilterNeedlesOf(needles, entries);
  // One pattern for all needles that means the same to JavaScript (no flags) and to `grep -E`.
  const needlePatternText = prefilterNeedles.retired.map(specPattern).join('|');
  return {
    entries,
    byId: (id) => byId.get(id),
    apis: apisById,
    apiOf,
    compiledPaths,
    operations,
    needles: [...needles.paths, ...needles.operations],
    needlePatternSource: needlePatternText,
    needlePattern: new RegExp(needlePatternText),
    splitPathTests: splitPathTestsOf(prefilterNeedles.splitPaths),
    prefilterNeedles,
  };
}

export const builtinCatalog: Catalog = buildCatalog(builtinEntries, []);

/**
 * The built-in entries plus validated custom ones, and the APIs they belong to (validated by
 * @sunset/config: `apis`; the built-in API's hosts may be given to override its default). Errors are
 * `RuleDataError`s naming the field, e.g. `customEntries[1].gaEnds`.
 */
export function createCatalog(customEntries?: unknown, field = 'customEntries', apis: readonly Api[] = []): Catalog {
  if (customEntries !== undefined && !Array.isArray(customEntries)) throw new RuleDataError(`${field} must be an array of entries, got ${JSON.stringify(customEntries)}.`, field);
  if ((customEntries === undefined || customEntries.length === 0) && apis.length === 0) return builtinCatalog;
  const taken = new Set(builtinEntries.map((entry) => entry.id));
  const apiIds = new Set([builtinApi.id, ...apis.map((api) => api.id)]);
  const custom = (customEntries ?? []).map((input: unknown, index) => {
    const entry = parseCustomEntry(input, `${field}[${index}]`, taken, apiIds);
    taken.add(entry.id);
    return entry;
  });
  return buildCatalog([...builtinEntries, ...custom], apis);
}

/** The retired paths in a URL shape; see `matchCompiledPaths` for the rules. */
export function matchUrlShape(parts: readonly UrlPart[], method: HttpMethod | undefined, catalog: Catalog = builtinCatalog): UrlMatch[] {
  return matchCompiledPaths(catalog.compiledPaths, parts, method);
}

/** A whole operation name (or its node-soap `Async` variant) of a retired SOAP/WCF operation. */
export function matchOperationName(name: string, catalog: Catalog = builtinCatalog): OperationMatch | undefined {
  return matchOperationIn(catalog.operations, name);
}

/**
 * The cheap test callers run before parsing: false means the file cannot hold a retired call. True
 * for a needle, or for a path split between a base and the rest exactly at the needle.
 */
export function mightContainRetiredCall(sourceText: string, catalog: Catalog = builtinCatalog): boolean {
  return catalog.needlePattern.test(sourceText) || catalog.splitPathTests.some((test) => test.base.test(sourceText) && test.rest.test(sourceText));
}

export function retiredNeedles(catalog: Catalog = builtinCatalog): readonly string[] {
  return catalog.needles;
}

/** The needle pattern for `grep -E` (and `new RegExp`), e.g. for comparing against the prefilter. */
export function retiredNeedlePattern(catalog: Catalog = builtinCatalog): string {
  return catalog.needlePatternSource;
}
