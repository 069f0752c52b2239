import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eslintWithPlugin } from './support/eslint-with-plugin.js';
import { ensureBuilt, makeTempDir, parseJson, runSunset } from './support/cli.js';
import type { Finding as JsonFinding } from '@sunset/cli';

// The trial's BUG 1, end to end: RTK Query's two common layouts across files — endpoints injected into
// an API made in another file (`api.injectEndpoints`), and an API over a re-auth base query made in
// another file (`createApi({ baseQuery: baseQueryWithReauth })`) — keep that file's `fetchBaseQuery`
// base in `sunset check`, `--project`, `sunset fix` and ESLint alike: another vendor's call is not
// reported (it counts in the other-hosts hint), a call on the app's own `/api` is a TODO, and a call
// on the API's host is rewritten with that host known.

const asOf = '2026-11-28';

const files: Readonly<Record<string, string>> = {
  'package.json': '{}\n',
  'tsconfig.json': '{ "compilerOptions": { "strict": true, "module": "esnext", "moduleResolution": "bundler", "target": "es2022" }, "include": ["src"] }\n',
  'src/baseApi.ts': [
    "import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';",
    "const ADFORM = 'https://api.adform.com';",
    "export const snapApi = createApi({ reducerPath: 'snapApi', baseQuery: fetchBaseQuery({ baseUrl: 'https://adsapi.snapchat.com' }), endpoints: () => ({}) });",
    "export const bffApi = createApi({ reducerPath: 'bffApi', baseQuery: fetchBaseQuery({ baseUrl: '/api' }), endpoints: () => ({}) });",
    "export const adformApi = createApi({ reducerPath: 'adformApi', baseQuery: fetchBaseQuery({ baseUrl: ADFORM }), endpoints: () => ({}) });",
    '',
  ].join('\n'),
  'src/snapEndpoints.ts': [
    "import { snapApi } from './baseApi';",
    'export const snap = snapApi.injectEndpoints({ endpoints: (build) => ({',
    "  managers: build.query<string[], void>({ query: () => '/v1/campaigns/dictionaries/managers' }),",
    '}) });',
    '',
  ].join('\n'),
  'src/bffEndpoints.ts': [
    "import { bffApi } from './baseApi';",
    'export const bff = bffApi.injectEndpoints({ endpoints: (build) => ({',
    "  list: build.query<unknown[], void>({ query: () => '/v1/campaigns' }),",
    '}) });',
    '',
  ].join('\n'),
  'src/adformEndpoints.ts': [
    "import { adformApi } from './baseApi';",
    'export const adform = adformApi.injectEndpoints({ endpoints: (build) => ({',
    "  comanagers: build.query<string[], void>({ query: () => '/v1/campaigns/dictionaries/comanagers' }),",
    '}) });',
    '',
  ].join('\n'),
  'src/baseQuery.ts': [
    "import { fetchBaseQuery, type BaseQueryFn } from '@reduxjs/toolkit/query/react';",
    "const raw = fetchBaseQuery({ baseUrl: '/api' });",
    'export const baseQueryWithReauth: BaseQueryFn = async (a, api, x) => raw(a, api, x);',
    '',
  ].join('\n'),
  // The same recipe with the wrapper written as a function declaration.
  'src/reauth.ts': [
    "import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';",
    "const raw = fetchBaseQuery({ baseUrl: '/api' });",
    'export async function reauth(a: never, api: never, x: never) {',
    '  return raw(a, api, x);',
    '}',
    '',
  ].join('\n'),
  'src/clientsApi.ts': [
    "import { createApi } from '@reduxjs/toolkit/query/react';",
    "import { reauth } from './reauth';",
    'export const clientsApi = createApi({ baseQuery: reauth, endpoints: (b) => ({',
    "  clients: b.query<unknown[], void>({ query: () => '/v1/campaigns/dictionaries/clients' }),",
    '}) });',
    '',
  ].join('\n'),
  'src/api.ts': [
    "import { createApi } from '@reduxjs/toolkit/query/react';",
    "import { baseQueryWithReauth } from './baseQuery';",
    'export const api = createApi({ baseQuery: baseQueryWithReauth, endpoints: (b) => ({',
    "  list: b.query<unknown[], void>({ query: () => '/v1/campaigns' }),",
    '}) });',
    '',
  ].join('\n'),
};

const listMessage = 'GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns; this call needs a manual migration.';
const clientsMessage = 'GET /v1/campaigns/dictionaries/clients is retired (support ended 2019-10-01): use GET /v1/buyer/advertisers; this call needs a manual migration.';
const comanagersMessage = 'GET /v1/campaigns/dictionaries/comanagers is retired (support ended 2019-10-01): use GET /v1/buyer/classifiers/managers.';

/** What `sunset check` (and `--project`) report: `file:line:column rule message host fix <- related`. */
const expectedFindings = [
  `src/adformEndpoints.ts:3:58 sunset/no-legacy-rest-path ${comanagersMessage} host=api.adform.com fix=rewrite <- src/baseApi.ts:5:26: The client is created here as adformApi.`,
  `src/api.ts:4:49 sunset/no-legacy-rest-path ${listMessage} host=unknown fix=todo <- src/baseQuery.ts:3:49: The client is created here as baseQueryWithReauth.`,
  `src/bffEndpoints.ts:3:53 sunset/no-legacy-rest-path ${listMessage} host=unknown fix=todo <- src/baseApi.ts:4:23: The client is created here as bffApi.`,
  `src/clientsApi.ts:4:52 sunset/no-legacy-rest-path ${clientsMessage} host=unknown fix=todo <- src/reauth.ts:3:8: The client is created here as reauth.`,
];

const hint =
  'Hint: 1 request to a retired path or operation names a host that is not its API\'s, so it was not reported. If a proxy or gateway of yours serves the API, add its host to apiHosts (or to the API under apis); "apiHosts": ["*"] checks every host.\n' +
  '  In src/snapEndpoints.ts (1); --format json lists them (otherHostsByFile).\n';

const describeFinding = (finding: JsonFinding): string =>
  `${finding.file}:${finding.line}:${finding.column} ${finding.rule} ${finding.message} host=${finding.host ?? '?'} fix=${finding.fix ?? '?'}${(finding.related ?? [])
    .filter((related) => related.file !== undefined)
    .map((related) => ` <- ${related.file!}:${related.line}:${related.column}: ${related.message}`)
    .join('')}`;

/** The TODO `sunset fix` writes above a request on an `/api` base imported from `from` as `name`: "replace … with …" names the replacement once. */
const apiTodo = (name: string, from: string, head = ['  // TODO(sunset:campaigns-legacy-list): replace GET /v1/campaigns with GET /v1/buyer/campaigns']): string =>
  [
    ...head,
    '  //   support ended 2019-10-01',
    "  //   the URL has /api before the path: a proxy's prefix (keep it before the new path) or a route",
    "  //     of your own server (then this is not the API's call)",
    `  //   the base is the client ${name} of ${from}`,
  ].join('\n');

/** The files after `sunset fix` (those it changes). */
const fixed: Readonly<Record<string, string>> = {
  'src/adformEndpoints.ts': files['src/adformEndpoints.ts']!.replace('/v1/campaigns/dictionaries/comanagers', '/v1/buyer/classifiers/managers'),
  'src/bffEndpoints.ts': files['src/bffEndpoints.ts']!.replace('  list: build', `${apiTodo('bffApi', './baseApi.ts')}\n  list: build`),
  'src/api.ts': files['src/api.ts']!.replace('  list: b.query', `${apiTodo('baseQueryWithReauth', './baseQuery.ts')}\n  list: b.query`),
  'src/clientsApi.ts': files['src/clientsApi.ts']!.replace(
    '  clients: b.query',
    `${apiTodo('reauth', './reauth.ts', ['  // TODO(sunset:campaign-dictionary-clients): replace GET /v1/campaigns/dictionaries/clients', '  //     with GET /v1/buyer/advertisers'])}\n  clients: b.query`,
  ),
};

let root = '';
let cleanup: () => Promise<void> = () => Promise.resolve();
let count = 0;

/** A fresh copy of the project. */
async function project(): Promise<string> {
  const dir = path.join(root, `p${(count += 1)}`);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

async function check(cwd: string, flags: readonly string[] = []): Promise<{ findings: string[]; code: number | null; stderr: string }> {
  const result = await runSunset(['check', 'src', '--as-of', asOf, '--format', 'json', ...flags], { cwd });
  return { findings: parseJson<{ findings: JsonFinding[] }>(result).findings.map(describeFinding), code: result.code, stderr: result.stderr };
}

beforeAll(async () => {
  await ensureBuilt();
  ({ dir: root, cleanup } = await makeTempDir('rtk-across-files'));
});
afterAll(() => cleanup());

describe("RTK Query across files: the API's or base query's base decides, in every face", () => {
  it("sunset check: another vendor's endpoint is left out and counted, /api ones are TODOs, the API's is a rewrite on its host", async () => {
    const result = await check(await project());
    expect(result.findings).toEqual(expectedFindings);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(hint);
  });

  it('sunset check --project gives the same findings and the same hint', async () => {
    const result = await check(await project(), ['--project']);
    expect(result.findings).toEqual(expectedFindings);
    expect(result.stderr).toBe(hint);
  });

  it("sunset fix rewrites the API's endpoint only, leaves TODOs on the /api ones and does not touch another vendor's", async () => {
    const dir = await project();
    const result = await runSunset(['fix', 'src', '--as-of', asOf, '--force'], { cwd: dir });
    expect(result.code).toBe(0);
    for (const file of Object.keys(files)) expect(await readFile(path.join(dir, file), 'utf8'), file).toBe(fixed[file] ?? files[file]);
  });

  it('sunset fix --project makes the same changes', async () => {
    const dir = await project();
    const result = await runSunset(['fix', 'src', '--project', '--as-of', asOf, '--force'], { cwd: dir });
    expect(result.code).toBe(0);
    for (const file of Object.keys(files)) expect(await readFile(path.join(dir, file), 'utf8'), file).toBe(fixed[file] ?? files[file]);
  });

  it('ESLint with the plugin reports the same requests; its autofix is the one rewrite, the /api moves are suggestions only', async () => {
    const dir = await project();
    const results = await eslintWithPlugin(dir, asOf).lintFiles(['src']);
    const found = results.flatMap((result) => result.messages.map((message) => `${path.relative(dir, result.filePath)}:${message.line}:${message.column} ${message.ruleId ?? ''} ${message.message}`));
    expect(found).toEqual(expectedFindings.map((finding) => finding.replace(/ host=.*$/, '')));
    // What each message offers: its autofix applied to the file, and the suggestions' descriptions.
    const offers = results.flatMap((result) =>
      result.messages.map((message) => {
        const file = path.relative(dir, result.filePath);
        const source = files[file]!;
        const autofixed = message.fix === undefined ? undefined : source.slice(0, message.fix.range[0]) + message.fix.text + source.slice(message.fix.range[1]);
        return { file, autofixed, suggestions: (message.suggestions ?? []).map((suggestion) => suggestion.desc) };
      }),
    );
    const apiSuggestions = ['Insert a TODO(sunset:campaigns-legacy-list) comment above the statement.', 'Switch to GET /v1/buyer/campaigns.'];
    expect(offers).toEqual([
      { file: 'src/adformEndpoints.ts', autofixed: fixed['src/adformEndpoints.ts'], suggestions: [] },
      { file: 'src/api.ts', autofixed: undefined, suggestions: apiSuggestions },
      { file: 'src/bffEndpoints.ts', autofixed: undefined, suggestions: apiSuggestions },
      { file: 'src/clientsApi.ts', autofixed: undefined, suggestions: ['Insert a TODO(sunset:campaign-dictionary-clients) comment above the statement.', 'Switch to GET /v1/buyer/advertisers.'] },
    ]);
  });
});
