import { analyzeFile, indexFile, retirementNotesOf } from '@sunset/analysis';
import { describe, expect, it } from 'vitest';
import { analysisOptions, applyEdits, lineColumn, parseWith, type ParserName } from './parsers.js';

// Trial s47, BUG 2, BUG 3, DOC 1 and PAPERCUT 1: the base written beside a ky, ofetch / Nuxt, VueUse or
// Angular httpResource call decides its host, and its method is read.

const apiHosts = ['api.adform.com'];
const rules = { 'no-legacy-rest-path': [{ apiHosts }], 'no-sync-reporting': [{ apiHosts }] } as const;

interface Row {
  readonly line: number;
  readonly column: number;
  readonly message: string;
  readonly host: string | undefined;
  /** The file after the finding's fix (rewrites only). */
  readonly output?: string;
}

const parsers: readonly ParserName[] = ['typescript-estree', 'oxc'];

function findings(parser: ParserName, code: string): Row[] {
  return analyzeFile(parseWith(parser, code, 'case.ts'), analysisOptions({ apiHosts }), rules).map((finding) => ({
    ...lineColumn(code, finding.range[0]),
    message: finding.message,
    host: finding.retirement?.host,
    ...(finding.fix ? { output: applyEdits(code, finding.fix) } : {}),
  }));
}

const otherHostCount = (parser: ParserName, code: string): number => retirementNotesOf(indexFile(parseWith(parser, code, 'case.ts'), analysisOptions({ apiHosts })), analysisOptions({ apiHosts })).otherHostCount;

const rewrite = (key: string, replacement: string): string => `${key} is retired (support ended 2019-10-01): use ${replacement}.`;
const todo = (key: string, replacement: string): string => `${key} is retired (support ended 2019-10-01): use ${replacement}; this call needs a manual migration.`;
const managers = rewrite('GET /v1/campaigns/dictionaries/managers', 'GET /v1/buyer/classifiers/managers');
const clients = rewrite('GET /v1/campaigns/dictionaries/clients', 'GET /v1/buyer/advertisers');
const list = rewrite('GET /v1/campaigns', 'GET /v1/buyer/campaigns');
const patch = todo('PATCH /v1/campaigns', 'PUT /v1/buyer/campaigns/{id}/status');
const orders = todo('GET /v1/campaigns/{campaignId}/orders', 'GET /v1/buyer/orders');

describe.each(parsers)('with %s', (parser) => {
  describe("ky's per-call prefixUrl", () => {
    it("replaces the instance's base: another vendor's call is not reported but counted, the vendor's is rewritten", () => {
      const code = [
        "import ky from 'ky';",
        "export const snap = () => ky.get('v1/campaigns/dictionaries/clients', { prefixUrl: 'https://adsapi.snapchat.com' });",
        "export const ours = () => ky.get('v1/campaigns/dictionaries/clients', { prefixUrl: 'https://api.adform.com' });",
        "const adform = ky.create({ prefixUrl: 'https://api.adform.com' });",
        "export const moved = () => adform('v1/campaigns/dictionaries/managers', { prefixUrl: 'https://adsapi.snapchat.com' });",
        "export const direct = () => ky('v1/campaigns/dictionaries/managers', { prefixUrl: 'https://api.adform.com', method: 'get' });",
      ].join('\n');
      expect(findings(parser, code)).toEqual([
        { line: 3, column: 33, message: clients, host: 'api.adform.com', output: code.replace("ky.get('v1/campaigns/dictionaries/clients', { prefixUrl: 'https://api.adform.com' })", "ky.get('v1/buyer/advertisers', { prefixUrl: 'https://api.adform.com' })") },
        { line: 6, column: 31, message: managers, host: 'api.adform.com', output: code.replace("ky('v1/campaigns/dictionaries/managers'", "ky('v1/buyer/classifiers/managers'") },
      ]);
      expect(otherHostCount(parser, code)).toBe(2);
    });
  });

  describe('an absolute URL whose origin is a constant', () => {
    it("wins over the call's or the instance's base, as the clients join at run time (trial s47 re-run, NEW 3)", () => {
      const code = [
        "import axios from 'axios';",
        "import { ofetch } from 'ofetch';",
        "const A = 'https://api.adform.com';",
        "const SNAP = 'https://adsapi.snapchat.com';",
        'export const a = () => axios.get(`${A}/v1/campaigns/dictionaries/managers`, { baseURL: SNAP });',
        'export const b = () => useFetch(`${A}/v1/campaigns/dictionaries/managers`, { baseURL: SNAP });',
        'const snapOf = ofetch.create({ baseURL: SNAP });',
        'export const c = () => snapOf(`${A}/v1/campaigns/dictionaries/managers`);',
        'export const d = () => $fetch(`${SNAP}/v1/campaigns/dictionaries/managers`, { baseURL: A });',
      ].join('\n');
      const moved = (line: number): string => code.split('\n').map((text, index) => (index === line - 1 ? text.replace('/v1/campaigns/dictionaries/managers', '/v1/buyer/classifiers/managers') : text)).join('\n');
      expect(findings(parser, code)).toEqual([
        { line: 5, column: 33, message: managers, host: 'api.adform.com', output: moved(5) },
        { line: 6, column: 32, message: managers, host: 'api.adform.com', output: moved(6) },
        { line: 8, column: 30, message: managers, host: 'api.adform.com', output: moved(8) },
      ]);
      // The last one names Snapchat's origin itself: the base does not make it the API's.
      expect(otherHostCount(parser, code)).toBe(1);
    });
  });

  describe('ofetch and Nuxt: $fetch, ofetch, useFetch, useLazyFetch and their create()', () => {
    it("another vendor's baseURL, per call or of an instance, is that vendor's: not reported, counted", () => {
      const code = [
        "import { ofetch } from 'ofetch';",
        "const snap = ofetch.create({ baseURL: 'https://adsapi.snapchat.com' });",
        "export const a = () => snap('/v1/campaigns/dictionaries/managers');",
        "export const b = () => $fetch('/v1/campaigns/dictionaries/managers', { baseURL: 'https://adsapi.snapchat.com' });",
        "export const c = () => ofetch('/v1/campaigns', { baseURL: 'https://adsapi.snapchat.com', method: 'PATCH' });",
        "export const d = () => useFetch('/v1/campaigns', { baseURL: 'https://adsapi.snapchat.com' });",
        "export const e = () => useLazyFetch(() => '/v1/campaigns/dictionaries/clients', { baseURL: 'https://adsapi.snapchat.com' });",
        "const snapNuxt = $fetch.create({ baseURL: 'https://adsapi.snapchat.com' });",
        "export const f = () => snapNuxt('/v1/campaigns/dictionaries/clients');",
      ].join('\n');
      expect(findings(parser, code)).toEqual([]);
      expect(otherHostCount(parser, code)).toBe(6);
    });

    it("the vendor's baseURL gives the host; the method is the options' or GET; a getter returns the URL", () => {
      const code = [
        "const adform = $fetch.create({ baseURL: 'https://api.adform.com' });",
        "export const labels = () => adform('/v1/campaigns/dictionaries/comanagers');",
        "export const n1 = () => useFetch('/v1/campaigns', { baseURL: 'https://api.adform.com' });",
        'export const n2 = (id: { value: number }) => useFetch(() => `/v1/campaigns/${id.value}/orders`, { baseURL: \'https://api.adform.com\' });',
        "export const n6 = (body: object) => $fetch('https://api.adform.com/v1/reportingstats/agency/reportdata', { method: 'POST', body });",
        "export const n7 = () => useFetch('https://api.adform.com/v1/campaigns', { query: { active: true } });",
        "export const n8 = (id: number) => $fetch('https://api.adform.com/v1/campaigns', { method: 'PATCH', body: { id } });",
        "export const raw = () => $fetch.raw('/v1/campaigns/dictionaries/managers', { baseURL: 'https://api.adform.com', method: 'get' });",
      ].join('\n');
      expect(findings(parser, code)).toEqual([
        {
          line: 2,
          column: 35,
          message: rewrite('GET /v1/campaigns/dictionaries/comanagers', 'GET /v1/buyer/classifiers/managers'),
          host: 'api.adform.com',
          output: code.replace("adform('/v1/campaigns/dictionaries/comanagers')", "adform('/v1/buyer/classifiers/managers')"),
        },
        { line: 3, column: 33, message: list, host: 'api.adform.com', output: code.replace("useFetch('/v1/campaigns', {", "useFetch('/v1/buyer/campaigns', {") },
        { line: 4, column: 60, message: orders, host: 'api.adform.com' },
        {
          line: 5,
          column: 43,
          message: 'POST /v1/reportingstats/agency/reportdata is retired (support ended 2020-01-31): use one of POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations or GET /v1/buyer/stats/data; this call needs a manual migration.',
          host: 'api.adform.com',
        },
        { line: 6, column: 33, message: list, host: 'api.adform.com', output: code.replace("useFetch('https://api.adform.com/v1/campaigns'", "useFetch('https://api.adform.com/v1/buyer/campaigns'") },
        { line: 7, column: 41, message: patch, host: 'api.adform.com' },
        { line: 8, column: 36, message: managers, host: 'api.adform.com', output: code.replace("raw('/v1/campaigns/dictionaries/managers'", "raw('/v1/buyer/classifiers/managers'") },
      ]);
    });

    it('no base, or one from useRuntimeConfig(): the host is not shown, as for a relative fetch', () => {
      const code = [
        "import { ofetch } from 'ofetch';",
        "export const n5 = () => $fetch('/v1/campaigns');",
        "export const cfg = () => useFetch('/v1/campaigns/dictionaries/managers', { baseURL: useRuntimeConfig().public.apiBase });",
        'export const env = () => ofetch(`${process.env.ADFORM_API}/v1/campaigns/dictionaries/clients`);',
      ].join('\n');
      expect(findings(parser, code)).toEqual([
        { line: 2, column: 31, message: list, host: undefined, output: code.replace("$fetch('/v1/campaigns')", "$fetch('/v1/buyer/campaigns')") },
        { line: 3, column: 34, message: managers, host: undefined, output: code.replace("useFetch('/v1/campaigns/dictionaries/managers'", "useFetch('/v1/buyer/classifiers/managers'") },
        { line: 4, column: 32, message: clients, host: undefined, output: code.replace('/v1/campaigns/dictionaries/clients`', '/v1/buyer/advertisers`') },
      ]);
    });

    it("options the file does not show leave the method unknown, as fetch's do", () => {
      const code = "export const n5 = (config: object) => $fetch('/v1/campaigns', config);";
      expect(findings(parser, code)).toEqual([
        { line: 1, column: 45, message: todo('/v1/campaigns (GET or PATCH)', 'one of GET /v1/buyer/campaigns or PUT /v1/buyer/campaigns/{id}/status'), host: undefined },
      ]);
    });
  });

  describe("VueUse's useFetch and createFetch({ baseUrl })", () => {
    it("the chain's verb is the method (GET without one); another vendor's baseUrl is not reported", () => {
      const code = [
        "import { createFetch, useFetch } from '@vueuse/core';",
        "const useAdformFetch = createFetch({ baseUrl: 'https://api.adform.com' });",
        "const useSnapFetch = createFetch({ baseUrl: 'https://adsapi.snapchat.com' });",
        "export const n3 = () => useAdformFetch('/v1/campaigns/dictionaries/managers').get().json();",
        "export const snap = () => useSnapFetch('/v1/campaigns/dictionaries/managers').get().json();",
        "export const edit = (body: object) => useAdformFetch('/v1/campaigns').json().patch(body);",
        "export const plain = () => useFetch('https://api.adform.com/v1/campaigns').json();",
        "export const init = () => useFetch('https://api.adform.com/v1/campaigns', { method: 'PATCH' }, { immediate: false });",
      ].join('\n');
      expect(findings(parser, code)).toEqual([
        { line: 4, column: 39, message: managers, host: 'api.adform.com', output: code.replace("useAdformFetch('/v1/campaigns/dictionaries/managers')", "useAdformFetch('/v1/buyer/classifiers/managers')") },
        { line: 6, column: 53, message: patch, host: 'api.adform.com' },
        { line: 7, column: 36, message: list, host: 'api.adform.com', output: code.replace("useFetch('https://api.adform.com/v1/campaigns').json()", "useFetch('https://api.adform.com/v1/buyer/campaigns').json()") },
        { line: 8, column: 35, message: patch, host: 'api.adform.com' },
      ]);
      expect(otherHostCount(parser, code)).toBe(1);
    });

    it('a useFetch no import names, chained as VueUse chains it, is VueUse’s (auto-imported): its verb is read', () => {
      const code = "export const save = (body: object) => useFetch('/v1/campaigns').patch(body).json();";
      expect(findings(parser, code)).toEqual([{ line: 1, column: 47, message: patch, host: undefined }]);
    });
  });

  describe("Angular's httpResource", () => {
    it('a URL getter is a GET; a request getter says its method', () => {
      const code = [
        "import { httpResource } from '@angular/common/http';",
        'export const a = () => httpResource(() => `https://api.adform.com/v1/campaigns`);',
        "export const b = () => httpResource(() => ({ url: 'https://api.adform.com/v1/campaigns', method: 'PATCH' }));",
        "export const c = () => httpResource.text(() => '/v1/campaigns/dictionaries/clients');",
        "export const d = () => httpResource(() => 'https://adsapi.snapchat.com/v1/campaigns');",
      ].join('\n');
      expect(findings(parser, code)).toEqual([
        { line: 2, column: 42, message: list, host: 'api.adform.com', output: code.replace('`https://api.adform.com/v1/campaigns`', '`https://api.adform.com/v1/buyer/campaigns`') },
        { line: 3, column: 50, message: patch, host: 'api.adform.com' },
        { line: 4, column: 47, message: clients, host: undefined, output: code.replace("'/v1/campaigns/dictionaries/clients'", "'/v1/buyer/advertisers'") },
      ]);
      expect(otherHostCount(parser, code)).toBe(1);
    });
  });

  describe('look-alikes', () => {
    it("a useFetch or $fetch of the file is not the library's: its options are not read, the URL is a string as before", () => {
      const code = [
        'function useFetch(path: string, options: object) { return [path, options]; }',
        'const $fetch = (path: string, options: object) => [path, options];',
        "export const a = () => useFetch('/v1/campaigns', { baseURL: 'https://adsapi.snapchat.com', method: 'PATCH' });",
        "export const b = () => $fetch('/v1/campaigns/dictionaries/managers', { baseURL: 'https://adsapi.snapchat.com' });",
      ].join('\n');
      expect(findings(parser, code)).toEqual([
        { line: 3, column: 32, message: todo('/v1/campaigns (GET or PATCH)', 'one of GET /v1/buyer/campaigns or PUT /v1/buyer/campaigns/{id}/status'), host: undefined },
        {
          line: 4,
          column: 30,
          message: '/v1/campaigns/dictionaries/managers is retired (support ended 2019-10-01): use GET /v1/buyer/classifiers/managers.',
          host: undefined,
          output: code.replace("$fetch('/v1/campaigns/dictionaries/managers'", "$fetch('/v1/buyer/classifiers/managers'"),
        },
      ]);
    });

    it("a useFetch imported from the project's own module is not Nuxt's or VueUse's", () => {
      const code = ["import { useFetch } from './use-fetch';", "export const a = () => useFetch('/v1/campaigns', { method: 'PATCH' });"].join('\n');
      expect(findings(parser, code)).toEqual([
        { line: 2, column: 32, message: todo('/v1/campaigns (GET or PATCH)', 'one of GET /v1/buyer/campaigns or PUT /v1/buyer/campaigns/{id}/status'), host: undefined },
      ]);
    });

    it("@nuxt/test-utils's registerEndpoint and e2e $fetch stand in for the API or request the app under test: no request", () => {
      const code = [
        "import { registerEndpoint } from '@nuxt/test-utils/runtime';",
        "import { $fetch as appFetch, fetch } from '@nuxt/test-utils/e2e';",
        "registerEndpoint('/v1/campaigns/dictionaries/labels', () => []);",
        "registerEndpoint('/v1/campaigns', { method: 'PATCH', handler: () => ({}) });",
        "export const page = () => appFetch('/v1/campaigns/dictionaries/clients');",
        "export const raw = () => fetch('/v1/campaigns/dictionaries/managers');",
        "export const sent = () => $fetch('/v1/campaigns/dictionaries/managers');",
      ].join('\n');
      expect(findings(parser, code)).toEqual([
        { line: 7, column: 33, message: managers, host: undefined, output: code.replace("$fetch('/v1/campaigns/dictionaries/managers')", "$fetch('/v1/buyer/classifiers/managers')") },
      ]);
    });
  });
});
