import { describe, expect, it } from 'vitest';
import { RetiredEndpointError, RuntimeOptionsError } from '../src/errors.js';
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
    for (let round = 0; round < 3; round++) observer.checkRequest(get('https://api.adform.com/v1/campaigns?access_token=x')); // site: loop
    observer.checkRequest(get('https://api.adform.com/v1/campaigns')); // site: second
    const loop = siteOf(here, 'loop', 'checkRequest');
    const second = siteOf(here, 'second', 'checkRequest');
    expect(lines).toEqual([
      `[sunset] ${loop.file}:${loop.line}:${loop.column}: GET /v1/campaigns is retired (support ended 2019-10-01): replace GET /v1/campaigns with GET /v1/buyer/campaigns (request GET https://api.adform.com/v1/campaigns?access_token=…)`,
      `[sunset] ${second.file}:${second.line}:${second.column}: GET /v1/campaigns is retired (support ended 2019-10-01): replace GET /v1/campaigns with GET /v1/buyer/campaigns (request GET https://api.adform.com/v1/campaigns)`,
    ]);
    expect(observer.sites().map((site) => site.count)).toEqual([3, 1]);
  });

  it('says when general availability ended but support has not, from rule-data', () => {
    const { observer, lines } = observe({ mode: 'warn', asOf: '2019-11-15' });
    observer.checkRequest(observedRequestOf('POST', 'https://api.adform.com/v1/reportingstats/agency/reportdata', headerLookupOf({}))!);
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

  it('counts a gateway listed with port 80 for http requests only, as sunset check does', () => {
    const { observer } = observe({ mode: 'error', apiHosts: ['gw.example.com:80'] });
    expect(observer.checkRequest(get('https://gw.example.com/v1/campaigns/dictionaries/clients'))).toBeUndefined();
    expect(observer.checkRequest(get('http://gw.example.com/v1/campaigns/dictionaries/clients'))).toBeInstanceOf(RetiredEndpointError);
  });

  it('returns the error to throw in error mode, every time, and warns once', () => {
    const { observer, lines } = observe({ mode: 'error' });
    const errors = [0, 1].map(() => observer.checkRequest(get('https://api.adform.com/v1/campaigns/dictionaries/clients'))); // site: blocked
    const site = siteOf(here, 'blocked', 'checkRequest');
    for (const error of errors) {
      expect(error).toBeInstanceOf(RetiredEndpointError);
      expect(error?.message).toBe(
        `GET /v1/campaigns/dictionaries/clients is retired (support ended 2019-10-01): replace GET /v1/campaigns/dictionaries/clients with GET /v1/buyer/advertisers. Sunset stopped the request GET https://api.adform.com/v1/campaigns/dictionaries/clients from ${site.file}:${site.line}:${site.column} before it was sent (runtime mode "error").`,
      );
      expect(error?.record).toMatchObject({ entry: 'campaign-dictionary-clients', caller: site });
    }
    expect(lines).toHaveLength(1);
  });

  it('reports deprecation headers once per endpoint, also for endpoints rule-data does not list', () => {
    const { observer, lines } = observe({ mode: 'warn' });
    const headers = headerLookupOf({ Deprecation: '@1767225600', Sunset: 'Fri, 01 Jan 2027 00:00:00 GMT', Link: '<https://d.example/v2>; rel="deprecation"' });
    observer.checkResponse(get('https://api.adform.com/v2/reports?page=1'), headers);
    observer.checkResponse(get('https://api.adform.com/v2/reports?page=2'), headers);
    observer.checkResponse(get('https://api.adform.com/v2/reports'), headerLookupOf({ 'content-type': 'text/plain' }));
    observer.checkResponse(get('https://api.adform.com/v2/legacy'), headerLookupOf({ deprecation: 'true' }));
    expect(lines).toEqual([
      '[sunset] unknown caller: the server marks GET https://api.adform.com/v2/reports?page=… as deprecated since 2026-01-01T00:00:00.000Z with a sunset on 2027-01-01T00:00:00.000Z (response headers); see https://d.example/v2',
      '[sunset] unknown caller: the server marks GET https://api.adform.com/v2/legacy as deprecated (response headers)',
    ]);
    expect(observer.sites().map((site) => site.count)).toEqual([2, 1]);
  });

  it('shows files through displayFile', () => {
    const { observer, lines } = observe({ mode: 'warn' }, { displayFile: () => 'app.mjs' });
    observer.checkRequest(get('https://api.adform.com/v1/campaigns')); // site: display
    expect(lines[0]).toMatch(new RegExp(`^\\[sunset\\] app\\.mjs:${siteOf(here, 'display', 'checkRequest').line}:\\d+: GET /v1/campaigns is retired`));
  });

  it('needs a record writer in record mode', () => {
    expect(() => createObserver({ mode: 'record', recordFile: 'r.jsonl' })).toThrow('The record mode needs an output.appendRecordLine function');
  });

  it("contains an output that throws: said once through output.failed, the request goes on and error mode still blocks", () => {
    const failures: string[] = [];
    const broken = (): never => {
      throw new Error('disk on fire');
    };
    const warned = observe({ mode: 'warn' }, { warn: broken, failed: (line) => failures.push(line) });
    expect(warned.observer.checkRequest(get('https://api.adform.com/v1/campaigns'))).toBeUndefined();
    expect(warned.observer.checkRequest(get('https://api.adform.com/v1/campaigns/7'))).toBeUndefined();
    warned.observer.checkResponse(get('https://api.adform.com/v2/reports'), headerLookupOf({ deprecation: '@1767225600' }));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/^\[sunset\] the observer failed and requests are no longer reported reliably; they are sent as usual: Error: disk on fire\n {4}at broken /);
    expect(warned.observer.sites().map((site) => [site.type, site.count])).toEqual([
      ['retired-call', 1],
      ['retired-call', 1],
      ['deprecation-header', 1],
    ]);

    const blocking = observe({ mode: 'error' }, { warn: broken, failed: (line) => failures.push(line) });
    expect(blocking.observer.checkRequest(get('https://api.adform.com/v1/campaigns'))).toBeInstanceOf(RetiredEndpointError);
    expect(failures).toHaveLength(2);

    const recording = observe({ mode: 'record', recordFile: 'r.jsonl' }, { appendRecordLine: broken, failed: (line) => failures.push(line), now: broken });
    expect(recording.observer.checkRequest(get('https://api.adform.com/v1/campaigns'))).toBeUndefined();
    recording.observer.flush();
    expect(failures).toHaveLength(3);
    expect(failures[2]).toMatch(/: Error: disk on fire\n {4}at broken /);
  });

  it('says a failure on console.error by default, and a throwing failed output reaches nobody', () => {
    const said: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => said.push(args.join(' '));
    try {
      const { observer } = observe({ mode: 'warn' }, { warn: () => { throw new TypeError('no'); } });
      observer.checkRequest(get('https://api.adform.com/v1/campaigns'));
    } finally {
      console.error = original;
    }
    expect(said).toEqual([expect.stringMatching(/^\[sunset\] the observer failed .*: TypeError: no\n/s)]);
    const silent = observe({ mode: 'warn' }, { warn: () => { throw new Error('a'); }, failed: () => { throw new Error('b'); } });
    expect(silent.observer.checkRequest(get('https://api.adform.com/v1/campaigns'))).toBeUndefined();
  });

  it('refuses an option it does not know, naming it and the known ones', () => {
    const unknownOption = { mode: 'error', foo: 1 } as RuntimeOptionsInput;
    expect(() => createObserver(unknownOption)).toThrow(new RuntimeOptionsError('foo is not a known option; the known ones are mode, recordFile, asOf, apiHosts, apis, customEntries.', 'foo'));
    expect(() => createObserver('error' as RuntimeOptionsInput)).toThrow(new RuntimeOptionsError('options must be an object such as { mode: "error" }, got "error".', 'options'));
  });
});

describe('hosts, read as sunset check and the ESLint plugin read them', () => {
  const deprecated = headerLookupOf({ Deprecation: '@1767225600' });
  /** The host of the request an observer with these options blocks (a new observer each time: one call site is one site). */
  const hostOfBlocked = (options: RuntimeOptionsInput, request: ObservedRequest): string | undefined => observe({ mode: 'error', ...options }).observer.checkRequest(request)?.record.host;

  it("counts the built-in API only on api.adform.com by default: another vendor's same path is not reported", () => {
    const { observer, lines } = observe({ mode: 'error' });
    expect(observer.options.apiHosts).toEqual(['api.adform.com']);
    expect(observer.checkRequest(get('https://adsapi.snapchat.com/v1/campaigns/123?access_token=x'))).toBeUndefined();
    observer.checkResponse(get('https://adsapi.snapchat.com/v1/campaigns/123'), deprecated);
    expect(lines).toEqual([]);
    expect(observer.checkRequest(get('https://api.adform.com/v1/campaigns/123'))?.record).toMatchObject({ entry: 'campaigns-legacy-get', host: 'api.adform.com' });
  });

  it('adds apiHosts to api.adform.com: host, host:port and *.domain', () => {
    const apiHosts = ['gateway.example.com', 'localhost:8080', '*.proxy.example.net'];
    const origins = ['https://api.adform.com', 'https://gateway.example.com:8443', 'http://localhost:8080', 'http://localhost:9090', 'https://eu.proxy.example.net', 'https://adsapi.snapchat.com'];
    expect(origins.map((origin) => hostOfBlocked({ apiHosts }, get(`${origin}/v1/campaigns`)))).toEqual([
      'api.adform.com',
      'gateway.example.com:8443',
      'localhost:8080',
      undefined,
      'eu.proxy.example.net',
      undefined,
    ]);
  });

  it.each([[['*']], [['gateway.example.com', '*']]])('counts every host for apiHosts %j', (apiHosts) => {
    expect(observe({ apiHosts }).observer.options.apiHosts).toBeUndefined();
    expect(hostOfBlocked({ apiHosts }, get('https://adsapi.snapchat.com/v1/campaigns'))).toBe('adsapi.snapchat.com');
  });

  it("counts an entry of another API (apis) on that API's hosts, and the built-in entries not there", () => {
    const apis = { music: { name: 'Music API', hosts: ['API.Music.example'], basePaths: ['/v1'] } };
    const customEntries = [{ id: 'save-tracks', api: 'music', retired: 'PUT /me/tracks', gaEnds: '2019-01-01', supportEnds: '2019-06-01' }];
    const { observer } = observe({ mode: 'error', apis, customEntries });
    const put = (url: string): ObservedRequest => observedRequestOf('PUT', url, headerLookupOf({}))!;
    expect(observer.checkRequest(put('https://api.music.example/v1/me/tracks'))?.record).toMatchObject({ entry: 'save-tracks', host: 'api.music.example' });
    expect(observer.checkRequest(put('https://api.adform.com/v1/me/tracks'))).toBeUndefined();
    expect(observer.checkRequest(get('https://api.music.example/v1/campaigns'))).toBeUndefined();
  });

  it('reads deprecation headers on the hosts of every API in force, and on no other host', () => {
    const apis = { music: { hosts: ['api.music.example'] } };
    const { observer, lines } = observe({ mode: 'warn', apis, apiHosts: ['gateway.example.com'] });
    for (const origin of ['https://api.adform.com', 'https://gateway.example.com', 'https://api.music.example', 'https://adsapi.snapchat.com']) observer.checkResponse(get(`${origin}/v2/reports`), deprecated);
    expect(lines.map((line) => /GET (\S+)/.exec(line)?.[1])).toEqual(['https://api.adform.com/v2/reports', 'https://gateway.example.com/v2/reports', 'https://api.music.example/v2/reports']);
  });
});
