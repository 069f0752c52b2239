import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixFiles } from '../src/fix/fix-files.js';
import { crossFileFixRun, makeTree } from './helpers.js';

// Where `sunset fix` writes a TODO: above the statement, or above the entry of an object or array
// literal written on lines of its own (a constants table, an RTK Query endpoint, a request among
// `Promise.all`'s), so a long table's TODOs sit at their entries; a call's own config (`$.ajax({ url })`)
// is the call's: above its statement. A statement after others on its line (a one-line method's body)
// takes its TODO above what begins the line, unless that is JSX (where a comment line would be text).

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

const lineFiles = {
  'src/client.ts': [
    "import axios from 'axios';",
    'export class Api {',
    '  one(id: string) { return axios.get(`https://api.adform.com/v1/campaigns/${id}`); }',
    '}',
    'export async function both(id: string) {',
    '  const [a, b] = await Promise.all([',
    '    axios.get(`https://api.adform.com/v1/campaigns/${id}`),',
    '    axios.get(`https://api.adform.com/v1/campaigns/${id}/orders`),',
    '  ]);',
    '  return [a, b];',
    '}',
    'export const load = (id: string) => { return axios.get(`https://api.adform.com/v1/campaigns/${id}`); };',
    'go(); axios.patch(`https://api.adform.com/v1/campaigns`, { ids });',
    '',
  ].join('\n'),
  'src/view.tsx': [
    "import axios from 'axios';",
    'export function View({ ids }: { ids: number[] }) {',
    '  return (',
    '    <div>',
    "      <button onClick={() => { return axios.patch('https://api.adform.com/v1/campaigns', { ids }); }}>pause</button>",
    '    </div>',
    '  );',
    '}',
    '',
  ].join('\n'),
};

describe('where sunset fix writes the TODO of a statement that does not begin its line', () => {
  it("above the one-line method, function or entry that begins the line; in JSX, before the statement inside its block; after another statement, at that line's end", async () => {
    const root = makeTree(lineFiles);
    await fixFiles(['src'], crossFileFixRun(root));
    expect(readFileSync(path.join(root, 'src/client.ts'), 'utf8')).toBe(
      [
        "import axios from 'axios';",
        'export class Api {',
        `  ${getTodo}`,
        '  one(id: string) { return axios.get(`https://api.adform.com/v1/campaigns/${id}`); }',
        '}',
        'export async function both(id: string) {',
        '  const [a, b] = await Promise.all([',
        `    ${getTodo}`,
        '    axios.get(`https://api.adform.com/v1/campaigns/${id}`),',
        `    ${ordersTodo}`,
        '    axios.get(`https://api.adform.com/v1/campaigns/${id}/orders`),',
        '  ]);',
        '  return [a, b];',
        '}',
        getTodo,
        'export const load = (id: string) => { return axios.get(`https://api.adform.com/v1/campaigns/${id}`); };',
        `go(); ${statusTodo}`,
        'axios.patch(`https://api.adform.com/v1/campaigns`, { ids });',
        '',
      ].join('\n'),
    );
    expect(readFileSync(path.join(root, 'src/view.tsx'), 'utf8')).toBe(
      [
        "import axios from 'axios';",
        'export function View({ ids }: { ids: number[] }) {',
        '  return (',
        '    <div>',
        `      <button onClick={() => { ${statusTodo}`,
        "      return axios.patch('https://api.adform.com/v1/campaigns', { ids }); }}>pause</button>",
        '    </div>',
        '  );',
        '}',
        '',
      ].join('\n'),
    );
    const second = await fixFiles(['src'], crossFileFixRun(root));
    expect(second.changedFiles).toEqual([]);
  });
});
