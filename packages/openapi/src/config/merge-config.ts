import { builtinApiId, builtinEntries, type CustomEntryInput, type IsoDay } from '@sunset/rule-data';
import { baseEntryId, uniqueEntryId } from '../entries/entry-ids.js';
import { importDay, type EntryDraft } from '../entries/entry-draft.js';
import { OpenApiImportError, type SpecProblem } from '../problems.js';
import { isGeneratedByAnyDescription, isGeneratedFrom, serviceLabel } from './generated-marker.js';

export interface MergeInput {
  readonly existingConfig: unknown;
  /** How messages name the config. */
  readonly configName: string;
  readonly drafts: readonly EntryDraft[];
  readonly title: string;
  readonly specName: string;
  readonly today: IsoDay;
  /** The API the description describes: its hosts (`*` for every host) and server paths. */
  readonly api: { readonly hosts: readonly string[]; readonly basePaths: readonly string[] };
  /** Every host its servers name (also those the API lists as `*`): what an older import put in `apiHosts`. */
  readonly serverHosts: readonly string[];
}

/** An API as the config writes it, under `apis.<id>`. */
export interface ApiConfig {
  readonly name: string;
  readonly hosts: readonly string[];
  readonly basePaths: readonly string[];
}

export interface EntryOrigin {
  readonly file: string;
  readonly pointer: string;
  readonly cause: EntryDraft['cause'];
}

export interface MergedConfig {
  readonly config: Record<string, unknown>;
  /** The generated entries, in the order they are written. */
  readonly entries: readonly CustomEntryInput[];
  /** Where each generated entry came from, by id. */
  readonly origins: ReadonlyMap<string, EntryOrigin>;
  /** How many entries of the config were kept (written by hand or generated from other descriptions). */
  readonly kept: number;
  /** The API the entries belong to (`apis.<id>`); undefined when there are no entries. */
  readonly api: { readonly id: string; readonly config: ApiConfig } | undefined;
  /** Hosts an older import had put in `apiHosts`, taken out of it. */
  readonly removedApiHosts: readonly string[];
  /** Entries another description generated that retire this one's calls, so those calls are not imported (their ids). */
  readonly coveredByOtherDescriptions: readonly string[];
  readonly warnings: readonly SpecProblem[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function existingFields(
  existingConfig: unknown,
  configName: string,
): { config: Record<string, unknown>; entries: readonly unknown[]; hosts: readonly string[] | undefined; apis: Readonly<Record<string, unknown>> } {
  const fail = (message: string): never => {
    throw new OpenApiImportError([{ file: configName, message }]);
  };
  if (existingConfig === undefined) return { config: {}, entries: [], hosts: undefined, apis: {} };
  if (!isRecord(existingConfig)) return fail(`must hold a JSON object, got ${JSON.stringify(existingConfig)}.`);
  const entries = existingConfig['customEntries'] ?? [];
  if (!Array.isArray(entries)) return fail(`customEntries must be an array of entries, got ${JSON.stringify(entries)}.`);
  const hosts = existingConfig['apiHosts'];
  if (hosts !== undefined && !(Array.isArray(hosts) && hosts.every((host) => typeof host === 'string'))) {
    return fail(`apiHosts must be an array of host names, got ${JSON.stringify(hosts)}.`);
  }
  const apis = existingConfig['apis'] ?? {};
  if (!isRecord(apis)) return fail(`apis must be an object of APIs by id, got ${JSON.stringify(apis)}.`);
  return { config: existingConfig, entries, hosts: hosts as readonly string[] | undefined, apis };
}

/**
 * The entries in the order they are written: the new generated ones where this description's
 * entries were before (at the end the first time), every other entry where it was. So a re-import
 * leaves the file as it is, whatever other descriptions were imported after this one.
 */
function placeGenerated(existingEntries: readonly unknown[], generated: readonly CustomEntryInput[], specName: string): unknown[] {
  const placed: unknown[] = [];
  let inserted = false;
  for (const entry of existingEntries) {
    if (!isGeneratedFrom(entry, specName)) placed.push(entry);
    else if (!inserted) {
      placed.push(...generated);
      inserted = true;
    }
  }
  if (!inserted) placed.push(...generated);
  return placed;
}

/** A title as an API id: `Music API` → `music-api`, `GitHub's REST API` → `githubs-rest-api`. */
export function apiIdOf(title: string): string {
  const id = title.toLowerCase().replace(/['’]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return id === '' ? 'openapi' : id;
}

/**
 * The API id of a description: the one its entries already name (so a re-import keeps it, even
 * when the title changed), else its title in kebab-case, made unique among the config's APIs.
 */
function apiIdFor(title: string, previouslyGenerated: readonly Record<string, unknown>[], existingApis: Readonly<Record<string, unknown>>): string {
  const named = previouslyGenerated.map((entry) => entry['api']).find((api): api is string => typeof api === 'string' && api !== builtinApiId);
  if (named !== undefined) return named;
  const base = apiIdOf(title);
  return uniqueEntryId(base === builtinApiId ? `${base}-api` : base, new Set([builtinApiId, ...Object.keys(existingApis)]));
}

const apiKeyOrder = ['asOf', 'apiHosts', 'identityHosts'];

/** The config's keys in order, with `apis` (when new) after `asOf`/`apiHosts`/`identityHosts`, before the rest. */
function withApis(config: Record<string, unknown>, apis: Record<string, unknown> | undefined): Record<string, unknown> {
  if (apis === undefined || 'apis' in config) return apis === undefined ? config : { ...config, apis };
  const ordered: Record<string, unknown> = {};
  let placed = false;
  for (const [key, value] of Object.entries(config)) {
    if (!placed && !apiKeyOrder.includes(key)) {
      ordered['apis'] = apis;
      placed = true;
    }
    ordered[key] = value;
  }
  if (!placed) ordered['apis'] = apis;
  return ordered;
}

/**
 * The config to write: the existing one with its other fields and entries as they are, the entries
 * generated from this description before replaced by the new ones (in their place), each naming
 * the description's API, which `apis` holds with its hosts and server paths. `apiHosts` (the built-in
 * API's hosts) is never extended; hosts an older import put there are taken out again.
 */
export function mergeConfig(input: MergeInput): MergedConfig {
  const existing = existingFields(input.existingConfig, input.configName);
  const kept = existing.entries.filter((entry) => !isGeneratedFrom(entry, input.specName));
  const generatedBefore = existing.entries.filter((entry): entry is Record<string, unknown> => isRecord(entry) && isGeneratedFrom(entry, input.specName));
  const previouslyGenerated = new Map(generatedBefore.map((entry) => [entry['id'], entry]));
  const keptByRetired = new Map(kept.filter(isRecord).map((entry) => [entry['retired'], entry]));
  const taken = new Set<string>([...builtinEntries.map((entry) => entry.id), ...kept.flatMap((entry) => (isRecord(entry) && typeof entry['id'] === 'string' ? [entry['id']] : []))]);
  const service = serviceLabel(input.title, input.specName);
  const apiId = apiIdFor(input.title, generatedBefore, existing.apis);
  const warnings: SpecProblem[] = [];
  const entries: CustomEntryInput[] = [];
  const origins = new Map<string, EntryOrigin>();
  const generatedRetired = new Set<string>();
  const coveredByOtherDescriptions: string[] = [];
  let writtenWithServerPath = false;

  for (const draft of input.drafts) {
    const { operation } = draft;
    const retired = `${draft.retired.method} ${draft.retired.path}`;
    const owner = keptByRetired.get(retired);
    if (owner !== undefined) {
      warnings.push({ file: operation.file, pointer: operation.pointer, message: `is not imported: the entry ${JSON.stringify(owner['id'])} of ${input.configName} already retires ${retired}, and it is kept.` });
      if (isGeneratedByAnyDescription(owner) && typeof owner['id'] === 'string') coveredByOtherDescriptions.push(owner['id']);
      continue;
    }
    if (generatedRetired.has(retired)) {
      warnings.push({ file: operation.file, pointer: operation.pointer, message: `is not imported: another operation already gives an entry for ${retired}.` });
      continue;
    }
    generatedRetired.add(retired);
    if (draft.retired.path !== operation.endpoint?.path) writtenWithServerPath = true;
    const id = uniqueEntryId(baseEntryId(operation), taken);
    taken.add(id);
    const before = previouslyGenerated.get(id);
    // The day of the import is the day the import first saw the deprecation: later imports keep it.
    const firstSeen = before?.['retired'] === retired && typeof before['gaEnds'] === 'string' ? before['gaEnds'] : input.today;
    const gaEnds = draft.gaEnds === importDay ? firstSeen : draft.gaEnds;
    entries.push({
      id,
      retired,
      api: apiId,
      ...(draft.liveMethods.length > 0 ? { liveMethods: draft.liveMethods } : {}),
      ...(draft.shadowedBy.length > 0 ? { shadowedBy: draft.shadowedBy } : {}),
      ...(draft.replacements.length > 0 ? { replacements: draft.replacements.map((endpoint) => `${endpoint.method} ${endpoint.path}`) } : {}),
      gaEnds: gaEnds < draft.supportEnds ? gaEnds : draft.supportEnds,
      supportEnds: draft.supportEnds,
      migration: draft.migration,
      ...(draft.reason === undefined ? {} : { reason: draft.reason }),
      service,
    });
    origins.set(id, { file: operation.file, pointer: operation.pointer, cause: draft.cause });
  }

  // The API: only while it has entries, and never one that entries kept from elsewhere still name.
  const dropOwnApi = entries.length === 0 && !kept.some((entry) => isRecord(entry) && entry['api'] === apiId) && generatedBefore.some((entry) => entry['api'] === apiId);
  const apis: Record<string, unknown> = Object.fromEntries(Object.entries(existing.apis).filter(([id]) => !(dropOwnApi && id === apiId)));
  const api =
    entries.length === 0
      ? undefined
      : {
          id: apiId,
          config: {
            name: input.title,
            hosts: [...input.api.hosts],
            // Entries written with their server path (a move between server paths) begin at the root.
            basePaths: writtenWithServerPath && !input.api.basePaths.includes('') ? [...input.api.basePaths, ''] : [...input.api.basePaths],
          },
        };
  if (api !== undefined) apis[apiId] = api.config;

  let config: Record<string, unknown> = { ...existing.config, customEntries: placeGenerated(existing.entries, entries, input.specName) };
  const removedApiHosts = migrateApiHosts(existing, generatedBefore, input, apiId, warnings);
  if (removedApiHosts.length > 0) {
    const rest = (existing.hosts ?? []).filter((host) => !removedApiHosts.includes(host));
    if (rest.length > 0) config['apiHosts'] = rest;
    else delete config['apiHosts'];
  }
  const hadApis = isRecord(existing.config['apis']);
  config = withApis(config, api !== undefined || hadApis ? apis : undefined);
  return { config, entries, origins, kept: kept.length, api, removedApiHosts, coveredByOtherDescriptions, warnings };
}

/**
 * An older `sunset import openapi` added a description's hosts to `apiHosts`, which restricted the
 * built-in entries and the OAuth rules to them. On its next import (its entries carry its marker
 * but no `api`), the hosts of its servers are taken out of `apiHosts` again, with a warning.
 */
function migrateApiHosts(
  existing: ReturnType<typeof existingFields>,
  generatedBefore: readonly Record<string, unknown>[],
  input: MergeInput,
  apiId: string,
  warnings: SpecProblem[],
): string[] {
  const olderImport = generatedBefore.some((entry) => entry['api'] === undefined);
  if (!olderImport || existing.hosts === undefined) return [];
  const removed = existing.hosts.filter((host) => input.serverHosts.includes(host.toLowerCase()));
  if (removed.length === 0) return [];
  const rest = existing.hosts.filter((host) => !removed.includes(host));
  const now = rest.length === 0 ? 'apiHosts is removed, so the built-in entries count on every host again' : `apiHosts is now ${JSON.stringify(rest)}`;
  warnings.push({
    file: input.configName,
    message: `${JSON.stringify(removed)} left apiHosts: an older sunset import openapi put the hosts of ${input.specName} there, which kept the built-in entries and the OAuth rules from every other host. They are the hosts of apis.${apiId} now; ${now}.`,
  });
  return removed;
}
