import type { Case } from '../harness.js';

// Redux Toolkit Query endpoints as requests (requests/rtk-query.ts): what `query` returns, joined to
// fetchBaseQuery's baseUrl; a string is a GET, an object says its method.

const adformApi = [
  "import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';",
  'export const adformApi = createApi({',
  "  reducerPath: 'adformApi',",
  "  baseQuery: fetchBaseQuery({ baseUrl: 'https://api.adform.com' }),",
  '  endpoints: (builder) => ({',
  "    list: builder.query({ query: () => '/v1/campaigns' }),",
  '    one: builder.query({ query: (id) => `/v1/campaigns/${id}` }),',
  "    pause: builder.mutation({ query: (ids) => ({ url: '/v1/campaigns', method: 'PATCH', body: { ids } }) }),",
  '    clients: builder.query({',
  '      query(advertiser) {',
  "        return { url: '/v1/campaigns/dictionaries/clients', params: { advertiser } };",
  '      },',
  '    }),',
  '  }),',
  '});',
];

const withLine = (lines: readonly string[], at: number, text: string): string => lines.map((line, index) => (index === at ? text : line)).join('\n');

export const rtkQueryCases: Case[] = [
  {
    name: "each endpoint of createApi is a request on fetchBaseQuery's base: a string is a GET, an object says its method (none: GET)",
    code: adformApi.join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'rtk-query', migration: 'rewrite', at: "'/v1/campaigns'",
        output: withLine(adformApi, 5, "    list: builder.query({ query: () => '/v1/buyer/campaigns' }),"),
      },
      {
        id: 'campaigns-legacy-get', key: 'GET /v1/campaigns/{id}', method: 'GET', form: 'rtk-query', migration: 'todo', at: '`/v1/campaigns/${id}`',
        candidates: [
          withLine(adformApi, 6, '    one: builder.query({ query: (id) => `/v1/buyer/campaigns/${id}` }),'),
          withLine(adformApi, 6, '    one: builder.query({ query: (id) => `/v1/buyer/campaigns/${id}/rtbSettings` }),'),
        ],
      },
      { id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'rtk-query', migration: 'todo', at: "'/v1/campaigns'", occurrence: 2 },
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'rtk-query', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/clients'",
        output: withLine(adformApi, 10, "        return { url: '/v1/buyer/advertisers', params: { advertiser } };"),
      },
    ],
  },
  {
    name: "another vendor's API is that vendor's; endpoints injected into an API of the file share its base, into an imported one have a base the file does not show",
    code: [
      "import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';",
      "import { sharedApi } from './shared';",
      "const snapApi = createApi({ baseQuery: fetchBaseQuery({ baseUrl: 'https://adsapi.snapchat.com' }), endpoints: () => ({}) });",
      "export const snap = snapApi.injectEndpoints({ endpoints: (build) => ({ list: build.query({ query: () => '/v1/campaigns/dictionaries/managers' }) }) });",
      "export const shared = sharedApi.injectEndpoints({ endpoints: (build) => ({ list: build.query({ query: () => '/v1/campaigns/dictionaries/clients' }) }) });",
    ].join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'rtk-query', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/clients'",
        output: [
          "import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';",
          "import { sharedApi } from './shared';",
          "const snapApi = createApi({ baseQuery: fetchBaseQuery({ baseUrl: 'https://adsapi.snapchat.com' }), endpoints: () => ({}) });",
          "export const snap = snapApi.injectEndpoints({ endpoints: (build) => ({ list: build.query({ query: () => '/v1/campaigns/dictionaries/managers' }) }) });",
          "export const shared = sharedApi.injectEndpoints({ endpoints: (build) => ({ list: build.query({ query: () => '/v1/buyer/advertisers' }) }) });",
        ].join('\n'),
      },
    ],
  },
  {
    name: "not an endpoint: a builder's query outside an API's endpoints, and a queryFn endpoint (its own code makes the request)",
    code: [
      "export const other = (builder) => builder.query({ query: () => '/v1/campaigns/dictionaries/clients' });",
      'export const api = createApi({',
      '  baseQuery: fetchBaseQuery({ baseUrl: "https://adsapi.snapchat.com" }),',
      "  endpoints: (builder) => ({ managers: builder.query({ queryFn: () => ({ data: '/v1/campaigns/dictionaries/managers' }) }) }),",
      '});',
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaign-dictionary-clients', key: '/v1/campaigns/dictionaries/clients', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/clients'",
        output: [
          "export const other = (builder) => builder.query({ query: () => '/v1/buyer/advertisers' });",
          'export const api = createApi({',
          '  baseQuery: fetchBaseQuery({ baseUrl: "https://adsapi.snapchat.com" }),',
          "  endpoints: (builder) => ({ managers: builder.query({ queryFn: () => ({ data: '/v1/campaigns/dictionaries/managers' }) }) }),",
          '});',
        ].join('\n'),
      },
      {
        id: 'campaign-dictionary-managers', key: '/v1/campaigns/dictionaries/managers', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'",
        output: [
          "export const other = (builder) => builder.query({ query: () => '/v1/campaigns/dictionaries/clients' });",
          'export const api = createApi({',
          '  baseQuery: fetchBaseQuery({ baseUrl: "https://adsapi.snapchat.com" }),',
          "  endpoints: (builder) => ({ managers: builder.query({ queryFn: () => ({ data: '/v1/buyer/classifiers/managers' }) }) }),",
          '});',
        ].join('\n'),
      },
    ],
  },
  {
    name: 'the base query held in a constant, inside retry(), or called by a wrapper of the file (baseQueryWithReauth) gives its base',
    code: [
      "const snapBase = fetchBaseQuery({ baseUrl: 'https://adsapi.snapchat.com' });",
      'const snap = createApi({ baseQuery: retry(snapBase, { maxRetries: 2 }), endpoints: (b) => ({ a: b.query({ query: () => "/v1/campaigns/dictionaries/managers" }) }) });',
      "const adformBase = fetchBaseQuery({ baseUrl: 'https://api.adform.com' });",
      'const withReauth = async (args, api, extra) => {',
      '  let result = await adformBase(args, api, extra);',
      '  if (result.error?.status === 401) result = await adformBase(args, api, extra);',
      '  return result;',
      '};',
      'const adform = createApi({ baseQuery: withReauth, endpoints: (b) => ({ c: b.query({ query: () => "/v1/campaigns/dictionaries/clients" }) }) });',
    ].join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'rtk-query', migration: 'rewrite', at: '"/v1/campaigns/dictionaries/clients"',
        output: [
          "const snapBase = fetchBaseQuery({ baseUrl: 'https://adsapi.snapchat.com' });",
          'const snap = createApi({ baseQuery: retry(snapBase, { maxRetries: 2 }), endpoints: (b) => ({ a: b.query({ query: () => "/v1/campaigns/dictionaries/managers" }) }) });',
          "const adformBase = fetchBaseQuery({ baseUrl: 'https://api.adform.com' });",
          'const withReauth = async (args, api, extra) => {',
          '  let result = await adformBase(args, api, extra);',
          '  if (result.error?.status === 401) result = await adformBase(args, api, extra);',
          '  return result;',
          '};',
          'const adform = createApi({ baseQuery: withReauth, endpoints: (b) => ({ c: b.query({ query: () => "/v1/buyer/advertisers" }) }) });',
        ].join('\n'),
      },
    ],
  },
];
