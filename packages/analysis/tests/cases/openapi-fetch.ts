import { createCatalog } from '@sunset/rule-data';
import type { RequestCase } from '../run-request-cases.js';

// openapi-fetch clients as requests (requests/http-clients.ts, http-calls.ts): `createClient({ baseUrl })`
// from 'openapi-fetch' makes a client whose capitalised verbs (`client.PATCH(path, { body })`) are the
// method, on `baseUrl` (or a call's own `baseUrl`).

const retired = (key: string, use: string): string => `${key} is retired (support ended 2019-10-01): ${use}`;
const lines = (...text: string[]): string => text.join('\n');

// A one-to-one entry that changes the method: the verb is renamed in capitals, as openapi-fetch names it.
const statusCatalog = createCatalog([
  {
    id: 'proxy-campaign-status',
    retired: 'PATCH /proxy/v1/campaigns/{id}',
    replacements: ['PUT /v1/buyer/campaigns/{id}/status'],
    gaEnds: '2019-01-01',
    supportEnds: '2019-10-01',
    migration: 'rewrite',
  },
]);

const placeholders = [
  "import createClient from 'openapi-fetch';",
  "const adform = createClient<paths>({ baseUrl: 'https://api.adform.com' });",
  "export const order = (c: string, o: string) => adform.GET('/v1/campaigns/{campaignId}/orders/{orderId}', { params: { path: { campaignId: c, orderId: o } } });",
  "export const pause = (id: string) => adform.PATCH('/proxy/v1/campaigns/{id}', { params: { path: { id } }, body: { status: 'paused' } });",
];

const clients = [
  "import createClient from 'openapi-fetch';",
  "const adform = createClient<paths>({ baseUrl: 'https://api.adform.com' });",
  'const relative = createClient<paths>();',
  "export const list = () => adform.GET('/v1/campaigns', { params: { query: { active: true } } });",
  "export const pause = (ids: number[]) => adform.PATCH('/v1/campaigns', { body: { ids } });",
  "export const report = (body: Report) => relative.POST('/v1/reportingstats/agency/reportdata', { body });",
  "export const drop = () => relative.DELETE('/v1/campaigns/dictionaries/labels');",
];

export const openapiFetchCases: RequestCase[] = [
  {
    name: "each verb is the request's method, on the client's baseUrl (none: the host is not shown); DELETE of a path retired for GET alone is no retired call",
    code: lines(...clients),
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'openapi-fetch', migration: 'rewrite', at: "'/v1/campaigns'",
        message: retired('GET /v1/campaigns', 'use GET /v1/buyer/campaigns.'), host: 'api.adform.com',
        output: lines(...clients.slice(0, 3), "export const list = () => adform.GET('/v1/buyer/campaigns', { params: { query: { active: true } } });", ...clients.slice(4)),
      },
      {
        id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'openapi-fetch', migration: 'todo', at: "'/v1/campaigns'", occurrence: 2,
        message: retired('PATCH /v1/campaigns', 'use PUT /v1/buyer/campaigns/{id}/status; this call needs a manual migration.'), host: 'api.adform.com',
      },
      {
        id: 'reporting-sync-reportdata', key: 'POST /v1/reportingstats/agency/reportdata', method: 'POST', form: 'openapi-fetch', migration: 'todo', at: "'/v1/reportingstats/agency/reportdata'",
        message: `POST /v1/reportingstats/agency/reportdata is retired (support ended 2020-01-31): use one of POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations or GET /v1/buyer/stats/data; this call needs a manual migration.`,
      },
    ],
  },
  {
    name: "openapi-fetch's `{name}` placeholders are the path's parameters; a move that changes the method renames the verb in capitals",
    code: lines(...placeholders.slice(0, 3)),
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-order', key: 'GET /v1/campaigns/{campaignId}/orders/{orderId}', method: 'GET', form: 'openapi-fetch', migration: 'rewrite', at: "'/v1/campaigns/{campaignId}/orders/{orderId}'",
        message: retired('GET /v1/campaigns/{campaignId}/orders/{orderId}', 'use GET /v1/buyer/orders/{orderId}.'), host: 'api.adform.com',
        output: lines(...placeholders.slice(0, 2), "export const order = (c: string, o: string) => adform.GET('/v1/buyer/orders/{orderId}', { params: { path: { campaignId: c, orderId: o } } });"),
      },
    ],
  },
  {
    name: 'a custom one-to-one entry that changes the method: client.PATCH becomes client.PUT',
    code: lines(...placeholders.slice(0, 2), placeholders[3]!),
    options: { apiHosts: ['api.adform.com'], catalog: statusCatalog },
    expected: [
      {
        id: 'proxy-campaign-status', key: 'PATCH /proxy/v1/campaigns/{id}', method: 'PATCH', form: 'openapi-fetch', migration: 'rewrite', at: "'/proxy/v1/campaigns/{id}'",
        message: retired('PATCH /proxy/v1/campaigns/{id}', 'use PUT /v1/buyer/campaigns/{id}/status.'), host: 'api.adform.com',
        output: lines(...placeholders.slice(0, 2), "export const pause = (id: string) => adform.PUT('/v1/buyer/campaigns/{id}/status', { params: { path: { id } }, body: { status: 'paused' } });"),
      },
    ],
  },
  {
    name: "another vendor's baseUrl, on the client or the call, is that vendor's: not reported",
    code: lines(
      "import createClient from 'openapi-fetch';",
      "const snap = createClient<paths>({ baseUrl: 'https://adsapi.snapchat.com' });",
      "const adform = createClient<paths>({ baseUrl: 'https://api.adform.com' });",
      "export const a = () => snap.GET('/v1/campaigns/dictionaries/managers');",
      "export const b = () => adform.GET('/v1/campaigns/dictionaries/clients', { baseUrl: 'https://adsapi.snapchat.com' });",
      "export const c = (ids: number[]) => snap.PATCH('/v1/campaigns', { body: { ids } });",
    ),
    options: { apiHosts: ['api.adform.com'] },
    expected: [],
  },
  {
    name: "a client of createClient required from 'openapi-fetch' (CommonJS), or imported by its name",
    code: lines(
      "const createClient = require('openapi-fetch');",
      "const adform = createClient({ baseUrl: 'https://api.adform.com' });",
      "adform.DELETE('/v1/campaigns');",
    ),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [],
  },
  {
    name: "the named createClient export's client reads its verb: a PATCH is a PATCH",
    code: lines(
      "import { createClient } from 'openapi-fetch';",
      "const adform = createClient<paths>({ baseUrl: 'https://api.adform.com' });",
      "export const pause = (ids: number[]) => adform.PATCH('/v1/campaigns', { body: { ids } });",
    ),
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'openapi-fetch', migration: 'todo', at: "'/v1/campaigns'",
        message: retired('PATCH /v1/campaigns', 'use PUT /v1/buyer/campaigns/{id}/status; this call needs a manual migration.'), host: 'api.adform.com',
      },
    ],
  },
  {
    name: 'look-alike: capitalised verbs of a receiver that is no openapi-fetch client are read as a URL-shaped string, its method unknown',
    code: lines("import createClient from './client';", 'const api = createClient();', "export const a = () => api.PATCH('/v1/campaigns');"),
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-list', key: '/v1/campaigns', methods: ['GET', 'PATCH'], form: 'url-string', migration: 'todo', at: "'/v1/campaigns'",
        message: retired('/v1/campaigns (GET or PATCH)', 'use one of GET /v1/buyer/campaigns or PUT /v1/buyer/campaigns/{id}/status; this call needs a manual migration.'),
        cause: 'the code does not say its method, so this may be GET /v1/campaigns or PATCH /v1/campaigns',
        candidates: [lines("import createClient from './client';", 'const api = createClient();', "export const a = () => api.PATCH('/v1/buyer/campaigns');")],
      },
    ],
  },
];
