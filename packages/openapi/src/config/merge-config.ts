import { builtinEntries, type CustomEntryInput, type IsoDay } from '@sunset/rule-data';
import { baseEntryId, uniqueEntryId } from '../entries/entry-ids.js';
import { importDay, type EntryDraft } from '../entries/entry-draft.js';
import { OpenApiImportError, type SpecProblem } from '../problems.js';
import { isGeneratedFrom, serviceLabel } from './generated-marker.js';

export interface MergeInput {
  readonly existingConfig: unknown;
  /** How messages name the config. */
  readonly configName: string;
  readonly drafts: readonly EntryDraft[];
  readonly title: string;
  readonly specName: string;
  readonly today: IsoDay;
  readonly hosts: readonly string[];
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
  /** Hosts `apiHosts` did not list before. */
  readonly addedHosts: readonly string[];
  readonly warnings: readonly SpecProblem[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function existingFields(existingConfig: unknown, configName: string): { config: Record<string, unknown>; entries: readonly unknown[]; hosts: readonly string[] | undefined } {
  const fail = (message: string): never => {
    throw new OpenApiImportError([{ file: configName, message }]);
  };
  if (existingConfig === undefined) return { config: {}, entries: [], hosts: undefined };
  if (!isRecord(existingConfig)) return fail(`must hold a JSON object, got ${JSON.stringify(existingConfig)}.`);
  const entries = existingConfig['customEntries'] ?? [];
  if (!Array.isArray(entries)) return fail(`customEntries must be an array of entries, got ${JSON.stringify(entries)}.`);
  const hosts = existingConfig['apiHosts'];
  if (hosts !== undefined && !(Array.isArray(hosts) && hosts.every((host) => typeof host === 'string'))) {
    return fail(`apiHosts must be an array of host names, got ${JSON.stringify(hosts)}.`);
  }
  return { config: existingConfig, entries, hosts: hosts as readonly string[] | undefined };
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

/**
 * The config to write: the existing one with its other fields and entries as they are, the entries
 * generated from this description before replaced by the new ones (in their place),
 * and the description's hosts added to `apiHosts`.
 */
export function mergeConfig(input: MergeInput): MergedConfig {
  const existing = existingFields(input.existingConfig, input.configName);
  const kept = existing.entries.filter((entry) => !isGeneratedFrom(entry, input.specName));
  const previouslyGenerated = new Map(
    existing.entries.filter((entry) => isGeneratedFrom(entry, input.specName)).map((entry) => [(entry as { id?: unknown }).id, entry as Record<string, unknown>]),
  );
  const keptByRetired = new Map(kept.filter(isRecord).map((entry) => [entry['retired'], entry['id']]));
  const taken = new Set<string>([...builtinEntries.map((entry) => entry.id), ...kept.flatMap((entry) => (isRecord(entry) && typeof entry['id'] === 'string' ? [entry['id']] : []))]);
  const service = serviceLabel(input.title, input.specName);
  const warnings: SpecProblem[] = [];
  const entries: CustomEntryInput[] = [];
  const origins = new Map<string, EntryOrigin>();
  const generatedRetired = new Set<string>();

  for (const draft of input.drafts) {
    const { operation } = draft;
    const retired = `${draft.retired.method} ${draft.retired.path}`;
    const owner = keptByRetired.get(retired);
    if (owner !== undefined) {
      warnings.push({ file: operation.file, pointer: operation.pointer, message: `is not imported: the entry ${JSON.stringify(owner)} of ${input.configName} already retires ${retired}, and it is kept.` });
      continue;
    }
    if (generatedRetired.has(retired)) {
      warnings.push({ file: operation.file, pointer: operation.pointer, message: `is not imported: another operation already gives an entry for ${retired}.` });
      continue;
    }
    generatedRetired.add(retired);
    const id = uniqueEntryId(baseEntryId(operation), taken);
    taken.add(id);
    const before = previouslyGenerated.get(id);
    // The day of the import is the day the import first saw the deprecation: later imports keep it.
    const firstSeen = before?.['retired'] === retired && typeof before['gaEnds'] === 'string' ? before['gaEnds'] : input.today;
    const gaEnds = draft.gaEnds === importDay ? firstSeen : draft.gaEnds;
    entries.push({
      id,
      retired,
      ...(draft.replacements.length > 0 ? { replacements: draft.replacements.map((endpoint) => `${endpoint.method} ${endpoint.path}`) } : {}),
      gaEnds: gaEnds < draft.supportEnds ? gaEnds : draft.supportEnds,
      supportEnds: draft.supportEnds,
      migration: draft.migration,
      ...(draft.reason === undefined ? {} : { reason: draft.reason }),
      service,
    });
    origins.set(id, { file: operation.file, pointer: operation.pointer, cause: draft.cause });
  }

  const config: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(existing.config)) {
    // A new apiHosts goes before customEntries: the short list first.
    if (key === 'customEntries' && existing.hosts === undefined && input.hosts.length > 0) config['apiHosts'] = [];
    config[key] = value;
  }
  const addedHosts = input.hosts.filter((host) => !(existing.hosts ?? []).includes(host));
  if (input.hosts.length > 0) {
    const hosts = [...(existing.hosts ?? [])];
    for (const host of input.hosts) if (!hosts.includes(host)) hosts.push(host);
    if (existing.hosts === undefined) {
      warnings.push({
        file: input.configName,
        message: `apiHosts is now ${JSON.stringify(hosts)}: URLs with another host no longer count for any entry, the built-in ones included; add the other hosts your code calls.`,
      });
    }
    config['apiHosts'] = hosts;
  }
  config['customEntries'] = placeGenerated(existing.entries, entries, input.specName);
  return { config, entries, origins, kept: kept.length, addedHosts, warnings };
}
