import { describe, expect, it } from 'vitest';
import { readServerDeprecation } from '../src/match/deprecation-headers.js';
import { headerLookupOf } from '../src/match/observed-request.js';

const read = (headers: Record<string, string>) => readServerDeprecation(headerLookupOf(headers));

describe('readServerDeprecation', () => {
  it('reads an RFC 9745 Deprecation date, an RFC 8594 Sunset date and the deprecation link', () => {
    expect(
      read({
        Deprecation: '@1688169599',
        Sunset: 'Sun, 30 Jun 2024 23:59:59 GMT',
        Link: '<https://developer.example.com/deprecation>; rel="deprecation"; type="text/html", <https://api.example.com/v2>; rel="successor-version"',
      }),
    ).toEqual({ deprecation: '2023-06-30T23:59:59.000Z', sunset: '2024-06-30T23:59:59.000Z', links: ['https://developer.example.com/deprecation'] });
  });

  it('reads the legacy forms: `true` and an HTTP-date', () => {
    expect(read({ deprecation: 'true' })).toEqual({ deprecation: true, sunset: undefined, links: [] });
    expect(read({ deprecation: 'Sat, 01 Jun 2024 00:00:00 GMT' })).toEqual({ deprecation: '2024-06-01T00:00:00.000Z', sunset: undefined, links: [] });
  });

  it('reports a Sunset header alone, and a link among several relation types', () => {
    expect(read({ sunset: 'Wed, 01 Jan 2031 00:00:00 GMT' })).toEqual({ deprecation: undefined, sunset: '2031-01-01T00:00:00.000Z', links: [] });
    expect(read({ link: '<https://d.example/x>; rel="alternate deprecation"' })).toEqual({ deprecation: undefined, sunset: undefined, links: ['https://d.example/x'] });
  });

  it('ignores responses without the headers, with unparseable values, and with other links', () => {
    expect(read({ 'content-type': 'application/json' })).toBeUndefined();
    expect(read({ deprecation: 'soon', sunset: '2024-06-30' })).toBeUndefined();
    expect(read({ link: '<https://api.example.com/v1/campaigns?page=2>; rel="next"' })).toBeUndefined();
  });
});
