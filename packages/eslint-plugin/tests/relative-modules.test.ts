import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { createPlugin } from '../src/index.js';

// Issue 26: ESLint lints one file at a time, so a client made in another file (a wrapper class, an
// instance) used to have an unknown host, and the plugin reported another vendor's `/v1/campaigns`
// that `sunset check` leaves out. The plugin now reads (never runs) the modules a file imports by
// relative path, with ESLint's own parser, as the default mode's module graph reads them.

type EslintPlugin = NonNullable<Linter.Config['plugins']>[string];

const root = mkdtempSync(path.join(tmpdir(), 'sunset-relative-modules-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let folders = 0;
/** A fresh folder under the temporary root with `files` written in it; returns its path. */
function project(files: Readonly<Record<string, string>>): string {
  const dir = path.join(root, `p${(folders += 1)}`);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** Lints `file` of `dir` from disk with the recommended config (espree for JavaScript, typescript-eslint for TypeScript). */
function lint(dir: string, file: string, text: string, plugin = createPlugin()): string[] {
  const config: Linter.Config[] = [
    { files: ['**/*.{js,cjs,mjs,ts}'], ...(plugin.configs.recommended as unknown as Linter.Config), plugins: { sunset: plugin as unknown as EslintPlugin } },
    { files: ['**/*.ts'], languageOptions: { parser: tsParser } },
    { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
    { settings: { sunset: { asOf: '2024-06-01' } } },
  ];
  return new Linter({ cwd: dir })
    .verify(text, config, path.join(dir, file))
    .map((message) => `${message.line}:${message.column} ${message.ruleId ?? 'fatal'} ${message.message}`);
}

const campaignById =
  'GET /v1/campaigns/{id} is retired (support ended 2019-10-01): use one of GET /v1/buyer/campaigns/{id} or GET /v1/buyer/campaigns/{id}/rtbSettings; this call needs a manual migration.';
const campaignList = 'GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns.';

/** An SDK's CommonJS client class over an axios instance on `host`, `module.exports = ApiClient`. */
const apiClient = (host: string): string =>
  [
    "const axios = require('axios');",
    'class ApiClient {',
    '  constructor(token) {',
    `    this.http = axios.create({ baseURL: 'https://${host}', headers: { Authorization: token } });`,
    '  }',
    '  get(path) {',
    '    return this.http.get(path);',
    '  }',
    '}',
    'module.exports = ApiClient;',
    '',
  ].join('\n');

const adsManager = [
  "const ApiClient = require('./apiClient');",
  'class AdsManager {',
  '  constructor(token) {',
  '    this.apiClient = new ApiClient(token);',
  '  }',
  '  getCampaign(campaignId) {',
  '    return this.apiClient.get(`/v1/campaigns/${campaignId}`);',
  '  }',
  '}',
  'module.exports = AdsManager;',
  '',
].join('\n');

describe('a wrapper class required from another file (module.exports = X)', () => {
  it("leaves out another vendor's /v1/campaigns/{id}: the wrapper's host is read from ./apiClient", () => {
    const dir = project({ 'apiClient.js': apiClient('adsapi.snapchat.com'), 'adsManager.js': adsManager });
    expect(lint(dir, 'adsManager.js', adsManager)).toEqual([]);
  });

  it('reports the same call when the wrapper is based on api.adform.com', () => {
    const dir = project({ 'apiClient.js': apiClient('api.adform.com'), 'adsManager.js': adsManager });
    expect(lint(dir, 'adsManager.js', adsManager)).toEqual([`7:31 sunset/no-legacy-rest-path ${campaignById}`]);
  });

  it("leaves out another vendor's request built on an origin constant of another file (export const SNAP_BASE = 'https://…'), and reports ours, as sunset check does", () => {
    const snap = "import { SNAP, OURS } from './hosts.js';\nexport const a = () => fetch(`${SNAP}/v1/campaigns`);\nexport const b = () => fetch(`${OURS}/v1/campaigns`);\n";
    const dir = project({ 'hosts.js': "export const SNAP = 'https://adsapi.snapchat.com';\nexport const OURS = 'https://api.adform.com';\n", 'snap.js': snap });
    expect(lint(dir, 'snap.js', snap)).toEqual([`3:30 sunset/no-legacy-rest-path ${campaignList}`]);
  });

  it('reports it, the host unknown, when the module does not parse', () => {
    const dir = project({ 'apiClient.js': `${apiClient('adsapi.snapchat.com')}\nclass {`, 'adsManager.js': adsManager });
    expect(lint(dir, 'adsManager.js', adsManager)).toEqual([`7:31 sunset/no-legacy-rest-path ${campaignById}`]);
  });

  it('reports it, the host unknown, when the module cannot be read (a link to nowhere)', () => {
    const dir = project({ 'adsManager.js': adsManager });
    symlinkSync(path.join(dir, 'missing.js'), path.join(dir, 'apiClient.js'));
    expect(lint(dir, 'adsManager.js', adsManager)).toEqual([`7:31 sunset/no-legacy-rest-path ${campaignById}`]);
  });

  it('reads the module without running it', () => {
    const marker = '__sunsetRelativeModuleRan';
    const dir = project({ 'apiClient.js': `globalThis.${marker} = true;\n${apiClient('adsapi.snapchat.com')}`, 'adsManager.js': adsManager });
    expect(lint(dir, 'adsManager.js', adsManager)).toEqual([]);
    expect((globalThis as Record<string, unknown>)[marker]).toBeUndefined();
  });
});

describe('instances and classes exported the CommonJS and the ES way', () => {
  const caller = (importLine: string, call: string): string => [importLine, `export const list = () => ${call};`, ''].join('\n');

  it.each([
    ['exports.http = …', "exports.http = axios.create({ baseURL: 'https://HOST/v1' });", "const { http } = require('./http');", "http.get('/campaigns')"],
    ['module.exports = { http }', "const http = axios.create({ baseURL: 'https://HOST/v1' });\nmodule.exports = { http };", "const { http } = require('./http');", "http.get('/campaigns')"],
    ['export const http', "export const http = axios.create({ baseURL: 'https://HOST/v1' });", "import { http } from './http';", "http.get('/campaigns')"],
    ['export default', "export default axios.create({ baseURL: 'https://HOST/v1' });", "import http from './http.js';", "http.get('/campaigns')"],
  ])("%s: another vendor's instance is not the API's, api.adform.com's is", (_form, exported, importLine, call) => {
    const code = caller(importLine, call);
    const column = code.split('\n')[1]!.indexOf("'/campaigns'") + 1;
    const other = project({ 'http.js': `import axios from 'axios';\n${exported.replace('HOST', 'api.givebutter.com')}\n`, 'campaigns.js': code });
    const ours = project({ 'http.js': `import axios from 'axios';\n${exported.replace('HOST', 'api.adform.com')}\n`, 'campaigns.js': code });
    expect(lint(other, 'campaigns.js', code)).toEqual([]);
    expect(lint(ours, 'campaigns.js', code)).toEqual([`2:${column} sunset/no-legacy-rest-path ${campaignList}`]);
  });

  it('a TypeScript class over an instance, imported as ./client.js for client.ts', () => {
    const client = [
      "import axios, { type AxiosInstance } from 'axios';",
      'export class DisplayVideoClient {',
      '  private readonly http: AxiosInstance;',
      '  constructor(token: string) {',
      "    this.http = axios.create({ baseURL: 'https://displayvideo.googleapis.com', headers: { Authorization: token } });",
      '  }',
      '  get<T>(path: string): Promise<T> {',
      '    return this.http.get<T>(path).then((response) => response.data);',
      '  }',
      '}',
      '',
    ].join('\n');
    const directory = [
      "import { DisplayVideoClient } from './client.js';",
      'const client = new DisplayVideoClient(process.env.TOKEN ?? "");',
      "export const campaigns = () => client.get<unknown>('/v1/campaigns');",
      '',
    ].join('\n');
    const dir = project({ 'client.ts': client, 'directory.ts': directory });
    expect(lint(dir, 'directory.ts', directory)).toEqual([]);
    const ours = project({ 'client.ts': client.replace('displayvideo.googleapis.com', 'api.adform.com'), 'directory.ts': directory });
    expect(lint(ours, 'directory.ts', directory)).toEqual([`3:52 sunset/no-legacy-rest-path ${campaignList}`]);
  });
});

describe('how far and how often modules are read', () => {
  /** `a1.js` passing on `http` from `a2.js`, … `a<n>.js` making it: n - 1 barrels of `export { http } from`. */
  function chain(modules: number, host: string): Record<string, string> {
    const files: Record<string, string> = { [`a${modules}.js`]: `import axios from 'axios';\nexport const http = axios.create({ baseURL: 'https://${host}' });\n` };
    for (let at = 1; at < modules; at += 1) files[`a${at}.js`] = `export { http } from './a${at + 1}.js';\n`;
    return files;
  }
  const caller = "import { http } from './a1.js';\nexport const list = () => http.get('/v1/campaigns');\n";

  it("follows barrels to the module that makes the client, as far as the module graph does: four barrels away, another vendor's host is known", () => {
    const near = project({ ...chain(5, 'api.givebutter.com'), 'caller.js': caller });
    expect(lint(near, 'caller.js', caller)).toEqual([]);
  });

  it('gives up one barrel further: the host is unknown there, and the call is reported', () => {
    const far = project({ ...chain(6, 'api.givebutter.com'), 'caller.js': caller });
    expect(lint(far, 'caller.js', caller)).toEqual([`2:36 sunset/no-legacy-rest-path ${campaignList}`]);
  });

  it('reads a module again when it changes, and when a module it takes values from changes', () => {
    const plugin = createPlugin();
    const dir = project({ 'apiClient.js': apiClient('adsapi.snapchat.com'), 'adsManager.js': adsManager });
    expect(lint(dir, 'adsManager.js', adsManager, plugin)).toEqual([]);
    writeFileSync(path.join(dir, 'apiClient.js'), apiClient('api.adform.com'));
    utimesSync(path.join(dir, 'apiClient.js'), new Date(2030, 0, 1), new Date(2030, 0, 1));
    expect(lint(dir, 'adsManager.js', adsManager, plugin)).toEqual([`7:31 sunset/no-legacy-rest-path ${campaignById}`]);

    const barrel = project({ ...chain(3, 'api.givebutter.com'), 'caller.js': caller });
    expect(lint(barrel, 'caller.js', caller, plugin)).toEqual([]);
    writeFileSync(path.join(barrel, 'a3.js'), chain(3, 'api.adform.com')['a3.js']!);
    utimesSync(path.join(barrel, 'a3.js'), new Date(2030, 0, 1), new Date(2030, 0, 1));
    expect(lint(barrel, 'caller.js', caller, plugin)).toEqual([`2:36 sunset/no-legacy-rest-path ${campaignList}`]);
  });
});

describe('a request reading a constant of another file, where sunset fix rewrites it', () => {
  const paths = [
    "export const MANAGERS = '/v1/campaigns/dictionaries/managers';",
    "export const LABELS = '/v1/campaigns/dictionaries/labels';",
    "export const LEGACY = '/v1/campaigns';",
    '',
  ].join('\n');
  const use = [
    "import { LABELS, LEGACY, MANAGERS } from './paths.js';",
    'export const managers = () => fetch(MANAGERS);',
    'export const labels = () => fetch(LABELS);',
    'export const list = () => fetch(LEGACY);',
    '',
  ].join('\n');

  /** Each message with its id and how many suggestions it offers. */
  function messages(dir: string, file: string, text: string, plugin = createPlugin()): string[] {
    const config: Linter.Config[] = [
      { files: ['**/*.js'], ...(plugin.configs.recommended as unknown as Linter.Config), plugins: { sunset: plugin as unknown as EslintPlugin } },
      { settings: { sunset: { asOf: '2024-06-01' } } },
    ];
    return new Linter({ cwd: dir }).verify(text, config, path.join(dir, file)).map((message) => `${message.line}:${message.column} ${message.messageId ?? ''} ${message.suggestions?.length ?? 0}`);
  }

  it("says a rewrite, as sunset check does, where the declaration's own fix is the rewrite it needs; a TODO where it is not", () => {
    const dir = project({ 'paths.js': paths, 'use.js': use });
    // MANAGERS' own finding is the rewrite (its autofix is in paths.js); LABELS needs an advertiser id; LEGACY may be GET or PATCH there.
    expect(messages(dir, 'use.js', use)).toEqual(['2:37 retiredRewrite 0', '3:35 retiredTodo 1', '4:33 retiredTodo 1']);
    expect(lint(dir, 'use.js', use)[0]).toBe('2:37 sunset/no-legacy-rest-path GET /v1/campaigns/dictionaries/managers is retired (support ended 2019-10-01): use GET /v1/buyer/classifiers/managers.');
    // At the exported constant the rewrite is a suggestion, not an autofix: linting paths.js, ESLint cannot see who else sends it.
    expect(messages(dir, 'paths.js', paths)).toEqual(['1:25 retiredRewrite 1', '2:23 retiredTodo 1', '3:23 retiredTodo 2']);
    const plugin = createPlugin();
    const config: Linter.Config[] = [
      { files: ['**/*.js'], ...(plugin.configs.recommended as unknown as Linter.Config), plugins: { sunset: plugin as unknown as EslintPlugin } },
      { settings: { sunset: { asOf: '2024-06-01' } } },
    ];
    expect(new Linter({ cwd: dir }).verifyAndFix(paths, config, path.join(dir, 'paths.js')).fixed).toBe(false);
  });

  it('says a TODO where a request of the same file that no rule retires (a POST) also sends the constant, as sunset check does', () => {
    const shared = "import { MANAGERS } from './paths.js';\nexport const managers = () => fetch(MANAGERS);\nexport const addManager = (body) => fetch(MANAGERS, { method: 'POST', body });\n";
    const dir = project({ 'paths.js': paths, 'use.js': shared });
    expect(messages(dir, 'use.js', shared)).toEqual(['2:37 retiredTodo 1']);
    expect(lint(dir, 'use.js', shared)).toEqual([
      '2:37 sunset/no-legacy-rest-path GET /v1/campaigns/dictionaries/managers is retired (support ended 2019-10-01): use GET /v1/buyer/classifiers/managers; this call needs a manual migration.',
    ]);
  });

  it('says a TODO where the declaring module silences its own finding, as sunset check and sunset fix do (fix leaves that line alone)', () => {
    const silencedPaths = [
      '// eslint-disable-next-line sunset/no-legacy-rest-path -- the partner proxy serves v1 until Q3',
      paths,
    ].join('\n');
    const offPaths = `/* eslint sunset/no-legacy-rest-path: off */\n${paths}`;
    for (const declared of [silencedPaths, offPaths]) {
      const dir = project({ 'paths.js': declared, 'use.js': use });
      expect(messages(dir, 'use.js', use)).toEqual(['2:37 retiredTodo 1', '3:35 retiredTodo 1', '4:33 retiredTodo 1']);
    }
    // Only the line the comment names: LABELS two lines down is still read where it is declared.
    const dir = project({ 'paths.js': [paths.split('\n')[0], '// eslint-disable-next-line sunset/no-legacy-rest-path', ...paths.split('\n').slice(1)].join('\n'), 'use.js': use });
    expect(messages(dir, 'use.js', use)).toEqual(['2:37 retiredRewrite 0', '3:35 retiredTodo 1', '4:33 retiredTodo 1']);
  });

  it('reads the declaring module again when it changes: a TODO while its own finding is one, a rewrite once it is', () => {
    const plugin = createPlugin();
    // MANAGERS first holds '/v1/campaigns', which its own file cannot say is a GET (or a PATCH): a TODO there, so a TODO here.
    const dir = project({ 'paths.js': paths.replace("'/v1/campaigns/dictionaries/managers'", "'/v1/campaigns'"), 'use.js': use });
    expect(messages(dir, 'use.js', use, plugin)[0]).toBe('2:37 retiredTodo 1');
    writeFileSync(path.join(dir, 'paths.js'), paths);
    utimesSync(path.join(dir, 'paths.js'), new Date(2030, 0, 1), new Date(2030, 0, 1));
    expect(messages(dir, 'use.js', use, plugin)[0]).toBe('2:37 retiredRewrite 0');
  });
});

describe('modules imported through a tsconfig paths alias or a jsconfig baseUrl, as sunset check follows them', () => {
  const endpoints = "export const MANAGERS = '/v1/campaigns/dictionaries/managers';\nexport const LEGACY = '/v1/campaigns';\n";

  it('reads the constant through the alias of the nearest tsconfig.json, at the request, as a rewrite where it is declared', () => {
    const use = "import { LEGACY, MANAGERS } from '@app/api/endpoints';\nexport const managers = () => fetch(MANAGERS);\nexport const list = () => fetch(LEGACY);\n";
    const dir = project({ 'tsconfig.json': '{ "compilerOptions": { "paths": { "@app/*": ["./src/app/*"] } } }', 'src/app/api/endpoints.ts': endpoints, 'src/app/use.ts': use });
    expect(lint(dir, 'src/app/use.ts', use)).toEqual([
      '2:37 sunset/no-legacy-rest-path GET /v1/campaigns/dictionaries/managers is retired (support ended 2019-10-01): use GET /v1/buyer/classifiers/managers.',
      // '/v1/campaigns' where it is declared may be a GET or a PATCH: sunset fix leaves it, the GET needs a person.
      '3:33 sunset/no-legacy-rest-path GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns; this call needs a manual migration.',
    ]);
    // Without the config the specifier is a package's: nothing is known of its values.
    const bare = project({ 'src/app/api/endpoints.ts': endpoints, 'src/app/use.ts': use });
    expect(lint(bare, 'src/app/use.ts', use)).toEqual([]);
  });

  it("reads a client and the paths it is called with from one module through a jsconfig.json baseUrl; another vendor's client is left out", () => {
    const api = (host: string): string => `import axios from 'axios';\nexport const api = axios.create({ baseURL: 'https://${host}/v1' });\nexport const ENDPOINTS = { campaigns: '/campaigns' };\n`;
    const use = "import { api, ENDPOINTS } from 'config/api';\nexport const list = () => api.get(ENDPOINTS.campaigns);\n";
    const ours = project({ 'jsconfig.json': '{ "compilerOptions": { "baseUrl": "src" } }', 'src/config/api.js': api('api.adform.com'), 'src/use.js': use });
    expect(lint(ours, 'src/use.js', use)).toEqual(['2:35 sunset/no-legacy-rest-path GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns; this call needs a manual migration.']);
    const theirs = project({ 'jsconfig.json': '{ "compilerOptions": { "baseUrl": "src" } }', 'src/config/api.js': api('api.partner.example'), 'src/use.js': use });
    expect(lint(theirs, 'src/use.js', use)).toEqual([]);
  });

  it('never reads a module under node_modules through an alias (sunset check scans none)', () => {
    const use = "import { LEGACY } from '@vendor/endpoints';\nexport const list = () => fetch(LEGACY);\n";
    const dir = project({ 'tsconfig.json': '{ "compilerOptions": { "paths": { "@vendor/*": ["./node_modules/vendor/*"] } } }', 'node_modules/vendor/endpoints.ts': endpoints, 'use.ts': use });
    expect(lint(dir, 'use.ts', use)).toEqual([]);
  });
});

describe('a package of the repository imported by its name (a workspace package linked into node_modules)', () => {
  it('reads its constant at the request, as sunset check does', () => {
    const use = "import { LEGACY } from '@acme/api-client';\nexport const list = () => fetch(`https://api.adform.com${LEGACY}/${id}`);\n";
    const dir = project({
      'packages/api-client/package.json': '{ "name": "@acme/api-client", "main": "./src/index.js" }',
      'packages/api-client/src/index.js': "export const LEGACY = '/v1/campaigns';\n",
      'apps/web/use.js': use,
    });
    mkdirSync(path.join(dir, 'node_modules/@acme'), { recursive: true });
    symlinkSync('../../packages/api-client', path.join(dir, 'node_modules/@acme/api-client'));
    expect(lint(dir, 'apps/web/use.js', use)).toEqual([`2:33 sunset/no-legacy-rest-path ${campaignById}`]);
  });
});

describe('values required from another module (CommonJS), as sunset check reads them', () => {
  const config = "module.exports = { API_V1: 'https://api.adform.com/v1' };\n";
  const managersJs = "const axios = require('axios');\nconst { API_V1 } = require('./config');\n\nexports.managers = () => axios.get(`${API_V1}/campaigns/dictionaries/managers`);\n";
  const paths = "const API_BASE = 'https://api.adform.com';\nconst CAMPAIGNS_PATH = '/v1/campaigns';\nmodule.exports = { API_BASE, CAMPAIGNS_PATH };\n";
  const getCampaign = "const axios = require('axios');\nconst { API_BASE, CAMPAIGNS_PATH } = require('./paths');\n\nexports.getCampaign = (id) => axios.get(API_BASE + CAMPAIGNS_PATH + '/' + id);\n";
  const managersRewrite = 'GET /v1/campaigns/dictionaries/managers is retired (support ended 2019-10-01): use GET /v1/buyer/classifiers/managers.';
  /** The text after ESLint's --fix with the recommended config. */
  const fixed = (dir: string, file: string, text: string): string => {
    const plugin = createPlugin();
    const config: Linter.Config[] = [
      { files: ['**/*.js'], ...(plugin.configs.recommended as unknown as Linter.Config), plugins: { sunset: plugin as unknown as EslintPlugin } },
      { settings: { sunset: { asOf: '2024-06-01' } } },
    ];
    return new Linter({ cwd: dir }).verifyAndFix(text, config, path.join(dir, file)).output;
  };

  it("reports the report's two requests where they are made: the path a base of another file completes, and GET /v1/campaigns/{id} over a required path", () => {
    const dir = project({ 'config.js': config, 'managers.js': managersJs, 'paths.js': paths, 'get-campaign.js': getCampaign });
    expect(lint(dir, 'managers.js', managersJs)).toEqual([`4:36 sunset/no-legacy-rest-path ${managersRewrite}`]);
    expect(lint(dir, 'get-campaign.js', getCampaign)).toEqual([`4:41 sunset/no-legacy-rest-path ${campaignById}`]);
    // ESLint's --fix makes the rewrite sunset fix makes; the TODO is a suggestion, as for an import.
    expect(fixed(dir, 'managers.js', managersJs)).toBe(managersJs.replace('/campaigns/dictionaries/managers', '/buyer/classifiers/managers'));
    expect(fixed(dir, 'get-campaign.js', getCampaign)).toBe(getCampaign);
  });

  it.each([
    ['a module required whole (m.X)', "const endpoints = require('./endpoints.cjs');\nexports.list = () => fetch(endpoints.MANAGERS);\n", '2:28'],
    ["require('./m').X inline", "exports.list = () => fetch(require('./endpoints.cjs').MANAGERS);\n", '1:28'],
    ['an ES module required', "const { MANAGERS } = require('./esm.mjs');\nexports.list = () => fetch(MANAGERS);\n", '2:28'],
  ])('reads %s, a rewrite where the declaration is rewritten', (_shape, use, at) => {
    const dir = project({ 'endpoints.cjs': "exports.MANAGERS = '/v1/campaigns/dictionaries/managers';\n", 'esm.mjs': "export const MANAGERS = '/v1/campaigns/dictionaries/managers';\n", 'use.cjs': use });
    expect(lint(dir, 'use.cjs', use)).toEqual([`${at} sunset/no-legacy-rest-path ${managersRewrite}`]);
  });

  it('reads a require through a tsconfig paths alias', () => {
    const use = "const { MANAGERS } = require('@app/endpoints');\nexports.list = () => fetch(MANAGERS);\n";
    const dir = project({ 'tsconfig.json': '{ "compilerOptions": { "paths": { "@app/*": ["./src/*"] } } }', 'src/endpoints.js': "exports.MANAGERS = '/v1/campaigns/dictionaries/managers';\n", 'use.cjs': use });
    expect(lint(dir, 'use.cjs', use)).toEqual([`2:28 sunset/no-legacy-rest-path ${managersRewrite}`]);
  });

  it('reads nothing from a package, a dynamic require, a required object the file changes or a reassigned let', () => {
    const use = [
      "const { MANAGERS } = require('endpoints');",
      "const { LABELS } = require(process.env.ENDPOINTS);",
      "let { CLIENTS } = require('./endpoints.cjs');",
      "if (process.env.V2) CLIENTS = '/v1/buyer/advertisers';",
      'exports.a = () => fetch(MANAGERS);',
      'exports.b = () => fetch(LABELS);',
      'exports.c = () => fetch(CLIENTS);',
      'exports.d = () => {',
      "  const endpoints = require('./endpoints.cjs');",
      "  endpoints.CLIENTS = process.env.CLIENTS ?? '/v1/buyer/advertisers';",
      '  return fetch(endpoints.CLIENTS);',
      '};',
      '',
    ].join('\n');
    const dir = project({
      'node_modules/endpoints/index.js': "exports.MANAGERS = '/v1/campaigns/dictionaries/managers';\n",
      'endpoints.cjs': "exports.CLIENTS = '/v1/campaigns/dictionaries/clients';\nexports.LABELS = '/v1/campaigns/dictionaries/labels';\n",
      'use.cjs': use,
    });
    expect(lint(dir, 'use.cjs', use)).toEqual([]);
  });
});

describe("a folder's index imported as . or .. (trial 2026-11-27), as sunset check follows it", () => {
  const managers = 'GET /v1/campaigns/dictionaries/managers is retired (support ended 2019-10-01): use GET /v1/buyer/classifiers/managers.';
  const use = (specifier: string): string => `import { MANAGERS } from '${specifier}';\nexport const list = () => fetch(MANAGERS);\n`;
  const files = {
    'src/api/index.ts': "export const MANAGERS = '/v1/campaigns/dictionaries/managers';\n",
    // A file named as the folder: `./` and `..` name the folder's index, never this file.
    'src/api.ts': "export const MANAGERS = '/v1/campaigns/dictionaries/labels';\n",
    'src/api/.api.ts': "export const MANAGERS = '/v1/campaigns/dictionaries/managers';\n",
  };
  const dir = project(files);

  it.each([
    ['src/api/use-dot.ts', '.'],
    ['src/api/use-dot-slash.ts', './'],
    ['src/api/sub/use-dotdot.ts', '..'],
    ['src/api/sub/use-dotdot-slash.ts', '../'],
    ['src/api/sub/use-dotdot-index.ts', '../index'],
    ['src/api/sub/deeper/use-dotdot-dotdot.ts', '../..'],
  ])('reads the constant of src/api/index.ts in %s (%s), a rewrite where it is declared', (file, specifier) => {
    expect(lint(dir, file, use(specifier))).toEqual([`2:33 sunset/no-legacy-rest-path ${managers}`]);
  });

  it('reads nothing through .. where the parent folder has no index, nor through a bare name starting with a dot', () => {
    expect(lint(dir, 'src/lonely/use.ts', use('..'))).toEqual([]);
    expect(lint(dir, 'src/api/dot-name.ts', use('.api'))).toEqual([]);
  });
});
