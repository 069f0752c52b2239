import { builtinApi, createCatalog, identityProvider, todayUtc } from '@sunset/rule-data';
import { defaultMaxFileSize, defaultScheduledWithinDays } from './options.js';
import type { CheckOptions, OptionName, OptionsLayer, SunsetOptions } from './types.js';

/** The last value a layer sets (undefined counts as not set). */
function lastSet<K extends OptionName>(layers: readonly OptionsLayer[], name: K): SunsetOptions[K] | undefined {
  for (let index = layers.length - 1; index >= 0; index -= 1) {
    const value = layers[index]![name];
    if (value !== undefined) return value as SunsetOptions[K];
  }
  return undefined;
}

/**
 * Merges layers from validateOptions (later layers win, option by option; `rules` merge rule by rule) and
 * fills the defaults: `asOf` today (UTC) at `now`, `failOn` "deprecated", every host, no ignores,
 * scheduled entries not reported (90 days ahead when they are), no custom entries, the baseline
 * unset (the CLI's default file), no rule overrides, not type-aware, files up to 1 MiB, minified files skipped.
 */
export function resolveOptions(layers: readonly OptionsLayer[], now: Date = new Date()): SunsetOptions {
  const customEntries = lastSet(layers, 'customEntries') ?? [];
  const apis = lastSet(layers, 'apis') ?? [];
  return {
    asOf: lastSet(layers, 'asOf') ?? todayUtc(now),
    failOn: lastSet(layers, 'failOn') ?? 'deprecated',
    apiHosts: lastSet(layers, 'apiHosts'),
    identityHosts: lastSet(layers, 'identityHosts'),
    ignores: lastSet(layers, 'ignores') ?? [],
    reportScheduled: lastSet(layers, 'reportScheduled') ?? false,
    scheduledWithinDays: lastSet(layers, 'scheduledWithinDays') ?? defaultScheduledWithinDays,
    apis,
    customEntries,
    // Validated by validateOptions with the APIs of the same place; built here with the APIs in force.
    catalog: createCatalog(customEntries, 'customEntries', apis),
    baseline: lastSet(layers, 'baseline'),
    rules: Object.assign({}, ...layers.map((layer) => layer.rules ?? {})) as SunsetOptions['rules'],
    typeAware: lastSet(layers, 'typeAware') ?? false,
    maxFileSize: lastSet(layers, 'maxFileSize') ?? defaultMaxFileSize,
    checkMinified: lastSet(layers, 'checkMinified') ?? false,
  };
}

/**
 * The hosts a list of the user's adds to the spec's (`api.adform.com`, `id.adform.com`): a proxy or
 * gateway is one more host of the API, never instead of it. `*` anywhere means every host (undefined).
 */
export function withSpecHosts(specHosts: readonly string[], added: readonly string[] | undefined): readonly string[] | undefined {
  if (added?.includes('*') === true) return undefined;
  return [...new Set([...specHosts, ...(added ?? [])])];
}

/** The built-in API's hosts in force: the spec's and `apiHosts`; undefined for every host (`"*"`). */
export function builtinApiHostsOf(apiHosts: readonly string[] | undefined): readonly string[] | undefined {
  return withSpecHosts(builtinApi.hosts, apiHosts);
}

/** The options the checks read (`AnalysisOptions` of `@sunset/analysis`, structurally): host lists with the spec's hosts. */
export function analysisOptionsOf(options: SunsetOptions): CheckOptions {
  return {
    asOf: options.asOf,
    catalog: options.catalog,
    apiHosts: builtinApiHostsOf(options.apiHosts),
    identityHosts: withSpecHosts(identityProvider.hosts, options.identityHosts),
    reportScheduled: options.reportScheduled,
    scheduledWithinDays: options.scheduledWithinDays,
  };
}
