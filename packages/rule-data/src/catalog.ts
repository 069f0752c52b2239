import { parseCustomEntry } from './custom-entries.js';
import { builtinEntries } from './entries/builtin.js';
import { RuleDataError } from './errors.js';
import { matchOperationIn } from './match/operation-name.js';
import { compilePathTemplate, matchCompiledPaths, type CompiledPath } from './match/url-shape.js';
import type { HttpMethod, OperationEntry, OperationMatch, RetirementEntry, UrlMatch, UrlPart } from './types.js';

/** The entries in force (built-in plus custom), compiled once for matching. */
export interface Catalog {
  readonly entries: readonly RetirementEntry[];
  byId(id: string): RetirementEntry | undefined;
  /** Internal: compiled path templates. */
  readonly compiledPaths: readonly CompiledPath[];
  /** Internal: operations by exact name. */
  readonly operations: ReadonlyMap<string, OperationEntry>;
  /** The needle strings a file must contain (case-insensitively) to possibly hold a retired call. */
  readonly needles: readonly string[];
  /** `needles` as one case-insensitive regular expression (no `g` flag: safe to share). */
  readonly needlePattern: RegExp;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Strings that every call of an entry contains: a path's first literal segment after the version
 * (shared by sibling paths, so the set stays small), or an operation name.
 */
function needlesOf(entries: readonly RetirementEntry[]): string[] {
  const raw = entries.map((entry) => {
    if (entry.kind === 'operation') return entry.operation;
    const literals = compilePathTemplate(entry.path).flatMap((segment) => (segment.kind === 'literal' && !/^v\d+$/.test(segment.lower) ? [segment.lower] : []));
    return literals[0] ?? entry.path;
  });
  const unique = [...new Set(raw)];
  // A needle that contains another (case-insensitively) adds nothing: `GetCampaigns` contains `campaigns`.
  return unique
    .filter((needle) => !unique.some((other) => other !== needle && needle.toLowerCase().includes(other.toLowerCase())))
    .sort((a, b) => a.localeCompare(b));
}

function buildCatalog(entries: readonly RetirementEntry[]): Catalog {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const compiledPaths = entries.flatMap((entry) => (entry.kind === 'path' ? [{ entry, segments: compilePathTemplate(entry.path) }] : []));
  const operations = new Map(entries.flatMap((entry) => (entry.kind === 'operation' ? [[entry.operation, entry] as const] : [])));
  const needles = needlesOf(entries);
  return {
    entries,
    byId: (id) => byId.get(id),
    compiledPaths,
    operations,
    needles,
    needlePattern: new RegExp(needles.map(escapeRegExp).join('|'), 'i'),
  };
}

export const builtinCatalog: Catalog = buildCatalog(builtinEntries);

/**
 * The built-in entries plus validated custom ones. Errors are `RuleDataError`s naming the field,
 * e.g. `customEntries[1].gaEnds`.
 */
export function createCatalog(customEntries?: unknown, field = 'customEntries'): Catalog {
  if (customEntries === undefined) return builtinCatalog;
  if (!Array.isArray(customEntries)) throw new RuleDataError(`${field} must be an array of entries, got ${JSON.stringify(customEntries)}.`, field);
  if (customEntries.length === 0) return builtinCatalog;
  const taken = new Set(builtinEntries.map((entry) => entry.id));
  const custom = customEntries.map((input: unknown, index) => {
    const entry = parseCustomEntry(input, `${field}[${index}]`, taken);
    taken.add(entry.id);
    return entry;
  });
  return buildCatalog([...builtinEntries, ...custom]);
}

/** The retired paths in a URL shape; see `matchCompiledPaths` for the rules. */
export function matchUrlShape(parts: readonly UrlPart[], method: HttpMethod | undefined, catalog: Catalog = builtinCatalog): UrlMatch[] {
  return matchCompiledPaths(catalog.compiledPaths, parts, method);
}

/** A whole operation name (or its node-soap `Async` variant) of a retired SOAP/WCF operation. */
export function matchOperationName(name: string, catalog: Catalog = builtinCatalog): OperationMatch | undefined {
  return matchOperationIn(catalog.operations, name);
}

/** The cheap test callers run before parsing: false means the file cannot hold a retired call. */
export function mightContainRetiredCall(sourceText: string, catalog: Catalog = builtinCatalog): boolean {
  return catalog.needlePattern.test(sourceText);
}

export function retiredNeedles(catalog: Catalog = builtinCatalog): readonly string[] {
  return catalog.needles;
}
