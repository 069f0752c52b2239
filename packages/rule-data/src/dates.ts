import { describeValue, RuleDataError } from './errors.js';
import type { IsoDay, Phase, RetirementEntry } from './types.js';

const isoDayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Validates a `YYYY-MM-DD` day that exists on the calendar; the error names the field and the value. */
export function parseIsoDay(value: unknown, field = 'asOf'): IsoDay {
  const match = typeof value === 'string' ? isoDayPattern.exec(value) : null;
  if (match === null) {
    throw new RuleDataError(
      `${field} must be a day written YYYY-MM-DD (for example 2026-11-21), got ${describeValue(value)}.`,
      field,
    );
  }
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new RuleDataError(`${field} ${JSON.stringify(value)} is not a day on the calendar.`, field);
  }
  return value as IsoDay;
}

/** Today in UTC, truncated to the day. */
export function todayUtc(now: Date = new Date()): IsoDay {
  return now.toISOString().slice(0, 10);
}

/**
 * The support end of an entry whose API names no end (`sunset import openapi` writes it for an operation
 * marked deprecated without `x-sunset` or `--sunset-on`): it works until it is removed, so it stays
 * `deprecated` and is never `retired`. Messages, tables and pages say "no removal announced" (`describeSupportEnd`, `supportEndCell`), never the date.
 */
export const noSunsetAnnounced: IsoDay = '9999-12-31';

/** Days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: IsoDay, to: IsoDay): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** `scheduled` before the GA end, `deprecated` from the GA end, `retired` from the support end. */
export function phaseOf(entry: RetirementEntry, asOf: IsoDay = todayUtc()): Phase {
  const day = parseIsoDay(asOf);
  if (day >= entry.schedule.supportEnds) return 'retired';
  if (day >= entry.schedule.gaEnds) return 'deprecated';
  return 'scheduled';
}
