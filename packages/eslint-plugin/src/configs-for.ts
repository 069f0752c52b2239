import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ignore from 'ignore';
import { configFileOrigin, optionNamesIn, validateOptions, type OptionsLayer, type RuleSetting } from '@sunset/config';
import { todayUtc, type RuleName } from '@sunset/rule-data';
import type { SunsetRules } from './rules/index.js';
import type { SunsetSettings } from './util/settings.js';

/** Where the object passed to `configsFor` was read from: names it in errors and anchors its `ignores`. */
export interface ConfigsForOptions {
  /**
   * The file the object was read from (a path or a `file:` URL, e.g. `new URL('./sunset.config.json',
   * import.meta.url)`). Errors name it, and `ignores` are relative to its folder, as for `sunset check`.
   * Default: `sunset.config.json` in the working directory.
   */
  readonly configFile?: string | URL;
}

/** A rule's level in ESLint's words: `"error"`, or `["error", ...options]` when it has options. */
export type SunsetRuleEntry = RuleSetting['level'] | readonly [RuleSetting['level'], ...unknown[]];

/** One flat config object made from `sunset.config.json`. */
export interface SunsetConfigFileObject {
  readonly name: string;
  /** Only on the object that turns the rules off in the files the config's `ignores` excludes. */
  readonly files?: readonly [(filePath: string) => boolean];
  readonly plugins?: { readonly sunset: object };
  readonly rules: Readonly<Record<`sunset/${RuleName}`, SunsetRuleEntry>>;
  readonly settings?: { readonly sunset: SunsetSettings };
}

/** The settings `settings.sunset` shares with `sunset.config.json`; the rest (`failOn`, `baseline`, …) are the CLI's alone. */
const sharedSettings = optionNamesIn('eslint-settings').filter((name) => optionNamesIn('config-file').includes(name));

/** `package.json ("sunset" key)` or the file's path, as `sunset check` names a config in its errors. */
function originOf(configFile: string | URL | undefined): { origin: string; baseDir: string } {
  if (configFile === undefined) return { origin: 'sunset.config.json', baseDir: process.cwd() };
  const file = path.resolve(configFile instanceof URL ? fileURLToPath(configFile) : configFile);
  const shown = path.relative(process.cwd(), file) || path.basename(file);
  return { origin: configFileOrigin(file, shown), baseDir: path.dirname(file) };
}

/** ESLint's form of a rule setting: the level alone when there are no options. */
function ruleEntry(setting: RuleSetting): SunsetRuleEntry {
  return setting.options.length === 0 ? setting.level : [setting.level, ...setting.options];
}

/** A `files` matcher: true for a file below `baseDir` that the gitignore-style `patterns` exclude (the `ignore` library, as `sunset check`). */
function ignoredBy(patterns: readonly string[], baseDir: string): (filePath: string) => boolean {
  const matcher = ignore().add([...patterns]);
  return (filePath) => {
    const relative = path.relative(baseDir, filePath);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return false;
    return matcher.ignores(relative.split(path.sep).join('/'));
  };
}

/**
 * The flat config objects that make ESLint check what `sunset check` checks with the same
 * `sunset.config.json` (or package.json's `sunset` key), parsed by the caller: every option ESLint
 * can use (`asOf`, `apiHosts`, `identityHosts`, `reportScheduled`, `scheduledWithinDays`,
 * `customEntries`) as `settings.sunset`, every rule at its level with its options from `rules`
 * (an unnamed rule at `error` when recommended, else off, as in `sunset check`), and the rules off in
 * the files `ignores` excludes. Validated by @sunset/config: an invalid value throws a ConfigError
 * naming the file and the option. `failOn`, `baseline`, `maxFileSize` and `checkMinified` are the
 * CLI's; they are validated and otherwise left out.
 */
export function configObjectsFor(plugin: { readonly rules: SunsetRules }, sunsetConfig: unknown, options: ConfigsForOptions = {}): SunsetConfigFileObject[] {
  const { origin, baseDir } = originOf(options.configFile);
  const layer: OptionsLayer = validateOptions(sunsetConfig, origin, optionNamesIn('config-file'));
  const written = sunsetConfig as Readonly<Record<string, unknown>>;
  const settings = Object.fromEntries(sharedSettings.flatMap((name) => (written[name] === undefined ? [] : [[name, written[name]]])));
  const names = Object.keys(plugin.rules) as RuleName[];
  const rules = Object.fromEntries(
    names.map((name) => {
      const setting = layer.rules?.[name];
      return [`sunset/${name}`, setting === undefined ? (plugin.rules[name].meta.docs?.recommended === true ? 'error' : 'off') : ruleEntry(setting)];
    }),
  ) as Record<`sunset/${RuleName}`, SunsetRuleEntry>;
  const main: SunsetConfigFileObject = {
    name: `sunset/${origin}`,
    plugins: { sunset: plugin },
    rules,
    // The day is in the config, as in `configs.recommended`: ESLint's cache key changes with it.
    settings: { sunset: { asOf: todayUtc(), ...settings } as SunsetSettings },
  };
  const ignores = layer.ignores ?? [];
  if (ignores.length === 0) return [main];
  const off = Object.fromEntries(names.map((name) => [`sunset/${name}`, 'off'])) as Record<`sunset/${RuleName}`, 'off'>;
  return [main, { name: `sunset/${origin} ignores`, files: [ignoredBy(ignores, baseDir)], rules: off }];
}
