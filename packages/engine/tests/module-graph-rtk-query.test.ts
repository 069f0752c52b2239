import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analysisOptionsOf } from '../src/analysis-contract.js';
import { checkFiles } from '../src/check/check-files.js';
import { moduleFactsOf } from '../src/module-graph/index.js';
import { makeTree, sunsetOptions } from './helpers.js';

// Redux Toolkit Query across files in the default mode's module graph (the trial's BUG 1): endpoints
// injected into an API another file makes (`api.injectEndpoints`), and an API over a base query another
// file makes (`createApi({ baseQuery: baseQueryWithReauth })`), are on that file's `fetchBaseQuery` base,
// as a request on an imported axios instance is on its `baseURL`.

type CheckedFinding = Awaited<ReturnType<typeof checkFiles>>['findings'][number];

const fetchBaseQueryImport = "import { createApi, fetchBaseQuery, retry } from '@reduxjs/toolkit/query/react';";

/** An RTK endpoint file: `name.injectEndpoints` with one `list` query of `path`, `name` imported from `from`. */
const injecting = (name: string, from: string, path: string): string =>
  [`import { ${name} } from '${from}';`, `export const injected = ${name}.injectEndpoints({ endpoints: (build) => ({`, `  list: build.query<unknown, void>({ query: () => '${path}' }),`, '}) });', ''].join('\n');

/** An RTK API file: `createApi` over the base query `name` imported from `from`, with one `list` query of `path`. */
const creating = (name: string, from: string, path: string): string =>
  [
    "import { createApi } from '@reduxjs/toolkit/query/react';",
    `import { ${name} } from '${from}';`,
    `export const api = createApi({ baseQuery: ${name}, endpoints: (build) => ({`,
    `  list: build.query<unknown, void>({ query: () => '${path}' }),`,
    '}) });',
    '',
  ].join('\n');

const tree: Readonly<Record<string, string>> = {
  // The APIs, each over its own base: another vendor's, the app's own backend's, the API's through a constant.
  'src/store/apis.ts': [
    fetchBaseQueryImport,
    "const ADFORM_BASE = 'https://api.adform.com';",
    "export const snapApi = createApi({ baseQuery: fetchBaseQuery({ baseUrl: 'https://adsapi.snapchat.com' }), endpoints: () => ({}) });",
    "export const bffApi = createApi({ baseQuery: fetchBaseQuery({ baseUrl: '/api' }), endpoints: () => ({}) });",
    'export const adformApi = createApi({ baseQuery: fetchBaseQuery({ baseUrl: ADFORM_BASE }), endpoints: () => ({}) });',
    '',
  ].join('\n'),
  'src/features/snap.ts': injecting('snapApi', '../store/apis', '/v1/campaigns/dictionaries/managers'),
  'src/features/bff.ts': injecting('bffApi', '../store/apis', '/v1/campaigns'),
  'src/features/adform.ts': injecting('adformApi', '../store/apis', '/v1/campaigns/dictionaries/comanagers'),
  // The base queries: RTK's re-auth recipe over `/api`, the same as a function declaration, and a retry over another vendor's.
  'src/store/base-query.ts': [
    fetchBaseQueryImport,
    "const raw = fetchBaseQuery({ baseUrl: '/api' });",
    'export const baseQueryWithReauth = async (args: never, api: never, extra: never) => raw(args, api, extra);',
    'export async function reauth(args: never, api: never, extra: never) {',
    '  return raw(args, api, extra);',
    '}',
    "export const snapRetry = retry(fetchBaseQuery({ baseUrl: 'https://adsapi.snapchat.com' }), { maxRetries: 3 });",
    "export const adformRaw = fetchBaseQuery({ baseUrl: 'https://api.adform.com' });",
    '',
  ].join('\n'),
  // A wrapper of the API's own file over an imported base query.
  'src/local-wrapper-api.ts': [
    "import { createApi } from '@reduxjs/toolkit/query/react';",
    "import { adformRaw } from './store';",
    'const withReauth = async (args: never, api: never, extra: never) => adformRaw(args, api, extra);',
    'export const api = createApi({ baseQuery: withReauth, endpoints: (build) => ({',
    "  list: build.query<unknown, void>({ query: () => '/v1/campaigns/dictionaries/managers' }),",
    '}) });',
    '',
  ].join('\n'),
  // Three files: the base query, an API over it with no endpoints of its own, the endpoints injected into that API.
  'src/chain/api.ts': [
    "import { createApi } from '@reduxjs/toolkit/query/react';",
    "import { baseQueryWithReauth } from '../store';",
    'export const chainApi = createApi({ baseQuery: baseQueryWithReauth, endpoints: () => ({}) });',
    '',
  ].join('\n'),
  'src/chain/feature.ts': injecting('chainApi', './api', '/v1/campaigns'),
  // A barrel in between.
  'src/store/index.ts': "export * from './base-query';\nexport { adformApi } from './apis';\n",
  'src/reauth-api.ts': creating('baseQueryWithReauth', './store', '/v1/campaigns'),
  'src/reauth-fn-api.ts': creating('reauth', './store/base-query', '/v1/campaigns/dictionaries/clients'),
  'src/snap-api.ts': creating('snapRetry', './store', '/v1/campaigns'),
  'src/features/through-barrel.ts': injecting('adformApi', '../store', '/v1/campaigns'),
};

/** `file:line:column key migration host=… [<- declaredIn]` of a cross-file check of `src` in a tree of `files`. */
async function findingsOf(files: Readonly<Record<string, string>>, crossFile = true): Promise<{ lines: string[]; otherHosts: Record<string, number> }> {
  const root = makeTree(files);
  const result = await checkFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions(), threads: 1, crossFile });
  const relative = (file: string): string => path.relative(root, file).split(path.sep).join('/');
  const line = (finding: CheckedFinding): string => {
    const parts = [`${relative(finding.file)}:${finding.line}:${finding.column}`, String(finding.retirement?.retiredKey), String(finding.retirement?.migration), `host=${finding.retirement?.host ?? 'unknown'}`];
    if (finding.data.declaredIn !== undefined) parts.push(`<- ${String(finding.data.declaredIn)}`);
    return parts.join(' ');
  };
  return { lines: result.findings.map(line), otherHosts: Object.fromEntries([...result.otherHostsByFile].map(([file, count]) => [relative(file), count])) };
}

describe('sunset check with the module graph: RTK Query APIs and base queries from other files', () => {
  it('counts a module that makes an RTK API or base query as one that may offer a base, whatever its base is written as', () => {
    const options = analysisOptionsOf(sunsetOptions());
    const offers = (text: string): boolean | undefined => moduleFactsOf(text, options).clientSource;
    expect(offers("const raw = fetchBaseQuery({ baseUrl: '/api' });")).toBe(true);
    expect(offers('export const api = createApi({ baseQuery: baseQueryWithReauth, endpoints: () => ({}) });')).toBe(true);
    // Look-alikes: names that only contain the words.
    expect(offers("export const client = createApiClient({ base: '/api' });")).toBe(false);
    expect(offers("export const q = myFetchBaseQuery({ base: '/api' });")).toBe(false);
  });

  it("puts injectEndpoints on the imported API's base and createApi on the imported base query's: another vendor's is not reported, /api is a TODO, the API's host is rewritten", async () => {
    const { lines, otherHosts } = await findingsOf(tree);
    expect(lines).toEqual([
      'src/chain/feature.ts:3:51 GET /v1/campaigns todo host=unknown <- src/chain/api.ts:3:25 (chainApi)',
      'src/features/adform.ts:3:51 GET /v1/campaigns/dictionaries/comanagers rewrite host=api.adform.com <- src/store/apis.ts:5:26 (adformApi)',
      'src/features/bff.ts:3:51 GET /v1/campaigns todo host=unknown <- src/store/apis.ts:4:23 (bffApi)',
      'src/features/through-barrel.ts:3:51 GET /v1/campaigns rewrite host=api.adform.com <- src/store/apis.ts:5:26 (adformApi)',
      'src/local-wrapper-api.ts:5:51 GET /v1/campaigns/dictionaries/managers rewrite host=api.adform.com <- src/store/base-query.ts:8:26 (adformRaw)',
      'src/reauth-api.ts:4:51 GET /v1/campaigns todo host=unknown <- src/store/base-query.ts:3:36 (baseQueryWithReauth)',
      'src/reauth-fn-api.ts:4:51 GET /v1/campaigns/dictionaries/clients todo host=unknown <- src/store/base-query.ts:4:8 (reauth)',
    ]);
    // Another vendor's requests, counted for the hint.
    expect(otherHosts).toEqual({ 'src/features/snap.ts': 1, 'src/snap-api.ts': 1 });
  });

  it('without the graph (one file at a time) the base is not known: host unknown, one-to-one moves rewritten, as before', async () => {
    const { lines, otherHosts } = await findingsOf(tree, false);
    expect(lines).toEqual([
      'src/chain/feature.ts:3:51 GET /v1/campaigns rewrite host=unknown',
      'src/features/adform.ts:3:51 GET /v1/campaigns/dictionaries/comanagers rewrite host=unknown',
      'src/features/bff.ts:3:51 GET /v1/campaigns rewrite host=unknown',
      'src/features/snap.ts:3:51 GET /v1/campaigns/dictionaries/managers rewrite host=unknown',
      'src/features/through-barrel.ts:3:51 GET /v1/campaigns rewrite host=unknown',
      'src/local-wrapper-api.ts:5:51 GET /v1/campaigns/dictionaries/managers rewrite host=unknown',
      'src/reauth-api.ts:4:51 GET /v1/campaigns rewrite host=unknown',
      'src/reauth-fn-api.ts:4:51 GET /v1/campaigns/dictionaries/clients rewrite host=unknown',
      'src/snap-api.ts:4:51 GET /v1/campaigns rewrite host=unknown',
    ]);
    expect(otherHosts).toEqual({});
  });

  it("look-alikes keep today's reading: an axios instance given as the base query, a wrapper over two bases, a createApi without fetchBaseQuery, an API the graph does not follow", async () => {
    const files = {
      'src/http.ts': "import axios from 'axios';\nexport const snapAxios = axios.create({ baseURL: 'https://adsapi.snapchat.com' });\n",
      'src/bases.ts': [
        fetchBaseQueryImport,
        "const snap = fetchBaseQuery({ baseUrl: 'https://adsapi.snapchat.com' });",
        "const bff = fetchBaseQuery({ baseUrl: '/api' });",
        'export const either = async (args: never, api: never, extra: never) => ((extra as { snap: boolean }).snap ? snap(args, api, extra) : bff(args, api, extra));',
        // Another library's createApi (unsplash-js) takes no baseQuery: no base, so nothing other files could take.
        "export const unsplash = createApi({ accessKey: 'key' });",
        '',
      ].join('\n'),
      // RTK's axiosBaseQuery recipe over an axios instance: the instance is no base query, its base is not read as one.
      'src/axios-api.ts': [
        "import { createApi } from '@reduxjs/toolkit/query/react';",
        "import { snapAxios } from './http';",
        'const axiosBaseQuery = (instance: unknown) => async () => ({ data: instance });',
        'export const api = createApi({ baseQuery: axiosBaseQuery(snapAxios), endpoints: (build) => ({',
        "  list: build.query<unknown, void>({ query: () => '/v1/campaigns' }),",
        '}) });',
        '',
      ].join('\n'),
      'src/either-api.ts': creating('either', './bases', '/v1/campaigns'),
      'src/unsplash.ts': injecting('unsplash', './bases', '/v1/campaigns'),
      'src/package-api.ts': injecting('sharedApi', '@acme/store', '/v1/campaigns'),
    };
    const { lines, otherHosts } = await findingsOf(files);
    expect(lines).toEqual([
      'src/axios-api.ts:5:51 GET /v1/campaigns rewrite host=unknown',
      'src/either-api.ts:4:51 GET /v1/campaigns rewrite host=unknown',
      'src/package-api.ts:3:51 GET /v1/campaigns rewrite host=unknown',
      'src/unsplash.ts:3:51 GET /v1/campaigns rewrite host=unknown',
    ]);
    expect(otherHosts).toEqual({});
  });
});
