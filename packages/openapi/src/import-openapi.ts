import path from 'node:path';
import { ConfigError, optionNamesIn, validateOptions } from '@sunset/config';
import { parseIsoDay, RuleDataError, type CustomEntryInput, type IsoDay } from '@sunset/rule-data';
import { mergeConfig, type ApiConfig, type EntryOrigin } from './config/merge-config.js';
import type { Description } from './description/description.js';
import { defaultReadLimits, loadDescription } from './description/load-description.js';
import { isHttpUrl, type ReadLimits } from './description/read-source.js';
import { draftDeprecatedEntries } from './entries/deprecated-operations.js';
import type { EntryDraft } from './entries/entry-draft.js';
import { draftRemovedEntries } from './entries/removed-operations.js';
import { unneededServerProblems } from './entries/server-problems.js';
import { OpenApiImportError, type SpecProblem } from './problems.js';

export interface ImportOpenApiOptions {
  /** The OpenAPI 3.x or Swagger 2.0 description, YAML or JSON: a path (absolute or relative to `cwd`) or an http(s) URL. */
  readonly spec: string;
  /** An older version of it (a path or URL): operations it has and `spec` lacks become entries too. Needs both dates. */
  readonly previous?: string;
  /** GA end for operations without `x-deprecated-at` / `x-deprecation-date`, and for removed ones (`YYYY-MM-DD`). */
  readonly deprecatedOn?: string;
  /** Support end for deprecated operations without `x-sunset`, and for removed ones (`YYYY-MM-DD`). */
  readonly sunsetOn?: string;
  /** The day of the import (`YYYY-MM-DD`): the GA end when nothing else gives one. */
  readonly today: string;
  /** The config as it is now (parsed JSON), or undefined when there is none. */
  readonly existingConfig?: unknown;
  /** Where relative paths start; default `process.cwd()`. */
  readonly cwd?: string;
  /** How the generated entries' `service` label names the description; default `spec` with `/` separators. */
  readonly specName?: string;
  /** How messages name the config; default `sunset.config.json`. */
  readonly configName?: string;
  /** Size, time and YAML alias limits for reading the descriptions; default `defaultReadLimits`. */
  readonly limits?: Partial<ReadLimits>;
  /** List every `$ref` to a remote file Sunset did not fetch, not just their count per file. */
  readonly verbose?: boolean;
}

export interface ImportOpenApiResult {
  /** The config to write: `existingConfig` with `customEntries` and the description's API under `apis` brought up to date. */
  readonly config: Record<string, unknown>;
  /** The entries generated from the description, as written in `config.customEntries`. */
  readonly entries: readonly CustomEntryInput[];
  /** What was left out or assumed, each at a JSON pointer of a description (or naming the config). */
  readonly warnings: readonly SpecProblem[];
  readonly summary: {
    readonly deprecated: number;
    readonly removed: number;
    /** Entries of the config that are not this description's, kept as they were. */
    readonly kept: number;
    /** The API the entries belong to, as written under `apis`; undefined when there are no entries. */
    readonly api: { readonly id: string; readonly config: ApiConfig } | undefined;
    /** Hosts an older import had added to `apiHosts`, taken out of it. */
    readonly removedApiHosts: readonly string[];
    /** Entries of other descriptions that already retire this description's calls, which are therefore not imported (their ids). */
    readonly coveredByOtherDescriptions: readonly string[];
  };
}

function checkDays(options: ImportOpenApiOptions): { today: IsoDay; deprecatedOn: IsoDay | undefined; sunsetOn: IsoDay | undefined } {
  const today = parseIsoDay(options.today, 'today');
  const deprecatedOn = options.deprecatedOn === undefined ? undefined : parseIsoDay(options.deprecatedOn, 'deprecatedOn');
  const sunsetOn = options.sunsetOn === undefined ? undefined : parseIsoDay(options.sunsetOn, 'sunsetOn');
  if (deprecatedOn !== undefined && sunsetOn !== undefined && sunsetOn < deprecatedOn) {
    throw new RuleDataError(`sunsetOn (${sunsetOn}) must not be before deprecatedOn (${deprecatedOn}).`, 'sunsetOn');
  }
  if (options.previous !== undefined && (deprecatedOn === undefined || sunsetOn === undefined)) {
    const missing = deprecatedOn === undefined ? 'deprecatedOn' : 'sunsetOn';
    throw new RuleDataError(`${missing} is required with previous: a removed operation's description gives no dates.`, missing);
  }
  return { today, deprecatedOn, sunsetOn };
}

/**
 * The API the entries belong to: the hosts and server paths of the servers that apply to the operations
 * they retire (operation, else path item, else document level), `*` when one of those hosts cannot be
 * known. Servers of other operations change nothing. `serverHosts`: every host of the descriptions.
 */
function apiOf(drafts: readonly EntryDraft[], descriptions: readonly Description[]): { hosts: string[]; basePaths: string[]; serverHosts: string[] } {
  const operations = drafts.map((draft) => draft.operation);
  const hosts = [...new Set(operations.flatMap((operation) => operation.hosts))];
  const unknown = operations.some((operation) => operation.unknownHosts.length > 0) || hosts.length === 0;
  const serverHosts = [...new Set(descriptions.flatMap((description) => description.hosts))];
  return { hosts: unknown ? ['*'] : hosts, basePaths: [...new Set(operations.flatMap((operation) => operation.basePaths))], serverHosts };
}

/** Why the API's hosts are `*`: one warning per reason (the first server that gives it), not one per operation. */
function unknownHostWarnings(drafts: readonly EntryDraft[], apiId: string): SpecProblem[] {
  const all = drafts.flatMap((draft) => draft.operation.unknownHosts);
  const notes = all.filter((note, index) => all.findIndex((other) => other.file === note.file && other.pointer === note.pointer) === index);
  const firsts = notes.filter((note, index) => notes.findIndex((other) => other.why === note.why) === index);
  return firsts.map((note) => {
    const others = notes.filter((other) => other.why === note.why).length - 1;
    const more = others === 0 ? '' : ` (and ${others} more ${others === 1 ? 'server' : 'servers'} like it)`;
    return { file: note.file, pointer: note.pointer, message: `${note.why}${more}: apis.${apiId}.hosts is ["*"], every host.` };
  });
}

/** The merged config as `check` will read it: an error naming the key (or the operation behind an entry) when it would not load. */
function validateMerged(config: Record<string, unknown>, configName: string, origins: ReadonlyMap<string, EntryOrigin>): void {
  try {
    validateOptions(config, configName, optionNamesIn('config-file'));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const index = Number(/^customEntries\[(\d+)\]/.exec(error.path)?.[1] ?? Number.NaN);
    const entry = (config['customEntries'] as unknown[])[index] as { id?: unknown } | undefined;
    const origin = typeof entry?.id === 'string' ? origins.get(entry.id) : undefined;
    if (origin === undefined) throw new OpenApiImportError([{ file: configName, message: `cannot be written: ${error.message}` }]);
    throw new OpenApiImportError([{ file: origin.file, pointer: origin.pointer, message: `gives an invalid entry: ${error.path}: ${error.problem}` }]);
  }
}

/**
 * Imports the deprecated operations of an OpenAPI description (and, with `previous`, the removed
 * ones) as Sunset custom entries of the description's own API, merged into the existing config,
 * which is then validated as `sunset check` reads it. Throws `OpenApiImportError` with every
 * problem at its JSON pointer when the descriptions cannot be imported or the config would not load.
 */
export async function importOpenApi(options: ImportOpenApiOptions): Promise<ImportOpenApiResult> {
  const days = checkDays(options);
  const cwd = options.cwd ?? process.cwd();
  const limits: ReadLimits = { ...defaultReadLimits, ...options.limits };
  const configName = options.configName ?? 'sunset.config.json';
  const verbose = options.verbose === true;
  const loaded = await loadDescription(options.spec, cwd, limits, verbose);
  const loadedPrevious = options.previous === undefined ? undefined : await loadDescription(options.previous, cwd, limits, verbose);
  const current = loaded.description;
  const previous = loadedPrevious?.description;
  const descriptions = previous === undefined ? [current] : [current, previous];
  const locate = (problems: readonly SpecProblem[]): SpecProblem[] => previous === undefined ? current.documents.locate(problems) : previous.documents.locate(current.documents.locate(problems));

  const deprecated = draftDeprecatedEntries(current, days);
  const removed = previous === undefined ? undefined : draftRemovedEntries(previous, current, { deprecatedOn: days.deprecatedOn!, sunsetOn: days.sunsetOn! });
  const errors = [...deprecated.errors, ...(removed?.errors ?? [])];
  if (errors.length > 0) throw new OpenApiImportError(locate(errors));

  const drafts = [...deprecated.drafts, ...(removed?.drafts ?? [])];
  const api = apiOf(drafts, descriptions);
  const merged = mergeConfig({
    existingConfig: options.existingConfig,
    configName,
    drafts,
    title: current.title,
    specName: options.specName ?? (isHttpUrl(options.spec) ? options.spec : options.spec.split(path.sep).join('/')),
    today: days.today,
    api,
    serverHosts: api.serverHosts,
  });
  validateMerged(merged.config, configName, merged.origins);
  const warnings = [
    ...loaded.warnings,
    ...(loadedPrevious?.warnings ?? []),
    ...unneededServerProblems(descriptions.flatMap((description) => description.operations)),
    ...deprecated.warnings,
    ...(removed?.warnings ?? []),
    ...merged.warnings,
    ...(merged.api === undefined ? [] : unknownHostWarnings(drafts, merged.api.id)),
  ];
  const removedCount = [...merged.origins.values()].filter((origin) => origin.cause === 'removed').length;
  return {
    config: merged.config,
    entries: merged.entries,
    warnings: locate(warnings),
    summary: { deprecated: merged.entries.length - removedCount, removed: removedCount, kept: merged.kept, api: merged.api, removedApiHosts: merged.removedApiHosts, coveredByOtherDescriptions: merged.coveredByOtherDescriptions },
  };
}

/** The config file's text: two-space JSON and a final newline, so that a second import writes the same bytes. */
export function formatConfig(config: Record<string, unknown>): string {
  return `${JSON.stringify(config, null, 2)}\n`;
}
