import { createCatalog } from '@sunset/rule-data';
import type { Case, ExpectedFinding } from '../harness.js';

const proxyCatalog = createCatalog([
  {
    id: 'proxy-campaign-status',
    retired: 'PATCH /proxy/v1/campaigns/{id}',
    replacements: ['PUT /v1/buyer/campaigns/{id}/status'],
    gaEnds: '2025-01-01',
    supportEnds: '2025-06-30',
    migration: 'rewrite',
  },
]);

/** The cause of a TODO left because the URL's constant is also given to `callee` (a helper the analysis does not see into). */
const givenTo = (callee: string): string => `the URL is also given to ${callee}(), which may send it too; a rewrite where it is written would move that call as well`;
/** The TODO of a retired path written as a plain string (its method not shown) that is also given to `callee`. */
const givenStringTodo = (id: string, path: string, callee: string): ExpectedFinding => ({ id, key: path, form: 'url-string', migration: 'todo', at: `'${path}'`, cause: givenTo(callee) });

/** The cause of a TODO left because a value the code does not show follows the path directly. */
const openEnd = (path: string): string =>
  `the URL goes on right after ${path} with a value the code does not show, so the end of the path is not known: it may be a longer path that this move would break`;

const tailLookAlikes = [
  "const API = 'https://api.adform.com';",
  'export const a = (q) => fetch(`${API}/v1/campaigns?${q}`);',
  "export const b = (x) => fetch(API + '/v1/campaigns' + '?active=' + x);",
  "export const c = (qs) => fetch(`${API}/v1/campaigns${qs ? `?${qs}` : ''}`);",
  "export const d = (active) => fetch(`${API}/v1/campaigns${active ? '?active=1' : ''}`);",
  "export const e = (h) => fetch(`${API}/v1/campaigns/dictionaries/managers${h ? '#top' : ''}`);",
  'export const f = (campaignId, orderId) => fetch(`${API}/v1/campaigns/${campaignId}/orders/${orderId}`);',
];
/** The snippet above with one line's path moved. */
const tailLookAlikeFixed = (line: number, from: string, to: string): string => tailLookAlikes.map((text, at) => (at === line ? text.replace(from, to) : text)).join('\n');

export const hidingPlaceCases: Case[] = [
  {
    // The trial's repro 6: the branches are two other entries; a rewrite of /v1/campaigns gave /v1/buyer/campaigns/dictionaries/managers.
    name: 'a conditional tail of known branches is read as each branch: a TODO naming every choice, no rewrite',
    code: [
      "const API = 'https://api.adform.com';",
      "export const dictionary = (kind) => fetch(`${API}/v1/campaigns${kind === 'managers' ? '/dictionaries/managers' : '/dictionaries/labels'}`);",
      "export const labels = (withLabels) => fetch(API + '/v1/campaigns' + (withLabels ? '/dictionaries/labels' : ''));",
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'fetch', migration: 'todo',
        at: "`${API}/v1/campaigns${kind === 'managers' ? '/dictionaries/managers' : '/dictionaries/labels'}`",
        cause: 'the code chooses the path at run time: /v1/campaigns/dictionaries/managers or /v1/campaigns/dictionaries/labels',
      },
      {
        id: 'campaign-dictionary-labels', key: 'GET /v1/campaigns/dictionaries/labels', method: 'GET', form: 'fetch', migration: 'todo',
        at: "API + '/v1/campaigns' + (withLabels ? '/dictionaries/labels' : '')",
        cause: 'the code chooses the path at run time: /v1/campaigns/dictionaries/labels or /v1/campaigns',
      },
    ],
  },
  {
    name: 'an unknown value right after the path: a finding at the path it starts with, a TODO that says the end is not known, no candidate',
    code: [
      "const API = 'https://api.adform.com';",
      'export const a = (suffix) => fetch(`${API}/v1/campaigns${suffix}`);',
      "export const b = (suffix) => axios.get(API + '/v1/campaigns/dictionaries/managers' + suffix);",
    ].join('\n'),
    js: true,
    expected: [
      { id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'todo', at: '`${API}/v1/campaigns${suffix}`', cause: openEnd('/v1/campaigns') },
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'axios', migration: 'todo',
        at: "API + '/v1/campaigns/dictionaries/managers' + suffix", cause: openEnd('/v1/campaigns/dictionaries/managers'),
      },
    ],
  },
  {
    // Look-alikes of the two above that keep their rewrite: a query or fragment after the path, an id segment, every choice the same move.
    name: 'a tail that is a query, a fragment, an id segment or a choice that keeps the path is rewritten as before',
    code: tailLookAlikes.join('\n'),
    js: true,
    expected: [
      { id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'rewrite', at: '`${API}/v1/campaigns?${q}`', output: tailLookAlikeFixed(1, '/v1/campaigns', '/v1/buyer/campaigns') },
      { id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'rewrite', at: "API + '/v1/campaigns' + '?active=' + x", output: tailLookAlikeFixed(2, '/v1/campaigns', '/v1/buyer/campaigns') },
      { id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'rewrite', at: "`${API}/v1/campaigns${qs ? `?${qs}` : ''}`", output: tailLookAlikeFixed(3, '/v1/campaigns', '/v1/buyer/campaigns') },
      { id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'rewrite', at: "`${API}/v1/campaigns${active ? '?active=1' : ''}`", output: tailLookAlikeFixed(4, '/v1/campaigns', '/v1/buyer/campaigns') },
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'fetch', migration: 'rewrite',
        at: "`${API}/v1/campaigns/dictionaries/managers${h ? '#top' : ''}`", output: tailLookAlikeFixed(5, '/v1/campaigns/dictionaries/managers', '/v1/buyer/classifiers/managers'),
      },
      {
        id: 'campaigns-legacy-order', key: 'GET /v1/campaigns/{campaignId}/orders/{orderId}', method: 'GET', form: 'fetch', migration: 'rewrite',
        at: '`${API}/v1/campaigns/${campaignId}/orders/${orderId}`', output: tailLookAlikeFixed(6, '/v1/campaigns/${campaignId}/orders/', '/v1/buyer/orders/'),
      },
    ],
  },
  {
    name: 'a same-file constant is rewritten where it is written and reported at the call',
    code: "const CAMPAIGNS = '/v1/campaigns';\nexport const list = () => fetch(CAMPAIGNS);",
    js: true,
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'rewrite', at: 'CAMPAIGNS', occurrence: 2,
        output: "const CAMPAIGNS = '/v1/buyer/campaigns';\nexport const list = () => fetch(CAMPAIGNS);",
      },
    ],
  },
  {
    name: 'an enum member is read as a constant: reported at the request, rewritten where the member is written (+, template, const enum)',
    code: [
      "enum Paths { Campaigns = '/v1/campaigns', Managers = '/v1/campaigns/dictionaries/managers' }",
      "const enum Dictionaries { Clients = '/v1/campaigns/dictionaries/clients' }",
      "export const list = () => fetch('https://api.adform.com' + Paths.Campaigns);",
      'export const managers = () => fetch(`https://api.adform.com${Paths.Managers}`);',
      "export const clients = () => axios.get(Dictionaries['Clients']);",
    ].join('\n'),
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'rewrite', at: "'https://api.adform.com' + Paths.Campaigns",
        output: [
          "enum Paths { Campaigns = '/v1/buyer/campaigns', Managers = '/v1/campaigns/dictionaries/managers' }",
          "const enum Dictionaries { Clients = '/v1/campaigns/dictionaries/clients' }",
          "export const list = () => fetch('https://api.adform.com' + Paths.Campaigns);",
          'export const managers = () => fetch(`https://api.adform.com${Paths.Managers}`);',
          "export const clients = () => axios.get(Dictionaries['Clients']);",
        ].join('\n'),
      },
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'fetch', migration: 'rewrite', at: '`https://api.adform.com${Paths.Managers}`',
        output: [
          "enum Paths { Campaigns = '/v1/campaigns', Managers = '/v1/buyer/classifiers/managers' }",
          "const enum Dictionaries { Clients = '/v1/campaigns/dictionaries/clients' }",
          "export const list = () => fetch('https://api.adform.com' + Paths.Campaigns);",
          'export const managers = () => fetch(`https://api.adform.com${Paths.Managers}`);',
          "export const clients = () => axios.get(Dictionaries['Clients']);",
        ].join('\n'),
      },
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'axios', migration: 'rewrite', at: "Dictionaries['Clients']",
        output: [
          "enum Paths { Campaigns = '/v1/campaigns', Managers = '/v1/campaigns/dictionaries/managers' }",
          "const enum Dictionaries { Clients = '/v1/buyer/advertisers' }",
          "export const list = () => fetch('https://api.adform.com' + Paths.Campaigns);",
          'export const managers = () => fetch(`https://api.adform.com${Paths.Managers}`);',
          "export const clients = () => axios.get(Dictionaries['Clients']);",
        ].join('\n'),
      },
    ],
  },
  {
    // As a constant read by two requests: one edit where both move alike, a TODO where they do not.
    name: 'an enum member read by two requests is rewritten once when both move alike, and left as a TODO when one is a PATCH',
    code: [
      "enum Paths { Managers = '/v1/campaigns/dictionaries/managers', Campaigns = '/v1/campaigns' }",
      "export const a = () => fetch('https://api.adform.com' + Paths.Managers);",
      'export const b = () => axios.get(`https://api.adform.com${Paths.Managers}`);',
      "export const list = () => fetch('https://api.adform.com' + Paths.Campaigns);",
      "export const pause = (body) => fetch('https://api.adform.com' + Paths.Campaigns, { method: 'PATCH', body });",
    ].join('\n'),
    expected: [
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'fetch', migration: 'rewrite', at: "'https://api.adform.com' + Paths.Managers",
        output: [
          "enum Paths { Managers = '/v1/buyer/classifiers/managers', Campaigns = '/v1/campaigns' }",
          "export const a = () => fetch('https://api.adform.com' + Paths.Managers);",
          'export const b = () => axios.get(`https://api.adform.com${Paths.Managers}`);',
          "export const list = () => fetch('https://api.adform.com' + Paths.Campaigns);",
          "export const pause = (body) => fetch('https://api.adform.com' + Paths.Campaigns, { method: 'PATCH', body });",
        ].join('\n'),
      },
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'axios', migration: 'rewrite', at: '`https://api.adform.com${Paths.Managers}`',
        output: [
          "enum Paths { Managers = '/v1/buyer/classifiers/managers', Campaigns = '/v1/campaigns' }",
          "export const a = () => fetch('https://api.adform.com' + Paths.Managers);",
          'export const b = () => axios.get(`https://api.adform.com${Paths.Managers}`);',
          "export const list = () => fetch('https://api.adform.com' + Paths.Campaigns);",
          "export const pause = (body) => fetch('https://api.adform.com' + Paths.Campaigns, { method: 'PATCH', body });",
        ].join('\n'),
      },
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'todo', at: "'https://api.adform.com' + Paths.Campaigns",
        cause: 'the URL is written once and used by 2 sites that do not all migrate the same way',
      },
      {
        id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'fetch', migration: 'todo', at: "'https://api.adform.com' + Paths.Campaigns", occurrence: 2,
      },
    ],
  },
  {
    // Look-alikes: another enum's member of the same name, a member that names another member, one used as a map key.
    name: 'an enum member of the same name in another enum, one built from another member, and one used as a map key are not a request',
    code: [
      "enum Legacy { Campaigns = '/v1/campaigns/dictionaries/managers' }",
      "enum Paths { Campaigns = '/v1/buyer/campaigns' }",
      "export const list = () => fetch('https://api.adform.com' + Paths.Campaigns);",
      "enum Built { Base = '/v2', Clients = `${Base}/clients` }",
      "const Base = '/v1/campaigns/dictionaries';",
      "export const clients = () => fetch('https://api.adform.com' + Built.Clients);",
      "enum Titles { Labels = '/v1/campaigns/dictionaries/labels' }",
      "export const titles = { [Titles.Labels]: 'Labels' };",
    ].join('\n'),
    expected: [
      // Read by no request: each is a URL-shaped string where it is written, as a constant read nowhere is.
      { id: 'campaign-dictionary-managers', key: '/v1/campaigns/dictionaries/managers', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'",
        output: [
          "enum Legacy { Campaigns = '/v1/buyer/classifiers/managers' }",
          "enum Paths { Campaigns = '/v1/buyer/campaigns' }",
          "export const list = () => fetch('https://api.adform.com' + Paths.Campaigns);",
          "enum Built { Base = '/v2', Clients = `${Base}/clients` }",
          "const Base = '/v1/campaigns/dictionaries';",
          "export const clients = () => fetch('https://api.adform.com' + Built.Clients);",
          "enum Titles { Labels = '/v1/campaigns/dictionaries/labels' }",
          "export const titles = { [Titles.Labels]: 'Labels' };",
        ].join('\n'),
      },
      { id: 'campaign-dictionary-labels', key: '/v1/campaigns/dictionaries/labels', form: 'url-string', migration: 'todo', at: "'/v1/campaigns/dictionaries/labels'" },
    ],
  },
  {
    name: 'a let never reassigned is a constant; a reassigned one is not (its first value is still a URL-shaped string)',
    code: "let clientsUrl = '/v1/campaigns/dictionaries/clients';\nfetch(clientsUrl);\nlet managersUrl = '/v1/campaigns/dictionaries/managers';\nmanagersUrl = next();\nfetch(managersUrl);",
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'fetch', migration: 'rewrite', at: 'clientsUrl', occurrence: 2,
        output: "let clientsUrl = '/v1/buyer/advertisers';\nfetch(clientsUrl);\nlet managersUrl = '/v1/campaigns/dictionaries/managers';\nmanagersUrl = next();\nfetch(managersUrl);",
      },
      {
        id: 'campaign-dictionary-managers', key: '/v1/campaigns/dictionaries/managers', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'",
        output: "let clientsUrl = '/v1/campaigns/dictionaries/clients';\nfetch(clientsUrl);\nlet managersUrl = '/v1/buyer/classifiers/managers';\nmanagersUrl = next();\nfetch(managersUrl);",
      },
    ],
  },
  {
    name: 'a parameter shadowing a constant of the same name is not the constant',
    code: "const url = '/v1/campaigns/dictionaries/clients';\nfunction load(url) { return fetch(url); }\nexport { url };",
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-clients', key: '/v1/campaigns/dictionaries/clients', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/clients'",
        output: "const url = '/v1/buyer/advertisers';\nfunction load(url) { return fetch(url); }\nexport { url };",
      },
    ],
  },
  {
    name: 'an imported identifier is a hole; the base it stands for is kept',
    code: "import { API_BASE } from './config';\nfetch(`${API_BASE}/v1/campaigns/dictionaries/clients`);",
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'fetch', migration: 'rewrite', at: '`${API_BASE}/v1/campaigns/dictionaries/clients`',
        output: "import { API_BASE } from './config';\nfetch(`${API_BASE}/v1/buyer/advertisers`);",
      },
    ],
  },
  {
    name: 'an imported path is found only through the type-aware hook, and is then not editable here',
    code: "import { CAMPAIGNS_PATH } from './paths';\naxios.get(CAMPAIGNS_PATH);",
    js: true,
    options: { resolveIdentifier: (node) => ((node as { name?: string }).name === 'CAMPAIGNS_PATH' ? [{ kind: 'text', value: '/v1/campaigns' }] : undefined) },
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'axios', migration: 'todo', at: 'CAMPAIGNS_PATH', occurrence: 2,
        cause: 'the retired path cannot be edited where it is written (it is assembled in several places or contains escapes)',
      },
    ],
  },
  {
    name: 'new URL(path, base): an absolute path drops the base path, a relative one joins it; .href and .toString() are the URL',
    code: [
      "const base = 'https://api.example.com/api/';",
      "fetch(new URL('/v1/campaigns/dictionaries/managers', base).href);",
      "const orders = new URL(`v1/campaigns/${id}/orders/${orderId}?expand=lines`, base);",
      'axios.get(orders.toString());',
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'fetch', migration: 'rewrite',
        at: "new URL('/v1/campaigns/dictionaries/managers', base).href",
        output: [
          "const base = 'https://api.example.com/api/';",
          "fetch(new URL('/v1/buyer/classifiers/managers', base).href);",
          "const orders = new URL(`v1/campaigns/${id}/orders/${orderId}?expand=lines`, base);",
          'axios.get(orders.toString());',
        ].join('\n'),
      },
      {
        id: 'campaigns-legacy-order', key: 'GET /v1/campaigns/{campaignId}/orders/{orderId}', method: 'GET', form: 'axios', migration: 'rewrite', at: 'orders.toString()',
        output: [
          "const base = 'https://api.example.com/api/';",
          "fetch(new URL('/v1/campaigns/dictionaries/managers', base).href);",
          'const orders = new URL(`v1/buyer/orders/${orderId}?expand=lines`, base);',
          'axios.get(orders.toString());',
        ].join('\n'),
      },
    ],
  },
  {
    name: 'TS wrappers are seen through: as const, satisfies, non-null and type arguments',
    code: [
      "const PATHS = { managers: '/v1/campaigns/dictionaries/managers' } as const;",
      "const clients = '/v1/campaigns/dictionaries/clients' satisfies string;",
      'http.get<Manager[]>(PATHS.managers);',
      'fetch(clients!);',
    ].join('\n'),
    expected: [
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'http-client', migration: 'rewrite', at: 'PATHS.managers',
        output: [
          "const PATHS = { managers: '/v1/buyer/classifiers/managers' } as const;",
          "const clients = '/v1/campaigns/dictionaries/clients' satisfies string;",
          'http.get<Manager[]>(PATHS.managers);',
          'fetch(clients!);',
        ].join('\n'),
      },
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'fetch', migration: 'rewrite', at: 'clients!',
        output: [
          "const PATHS = { managers: '/v1/campaigns/dictionaries/managers' } as const;",
          "const clients = '/v1/buyer/advertisers' satisfies string;",
          'http.get<Manager[]>(PATHS.managers);',
          'fetch(clients!);',
        ].join('\n'),
      },
    ],
  },
  {
    name: 'with an API host list, another host is not a finding; relative URLs and unknown bases still are',
    code: [
      "fetch('https://mock.internal/v1/campaigns/dictionaries/clients');",
      "fetch('https://API.example.com:443/v1/campaigns/dictionaries/clients');",
      "fetch('/v1/campaigns/dictionaries/managers');",
      "fetch(`${process.env.API}/v1/campaigns/dictionaries/comanagers`);",
    ].join('\n'),
    js: true,
    options: { apiHosts: ['api.example.com'] },
    expected: [
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'fetch', migration: 'rewrite', at: "'https://API.example.com:443/v1/campaigns/dictionaries/clients'",
        output: [
          "fetch('https://mock.internal/v1/campaigns/dictionaries/clients');",
          "fetch('https://API.example.com:443/v1/buyer/advertisers');",
          "fetch('/v1/campaigns/dictionaries/managers');",
          "fetch(`${process.env.API}/v1/campaigns/dictionaries/comanagers`);",
        ].join('\n'),
      },
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'fetch', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'",
        output: [
          "fetch('https://mock.internal/v1/campaigns/dictionaries/clients');",
          "fetch('https://API.example.com:443/v1/campaigns/dictionaries/clients');",
          "fetch('/v1/buyer/classifiers/managers');",
          "fetch(`${process.env.API}/v1/campaigns/dictionaries/comanagers`);",
        ].join('\n'),
      },
      {
        id: 'campaign-dictionary-comanagers', key: 'GET /v1/campaigns/dictionaries/comanagers', method: 'GET', form: 'fetch', migration: 'rewrite', at: '`${process.env.API}/v1/campaigns/dictionaries/comanagers`',
        output: [
          "fetch('https://mock.internal/v1/campaigns/dictionaries/clients');",
          "fetch('https://API.example.com:443/v1/campaigns/dictionaries/clients');",
          "fetch('/v1/campaigns/dictionaries/managers');",
          "fetch(`${process.env.API}/v1/buyer/classifiers/managers`);",
        ].join('\n'),
      },
    ],
  },
  {
    name: 'an escape after the path does not stop the rewrite; one inside it does',
    code: "fetch('/v1/campaigns/dictionaries/clients?q=\\'x\\'');\nfetch('/v1/campaigns/dictionar\\x69es/managers');",
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'fetch', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/clients?q=\\'x\\''",
        output: "fetch('/v1/buyer/advertisers?q=\\'x\\'');\nfetch('/v1/campaigns/dictionar\\x69es/managers');",
      },
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'fetch', migration: 'todo', at: "'/v1/campaigns/dictionar\\x69es/managers'",
        cause: 'the retired path cannot be edited where it is written (it is assembled in several places or contains escapes)',
      },
    ],
  },
  {
    name: 'paths match case-insensitively, and a trailing slash stays',
    code: 'fetch("/V1/Campaigns/Dictionaries/Clients/?page=2");',
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'fetch', migration: 'rewrite', at: '"/V1/Campaigns/Dictionaries/Clients/?page=2"',
        output: 'fetch("/v1/buyer/advertisers/?page=2");',
      },
    ],
  },
];

/** Helpers given constants, each stating its method or not (the case "a helper's call that states its method…"). */
const statedMethodLines = [
  "const MANAGERS = '/v1/campaigns/dictionaries/managers';",
  "export const add = (body) => call(MANAGERS, 'POST', body);",
  "const CLIENTS = '/v1/campaigns/dictionaries/clients';",
  "export const save = (rows) => store.write(CLIENTS, { method: 'put', body: rows });",
  "const COMANAGERS = '/v1/campaigns/dictionaries/comanagers';",
  'export const list = () => fetch(COMANAGERS);',
  "export const again = () => call(COMANAGERS, 'GET');",
  "const OTHERS = '/v1/campaigns/dictionaries/managers';",
  'export const names = () => request(OTHERS);',
];

/** `lines` joined, with line `at` (0-based) replaced by `line`: a rewrite's expected output. */
const withLine = (lines: readonly string[], at: number, line: string): string => lines.map((each, index) => (index === at ? line : each)).join('\n');

export const editCases: Case[] = [
  {
    name: 'a dropped parameter leaves a concatenation cleanly (no empty string, no stray plus)',
    code: "fetch(API + '/v1/campaigns/' + campaign.id + '/orders/' + orderId + '?expand=lines');",
    js: true,
    expected: [
      {
        id: 'campaigns-legacy-order', key: 'GET /v1/campaigns/{campaignId}/orders/{orderId}', method: 'GET', form: 'fetch', migration: 'rewrite',
        at: "API + '/v1/campaigns/' + campaign.id + '/orders/' + orderId + '?expand=lines'",
        output: "fetch(API + '/v1/buyer/orders/' + orderId + '?expand=lines');",
      },
    ],
  },
  {
    name: 'a dropped parameter leaves a template literal cleanly and keeps double quotes elsewhere',
    code: 'fetch(`${API}/v1/campaigns/${campaignId}/orders/${orderId}`, { headers: { "x-id": "1" } });',
    js: true,
    expected: [
      {
        id: 'campaigns-legacy-order', key: 'GET /v1/campaigns/{campaignId}/orders/{orderId}', method: 'GET', form: 'fetch', migration: 'rewrite',
        at: '`${API}/v1/campaigns/${campaignId}/orders/${orderId}`',
        output: 'fetch(`${API}/v1/buyer/orders/${orderId}`, { headers: { "x-id": "1" } });',
      },
    ],
  },
  {
    name: 'a candidate that appends a segment after a trailing hole in a concatenation',
    code: "axios.get('/v1/campaigns/' + id);",
    js: true,
    expected: [
      {
        id: 'campaigns-legacy-get', key: 'GET /v1/campaigns/{id}', method: 'GET', form: 'axios', migration: 'todo', at: "'/v1/campaigns/' + id",
        candidates: ["axios.get('/v1/buyer/campaigns/' + id);", "axios.get('/v1/buyer/campaigns/' + id + '/rtbSettings');"],
      },
    ],
  },
  {
    name: 'a constant shared by calls that migrate differently is not rewritten for either',
    code: "const CAMPAIGNS = `${API}/v1/campaigns`;\nfetch(CAMPAIGNS);\naxios.patch(CAMPAIGNS, { ids });",
    js: true,
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'todo', at: 'CAMPAIGNS', occurrence: 2,
        cause: 'the URL is written once and used by 2 sites that do not all migrate the same way',
      },
      { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'axios', migration: 'todo', at: 'CAMPAIGNS', occurrence: 3 },
    ],
  },
  {
    name: 'a constant that a request the entry does not retire also reads (a POST) is not rewritten for the GET: the POST would move too',
    code: "const MANAGERS = '/v1/campaigns/dictionaries/managers';\nfetch(MANAGERS);\nfetch(MANAGERS, { method: 'POST', body });",
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'fetch', migration: 'todo', at: 'MANAGERS', occurrence: 2,
        cause: 'the URL is written once and used by 2 sites that do not all migrate the same way',
      },
    ],
  },
  {
    name: 'a constant that a request reads as part of a longer path the entries do not name is not rewritten for the retired one',
    code: "const MANAGERS = `${API}/v1/campaigns/dictionaries/managers`;\naxios.get(MANAGERS);\naxios.get(`${MANAGERS}/export/csv`);",
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'axios', migration: 'todo', at: 'MANAGERS', occurrence: 2,
        cause: 'the URL is written once and used by 2 sites that do not all migrate the same way',
      },
    ],
  },
  {
    name: 'a constant also read by what is not a request (a log line, an error message, an assertion) is still rewritten where it is written',
    code: [
      "const CLIENTS = '/v1/campaigns/dictionaries/clients';",
      'fetch(CLIENTS);',
      'console.log(`loading ${CLIENTS}`);',
      'this.logger.warn(CLIENTS);',
      'throw new TypeError(`no ${CLIENTS}`);',
      'expect(String(CLIENTS)).toBe(encodeURIComponent(CLIENTS));',
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'fetch', migration: 'rewrite', at: 'CLIENTS', occurrence: 2,
        output: [
          "const CLIENTS = '/v1/buyer/advertisers';",
          'fetch(CLIENTS);',
          'console.log(`loading ${CLIENTS}`);',
          'this.logger.warn(CLIENTS);',
          'throw new TypeError(`no ${CLIENTS}`);',
          'expect(String(CLIENTS)).toBe(encodeURIComponent(CLIENTS));',
        ].join('\n'),
      },
    ],
  },
  {
    // postJson may POST it: the analysis does not look into a helper, and a rewrite would move that call too.
    name: 'a constant also given to a function the analysis does not see into is not rewritten for the request that reads it',
    code: [
      "const MANAGERS = '/v1/campaigns/dictionaries/managers';",
      'export const list = () => fetch(MANAGERS);',
      'export const add = (body) => postJson(MANAGERS, body);',
      "const CLIENTS = '/v1/campaigns/dictionaries/clients';",
      'export const clients = () => axios.get(CLIENTS);',
      'export const save = (body) => repo.saveAll(`${CLIENTS}?bulk=1`, body);',
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'fetch', migration: 'todo', at: 'MANAGERS', occurrence: 2,
        cause: givenTo('postJson'),
      },
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'axios', migration: 'todo', at: 'CLIENTS', occurrence: 2,
        cause: givenTo('repo.saveAll'),
      },
      // The URL built for repo.saveAll is a string of its own (its method not shown), sharing the constant: a TODO too.
      {
        id: 'campaign-dictionary-clients', key: '/v1/campaigns/dictionaries/clients', form: 'url-string', migration: 'todo', at: '`${CLIENTS}?bulk=1`',
        cause: givenTo('repo.saveAll'),
      },
    ],
  },
  {
    name: 'a constant also given to a helper named as a GET (apiGet, http_get) is rewritten for GETs, as that helper makes the same move; getOrCreate is not one',
    code: [
      "const CLIENTS = '/v1/campaigns/dictionaries/clients';",
      'fetch(CLIENTS);',
      'apiGet(CLIENTS);',
      'http_get(CLIENTS);',
      "const MANAGERS = '/v1/campaigns/dictionaries/managers';",
      'fetch(MANAGERS);',
      'store.getOrCreate(MANAGERS);',
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'fetch', migration: 'rewrite', at: 'CLIENTS', occurrence: 2,
        output: [
          "const CLIENTS = '/v1/buyer/advertisers';",
          'fetch(CLIENTS);',
          'apiGet(CLIENTS);',
          'http_get(CLIENTS);',
          "const MANAGERS = '/v1/campaigns/dictionaries/managers';",
          'fetch(MANAGERS);',
          'store.getOrCreate(MANAGERS);',
        ].join('\n'),
      },
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'fetch', migration: 'todo', at: 'MANAGERS', occurrence: 2,
        cause: givenTo('store.getOrCreate'),
      },
    ],
  },
  {
    name: 'a constant no request reads is not rewritten where a helper named as sending (postJson, saveAll) is given it; one named as a GET (getJson) does not count',
    code: [
      "const MANAGERS = '/v1/campaigns/dictionaries/managers';",
      'export const add = (body) => postJson(MANAGERS, body);',
      "const CLIENTS = '/v1/campaigns/dictionaries/clients';",
      'export const save = (rows) => repo.saveAll(CLIENTS, rows);',
      "const COMANAGERS = '/v1/campaigns/dictionaries/comanagers';",
      'export const load = () => getJson(COMANAGERS);',
    ].join('\n'),
    js: true,
    expected: [
      givenStringTodo('campaign-dictionary-managers', '/v1/campaigns/dictionaries/managers', 'postJson'),
      givenStringTodo('campaign-dictionary-clients', '/v1/campaigns/dictionaries/clients', 'repo.saveAll'),
      {
        id: 'campaign-dictionary-comanagers', key: '/v1/campaigns/dictionaries/comanagers', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/comanagers'",
        output: [
          "const MANAGERS = '/v1/campaigns/dictionaries/managers';",
          'export const add = (body) => postJson(MANAGERS, body);',
          "const CLIENTS = '/v1/campaigns/dictionaries/clients';",
          'export const save = (rows) => repo.saveAll(CLIENTS, rows);',
          "const COMANAGERS = '/v1/buyer/classifiers/managers';",
          'export const load = () => getJson(COMANAGERS);',
        ].join('\n'),
      },
    ],
  },
  {
    name: "a helper's call that states its method says how it sends, whatever its name: call(URL, 'POST', body) and { method: 'put' } send otherwise, call(URL, 'GET') beside a GET is the same move",
    code: statedMethodLines.join('\n'),
    js: true,
    expected: [
      givenStringTodo('campaign-dictionary-managers', '/v1/campaigns/dictionaries/managers', 'call'),
      givenStringTodo('campaign-dictionary-clients', '/v1/campaigns/dictionaries/clients', 'store.write'),
      {
        id: 'campaign-dictionary-comanagers', key: 'GET /v1/campaigns/dictionaries/comanagers', method: 'GET', form: 'fetch', migration: 'rewrite', at: 'COMANAGERS', occurrence: 2,
        output: withLine(statedMethodLines, 4, "const COMANAGERS = '/v1/buyer/classifiers/managers';"),
      },
      // A helper whose name and call say nothing of its method: the string's own reading, as before.
      {
        id: 'campaign-dictionary-managers', key: '/v1/campaigns/dictionaries/managers', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'", occurrence: 2,
        output: withLine(statedMethodLines, 7, "const OTHERS = '/v1/buyer/classifiers/managers';"),
      },
    ],
  },
  {
    name: 'a constant given to a helper inside what no request reads whole (fetch(withQuery(MANAGERS, params))) stays its own finding, rewritten where it is written',
    code: "const MANAGERS = '/v1/campaigns/dictionaries/managers';\nexport const list = (params) => fetch(withQuery(MANAGERS, params));",
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-managers', key: '/v1/campaigns/dictionaries/managers', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'",
        output: "const MANAGERS = '/v1/buyer/classifiers/managers';\nexport const list = (params) => fetch(withQuery(MANAGERS, params));",
      },
    ],
  },
  {
    name: 'a constant shared by calls that migrate the same way gets the same edit from each',
    code: "const CLIENTS = '/v1/campaigns/dictionaries/clients';\nfetch(CLIENTS);\n$.getJSON(CLIENTS);",
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'fetch', migration: 'rewrite', at: 'CLIENTS', occurrence: 2,
        output: "const CLIENTS = '/v1/buyer/advertisers';\nfetch(CLIENTS);\n$.getJSON(CLIENTS);",
      },
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'jquery', migration: 'rewrite', at: 'CLIENTS', occurrence: 3,
        output: "const CLIENTS = '/v1/buyer/advertisers';\nfetch(CLIENTS);\n$.getJSON(CLIENTS);",
      },
    ],
  },
  {
    name: 'a one-to-one entry that changes the method rewrites the call form too (custom entry)',
    code: [
      "axios.patch(`/proxy/v1/campaigns/${id}`, body);",
      "fetch('/proxy/v1/campaigns/' + id, { method: 'patch' });",
      'fetch(`/proxy/v1/campaigns/${id}`, { method: "PATCH" });',
    ].join('\n'),
    js: true,
    options: { catalog: proxyCatalog },
    expected: [
      {
        id: 'proxy-campaign-status', key: 'PATCH /proxy/v1/campaigns/{id}', method: 'PATCH', form: 'axios', migration: 'rewrite', at: '`/proxy/v1/campaigns/${id}`',
        output: [
          'axios.put(`/v1/buyer/campaigns/${id}/status`, body);',
          "fetch('/proxy/v1/campaigns/' + id, { method: 'patch' });",
          'fetch(`/proxy/v1/campaigns/${id}`, { method: "PATCH" });',
        ].join('\n'),
      },
      {
        id: 'proxy-campaign-status', key: 'PATCH /proxy/v1/campaigns/{id}', method: 'PATCH', form: 'fetch', migration: 'rewrite', at: "'/proxy/v1/campaigns/' + id",
        output: [
          'axios.patch(`/proxy/v1/campaigns/${id}`, body);',
          "fetch('/v1/buyer/campaigns/' + id + '/status', { method: 'put' });",
          'fetch(`/proxy/v1/campaigns/${id}`, { method: "PATCH" });',
        ].join('\n'),
      },
      {
        id: 'proxy-campaign-status', key: 'PATCH /proxy/v1/campaigns/{id}', method: 'PATCH', form: 'fetch', migration: 'rewrite', at: '`/proxy/v1/campaigns/${id}`', occurrence: 2,
        output: [
          'axios.patch(`/proxy/v1/campaigns/${id}`, body);',
          "fetch('/proxy/v1/campaigns/' + id, { method: 'patch' });",
          'fetch(`/v1/buyer/campaigns/${id}/status`, { method: "PUT" });',
        ].join('\n'),
      },
    ],
  },
  {
    name: 'Angular this.http.patch becomes this.http.put under a method-changing entry',
    code: 'class A { constructor(private http: HttpClient) {} f(id: string) { return this.http.patch(`/proxy/v1/campaigns/${id}`, {}); } }',
    options: { catalog: proxyCatalog },
    expected: [
      {
        id: 'proxy-campaign-status', key: 'PATCH /proxy/v1/campaigns/{id}', method: 'PATCH', form: 'angular-http', migration: 'rewrite', at: '`/proxy/v1/campaigns/${id}`',
        output: 'class A { constructor(private http: HttpClient) {} f(id: string) { return this.http.put(`/v1/buyer/campaigns/${id}/status`, {}); } }',
      },
    ],
  },
  {
    name: 'a method set outside the call makes a method-changing rewrite a todo with its cause',
    code: "const options = { method: 'PATCH' };\nfetch(`/proxy/v1/campaigns/${id}`, options);",
    js: true,
    options: { catalog: proxyCatalog },
    expected: [
      {
        id: 'proxy-campaign-status', key: 'PATCH /proxy/v1/campaigns/{id}', method: 'PATCH', form: 'fetch', migration: 'todo', at: '`/proxy/v1/campaigns/${id}`',
        cause: 'the method is set outside this call; change it to PUT by hand',
      },
    ],
  },
];
