import type { Check, InlineRuleConfig, RuleName, SunsetOptions } from '../analysis-contract.js';

/** A rule to run on a file: its check, severity and ESLint-style options (defaults merged in). */
export interface EnabledRule {
  readonly name: RuleName;
  readonly check: Check;
  readonly severity: 'error' | 'warn';
  readonly options: readonly unknown[];
}

/**
 * The rules a file runs: each check at its configured level (`options.rules`; unconfigured: 'error'
 * when the check is recommended, else off), then the file's `/* eslint sunset/<rule>: … *\/` comments
 * on top, as ESLint applies them (a severity alone keeps the configured options; a comment whose
 * options the rule refuses is not among them: `readDirectives`).
 */
export function enabledRules(
  checks: Readonly<Partial<Record<RuleName, Check>>>,
  configured: SunsetOptions['rules'],
  inline: ReadonlyMap<string, InlineRuleConfig> | undefined,
): readonly EnabledRule[] {
  if (inline !== undefined && inline.size > 0) return rulesOf(checks, configured, inline);
  // Without inline configs the rules are those of the run: worked out once per checks and settings.
  let byConfigured = configuredRules.get(checks);
  if (byConfigured === undefined) configuredRules.set(checks, (byConfigured = new WeakMap()));
  let rules = byConfigured.get(configured);
  if (rules === undefined) byConfigured.set(configured, (rules = rulesOf(checks, configured, undefined)));
  return rules;
}

const configuredRules = new WeakMap<object, WeakMap<object, readonly EnabledRule[]>>();

function rulesOf(
  checks: Readonly<Partial<Record<RuleName, Check>>>,
  configured: SunsetOptions['rules'],
  inline: ReadonlyMap<string, InlineRuleConfig> | undefined,
): readonly EnabledRule[] {
  const rules: EnabledRule[] = [];
  for (const [name, check] of Object.entries(checks) as [RuleName, Check | undefined][]) {
    if (check === undefined) continue;
    const setting = configured[name];
    let level = setting?.level ?? (check.meta.recommended ? 'error' : 'off');
    let options = mergeOptions(check.meta.defaultOptions, setting?.options ?? []);
    const override = inline?.get(`sunset/${name}`);
    if (override !== undefined) {
      level = override.level;
      if (override.options !== undefined) options = mergeOptions(check.meta.defaultOptions, override.options);
    }
    if (level !== 'off') rules.push({ name, check, severity: level, options });
  }
  return rules.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** ESLint's `deepMergeArrays(defaultOptions, options)`: given values win, plain objects merge key by key. */
function mergeOptions(defaults: readonly unknown[], given: readonly unknown[]): unknown[] {
  return Array.from({ length: Math.max(defaults.length, given.length) }, (_, index) => {
    const value = given[index];
    const fallback = defaults[index];
    if (value === undefined) return fallback;
    return isPlainObject(value) && isPlainObject(fallback) ? mergeObjects(fallback, value) : value;
  });
}

function mergeObjects(defaults: Readonly<Record<string, unknown>>, given: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(given)) {
    const fallback = defaults[key];
    merged[key] = isPlainObject(value) && isPlainObject(fallback) ? mergeObjects(fallback, value) : value;
  }
  return merged;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
