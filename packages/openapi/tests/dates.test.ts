import { describe, expect, it } from 'vitest';
import { readSpecDate } from '../src/description/dates.js';

const today = '2026-11-01';

describe('readSpecDate', () => {
  it('reads a day written YYYY-MM-DD', () => {
    expect(readSpecDate('2026-06-30', today)).toEqual({ day: '2026-06-30' });
  });

  it('reads an RFC 3339 date-time as its UTC day', () => {
    expect(readSpecDate('2026-12-31T12:00:00Z', today)).toEqual({ day: '2026-12-31' });
    expect(readSpecDate('2026-06-30T23:30:00-05:00', today)).toEqual({ day: '2026-07-01' });
  });

  it('reads the three forms of an RFC 9110 HTTP-date', () => {
    expect(readSpecDate('Wed, 30 Sep 2026 00:00:00 GMT', today)).toEqual({ day: '2026-09-30' });
    expect(readSpecDate('Wednesday, 30-Sep-26 00:00:00 GMT', today)).toEqual({ day: '2026-09-30' });
    expect(readSpecDate('Wed Sep 30 00:00:00 2026', today)).toEqual({ day: '2026-09-30' });
    expect(readSpecDate('Sun Nov  6 08:49:37 1994', today)).toEqual({ day: '1994-11-06' });
  });

  it('reads a two-digit rfc850 year more than 50 years ahead as the past century', () => {
    expect(readSpecDate('Sunday, 06-Nov-94 08:49:37 GMT', today)).toEqual({ day: '1994-11-06' });
    expect(readSpecDate('Friday, 06-Nov-76 08:49:37 GMT', today)).toEqual({ day: '2076-11-06' });
  });

  it('says why a value is not a date, and how to write one', () => {
    expect(readSpecDate('soon', today)).toEqual({
      problem: '"soon" is not a date; write YYYY-MM-DD (2026-06-30), an RFC 3339 date-time or an HTTP-date (Tue, 30 Jun 2026 00:00:00 GMT).',
    });
    expect(readSpecDate(20260630, today)).toEqual({
      problem: '20260630 is not a date; write YYYY-MM-DD (2026-06-30), an RFC 3339 date-time or an HTTP-date (Tue, 30 Jun 2026 00:00:00 GMT).',
    });
    expect(readSpecDate('2026-02-30', today)).toEqual({ problem: '"2026-02-30" is not a day on the calendar.' });
    expect(readSpecDate('Mon, 31 Jun 2026 00:00:00 GMT', today)).toEqual({ problem: '"Mon, 31 Jun 2026 00:00:00 GMT" is not a day on the calendar.' });
  });
});
