import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFiles } from '../src/check/check-files.js';
import { describeFixReport } from '../src/fix/describe-fix-report.js';
import { fixFiles } from '../src/fix/fix-files.js';
import { crossFileFixRun, laidOut, makeTree, sunsetOptions } from './helpers.js';

// `sunset fix` in the default mode, with the module graph (`crossFile`): a request that reads a
// retired constant of another scanned file gets its TODO, naming the constant and its file.

const endpoints = [
  "export const API_BASE = 'https://api.adform.com';",
  'export const REPORT_DATA_URL = `${API_BASE}/v1/reportingstats/agency/reportdata`;',
  "export const CLIENTS_URL = '/v1/campaigns/dictionaries/clients';",
  "export const LEGACY_CAMPAIGNS = '/v1/campaigns';",
  '',
].join('\n');
const runner = [
  "import axios from 'axios';",
  "import { API_BASE, CLIENTS_URL, LEGACY_CAMPAIGNS, REPORT_DATA_URL } from '../config/endpoints.js';",
  '',
  'export async function run(query: unknown) {',
  '  await axios.post(REPORT_DATA_URL, query);',
  '  await axios.get(CLIENTS_URL);',
  '  return axios.get(`${API_BASE}${LEGACY_CAMPAIGNS}`);',
  '}',
  '',
].join('\n');

const reportTodo =
  '// TODO(sunset:reporting-sync-reportdata): migrate POST /v1/reportingstats/agency/reportdata: the asynchronous workflow is different: start the report with POST, ' +
  'poll the operation, then read the data, under other limits\ncandidates POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations, GET /v1/buyer/stats/data\nsupport ended 2020-01-31';
const listTodo = '// TODO(sunset:campaigns-legacy-list): replace GET /v1/campaigns with GET /v1/buyer/campaigns\nsupport ended 2019-10-01';
// The constant alone does not say its method: one TODO for both retired methods of its path.
const constantTodo =
  '// TODO(sunset:campaigns-legacy-list): migrate /v1/campaigns: the code does not say its method, so this may be GET /v1/campaigns or PATCH /v1/campaigns\n' +
  'candidates GET /v1/buyer/campaigns, PUT /v1/buyer/campaigns/{id}/status\nsupport ended 2019-10-01';

const run = crossFileFixRun;

describe('sunset fix across files (the default mode)', () => {
  it('gives each request that reads a retired constant of another file its TODO naming the constant and its file', async () => {
    const root = makeTree({ 'src/config/endpoints.ts': endpoints, 'src/etl/runner.ts': runner });

    const report = await fixFiles(['src'], run(root));

    // The constants' own file: a one-to-one path is rewritten where it is written; the two constants a request
    // of runner.ts reads get their TODO at that request only (one request, one TODO).
    expect(readFileSync(path.join(root, 'src/config/endpoints.ts'), 'utf8')).toBe(
      [
        "export const API_BASE = 'https://api.adform.com';",
        'export const REPORT_DATA_URL = `${API_BASE}/v1/reportingstats/agency/reportdata`;',
        "export const CLIENTS_URL = '/v1/buyer/advertisers';",
        "export const LEGACY_CAMPAIGNS = '/v1/campaigns';",
        '',
      ].join('\n'),
    );
    // The importer: CLIENTS_URL was rewritten where it is declared, so its GET needs nothing more; API_BASE holds no retired path.
    expect(readFileSync(path.join(root, 'src/etl/runner.ts'), 'utf8')).toBe(
      runner
        .replace('  await axios.post(', `${laidOut('  ', `${reportTodo}\nthe path is REPORT_DATA_URL of ../config/endpoints.ts`)}\n  await axios.post(`)
        .replace('  return axios.get(', `${laidOut('  ', `${listTodo}\nthe path is LEGACY_CAMPAIGNS of ../config/endpoints.ts`)}\n  return axios.get(`),
    );
    expect(describeFixReport(report, root)).toBe(
      [
        '2 files scanned, 2 candidates, 2 changed.',
        '1 site rewritten, 2 left with a TODO, 0 skipped.',
        '',
        'Sites a person must finish:',
        '  src/etl/runner.ts:5:20  todo  reporting-sync-reportdata  the asynchronous workflow is different: start the report with POST, poll the operation, then read the data, under other limits',
        '  src/etl/runner.ts:7:20  todo  campaigns-legacy-list  the path is written in another file (LEGACY_CAMPAIGNS of src/config/endpoints.ts); sunset fix --project rewrites it there when every use is the same one-to-one migration',
        '',
      ].join('\n'),
    );
  });

  it('writes the same TODO from any working directory: the file it names is seen from the file the comment is in', async () => {
    const root = makeTree({ 'app/src/config/endpoints.ts': endpoints, 'app/src/etl/runner.ts': runner });
    // Run from above the project (`sunset fix app/src`), where a path from the working directory would be app/src/config/….
    const report = await fixFiles(['app/src'], run(root, { baseDir: path.join(root, 'app') }));
    const todos = readFileSync(path.join(root, 'app/src/etl/runner.ts'), 'utf8').split('\n').filter((line) => line.includes('TODO(sunset:'));
    expect(todos).toEqual([
      laidOut('  ', `${reportTodo}\nthe path is REPORT_DATA_URL of ../config/endpoints.ts`).split('\n')[0],
      laidOut('  ', `${listTodo}\nthe path is LEGACY_CAMPAIGNS of ../config/endpoints.ts`).split('\n')[0],
    ]);
    // The run's own report names files from where it runs.
    expect(describeFixReport(report, root)).toContain('(LEGACY_CAMPAIGNS of app/src/config/endpoints.ts)');
  });

  it('changes nothing on a second run, and every retired call sunset check still reports is a site the fix listed', async () => {
    const root = makeTree({ 'src/config/endpoints.ts': endpoints, 'src/etl/runner.ts': runner });
    const first = await fixFiles(['src'], run(root));
    const fixedTexts = ['src/config/endpoints.ts', 'src/etl/runner.ts'].map((file) => readFileSync(path.join(root, file), 'utf8'));

    const second = await fixFiles(['src'], run(root));

    expect(second.changedFiles).toEqual([]);
    expect(['src/config/endpoints.ts', 'src/etl/runner.ts'].map((file) => readFileSync(path.join(root, file), 'utf8'))).toEqual(fixedTexts);
    const todoSites = first.sites.filter((site) => site.action === 'todo').map((site) => `${site.file}:${site.entry}`);
    expect(second.sites.map((site) => `${site.file}:${site.entry}`)).toEqual(todoSites);
    const checked = await checkFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions(), threads: 1, crossFile: true });
    const retiredCalls = checked.findings.filter((finding) => finding.retirement !== undefined);
    expect(retiredCalls.map((finding) => `${path.relative(root, finding.file)}:${finding.retirement!.entry.id}`)).toEqual(todoSites);
  });

  it('without crossFile, fixes one file at a time as before: each constant is marked where it is declared', async () => {
    const root = makeTree({ 'src/config/endpoints.ts': endpoints, 'src/etl/runner.ts': runner });

    const report = await fixFiles(['src'], run(root, { crossFile: false }));

    expect(report.changedFiles).toEqual(['src/config/endpoints.ts']);
    expect(readFileSync(path.join(root, 'src/config/endpoints.ts'), 'utf8')).toBe(
      [
        "export const API_BASE = 'https://api.adform.com';",
        laidOut('', reportTodo),
        'export const REPORT_DATA_URL = `${API_BASE}/v1/reportingstats/agency/reportdata`;',
        "export const CLIENTS_URL = '/v1/buyer/advertisers';",
        laidOut('', constantTodo),
        "export const LEGACY_CAMPAIGNS = '/v1/campaigns';",
        '',
      ].join('\n'),
    );
  });

  it('leaves a file alone that imports only values nobody retired', async () => {
    const root = makeTree({
      'src/paths.ts': "export const BUYER = '/v1/buyer/campaigns';\nexport const OLD = '/v1/campaigns/dictionaries/managers';\n",
      'src/use.ts': "import { BUYER } from './paths';\nexport const list = () => fetch(BUYER);\n",
    });

    const report = await fixFiles(['src'], run(root, { dry: true }));

    expect(report.changedFiles).toEqual(['src/paths.ts']);
    expect(report.sites.map((site) => `${site.file}:${site.line} ${site.action}`)).toEqual(['src/paths.ts:2 rewritten']);
  });

  it("leaves alone another vendor's wrapper call, its client made in a file with no retired path (issue 26), and fixes the same call on the API's host", async () => {
    const client = (host: string): string =>
      [
        "const axios = require('axios');",
        'class ApiClient {',
        '  constructor() {',
        `    this.http = axios.create({ baseURL: 'https://${host}' });`,
        '  }',
        '  get(path) {',
        '    return this.http.get(path);',
        '  }',
        '}',
        'module.exports = ApiClient;',
        '',
      ].join('\n');
    const manager = ["const ApiClient = require('./apiClient');", 'const api = new ApiClient();', "exports.list = () => api.get('/v1/campaigns');", ''].join('\n');

    const other = makeTree({ 'src/apiClient.js': client('api.givebutter.com'), 'src/manager.js': manager });
    expect((await fixFiles(['src'], run(other, { dry: true }))).sites).toEqual([]);

    const ours = makeTree({ 'src/apiClient.js': client('api.adform.com'), 'src/manager.js': manager });
    const report = await fixFiles(['src'], run(ours, { dry: true }));
    expect(report.sites.map((site) => `${site.file}:${site.line} ${site.action} ${site.entry}`)).toEqual(['src/manager.js:3 rewritten campaigns-legacy-list']);
  });

  it("reads a base another file exports (`'…/v1'`) where a path of this file completes it: checked there, rewritten there, on every thread count", async () => {
    const order = [
      "import { API_V1, API_V2 } from '../lib/adform';",
      'export const getOrder = (campaignId: string, orderId: string) =>',
      '  fetch(`${API_V1}/campaigns/${campaignId}/orders/${orderId}`);',
      'export const list = () => fetch(`${API_V2}/campaigns`);',
      '',
    ];
    const files = { 'src/lib/adform.ts': "export const API_V1 = 'https://api.adform.com/v1';\nexport const API_V2 = 'https://api.adform.com/v2';\n", 'src/api/order.ts': order.join('\n') };
    for (const threads of [1, 2]) {
      const root = makeTree(files);
      const checked = await checkFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions({ asOf: '2026-11-24' }), threads, crossFile: true });
      expect(checked.findings.map((finding) => `${path.relative(root, finding.file)}:${finding.line}:${finding.column} ${finding.retirement?.retiredKey}`)).toEqual([
        'src/api/order.ts:3:9 GET /v1/campaigns/{campaignId}/orders/{orderId}',
      ]);
      const report = await fixFiles(['src'], run(root));
      expect(report.changedFiles).toEqual(['src/api/order.ts']);
      expect(readFileSync(path.join(root, 'src/api/order.ts'), 'utf8')).toBe(order.map((line, index) => (index === 2 ? '  fetch(`${API_V1}/buyer/orders/${orderId}`);' : line)).join('\n'));
      expect((await fixFiles(['src'], run(root))).changedFiles).toEqual([]);
    }
  });

  it("reads an origin another file exports for its host: another vendor's request is neither reported nor rewritten, ours is, and the TODO names no origin", async () => {
    const snap = [
      "import axios from 'axios';",
      "import { SNAP_BASE, ADFORM } from './hosts';",
      'export const snapCampaigns = () => axios.get(`${SNAP_BASE}/v1/campaigns`);',
      'export const ours = () => axios.get(`${ADFORM}/v1/campaigns/dictionaries/clients`);',
      'export const one = (id: string) => axios.get(`${ADFORM}/v1/campaigns/${id}`);',
      '',
    ];
    const files = {
      'src/hosts.ts': "export const SNAP_BASE = 'https://adsapi.snapchat.com';\nexport const ADFORM = process.env.ADFORM_API ?? 'https://api.adform.com/';\n",
      'src/snap.ts': snap.join('\n'),
    };
    const root = makeTree(files);
    const checked = await checkFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions({ asOf: '2026-11-24' }), threads: 1, crossFile: true });
    expect(checked.findings.map((finding) => `${path.relative(root, finding.file)}:${finding.line}:${finding.column} ${finding.retirement?.retiredKey} related ${finding.crossFileRelated?.length ?? 0}`)).toEqual([
      'src/snap.ts:4:37 GET /v1/campaigns/dictionaries/clients related 0',
      'src/snap.ts:5:46 GET /v1/campaigns/{id} related 0',
    ]);
    expect(checked.otherHostCount).toBe(1);
    const report = await fixFiles(['src'], run(root));
    expect(report.changedFiles).toEqual(['src/snap.ts']);
    expect(readFileSync(path.join(root, 'src/snap.ts'), 'utf8')).toBe(
      [
        ...snap.slice(0, 3),
        'export const ours = () => axios.get(`${ADFORM}/v1/buyer/advertisers`);',
        '// TODO(sunset:campaigns-legacy-get): migrate GET /v1/campaigns/{id}: the campaign is split into two',
        '//     resources: the campaign and its RTB settings; call the one(s) this code needs',
        '//   candidates GET /v1/buyer/campaigns/{id}, GET /v1/buyer/campaigns/{id}/rtbSettings',
        '//   support ended 2019-10-01',
        ...snap.slice(4),
      ].join('\n'),
    );
  });
});

describe('sunset fix across files through a tsconfig paths alias', () => {
  const files = {
    'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@acme/paths': ['src/lib/paths.ts'], '@app/*': ['src/app/*'] } } }),
    'src/lib/paths.ts': "export const CLIENTS_PATH = '/v1/campaigns/dictionaries/clients';\nexport const MANAGERS_PATH = '/v1/campaigns/dictionaries/managers';\n",
    'src/app/list.ts': "import axios from 'axios';\nimport { CLIENTS_PATH, MANAGERS_PATH } from '@acme/paths';\n\nexport const listClients = () => axios.get(CLIENTS_PATH);\nexport const listManagers = () => axios.get(MANAGERS_PATH);\n",
    // A POST the entries do not retire sends CLIENTS_PATH too: rewriting it where it is declared would move this request.
    'src/app/create.ts': "import axios from 'axios';\nimport { CLIENTS_PATH } from '@acme/paths';\n\nexport const createClient = (body: unknown) => axios.post(CLIENTS_PATH, body);\n",
  };

  it('rewrites a constant only its GET reads where it is declared, and leaves one a POST also sends with a TODO at the GET; a second run changes nothing', async () => {
    const root = makeTree(files);
    const report = await fixFiles(['src'], run(root));
    expect(readFileSync(path.join(root, 'src/lib/paths.ts'), 'utf8')).toBe("export const CLIENTS_PATH = '/v1/campaigns/dictionaries/clients';\nexport const MANAGERS_PATH = '/v1/buyer/classifiers/managers';\n");
    expect(readFileSync(path.join(root, 'src/app/list.ts'), 'utf8')).toBe(
      [
        "import axios from 'axios';",
        "import { CLIENTS_PATH, MANAGERS_PATH } from '@acme/paths';",
        '',
        '// TODO(sunset:campaign-dictionary-clients): replace GET /v1/campaigns/dictionaries/clients',
        '//     with GET /v1/buyer/advertisers',
        '//   support ended 2019-10-01',
        '//   the path is CLIENTS_PATH of ../lib/paths.ts',
        'export const listClients = () => axios.get(CLIENTS_PATH);',
        'export const listManagers = () => axios.get(MANAGERS_PATH);',
        '',
      ].join('\n'),
    );
    expect(readFileSync(path.join(root, 'src/app/create.ts'), 'utf8')).toBe(files['src/app/create.ts']);
    expect(report.changedFiles).toEqual(['src/app/list.ts', 'src/lib/paths.ts']);
    expect(report.sites.map((site) => `${site.file}:${site.line} ${site.action} ${site.entry}: ${site.reason}`)).toEqual([
      // The reason is the POST, not that a one-file run cannot edit another file (--project would not rewrite it either).
      'src/app/list.ts:4 todo campaign-dictionary-clients: the path is written in another file (CLIENTS_PATH of src/lib/paths.ts), which a request this migration does not cover also sends; a rewrite there would move that request too',
      'src/lib/paths.ts:2 rewritten campaign-dictionary-managers: /v1/campaigns/dictionaries/managers → GET /v1/buyer/classifiers/managers',
    ]);
    const again = await fixFiles(['src'], run(root));
    expect(again.changedFiles).toEqual([]);
  });
});

describe("a module's own request beside a constant it exports", () => {
  // lib/campaigns.ts GETs the list through LIST and exports it; another file POSTs the same path.
  const campaigns = "export const LIST = 'https://api.adform.com/v1/campaigns';\nexport function listCampaigns() {\n  return fetch(LIST);\n}\n";
  const create = "import axios from 'axios';\nimport { LIST } from '../lib/campaigns.js';\n\nexport const createCampaign = (body: unknown) => axios.post(LIST, body);\n";
  const todo = laidOut('  ', '// TODO(sunset:campaigns-legacy-list): replace GET /v1/campaigns with GET /v1/buyer/campaigns\nsupport ended 2019-10-01');
  const shared = 'the value is also read by a request that this migration does not cover; a rewrite here would move that request too';

  it('is a TODO when another file also POSTs the constant: the rewrite where it is declared would move that POST (check and fix agree)', async () => {
    const root = makeTree({ 'src/lib/campaigns.ts': campaigns, 'src/app/create.ts': create });
    for (const threads of [1, 2]) {
      const checked = await checkFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions({ asOf: '2026-11-24' }), threads, crossFile: true });
      expect(checked.findings.map((finding) => `${path.relative(root, finding.file)}:${finding.line}:${finding.column} ${finding.messageId} ${finding.retirement?.migration}`)).toEqual([
        'src/lib/campaigns.ts:3:16 retiredTodo todo',
      ]);
    }
    const report = await fixFiles(['src'], run(root));
    expect(readFileSync(path.join(root, 'src/lib/campaigns.ts'), 'utf8')).toBe(campaigns.replace('  return fetch(LIST);', `${todo}\n  return fetch(LIST);`));
    expect(readFileSync(path.join(root, 'src/app/create.ts'), 'utf8')).toBe(create);
    expect(report.sites.map((site) => `${site.file}:${site.line} ${site.action}: ${site.reason}`)).toEqual([`src/lib/campaigns.ts:3 todo: ${shared}`]);
    expect((await fixFiles(['src'], run(root))).changedFiles).toEqual([]);
  });

  it('is a TODO when a retired request of another file that needs another migration reads the constant (GET /v1/campaigns/{id} is a person\'s choice)', async () => {
    const one = "import { LIST } from '../lib/campaigns.js';\n\nexport const campaign = (id: string) => fetch(LIST + '/' + id);\n";
    const root = makeTree({ 'src/lib/campaigns.ts': campaigns, 'src/app/one.ts': one });
    const checked = await checkFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions({ asOf: '2026-11-24' }), threads: 1, crossFile: true });
    expect(checked.findings.map((finding) => `${path.relative(root, finding.file)}:${finding.line}:${finding.column} ${finding.retirement?.entry.id} ${finding.retirement?.migration}`)).toEqual([
      'src/app/one.ts:3:47 campaigns-legacy-get todo',
      'src/lib/campaigns.ts:3:16 campaigns-legacy-list todo',
    ]);
    const report = await fixFiles(['src'], run(root));
    // Before, the GET of campaigns.ts rewrote LIST and so, silently, the other file's GET of one campaign, a choice the spec leaves to a person.
    expect(readFileSync(path.join(root, 'src/lib/campaigns.ts'), 'utf8')).toBe(campaigns.replace('  return fetch(LIST);', `${todo}\n  return fetch(LIST);`));
    expect(report.sites.map((site) => `${site.file}:${site.line} ${site.action} ${site.entry}: ${site.reason}`)).toEqual([
      'src/app/one.ts:3 todo campaigns-legacy-get: the campaign is split into two resources: the campaign and its RTB settings; call the one(s) this code needs',
      'src/lib/campaigns.ts:3 todo campaigns-legacy-list: the value is also read by a request of another file that needs another migration; a rewrite here would change that request too',
    ]);
    expect((await fixFiles(['src'], run(root))).changedFiles).toEqual([]);
  });

  it('is a TODO when another file gives the constant to a function the analysis does not see into (it may send it), as within one file', async () => {
    const relay = "import { LIST } from '../lib/campaigns.js';\nimport { call } from './http.js';\n\nexport const relay = () => call(LIST);\n";
    const root = makeTree({ 'src/lib/campaigns.ts': campaigns, 'src/app/relay.ts': relay });
    const checked = await checkFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions({ asOf: '2026-11-24' }), threads: 1, crossFile: true });
    expect(checked.findings.map((finding) => `${path.relative(root, finding.file)}:${finding.line}:${finding.column} ${finding.retirement?.migration}`)).toEqual(['src/lib/campaigns.ts:3:16 todo']);
    const report = await fixFiles(['src'], run(root));
    expect(readFileSync(path.join(root, 'src/lib/campaigns.ts'), 'utf8')).toBe(campaigns.replace('  return fetch(LIST);', `${todo}\n  return fetch(LIST);`));
    expect(report.sites.map((site) => `${site.file}:${site.line} ${site.action}: ${site.reason}`)).toEqual([`src/lib/campaigns.ts:3 todo: ${shared}`]);
  });

  it('is rewritten where it is declared when no other request sends it (the importer only GETs it, or nothing imports it)', async () => {
    const getter = "import { LIST } from '../lib/campaigns.js';\n\nexport const again = () => fetch(LIST);\n";
    const trees: Record<string, string>[] = [{ 'src/lib/campaigns.ts': campaigns }, { 'src/lib/campaigns.ts': campaigns, 'src/app/again.ts': getter }];
    for (const tree of trees) {
      const root = makeTree(tree);
      const checked = await checkFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions({ asOf: '2026-11-24' }), threads: 1, crossFile: true });
      expect(checked.findings.map((finding) => `${path.relative(root, finding.file)}:${finding.line}:${finding.column} ${finding.retirement?.migration}`)).toEqual(
        Object.keys(tree).length === 1 ? ['src/lib/campaigns.ts:3:16 rewrite'] : ['src/app/again.ts:3:34 rewrite', 'src/lib/campaigns.ts:3:16 rewrite'],
      );
      const report = await fixFiles(['src'], run(root));
      expect(readFileSync(path.join(root, 'src/lib/campaigns.ts'), 'utf8')).toBe(campaigns.replace('/v1/campaigns', '/v1/buyer/campaigns'));
      expect(report.changedFiles).toEqual(['src/lib/campaigns.ts']);
    }
  });

  it('is rewritten where it is declared when another file only asserts on it or tests a URL against it (a spec, an interceptor): neither sends it', async () => {
    const spec = [
      "import { LIST, listCampaigns } from '../lib/campaigns.js';",
      '',
      "it('lists the campaigns', async () => {",
      '  await listCampaigns();',
      '  expect(fetchMock).toHaveBeenCalledWith(LIST);',
      '});',
      '',
    ].join('\n');
    const interceptor = "import { LIST } from '../lib/campaigns.js';\n\nexport const isLegacy = (url: string) => url === LIST || url.startsWith(LIST) || url.replace(LIST, '') === '';\n";
    const root = makeTree({ 'src/lib/campaigns.ts': campaigns, 'src/app/campaigns.spec.ts': spec, 'src/app/interceptor.ts': interceptor });
    const checked = await checkFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions({ asOf: '2026-11-24' }), threads: 1, crossFile: true });
    expect(checked.findings.map((finding) => `${path.relative(root, finding.file)}:${finding.line}:${finding.column} ${finding.retirement?.migration}`)).toEqual(['src/lib/campaigns.ts:3:16 rewrite']);
    const report = await fixFiles(['src'], run(root));
    expect(readFileSync(path.join(root, 'src/lib/campaigns.ts'), 'utf8')).toBe(campaigns.replace('/v1/campaigns', '/v1/buyer/campaigns'));
    expect(report.changedFiles).toEqual(['src/lib/campaigns.ts']);
  });
});

describe("another vendor's path in its own config module", () => {
  // An ETL pulling from several ad platforms: Snapchat's /v1/campaigns is Snapchat's, not a retired call of ours.
  const config = "export const SNAP_API = 'https://adsapi.snapchat.com';\nexport const CAMPAIGNS = '/v1/campaigns';\n";
  const snap = "import axios from 'axios';\nimport { SNAP_API, CAMPAIGNS } from './snap-config.js';\n\nexport const list = () => axios.get(`${SNAP_API}${CAMPAIGNS}`);\n";

  it('is no finding when only requests to the other host read it, and gets no TODO', async () => {
    const root = makeTree({ 'src/snap-config.ts': config, 'src/snap.ts': snap });
    for (const threads of [1, 2]) {
      const checked = await checkFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions({ asOf: '2026-11-24' }), threads, crossFile: true });
      expect(checked.findings).toEqual([]);
      expect(checked.otherHostCount).toBe(1);
    }
    const report = await fixFiles(['src'], run(root));
    expect(report.changedFiles).toEqual([]);
    expect(report.sites).toEqual([]);
  });

  it('is reported at a request of ours that also reads it (host not shown), and not rewritten under the other vendor', async () => {
    const ours = "import { CAMPAIGNS } from './snap-config.js';\n\nexport const pause = (api: string) => fetch(api + CAMPAIGNS, { method: 'PATCH' });\n";
    const root = makeTree({ 'src/snap-config.ts': config, 'src/snap.ts': snap, 'src/ours.ts': ours });
    const checked = await checkFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions({ asOf: '2026-11-24' }), threads: 1, crossFile: true });
    expect(checked.findings.map((finding) => `${path.relative(root, finding.file)}:${finding.line}:${finding.column} ${finding.retirement?.retiredKey} ${finding.retirement?.migration}`)).toEqual([
      'src/ours.ts:3:45 PATCH /v1/campaigns todo',
    ]);
    await fixFiles(['src'], run(root));
    // PATCH /v1/campaigns moves to PUT /v1/buyer/campaigns/{id}/status (a person's change); Snapchat's constant stays as written.
    expect(readFileSync(path.join(root, 'src/snap-config.ts'), 'utf8')).toBe(config);
  });
});

describe('sunset fix across files: values required the CommonJS way', () => {
  // The first test's two files, CommonJS: the constants exported by `exports.X` / `module.exports`, required by destructuring and as a module.
  const endpointsJs = [
    "const API_BASE = 'https://api.adform.com';",
    'exports.API_BASE = API_BASE;',
    'exports.REPORT_DATA_URL = `${API_BASE}/v1/reportingstats/agency/reportdata`;',
    "module.exports.CLIENTS_URL = '/v1/campaigns/dictionaries/clients';",
    "exports.LEGACY_CAMPAIGNS = '/v1/campaigns';",
    '',
  ].join('\n');
  const runnerJs = [
    "const axios = require('axios');",
    "const { API_BASE, REPORT_DATA_URL } = require('../config/endpoints');",
    "const endpoints = require('../config/endpoints');",
    '',
    'exports.run = async (query) => {',
    '  await axios.post(REPORT_DATA_URL, query);',
    '  await axios.get(endpoints.CLIENTS_URL);',
    '  return axios.get(`${API_BASE}${endpoints.LEGACY_CAMPAIGNS}`);',
    '};',
    '',
  ].join('\n');

  it('rewrites a one-to-one path where it is declared and gives the other requests their TODO naming the constant and its file, as for an import', async () => {
    const root = makeTree({ 'src/config/endpoints.js': endpointsJs, 'src/etl/runner.js': runnerJs });

    const report = await fixFiles(['src'], run(root));

    expect(readFileSync(path.join(root, 'src/config/endpoints.js'), 'utf8')).toBe(endpointsJs.replace("'/v1/campaigns/dictionaries/clients'", "'/v1/buyer/advertisers'"));
    expect(readFileSync(path.join(root, 'src/etl/runner.js'), 'utf8')).toBe(
      runnerJs
        .replace('  await axios.post(', `${laidOut('  ', `${reportTodo}\nthe path is REPORT_DATA_URL of ../config/endpoints.js`)}\n  await axios.post(`)
        .replace('  return axios.get(', `${laidOut('  ', `${listTodo}\nthe path is LEGACY_CAMPAIGNS of ../config/endpoints.js`)}\n  return axios.get(`),
    );
    expect(describeFixReport(report, root)).toBe(
      [
        '2 files scanned, 2 candidates, 2 changed.',
        '1 site rewritten, 2 left with a TODO, 0 skipped.',
        '',
        'Sites a person must finish:',
        '  src/etl/runner.js:6:20  todo  reporting-sync-reportdata  the asynchronous workflow is different: start the report with POST, poll the operation, then read the data, under other limits',
        '  src/etl/runner.js:8:20  todo  campaigns-legacy-list  the path is written in another file (LEGACY_CAMPAIGNS of src/config/endpoints.js); sunset fix --project rewrites it there when every use is the same one-to-one migration',
        '',
      ].join('\n'),
    );

    // A second run changes nothing, and sunset check reports just the sites left with a TODO.
    expect((await fixFiles(['src'], run(root))).changedFiles).toEqual([]);
    const checked = await checkFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions(), threads: 1, crossFile: true });
    expect(checked.findings.map((finding) => `${path.relative(root, finding.file)}:${finding.line}:${finding.column} ${finding.retirement?.entry.id} ${finding.retirement?.migration}`)).toEqual([
      `${path.join('src', 'etl', 'runner.js')}:13:20 reporting-sync-reportdata todo`,
      `${path.join('src', 'etl', 'runner.js')}:18:20 campaigns-legacy-list todo`,
    ]);
  });

  it("fixes the report's two files as their ES twin is fixed: the rewrite at the request, the TODO there naming the required path", async () => {
    const root = makeTree({
      'repo/config.js': "module.exports = { API_V1: 'https://api.adform.com/v1' };\n",
      'repo/managers.js': "const axios = require('axios');\nconst { API_V1 } = require('./config');\n\nexports.managers = () => axios.get(`${API_V1}/campaigns/dictionaries/managers`);\n",
      'repo/paths.js': "const API_BASE = 'https://api.adform.com';\nconst CAMPAIGNS_PATH = '/v1/campaigns';\nmodule.exports = { API_BASE, CAMPAIGNS_PATH };\n",
      'repo/get-campaign.js': "const axios = require('axios');\nconst { API_BASE, CAMPAIGNS_PATH } = require('./paths');\n\nexports.getCampaign = (id) => axios.get(API_BASE + CAMPAIGNS_PATH + '/' + id);\n",
    });

    const report = await fixFiles(['repo'], run(root));

    expect(report.changedFiles).toEqual(['repo/get-campaign.js', 'repo/managers.js']);
    expect(readFileSync(path.join(root, 'repo/managers.js'), 'utf8')).toBe(
      "const axios = require('axios');\nconst { API_V1 } = require('./config');\n\nexports.managers = () => axios.get(`${API_V1}/buyer/classifiers/managers`);\n",
    );
    expect(readFileSync(path.join(root, 'repo/get-campaign.js'), 'utf8')).toBe(
      [
        "const axios = require('axios');",
        "const { API_BASE, CAMPAIGNS_PATH } = require('./paths');",
        '',
        laidOut(
          '',
          '// TODO(sunset:campaigns-legacy-get): migrate GET /v1/campaigns/{id}: the campaign is split into two resources: the campaign and its RTB settings; call the one(s) this code needs\n' +
            'candidates GET /v1/buyer/campaigns/{id}, GET /v1/buyer/campaigns/{id}/rtbSettings\nsupport ended 2019-10-01\nthe path is CAMPAIGNS_PATH of ./paths.js',
        ),
        "exports.getCampaign = (id) => axios.get(API_BASE + CAMPAIGNS_PATH + '/' + id);",
        '',
      ].join('\n'),
    );
    // paths.js is not marked: its constant is GET /v1/campaigns/{id} at the request, not "GET or PATCH /v1/campaigns".
    expect(report.sites.map((site) => `${site.file}:${site.line} ${site.action} ${site.entry}`)).toEqual([
      'repo/get-campaign.js:4 todo campaigns-legacy-get',
      'repo/managers.js:4 rewritten campaign-dictionary-managers',
    ]);
    expect((await fixFiles(['repo'], run(root))).changedFiles).toEqual([]);
  });

  it('leaves a required constant that a POST of another file also sends where it is declared, with a TODO at the GET', async () => {
    const root = makeTree({
      'src/lib/paths.cjs': "module.exports = { CLIENTS_PATH: '/v1/campaigns/dictionaries/clients', MANAGERS_PATH: '/v1/campaigns/dictionaries/managers' };\n",
      'src/app/list.js': "const axios = require('axios');\nconst paths = require('../lib/paths.cjs');\n\nexports.listClients = () => axios.get(paths.CLIENTS_PATH);\nexports.listManagers = () => axios.get(paths.MANAGERS_PATH);\n",
      'src/app/create.js': "const axios = require('axios');\nconst { CLIENTS_PATH } = require('../lib/paths.cjs');\n\nexports.createClient = (body) => axios.post(CLIENTS_PATH, body);\n",
    });
    const report = await fixFiles(['src'], run(root));
    expect(readFileSync(path.join(root, 'src/lib/paths.cjs'), 'utf8')).toBe(
      "module.exports = { CLIENTS_PATH: '/v1/campaigns/dictionaries/clients', MANAGERS_PATH: '/v1/buyer/classifiers/managers' };\n",
    );
    expect(report.sites.map((site) => `${site.file}:${site.line} ${site.action} ${site.entry}: ${site.reason}`)).toEqual([
      'src/app/list.js:4 todo campaign-dictionary-clients: the path is written in another file (CLIENTS_PATH of src/lib/paths.cjs), which a request this migration does not cover also sends; a rewrite there would move that request too',
      'src/lib/paths.cjs:1 rewritten campaign-dictionary-managers: /v1/campaigns/dictionaries/managers → GET /v1/buyer/classifiers/managers',
    ]);
    expect(readFileSync(path.join(root, 'src/app/create.js'), 'utf8')).toContain('axios.post(CLIENTS_PATH, body)');
    expect((await fixFiles(['src'], run(root))).changedFiles).toEqual([]);
  });
});
