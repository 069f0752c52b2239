import { parseIsoDay } from './dates.js';
import { builtinApiId } from './entries/builtin.js';
import { describeValue, RuleDataError } from './errors.js';
import { isMoreSpecificPath } from './match/url-shape.js';
import { templateParams } from './render-path.js';
import type { Endpoint, Family, HttpMethod, Migration, OperationEntry, PathEntry, RetirementEntry } from './types.js';

/**
 * A user-defined retirement, as written in `sunset.config.json` (`customEntries`) or ESLint
 * `settings.sunset.customEntries`:
 *
 * ```json
 * { "id": "proxy-campaign-status", "retired": "PATCH /proxy/v1/campaigns/{id}",
 *   "replacements": ["PUT /v1/buyer/campaigns/{id}/status"], "gaEnds": "2027-01-01",
 *   "supportEnds": "2027-06-30", "migration": "rewrite", "service": "In-house proxy" }
 * ```
 * `retired` is `METHOD /path` for a REST path or a bare name for a SOAP/WCF operation.
 */
export interface CustomEntryInput {
  readonly id: string;
  readonly retired: string;
  readonly replacements?: readonly string[];
  readonly gaEnds: string;
  readonly supportEnds: string;
  readonly migration?: Migration;
  readonly reason?: string;
  readonly service?: string;
  readonly replacementApis?: readonly string[];
  readonly family?: Family;
  /** The id of the API the entry belongs to (`apis` in the config); default the built-in API. */
  readonly api?: string;
  /** Other methods of the same path that stay available (a REST path only). */
  readonly liveMethods?: readonly string[];
  /** More specific paths of the same API that are other operations: a URL that is one of them is not this entry's (a REST path only). */
  readonly shadowedBy?: readonly string[];
}

const httpMethods: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const families: readonly Family[] = ['soap', 'rest', 'reporting'];
const allowedFields = new Set([
  'id', 'retired', 'replacements', 'gaEnds', 'supportEnds', 'migration', 'reason', 'service', 'replacementApis', 'family', 'api', 'liveMethods', 'shadowedBy',
]);
const idPattern = /^[a-z0-9][a-z0-9-]*$/;
const operationPattern = /^[A-Za-z_][A-Za-z0-9_]*$/;
const endpointPattern = /^([A-Z]+) (\/\S*)$/;

function fail(field: string, message: string): never {
  throw new RuleDataError(`${field} ${message}`, field);
}

function parseEndpoint(value: unknown, field: string): Endpoint {
  const match = typeof value === 'string' ? endpointPattern.exec(value) : null;
  if (!match || !httpMethods.includes(match[1] as HttpMethod)) {
    fail(field, `must be "METHOD /path" with METHOD one of ${httpMethods.join(', ')} (for example "GET /v1/buyer/campaigns"), got ${describeValue(value)}.`);
  }
  return { method: match[1] as HttpMethod, path: match[2]! };
}

function optionalString(record: Record<string, unknown>, key: string, field: string): string | undefined {
  const value = record[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '') fail(`${field}.${key}`, `must be a non-empty string, got ${describeValue(value)}.`);
  return value;
}

function stringList(record: Record<string, unknown>, key: string, field: string): readonly unknown[] {
  const value = record[key];
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(`${field}.${key}`, `must be an array, got ${describeValue(value)}.`);
  return value as unknown[];
}

/** Validates one custom entry; every error names the field (`customEntries[2].supportEnds`). `apiIds`: the APIs it may name. */
export function parseCustomEntry(input: unknown, field: string, takenIds: ReadonlySet<string>, apiIds: ReadonlySet<string> = new Set([builtinApiId])): RetirementEntry {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) fail(field, `must be an object, got ${JSON.stringify(input)}.`);
  const record = input as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!allowedFields.has(key)) fail(`${field}.${key}`, `is not a known field; allowed: ${[...allowedFields].join(', ')}.`);
  }
  const id = record['id'];
  if (typeof id !== 'string' || !idPattern.test(id)) fail(`${field}.id`, `must be a lower-case id of letters, digits and dashes (for example "proxy-campaigns"), got ${JSON.stringify(id)}.`);
  if (takenIds.has(id)) fail(`${field}.id`, `"${id}" is already used by another entry; ids must be unique.`);
  const retired = record['retired'];
  if (typeof retired !== 'string' || retired.trim() === '') fail(`${field}.retired`, `must be "METHOD /path" or an operation name, got ${JSON.stringify(retired)}.`);
  const gaEnds = parseIsoDay(record['gaEnds'], `${field}.gaEnds`);
  const supportEnds = parseIsoDay(record['supportEnds'], `${field}.supportEnds`);
  if (supportEnds < gaEnds) fail(`${field}.supportEnds`, `(${supportEnds}) must not be before gaEnds (${gaEnds}).`);
  const replacements = stringList(record, 'replacements', field).map((value, index) => parseEndpoint(value, `${field}.replacements[${index}]`));
  const replacementApis = stringList(record, 'replacementApis', field).map((value, index) => {
    if (typeof value !== 'string') fail(`${field}.replacementApis[${index}]`, `must be a string, got ${describeValue(value)}.`);
    return value;
  });
  // One line wherever it is shown (stylish's `why:`, fix's site list, explain, the TODO): a reason written over several lines is joined.
  const reason = optionalString(record, 'reason', field)?.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ');
  const service = optionalString(record, 'service', field) ?? 'custom entry';
  const family = record['family'];
  if (family !== undefined && !families.includes(family as Family)) fail(`${field}.family`, `must be one of ${families.join(', ')}, got ${JSON.stringify(family)}.`);
  const migrationInput = record['migration'];
  if (migrationInput !== undefined && migrationInput !== 'rewrite' && migrationInput !== 'todo') fail(`${field}.migration`, `must be "rewrite" or "todo", got ${JSON.stringify(migrationInput)}.`);

  const isPath = retired.includes('/');
  const retiredPath = isPath ? parseEndpoint(retired, `${field}.retired`) : undefined;
  if (!isPath && !operationPattern.test(retired)) fail(`${field}.retired`, `must be "METHOD /path" or an operation name of letters, digits and underscores, got ${JSON.stringify(retired)}.`);

  const unboundParams = (endpoint: Endpoint): string[] => {
    const bound = new Set(retiredPath ? templateParams(retiredPath.path) : []);
    return templateParams(endpoint.path).filter((name) => !bound.has(name));
  };
  const canRewrite = retiredPath !== undefined && replacements.length === 1 && unboundParams(replacements[0]!).length === 0;
  const migration: Migration = (migrationInput as Migration | undefined) ?? (canRewrite ? 'rewrite' : 'todo');
  if (migration === 'rewrite' && !canRewrite) {
    const why = retiredPath === undefined
      ? 'an operation cannot be rewritten to a REST call in place'
      : replacements.length !== 1
        ? `a rewrite needs exactly one replacement, got ${replacements.length}`
        : `the replacement's parameter(s) ${unboundParams(replacements[0]!).map((name) => `{${name}}`).join(', ')} are not in the retired path`;
    fail(`${field}.migration`, `is "rewrite" but ${why}; use "todo" with a "reason".`);
  }
  const api = optionalString(record, 'api', field) ?? builtinApiId;
  if (!apiIds.has(api)) {
    const known = [...apiIds].filter((name) => name !== builtinApiId);
    fail(`${field}.api`, `names no API: ${JSON.stringify(api)} is not under apis${known.length > 0 ? ` (there: ${known.join(', ')})` : ''}; define it there with its hosts, or leave api out for the built-in API.`);
  }
  const liveMethods = stringList(record, 'liveMethods', field).map((value, index) => {
    if (!httpMethods.includes(value as HttpMethod)) fail(`${field}.liveMethods[${index}]`, `must be one of ${httpMethods.join(', ')}, got ${describeValue(value)}.`);
    if (retiredPath?.method === value) fail(`${field}.liveMethods[${index}]`, `is the retired method itself (${retired}); list the other methods of the path that stay available.`);
    return value as HttpMethod;
  });
  if (liveMethods.length > 0 && !retiredPath) fail(`${field}.liveMethods`, 'is only for a REST path ("METHOD /path"), not for an operation.');
  const shadowedBy = stringList(record, 'shadowedBy', field).map((value, index) => {
    const at = `${field}.shadowedBy[${index}]`;
    if (typeof value !== 'string' || !/^\/\S*$/.test(value)) fail(at, `must be a path such as "/v1/items/archived", got ${JSON.stringify(value)}.`);
    if (retiredPath !== undefined && !isMoreSpecificPath(value, retiredPath.path)) {
      fail(at, `(${value}) is not a more specific form of ${retiredPath.path}: it needs as many segments, the same text where the retired path has text, and text where it has a {parameter}.`);
    }
    return value;
  });
  if (shadowedBy.length > 0 && !retiredPath) fail(`${field}.shadowedBy`, 'is only for a REST path ("METHOD /path"), not for an operation.');
  const base = {
    id,
    api,
    retiredKey: retired,
    service,
    replacementApis,
    schedule: { gaEnds, supportEnds },
    replacements,
    migration,
    ...(migration === 'todo' ? { todoReason: reason ?? 'a person must choose how to migrate this call' } : {}),
    origin: 'custom' as const,
  };
  if (retiredPath) {
    const entry: PathEntry = {
      ...base,
      kind: 'path',
      family: (family as Family | undefined) ?? 'rest',
      method: retiredPath.method,
      path: retiredPath.path,
      ...(liveMethods.length > 0 ? { liveMethods } : {}),
      ...(shadowedBy.length > 0 ? { shadowedBy } : {}),
    };
    return entry;
  }
  const entry: OperationEntry = { ...base, kind: 'operation', family: (family as Family | undefined) ?? 'soap', operation: retired };
  return entry;
}
