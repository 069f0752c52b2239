import path from 'node:path';
import { createCatalog, parseIsoDay, RuleDataError, type CustomEntryInput, type IsoDay } from '@sunset/rule-data';
import { mergeConfig } from './config/merge-config.js';
import type { Description } from './description/description.js';
import { loadDescription } from './description/load-description.js';
import { locateProblems } from './description/locate.js';
import { draftDeprecatedEntries } from './entries/deprecated-operations.js';
import { draftRemovedEntries } from './entries/removed-operations.js';
import { OpenApiImportError, type SpecProblem } from './problems.js';

export interface ImportOpenApiOptions {
  /** The OpenAPI 3.0/3.1 description, YAML or JSON: a path, absolute or relative to `cwd`. */
  readonly spec: string;
  /** An older version of it: operations it has and `spec` lacks become entries too. Needs both dates. */
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
}

export interface ImportOpenApiResult {
  /** The config to write: `existingConfig` with `customEntries` and `apiHosts` brought up to date. */
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
    /** Hosts added to `apiHosts`. */
    readonly addedHosts: readonly string[];
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

/** The warnings about hosts `apiHosts` now lists only because a server variable has that default. */
function defaultHostWarnings(descriptions: readonly Description[], addedHosts: readonly string[]): SpecProblem[] {
  return descriptions.flatMap((description) =>
    description.defaultHosts
      .filter((note) => addedHosts.includes(note.host))
      .map((note) => ({
        file: description.file,
        pointer: note.pointer,
        message: `gives apiHosts the host ${note.host} (the default of {${note.variable}}); if your clients call another host, put it in apiHosts.`,
      })),
  );
}

/**
 * Imports the deprecated operations of an OpenAPI description (and, with `previous`, the removed
 * ones) as Sunset custom entries, merged into the existing config. Throws `OpenApiImportError` with
 * every problem at its JSON pointer when the descriptions cannot be imported.
 */
export async function importOpenApi(options: ImportOpenApiOptions): Promise<ImportOpenApiResult> {
  const days = checkDays(options);
  const cwd = options.cwd ?? process.cwd();
  const resolvePath = (file: string): string => path.resolve(cwd, file);
  const configName = options.configName ?? 'sunset.config.json';
  const current = await loadDescription(options.spec, resolvePath(options.spec));
  const previous = options.previous === undefined ? undefined : await loadDescription(options.previous, resolvePath(options.previous));

  const deprecated = draftDeprecatedEntries(current, days);
  const removed = previous === undefined ? undefined : draftRemovedEntries(previous, current, { deprecatedOn: days.deprecatedOn!, sunsetOn: days.sunsetOn! });
  const errors = [...deprecated.errors, ...(removed?.errors ?? [])];
  if (errors.length > 0) throw new OpenApiImportError(await locateProblems(errors, resolvePath));

  const merged = mergeConfig({
    existingConfig: options.existingConfig,
    configName,
    drafts: [...deprecated.drafts, ...(removed?.drafts ?? [])],
    title: current.title,
    specName: options.specName ?? options.spec.split(path.sep).join('/'),
    today: days.today,
    hosts: [...new Set([...current.hosts, ...(previous?.hosts ?? [])])],
  });
  try {
    createCatalog(merged.config['customEntries'], 'customEntries');
  } catch (error) {
    if (!(error instanceof RuleDataError)) throw error;
    const index = Number(/^customEntries\[(\d+)\]/.exec(error.field ?? '')?.[1] ?? Number.NaN);
    const entry = (merged.config['customEntries'] as unknown[])[index] as { id?: unknown } | undefined;
    const origin = typeof entry?.id === 'string' ? merged.origins.get(entry.id) : undefined;
    throw new OpenApiImportError([origin === undefined ? { file: configName, message: error.message } : { file: origin.file, pointer: origin.pointer, message: `gives an invalid entry: ${error.message}` }]);
  }
  const warnings = [
    ...deprecated.warnings,
    ...(removed?.warnings ?? []),
    ...merged.warnings,
    ...defaultHostWarnings(previous === undefined ? [current] : [current, previous], merged.addedHosts),
  ];
  const removedCount = [...merged.origins.values()].filter((origin) => origin.cause === 'removed').length;
  return {
    config: merged.config,
    entries: merged.entries,
    warnings: await locateProblems(warnings, resolvePath),
    summary: { deprecated: merged.entries.length - removedCount, removed: removedCount, kept: merged.kept, addedHosts: merged.addedHosts },
  };
}

/** The config file's text: two-space JSON and a final newline, so that a second import writes the same bytes. */
export function formatConfig(config: Record<string, unknown>): string {
  return `${JSON.stringify(config, null, 2)}\n`;
}
