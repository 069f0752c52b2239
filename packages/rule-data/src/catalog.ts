import { parseCustomEntry } from './custom-entries.js';
import { builtinApi, builtinEntries } from './entries/builtin.js';
import { RuleDataError } from './errors.js';
import { matchOperationIn } from './match/operation-name.js';
import { compilePathTemplate, matchCompiledPaths, type CompiledPath } from './match/url-shape.js';
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
const caseInsensitively = (character: string): string =>
  character.toLowerCase() === character.toUpperCase() ? escapeForPattern(character) : `[${character.toLowerCase()}${character.toUpperCase()}]`;

/**
 * One pattern for all needles, written so that it means the same to JavaScript (no flags) and to
 * `grep -E`: path needles spell case-insensitivity as `[vV]1/[cC]...`, operations stay literal.
 */
function needlePatternSource(needles: { paths: readonly string[]; operations: readonly string[] }): string {
  const paths = needles.paths.map((needle) => [...needle].map(caseInsensitively).join(''));
  const operations = needles.operations.map((needle) => [...needle].map(escapeForPattern).join(''));
  return [...paths, ...operations].join('|');
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
 * The tests for a path the code splits between two strings exactly where the needle would be
 * (`axios.create({ baseURL: 'https://host/v1/' })` + `api.get('/campaigns/…')`, `` `${origin}/v1` `` +
 * `'campaigns/…'`, `'/v1/' + 'campaigns'`): one string ends with the first segment (a slash, then a
 * closing quote or a `${` may follow) and another begins with the second (after a quote or a `}` and
 * an optional slash; a slash, `?`, `#`, quote or `${` must follow). Case-insensitive like the paths.
 */
function splitPathTestsOf(entries: readonly RetirementEntry[]): SplitPathTest[] {
  const spelled = (segment: string): string => [...segment].map(caseInsensitively).join('');
  return [...leadingSegmentPairs(entries)].map(([first, seconds]) => ({
    base: new RegExp(`${spelled(first)}/?(?:['"\`]|\\$\\{)`),
    rest: new RegExp(`['"\`}]/?(?:${[...seconds].sort().map(spelled).join('|')})(?:[/?#'"\`]|\\$\\{)`),
  }));
}

function buildCatalog(entries: readonly RetirementEntry[], apis: readonly Api[]): Catalog {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const apisById = new Map([builtinApi, ...apis].map((api) => [api.id, api]));
  const apiOf = (entry: RetirementEntry): Api => apisById.get(entry.api) ?? builtinApi;
  const compiledPaths = entries.flatMap((entry) => (entry.kind === 'path' ? [{ entry, api: apiOf(entry), segments: compilePathTemplate(entry.path) }] : []));
  const operations = new Map(entries.flatMap((entry) => (entry.kind === 'operation' ? [[entry.operation, entry] as const] : [])));
  const needles = needlesOf(entries);
  const needlePatternText = needlePatternSource(needles);
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
    splitPathTests: splitPathTestsOf(entries),
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
