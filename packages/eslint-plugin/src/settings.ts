import type { JSONSchema4 } from '@typescript-eslint/utils/json-schema';
import type { Catalog, IsoDay } from '@sunset/rule-data';
import { builtinCatalog, createCatalog, parseIsoDay, RuleDataError, todayUtc } from '@sunset/rule-data';

/** `settings.sunset` as users write it in `eslint.config.js`; shared by every Sunset rule. */
export interface SunsetSettings {
  readonly asOf?: IsoDay;
  readonly apiHosts?: readonly string[];
  /** Hosts of the identity provider ({auth_url}) when it is not on an API host; read by the OAuth rules. */
  readonly identityHosts?: readonly string[];
  readonly reportScheduled?: boolean;
  readonly scheduledWithinDays?: number;
  readonly customEntries?: unknown;
  readonly typeAware?: boolean;
}

/** Options of the three retirement rules; each one overrides the setting of the same name. */
export interface RetirementRuleOptions {
  readonly asOf?: IsoDay;
  readonly apiHosts?: readonly string[];
  readonly reportScheduled?: boolean;
  readonly scheduledWithinDays?: number;
}

/** `settings.sunset` after validation; custom entries are merged into the catalog. */
export interface ValidatedSunsetSettings extends Omit<SunsetSettings, 'customEntries'> {
  readonly catalog: Catalog;
}

/** Settings and rule options merged, validated, with defaults applied. */
export interface ResolvedSunsetOptions {
  readonly asOf: IsoDay;
  readonly apiHosts: readonly string[] | undefined;
  readonly reportScheduled: boolean;
  readonly scheduledWithinDays: number;
  readonly catalog: Catalog;
  readonly typeAware: boolean;
  readonly identityHosts?: readonly string[] | undefined;
}

export const DEFAULT_SCHEDULED_WITHIN_DAYS = 90;

const SETTING_NAMES = ['asOf', 'apiHosts', 'reportScheduled', 'scheduledWithinDays', 'customEntries', 'typeAware', 'identityHosts'] as const;

/** Thrown for an invalid setting or rule option; `setting` names it, e.g. `settings.sunset.asOf`. */
export class SunsetSettingsError extends Error {
  readonly setting: string;

  constructor(setting: string, problem: string) {
    super(`Invalid Sunset option \`${setting}\`: ${problem} Fix it in your ESLint config.`);
    this.name = 'SunsetSettingsError';
    this.setting = setting;
  }
}

/** JSON schema of the retirement rules' options object (ESLint validates it). */
export const retirementRuleOptionsSchema: JSONSchema4 = {
  type: 'object',
  additionalProperties: false,
  properties: {
    asOf: {
      type: 'string',
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description: 'The day phases are computed for (YYYY-MM-DD, UTC). Default: settings.sunset.asOf, else today.',
    },
    apiHosts: {
      type: 'array',
      items: { type: 'string', minLength: 1 },
      uniqueItems: true,
      description: 'Hosts of the advertising API; a URL with an explicit other host is not reported.',
    },
    reportScheduled: {
      type: 'boolean',
      description: 'Also report entries that are still scheduled (general availability not yet ended).',
    },
    scheduledWithinDays: {
      type: 'integer',
      minimum: 0,
      description: 'With reportScheduled: report scheduled entries whose general availability ends within this many days.',
    },
  },
};

function describeValue(value: unknown): string {
  return value === undefined ? 'undefined' : JSON.stringify(value) ?? String(value);
}

/** Re-throws rule-data's validation error as a settings error naming the same field. */
function asSettingsError(error: unknown, setting: string): unknown {
  if (!(error instanceof RuleDataError)) return error;
  const field = error.field ?? setting;
  const problem = error.message.startsWith(field) ? error.message.slice(field.length).trim() : error.message;
  return new SunsetSettingsError(field, problem);
}

function readDay(value: unknown, setting: string): IsoDay {
  try {
    return parseIsoDay(value, setting);
  } catch (error) {
    throw asSettingsError(error, setting);
  }
}

function readBoolean(value: unknown, setting: string): boolean {
  if (typeof value !== 'boolean') {
    throw new SunsetSettingsError(setting, `expected true or false, got ${describeValue(value)}.`);
  }
  return value;
}

function readHosts(value: unknown, setting: string): readonly string[] {
  if (!Array.isArray(value) || !value.every((host) => typeof host === 'string' && host.length > 0)) {
    throw new SunsetSettingsError(setting, `expected an array of host names such as ["api.example.com"], got ${describeValue(value)}.`);
  }
  return value as readonly string[];
}

function readDayCount(value: unknown, setting: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new SunsetSettingsError(setting, `expected a whole number of days (0 or more), got ${describeValue(value)}.`);
  }
  return value;
}

function readCatalog(value: unknown, setting: string): Catalog {
  try {
    return createCatalog(value, setting);
  } catch (error) {
    throw asSettingsError(error, setting);
  }
}

/**
 * Validates `settings.sunset` (the whole `settings` object of the ESLint config is passed) and builds
 * the catalog from the built-in and custom entries.
 * Throws SunsetSettingsError naming the setting on the first invalid value.
 */
export function readSunsetSettings(settings: unknown): ValidatedSunsetSettings {
  if (typeof settings !== 'object' || settings === null) return { catalog: builtinCatalog };
  const raw: unknown = (settings as Record<string, unknown>).sunset;
  if (raw === undefined) return { catalog: builtinCatalog };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new SunsetSettingsError('settings.sunset', `expected an object, got ${describeValue(raw)}.`);
  }
  const values = raw as Record<string, unknown>;
  const unknownName = Object.keys(values).find((name) => !(SETTING_NAMES as readonly string[]).includes(name));
  if (unknownName !== undefined) {
    throw new SunsetSettingsError(`settings.sunset.${unknownName}`, `unknown setting; the known ones are ${SETTING_NAMES.join(', ')}.`);
  }
  return {
    ...(values.asOf !== undefined && { asOf: readDay(values.asOf, 'settings.sunset.asOf') }),
    ...(values.apiHosts !== undefined && { apiHosts: readHosts(values.apiHosts, 'settings.sunset.apiHosts') }),
    ...(values.reportScheduled !== undefined && {
      reportScheduled: readBoolean(values.reportScheduled, 'settings.sunset.reportScheduled'),
    }),
    ...(values.scheduledWithinDays !== undefined && {
      scheduledWithinDays: readDayCount(values.scheduledWithinDays, 'settings.sunset.scheduledWithinDays'),
    }),
    catalog:
      values.customEntries === undefined ? builtinCatalog : readCatalog(values.customEntries, 'settings.sunset.customEntries'),
    ...(values.typeAware !== undefined && { typeAware: readBoolean(values.typeAware, 'settings.sunset.typeAware') }),
    ...(values.identityHosts !== undefined && { identityHosts: readHosts(values.identityHosts, 'settings.sunset.identityHosts') }),
  };
}

/**
 * Merges validated settings with one rule's options (the rule option wins) and applies defaults:
 * `asOf` today (UTC), no host list, scheduled entries not reported, 90 days ahead.
 */
export function resolveSunsetOptions(
  settings: ValidatedSunsetSettings,
  ruleOptions: RetirementRuleOptions,
  ruleId: string,
): ResolvedSunsetOptions {
  return {
    asOf: ruleOptions.asOf === undefined ? (settings.asOf ?? todayUtc()) : readDay(ruleOptions.asOf, `${ruleId} option asOf`),
    apiHosts: ruleOptions.apiHosts ?? settings.apiHosts,
    reportScheduled: ruleOptions.reportScheduled ?? settings.reportScheduled ?? false,
    scheduledWithinDays: ruleOptions.scheduledWithinDays ?? settings.scheduledWithinDays ?? DEFAULT_SCHEDULED_WITHIN_DAYS,
    catalog: settings.catalog,
    typeAware: settings.typeAware ?? false,
    identityHosts: settings.identityHosts,
  };
}
