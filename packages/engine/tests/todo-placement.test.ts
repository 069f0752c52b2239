import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixFiles } from '../src/fix/fix-files.js';
import { fixSource } from '../src/fix/fix-source.js';
import { crossFileFixRun, makeTree, sunsetOptions } from './helpers.js';

// Where `sunset fix` writes a TODO: above the statement, or above the entry of an object or array
// literal written on lines of its own (a constants table, an RTK Query endpoint, a request among
// `Promise.all`'s), so a long table's TODOs sit at their entries; a call's own config (`$.ajax({ url })`)
// is the call's: above its statement. A statement after others on its line (a one-line method's body)
// takes its TODO above what begins the line, unless that is JSX (where a comment line would be text).

/** A TODO's comment lines at `indentation`: the marker's line, then a clause a line, wrapped within 100 columns. */
const at = (indentation: string, lines: readonly string[]): string[] => lines.map((line) => `${indentation}${line}`);
const getTodoClauses = [
  '//   candidates GET /v1/buyer/campaigns/{id}, GET /v1/buyer/campaigns/{id}/rtbSettings',
  '//   support ended 2019-10-01',
];
/** Indented (two or four columns): "two" goes on the next line. */
const getTodo = [
  '// TODO(sunset:campaigns-legacy-get): migrate GET /v1/campaigns/{id}: the campaign is split into',
  '//     two resources: the campaign and its RTB settings; call the one(s) this code needs',
  ...getTodoClauses,
];
const getTodoTopLevel = [
  '// TODO(sunset:campaigns-legacy-get): migrate GET /v1/campaigns/{id}: the campaign is split into two',
  '//     resources: the campaign and its RTB settings; call the one(s) this code needs',
  ...getTodoClauses,
];
const ordersTodo = [
  '// TODO(sunset:campaigns-legacy-orders): migrate GET /v1/campaigns/{campaignId}/orders: the new',
  "//     endpoint has no campaign in its path; how to select one campaign's orders is not shown in",
  '//     the spec',
  '//   candidates GET /v1/buyer/orders',
  '//   support ended 2019-10-01',
];
const statusClauses = ['//   candidates PUT /v1/buyer/campaigns/{id}/status', '//   support ended 2019-10-01'];
const statusTodo = [
  '// TODO(sunset:campaigns-legacy-status): migrate PATCH /v1/campaigns: the new endpoint changes one',
  '//     campaign per call: it needs the campaign id in the path',
  ...statusClauses,
];

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
        ...at('  ', ordersTodo),
        '  orders: (id) => `/v1/campaigns/${id}/orders`,',
        ...at('  ', getTodo),
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
        ...at('    ', getTodo),
        '    one: builder.query({',
        '      query: (id) => `/v1/campaigns/${id}`,',
        '    }),',
        '  }),',
        '});',
        ...statusTodo,
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
        ...at('  ', getTodo),
        '  one(id: string) { return axios.get(`https://api.adform.com/v1/campaigns/${id}`); }',
        '}',
        'export async function both(id: string) {',
        '  const [a, b] = await Promise.all([',
        ...at('    ', getTodo),
        '    axios.get(`https://api.adform.com/v1/campaigns/${id}`),',
        ...at('    ', ordersTodo),
        '    axios.get(`https://api.adform.com/v1/campaigns/${id}/orders`),',
        '  ]);',
        '  return [a, b];',
        '}',
        ...getTodoTopLevel,
        'export const load = (id: string) => { return axios.get(`https://api.adform.com/v1/campaigns/${id}`); };',
        'go(); // TODO(sunset:campaigns-legacy-status): migrate PATCH /v1/campaigns: the new endpoint changes',
        '//     one campaign per call: it needs the campaign id in the path',
        ...statusClauses,
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
        '      <button onClick={() => { // TODO(sunset:campaigns-legacy-status): migrate PATCH /v1/campaigns:',
        '      //     the new endpoint changes one campaign per call: it needs the campaign id in the path',
        ...at('      ', statusClauses),
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

const labelsTodo = [
  '// TODO(sunset:campaign-dictionary-labels): migrate GET /v1/campaigns/dictionaries/labels: the new',
  '//     endpoint lists labels per advertiser: it needs an advertiser id the old call did not have',
  '//   candidates GET /v1/buyer/advertisers/{id}/campaignLabels',
  '//   support ended 2019-10-01',
];

const recordFiles = {
  'src/table.ts': [
    'export const ENDPOINTS = [',
    "  { method: 'GET', path: '/v1/buyer/campaigns' },",
    '  {',
    "    method: 'GET',",
    "    path: '/v1/campaigns/dictionaries/labels',",
    '  },',
    '  {',
    "    name: 'labels',",
    "    url: 'https://api.adform.com/v1/campaigns/dictionaries/labels',",
    '  },',
    '];',
    'export const BY_NAME = {',
    '  labels: {',
    "    verb: 'GET',",
    "    path: '/v1/campaigns/dictionaries/labels',",
    '  },',
    '};',
    '',
  ].join('\n'),
  'src/calls.ts': [
    "import axios from 'axios';",
    'export async function load(advertiser: string) {',
    '  const response = await axios.get(',
    "    'https://api.adform.com/v1/campaigns/dictionaries/labels',",
    '    {',
    '      params: { advertiser },',
    '    },',
    '  );',
    '  const text = `',
    "    labels: ${await fetch('https://api.adform.com/v1/campaigns/dictionaries/labels')}",
    '  `;',
    '  return [response, text];',
    '}',
    '',
  ].join('\n'),
  'src/view.tsx': [
    "import axios from 'axios';",
    'export function Labels() {',
    '  return (',
    '    <button',
    '      onClick={() =>',
    "        axios.get('https://api.adform.com/v1/campaigns/dictionaries/labels')",
    '      }',
    '      title="labels"',
    '    >',
    '      labels',
    '    </button>',
    '  );',
    '}',
    '',
  ].join('\n'),
};

describe('where sunset fix writes the TODO of a value among the parts of one thing', () => {
  it('above the element of a vendored endpoint table or the entry of a map of them, never between the properties of one record', async () => {
    const root = makeTree(recordFiles);
    await fixFiles(['src'], crossFileFixRun(root));
    expect(readFileSync(path.join(root, 'src/table.ts'), 'utf8')).toBe(
      [
        'export const ENDPOINTS = [',
        "  { method: 'GET', path: '/v1/buyer/campaigns' },",
        ...at('  ', labelsTodo),
        '  {',
        "    method: 'GET',",
        "    path: '/v1/campaigns/dictionaries/labels',",
        '  },',
        ...at('  ', labelsTodo),
        '  {',
        "    name: 'labels',",
        "    url: 'https://api.adform.com/v1/campaigns/dictionaries/labels',",
        '  },',
        '];',
        'export const BY_NAME = {',
        ...at('  ', labelsTodo),
        '  labels: {',
        "    verb: 'GET',",
        "    path: '/v1/campaigns/dictionaries/labels',",
        '  },',
        '};',
        '',
      ].join('\n'),
    );
    const second = await fixFiles(['src'], crossFileFixRun(root));
    expect(second.changedFiles).toEqual([]);
  });

  it('above the statement of a call whose arguments span lines, of a template literal (never inside it), and of a JSX attribute', async () => {
    const root = makeTree(recordFiles);
    await fixFiles(['src'], crossFileFixRun(root));
    expect(readFileSync(path.join(root, 'src/calls.ts'), 'utf8')).toBe(
      [
        "import axios from 'axios';",
        'export async function load(advertiser: string) {',
        ...at('  ', labelsTodo),
        '  const response = await axios.get(',
        "    'https://api.adform.com/v1/campaigns/dictionaries/labels',",
        '    {',
        '      params: { advertiser },',
        '    },',
        '  );',
        ...at('  ', labelsTodo),
        '  const text = `',
        "    labels: ${await fetch('https://api.adform.com/v1/campaigns/dictionaries/labels')}",
        '  `;',
        '  return [response, text];',
        '}',
        '',
      ].join('\n'),
    );
    expect(readFileSync(path.join(root, 'src/view.tsx'), 'utf8')).toBe(
      [
        "import axios from 'axios';",
        'export function Labels() {',
        ...at('  ', labelsTodo),
        '  return (',
        '    <button',
        '      onClick={() =>',
        "        axios.get('https://api.adform.com/v1/campaigns/dictionaries/labels')",
        '      }',
        '      title="labels"',
        '    >',
        '      labels',
        '    </button>',
        '  );',
        '}',
        '',
      ].join('\n'),
    );
    const second = await fixFiles(['src'], crossFileFixRun(root));
    expect(second.changedFiles).toEqual([]);
  });
});

describe('the line breaks and indentation of the file a TODO is written into', () => {
  it('writes CRLF lines into a CRLF file and keeps tabs in a tab-indented one; a second run changes nothing', () => {
    const source = "export async function labels() {\r\n\tconst response = await fetch('https://api.adform.com/v1/campaigns/dictionaries/labels');\r\n\treturn response.json();\r\n}\r\n";
    const fixed = fixSource(source, 'labels.ts', sunsetOptions()).output!;
    expect(fixed).toBe(
      [
        'export async function labels() {',
        '\t// TODO(sunset:campaign-dictionary-labels): migrate GET /v1/campaigns/dictionaries/labels: the',
        '\t//     new endpoint lists labels per advertiser: it needs an advertiser id the old call did',
        '\t//     not have',
        '\t//   candidates GET /v1/buyer/advertisers/{id}/campaignLabels',
        '\t//   support ended 2019-10-01',
        "\tconst response = await fetch('https://api.adform.com/v1/campaigns/dictionaries/labels');",
        '\treturn response.json();',
        '}',
        '',
      ].join('\r\n'),
    );
    expect(fixSource(fixed, 'labels.ts', sunsetOptions()).output).toBeUndefined();
  });
});

describe('TODOs an earlier version wrote are the marker of their call', () => {
  // Each is what `sunset fix` wrote before 2026-11-28: the one-line form of earlier versions, and the
  // laid-out form whose reason's own '; ' began a clause line and whose "replace X with Y" was
  // followed by "candidates Y".
  const oneLine = [
    "\t// TODO(sunset:campaigns-legacy-get): migrate GET /v1/campaigns/{id}: the campaign is split into two resources: the campaign and its RTB settings; call the one(s) this code needs; candidates GET /v1/buyer/campaigns/{id}, GET /v1/buyer/campaigns/{id}/rtbSettings; support ended 2019-10-01",
    "\tconst one = await fetch(`https://api.adform.com/v1/campaigns/${id}`);",
  ];
  const splitReason = [
    '\t// TODO(sunset:campaigns-legacy-orders): migrate GET /v1/campaigns/{campaignId}/orders: the new',
    '\t//     endpoint has no campaign in its path',
    "\t//   how to select one campaign's orders is not shown in the spec",
    '\t//   candidates GET /v1/buyer/orders',
    '\t//   support ended 2019-10-01',
    '\tconst orders = await fetch(`https://api.adform.com/v1/campaigns/${id}/orders`);',
  ];
  const candidatesTwice = [
    '\t// TODO(sunset:campaigns-legacy-list): replace GET /v1/campaigns with GET /v1/buyer/campaigns',
    '\t//   candidates GET /v1/buyer/campaigns',
    '\t//   support ended 2019-10-01',
    "\t//   the URL has /api before the path: a proxy's prefix (keep it before the new path) or a route",
    "\t//     of your own server (then this is not the API's call)",
    "\treturn fetch('/api/v1/campaigns').then(() => [one, orders]);",
  ];
  const file = (lineBreak: string): string => ['export async function load(id) {', ...oneLine, ...splitReason, ...candidatesTwice, '}', ''].join(lineBreak);

  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
  ])('get no second TODO: a second fix changes nothing (%s, tab-indented)', (_name, lineBreak) => {
    expect(fixSource(file(lineBreak), 'load.js', sunsetOptions()).output).toBeUndefined();
  });

  it('are recognised by their marker only: without them, fix writes the new layout at each call', () => {
    const bare = file('\r\n')
      .split('\r\n')
      .filter((line) => !line.startsWith('\t//'))
      .join('\r\n');
    const fixed = fixSource(bare, 'load.js', sunsetOptions()).output!;
    expect(fixed.split('\r\n').filter((line) => line.startsWith('\t//'))).toEqual([
      '\t// TODO(sunset:campaigns-legacy-get): migrate GET /v1/campaigns/{id}: the campaign is split into',
      '\t//     two resources: the campaign and its RTB settings; call the one(s) this code needs',
      '\t//   candidates GET /v1/buyer/campaigns/{id}, GET /v1/buyer/campaigns/{id}/rtbSettings',
      '\t//   support ended 2019-10-01',
      '\t// TODO(sunset:campaigns-legacy-orders): migrate GET /v1/campaigns/{campaignId}/orders: the new',
      "\t//     endpoint has no campaign in its path; how to select one campaign's orders is not shown in",
      '\t//     the spec',
      '\t//   candidates GET /v1/buyer/orders',
      '\t//   support ended 2019-10-01',
      '\t// TODO(sunset:campaigns-legacy-list): replace GET /v1/campaigns with GET /v1/buyer/campaigns',
      '\t//   support ended 2019-10-01',
      "\t//   the URL has /api before the path: a proxy's prefix (keep it before the new path) or a route",
      "\t//     of your own server (then this is not the API's call)",
    ]);
    expect(fixSource(fixed, 'load.js', sunsetOptions()).output).toBeUndefined();
  });
});
