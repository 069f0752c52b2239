import { describe, expect, it } from 'vitest';
import { RetiredEndpointError } from '../src/errors.js';
import { headerLookupOf, observedRequestOf, type ObservedRequest } from '../src/match/observed-request.js';
import { createObserver, type ObserverOutput } from '../src/observer.js';
import type { RuntimeOptionsInput } from '../src/options.js';
import { siteOf } from './support/call-sites.js';

const here = import.meta.url;
const get = (url: string): ObservedRequest => observedRequestOf('GET', url, headerLookupOf({}))!;
const atNoon = (): Date => new Date('2026-03-01T12:00:00.000Z');

function observe(options: RuntimeOptionsInput, output: ObserverOutput = {}) {
  const lines: string[] = [];
  const records: string[] = [];
  const observer = createObserver(
    { asOf: '2026-03-01', ...options },
    { warn: (line) => lines.push(line), appendRecordLine: (line) => records.push(line), now: atNoon, ...output },
  );
  return { observer, lines, records };
}

describe('createObserver', () => {
  it('warns once per entry and call site, with the caller, the phase and the replacement', () => {
    const { observer, lines } = observe({ mode: 'warn' });
    for (let round = 0; round < 3; round++) observer.checkRequest(get('https://api.example.com/v1/campaigns?access_token=x')); // site: loop
    observer.checkRequest(get('https://api.example.com/v1/campaigns')); // site: second
    const loop = siteOf(here, 'loop', 'checkRequest');
    const second = siteOf(here, 'second', 'checkRequest');
    expect(lines).toEqual([
      `[sunset] ${loop.file}:${loop.line}:${loop.column}: GET /v1/campaigns is retired (support ended 2019-10-01): replace GET /v1/campaigns with GET /v1/buyer/campaigns (request GET https://api.example.com/v1/campaigns?access_token=…)`,
      `[sunset] ${second.file}:${second.line}:${second.column}: GET /v1/campaigns is retired (support ended 2019-10-01): replace GET /v1/campaigns with GET /v1/buyer/campaigns (request GET https://api.example.com/v1/campaigns)`,
    ]);
    expect(observer.sites().map((site) => site.count)).toEqual([3, 1]);
  });

  it('says when general availability ended but support has not, from rule-data', () => {
    const { observer, lines } = observe({ mode: 'warn', asOf: '2019-11-15' });
    observer.checkRequest(observedRequestOf('POST', 'https://api.example.com/v1/reportingstats/agency/reportdata', headerLookupOf({}))!);
    expect(lines[0]).toMatch(
      /: POST \/v1\/reportingstats\/agency\/reportdata is deprecated \(general availability ended 2019-10-31, support ends 2020-01-31\): migrate POST \/v1\/reportingstats\/agency\/reportdata: /,
    );
  });

  it('reports nothing for entries still scheduled at asOf, new endpoints, or other hosts', () => {
    const { observer, lines } = observe({ mode: 'error', asOf: '2018-01-01', apiHosts: ['api.example.com'] });
    expect(observer.checkRequest(get('https://api.example.com/v1/campaigns'))).toBeUndefined();
    const current = observe({ mode: 'error', apiHosts: ['api.example.com'] });
    expect(current.observer.checkRequest(get('https://api.example.com/v1/buyer/campaigns'))).toBeUndefined();
    expect(current.observer.checkRequest(get('https://other.example.org/v1/campaigns'))).toBeUndefined();
    expect([...lines, ...current.lines]).toEqual([]);
  });

  it('returns the error to throw in error mode, every time, and warns once', () => {
    const { observer, lines } = observe({ mode: 'error' });
    const errors = [0, 1].map(() => observer.checkRequest(get('https://api.example.com/v1/campaigns/dictionaries/clients'))); // site: blocked
    const site = siteOf(here, 'blocked', 'checkRequest');
    for (const error of errors) {
      expect(error).toBeInstanceOf(RetiredEndpointError);
      expect(error?.message).toBe(
        `GET /v1/campaigns/dictionaries/clients is retired (support ended 2019-10-01): replace GET /v1/campaigns/dictionaries/clients with GET /v1/buyer/advertisers. Sunset stopped the request GET https://api.example.com/v1/campaigns/dictionaries/clients from ${site.file}:${site.line}:${site.column} before it was sent (runtime mode "error").`,
      );
      expect(error?.record).toMatchObject({ entry: 'campaign-dictionary-clients', caller: site });
    }
    expect(lines).toHaveLength(1);
  });

  it('reports deprecation headers once per endpoint, also for endpoints rule-data does not list', () => {
    const { observer, lines } = observe({ mode: 'warn' });
    const headers = headerLookupOf({ Deprecation: '@1767225600', Sunset: 'Fri, 01 Jan 2027 00:00:00 GMT', Link: '<https://d.example/v2>; rel="deprecation"' });
    observer.checkResponse(get('https://api.example.com/v2/reports?page=1'), headers);
    observer.checkResponse(get('https://api.example.com/v2/reports?page=2'), headers);
    observer.checkResponse(get('https://api.example.com/v2/reports'), headerLookupOf({ 'content-type': 'text/plain' }));
    observer.checkResponse(get('https://api.example.com/v2/legacy'), headerLookupOf({ deprecation: 'true' }));
    expect(lines).toEqual([
      '[sunset] unknown caller: the server marks GET https://api.example.com/v2/reports?page=… as deprecated since 2026-01-01T00:00:00.000Z with a sunset on 2027-01-01T00:00:00.000Z (response headers); see https://d.example/v2',
      '[sunset] unknown caller: the server marks GET https://api.example.com/v2/legacy as deprecated (response headers)',
    ]);
    expect(observer.sites().map((site) => site.count)).toEqual([2, 1]);
  });

  it('shows files through displayFile', () => {
    const { observer, lines } = observe({ mode: 'warn' }, { displayFile: () => 'app.mjs' });
    observer.checkRequest(get('https://api.example.com/v1/campaigns')); // site: display
    expect(lines[0]).toMatch(new RegExp(`^\\[sunset\\] app\\.mjs:${siteOf(here, 'display', 'checkRequest').line}:\\d+: GET /v1/campaigns is retired`));
  });

  it('needs a record writer in record mode', () => {
    expect(() => createObserver({ mode: 'record', recordFile: 'r.jsonl' })).toThrow('The record mode needs an output.appendRecordLine function');
  });
});
