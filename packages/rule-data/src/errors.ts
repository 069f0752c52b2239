/** A problem with rule data or its inputs (a date, a custom entry); `field` names what is wrong. */
export class RuleDataError extends Error {
  readonly field: string | undefined;

  constructor(message: string, field?: string) {
    super(message);
    this.name = 'RuleDataError';
    this.field = field;
  }
}

const longestValue = 120;

/** A value as the user wrote it, for `got …` (JSON where possible, shortened when long). */
export function describeValue(value: unknown): string {
  // JSON writes Infinity and NaN as null: `1e400` in a config file parses to Infinity.
  if (typeof value === 'number' && !Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : 'a number too large to represent (Infinity)';
  // JSON writes a Date as its ISO string, or null: neither is what the user wrote (`new Date('2026-02-30')` is March 2).
  if (value instanceof Date || Object.prototype.toString.call(value) === '[object Date]') return describeDate(value as Date);
  let text: string;
  try {
    text = typeof value === 'function' ? 'a function' : typeof value === 'bigint' ? `${value}n` : (JSON.stringify(value) ?? String(value));
  } catch {
    // A cyclic object: JSON cannot show it.
    text = String(value);
  }
  return text.length > longestValue ? `${text.slice(0, longestValue - 1)}…` : text;
}

/** A JavaScript Date where a string is wanted: said as a Date, with the day JavaScript made of it. */
function describeDate(date: Date): string {
  const time = Date.prototype.getTime.call(date);
  if (Number.isNaN(time)) return 'a Date object, not a string (an Invalid Date: new Date() could not read what it was given)';
  return `a Date object, not a string (new Date() made it ${Date.prototype.toISOString.call(date)})`;
}
