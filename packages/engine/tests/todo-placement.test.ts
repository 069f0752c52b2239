import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixFiles } from '../src/fix/fix-files.js';
import { crossFileFixRun, makeTree } from './helpers.js';

// Where `sunset fix` writes a TODO: above the statement, or above the entry of an object or array
// literal written on lines of its own (a constants table, an RTK Query endpoint), so a long table's
// TODOs sit at their entries; a call's own config (`$.ajax({ url })`) is the call's: above its statement.

const getTodo =
  '// TODO(sunset:campaigns-legacy-get): migrate GET /v1/campaigns/{id}: the campaign is split into two resources: the campaign and its RTB settings; call the one(s) this code needs; candidates GET /v1/buyer/campaigns/{id}, GET /v1/buyer/campaigns/{id}/rtbSettings; support ended 2019-10-01';
const ordersTodo =
  "// TODO(sunset:campaigns-legacy-orders): migrate GET /v1/campaigns/{campaignId}/orders: the new endpoint has no campaign in its path; how to select one campaign's orders is not shown in the spec; candidates GET /v1/buyer/orders; support ended 2019-10-01";
const statusTodo =
  '// TODO(sunset:campaigns-legacy-status): migrate PATCH /v1/campaigns: the new endpoint changes one campaign per call: it needs the campaign id in the path; candidates PUT /v1/buyer/campaigns/{id}/status; support ended 2019-10-01';

const files = {
  'src/endpoints.js': [
    'export const ENDPOINTS = {',
    "  clients: '/v1/campaigns/dictionaries/clients',",
    '  orders: (id) => `/v1/campaigns/${id}/orders`,',
    '  one: (id) => `/v1/campaigns/${id}`,',
    '};',
    '',
  ].join('\n'),
  'src/api.js': [
    "import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';",
    'export const api = createApi({',
    "  baseQuery: fetchBaseQuery({ baseUrl: 'https://api.adform.com' }),",
    '  endpoints: (builder) => ({',
    "    list: builder.query({ query: () => '/v1/campaigns/dictionaries/managers' }),",
    '    one: builder.query({',
    '      query: (id) => `/v1/campaigns/${id}`,',
    '    }),',
    '  }),',
    '});',
    'export const pause = (ids) =>',
    '  axios({',
    "    url: '/v1/campaigns',",
    "    method: 'PATCH',",
    '    data: { ids },',
    '  });',
    '',
  ].join('\n'),
};

describe('where sunset fix writes a TODO', () => {
  it("above each entry of a table or an API's endpoints written on lines of their own; above the statement of a call's own config", async () => {
    const root = makeTree(files);
    await fixFiles(['src'], crossFileFixRun(root));
    expect(readFileSync(path.join(root, 'src/endpoints.js'), 'utf8')).toBe(
      [
        'export const ENDPOINTS = {',
        "  clients: '/v1/buyer/advertisers',",
        `  ${ordersTodo}`,
        '  orders: (id) => `/v1/campaigns/${id}/orders`,',
        `  ${getTodo}`,
        '  one: (id) => `/v1/campaigns/${id}`,',
        '};',
        '',
      ].join('\n'),
    );
    expect(readFileSync(path.join(root, 'src/api.js'), 'utf8')).toBe(
      [
        "import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';",
        'export const api = createApi({',
        "  baseQuery: fetchBaseQuery({ baseUrl: 'https://api.adform.com' }),",
        '  endpoints: (builder) => ({',
        "    list: builder.query({ query: () => '/v1/buyer/classifiers/managers' }),",
        `    ${getTodo}`,
        '    one: builder.query({',
        '      query: (id) => `/v1/campaigns/${id}`,',
        '    }),',
        '  }),',
        '});',
        `${statusTodo}`,
        'export const pause = (ids) =>',
        '  axios({',
        "    url: '/v1/campaigns',",
        "    method: 'PATCH',",
        '    data: { ids },',
        '  });',
        '',
      ].join('\n'),
    );
    // A second run finds each TODO where it wrote it, and changes nothing.
    const second = await fixFiles(['src'], crossFileFixRun(root));
    expect(second.changedFiles).toEqual([]);
  });
});
