import type { Case } from '../harness.js';

const REQ = [
  "const request = require('request');",
  "const legacy = request.defaults({ baseUrl: 'https://api.adform.com' });",
  "request('https://api.adform.com/v1/campaigns/dictionaries/clients', (error, response) => done(response));",
  "request({ method: 'PATCH', uri: 'https://api.adform.com/v1/campaigns', json: true }, done);",
  "request.patch({ url: 'https://api.adform.com/v1/campaigns', json: { ids } }, done);",
  "legacy.get('/v1/campaigns/dictionaries/managers', done);",
];

const NEEDLE = [
  "import needle from 'needle';",
  "needle.patch('https://api.adform.com/v1/campaigns', { ids }, { json: true }, done);",
  "needle('patch', 'https://api.adform.com/v1/campaigns', { ids }, { json: true });",
  "needle.request('get', 'https://api.adform.com/v1/campaigns/dictionaries/clients', null, done);",
  "this.apiClient.callApi('/v1/campaigns', 'PATCH', {}, {}, {}, {}, body);",
];

const NODE_HTTP = [
  "const https = require('https');",
  "import { request as send, get } from 'node:http';",
  "const API_HOST = 'api.adform.com';",
  "https.request({ hostname: API_HOST, path: '/v1/campaigns?limit=50', method: 'PATCH' }, done).end();",
  "https.get({ host: 'api.adform.com', path: `/v1/campaigns/dictionaries/clients` }, done);",
  "get('https://api.adform.com/v1/campaigns/dictionaries/managers', done);",
  "send('https://api.adform.com/v1/campaigns', { method: 'GET', headers }, done);",
  "const options = { hostname: process.env.ADFORM_HOST, port: 443, path: '/v1/campaigns', method: 'GET' };",
  "https.request(options, done);",
];

const RP = [
  "const rp = require('request-promise');",
  "import rpn from 'request-promise-native';",
  "rp({ uri: 'https://api.adform.com/v1/campaigns', method: 'PATCH', body, json: true });",
  "rpn.get('https://api.adform.com/v1/campaigns/dictionaries/clients');",
  "rp.post({ url: 'https://api.adform.com/v1/campaigns', body });",
];

const WRAPPED = [
  "const fetch = (...args) => import('node-fetch').then(({ default: fetch }) => fetch(...args));",
  "const axios = require(`axios`);",
  "fetch('https://api.adform.com/v1/campaigns', { method: 'PATCH', body });",
  "axios.get('https://api.adform.com/v1/campaigns/dictionaries/clients');",
  "const other = (...args) => import('node-fetch').then(({ default: f }) => f(args[0]));",
  "other('https://api.adform.com/v1/campaigns/dictionaries/managers', { method: 'GET' });",
];

const NG_REQUEST = [
  "import { HttpClient, HttpRequest } from '@angular/common/http';",
  'export class Campaigns {',
  '  constructor(private http: HttpClient) {}',
  "  pause(ids: number[]) { return this.http.request(new HttpRequest('PATCH', 'https://api.adform.com/v1/campaigns', { ids })); }",
  '  clients() {',
  "    const req = new HttpRequest('GET', 'https://api.adform.com/v1/campaigns/dictionaries/clients');",
  '    return this.http.request(req);',
  '  }',
  '}',
];

// A test file with test doubles (not requests) and what must stay reported beside them.
const BESIDE_DOUBLES = [
  "import axios from 'axios';",
  "import MockAdapter from 'axios-mock-adapter';",
  'const mock = new MockAdapter(axios);',
  "mock.onGet('/v1/campaigns').reply(200, []);",
  "await axios.get('/v1/campaigns');",
  'const stub = { onGet: (url) => axios.get(url) };',
  "stub.onGet('/v1/campaigns/dictionaries/managers');",
  "function visit(cy) { return cy.intercept('/v1/campaigns/dictionaries/comanagers'); }",
  'const cy2 = { intercept: (url) => fetch(url) };',
  "cy2.intercept('/v1/campaigns/dictionaries/clients');",
  "cy.request('/v1/campaigns/dictionaries/labels');",
];
const besideDoubles = (line: number, text: string): string => BESIDE_DOUBLES.map((original, index) => (index === line ? text : original)).join('\n');

// Beside the doubles of mocha, Playwright and jest-fetch-mock: look-alikes without their evidence, and the requests a Playwright test sends.
const BESIDE_NEW_DOUBLES = [
  "import { test } from '@playwright/test';",
  "import { test as unit } from 'vitest';",
  "test('sends', async ({ page, request }) => {",
  "  await page.request.get('https://api.adform.com/v1/campaigns/dictionaries/labels');",
  "  await request.get('https://api.adform.com/v1/campaigns/dictionaries/managers?x=1');",
  '});',
  "unit('stubs', async ({ page }) => { await page.route('https://api.adform.com/v1/campaigns/dictionaries/clients', () => {}); });",
  "function stub(page) { return page.route('https://api.adform.com/v1/campaigns/dictionaries/comanagers', () => {}); }",
  "const fetchMock = makeStub();",
  "fetchMock.mockIf('https://api.adform.com/v1/campaigns/dictionaries/managers', () => '[]');",
  "describe('x', function () { beforeEach(function () { this.server = makeServer(); }); it('y', function () { this.server.respondWith('GET', '/v1/campaigns/dictionaries/clients', '[]'); }); });",
];
const besideNewDoubles = (line: number, from: string, to: string): string => BESIDE_NEW_DOUBLES.map((original, index) => (index === line ? original.replace(from, to) : original)).join('\n');

export const httpCallFormCases: Case[] = [
  {
    name: "beside Playwright's, mocha's and jest-fetch-mock's doubles: page.request.get and request.get send a request; a page of vitest's test, a page parameter, another fetchMock and another this.server are no doubles",
    code: BESIDE_NEW_DOUBLES.join('\n'),
    expected: [
      { id: 'campaign-dictionary-labels', key: 'GET /v1/campaigns/dictionaries/labels', method: 'GET', form: 'http-client', migration: 'todo', at: "'https://api.adform.com/v1/campaigns/dictionaries/labels'" },
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'http-client', migration: 'rewrite', at: "'https://api.adform.com/v1/campaigns/dictionaries/managers?x=1'",
        output: besideNewDoubles(4, '/v1/campaigns/dictionaries/managers', '/v1/buyer/classifiers/managers'),
      },
      {
        id: 'campaign-dictionary-clients', key: '/v1/campaigns/dictionaries/clients', form: 'url-string', migration: 'rewrite', at: "'https://api.adform.com/v1/campaigns/dictionaries/clients'",
        output: besideNewDoubles(6, '/v1/campaigns/dictionaries/clients', '/v1/buyer/advertisers'),
      },
      {
        id: 'campaign-dictionary-comanagers', key: '/v1/campaigns/dictionaries/comanagers', form: 'url-string', migration: 'rewrite', at: "'https://api.adform.com/v1/campaigns/dictionaries/comanagers'",
        output: besideNewDoubles(7, '/v1/campaigns/dictionaries/comanagers', '/v1/buyer/classifiers/managers'),
      },
      {
        id: 'campaign-dictionary-managers', key: '/v1/campaigns/dictionaries/managers', form: 'url-string', migration: 'rewrite', at: "'https://api.adform.com/v1/campaigns/dictionaries/managers'",
        output: besideNewDoubles(9, '/v1/campaigns/dictionaries/managers', '/v1/buyer/classifiers/managers'),
      },
      {
        id: 'campaign-dictionary-clients', key: '/v1/campaigns/dictionaries/clients', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/clients'",
        output: besideNewDoubles(10, '/v1/campaigns/dictionaries/clients', '/v1/buyer/advertisers'),
      },
    ],
  },
  {
    name: 'beside test doubles: a real request, an onGet of a local object, cy.intercept of a cy parameter or a local cy, and cy.request (which sends one)',
    code: BESIDE_DOUBLES.join('\n'),
    js: true,
    expected: [
      { id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'axios', migration: 'rewrite', at: "'/v1/campaigns'", occurrence: 2, output: besideDoubles(4, "await axios.get('/v1/buyer/campaigns');") },
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'axios', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'",
        output: besideDoubles(6, "stub.onGet('/v1/buyer/classifiers/managers');"),
      },
      {
        id: 'campaign-dictionary-comanagers', key: '/v1/campaigns/dictionaries/comanagers', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/comanagers'",
        output: besideDoubles(7, "function visit(cy) { return cy.intercept('/v1/buyer/classifiers/managers'); }"),
      },
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'fetch', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/clients'",
        output: besideDoubles(9, "cy2.intercept('/v1/buyer/advertisers');"),
      },
      { id: 'campaign-dictionary-labels', key: '/v1/campaigns/dictionaries/labels', form: 'url-string', migration: 'todo', at: "'/v1/campaigns/dictionaries/labels'" },
    ],
  },
  {
    name: "node-fetch 3's CommonJS wrapper (its README's (...args) => import('node-fetch').then(…)) is fetch; a backtick require is a require; a wrapper that passes one argument is not",
    code: WRAPPED.join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'fetch', migration: 'todo', at: "'https://api.adform.com/v1/campaigns'" },
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'axios', migration: 'rewrite', at: "'https://api.adform.com/v1/campaigns/dictionaries/clients'",
        output: WRAPPED.map((line, index) => (index === 3 ? "axios.get('https://api.adform.com/v1/buyer/advertisers');" : line)).join('\n'),
      },
      // Not a client: the function's own call (a helper of the file whose request is not read), the path a URL-shaped string.
      {
        id: 'campaign-dictionary-managers', key: '/v1/campaigns/dictionaries/managers', form: 'url-string', migration: 'rewrite', at: "'https://api.adform.com/v1/campaigns/dictionaries/managers'",
        output: WRAPPED.map((line, index) => (index === 5 ? "other('https://api.adform.com/v1/buyer/classifiers/managers', { method: 'GET' });" : line)).join('\n'),
      },
    ],
  },
  {
    name: "Angular's HttpClient.request(new HttpRequest(method, url)), in place or through a constant, says its method",
    code: NG_REQUEST.join('\n'),
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'angular-http', migration: 'todo', at: "'https://api.adform.com/v1/campaigns'" },
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'angular-http', migration: 'rewrite', at: "'https://api.adform.com/v1/campaigns/dictionaries/clients'",
        output: NG_REQUEST.map((line, index) => (index === 5 ? "    const req = new HttpRequest('GET', 'https://api.adform.com/v1/buyer/advertisers');" : line)).join('\n'),
      },
    ],
  },
  {
    name: "Node's http and https: request(options) at its path with the options' hostname (or host) and method, get() always a GET, request(url, options)",
    code: NODE_HTTP.join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'node-http', migration: 'todo', at: "'/v1/campaigns?limit=50'" },
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'node-http', migration: 'rewrite', at: '`/v1/campaigns/dictionaries/clients`',
        output: NODE_HTTP.map((line, index) => (index === 4 ? "https.get({ host: 'api.adform.com', path: `/v1/buyer/advertisers` }, done);" : line)).join('\n'),
      },
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'node-http', migration: 'rewrite', at: "'https://api.adform.com/v1/campaigns/dictionaries/managers'",
        output: NODE_HTTP.map((line, index) => (index === 5 ? "get('https://api.adform.com/v1/buyer/classifiers/managers', done);" : line)).join('\n'),
      },
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'node-http', migration: 'rewrite', at: "'https://api.adform.com/v1/campaigns'",
        output: NODE_HTTP.map((line, index) => (index === 6 ? "send('https://api.adform.com/v1/buyer/campaigns', { method: 'GET', headers }, done);" : line)).join('\n'),
      },
      // The host comes from the environment: not shown, so it counts.
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'node-http', migration: 'rewrite', at: "'/v1/campaigns'",
        output: NODE_HTTP.map((line, index) => (index === 7 ? "const options = { hostname: process.env.ADFORM_HOST, port: 443, path: '/v1/buyer/campaigns', method: 'GET' };" : line)).join('\n'),
      },
    ],
  },
  {
    name: "Node's http and https: another host's path, a POST the catalog does not retire, options without a path, a module of the project named https",
    code: [
      "const https = require('https');",
      "const local = require('./https');",
      "https.request({ hostname: 'api.example.org', path: '/v1/campaigns', method: 'GET' });",
      "https.request({ hostname: 'api.adform.com', path: '/v1/campaigns', method: 'POST' });",
      "https.request({ hostname: 'api.adform.com', method: 'GET' });",
      "https.createServer((req, res) => res.end('/v1/campaigns/dictionaries/clients'));",
      "local.get({ path: '/v1/campaigns/dictionaries/labels' });",
    ].join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      // The server's string and the project's own module (its `get` of an object): URL-shaped strings, as before.
      { id: 'campaign-dictionary-clients', key: '/v1/campaigns/dictionaries/clients', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/clients'",
        output: [
          "const https = require('https');",
          "const local = require('./https');",
          "https.request({ hostname: 'api.example.org', path: '/v1/campaigns', method: 'GET' });",
          "https.request({ hostname: 'api.adform.com', path: '/v1/campaigns', method: 'POST' });",
          "https.request({ hostname: 'api.adform.com', method: 'GET' });",
          "https.createServer((req, res) => res.end('/v1/buyer/advertisers'));",
          "local.get({ path: '/v1/campaigns/dictionaries/labels' });",
        ].join('\n'),
      },
      { id: 'campaign-dictionary-labels', key: '/v1/campaigns/dictionaries/labels', form: 'url-string', migration: 'todo', at: "'/v1/campaigns/dictionaries/labels'" },
    ],
  },
  {
    name: "request-promise and its kin take the request package's options and verbs: rp({ uri, method }), rpn.get(url), rp.post({ url })",
    code: RP.join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'request', migration: 'todo', at: "'https://api.adform.com/v1/campaigns'" },
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'request', migration: 'rewrite', at: "'https://api.adform.com/v1/campaigns/dictionaries/clients'",
        output: RP.map((line, index) => (index === 3 ? "rpn.get('https://api.adform.com/v1/buyer/advertisers');" : line)).join('\n'),
      },
    ],
  },
  {
    name: "the request package: request(url, callback) is a GET, options say their method and uri, request.patch, and request.defaults({ baseUrl })",
    code: REQ.join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'request', migration: 'rewrite', at: "'https://api.adform.com/v1/campaigns/dictionaries/clients'",
        output: REQ.map((line, index) => (index === 2 ? "request('https://api.adform.com/v1/buyer/advertisers', (error, response) => done(response));" : line)).join('\n'),
      },
      { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'request', migration: 'todo', at: "'https://api.adform.com/v1/campaigns'" },
      { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'request', migration: 'todo', at: "'https://api.adform.com/v1/campaigns'", occurrence: 2 },
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'request', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'",
        output: REQ.map((line, index) => (index === 5 ? "legacy.get('/v1/buyer/classifiers/managers', done);" : line)).join('\n'),
      },
    ],
  },
  {
    name: "needle's verbs, needle(method, url) and needle.request(method, url); an openapi-generator client's callApi(path, method)",
    code: NEEDLE.join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'needle', migration: 'todo', at: "'https://api.adform.com/v1/campaigns'" },
      { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'needle', migration: 'todo', at: "'https://api.adform.com/v1/campaigns'", occurrence: 2 },
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'needle', migration: 'rewrite', at: "'https://api.adform.com/v1/campaigns/dictionaries/clients'",
        output: NEEDLE.map((line, index) => (index === 3 ? "needle.request('get', 'https://api.adform.com/v1/buyer/advertisers', null, done);" : line)).join('\n'),
      },
      { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'http-client', migration: 'todo', at: "'/v1/campaigns'" },
    ],
  },
  {
    name: "a module of the project named request or needle is not the package; a callApi without a method beside the path is not a request",
    code: [
      "const request = require('./request');",
      "request({ method: 'POST', uri: 'https://api.adform.com/v1/campaigns' });",
      "api.callApi('/v1/campaigns/dictionaries/clients', options);",
    ].join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      // Read as a URL-shaped string, as before: its method is not read from the project's own function.
      {
        id: 'campaigns-legacy-list', key: '/v1/campaigns', methods: ['GET', 'PATCH'], form: 'url-string', migration: 'todo', at: "'https://api.adform.com/v1/campaigns'",
        cause: 'the code does not say its method, so this may be GET /v1/campaigns or PATCH /v1/campaigns',
        candidates: [
          ["const request = require('./request');", "request({ method: 'POST', uri: 'https://api.adform.com/v1/buyer/campaigns' });", "api.callApi('/v1/campaigns/dictionaries/clients', options);"].join('\n'),
        ],
      },
      {
        id: 'campaign-dictionary-clients', key: '/v1/campaigns/dictionaries/clients', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/clients'",
        output: ["const request = require('./request');", "request({ method: 'POST', uri: 'https://api.adform.com/v1/campaigns' });", "api.callApi('/v1/buyer/advertisers', options);"].join('\n'),
      },
    ],
  },
  {
    name: 'optional calls and members (a ChainExpression around the call)',
    code: "api?.get?.('/v1/campaigns/dictionaries/clients');\nthis.http?.get(`/v1/campaigns/${id}/orders`);",
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'http-client', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/clients'",
        output: "api?.get?.('/v1/buyer/advertisers');\nthis.http?.get(`/v1/campaigns/${id}/orders`);",
      },
      {
        id: 'campaigns-legacy-orders', key: 'GET /v1/campaigns/{campaignId}/orders', method: 'GET', form: 'http-client', migration: 'todo', at: '`/v1/campaigns/${id}/orders`',
        candidates: ["api?.get?.('/v1/campaigns/dictionaries/clients');\nthis.http?.get(`/v1/buyer/orders`);"],
      },
    ],
  },
  {
    name: 'CommonJS require of axios, undici (destructured) and got.extend({ prefixUrl })',
    code: [
      "const axios = require('axios').default;",
      "const { request: send } = require('undici');",
      "const api = require('got').extend({ prefixUrl: 'https://api.example.com/v1' });",
      "axios.delete('/v1/campaigns/dictionaries/labels');",
      "send('/v1/campaigns/dictionaries/labels', { ...options });",
      "api('campaigns/dictionaries/labels', { method: 'GET' });",
    ].join('\n'),
    js: true,
    expected: [
      { id: 'campaign-dictionary-labels', key: '/v1/campaigns/dictionaries/labels', form: 'undici', migration: 'todo', at: "'/v1/campaigns/dictionaries/labels'", occurrence: 2 },
      { id: 'campaign-dictionary-labels', key: 'GET /v1/campaigns/dictionaries/labels', method: 'GET', form: 'got', migration: 'todo', at: "'campaigns/dictionaries/labels'" },
    ],
  },
  {
    name: 'ky.create({ prefixUrl }) instance and a spread init that still states the method',
    code: "const client = ky.create({ prefixUrl: `${origin}/v1` });\nclient('campaigns/dictionaries/managers', { ...defaults, method: 'get' });",
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'ky', migration: 'rewrite', at: "'campaigns/dictionaries/managers'",
        output: "const client = ky.create({ prefixUrl: `${origin}/v1` });\nclient('buyer/classifiers/managers', { ...defaults, method: 'get' });",
      },
    ],
  },
  {
    name: 'fetch with a template literal, a variable base and a query string: rewrites the path only',
    code: 'const API = process.env.API;\nfetch(`${API}/v1/campaigns?active=true`);',
    js: true,
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'rewrite',
        at: '`${API}/v1/campaigns?active=true`',
        output: 'const API = process.env.API;\nfetch(`${API}/v1/buyer/campaigns?active=true`);',
      },
    ],
  },
  {
    name: 'fetch with method PATCH in its init object is the status entry (a todo without bindable candidate)',
    code: "fetch(`${API}/v1/campaigns`, { method: 'PATCH', body });",
    js: true,
    expected: [
      { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'fetch', migration: 'todo', at: '`${API}/v1/campaigns`' },
    ],
  },
  {
    name: 'fetch takes its method from a same-file constant',
    code: "const METHOD = 'PATCH';\nfetch('/v1/campaigns', { method: METHOD });",
    js: true,
    expected: [{ id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'fetch', migration: 'todo', at: "'/v1/campaigns'" }],
  },
  {
    name: 'fetch with an init object it cannot see does not know the method and leaves it out of the key',
    code: "fetch('/v1/campaigns/dictionaries/managers', init);",
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-managers', key: '/v1/campaigns/dictionaries/managers', form: 'fetch', migration: 'rewrite',
        at: "'/v1/campaigns/dictionaries/managers'", output: "fetch('/v1/buyer/classifiers/managers', init);",
      },
    ],
  },
  {
    name: 'window.fetch is fetch',
    code: 'window.fetch("/v1/campaigns/dictionaries/comanagers");',
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-comanagers', key: 'GET /v1/campaigns/dictionaries/comanagers', method: 'GET', form: 'fetch', migration: 'rewrite',
        at: '"/v1/campaigns/dictionaries/comanagers"', output: 'window.fetch("/v1/buyer/classifiers/managers");',
      },
    ],
  },
  {
    name: 'node-fetch imported under another name',
    code: "import nodeFetch from 'node-fetch';\nawait nodeFetch(base + '/v1/campaigns/dictionaries/clients', { method: 'GET' });",
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'fetch', migration: 'rewrite',
        at: "base + '/v1/campaigns/dictionaries/clients'",
        output: "import nodeFetch from 'node-fetch';\nawait nodeFetch(base + '/v1/buyer/advertisers', { method: 'GET' });",
      },
    ],
  },
  {
    name: 'axios.get with a concatenation keeps the base',
    code: "import axios from 'axios';\naxios.get(API_BASE + '/v1/campaigns', { params });",
    js: true,
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'axios', migration: 'rewrite',
        at: "API_BASE + '/v1/campaigns'", output: "import axios from 'axios';\naxios.get(API_BASE + '/v1/buyer/campaigns', { params });",
      },
    ],
  },
  {
    name: 'axios.patch on the legacy list path is the status entry',
    code: "axios.patch('/v1/campaigns', { ids, status: 'paused' });",
    js: true,
    expected: [{ id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'axios', migration: 'todo', at: "'/v1/campaigns'" }],
  },
  {
    name: 'axios(config) reports the url property and reads the method case-insensitively',
    code: "axios({ method: 'get', url: '/v1/campaigns/dictionaries/labels' });",
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-labels', key: 'GET /v1/campaigns/dictionaries/labels', method: 'GET', form: 'axios', migration: 'todo',
        at: "'/v1/campaigns/dictionaries/labels'",
      },
    ],
  },
  {
    name: 'axios(url, config) and axios.request(config)',
    code: "axios(`/v1/campaigns/${id}/orders`, { method: 'GET' });\naxios.request({ url: '/v1/campaigns', method: 'PATCH' });",
    js: true,
    expected: [
      {
        id: 'campaigns-legacy-orders', key: 'GET /v1/campaigns/{campaignId}/orders', method: 'GET', form: 'axios', migration: 'todo', at: '`/v1/campaigns/${id}/orders`',
        candidates: ["axios(`/v1/buyer/orders`, { method: 'GET' });\naxios.request({ url: '/v1/campaigns', method: 'PATCH' });"],
      },
      { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'axios', migration: 'todo', at: "'/v1/campaigns'" },
    ],
  },
  {
    name: 'an axios.create instance joins its baseURL with the path and edits only the path literal',
    code: "const api = axios.create({ baseURL: 'https://api.example.com/v1/' });\napi.get('/campaigns/dictionaries/clients');",
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'axios', migration: 'rewrite',
        at: "'/campaigns/dictionaries/clients'",
        output: "const api = axios.create({ baseURL: 'https://api.example.com/v1/' });\napi.get('/buyer/advertisers');",
      },
    ],
  },
  {
    name: 'an axios instance assigned to this.api in a constructor',
    code: [
      'class CampaignApi {',
      '  constructor(base) { this.api = axios.create({ baseURL: base }); }',
      "  labels() { return this.api.get('/v1/campaigns/dictionaries/labels'); }",
      '}',
    ].join('\n'),
    js: true,
    expected: [
      { id: 'campaign-dictionary-labels', key: 'GET /v1/campaigns/dictionaries/labels', method: 'GET', form: 'axios', migration: 'todo', at: "'/v1/campaigns/dictionaries/labels'" },
    ],
  },
  {
    name: 'got(url), got.post and got(url, { method })',
    code: [
      "import got from 'got';",
      "await got('https://api.example.com/v1/campaigns').json();",
      "await got.post(`${base}/v1/reportingstats/agency/reportdata`, { json: query });",
      "await got(`${base}/v1/reportingstats/agency/reportdata`, { method: 'POST' });",
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'got', migration: 'rewrite', at: "'https://api.example.com/v1/campaigns'",
        output: [
          "import got from 'got';",
          "await got('https://api.example.com/v1/buyer/campaigns').json();",
          "await got.post(`${base}/v1/reportingstats/agency/reportdata`, { json: query });",
          "await got(`${base}/v1/reportingstats/agency/reportdata`, { method: 'POST' });",
        ].join('\n'),
      },
      {
        id: 'reporting-sync-reportdata', key: 'POST /v1/reportingstats/agency/reportdata', method: 'POST', form: 'got', migration: 'todo', at: '`${base}/v1/reportingstats/agency/reportdata`',
      },
      {
        id: 'reporting-sync-reportdata', key: 'POST /v1/reportingstats/agency/reportdata', method: 'POST', form: 'got', migration: 'todo',
        at: '`${base}/v1/reportingstats/agency/reportdata`', occurrence: 2,
      },
    ],
  },
  {
    name: 'ky.get and ky(url)',
    code: "import ky from 'ky';\nky.get('v1/campaigns/7/orders/9');\nky(`/v1/campaigns/${id}`);",
    js: true,
    expected: [
      {
        id: 'campaigns-legacy-order', key: 'GET /v1/campaigns/{campaignId}/orders/{orderId}', method: 'GET', form: 'ky', migration: 'rewrite', at: "'v1/campaigns/7/orders/9'",
        output: "import ky from 'ky';\nky.get('v1/buyer/orders/9');\nky(`/v1/campaigns/${id}`);",
      },
      {
        id: 'campaigns-legacy-get', key: 'GET /v1/campaigns/{id}', method: 'GET', form: 'ky', migration: 'todo', at: '`/v1/campaigns/${id}`',
        candidates: [
          "import ky from 'ky';\nky.get('v1/campaigns/7/orders/9');\nky(`/v1/buyer/campaigns/${id}`);",
          "import ky from 'ky';\nky.get('v1/campaigns/7/orders/9');\nky(`/v1/buyer/campaigns/${id}/rtbSettings`);",
        ],
      },
    ],
  },
  {
    name: 'superagent: request.get(url) and superagent.post(url)',
    code: "import request from 'superagent';\nrequest.get('/v1/campaigns/dictionaries/managers');\nsuperagent.post(host + '/v1/reportingstats/agency/reportdata');",
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'superagent', migration: 'rewrite',
        at: "'/v1/campaigns/dictionaries/managers'",
        output: "import request from 'superagent';\nrequest.get('/v1/buyer/classifiers/managers');\nsuperagent.post(host + '/v1/reportingstats/agency/reportdata');",
      },
      {
        id: 'reporting-sync-reportdata', key: 'POST /v1/reportingstats/agency/reportdata', method: 'POST', form: 'superagent', migration: 'todo', at: "host + '/v1/reportingstats/agency/reportdata'",
      },
    ],
  },
  {
    name: "undici's request(url, { method }) and fetch",
    code: "import { request, fetch } from 'undici';\nawait request(`${origin}/v1/campaigns`, { method: 'PATCH' });\nawait fetch(`${origin}/v1/campaigns`);",
    js: true,
    expected: [
      { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'undici', migration: 'todo', at: '`${origin}/v1/campaigns`' },
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'undici', migration: 'rewrite', at: '`${origin}/v1/campaigns`', occurrence: 2,
        output: "import { request, fetch } from 'undici';\nawait request(`${origin}/v1/campaigns`, { method: 'PATCH' });\nawait fetch(`${origin}/v1/buyer/campaigns`);",
      },
    ],
  },
  {
    name: 'Angular HttpClient: this.http.get<T>(url) with type arguments, request(method, url) and patch',
    code: [
      '@Injectable()',
      'export class CampaignService {',
      '  constructor(private readonly http: HttpClient) {}',
      '  one(id: string) { return this.http.get<Campaign>(`${this.base}/v1/campaigns/${id}`); }',
      "  managers() { return this.http.request('GET', this.base + '/v1/campaigns/dictionaries/managers'); }",
      "  pause(ids: string[]) { return this.http.patch<void>('/v1/campaigns', { ids }); }",
      '}',
    ].join('\n'),
    expected: [
      {
        id: 'campaigns-legacy-get', key: 'GET /v1/campaigns/{id}', method: 'GET', form: 'angular-http', migration: 'todo', at: '`${this.base}/v1/campaigns/${id}`',
        candidates: [
          [
            '@Injectable()',
            'export class CampaignService {',
            '  constructor(private readonly http: HttpClient) {}',
            '  one(id: string) { return this.http.get<Campaign>(`${this.base}/v1/buyer/campaigns/${id}`); }',
            "  managers() { return this.http.request('GET', this.base + '/v1/campaigns/dictionaries/managers'); }",
            "  pause(ids: string[]) { return this.http.patch<void>('/v1/campaigns', { ids }); }",
            '}',
          ].join('\n'),
          [
            '@Injectable()',
            'export class CampaignService {',
            '  constructor(private readonly http: HttpClient) {}',
            '  one(id: string) { return this.http.get<Campaign>(`${this.base}/v1/buyer/campaigns/${id}/rtbSettings`); }',
            "  managers() { return this.http.request('GET', this.base + '/v1/campaigns/dictionaries/managers'); }",
            "  pause(ids: string[]) { return this.http.patch<void>('/v1/campaigns', { ids }); }",
            '}',
          ].join('\n'),
        ],
      },
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'angular-http', migration: 'rewrite',
        at: "this.base + '/v1/campaigns/dictionaries/managers'",
        output: [
          '@Injectable()',
          'export class CampaignService {',
          '  constructor(private readonly http: HttpClient) {}',
          '  one(id: string) { return this.http.get<Campaign>(`${this.base}/v1/campaigns/${id}`); }',
          "  managers() { return this.http.request('GET', this.base + '/v1/buyer/classifiers/managers'); }",
          "  pause(ids: string[]) { return this.http.patch<void>('/v1/campaigns', { ids }); }",
          '}',
        ].join('\n'),
      },
      { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'angular-http', migration: 'todo', at: "'/v1/campaigns'" },
    ],
  },
  {
    name: 'jQuery: $.ajax({ type, url }), $.ajax(url, settings), $.getJSON, jQuery.get and $.post',
    code: [
      "$.ajax({ type: 'GET', url: '/v1/campaigns/dictionaries/clients', dataType: 'json' });",
      "$.ajax('/v1/campaigns', { method: 'PATCH', data });",
      "$.getJSON(root + '/v1/campaigns/' + campaignId + '/orders/' + orderId);",
      "jQuery.get('/v1/campaigns/dictionaries/comanagers');",
      "$.post('/v1/reportingstats/agency/reportdata', query);",
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'jquery', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/clients'",
        output: [
          "$.ajax({ type: 'GET', url: '/v1/buyer/advertisers', dataType: 'json' });",
          "$.ajax('/v1/campaigns', { method: 'PATCH', data });",
          "$.getJSON(root + '/v1/campaigns/' + campaignId + '/orders/' + orderId);",
          "jQuery.get('/v1/campaigns/dictionaries/comanagers');",
          "$.post('/v1/reportingstats/agency/reportdata', query);",
        ].join('\n'),
      },
      { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'jquery', migration: 'todo', at: "'/v1/campaigns'" },
      {
        id: 'campaigns-legacy-order', key: 'GET /v1/campaigns/{campaignId}/orders/{orderId}', method: 'GET', form: 'jquery', migration: 'rewrite',
        at: "root + '/v1/campaigns/' + campaignId + '/orders/' + orderId",
        output: [
          "$.ajax({ type: 'GET', url: '/v1/campaigns/dictionaries/clients', dataType: 'json' });",
          "$.ajax('/v1/campaigns', { method: 'PATCH', data });",
          "$.getJSON(root + '/v1/buyer/orders/' + orderId);",
          "jQuery.get('/v1/campaigns/dictionaries/comanagers');",
          "$.post('/v1/reportingstats/agency/reportdata', query);",
        ].join('\n'),
      },
      {
        id: 'campaign-dictionary-comanagers', key: 'GET /v1/campaigns/dictionaries/comanagers', method: 'GET', form: 'jquery', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/comanagers'",
        output: [
          "$.ajax({ type: 'GET', url: '/v1/campaigns/dictionaries/clients', dataType: 'json' });",
          "$.ajax('/v1/campaigns', { method: 'PATCH', data });",
          "$.getJSON(root + '/v1/campaigns/' + campaignId + '/orders/' + orderId);",
          "jQuery.get('/v1/buyer/classifiers/managers');",
          "$.post('/v1/reportingstats/agency/reportdata', query);",
        ].join('\n'),
      },
      {
        id: 'reporting-sync-reportdata', key: 'POST /v1/reportingstats/agency/reportdata', method: 'POST', form: 'jquery', migration: 'todo', at: "'/v1/reportingstats/agency/reportdata'",
      },
    ],
  },
  {
    name: 'XMLHttpRequest#open(method, url)',
    code: "const xhr = new XMLHttpRequest();\nxhr.open('GET', `/v1/campaigns/${campaignId}/orders`);",
    js: true,
    expected: [
      {
        id: 'campaigns-legacy-orders', key: 'GET /v1/campaigns/{campaignId}/orders', method: 'GET', form: 'xhr', migration: 'todo', at: '`/v1/campaigns/${campaignId}/orders`',
        candidates: ["const xhr = new XMLHttpRequest();\nxhr.open('GET', `/v1/buyer/orders`);"],
      },
    ],
  },
  {
    name: 'an unknown receiver with .get(url) takes GET from the call form',
    code: "client.get('/v1/campaigns');",
    js: true,
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'http-client', migration: 'rewrite', at: "'/v1/campaigns'",
        output: "client.get('/v1/buyer/campaigns');",
      },
    ],
  },
  {
    name: 'an SWR key in a React component is one finding with the method unknown, naming each retired method of the path',
    code: "export function Campaigns() {\n  const { data } = useSWR('/v1/campaigns', fetcher);\n  return <List items={data} />;\n}",
    jsx: true,
    expected: [
      {
        id: 'campaigns-legacy-list', key: '/v1/campaigns', methods: ['GET', 'PATCH'], form: 'url-string', migration: 'todo', at: "'/v1/campaigns'",
        cause: 'the code does not say its method, so this may be GET /v1/campaigns or PATCH /v1/campaigns',
        candidates: ["export function Campaigns() {\n  const { data } = useSWR('/v1/buyer/campaigns', fetcher);\n  return <List items={data} />;\n}"],
      },
    ],
  },
  {
    name: "a Retrofit-style client's decorator makes the request: its path stays a finding (only server frameworks' decorators declare routes)",
    code: "import { GET } from 'ts-retrofit';\nexport class CampaignsApi { @GET('/v1/campaigns') list(): Promise<unknown> { return null as never; } }",
    expected: [
      {
        id: 'campaigns-legacy-list', key: '/v1/campaigns', methods: ['GET', 'PATCH'], form: 'url-string', migration: 'todo', at: "'/v1/campaigns'",
        cause: 'the code does not say its method, so this may be GET /v1/campaigns or PATCH /v1/campaigns',
        candidates: ["import { GET } from 'ts-retrofit';\nexport class CampaignsApi { @GET('/v1/buyer/campaigns') list(): Promise<unknown> { return null as never; } }"],
      },
    ],
  },
  {
    name: 'a React Query key and a route table entry',
    code: "useQuery({ queryKey: ['/v1/campaigns/dictionaries/managers'], queryFn });\nconst routes = { orders: '/v1/campaigns/:campaignId/orders' };",
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-managers', key: '/v1/campaigns/dictionaries/managers', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'",
        output: "useQuery({ queryKey: ['/v1/buyer/classifiers/managers'], queryFn });\nconst routes = { orders: '/v1/campaigns/:campaignId/orders' };",
      },
      {
        id: 'campaigns-legacy-orders', key: '/v1/campaigns/{campaignId}/orders', form: 'url-string', migration: 'todo', at: "'/v1/campaigns/:campaignId/orders'",
        candidates: ["useQuery({ queryKey: ['/v1/campaigns/dictionaries/managers'], queryFn });\nconst routes = { orders: '/v1/buyer/orders' };"],
      },
    ],
  },
  {
    name: 'a client call on an unknown receiver stays a request, also with a callback that is not a request handler',
    code: [
      "api.get('/v1/campaigns', (error, data) => done(data));",
      "request.get('/v1/campaigns/dictionaries/clients', function (err, res, body) { done(body); });",
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'http-client', migration: 'rewrite', at: "'/v1/campaigns'",
        output: "api.get('/v1/buyer/campaigns', (error, data) => done(data));\nrequest.get('/v1/campaigns/dictionaries/clients', function (err, res, body) { done(body); });",
      },
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'http-client', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/clients'",
        output: "api.get('/v1/campaigns', (error, data) => done(data));\nrequest.get('/v1/buyer/advertisers', function (err, res, body) { done(body); });",
      },
    ],
  },
  {
    name: 'any request under the synchronous reporting prefix, with any method, is the API family entry; reportdata by POST keeps its own',
    code: [
      "await axios.get(`${base}/v1/reportingstats/agency/reportstatus?id=${id}`);",
      "await fetch('/v1/reportingstats/agency/campaigns/42', { method: 'DELETE' });",
      "await axios.get('/v1/reportingstats/agency/reportdata');",
      "await axios.post('/v1/reportingstats/agency/reportdata', body);",
    ].join('\n'),
    js: true,
    expected: [
      { id: 'reporting-sync-api', key: 'GET /v1/reportingstats/agency/reportstatus', method: 'GET', form: 'axios', migration: 'todo', at: '`${base}/v1/reportingstats/agency/reportstatus?id=${id}`' },
      { id: 'reporting-sync-api', key: 'DELETE /v1/reportingstats/agency/campaigns/42', method: 'DELETE', form: 'fetch', migration: 'todo', at: "'/v1/reportingstats/agency/campaigns/42'" },
      { id: 'reporting-sync-api', key: 'GET /v1/reportingstats/agency/reportdata', method: 'GET', form: 'axios', migration: 'todo', at: "'/v1/reportingstats/agency/reportdata'" },
      {
        id: 'reporting-sync-reportdata', key: 'POST /v1/reportingstats/agency/reportdata', method: 'POST', form: 'axios', migration: 'todo', at: "'/v1/reportingstats/agency/reportdata'", occurrence: 2,
      },
    ],
  },
];
