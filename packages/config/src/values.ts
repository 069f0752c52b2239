import { parseIsoDay, type IsoDay } from '@sunset/rule-data';
import type { Field } from './field.js';
import { hostEntryPattern, isHostEntry } from './hosts.js';

/** A JSON Schema (the subset both ESLint's draft-04 validator and JSON Schema 2020-12 read alike). */
export type JsonSchema = Readonly<Record<string, unknown>>;

/**
 * A kind of value that options share: its JSON Schema and its reader. A setting and a rule option of
 * the same name (`settings.sunset.asOf`, `["error", { asOf }]`) use the same one, so a value is valid
 * or invalid wherever it is written and the problem reads the same.
 */
export interface OptionValue<T> {
  readonly jsonSchema: JsonSchema;
  /** Validates a value that is present (throws a ConfigError at `field`); returns it typed. */
  readonly read: (value: unknown, field: Field) => T;
}

const hostsExample = '"api.example.com", "localhost:8080" or "*.example.com"';

// Years 0000-0099 are not days to parseIsoDay (Date.UTC reads them as 19xx), so the pattern refuses them too.
const year = '(?!00)\\d{4}';
const dayOfAnyYear = '(?:0[1-9]|1[0-2])-(?:0[1-9]|1\\d|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31';
const leapYear = '(?!00)\\d\\d(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00';

/**
 * The days on the calendar, `YYYY-MM-DD`, as a pattern: the 29th of February only in leap years, the
 * 31st only in the long months. It is the reader's check (parseIsoDay), so that ESLint's schema check,
 * the only one it runs on an inline `/* eslint … *\/` comment before the rule starts, refuses every day
 * the rule would: ESLint then reports the comment and goes on, instead of the rule stopping the run.
 */
export const calendarDayPattern = `^(?:${year}-(?:${dayOfAnyYear})|(?:${leapYear})-02-29)$`;

/** A real calendar day, `YYYY-MM-DD`: the schema and the reader refuse the same values (a month 13, a 30 February). */
export const dayValue: OptionValue<IsoDay> = {
  jsonSchema: { type: 'string', pattern: calendarDayPattern },
  read: (value, field) => field.viaRuleData((name) => parseIsoDay(value, name)),
};

/** Hosts as the analysis matches them: `host`, `host:port`, `*.domain` or `*`; no scheme or path. */
export const hostsValue: OptionValue<readonly string[]> = {
  jsonSchema: { type: 'array', items: { type: 'string', pattern: hostEntryPattern } },
  read: (value, field) => {
    if (!Array.isArray(value) || !value.every((host): host is string => typeof host === 'string')) {
      return field.expected('be an array of hostnames such as ["api.example.com"]', value);
    }
    const bad = value.find((host) => !isHostEntry(host));
    if (bad !== undefined) field.expected(`list hostnames only, like ${hostsExample} (no scheme or path)`, bad);
    return value;
  },
};

export const booleanValue: OptionValue<boolean> = {
  jsonSchema: { type: 'boolean' },
  read: (value, field) => (typeof value === 'boolean' ? value : field.expected('be true or false', value)),
};

/**
 * A number of days ahead, 0 or more. The maximum is for ESLint's validator, which takes Infinity (an
 * inline `1e400`) for an integer; the reader refuses it as an unsafe integer.
 */
export const daysValue: OptionValue<number> = {
  jsonSchema: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
  read: (value, field) => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) field.expected('be a whole number of days, 0 or more', value);
    return value as number;
  },
};
