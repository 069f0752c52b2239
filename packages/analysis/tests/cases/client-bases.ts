import type { ClientQuery, ClientValue } from '@sunset/analysis';
import type { TSESTree } from '@typescript-eslint/types';
import type { Case } from '../harness.js';

/** The cross-file hook as the module graph gives it: clients of other files by imported name. */
const importedClients = (clients: Readonly<Record<string, ClientValue>>) => (node: TSESTree.Identifier): ClientValue | undefined => clients[node.name];
/** The hook asked what a call of a factory returns (`'returned'`): clients by the factory's name, nothing for the name itself. */
const factoryClients =
  (clients: Readonly<Record<string, ClientValue>>) =>
  (node: TSESTree.Identifier, what?: ClientQuery): ClientValue | undefined =>
    what === 'returned' ? clients[node.name] : undefined;
const adformV1: ClientValue = { kind: 'axios', base: [{ kind: 'text', value: 'https://api.adform.com/v1' }] };

// Issue 21: a request is its client's base plus a path. Bases held where SDK-like clients keep them.

const axiosClass = [
  "import axios, { Axios } from 'axios';",
  "import * as vendor from './vendor';",
  "axios.defaults.baseURL = 'https://api.criteo.com';",
  "const api = new axios.Axios({ baseURL: 'https://api.adform.com/v1' });",
  "export const list = () => api.get('/campaigns');",
  "const criteo = new Axios({ baseURL: 'https://api.criteo.com' });",
  "export const criteoManagers = () => criteo.get('/v1/campaigns/dictionaries/managers');",
  "const lookAlike = new vendor.Axios({ baseURL: 'https://api.adform.com/v1' });",
  "export const clients = () => lookAlike.get('/campaigns/dictionaries/clients');",
  "export class Service {",
  "  private http = new Axios({ baseURL: 'https://api.adform.com' });",
  "  managers() { return this.http.request({ url: '/v1/campaigns/dictionaries/managers', method: 'get' }); }",
  '}',
];

export const clientBaseCases: Case[] = [
  {
    name: 'an SDK class whose constructor defaults its baseURL parameter and builds the instance with it',
    code: [
      'export class AdformClient {',
      '  private http: AxiosInstance;',
      "  constructor(token: string, baseURL = 'https://api.adform.com/v1') {",
      '    this.http = axios.create({ baseURL, headers: { Authorization: `Bearer ${token}` } });',
      '  }',
      "  labels() { return this.http.get('/campaigns/dictionaries/labels'); }",
      '}',
    ].join('\n'),
    expected: [
      {
        id: 'campaign-dictionary-labels', key: 'GET /v1/campaigns/dictionaries/labels', method: 'GET', form: 'axios', migration: 'todo', at: "'/campaigns/dictionaries/labels'",
      },
    ],
  },
  {
    name: 'a class field initialised with an instance whose base falls back from an environment variable',
    code: [
      'class Api {',
      "  private http = axios.create({ baseURL: `${process.env.HOST ?? 'https://api.adform.com'}/v1` });",
      "  managers() { return this.http.get('/campaigns/dictionaries/managers'); }",
      '}',
    ].join('\n'),
    expected: [
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'axios', migration: 'rewrite', at: "'/campaigns/dictionaries/managers'",
        output: [
          'class Api {',
          "  private http = axios.create({ baseURL: `${process.env.HOST ?? 'https://api.adform.com'}/v1` });",
          "  managers() { return this.http.get('/buyer/classifiers/managers'); }",
          '}',
        ].join('\n'),
      },
    ],
  },
  {
    name: 'axios.defaults.baseURL set in the file is the base of the global axios',
    code: "import axios from 'axios';\naxios.defaults.baseURL = process.env.API_URL || 'https://api.adform.com/v1';\nexport const clients = () => axios.get('/campaigns/dictionaries/clients');",
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'axios', migration: 'rewrite', at: "'/campaigns/dictionaries/clients'",
        output: "import axios from 'axios';\naxios.defaults.baseURL = process.env.API_URL || 'https://api.adform.com/v1';\nexport const clients = () => axios.get('/buyer/advertisers');",
      },
    ],
  },
  {
    name: "an instance's defaults.baseURL set after it is created",
    code: "const api = axios.create({ timeout: 5000 });\napi.defaults.baseURL = 'https://api.adform.com/v1/';\napi.get('campaigns');",
    js: true,
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'axios', migration: 'rewrite', at: "'campaigns'",
        output: "const api = axios.create({ timeout: 5000 });\napi.defaults.baseURL = 'https://api.adform.com/v1/';\napi.get('buyer/campaigns');",
      },
    ],
  },
  {
    name: 'an absolute URL at an instance call ignores the base, as axios does',
    code: "const api = axios.create({ baseURL: 'https://api.adform.com/v1' });\napi.get('https://other.example.com/campaigns');",
    js: true,
    expected: [],
  },
  {
    name: 'an instance based at /v1/buyer calling /campaigns is the new API',
    code: "const buyer = axios.create({ baseURL: 'https://api.adform.com/v1/buyer' });\nbuyer.get('/campaigns');\nbuyer.get('/campaigns/42');",
    js: true,
    expected: [],
  },
  {
    name: 'a path that leaves its instance base cannot be rewritten at the call: a TODO that says so',
    code: "const legacy = axios.create({ baseURL: 'https://api.adform.com/v1/campaigns' });\nlegacy.get('/dictionaries/managers');",
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'axios', migration: 'todo', at: "'/dictionaries/managers'",
        cause: "the new path does not start with the instance's base (https://api.adform.com/v1/campaigns), which other calls share",
      },
    ],
  },
  {
    name: 'an instance imported from another file brings its base (the cross-file hook), and the path literal is rewritten at the call',
    code: "import { adform } from '../api/http';\nexport const list = () => adform.get('/campaigns');",
    js: true,
    options: { resolveClient: importedClients({ adform: adformV1 }) },
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'axios', migration: 'rewrite', at: "'/campaigns'",
        output: "import { adform } from '../api/http';\nexport const list = () => adform.get('/buyer/campaigns');",
      },
    ],
  },
  {
    name: 'a namespace import\'s member asks the cross-file hook with the member\'s name',
    code: "import * as http from '../api/http';\nexport const list = () => http.adform.get('/campaigns');",
    js: true,
    options: { resolveClient: importedClients({ adform: adformV1 }) },
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'axios', migration: 'rewrite', at: "'/campaigns'",
        output: "import * as http from '../api/http';\nexport const list = () => http.adform.get('/buyer/campaigns');",
      },
    ],
  },
  {
    name: 'a getter the class does not show a value for (this.http) asks the cross-file hook',
    code: "class Api {\n  get http() { return this.make(); }\n  list() { return this.http.get('/campaigns'); }\n}",
    js: true,
    options: { resolveClient: importedClients({ http: adformV1 }) },
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'axios', migration: 'rewrite', at: "'/campaigns'",
        output: "class Api {\n  get http() { return this.make(); }\n  list() { return this.http.get('/buyer/campaigns'); }\n}",
      },
    ],
  },
  {
    name: 'a factory function of another file: the hook is asked with the callee\'s name for the client it returns',
    code: "import { createClient } from '../api/http';\nconst api = createClient();\nexport const list = () => api.get('/campaigns');",
    js: true,
    options: { resolveClient: factoryClients({ createClient: adformV1 }) },
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'axios', migration: 'rewrite', at: "'/campaigns'",
        output: "import { createClient } from '../api/http';\nconst api = createClient();\nexport const list = () => api.get('/buyer/campaigns');",
      },
    ],
  },
  {
    name: 'a call of the client library itself is not a factory of the project: the hook is not asked',
    code: "import axios from 'axios';\nconst api = axios({ url: '/x' });\nexport const list = () => api.get('/campaigns');",
    js: true,
    options: { resolveClient: factoryClients({ axios: adformV1 }) },
    expected: [],
  },
  {
    name: 'a ky instance required from another file joins its prefixUrl to a path without a leading slash',
    code: "const { api } = require('./http');\nmodule.exports.managers = () => api.get('campaigns/dictionaries/managers').json();",
    js: true,
    options: { resolveClient: importedClients({ api: { kind: 'ky', base: [{ kind: 'hole' }, { kind: 'text', value: '/v1/' }] } }) },
    expected: [
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'ky', migration: 'rewrite', at: "'campaigns/dictionaries/managers'",
        output: "const { api } = require('./http');\nmodule.exports.managers = () => api.get('buyer/classifiers/managers').json();",
      },
    ],
  },
  {
    name: 'a wrapper class whose requests all go to another host: its calls are that host\'s, not the API\'s',
    code: [
      "const http = axios.create({ baseURL: 'https://adsapi.other.example' });",
      "const auth = axios.create({ baseURL: 'https://accounts.other.example' });",
      'class ApiClient {',
      "  token() { return auth.post('/oauth2/token', form); }",
      '  request(method, url, data) { return http({ method, url, data }); }',
      "  get(url) { return this.request('GET', url); }",
      '}',
      'class AdsManager {',
      '  constructor() { this.api = new ApiClient(); }',
      '  campaign(id) { return this.api.get(`/v1/campaigns/${id}`); }',
      '}',
    ].join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [],
  },
  {
    name: 'the same wrapper pointed at the API host is the API\'s',
    code: [
      "const http = axios.create({ baseURL: 'https://api.adform.com' });",
      'class ApiClient {',
      '  request(method, url, data) { return http({ method, url, data }); }',
      "  get(url) { return this.request('GET', url); }",
      '}',
      'const api = new ApiClient();',
      'export const campaign = (id) => api.get(`/v1/campaigns/${id}`);',
    ].join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-get', key: 'GET /v1/campaigns/{id}', method: 'GET', form: 'http-client', migration: 'todo', at: '`/v1/campaigns/${id}`',
        candidates: ['/v1/buyer/campaigns/${id}', '/v1/buyer/campaigns/${id}/rtbSettings'].map((path) =>
          [
            "const http = axios.create({ baseURL: 'https://api.adform.com' });",
            'class ApiClient {',
            '  request(method, url, data) { return http({ method, url, data }); }',
            "  get(url) { return this.request('GET', url); }",
            '}',
            'const api = new ApiClient();',
            `export const campaign = (id) => api.get(\`${path}\`);`,
          ].join('\n'),
        ),
      },
    ],
  },
  {
    name: 'a wrapper with a request whose host is not known stays unknown: its calls count',
    code: [
      'class ApiClient {',
      '  get(url) { return fetch(process.env.API + url); }',
      '}',
      'const api = new ApiClient();',
      'export const campaign = (id) => api.get(`/v1/campaigns/${id}`);',
    ].join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-get', key: 'GET /v1/campaigns/{id}', method: 'GET', form: 'http-client', migration: 'todo', at: '`/v1/campaigns/${id}`',
        candidates: ['/v1/buyer/campaigns/${id}', '/v1/buyer/campaigns/${id}/rtbSettings'].map((path) =>
          ['class ApiClient {', '  get(url) { return fetch(process.env.API + url); }', '}', 'const api = new ApiClient();', `export const campaign = (id) => api.get(\`${path}\`);`].join('\n'),
        ),
      },
    ],
  },
  {
    name: "a string field set from a constructor parameter's default names its host: another vendor's is that vendor's",
    code: [
      'class CriteoClient {',
      "  constructor(base = 'https://api.criteo.com', token) { this.base = base; this.token = token; }",
      "  campaigns() { return fetch(this.base + '/v1/campaigns/'); }",
      '  campaign(id) { return fetch(`${this.base}/v1/campaigns/${id}`); }',
      '}',
      "export const clients = [new CriteoClient(), new CriteoClient(undefined, 't')];",
    ].join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [],
  },
  {
    name: 'the same class whose default is the API host is the API\'s, rewritten in the call and not in the default',
    code: [
      'class AdformClient {',
      "  constructor(base = 'https://api.adform.com', token) { this.base = base; this.token = token; }",
      "  campaigns() { return fetch(this.base + '/v1/campaigns'); }",
      '}',
    ].join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'rewrite', at: "this.base + '/v1/campaigns'",
        output: [
          'class AdformClient {',
          "  constructor(base = 'https://api.adform.com', token) { this.base = base; this.token = token; }",
          "  campaigns() { return fetch(this.base + '/v1/buyer/campaigns'); }",
          '}',
        ].join('\n'),
      },
    ],
  },
  {
    name: "a `new` or `super` of the file that passes the base: the default is not the instance's, the host is not known and the call counts",
    code: [
      'class CriteoClient {',
      "  constructor(base = 'https://api.criteo.com') { this.base = base; }",
      "  campaigns() { return fetch(this.base + '/v1/campaigns'); }",
      '}',
      "export const adform = new CriteoClient('https://api.adform.com');",
      'class CriteoApi {',
      "  constructor(baseURL = 'https://api.criteo.com') { this.http = axios.create({ baseURL }); }",
      "  campaigns() { return this.http.get('/v1/campaigns'); }",
      '}',
      'class Gateway extends CriteoApi { constructor() { super(process.env.GATEWAY); } }',
    ].join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'rewrite', at: "this.base + '/v1/campaigns'",
        output: [
          'class CriteoClient {',
          "  constructor(base = 'https://api.criteo.com') { this.base = base; }",
          "  campaigns() { return fetch(this.base + '/v1/buyer/campaigns'); }",
          '}',
          "export const adform = new CriteoClient('https://api.adform.com');",
          'class CriteoApi {',
          "  constructor(baseURL = 'https://api.criteo.com') { this.http = axios.create({ baseURL }); }",
          "  campaigns() { return this.http.get('/v1/campaigns'); }",
          '}',
          'class Gateway extends CriteoApi { constructor() { super(process.env.GATEWAY); } }',
        ].join('\n'),
      },
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'axios', migration: 'rewrite', at: "'/v1/campaigns'", occurrence: 2,
        output: [
          'class CriteoClient {',
          "  constructor(base = 'https://api.criteo.com') { this.base = base; }",
          "  campaigns() { return fetch(this.base + '/v1/campaigns'); }",
          '}',
          "export const adform = new CriteoClient('https://api.adform.com');",
          'class CriteoApi {',
          "  constructor(baseURL = 'https://api.criteo.com') { this.http = axios.create({ baseURL }); }",
          "  campaigns() { return this.http.get('/v1/buyer/campaigns'); }",
          '}',
          'class Gateway extends CriteoApi { constructor() { super(process.env.GATEWAY); } }',
        ].join('\n'),
      },
    ],
  },
  {
    name: 'a field the class sets twice, or from a parameter it writes again, has no one value: the host is not known and the call counts',
    code: [
      'class Twice {',
      "  constructor(base = 'https://api.criteo.com') { this.base = base; }",
      '  use(other) { this.base = other; }',
      "  campaigns() { return fetch(this.base + '/v1/campaigns'); }",
      '}',
      'class Trimmed {',
      "  constructor(base = 'https://api.criteo.com') { base = base.replace(/\\/$/, ''); this.base = base; }",
      "  campaigns() { return fetch(`${this.base}/v1/campaigns`); }",
      '}',
    ].join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'rewrite', at: "this.base + '/v1/campaigns'",
        output: [
          'class Twice {',
          "  constructor(base = 'https://api.criteo.com') { this.base = base; }",
          '  use(other) { this.base = other; }',
          "  campaigns() { return fetch(this.base + '/v1/buyer/campaigns'); }",
          '}',
          'class Trimmed {',
          "  constructor(base = 'https://api.criteo.com') { base = base.replace(/\\/$/, ''); this.base = base; }",
          "  campaigns() { return fetch(`${this.base}/v1/campaigns`); }",
          '}',
        ].join('\n'),
      },
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'rewrite', at: '`${this.base}/v1/campaigns`',
        output: [
          'class Twice {',
          "  constructor(base = 'https://api.criteo.com') { this.base = base; }",
          '  use(other) { this.base = other; }',
          "  campaigns() { return fetch(this.base + '/v1/campaigns'); }",
          '}',
          'class Trimmed {',
          "  constructor(base = 'https://api.criteo.com') { base = base.replace(/\\/$/, ''); this.base = base; }",
          "  campaigns() { return fetch(`${this.base}/v1/buyer/campaigns`); }",
          '}',
        ].join('\n'),
      },
    ],
  },
  {
    // axios 1 exports its class: an instance made with `new` reads its config as axios.create's does, without axios.defaults.
    name: "new axios.Axios(config) and new Axios(config) of 'axios' are instances with their config's base; another module's Axios is not",
    code: axiosClass.join('\n'),
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'axios', migration: 'rewrite', at: "'/campaigns'",
        output: axiosClass.join('\n').replace("api.get('/campaigns')", "api.get('/buyer/campaigns')"),
      },
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'axios', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'", occurrence: 2,
        output: axiosClass.join('\n').replace("url: '/v1/campaigns/dictionaries/managers'", "url: '/v1/buyer/classifiers/managers'"),
      },
    ],
  },
];
