import type { Rule } from 'eslint';
import rule from '../../src/rules/no-legacy-rest-path.js';
import { AS_OF, createEspreeRuleTester, createTypeScriptRuleTester, forRuleTester, laidOutTodo, positionOf, retiredIn2019, todoComment } from '../support/rule-testers.js';


const ruleTester = createTypeScriptRuleTester();

const fetchWithBase = 'const campaigns = await fetch(`${API_BASE}/v1/campaigns?active=true`);';
// A Latin-1 comment (`R\xe9cup\xe8re`) as ESLint reads it: every byte that is not UTF-8 is U+FFFD.
const latin1Decoded = ['// R\uFFFDcup\uFFFDre les campagnes', fetchWithBase].join('\n');
const axiosPatch = "await axios.patch('/v1/campaigns', { ids, status: 'paused' });";
const angularService = [
  'class CampaignService {',
  '  constructor(private readonly http: HttpClient) {}',
  '  getCampaign(id: string) {',
  '    return this.http.get<Campaign>(`/v1/campaigns/${id}`);',
  '  }',
  '}',
].join('\n');
const gotOrders = 'const orders = await got(`${API_BASE}/v1/campaigns/${campaignId}/orders`).json();';
const kyOrder = 'const order = await ky.get(`/v1/campaigns/${campaignId}/orders/${orderId}`).json();';
// Trial s47: a base written beside ky, ofetch / Nuxt, VueUse and httpResource calls decides the host, and their method is read.
const kyForeignPrefix = "ky.get('v1/campaigns/dictionaries/clients', { prefixUrl: 'https://adsapi.snapchat.com' });";
const kyOwnPrefix = "ky.get('v1/campaigns/dictionaries/clients', { prefixUrl: 'https://api.adform.com' });";
const nuxtForeignBases = [
  "import { ofetch } from 'ofetch';",
  "const snap = ofetch.create({ baseURL: 'https://adsapi.snapchat.com' });",
  "snap('/v1/campaigns/dictionaries/managers');",
  "$fetch('/v1/campaigns/dictionaries/managers', { baseURL: 'https://adsapi.snapchat.com' });",
  "useFetch('/v1/campaigns', { baseURL: 'https://adsapi.snapchat.com' });",
].join('\n');
const nuxtUseFetch = "const { data } = await useFetch('/v1/campaigns', { baseURL: 'https://api.adform.com' });";
const nuxtPatch = "await $fetch('https://api.adform.com/v1/campaigns', { method: 'PATCH', body: { id } });";
const vueUseFetch = [
  "import { createFetch } from '@vueuse/core';",
  "const useAdformFetch = createFetch({ baseUrl: 'https://api.adform.com' });",
  "const useSnapFetch = createFetch({ baseUrl: 'https://adsapi.snapchat.com' });",
  "useSnapFetch('/v1/campaigns/dictionaries/managers').get().json();",
  "useAdformFetch('/v1/campaigns/dictionaries/managers').get().json();",
].join('\n');
const angularResource = ["import { httpResource } from '@angular/common/http';", 'const campaigns = httpResource(() => `${API}/v1/campaigns`);'].join('\n');
const superagentManagers = "const managers = await superagent.get(API_BASE + '/v1/campaigns/dictionaries/managers');";
const jqueryComanagers = "$.getJSON('/v1/campaigns/dictionaries/comanagers', render);";
const xhrLabels = ['const xhr = new XMLHttpRequest();', "xhr.open('GET', '/v1/campaigns/dictionaries/labels');"].join('\n');
const undiciClients = [
  "import { request } from 'undici';",
  'const { body } = await request(`${API_BASE}/v1/campaigns/dictionaries/clients`);',
].join('\n');
const axiosConfig = "await axios({ method: 'get', url: '/v1/campaigns' });";
const jqueryAjaxPatch = "$.ajax({ type: 'PATCH', url: '/v1/campaigns', data: payload });";
const axiosInstance = [
  "const api = axios.create({ baseURL: 'https://api.adform.com' });",
  "const clients = await api.get('/v1/campaigns/dictionaries/clients');",
].join('\n');
const sameFileConstant = ['const CAMPAIGNS_URL = `${API_BASE}/v1/campaigns`;', 'const response = await fetch(CAMPAIGNS_URL);'].join('\n');
const trailingSlash = "const response = await fetch('/v1/campaigns/');";
const mixedCase = "const response = await fetch('/V1/Campaigns');";
const swrKey = "const { data } = useSWR('/v1/campaigns/dictionaries/managers', fetcher);";
// SWR's key is the URL its fetcher is given: the fetcher of the file decides the host and the method.
const swrFetchers = [
  "import useSWR from 'swr';",
  "const API = 'https://api.adform.com';",
  "const SNAP = 'https://adsapi.snapchat.com';",
  'const fetcher = (path: string) => fetch(`${API}${path}`).then((r) => r.json());',
  'const snapFetcher = (path: string) => fetch(`${SNAP}${path}`).then((r) => r.json());',
  "export const useSnapManagers = () => useSWR('/v1/campaigns/dictionaries/managers', snapFetcher);",
  "export const useCampaigns = () => useSWR('/v1/campaigns', fetcher);",
].join('\n');
const swrArrayKey = "import useSWR from 'swr';\nexport const useOne = (id?: string) => useSWR(id ? ['/v1/campaigns/dictionaries/clients', id] : null);";
// openapi-fetch: the capitalised verb is the method, baseUrl the host.
const openapiFetch = [
  "import createClient from 'openapi-fetch';",
  "const adform = createClient<paths>({ baseUrl: 'https://api.adform.com' });",
  "const snap = createClient<paths>({ baseUrl: 'https://adsapi.snapchat.com' });",
  "export const pause = (ids: number[]) => adform.PATCH('/v1/campaigns', { body: { ids } });",
  "export const snapPause = (ids: number[]) => snap.PATCH('/v1/campaigns', { body: { ids } });",
].join('\n');

// Trial 48: undici's Pool sends to its origin with the method its options write; a class getter's lazy client has its base.
const undiciPools = [
  "const { Pool } = require('undici');",
  "const snap = new Pool('https://adsapi.snapchat.com');",
  "const adform = new Pool('https://api.adform.com');",
  "export const snapCampaigns = () => snap.request({ path: '/v1/campaigns', method: 'GET' });",
  "export const campaigns = () => adform.request({ path: '/v1/campaigns', method: 'GET' });",
].join('\n');
// Retrial NB 3 and 4: undici's Agent sends to the origin its options name; options a helper hands to fetch as they are carry the caller's method.
const undiciAgent = [
  "import { Agent } from 'undici';",
  'const agent = new Agent({ connections: 10 });',
  "export const snap = () => agent.request({ origin: 'https://adsapi.snapchat.com', path: '/v1/campaigns', method: 'GET' });",
  "export const ours = () => agent.request({ origin: 'https://api.adform.com', path: '/v1/campaigns', method: 'GET' });",
].join('\n');
const optionsHelper = [
  "const BASE = 'https://api.adform.com';",
  "function api(path, opts) { return fetch(BASE + path, { ...opts, headers: { accept: 'application/json' } }); }",
  "export const list = () => api('/v1/campaigns', { method: 'GET' });",
].join('\n');
const lazyClientGetters = [
  "import axios, { type AxiosInstance } from 'axios';",
  'export class SnapApi {',
  '  static #inst: AxiosInstance | undefined;',
  '  get client(): AxiosInstance {',
  "    if (!SnapApi.#inst) SnapApi.#inst = axios.create({ baseURL: 'https://adsapi.snapchat.com' });",
  '    return SnapApi.#inst;',
  '  }',
  "  campaigns() { return this.client.get('/v1/campaigns'); }",
  '}',
  'export class AdformApi {',
  '  #client: AxiosInstance | null = null;',
  "  get client(): AxiosInstance { return (this.#client ??= axios.create({ baseURL: 'https://api.adform.com' })); }",
  "  campaigns() { return this.client.get('/v1/campaigns'); }",
  '}',
].join('\n');

// A custom one-to-one entry whose new path ends at its parameter: the old tail is a literal of its own.
const thingDetails = {
  id: 'thing-details',
  retired: 'GET /v1/things/{id}/details',
  replacements: ['GET /v2/things/{id}'],
  gaEnds: '2025-01-01',
  supportEnds: '2026-06-30',
  migration: 'rewrite',
  service: 'Things',
};

// Strings a test asserts on or the code tests a URL against: not requests (the repros of issues filed by users).
const guardTests = [
  "const assert = require('node:assert');",
  "test('no legacy paths', () => {",
  "  expect(buildUrl()).not.toBe('https://api.adform.com/v1/campaigns');",
  "  expect(buildUrl()).not.toContain('/v1/campaigns/dictionaries/managers');",
  "  assert.notEqual(buildUrl(), 'https://api.adform.com/v1/campaigns/dictionaries/clients');",
  "  assert.ok(!buildUrl().startsWith('https://api.adform.com/v1/campaigns/dictionaries/labels'));",
  '});',
].join('\n');
const specAssertions = [
  "import nock from 'nock';",
  "import { http, HttpResponse } from 'msw';",
  "it('calls the API', async () => {",
  "  nock('https://api.adform.com').get('/v1/campaigns').reply(200, []);",
  "  http.get('https://api.adform.com/v1/campaigns', () => HttpResponse.json([]));",
  "  expect(fetchMock).toHaveBeenCalledWith('https://api.adform.com/v1/campaigns');",
  "  expect(lastUrl).toBe('https://api.adform.com/v1/campaigns/dictionaries/managers');",
  "  httpMock.expectOne('https://api.adform.com/v1/campaigns/dictionaries/managers');",
  "  httpMock.expectOne((r) => r.url === 'https://api.adform.com/v1/campaigns');",
  '});',
].join('\n');
// A trial's test file: test doubles of the API (no request is sent by any of these lines).
const testDoubles = [
  "import axios from 'axios';",
  "import MockAdapter from 'axios-mock-adapter';",
  "import fetchMock from 'fetch-mock';",
  'const mock = new MockAdapter(axios);',
  "mock.onGet('https://api.adform.com/v1/campaigns').reply(200, []);",
  "fetchMock.get('https://api.adform.com/v1/campaigns/dictionaries/managers', []);",
  "expect(fetchMock.called('https://api.adform.com/v1/campaigns/dictionaries/managers')).toBe(true);",
  "cy.intercept('GET', '/v1/campaigns/dictionaries/labels', { fixture: 'labels.json' });",
  "sinon.fakeServer.create().respondWith('GET', '/v1/campaigns/dictionaries/comanagers', [200, {}, '[]']);",
].join('\n');
const moreTestDoubles = [
  "import { test } from '@playwright/test';",
  "import fetchMock from 'jest-fetch-mock';",
  "beforeEach(function () { this.server = sinon.fakeServer.create(); });",
  "it('lists', function () { this.server.respondWith('GET', '/v1/campaigns/dictionaries/comanagers', '[]'); });",
  "test('lists', async ({ page }) => { await page.route('https://api.adform.com/v1/campaigns/dictionaries/managers', (route) => route.abort()); });",
  "fetchMock.mockIf('https://api.adform.com/v1/campaigns/dictionaries/clients', () => '[]');",
].join('\n');
const besideMock = ["import axios from 'axios';", "import MockAdapter from 'axios-mock-adapter';", "new MockAdapter(axios).onGet('/v1/campaigns').reply(200, []);", "await axios.get('/v1/campaigns');"].join('\n');
const interceptorShim = [
  'export const legacyCampaignsInterceptor: HttpInterceptorFn = (req, next) => {',
  "  if (req.url.includes('/v1/campaigns/dictionaries/managers')) {",
  "    return next(req.clone({ url: req.url.replace('/v1/campaigns/dictionaries/managers', '/v1/buyer/classifiers/managers') }));",
  '  }',
  '  return next(req);',
  '};',
].join('\n');
const urlComparisons = [
  'export function kindOf(url: string) {',
  "  if (url === '/v1/campaigns' || url.startsWith('/v1/campaigns/dictionaries/')) return 'legacy';",
  "  switch (url) { case '/v1/campaigns/dictionaries/clients': return 'clients'; }",
  "  return url !== 'https://api.adform.com/v1/campaigns/dictionaries/managers' ? 'other' : 'managers';",
  '}',
].join('\n');
const serviceBesideSpec = [
  'class ManagersService {',
  '  constructor(private readonly http: HttpClient) {}',
  "  load() { return this.http.get<Manager[]>('/v1/campaigns/dictionaries/managers'); }",
  '}',
  "it('requests the managers', () => {",
  '  service.load().subscribe();',
  "  httpMock.expectOne('/v1/campaigns/dictionaries/managers').flush([]);",
  "  expect(service.lastUrl).toBe('/v1/campaigns/dictionaries/managers');",
  '});',
].join('\n');
const comparedAndSent = [
  "const MANAGERS = '/v1/campaigns/dictionaries/managers';",
  'export function load(url: string) {',
  '  if (url === MANAGERS || url.includes(MANAGERS)) return cached;',
  '  return fetch(MANAGERS);',
  '}',
].join('\n');

ruleTester.run('no-legacy-rest-path', forRuleTester(rule), {
  valid: [
    { name: 'the new Campaigns API', code: 'await fetch(`${API_BASE}/v1/buyer/campaigns?active=true`);' },
    { name: 'the new campaign endpoint', code: 'this.http.get<Campaign>(`/v1/buyer/campaigns/${id}`);' },
    { name: 'a look-alike path with a longer last segment', code: "await fetch('/v1/campaignsArchive');" },
    { name: 'a look-alike path with a dash', code: "await axios.get('/v1/campaigns-report');" },
    { name: 'a retired path in a comment', code: '// GET /v1/campaigns was replaced by GET /v1/buyer/campaigns\nawait load();' },
    { name: 'a retired path in the prose of a log message', code: "logger.info('We moved away from the /v1/campaigns endpoint last year');" },
    { name: 'a SOAP operation (another rule)', code: 'await client.GetCampaignsAsync({});' },
    { name: 'the synchronous reporting API (another rule)', code: "await axios.post('/v1/reportingstats/agency/reportdata', request);" },
    {
      name: 'a URL on a host outside apiHosts',
      code: "await fetch('https://other.example.org/v1/campaigns');",
      settings: { sunset: { asOf: AS_OF, apiHosts: ['api.adform.com'] } },
    },
    {
      name: "ky's per-call prefixUrl on another host",
      code: kyForeignPrefix,
      settings: { sunset: { asOf: AS_OF, apiHosts: ['api.adform.com'] } },
    },
    {
      name: "ofetch, Nuxt's $fetch and useFetch on another host's baseURL",
      code: nuxtForeignBases,
      settings: { sunset: { asOf: AS_OF, apiHosts: ['api.adform.com'] } },
    },
    {
      name: "@nuxt/test-utils's registerEndpoint, a stand-in for the API",
      code: "import { registerEndpoint } from '@nuxt/test-utils/runtime';\nregisterEndpoint('/v1/campaigns', () => []);",
    },
    {
      name: 'look-alikes of local hosts outside apiHosts (names, not loopback or private addresses)',
      code: "await fetch('http://localhost.example.com/v1/campaigns');\nawait fetch('http://127.0.0.1.nip.io/v1/campaigns');\nawait fetch('http://api:8080/v1/campaigns');",
      settings: { sunset: { asOf: AS_OF, apiHosts: ['api.adform.com'] } },
    },
    { name: "a guard test's expect() and node:assert assertions on retired URLs", code: guardTests },
    {
      name: "an SWR key whose fetcher of the file sends it to another vendor's host, and a look-alike key that is no path",
      code: "import useSWR from 'swr';\nconst snapFetcher = (path) => fetch(`https://adsapi.snapchat.com${path}`);\nuseSWR('/v1/campaigns/dictionaries/managers', snapFetcher);\nuseSWR('campaigns-list', snapFetcher);",
    },
    {
      name: "an openapi-fetch client on another vendor's baseUrl, and a DELETE of a path retired for GET alone",
      code: "import createClient from 'openapi-fetch';\nconst snap = createClient({ baseUrl: 'https://adsapi.snapchat.com' });\nsnap.GET('/v1/campaigns/dictionaries/managers');\ncreateClient().DELETE('/v1/campaigns/dictionaries/labels');",
    },
    {
      name: "undici's Pool on another vendor's origin, and a class getter's lazy axios client on another vendor's baseURL",
      code: [undiciPools.split('\n').slice(0, 4).join('\n'), lazyClientGetters.split('\n').slice(0, 9).join('\n')].join('\n'),
    },
    { name: "undici's Agent sending to another vendor's origin", code: undiciAgent.split('\n').slice(0, 3).join('\n') },
    { name: 'jest matchers and HttpTestingController expectations on retired URLs, beside nock and msw handlers', code: specAssertions },
    { name: 'test doubles: axios-mock-adapter, fetch-mock (also fetchMock.called), cy.intercept and a sinon fake server', code: testDoubles },
    { name: "test doubles: mocha's this.server, Playwright's page.route of a test's fixture, jest-fetch-mock's mockIf", code: moreTestDoubles },
    { name: "an interceptor's includes() test and the pattern its replace() replaces", code: interceptorShim },
    { name: 'comparisons, a startsWith() test and the cases of a switch on a URL', code: urlComparisons },
    { name: 'a constant only compared and asserted on', code: "const LEGACY = '/v1/campaigns/dictionaries/managers';\nexpect(fetchMock).not.toHaveBeenCalledWith(LEGACY);\nif (url === LEGACY) warn();" },
    {
      name: 'a scheduled entry when reportScheduled is off (the default)',
      code: "await fetch('/v1/campaigns');",
      settings: { sunset: { asOf: '2018-09-01' } },
    },
    {
      name: 'a scheduled entry further ahead than scheduledWithinDays',
      code: "await fetch('/v1/campaigns');",
      settings: { sunset: { asOf: '2018-06-01', reportScheduled: true } },
    },
  ],
  invalid: [
    {
      name: "rewrites the GET an undici Pool on the API's origin sends, and leaves another vendor's Pool alone",
      code: undiciPools,
      output: undiciPools.replace("adform.request({ path: '/v1/campaigns'", "adform.request({ path: '/v1/buyer/campaigns'"),
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'),
          line: 5,
          column: 55,
        },
      ],
    },
    {
      name: "rewrites the GET an undici Agent sends to the API's origin, and leaves the one to another vendor's origin alone",
      code: undiciAgent,
      output: undiciAgent.replace("'https://api.adform.com', path: '/v1/campaigns'", "'https://api.adform.com', path: '/v1/buyer/campaigns'"),
      errors: [{ messageId: 'retiredRewrite', data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'), line: 4, column: 83 }],
    },
    {
      name: "rewrites the caller's path where a helper hands the caller's options, and their GET, to fetch",
      code: optionsHelper,
      output: optionsHelper.replace("api('/v1/campaigns'", "api('/v1/buyer/campaigns'"),
      errors: [{ messageId: 'retiredRewrite', data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'), line: 3, column: 31 }],
    },
    {
      name: "rewrites the call of a class getter's lazy client on the API's baseURL, and leaves another vendor's alone",
      code: lazyClientGetters,
      output: lazyClientGetters.replace("  campaigns() { return this.client.get('/v1/campaigns'); }\n}\n", 'KEEP').replace("this.client.get('/v1/campaigns')", "this.client.get('/v1/buyer/campaigns')").replace('KEEP', "  campaigns() { return this.client.get('/v1/campaigns'); }\n}\n"),
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'),
          line: 13,
          column: 40,
        },
      ],
    },
    {
      name: 'rewrites a real request beside an axios-mock-adapter handler of the same path, and not the handler',
      code: besideMock,
      output: besideMock.replace("axios.get('/v1/campaigns')", "axios.get('/v1/buyer/campaigns')"),
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'),
          ...positionOf(besideMock, "'/v1/campaigns');"),
        },
      ],
    },
    {
      name: 'rewrites a fetch template literal and keeps the base and the query string',
      code: fetchWithBase,
      output: 'const campaigns = await fetch(`${API_BASE}/v1/buyer/campaigns?active=true`);',
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'),
          ...positionOf(fetchWithBase, '`'),
        },
      ],
    },
    {
      name: 'reports, and does not autofix, a file ESLint decoded with U+FFFD (not UTF-8): --fix would write the replacement characters back',
      code: latin1Decoded,
      output: null,
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'),
          ...positionOf(latin1Decoded, '`'),
        },
      ],
    },
    {
      name: 'suggests a TODO for axios.patch on the campaign list (the new endpoint needs one id per call)',
      code: axiosPatch,
      output: null,
      errors: [
        {
          messageId: 'retiredTodo',
          data: retiredIn2019('PATCH /v1/campaigns', 'use PUT /v1/buyer/campaigns/{id}/status'),
          ...positionOf(axiosPatch, "'/v1"),
          suggestions: [
            { messageId: 'insertTodo', data: { entryId: 'campaigns-legacy-status' }, output: todoComment('campaigns-legacy-status') + axiosPatch },
          ],
        },
      ],
    },
    {
      name: 'suggests a TODO or either half of the split campaign for Angular HttpClient',
      code: angularService,
      output: null,
      errors: [
        {
          messageId: 'retiredTodo',
          data: retiredIn2019('GET /v1/campaigns/{id}', 'use one of GET /v1/buyer/campaigns/{id} or GET /v1/buyer/campaigns/{id}/rtbSettings'),
          ...positionOf(angularService, '`/v1'),
          suggestions: [
            {
              messageId: 'insertTodo',
              data: { entryId: 'campaigns-legacy-get' },
              output: angularService.replace('    return this.http', `${todoComment('campaigns-legacy-get', '    ')}    return this.http`),
            },
            {
              messageId: 'switchToCandidate',
              data: { replacement: 'GET /v1/buyer/campaigns/{id}' },
              output: angularService.replace('`/v1/campaigns/${id}`', '`/v1/buyer/campaigns/${id}`'),
            },
            {
              messageId: 'switchToCandidate',
              data: { replacement: 'GET /v1/buyer/campaigns/{id}/rtbSettings' },
              output: angularService.replace('`/v1/campaigns/${id}`', '`/v1/buyer/campaigns/${id}/rtbSettings`'),
            },
          ],
        },
      ],
    },
    {
      name: 'suggests a TODO or the orders list for got on the orders of one campaign',
      code: gotOrders,
      output: null,
      errors: [
        {
          messageId: 'retiredTodo',
          data: retiredIn2019('GET /v1/campaigns/{campaignId}/orders', 'use GET /v1/buyer/orders'),
          ...positionOf(gotOrders, '`'),
          suggestions: [
            { messageId: 'insertTodo', data: { entryId: 'campaigns-legacy-orders' }, output: todoComment('campaigns-legacy-orders') + gotOrders },
            {
              messageId: 'switchToCandidate',
              data: { replacement: 'GET /v1/buyer/orders' },
              output: 'const orders = await got(`${API_BASE}/v1/buyer/orders`).json();',
            },
          ],
        },
      ],
    },
    {
      name: 'rewrites a ky order URL and keeps the order id hole',
      code: kyOrder,
      output: 'const order = await ky.get(`/v1/buyer/orders/${orderId}`).json();',
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns/{campaignId}/orders/{orderId}', 'use GET /v1/buyer/orders/{orderId}'),
          ...positionOf(kyOrder, '`'),
        },
      ],
    },
    {
      name: "rewrites a ky call whose per-call prefixUrl is the API's",
      code: kyOwnPrefix,
      output: kyOwnPrefix.replace('v1/campaigns/dictionaries/clients', 'v1/buyer/advertisers'),
      settings: { sunset: { asOf: AS_OF, apiHosts: ['api.adform.com'] } },
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns/dictionaries/clients', 'use GET /v1/buyer/advertisers'),
          ...positionOf(kyOwnPrefix, "'v1"),
        },
      ],
    },
    {
      name: "rewrites Nuxt's useFetch on the API's baseURL: a GET without a method",
      code: nuxtUseFetch,
      output: nuxtUseFetch.replace("'/v1/campaigns'", "'/v1/buyer/campaigns'"),
      settings: { sunset: { asOf: AS_OF, apiHosts: ['api.adform.com'] } },
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'),
          ...positionOf(nuxtUseFetch, "'/v1"),
        },
      ],
    },
    {
      name: "reads the method of Nuxt's $fetch options: a PATCH is a TODO for PUT only",
      code: nuxtPatch,
      output: null,
      errors: [
        {
          messageId: 'retiredTodo',
          data: retiredIn2019('PATCH /v1/campaigns', 'use PUT /v1/buyer/campaigns/{id}/status'),
          ...positionOf(nuxtPatch, "'https"),
          suggestions: [{ messageId: 'insertTodo', data: { entryId: 'campaigns-legacy-status' }, output: todoComment('campaigns-legacy-status') + nuxtPatch }],
        },
      ],
    },
    {
      name: "rewrites VueUse's createFetch call on the API's baseUrl, not the one on another host",
      code: vueUseFetch,
      output: vueUseFetch.replace("useAdformFetch('/v1/campaigns/dictionaries/managers')", "useAdformFetch('/v1/buyer/classifiers/managers')"),
      settings: { sunset: { asOf: AS_OF, apiHosts: ['api.adform.com'] } },
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns/dictionaries/managers', 'use GET /v1/buyer/classifiers/managers'),
          ...positionOf(vueUseFetch, "useAdformFetch('/v1"),
          column: positionOf(vueUseFetch, "useAdformFetch('/v1").column + 'useAdformFetch('.length,
        },
      ],
    },
    {
      name: "rewrites Angular's httpResource URL getter, a GET",
      code: angularResource,
      output: angularResource.replace('/v1/campaigns`', '/v1/buyer/campaigns`'),
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'),
          ...positionOf(angularResource, '`'),
        },
      ],
    },
    {
      name: 'rewrites a concatenated superagent URL and keeps the base',
      code: superagentManagers,
      output: "const managers = await superagent.get(API_BASE + '/v1/buyer/classifiers/managers');",
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns/dictionaries/managers', 'use GET /v1/buyer/classifiers/managers'),
          ...positionOf(superagentManagers, 'API_BASE +'),
        },
      ],
    },
    {
      name: 'rewrites jQuery getJSON of the co-managers to the managers classifier',
      code: jqueryComanagers,
      output: "$.getJSON('/v1/buyer/classifiers/managers', render);",
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns/dictionaries/comanagers', 'use GET /v1/buyer/classifiers/managers'),
          ...positionOf(jqueryComanagers, "'"),
        },
      ],
    },
    {
      name: 'suggests only a TODO for XMLHttpRequest on the labels dictionary (an advertiser id is missing)',
      code: xhrLabels,
      output: null,
      errors: [
        {
          messageId: 'retiredTodo',
          data: retiredIn2019('GET /v1/campaigns/dictionaries/labels', 'use GET /v1/buyer/advertisers/{id}/campaignLabels'),
          ...positionOf(xhrLabels, "'/v1"),
          suggestions: [
            {
              messageId: 'insertTodo',
              data: { entryId: 'campaign-dictionary-labels' },
              output: xhrLabels.replace('xhr.open', `${todoComment('campaign-dictionary-labels')}xhr.open`),
            },
          ],
        },
      ],
    },
    {
      name: 'rewrites an undici request for the clients dictionary',
      code: undiciClients,
      output: undiciClients.replace('/v1/campaigns/dictionaries/clients', '/v1/buyer/advertisers'),
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns/dictionaries/clients', 'use GET /v1/buyer/advertisers'),
          ...positionOf(undiciClients, '`'),
        },
      ],
    },
    {
      name: 'rewrites the url of an axios config object',
      code: axiosConfig,
      output: "await axios({ method: 'get', url: '/v1/buyer/campaigns' });",
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'),
          ...positionOf(axiosConfig, "'/v1"),
        },
      ],
    },
    {
      name: 'takes the method of $.ajax from its type',
      code: jqueryAjaxPatch,
      output: null,
      errors: [
        {
          messageId: 'retiredTodo',
          data: retiredIn2019('PATCH /v1/campaigns', 'use PUT /v1/buyer/campaigns/{id}/status'),
          ...positionOf(jqueryAjaxPatch, "'/v1"),
          suggestions: [
            { messageId: 'insertTodo', data: { entryId: 'campaigns-legacy-status' }, output: todoComment('campaigns-legacy-status') + jqueryAjaxPatch },
          ],
        },
      ],
    },
    {
      name: 'rewrites a call on an axios.create instance',
      code: axiosInstance,
      output: axiosInstance.replace('/v1/campaigns/dictionaries/clients', '/v1/buyer/advertisers'),
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns/dictionaries/clients', 'use GET /v1/buyer/advertisers'),
          ...positionOf(axiosInstance, "'/v1"),
        },
      ],
    },
    {
      name: 'reports a same-file constant at the call and rewrites the constant',
      code: sameFileConstant,
      output: sameFileConstant.replace('/v1/campaigns', '/v1/buyer/campaigns'),
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'),
          ...positionOf(sameFileConstant, 'CAMPAIGNS_URL)'),
        },
      ],
    },
    ...[
      ['an exported constant', 'export const CAMPAIGNS_URL = `${API_BASE}/v1/campaigns`;\nexport const list = () => fetch(CAMPAIGNS_URL);'],
      ['a constant exported by name', 'const CAMPAIGNS_URL = `${API_BASE}/v1/campaigns`;\nexport { CAMPAIGNS_URL as LIST };\nconst response = await fetch(CAMPAIGNS_URL);'],
      ['a constant an exported object is built from', "const CAMPAIGNS_URL = `${API_BASE}/v1/campaigns`;\nexport const PATHS = { list: CAMPAIGNS_URL };\nconst response = await fetch(CAMPAIGNS_URL);"],
      ['a constant of module.exports', 'const CAMPAIGNS_URL = `${API_BASE}/v1/campaigns`;\nmodule.exports = { CAMPAIGNS_URL };\nconst response = await fetch(CAMPAIGNS_URL);'],
      // The trial's repro: another file imports the alias and POSTs it (POST /v1/campaigns is not retired).
      ['a constant an exported declaration names', 'const CAMPAIGNS_URL = `${API_BASE}/v1/campaigns`;\nexport const LIST = CAMPAIGNS_URL;\nconst response = await fetch(CAMPAIGNS_URL);'],
      ['a constant an exported let names in parentheses', 'const CAMPAIGNS_URL = `${API_BASE}/v1/campaigns`;\nexport let LIST = ( CAMPAIGNS_URL );\nconst response = await fetch(CAMPAIGNS_URL);'],
      ['a constant an exported declaration names with a cast', 'const CAMPAIGNS_URL = `${API_BASE}/v1/campaigns`;\nexport const LIST = CAMPAIGNS_URL as string;\nconst response = await fetch(CAMPAIGNS_URL);'],
      ['a constant an alias exported by name names', 'const CAMPAIGNS_URL = `${API_BASE}/v1/campaigns`;\nconst LIST = CAMPAIGNS_URL;\nexport { LIST };\nconst response = await fetch(CAMPAIGNS_URL);'],
      ['a constant exports.X names through an alias', 'const CAMPAIGNS_URL = `${API_BASE}/v1/campaigns`;\nconst LIST = CAMPAIGNS_URL;\nexports.LIST = LIST;\nconst response = await fetch(CAMPAIGNS_URL);'],
    ].map(([what, code]) => ({
      // Another file may POST what this one exports, which ESLint, linting one file, cannot see: `sunset fix` decides.
      name: `offers the rewrite of ${what} as a suggestion, not an autofix`,
      code: code!,
      output: null,
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'),
          ...positionOf(code!, 'CAMPAIGNS_URL)'),
          suggestions: [{ messageId: 'switchToCandidate', data: { replacement: 'GET /v1/buyer/campaigns' }, output: code!.replace('/v1/campaigns', '/v1/buyer/campaigns') }],
        },
      ],
    })),
    ...[
      'globalThis.LIST = CAMPAIGNS_URL;',
      'window.api.CAMPAIGNS = CAMPAIGNS_URL;',
      "window['CAMPAIGNS'] = CAMPAIGNS_URL;",
      'function init() {\n  self.CAMPAIGNS = CAMPAIGNS_URL;\n}',
      'Object.assign(globalThis, { CAMPAIGNS_URL });',
    ].map((store) => {
      // Any script may read a global and send it; no analysis sees which: a TODO in check, fix and here alike.
      const code = `const CAMPAIGNS_URL = \`\${API_BASE}/v1/campaigns\`;\n${store}\nconst response = await fetch(CAMPAIGNS_URL);`;
      return {
        name: `leaves a TODO, not a rewrite, for a constant stored in a global (${store})`,
        code,
        output: null,
        errors: [
          {
            messageId: 'retiredTodo',
            data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'),
            ...positionOf(code, 'CAMPAIGNS_URL)'),
            suggestions: [
              {
                messageId: 'insertTodo',
                data: { entryId: 'campaigns-legacy-list' },
                output: code.replace(
                  'const response',
                  `// TODO(sunset:campaigns-legacy-list): replace GET /v1/campaigns with GET /v1/buyer/campaigns\n//   support ended 2019-10-01\nconst response`,
                ),
              },
            ],
          },
        ],
      };
    }),
    ...[
      ['a parameter named window', 'function remember(window) {\n  window.LIST = CAMPAIGNS_URL;\n}'],
      ['a local named self', 'const self = {};\nself.LIST = CAMPAIGNS_URL;'],
      ['a navigation', 'function open() {\n  window.location.href = CAMPAIGNS_URL;\n}'],
      ['an export of another constant', "const OTHER = '/health';\nexport const LIST = OTHER;"],
    ].map(([what, lookAlike]) => {
      const code = `const CAMPAIGNS_URL = \`\${API_BASE}/v1/campaigns\`;\n${lookAlike}\nconst response = await fetch(CAMPAIGNS_URL);`;
      return {
        name: `autofixes a constant beside a look-alike of an escape (${what})`,
        code,
        output: code.replace('/v1/campaigns', '/v1/buyer/campaigns'),
        errors: [{ messageId: 'retiredRewrite', data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'), ...positionOf(code, 'CAMPAIGNS_URL);') }],
      };
    }),
    ...[
      [
        'a conditional tail whose branches are other entries',
        "const API = 'https://api.adform.com';\nexport const dictionary = (kind) => fetch(`${API}/v1/campaigns${kind === 'managers' ? '/dictionaries/managers' : '/dictionaries/labels'}`);",
        'campaign-dictionary-managers',
        'GET /v1/campaigns/dictionaries/managers, one of /v1/campaigns/dictionaries/managers or /v1/campaigns/dictionaries/labels chosen at run time,',
        'use GET /v1/buyer/classifiers/managers',
        'migrate GET /v1/campaigns/dictionaries/managers: the code chooses the path at run time: /v1/campaigns/dictionaries/managers or /v1/campaigns/dictionaries/labels\ncandidates GET /v1/buyer/classifiers/managers\nsupport ended 2019-10-01',
      ],
      [
        'a conditional tail that may be empty',
        "const API = 'https://api.adform.com';\nexport const dictionary = (withLabels) => fetch(API + '/v1/campaigns' + (withLabels ? '/dictionaries/labels' : ''));",
        'campaign-dictionary-labels',
        'GET /v1/campaigns/dictionaries/labels, one of /v1/campaigns/dictionaries/labels or /v1/campaigns chosen at run time,',
        'use GET /v1/buyer/advertisers/{id}/campaignLabels',
        'migrate GET /v1/campaigns/dictionaries/labels: the code chooses the path at run time: /v1/campaigns/dictionaries/labels or /v1/campaigns\ncandidates GET /v1/buyer/advertisers/{id}/campaignLabels\nsupport ended 2019-10-01',
      ],
      ...['`${API}/v1/campaigns${suffix}`', "API + '/v1/campaigns' + suffix"].map((url) => [
        `an unknown tail right after the path (${url})`,
        `const API = 'https://api.adform.com';\nexport const list = (suffix) => fetch(${url});`,
        'campaigns-legacy-list',
        'GET /v1/campaigns…, the end of the path not known,',
        'use GET /v1/buyer/campaigns',
        'migrate GET /v1/campaigns: the URL goes on right after /v1/campaigns with a value the code does not show, so the end of the path is not known: it may be a longer path that this move would break\ncandidates GET /v1/buyer/campaigns\nsupport ended 2019-10-01',
      ]),
    ].map(([what, code, entryId, retiredKey, replacements, todo]) => ({
      // The trial's repro 6: /v1/buyer/campaigns/dictionaries/managers does not exist; no rewrite of the path is offered.
      name: `reports ${what} with a TODO and no rewrite, not even as a suggestion`,
      code: code!,
      output: null,
      errors: [
        {
          messageId: 'retiredTodo',
          data: retiredIn2019(retiredKey!, replacements!),
          line: 2,
          column: positionOf(code!, 'fetch(').column + 'fetch('.length,
          suggestions: [{ messageId: 'insertTodo', data: { entryId: entryId! }, output: code!.replace('export const', `${laidOutTodo(`TODO(sunset:${entryId!}): ${todo!}`)}export const`) }],
        },
      ],
    })),
    {
      name: 'rewrites a path followed by a conditional query or fragment, and by a choice every branch of which is the same move',
      code: [
        "const API = 'https://api.adform.com';",
        "export const a = (qs) => fetch(`${API}/v1/campaigns${qs ? `?${qs}` : ''}`);",
        "export const b = (active) => fetch(API + '/v1/campaigns' + (active ? '?active=1' : ''));",
        "export const c = (q) => fetch(`${API}/v1/campaigns?${q}`);",
      ].join('\n'),
      output: [
        "const API = 'https://api.adform.com';",
        "export const a = (qs) => fetch(`${API}/v1/buyer/campaigns${qs ? `?${qs}` : ''}`);",
        "export const b = (active) => fetch(API + '/v1/buyer/campaigns' + (active ? '?active=1' : ''));",
        "export const c = (q) => fetch(`${API}/v1/buyer/campaigns?${q}`);",
      ].join('\n'),
      errors: [
        { messageId: 'retiredRewrite', data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'), line: 2, column: 32 },
        { messageId: 'retiredRewrite', data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'), line: 3, column: 36 },
        { messageId: 'retiredRewrite', data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'), line: 4, column: 31 },
      ],
    },
    {
      // Another file may GET it (migrated by the rewrite) or POST it (moved by it): only sunset fix sees both.
      name: 'offers the rewrite of an exported constant no request of the file reads as a suggestion, not an autofix',
      code: "export const MANAGERS = '/v1/campaigns/dictionaries/managers';",
      output: null,
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('/v1/campaigns/dictionaries/managers', 'use GET /v1/buyer/classifiers/managers'),
          ...positionOf("export const MANAGERS = '/v1/campaigns/dictionaries/managers';", "'"),
          suggestions: [
            { messageId: 'switchToCandidate', data: { replacement: 'GET /v1/buyer/classifiers/managers' }, output: "export const MANAGERS = '/v1/buyer/classifiers/managers';" },
          ],
        },
      ],
    },
    {
      name: 'autofixes a constant of the file no request reads and nothing exports',
      code: "const MANAGERS = '/v1/campaigns/dictionaries/managers';",
      output: "const MANAGERS = '/v1/buyer/classifiers/managers';",
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('/v1/campaigns/dictionaries/managers', 'use GET /v1/buyer/classifiers/managers'),
          ...positionOf("const MANAGERS = '/v1/campaigns/dictionaries/managers';", "'"),
        },
      ],
    },
    {
      name: 'autofixes a constant only an exported function reads (its request runs in this file)',
      code: 'const CAMPAIGNS_URL = `${API_BASE}/v1/campaigns`;\nexport function list() {\n  return fetch(CAMPAIGNS_URL);\n}\nexport default { list };',
      output: 'const CAMPAIGNS_URL = `${API_BASE}/v1/buyer/campaigns`;\nexport function list() {\n  return fetch(CAMPAIGNS_URL);\n}\nexport default { list };',
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'),
          ...positionOf('const CAMPAIGNS_URL = `${API_BASE}/v1/campaigns`;\nexport function list() {\n  return fetch(CAMPAIGNS_URL);', 'CAMPAIGNS_URL)'),
        },
      ],
    },
    {
      name: 'autofixes an exported request whose own URL holds the path',
      code: "export const list = () => fetch('/v1/campaigns');",
      output: "export const list = () => fetch('/v1/buyer/campaigns');",
      errors: [{ messageId: 'retiredRewrite', data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'), ...positionOf("export const list = () => fetch('/v1/campaigns');", "'") }],
    },
    {
      // The app's own server (a BFF serving /api/v1/campaigns) would 404 on the new path; a proxy to the API would need it.
      name: 'offers the move of a path behind a static prefix the API does not have (/api) as a suggestion, with a TODO that says why',
      code: "export const listCampaigns = () => fetch('/api/v1/campaigns');",
      output: null,
      errors: [
        {
          messageId: 'retiredTodo',
          data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'),
          ...positionOf("export const listCampaigns = () => fetch('/api/v1/campaigns');", "'"),
          suggestions: [
            {
              messageId: 'insertTodo',
              data: { entryId: 'campaigns-legacy-list' },
              output: [
                '// TODO(sunset:campaigns-legacy-list): replace GET /v1/campaigns with GET /v1/buyer/campaigns',
                '//   support ended 2019-10-01',
                "//   the URL has /api before the path: a proxy's prefix (keep it before the new path) or a route of",
                "//     your own server (then this is not the API's call)",
                "export const listCampaigns = () => fetch('/api/v1/campaigns');",
              ].join('\n'),
            },
            { messageId: 'switchToCandidate', data: { replacement: 'GET /v1/buyer/campaigns' }, output: "export const listCampaigns = () => fetch('/api/v1/buyer/campaigns');" },
          ],
        },
      ],
    },
    {
      name: 'rewrites a path with a trailing slash and keeps the slash',
      code: trailingSlash,
      output: "const response = await fetch('/v1/buyer/campaigns/');",
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'),
          ...positionOf(trailingSlash, "'"),
        },
      ],
    },
    {
      name: 'matches the path case-insensitively',
      code: mixedCase,
      output: "const response = await fetch('/v1/buyer/campaigns');",
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'),
          ...positionOf(mixedCase, "'"),
        },
      ],
    },
    {
      name: 'reports an SWR key without a method',
      code: swrKey,
      output: "const { data } = useSWR('/v1/buyer/classifiers/managers', fetcher);",
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('/v1/campaigns/dictionaries/managers', 'use GET /v1/buyer/classifiers/managers'),
          ...positionOf(swrKey, "'"),
        },
      ],
    },
    {
      name: "rewrites an SWR key read by the file's fetcher on the API's host as a GET, and leaves another vendor's fetcher's key alone",
      code: swrFetchers,
      output: swrFetchers.replace("useSWR('/v1/campaigns', fetcher)", "useSWR('/v1/buyer/campaigns', fetcher)"),
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'),
          ...positionOf(swrFetchers, "'/v1/campaigns', fetcher"),
        },
      ],
    },
    {
      name: "rewrites the first element of a conditional SWR array key with SWRConfig's fetcher as a GET",
      code: swrArrayKey,
      output: swrArrayKey.replace('/v1/campaigns/dictionaries/clients', '/v1/buyer/advertisers'),
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns/dictionaries/clients', 'use GET /v1/buyer/advertisers'),
          ...positionOf(swrArrayKey, "'/v1"),
        },
      ],
    },
    {
      name: "suggests a TODO for an openapi-fetch client's PATCH on the API's baseUrl, not for another vendor's",
      code: openapiFetch,
      output: null,
      errors: [
        {
          messageId: 'retiredTodo',
          data: retiredIn2019('PATCH /v1/campaigns', 'use PUT /v1/buyer/campaigns/{id}/status'),
          ...positionOf(openapiFetch, "'/v1"),
          suggestions: [
            {
              messageId: 'insertTodo',
              data: { entryId: 'campaigns-legacy-status' },
              output: openapiFetch.replace('export const pause', `${todoComment('campaigns-legacy-status')}export const pause`),
            },
          ],
        },
      ],
    },
    {
      name: 'reports a URL on a host in apiHosts',
      code: "await fetch('https://api.adform.com/v1/campaigns');",
      settings: { sunset: { asOf: AS_OF, apiHosts: ['api.adform.com'] } },
      output: "await fetch('https://api.adform.com/v1/buyer/campaigns');",
      errors: [{ messageId: 'retiredRewrite', line: 1, column: 13 }],
    },
    {
      name: 'reports a URL on a local host outside apiHosts, offering its move as a suggestion only (a local server may be your own)',
      code: "await fetch('http://localhost:3000/v1/campaigns');",
      settings: { sunset: { asOf: AS_OF, apiHosts: ['api.adform.com'] } },
      output: null,
      errors: [
        {
          messageId: 'retiredTodo',
          data: retiredIn2019('GET /v1/campaigns', 'use GET /v1/buyer/campaigns'),
          line: 1,
          column: 13,
          suggestions: [
            {
              messageId: 'insertTodo',
              data: { entryId: 'campaigns-legacy-list' },
              output:
                // The replacement is named once, in "replace … with …"; the last line `sunset.config.json)` takes `in`.
                "// TODO(sunset:campaigns-legacy-list): replace GET /v1/campaigns with GET /v1/buyer/campaigns\n" +
                '//   support ended 2019-10-01\n' +
                "//   the URL's host localhost:3000 is a local one: a proxy to the API (move to the new path) or a\n" +
                "//     server of your own (then this is not the API's call: list the host under another API\n" +
                '//     in sunset.config.json)\n' +
                "await fetch('http://localhost:3000/v1/campaigns');",
            },
            { messageId: 'switchToCandidate', data: { replacement: 'GET /v1/buyer/campaigns' }, output: "await fetch('http://localhost:3000/v1/buyer/campaigns');" },
          ],
        },
      ],
    },
    {
      name: 'rewrites a URL on a local host that apiHosts lists, as through a gateway',
      code: "await fetch('http://127.0.0.1:8080/v1/campaigns');",
      settings: { sunset: { asOf: AS_OF, apiHosts: ['api.adform.com', '127.0.0.1:8080'] } },
      output: "await fetch('http://127.0.0.1:8080/v1/buyer/campaigns');",
      errors: [{ messageId: 'retiredRewrite', line: 1, column: 13 }],
    },
    {
      name: 'reports a deprecated entry with the end of support still ahead',
      code: "await fetch('/v1/campaigns');",
      settings: { sunset: { asOf: '2019-03-01' } },
      output: "await fetch('/v1/buyer/campaigns');",
      errors: [
        {
          messageId: 'retiredRewrite',
          data: {
            retiredKey: 'GET /v1/campaigns',
            phase: 'deprecated',
            schedule: 'general availability ended 2018-10-01, support ends 2019-10-01',
            replacements: 'use GET /v1/buyer/campaigns',
          },
          line: 1,
          column: 13,
        },
      ],
    },
    {
      name: 'reports a scheduled entry within scheduledWithinDays when reportScheduled is on',
      code: "await fetch('/v1/campaigns');",
      settings: { sunset: { asOf: '2018-09-01', reportScheduled: true } },
      output: "await fetch('/v1/buyer/campaigns');",
      errors: [
        {
          messageId: 'retiredRewrite',
          data: {
            retiredKey: 'GET /v1/campaigns',
            phase: 'scheduled for retirement',
            schedule: 'general availability ends 2018-10-01, support ends 2019-10-01',
            replacements: 'use GET /v1/buyer/campaigns',
          },
          line: 1,
          column: 13,
        },
      ],
    },
    {
      name: "rewrites a service's request and leaves the spec's expectOne() and expect() on the same URL as they are",
      code: serviceBesideSpec,
      output: serviceBesideSpec.replace("this.http.get<Manager[]>('/v1/campaigns/dictionaries/managers')", "this.http.get<Manager[]>('/v1/buyer/classifiers/managers')"),
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns/dictionaries/managers', 'use GET /v1/buyer/classifiers/managers'),
          line: 3,
          column: 44,
        },
      ],
    },
    {
      name: 'reports a constant that is compared and looked for at the request that sends it, and rewrites it where it is written',
      code: comparedAndSent,
      output: comparedAndSent.replace("const MANAGERS = '/v1/campaigns/dictionaries/managers';", "const MANAGERS = '/v1/buyer/classifiers/managers';"),
      errors: [
        {
          messageId: 'retiredRewrite',
          data: retiredIn2019('GET /v1/campaigns/dictionaries/managers', 'use GET /v1/buyer/classifiers/managers'),
          line: 4,
          column: 16,
        },
      ],
    },
    {
      name: "drops the literal a rewrite empties with its + (no '' is left), as sunset fix and the codemod do",
      code: "await axios.get(API_BASE + '/v1/things/' + id + '/details');",
      settings: { sunset: { asOf: '2026-11-21', customEntries: [thingDetails] } },
      output: "await axios.get(API_BASE + '/v2/things/' + id);",
      errors: [{ messageId: 'retiredRewrite', line: 1, column: 17 }],
    },
    {
      name: 'keeps the line breaks and comments around the value the new path keeps, and drops the emptied tail with its +',
      code: ['await axios.get(', '  API_BASE +', "    '/v1/things/' + // the thing", '    /* its id */ id +', "    ('/details'),", ');'].join('\n'),
      settings: { sunset: { asOf: '2026-11-21', customEntries: [thingDetails] } },
      output: ['await axios.get(', '  API_BASE +', "    '/v2/things/' + // the thing", '    /* its id */ id,', ');'].join('\n'),
      errors: [{ messageId: 'retiredRewrite', line: 2, column: 3 }],
    },
    {
      name: 'lets rule options override settings.sunset',
      code: "await fetch('/v1/campaigns');",
      settings: { sunset: { asOf: '2018-06-01' } },
      options: [{ reportScheduled: true, scheduledWithinDays: 150 }],
      output: "await fetch('/v1/buyer/campaigns');",
      errors: [{ messageId: 'retiredRewrite', line: 1, column: 13 }],
    },
  ],
});

// ESLint's RuleTester types rules as ESLint's Rule.RuleModule; ours are typed by @typescript-eslint/utils (same runtime shape).
createEspreeRuleTester().run('no-legacy-rest-path (espree)', rule as unknown as Rule.RuleModule, {
  valid: ["fetch('/v1/buyer/campaigns');", "fetch('/v1/campaignsArchive');", guardTests],
  invalid: [
    {
      code: "fetch('/v1/campaigns').then((response) => response.json());",
      output: "fetch('/v1/buyer/campaigns').then((response) => response.json());",
      errors: [{ messageId: 'retiredRewrite', line: 1, column: 7 }],
    },
    {
      code: "const { data } = await axios.get(`${base}/v1/campaigns/${campaignId}/orders/${orderId}`);",
      output: 'const { data } = await axios.get(`${base}/v1/buyer/orders/${orderId}`);',
      errors: [{ messageId: 'retiredRewrite', line: 1, column: 34 }],
    },
    {
      code: optionsHelper,
      output: optionsHelper.replace("api('/v1/campaigns'", "api('/v1/buyer/campaigns'"),
      errors: [{ messageId: 'retiredRewrite', line: 3, column: 31 }],
    },
    {
      code: undiciAgent,
      output: undiciAgent.replace("'https://api.adform.com', path: '/v1/campaigns'", "'https://api.adform.com', path: '/v1/buyer/campaigns'"),
      errors: [{ messageId: 'retiredRewrite', line: 4, column: 83 }],
    },
  ],
});
