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

/**
 * A real calendar day, `YYYY-MM-DD`. The schema rejects what a pattern can (a month 13, a day 32) so
 * that ESLint's own schema check stops it; the reader also rejects days the calendar lacks (02-30).
 */
export const dayValue: OptionValue<IsoDay> = {
  jsonSchema: { type: 'string', pattern: '^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])$' },
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

/** A number of days ahead, 0 or more. */
export const daysValue: OptionValue<number> = {
  jsonSchema: { type: 'integer', minimum: 0 },
  read: (value, field) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) field.expected('be a whole number of days, 0 or more', value);
    return value as number;
  },
};
