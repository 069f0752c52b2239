import type { Case } from '../harness.js';

// A function of the file that makes one request with the path it is given: each call of it is that
// request, with the caller's path and the helper's client, base and method (requests/helper-calls.ts).

const classHelper = [
  "import axios from 'axios';",
  'export class CampaignApi {',
  "  private readonly http = axios.create({ baseURL: 'https://api.adform.com' });",
  '  private apiGet<T>(path: string): Promise<T> {',
  '    return this.http.get<T>(path).then((response) => response.data);',
  '  }',
  '  private apiPatch(path: string, body: unknown) {',
  '    return this.http.patch(path, body);',
  '  }',
  '  private readonly apiPost = (path: string, body: unknown) => this.http.post(path, body);',
  "  list() { return this.apiGet('/v1/campaigns'); }",
  "  pause(ids: number[]) { return this.apiPatch('/v1/campaigns', { ids, status: 'paused' }); }",
  "  create(body: unknown) { return this.apiPost('/v1/campaigns', body); }",
  '}',
];

const defaultsFollowed = [
  "const API = 'https://api.adform.com';",
  "export function list(path = '/v1/campaigns') { return fetch(API + path); }",
  'export const managers = (url = `${API}/v1/campaigns/dictionaries/managers`) => axios.get(url);',
  "export function criteo(host = 'https://api.criteo.com') { return fetch(host + '/v1/campaigns/dictionaries/clients'); }",
  'export const all = () => [list(), managers(), criteo(undefined)];',
];

const defaultsPassed = [
  "const API = 'https://api.adform.com';",
  "export function list(path = '/v1/campaigns') { return fetch(API + path); }",
  "export const managers = () => list('/v1/campaigns/dictionaries/managers');",
  "export function clients(path = '/v1/campaigns/dictionaries/clients') { return fetch(API + path); }",
  'export const all = (ids) => ids.map(clients);',
  'export class Api {',
  "  get(path = '/v1/campaigns/dictionaries/comanagers') { return fetch(API + path); }",
  "  advertisers() { return this.get('/v1/buyer/advertisers'); }",
  '}',
];

const notHelpers = [
  "const snap = axios.create({ baseURL: 'https://adsapi.snapchat.com' });",
  'function either(path, post) { return post ? snap.post(path) : snap.get(path); }',
  'function moved(path) { path = `/api${path}`; return snap.get(path); }',
  'function plain(path) { return snap.get(path); }',
  "export const a = () => either('/v1/campaigns/dictionaries/clients', false);",
  "export const b = () => moved('/v1/campaigns/dictionaries/managers');",
  "const args = ['/v1/campaigns/dictionaries/comanagers'];",
  'export const c = () => plain(...args);',
];

const withLine = (lines: readonly string[], at: number, text: string): string => lines.map((line, index) => (index === at ? text : line)).join('\n');

const versionBase = [
  "const API_V1 = 'https://api.adform.com/v1';",
  'const CAMPAIGNS = `${API_V1}/campaigns`;',
  'const adformGet = (path) => fetch(`${API_V1}${path}`);',
  'const getCampaign = (id) => fetch(`${CAMPAIGNS}/${id}`);',
  "export const list = () => adformGet('/campaigns/dictionaries/clients');",
  'export const one = () => getCampaign(7);',
  'export const two = (id) => getCampaign(id);',
];

/** A class over Node's https whose `send(r)` takes `{ method, path }` (the shape of Criteo's SDKs), its host a constructor default. */
const optionsHelper = (host: string): string[] => [
  "const https = require('https');",
  'class Client {',
  `  constructor(host = '${host}') { this.host = host; }`,
  '  send(r) { return https.request({ hostname: this.host, path: r.path, method: r.method }); }',
  "  campaigns() { return this.send({ method: 'get', path: '/v1/campaigns/' }); }",
  "  pause(ids) { return this.send({ method: 'PATCH', path: '/v1/campaigns', body: ids }); }",
  '}',
];

/** An SDK class whose base the constructor is given (no default): a TS parameter property, or a field it assigns. */
const injectedBase = (constructor: readonly string[], send: string): string[] => [
  'export class AdformClient {',
  ...constructor,
  '  private send(method: string, path: string) {',
  `    return ${send};`,
  '  }',
  "  list() { return this.send('GET', '/v1/campaigns'); }",
  "  pause() { return this.send('PATCH', '/v1/campaigns'); }",
  '}',
];
const parameterProperty = ['  constructor(private readonly baseUrl: string) {}'];
const assignedField = ['  private readonly baseUrl: string;', '  constructor(baseUrl: string) { this.baseUrl = baseUrl; }'];

/**
 * Options helpers not read through: one writes the path property again, one is handed options a
 * method of the class changes first (a chain of helpers handing them on unchanged is read through:
 * class-bases.ts).
 */
const optionsNotReadThrough = [
  "const https = require('https');",
  'class Trimming {',
  "  constructor(host = 'api.criteo.com') { this.host = host; }",
  "  send(r) { r.path = r.path.replace(/\\/$/, ''); return https.request({ hostname: this.host, path: r.path, method: r.method }); }",
  "  list() { return this.send({ method: 'get', path: '/v1/campaigns/' }); }",
  '}',
  'class Forwarding {',
  "  constructor(host = 'api.criteo.com') { this.host = host; }",
  '  send(r) { return https.request({ hostname: this.host, path: r.path, method: r.method }); }',
  "  relay(r) { r.path = `/proxy${r.path}`; return this.send(r); }",
  "  list() { return this.relay({ method: 'get', path: '/v1/campaigns' }); }",
  '}',
].join('\n');

export const helperCallCases: Case[] = [
  {
    name: "a class's own helper methods are requests at each call: GET and PATCH said by the helper, POST /v1/campaigns not retired, the host the helper's client's",
    code: classHelper.join('\n'),
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'axios', migration: 'rewrite', at: "'/v1/campaigns'",
        output: withLine(classHelper, 10, "  list() { return this.apiGet('/v1/buyer/campaigns'); }"),
      },
      // The new endpoint takes one campaign per call: a TODO (the spec's migration for PATCH).
      { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'axios', migration: 'todo', at: "'/v1/campaigns'", occurrence: 2 },
    ],
  },
  {
    name: 'a function or a constant arrow of the file that fetches what it is given, with a base of its own before the path',
    code: [
      "const API = 'https://api.adform.com';",
      'function getJson(url) { return fetch(`${API}${url}`).then((r) => r.json()); }',
      "const patchJson = (url, body) => fetch(API + url, { method: 'PATCH', body: JSON.stringify(body) });",
      "export const list = () => getJson('/v1/campaigns');",
      "export const pause = (ids) => patchJson('/v1/campaigns', { ids });",
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'rewrite', at: "'/v1/campaigns'",
        output: [
          "const API = 'https://api.adform.com';",
          'function getJson(url) { return fetch(`${API}${url}`).then((r) => r.json()); }',
          "const patchJson = (url, body) => fetch(API + url, { method: 'PATCH', body: JSON.stringify(body) });",
          "export const list = () => getJson('/v1/buyer/campaigns');",
          "export const pause = (ids) => patchJson('/v1/campaigns', { ids });",
        ].join('\n'),
      },
      { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'fetch', migration: 'todo', at: "'/v1/campaigns'", occurrence: 2 },
    ],
  },
  {
    name: "a helper whose method is a parameter takes the caller's: request('PATCH', path) and { method } from the call",
    code: [
      'function request(method, path, body) { return fetch(path, { method, body }); }',
      "export const list = () => request('GET', '/v1/campaigns');",
      "export const pause = (ids) => request('PATCH', '/v1/campaigns', ids);",
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'rewrite', at: "'/v1/campaigns'",
        output: [
          'function request(method, path, body) { return fetch(path, { method, body }); }',
          "export const list = () => request('GET', '/v1/buyer/campaigns');",
          "export const pause = (ids) => request('PATCH', '/v1/campaigns', ids);",
        ].join('\n'),
      },
      { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'fetch', migration: 'todo', at: "'/v1/campaigns'", occurrence: 2 },
    ],
  },
  {
    name: "a helper of another vendor's host is that vendor's: its callers are not reported",
    code: [
      "const snap = axios.create({ baseURL: 'https://adsapi.snapchat.com' });",
      'const snapGet = (path) => snap.get(path);',
      "export const list = () => snapGet('/v1/campaigns');",
    ].join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [],
  },
  {
    name: 'a helper that writes the path itself makes its own request, reported once where it is written, not at each call',
    code: [
      'const getCampaign = (id) => fetch(`/v1/campaigns/${id}`);',
      'export const one = () => getCampaign(1);',
      'export const two = () => getCampaign(2);',
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaigns-legacy-get', key: 'GET /v1/campaigns/{id}', method: 'GET', form: 'fetch', migration: 'todo', at: '`/v1/campaigns/${id}`',
        candidates: ['/v1/buyer/campaigns/${id}', '/v1/buyer/campaigns/${id}/rtbSettings'].map((path) =>
          [`const getCampaign = (id) => fetch(\`${path}\`);`, 'export const one = () => getCampaign(1);', 'export const two = () => getCampaign(2);'].join('\n'),
        ),
      },
    ],
  },
  {
    name: "a helper over a base that ends in a version (`'https://api.adform.com/v1'`) takes the caller's path after it; a base naming a retired path is the helper's own request",
    code: versionBase.join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      // Reported once, at the helper that writes it, not at each call; the rtbSettings candidate would need text after the id, which the helper's template does not have.
      { id: 'campaigns-legacy-get', key: 'GET /v1/campaigns/{id}', method: 'GET', form: 'fetch', migration: 'todo', at: '`${CAMPAIGNS}/${id}`', candidates: [withLine(versionBase, 1, 'const CAMPAIGNS = `${API_V1}/buyer/campaigns`;')] },
      { id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'fetch', migration: 'rewrite', at: "'/campaigns/dictionaries/clients'", output: withLine(versionBase, 4, "export const list = () => adformGet('/buyer/advertisers');") },
    ],
  },
  {
    // Read as a helper, each would be snapchat's request and not reported; read as strings, each is reported, as before.
    name: 'not a helper: two requests in the body, a path parameter written again, a call that spreads its arguments; their callers keep the string reading',
    code: notHelpers.join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      { id: 'campaign-dictionary-clients', key: '/v1/campaigns/dictionaries/clients', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/clients'", output: withLine(notHelpers, 4, "export const a = () => either('/v1/buyer/advertisers', false);") },
      { id: 'campaign-dictionary-managers', key: '/v1/campaigns/dictionaries/managers', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'", output: withLine(notHelpers, 5, "export const b = () => moved('/v1/buyer/classifiers/managers');") },
      { id: 'campaign-dictionary-comanagers', key: '/v1/campaigns/dictionaries/comanagers', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/comanagers'", output: withLine(notHelpers, 6, "const args = ['/v1/buyer/classifiers/managers'];") },
    ],
  },
  {
    name: "a constant given to a helper is read through it: rewritten where it is written, reported at the helper's call",
    code: [
      "const CLIENTS = '/v1/campaigns/dictionaries/clients';",
      'const load = (url) => axios.get(url);',
      'export const clients = () => load(CLIENTS);',
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'axios', migration: 'rewrite', at: 'CLIENTS', occurrence: 2,
        output: ["const CLIENTS = '/v1/buyer/advertisers';", 'const load = (url) => axios.get(url);', 'export const clients = () => load(CLIENTS);'].join('\n'),
      },
    ],
  },
  {
    name: "a static method, an object literal's method and a class's own method are helpers too; another vendor's is that vendor's",
    code: [
      "const SNAP = 'https://adsapi.snapchat.com';",
      "const API = 'https://api.adform.com';",
      'class SnapApi { static get(path) { return axios.get(`${SNAP}${path}`); } }',
      'const requests = { get: (url) => superagent.get(`${API}${url}`), del(url) { return superagent.del(`${API}${url}`); } };',
      "export const a = () => SnapApi.get('/v1/campaigns/dictionaries/managers');",
      "export const b = () => requests.get('/v1/campaigns/dictionaries/clients');",
    ].join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'superagent', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/clients'",
        output: [
          "const SNAP = 'https://adsapi.snapchat.com';",
          "const API = 'https://api.adform.com';",
          'class SnapApi { static get(path) { return axios.get(`${SNAP}${path}`); } }',
          'const requests = { get: (url) => superagent.get(`${API}${url}`), del(url) { return superagent.del(`${API}${url}`); } };',
          "export const a = () => SnapApi.get('/v1/campaigns/dictionaries/managers');",
          "export const b = () => requests.get('/v1/buyer/advertisers');",
        ].join('\n'),
      },
    ],
  },
  {
    name: "a collection's get is no request, directly or through a helper; the path stays a URL-shaped string",
    code: [
      'const cache = new Map();',
      'const lookup = (path) => cache.get(path);',
      "export const a = lookup('/v1/campaigns/dictionaries/clients');",
      "export const b = cache.get('/v1/campaigns/dictionaries/managers');",
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-clients', key: '/v1/campaigns/dictionaries/clients', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/clients'",
        output: ['const cache = new Map();', 'const lookup = (path) => cache.get(path);', "export const a = lookup('/v1/buyer/advertisers');", "export const b = cache.get('/v1/campaigns/dictionaries/managers');"].join('\n'),
      },
      {
        id: 'campaign-dictionary-managers', key: '/v1/campaigns/dictionaries/managers', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'",
        output: ['const cache = new Map();', 'const lookup = (path) => cache.get(path);', "export const a = lookup('/v1/campaigns/dictionaries/clients');", "export const b = cache.get('/v1/buyer/classifiers/managers');"].join('\n'),
      },
    ],
  },
  {
    name: "a helper's parameter with a default is its default where the call leaves it out",
    code: [
      "const BASE = 'https://api.adform.com';",
      "function request(path, method = 'GET', body) { return fetch(BASE + path, { method, body }); }",
      "export const list = () => request('/v1/campaigns');",
      "export const pause = (ids) => request('/v1/campaigns', 'PATCH', ids);",
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'rewrite', at: "'/v1/campaigns'",
        output: [
          "const BASE = 'https://api.adform.com';",
          "function request(path, method = 'GET', body) { return fetch(BASE + path, { method, body }); }",
          "export const list = () => request('/v1/buyer/campaigns');",
          "export const pause = (ids) => request('/v1/campaigns', 'PATCH', ids);",
        ].join('\n'),
      },
      { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'fetch', migration: 'todo', at: "'/v1/campaigns'", occurrence: 2 },
    ],
  },
  {
    // As a constructor's default base (constructor(base = '…')): the default is the value where no call of the file passes the argument.
    name: "a parameter's default is its value where no call of the file passes that argument: the request is reported, the default rewritten; another vendor's default host is that vendor's",
    code: defaultsFollowed.join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'rewrite', at: 'API + path',
        output: defaultsFollowed.join('\n').replace("path = '/v1/campaigns'", "path = '/v1/buyer/campaigns'"),
      },
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'axios', migration: 'rewrite', at: 'url', occurrence: 2,
        output: defaultsFollowed.join('\n').replace('/v1/campaigns/dictionaries/managers', '/v1/buyer/classifiers/managers'),
      },
    ],
  },
  {
    name: "a call of the file that passes the argument, or a function handed on, makes the default not the value: the default is a URL-shaped string, the callers are read through the helper",
    code: defaultsPassed.join('\n'),
    js: true,
    expected: [
      {
        id: 'campaigns-legacy-list', key: '/v1/campaigns', methods: ['GET', 'PATCH'], form: 'url-string', migration: 'todo', at: "'/v1/campaigns'",
        cause: 'the code does not say its method, so this may be GET /v1/campaigns or PATCH /v1/campaigns',
        candidates: [defaultsPassed.join('\n').replace("path = '/v1/campaigns'", "path = '/v1/buyer/campaigns'")],
      },
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'fetch', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'",
        output: defaultsPassed.join('\n').replace('/v1/campaigns/dictionaries/managers', '/v1/buyer/classifiers/managers'),
      },
      {
        id: 'campaign-dictionary-clients', key: '/v1/campaigns/dictionaries/clients', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/clients'",
        output: defaultsPassed.join('\n').replace('/v1/campaigns/dictionaries/clients', '/v1/buyer/advertisers'),
      },
      {
        id: 'campaign-dictionary-comanagers', key: '/v1/campaigns/dictionaries/comanagers', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/comanagers'",
        output: defaultsPassed.join('\n').replace('/v1/campaigns/dictionaries/comanagers', '/v1/buyer/classifiers/managers'),
      },
    ],
  },
  {
    // One request, one finding: the caller gives the base, not the path, and was reported again at its argument.
    name: 'a function given its base that writes the retired path itself is its own request: one finding where the path is written, none at the calls',
    code: [
      "import axios from 'axios';",
      "function load(baseURL = 'https://api.criteo.com') { const api = axios.create({ baseURL }); return api.get('/v1/campaigns/dictionaries/managers'); }",
      "load('https://api.adform.com');",
      "function get(base) { return fetch(base + '/v1/campaigns/dictionaries/clients'); }",
      "get('https://api.adform.com');",
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'axios', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'",
        output: [
          "import axios from 'axios';",
          "function load(baseURL = 'https://api.criteo.com') { const api = axios.create({ baseURL }); return api.get('/v1/buyer/classifiers/managers'); }",
          "load('https://api.adform.com');",
          "function get(base) { return fetch(base + '/v1/campaigns/dictionaries/clients'); }",
          "get('https://api.adform.com');",
        ].join('\n'),
      },
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'fetch', migration: 'rewrite', at: "base + '/v1/campaigns/dictionaries/clients'",
        output: [
          "import axios from 'axios';",
          "function load(baseURL = 'https://api.criteo.com') { const api = axios.create({ baseURL }); return api.get('/v1/campaigns/dictionaries/managers'); }",
          "load('https://api.adform.com');",
          "function get(base) { return fetch(base + '/v1/buyer/advertisers'); }",
          "get('https://api.adform.com');",
        ].join('\n'),
      },
    ],
  },
  {
    name: "a helper of the class taking an options object reads the path and method its caller writes there: another vendor's host is that vendor's",
    code: optionsHelper('api.criteo.com').join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [],
  },
  {
    name: "the same helper over the API host is the API's: each call with the method beside its path, rewritten in the caller's object",
    code: optionsHelper('api.adform.com').join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'node-http', migration: 'rewrite', at: "'/v1/campaigns/'",
        output: optionsHelper('api.adform.com').join('\n').replace("path: '/v1/campaigns/'", "path: '/v1/buyer/campaigns/'"),
      },
      { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'node-http', migration: 'todo', at: "'/v1/campaigns'" },
    ],
  },
  {
    name: 'an options helper is not read through where it writes the path property again, or where a parameter of another method gives the options: the path counts, its method unknown',
    code: optionsNotReadThrough,
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-list', key: '/v1/campaigns', methods: ['GET', 'PATCH'], form: 'url-string', migration: 'todo', at: "'/v1/campaigns/'",
        cause: 'the code does not say its method, so this may be GET /v1/campaigns or PATCH /v1/campaigns',
        candidates: [optionsNotReadThrough.replace("path: '/v1/campaigns/'", "path: '/v1/buyer/campaigns/'")],
      },
      {
        id: 'campaigns-legacy-list', key: '/v1/campaigns', methods: ['GET', 'PATCH'], form: 'url-string', migration: 'todo', at: "'/v1/campaigns'",
        cause: 'the code does not say its method, so this may be GET /v1/campaigns or PATCH /v1/campaigns',
        candidates: [optionsNotReadThrough.replace("path: '/v1/campaigns' }", "path: '/v1/buyer/campaigns' }")],
      },
    ],
  },
  ...([
    ['a TS parameter property', parameterProperty, 'fetch(this.baseUrl + path, { method })', 'fetch'],
    ['a field the constructor assigns', assignedField, 'fetch(this.baseUrl + path, { method })', 'fetch'],
    ["request-promise's options", parameterProperty, "request({ method, uri: this.baseUrl + path, json: true })", 'request'],
  ] as const).map(([where, constructor, send, form]): Case => {
    const code = ["import request from 'request-promise';", ...injectedBase(constructor, send)];
    return {
      name: `a send(method, path) helper over a base the constructor is given (${where}) is read through: the host unknown, the method the caller's`,
      code: code.join('\n'),
      options: { apiHosts: ['api.adform.com'] },
      expected: [
        {
          id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form, migration: 'rewrite', at: "'/v1/campaigns'",
          output: code.join('\n').replace("'GET', '/v1/campaigns'", "'GET', '/v1/buyer/campaigns'"),
        },
        { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form, migration: 'todo', at: "'/v1/campaigns'", occurrence: 2 },
      ],
    };
  }),
  {
    name: 'a function joining two of its own parameters (`base + path`) is no helper of either: the caller\'s path stays a URL-shaped string',
    code: [
      'function send(base, path) { return fetch(base + path); }',
      "export const list = (host) => send(host, '/v1/campaigns');",
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaigns-legacy-list', key: '/v1/campaigns', methods: ['GET', 'PATCH'], form: 'url-string', migration: 'todo', at: "'/v1/campaigns'",
        cause: 'the code does not say its method, so this may be GET /v1/campaigns or PATCH /v1/campaigns',
        candidates: ["function send(base, path) { return fetch(base + path); }\nexport const list = (host) => send(host, '/v1/buyer/campaigns');"],
      },
    ],
  },
  {
    name: "a helper over an unknown base that writes the retired path after its parameter makes its own request, reported where the path is written",
    code: [
      'export class Orders {',
      '  constructor(private readonly baseUrl: string) {}',
      "  private send(id: string) { return fetch(this.baseUrl + '/v1/campaigns/' + id + '/orders'); }",
      "  one() { return this.send('7'); }",
      '}',
    ].join('\n'),
    expected: [
      {
        id: 'campaigns-legacy-orders', key: 'GET /v1/campaigns/{campaignId}/orders', method: 'GET', form: 'fetch', migration: 'todo', at: "this.baseUrl + '/v1/campaigns/' + id + '/orders'",
        candidates: [
          [
            'export class Orders {',
            '  constructor(private readonly baseUrl: string) {}',
            "  private send(id: string) { return fetch(this.baseUrl + '/v1/buyer/orders'); }",
            "  one() { return this.send('7'); }",
            '}',
          ].join('\n'),
        ],
      },
    ],
  },
];
