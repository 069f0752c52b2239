import { ConfigError, joinPath, optionNamesIn, resolveOptions, validateOptions, validateRuleOptions, type SunsetOptions } from '@sunset/config';
import type { RuleName } from '@sunset/rule-data';

/**
 * Thrown for an invalid `settings.sunset` value or rule option; `setting` names it, e.g. `settings.sunset.asOf`
 * or `rules.sunset/no-legacy-rest-path[1].asOf`. ESLint puts "Error while loading rule '<id>': " before the
 * message of whatever a rule's `create` throws (no hook of a plugin runs earlier with the settings in hand).
 * Every Sunset rule reads the settings, so a settings error adds that the rule named is only the first to
 * read them: it is said after the problem, as oxlint names no rule there.
 */
export class SunsetSettingsError extends Error {
  readonly setting: string;

  constructor(error: ConfigError) {
    const shared = error.origin === 'settings.sunset' ? ' Every Sunset rule reads settings.sunset, so a rule named with this error is only the first one that read it.' : '';
    super(`${error.message}${shared}`);
    this.name = 'SunsetSettingsError';
    this.setting = joinPath(error.origin, error.path);
  }
}

/**
 * Validates a rule's options as ESLint gives them (`context.options`), by the schema `settings.sunset` and
 * `sunset.config.json` share; `ruleId` is the rule as configured (`sunset/no-legacy-rest-path`). Throws
 * SunsetSettingsError naming the option, e.g. `rules.sunset/no-legacy-rest-path[1].asOf`.
 */
export function validateSunsetRuleOptions(rule: RuleName, ruleId: string, options: readonly unknown[]): void {
  try {
    validateRuleOptions(rule, options, `rules.${ruleId}`);
  } catch (error) {
    throw error instanceof ConfigError ? new SunsetSettingsError(error) : error;
  }
}

/** `settings.sunset` as users write it in `eslint.config.js`; shared by every Sunset rule (validated by @sunset/config). */
export type SunsetSettings = Partial<Pick<SunsetOptions, 'asOf' | 'apiHosts' | 'identityHosts' | 'reportScheduled' | 'scheduledWithinDays' | 'typeAware'>> & {
  readonly customEntries?: readonly unknown[];
  /** Other vendors' APIs by id, as in sunset.config.json: `{ "music": { "hosts": [...], "basePaths": [...] } }`. */
  readonly apis?: Readonly<Record<string, unknown>>;
};

const settingNames = optionNamesIn('eslint-settings');

/**
 * Validates `settings.sunset` (ESLint passes the whole `settings` object) and applies the defaults every
 * face shares; throws SunsetSettingsError naming the setting on the first invalid value.
 */
export function readSunsetSettings(settings: unknown): SunsetOptions {
  const raw = typeof settings === 'object' && settings !== null ? (settings as Record<string, unknown>).sunset : undefined;
  try {
    return resolveOptions(raw === undefined ? [] : [validateOptions(raw, 'settings.sunset', settingNames)]);
  } catch (error) {
    throw error instanceof ConfigError ? new SunsetSettingsError(error) : error;
  }
}
