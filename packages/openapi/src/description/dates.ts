import type { IsoDay } from '@sunset/rule-data';

/** A day read from the description, or why the value is not one. */
export type DateReading = { readonly day: IsoDay } | { readonly problem: string };

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const months = monthNames.join('|');
const isoDayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const rfc3339Pattern = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
// RFC 9110 section 5.6.7: IMF-fixdate, and the two obsolete forms every recipient must accept.
const imfFixdatePattern = new RegExp(`^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\\d{2}) (${months}) (\\d{4}) (\\d{2}):(\\d{2}):(\\d{2}) GMT$`);
const rfc850Pattern = new RegExp(`^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\\d{2})-(${months})-(\\d{2}) (\\d{2}):(\\d{2}):(\\d{2}) GMT$`);
const asctimePattern = new RegExp(`^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (${months}) ([ \\d]\\d) (\\d{2}):(\\d{2}):(\\d{2}) (\\d{4})$`);

const notADate = (value: unknown): string =>
  `${JSON.stringify(value)} is not a date; write YYYY-MM-DD (2026-06-30), an RFC 3339 date-time or an HTTP-date (Tue, 30 Jun 2026 00:00:00 GMT).`;

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** The UTC day of a calendar date and time, or undefined when either does not exist. */
function utcDay(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): IsoDay | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/**
 * RFC 9110: a two-digit year more than 50 years in the future is the most recent past year with
 * the same last two digits.
 */
function fullYearOfRfc850(twoDigits: number, today: IsoDay): number {
  const thisYear = Number(today.slice(0, 4));
  const candidate = thisYear - (thisYear % 100) + twoDigits;
  return candidate > thisYear + 50 ? candidate - 100 : candidate;
}

/**
 * Reads a deprecation or sunset date as descriptions write it: `YYYY-MM-DD`, an RFC 3339
 * date-time (its UTC day) or an RFC 9110 HTTP-date (`Wed, 30 Sep 2026 00:00:00 GMT`).
 */
export function readSpecDate(value: unknown, today: IsoDay): DateReading {
  if (typeof value !== 'string') return { problem: notADate(value) };
  const text = value.trim();
  const numbers = (match: RegExpExecArray, ...groups: number[]): number[] => groups.map((group) => Number(match[group]));
  const dayOrProblem = (day: IsoDay | undefined): DateReading =>
    day === undefined ? { problem: `${JSON.stringify(value)} is not a day on the calendar.` } : { day };

  const iso = isoDayPattern.exec(text);
  if (iso) {
    const [year, month, day] = numbers(iso, 1, 2, 3) as [number, number, number];
    return dayOrProblem(utcDay(year, month, day));
  }
  const dateTime = rfc3339Pattern.exec(text);
  if (dateTime) {
    const [year, month, day, hour, minute, second] = numbers(dateTime, 1, 2, 3, 4, 5, 6) as [number, number, number, number, number, number];
    if (utcDay(year, month, day, hour, minute, second) === undefined) return dayOrProblem(undefined);
    return { day: new Date(Date.parse(text.toUpperCase().replace(' ', 'T'))).toISOString().slice(0, 10) };
  }
  const imf = imfFixdatePattern.exec(text);
  if (imf) {
    const month = monthNames.indexOf(imf[2]!) + 1;
    const [day, year, hour, minute, second] = numbers(imf, 1, 3, 4, 5, 6) as [number, number, number, number, number];
    return dayOrProblem(utcDay(year, month, day, hour, minute, second));
  }
  const rfc850 = rfc850Pattern.exec(text);
  if (rfc850) {
    const month = monthNames.indexOf(rfc850[2]!) + 1;
    const [day, twoDigitYear, hour, minute, second] = numbers(rfc850, 1, 3, 4, 5, 6) as [number, number, number, number, number];
    return dayOrProblem(utcDay(fullYearOfRfc850(twoDigitYear, today), month, day, hour, minute, second));
  }
  const asctime = asctimePattern.exec(text);
  if (asctime) {
    const month = monthNames.indexOf(asctime[1]!) + 1;
    const [day, hour, minute, second, year] = numbers(asctime, 2, 3, 4, 5, 6) as [number, number, number, number, number];
    return dayOrProblem(utcDay(year, month, day, hour, minute, second));
  }
  return { problem: notADate(value) };
}
