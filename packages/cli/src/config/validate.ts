import { createCatalog, parseIsoDay, RuleDataError } from '@sunset/rule-data';
import { failOnValues, type FailOn } from '../args.js';
import { UsageError } from '../errors.js';
import type { SunsetConfigFile } from './types.js';

const knownFields = [
  'asOf',
  'apiHosts',
  'identityHosts',
  'ignores',
  'failOn',
  'reportScheduled',
  'scheduledWithinDays',
  'customEntries',
  'baseline',
] as const;

/** A hostname without scheme, path or port: `api.example.com`, `localhost`. */
export const hostnamePattern = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * Validates the raw config object read from `source` (a display path, used in every message).
 * Unknown fields are errors, so a typo never silently does nothing.
 */
export function validateConfig(raw: unknown, source: string): SunsetConfigFile {
  const fail = (field: string, rule: string, value: unknown): never => {
    throw new UsageError(`Invalid config in ${source}: "${field}" ${rule}, got ${JSON.stringify(value)}. Fix it and run again.`);
  };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new UsageError(`Invalid config in ${source}: the config must be a JSON object, got ${JSON.stringify(raw)}.`);
  }
  const record = raw as Record<string, unknown>;
  const unknownField = Object.keys(record).find((key) => !(knownFields as readonly string[]).includes(key));
  if (unknownField !== undefined) {
    throw new UsageError(
      `Invalid config in ${source}: unknown field "${unknownField}". Allowed fields: ${knownFields.join(', ')}.`,
    );
  }

  const config: { -readonly [K in keyof SunsetConfigFile]: SunsetConfigFile[K] } = {};
  if (record.asOf !== undefined) config.asOf = validateDay(record.asOf, 'asOf', source);
  for (const field of ['apiHosts', 'identityHosts'] as const) {
    if (record[field] === undefined) continue;
    const hosts = stringList(record[field], field, fail);
    const bad = hosts.find((host) => !hostnamePattern.test(host));
    if (bad !== undefined) fail(field, 'must list hostnames only (like "api.example.com", no scheme, port or path)', bad);
    config[field] = hosts;
  }
  if (record.ignores !== undefined) config.ignores = stringList(record.ignores, 'ignores', fail);
  if (record.failOn !== undefined) {
    if (!(failOnValues as readonly unknown[]).includes(record.failOn)) {
      fail('failOn', `must be one of ${failOnValues.map((value) => `"${value}"`).join(', ')}`, record.failOn);
    }
    config.failOn = record.failOn as FailOn;
  }
  if (record.reportScheduled !== undefined) {
    if (typeof record.reportScheduled !== 'boolean') fail('reportScheduled', 'must be true or false', record.reportScheduled);
    config.reportScheduled = record.reportScheduled as boolean;
  }
  if (record.scheduledWithinDays !== undefined) {
    const days = record.scheduledWithinDays;
    if (typeof days !== 'number' || !Number.isInteger(days) || days < 0) {
      fail('scheduledWithinDays', 'must be a whole number of days, 0 or more', days);
    }
    config.scheduledWithinDays = days as number;
  }
  if (record.customEntries !== undefined) {
    if (!Array.isArray(record.customEntries)) fail('customEntries', 'must be an array of entries', record.customEntries);
    validateCustomEntries(record.customEntries, source);
    config.customEntries = record.customEntries as unknown[];
  }
  if (record.baseline !== undefined) {
    if (typeof record.baseline !== 'string' || record.baseline === '') {
      fail('baseline', 'must be a file path (relative to the config file)', record.baseline);
    }
    config.baseline = record.baseline as string;
  }
  return config;
}

/** A day from the config or a flag; `field` is how the user wrote it (`asOf`, `--as-of`). */
export function validateDay(value: unknown, field: string, source: string): string {
  try {
    return parseIsoDay(value, field);
  } catch (error) {
    if (!(error instanceof RuleDataError)) throw error;
    // A flag's message already names the flag; a file's message also needs the file.
    throw new UsageError(source.startsWith('--') ? error.message : `Invalid config in ${source}: ${error.message}`);
  }
}

function validateCustomEntries(entries: unknown, source: string): void {
  try {
    createCatalog(entries);
  } catch (error) {
    if (!(error instanceof RuleDataError)) throw error;
    throw new UsageError(`Invalid config in ${source}: ${error.message}`);
  }
}

function stringList(value: unknown, field: string, fail: (field: string, rule: string, value: unknown) => never): string[] {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item === '')) {
    fail(field, 'must be an array of non-empty strings', value);
  }
  return value as string[];
}
