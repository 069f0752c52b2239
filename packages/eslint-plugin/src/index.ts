import { createRequire } from 'node:module';
import type { TSESLint } from '@typescript-eslint/utils';
import { todayUtc } from '@sunset/rule-data';
import type { SunsetRuleName, SunsetRules } from './rules/index.js';
import { createRules } from './rules/index.js';
import { configObjectsFor, type ConfigsForOptions, type SunsetConfigFileObject } from './configs-for.js';
import { createAnalysisMemo, type WarnFunction } from './util/file-analysis.js';

export type { SunsetRuleName, SunsetRules } from './rules/index.js';
export type { SunsetSettings } from './util/settings.js';
export { readSunsetSettings, SunsetSettingsError } from './util/settings.js';
export { docsUrl } from './util/create-rule.js';
export type { WarnFunction } from './util/file-analysis.js';
export type { ConfigsForOptions, SunsetConfigFileObject, SunsetRuleEntry } from './configs-for.js';

interface PackageJson {
  readonly name: string;
  readonly version: string;
}

/** One flat config object of the plugin (`recommended`, `all`). */
export interface SunsetFlatConfig {
  readonly name: string;
  readonly plugins: { readonly sunset: SunsetPlugin };
  readonly rules: Readonly<Record<`sunset/${SunsetRuleName}`, 'error'>>;
  readonly settings: { readonly sunset: { readonly asOf: string } };
}

export interface SunsetPlugin {
  readonly meta: { readonly name: string; readonly version: string };
  readonly rules: SunsetRules;
  readonly configs: { readonly recommended: SunsetFlatConfig; readonly all: SunsetFlatConfig };
  /**
   * The flat config objects for a parsed `sunset.config.json` (or package.json's `sunset` key): the
   * editor then checks what `sunset check` checks with that file. Use them in place of `configs.recommended`:
   * `export default [...sunset.configsFor(JSON.parse(readFileSync(file, 'utf8')), { configFile: file })]`.
   * Throws a ConfigError naming the file and the option when a value is invalid.
   */
  readonly configsFor: (sunsetConfig: unknown, options?: ConfigsForOptions) => SunsetConfigFileObject[];
}

const packageJson = createRequire(import.meta.url)('../package.json') as PackageJson;

function ruleLevels(rules: SunsetRules, include: (name: SunsetRuleName) => boolean): Record<`sunset/${SunsetRuleName}`, 'error'> {
  const names = (Object.keys(rules) as SunsetRuleName[]).filter(include);
  return Object.fromEntries(names.map((name) => [`sunset/${name}`, 'error'])) as Record<`sunset/${SunsetRuleName}`, 'error'>;
}

/**
 * Builds the plugin (the default export is `createPlugin()`): one thin ESLint rule per check of the
 * rule core, sharing one analysis of each file.
 *
 * The configs stamp `settings.sunset.asOf` with the day the config is loaded, so ESLint's cache
 * key changes with the day; set your own `settings.sunset.asOf` in a later config object to pin it.
 * `warn` receives what the plugin has to tell without failing the run (default: `process.emitWarning`).
 */
export function createPlugin(options: { readonly warn?: WarnFunction } = {}): SunsetPlugin {
  const rules = createRules(createAnalysisMemo(options.warn));
  const settings = { sunset: { asOf: todayUtc() } };
  const configs = {} as { recommended: SunsetFlatConfig; all: SunsetFlatConfig };
  const plugin: SunsetPlugin = {
    meta: { name: packageJson.name, version: packageJson.version },
    rules,
    configs,
    configsFor: (sunsetConfig, configOptions) => configObjectsFor(plugin, sunsetConfig, configOptions),
  };
  configs.recommended = {
    name: 'sunset/recommended',
    plugins: { sunset: plugin },
    rules: ruleLevels(rules, (name) => rules[name].meta.docs?.recommended === true),
    settings,
  };
  configs.all = { name: 'sunset/all', plugins: { sunset: plugin }, rules: ruleLevels(rules, () => true), settings };
  return plugin;
}

const plugin = createPlugin();

/** Rule metadata by rule name, for docs and SARIF generation. */
export const ruleMeta: Readonly<Record<SunsetRuleName, TSESLint.RuleMetaData<string, { recommended: boolean }, readonly unknown[]>>> =
  Object.fromEntries(Object.entries(plugin.rules).map(([name, rule]) => [name, rule.meta])) as Record<
    SunsetRuleName,
    TSESLint.RuleMetaData<string, { recommended: boolean }, readonly unknown[]>
  >;

/**
 * The plugin's parts as named exports too: tools that load the package with `require()` (Node's
 * require(esm) hands them the module namespace, not the default export) — eslint-doc-generator among
 * them — find `rules` and `configs` where a CommonJS plugin has them.
 */
export const { meta, rules, configs, configsFor } = plugin;

export default plugin;
