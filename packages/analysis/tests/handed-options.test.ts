import { describe, expect, it } from 'vitest';
import { hostParsers as parsers, hostRows, rewriteMessage as rewrite, todoMessage as todo } from './host-rows.js';

// Retrial of trial 48, NB 3 and NB 4: the method and origin a request's options object states, where
// that object is not written at the request: a function helper handing its caller's options to fetch
// as they are (`fetch(BASE + path, opts)`, `{ ...opts, headers }`), undici's Agent taking the origin
// from each request's options, and a `let` given two undici Pools.

const apiHosts = ['api.adform.com'];
const rules = { 'no-legacy-rest-path': [{ apiHosts }] } as const;

const { findings, otherHostCount } = hostRows(apiHosts, rules);
const list = rewrite('GET /v1/campaigns', 'GET /v1/buyer/campaigns');
const managers = rewrite('GET /v1/campaigns/dictionaries/managers', 'GET /v1/buyer/classifiers/managers');
const clients = rewrite('GET /v1/campaigns/dictionaries/clients', 'GET /v1/buyer/advertisers');
const patch = todo('PATCH /v1/campaigns', 'PUT /v1/buyer/campaigns/{id}/status');
const eitherMethod = todo('/v1/campaigns (GET or PATCH)', 'one of GET /v1/buyer/campaigns or PUT /v1/buyer/campaigns/{id}/status');

describe.each(parsers)('with %s (%s)', (parser, filename) => {
  describe('options a function helper hands to fetch as they are', () => {
    it("are the caller's: its method decides (GET rewritten at the caller, PATCH a TODO), and a caller that passes none sends fetch's GET", () => {
      const code = [
        "const BASE = 'https://api.adform.com';",
        'function api(path, opts) { return fetch(BASE + path, opts); }',
        "export const list = () => api('/v1/campaigns', { method: 'GET' });",
        "export const pause = () => api('/v1/campaigns', { method: 'PATCH', body: '{}' });",
        "export const all = () => api('/v1/campaigns/dictionaries/managers');",
      ].join('\n');
      expect(findings(parser, filename, code)).toEqual([
        { rule: 'no-legacy-rest-path', line: 3, column: 30, message: list, host: 'api.adform.com', output: code.replace("api('/v1/campaigns', { method: 'GET' })", "api('/v1/buyer/campaigns', { method: 'GET' })") },
        { rule: 'no-legacy-rest-path', line: 4, column: 31, message: patch, host: 'api.adform.com' },
        { rule: 'no-legacy-rest-path', line: 5, column: 29, message: managers, host: 'api.adform.com', output: code.replace('/v1/campaigns/dictionaries/managers', '/v1/buyer/classifiers/managers') },
      ]);
      expect(otherHostCount(parser, filename, code)).toBe(0);
    });

    it("are read spread into the helper's own options, through a default {} and through a second helper", () => {
      const code = [
        "const BASE = 'https://api.adform.com';",
        "function send(path, init = {}) { return fetch(`${BASE}${path}`, { ...init, headers: { accept: 'application/json' } }); }",
        'function api(path, opts) { return send(path, opts); }',
        "export const list = () => api('/v1/campaigns', { method: 'GET' });",
        "export const pause = () => api('/v1/campaigns', { method: 'PATCH' });",
        "export const advertisers = () => api('/v1/campaigns/dictionaries/clients');",
        "export const all = () => send('/v1/campaigns/dictionaries/managers', {});",
      ].join('\n');
      expect(findings(parser, filename, code)).toEqual([
        { rule: 'no-legacy-rest-path', line: 4, column: 30, message: list, host: 'api.adform.com', output: code.replace("api('/v1/campaigns', { method: 'GET' })", "api('/v1/buyer/campaigns', { method: 'GET' })") },
        { rule: 'no-legacy-rest-path', line: 5, column: 31, message: patch, host: 'api.adform.com' },
        { rule: 'no-legacy-rest-path', line: 6, column: 37, message: clients, host: 'api.adform.com', output: code.replace('/v1/campaigns/dictionaries/clients', '/v1/buyer/advertisers') },
        { rule: 'no-legacy-rest-path', line: 7, column: 30, message: managers, host: 'api.adform.com', output: code.replace('/v1/campaigns/dictionaries/managers', '/v1/buyer/classifiers/managers') },
      ]);
    });

    it("a method the helper writes after the spread overrides the caller's; one written before it is the caller's to override", () => {
      const code = [
        "const BASE = 'https://api.adform.com';",
        "function patchIt(path, opts) { return fetch(BASE + path, { ...opts, method: 'PATCH' }); }",
        "function patchUnlessTold(path, opts) { return fetch(BASE + path, { method: 'PATCH', ...opts }); }",
        "export const a = () => patchIt('/v1/campaigns', { method: 'GET' });",
        "export const b = () => patchUnlessTold('/v1/campaigns', { method: 'GET' });",
        "export const c = () => patchUnlessTold('/v1/campaigns', { cache: 'no-store' });",
      ].join('\n');
      expect(findings(parser, filename, code)).toEqual([
        { rule: 'no-legacy-rest-path', line: 4, column: 31, message: patch, host: 'api.adform.com' },
        { rule: 'no-legacy-rest-path', line: 5, column: 39, message: list, host: 'api.adform.com', output: code.replace("patchUnlessTold('/v1/campaigns', { method: 'GET' })", "patchUnlessTold('/v1/buyer/campaigns', { method: 'GET' })") },
        { rule: 'no-legacy-rest-path', line: 6, column: 39, message: patch, host: 'api.adform.com' },
      ]);
    });

    it("axios' request({ url, ...opts }) over an instance's baseURL reads them alike", () => {
      const code = [
        "import axios from 'axios';",
        "const http = axios.create({ baseURL: 'https://api.adform.com' });",
        'function request(path, opts) { return http.request({ url: path, ...opts }); }',
        "export const list = () => request('/v1/campaigns', { method: 'GET' });",
        "export const pause = () => request('/v1/campaigns', { method: 'PATCH', data: {} });",
        "export const all = () => request('/v1/campaigns/dictionaries/managers');",
      ].join('\n');
      expect(findings(parser, filename, code)).toEqual([
        { rule: 'no-legacy-rest-path', line: 4, column: 34, message: list, host: 'api.adform.com', output: code.replace("request('/v1/campaigns', { method: 'GET' })", "request('/v1/buyer/campaigns', { method: 'GET' })") },
        { rule: 'no-legacy-rest-path', line: 5, column: 35, message: patch, host: 'api.adform.com' },
        { rule: 'no-legacy-rest-path', line: 6, column: 33, message: managers, host: 'api.adform.com', output: code.replace('/v1/campaigns/dictionaries/managers', '/v1/buyer/classifiers/managers') },
      ]);
    });

    it("another vendor's helper is that vendor's whatever the options say: counted, not reported", () => {
      const code = [
        "const SNAP = 'https://adsapi.snapchat.com';",
        'function snap(path, opts) { return fetch(SNAP + path, { ...opts, headers: {} }); }',
        "export const a = () => snap('/v1/campaigns', { method: 'GET' });",
        "export const b = () => snap('/v1/campaigns');",
      ].join('\n');
      expect(findings(parser, filename, code)).toEqual([]);
      expect(otherHostCount(parser, filename, code)).toBe(2);
    });

    it('options the file does not show, a method it does not show, a spread after the method, spread arguments or options the helper changes leave the method unknown', () => {
      const code = [
        "const BASE = 'https://api.adform.com';",
        'function api(path, opts) { return fetch(BASE + path, opts); }',
        "function changed(path, opts) { opts.method = opts.method || 'PATCH'; return fetch(BASE + path, opts); }",
        "export const a = (opts) => api('/v1/campaigns', opts);",
        "export const b = (method) => api('/v1/campaigns', { method });",
        "export const c = (extra) => api('/v1/campaigns', { method: 'GET', ...extra });",
        "export const d = (rest) => api('/v1/campaigns', ...rest);",
        "export const e = () => changed('/v1/campaigns', { method: 'GET' });",
        "export const f = (verb) => api('/v1/campaigns', { [verb]: 'GET' });",
      ].join('\n');
      expect(findings(parser, filename, code)).toEqual([
        { rule: 'no-legacy-rest-path', line: 4, column: 31, message: eitherMethod, host: 'api.adform.com' },
        { rule: 'no-legacy-rest-path', line: 5, column: 33, message: eitherMethod, host: 'api.adform.com' },
        { rule: 'no-legacy-rest-path', line: 6, column: 32, message: eitherMethod, host: 'api.adform.com' },
        { rule: 'no-legacy-rest-path', line: 7, column: 31, message: eitherMethod, host: 'api.adform.com' },
        { rule: 'no-legacy-rest-path', line: 8, column: 31, message: eitherMethod, host: 'api.adform.com' },
        { rule: 'no-legacy-rest-path', line: 9, column: 31, message: eitherMethod, host: 'api.adform.com' },
      ]);
    });
  });

  describe("undici's Agent", () => {
    it("sends each request to the origin its options name: another vendor's is counted, ours reported and rewritten (NB 3)", () => {
      const code = [
        "import { Agent } from 'undici';",
        'const agent = new Agent({ connections: 10 });',
        "export const snap = () => agent.request({ origin: 'https://adsapi.snapchat.com', path: '/v1/campaigns', method: 'GET' });",
        "export const ours = () => agent.request({ origin: 'https://api.adform.com', path: '/v1/campaigns', method: 'GET' });",
        "export const labels = () => agent.stream({ origin: 'https://api.adform.com/', path: '/v1/campaigns/dictionaries/managers', method: 'GET' }, factory);",
      ].join('\n');
      expect(findings(parser, filename, code)).toEqual([
        { rule: 'no-legacy-rest-path', line: 4, column: 82, message: list, host: 'api.adform.com', output: code.replace("'https://api.adform.com', path: '/v1/campaigns'", "'https://api.adform.com', path: '/v1/buyer/campaigns'") },
        { rule: 'no-legacy-rest-path', line: 5, column: 84, message: managers, host: 'api.adform.com', output: code.replace('/v1/campaigns/dictionaries/managers', '/v1/buyer/classifiers/managers') },
      ]);
      expect(otherHostCount(parser, filename, code)).toBe(1);
    });

    it("is read required, through the namespace, as a ProxyAgent and as getGlobalDispatcher()'s; undici.request(url) keeps its URL's host", () => {
      const code = [
        "const undici = require('undici');",
        "const { ProxyAgent, getGlobalDispatcher } = require('undici');",
        "const proxied = new ProxyAgent('http://proxy.internal:8080');",
        'const agent = new undici.Agent();',
        "export const a = () => proxied.request({ origin: 'https://adsapi.snapchat.com', path: '/v1/campaigns', method: 'GET' });",
        "export const b = () => agent.request({ origin: 'https://api.adform.com', path: '/v1/campaigns', method: 'GET' });",
        "export const c = () => getGlobalDispatcher().request({ origin: 'https://adsapi.snapchat.com', path: '/v1/campaigns', method: 'GET' });",
        "export const d = () => undici.getGlobalDispatcher().request({ origin: 'https://api.adform.com', path: '/v1/campaigns/dictionaries/clients', method: 'GET' });",
        "export const e = () => undici.request('https://adsapi.snapchat.com/v1/campaigns', { method: 'GET' });",
        "export const f = () => undici.request('https://api.adform.com/v1/campaigns/dictionaries/managers');",
      ].join('\n');
      expect(findings(parser, filename, code)).toEqual([
        { rule: 'no-legacy-rest-path', line: 6, column: 79, message: list, host: 'api.adform.com', output: code.replace("'https://api.adform.com', path: '/v1/campaigns'", "'https://api.adform.com', path: '/v1/buyer/campaigns'") },
        { rule: 'no-legacy-rest-path', line: 8, column: 102, message: clients, host: 'api.adform.com', output: code.replace('/v1/campaigns/dictionaries/clients', '/v1/buyer/advertisers') },
        { rule: 'no-legacy-rest-path', line: 10, column: 38, message: managers, host: 'api.adform.com', output: code.replace('/v1/campaigns/dictionaries/managers', '/v1/buyer/classifiers/managers') },
      ]);
      expect(otherHostCount(parser, filename, code)).toBe(3);
    });

    it('an origin the code does not show leaves the host unknown, a method it does not show the method; an Agent of another library is no dispatcher', () => {
      const code = [
        "import { Agent } from 'undici';",
        "import { Agent as KeepAlive } from 'agentkeepalive';",
        'const agent = new Agent();',
        'const other = new KeepAlive();',
        "export const a = (origin) => agent.request({ origin, path: '/v1/campaigns', method: 'GET' });",
        "export const b = (method) => agent.request({ origin: 'https://api.adform.com', path: '/v1/campaigns', method });",
        "export const c = () => other.request({ origin: 'https://adsapi.snapchat.com', path: '/v1/campaigns', method: 'GET' });",
      ].join('\n');
      expect(findings(parser, filename, code)).toEqual([
        { rule: 'no-legacy-rest-path', line: 5, column: 59, message: list, host: undefined, output: code.replace("origin, path: '/v1/campaigns'", "origin, path: '/v1/buyer/campaigns'") },
        { rule: 'no-legacy-rest-path', line: 6, column: 85, message: eitherMethod, host: 'api.adform.com' },
        { rule: 'no-legacy-rest-path', line: 7, column: 84, message: eitherMethod, host: undefined },
      ]);
      expect(otherHostCount(parser, filename, code)).toBe(0);
    });
  });

  describe('a let given undici dispatchers', () => {
    it('of two origins has no host, and sends the method its options write; of one origin that origin', () => {
      const code = [
        "const { Pool } = require('undici');",
        "let pool = new Pool('https://adsapi.snapchat.com');",
        "export const move = () => { pool = new Pool('https://api.adform.com'); };",
        "export const a = () => pool.request({ path: '/v1/campaigns', method: 'GET' });",
        "let snap = new Pool('https://adsapi.snapchat.com');",
        "export const reconnect = () => { snap = new Pool('https://adsapi.snapchat.com'); };",
        "export const b = () => snap.request({ path: '/v1/campaigns', method: 'GET' });",
        'let ours;',
        "export const connect = () => { ours = new Pool('https://api.adform.com'); };",
        "export const c = () => ours.request({ path: '/v1/campaigns/dictionaries/clients', method: 'GET' });",
      ].join('\n');
      expect(findings(parser, filename, code)).toEqual([
        { rule: 'no-legacy-rest-path', line: 4, column: 44, message: list, host: undefined, output: code.replace("pool.request({ path: '/v1/campaigns'", "pool.request({ path: '/v1/buyer/campaigns'") },
        { rule: 'no-legacy-rest-path', line: 10, column: 44, message: clients, host: 'api.adform.com', output: code.replace('/v1/campaigns/dictionaries/clients', '/v1/buyer/advertisers') },
      ]);
      expect(otherHostCount(parser, filename, code)).toBe(1);
    });

    it('given anything else besides keeps the path a URL-shaped string: no host, no method', () => {
      const code = [
        "const { Pool } = require('undici');",
        "let pool = new Pool('https://api.adform.com');",
        'export const move = (made) => { pool = made; };',
        "export const a = () => pool.request({ path: '/v1/campaigns', method: 'GET' });",
      ].join('\n');
      expect(findings(parser, filename, code)).toEqual([{ rule: 'no-legacy-rest-path', line: 4, column: 44, message: eitherMethod, host: undefined }]);
    });
  });
});

describe('typed options (TypeScript)', () => {
  it.each([['typescript-estree'], ['oxc']] as const)("a RequestInit parameter, optional or with a default, is the caller's options (%s)", (parser) => {
    const code = [
      "const BASE = 'https://api.adform.com';",
      'export async function api<T>(path: string, init?: RequestInit): Promise<T> {',
      "  const response = await fetch(`${BASE}${path}`, { ...init, headers: { ...init?.headers, 'content-type': 'application/json' } });",
      '  return (await response.json()) as T;',
      '}',
      'export const get = <T>(path: string, init: RequestInit = {}) => api<T>(path, init);',
      "export const list = () => get('/v1/campaigns', { method: 'GET' });",
      "export const pause = () => api('/v1/campaigns', { method: 'PATCH' } satisfies RequestInit);",
    ].join('\n');
    expect(findings(parser, 'case.ts', code)).toEqual([
      { rule: 'no-legacy-rest-path', line: 7, column: 30, message: list, host: 'api.adform.com', output: code.replace("get('/v1/campaigns'", "get('/v1/buyer/campaigns'") },
      { rule: 'no-legacy-rest-path', line: 8, column: 31, message: patch, host: 'api.adform.com' },
    ]);
  });
});
