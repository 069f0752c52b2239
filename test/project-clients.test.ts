import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCatalog } from '@sunset/rule-data';
import type { SunsetOptions } from '@sunset/config';
import { runProjectCheck, runProjectFix, type ProjectFinding } from '@sunset/project';
import { sunsetOptions } from '../packages/engine/tests/helpers.js';

// Issue 21 under --project: a request is its client's base plus a path, the client made in another
// file (fixtures/project-clients, in .ts and .js): reached through relative imports, paths aliases,
// barrels, namespace and default imports, CommonJS, getters and factories; wrappers that are methods
// (a SOAPAction given as a parameter, this.api.get(path)); the method a caller passes; and the fix
// that keeps the instance's base.

const fixture = path.resolve(import.meta.dirname, '../fixtures/project-clients');
const expected = JSON.parse(readFileSync(path.join(fixture, 'expected-findings.json'), 'utf8')) as { project: string[] };
// Every host counts ("*"), so another vendor's instance is found too, with the host it carries.
const options = sunsetOptions({ apiHosts: ['*'] });
/** The default: the built-in API on its own host (api.adform.com) only, so another vendor's instance is not its. */
const onAdformHost: SunsetOptions = { ...options, apiHosts: undefined };

/** `file:line:column rule key @host`, then `via …` for a wrapper and `<- …` for the declarations, as expected-findings.json writes it. */
const lineOf = (root: string, finding: ProjectFinding): string => {
  const through = finding.data.through === undefined ? '' : ` via ${finding.data.through}`;
  const declared = finding.data.declaredIn === undefined ? '' : ` <- ${finding.data.declaredIn}`;
  const where = path.relative(root, finding.file).split(path.sep).join('/');
  return `${where}:${finding.line}:${finding.column} ${finding.rule} ${finding.retirement?.retiredKey} @${finding.retirement?.host ?? '?'}${through}${declared}`;
};

/** A temporary folder with the fixture's tsconfig and `files`. */
function writeWork(files: Record<string, string>): string {
  const work = mkdtempSync(path.join(tmpdir(), 'sunset-project-clients-'));
  cpSync(path.join(fixture, 'tsconfig.json'), path.join(work, 'tsconfig.json'));
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(work, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  return work;
}

describe('--project: clients made in another file (fixtures/project-clients)', () => {
  let findings: ProjectFinding[] = [];
  let counts = {};
  beforeAll(async () => {
    const result = await runProjectCheck({ cwd: fixture, paths: ['src'], options, baseDir: fixture });
    findings = result.findings;
    counts = { files: result.files, analysed: result.analysed, loaded: result.loaded };
  });

  it('finds each request through its client, with the host of the client it names', () => {
    expect(findings.map((finding) => lineOf(fixture, finding))).toEqual(expected.project);
  });

  it('loads the modules that make the clients and their importers', () => {
    // Analysed: the files holding a retired path or a base ending in a first segment, and their
    // importers; the modules making host-only clients are loaded as the callees they are.
    expect(counts).toEqual({ files: 12, analysed: 8, loaded: 12 });
  });

  it('an instance based at /v1/buyer, a new-API call and a look-alike operation through a wrapper are not findings', () => {
    const lines = new Set(findings.map((finding) => `${path.basename(finding.file)}:${finding.line}`));
    expect(['campaigns.ts:21', 'campaigns.ts:22', 'campaigns.ts:44'].filter((at) => lines.has(at))).toEqual([]);
  });

  it("another vendor's instance through an alias carries that vendor's host, and is not the built-in API's on its own host", async () => {
    const other = findings.filter((finding) => finding.line === (finding.file.endsWith('.ts') ? 20 : 17) && finding.file.includes('features'));
    expect(other.map((finding) => finding.retirement?.host)).toEqual(['api.other-vendor.example', 'api.other-vendor.example']);
    const onHost = await runProjectCheck({ cwd: fixture, paths: ['src'], options: onAdformHost, baseDir: fixture });
    expect(onHost.findings.map((finding) => lineOf(fixture, finding))).toEqual(expected.project.filter((line) => !line.includes('@api.other-vendor.example')));
  });

  it('a wrapper method gives its request, and the declaration of the value, as related places', () => {
    const soap = findings.find((finding) => finding.file.endsWith('campaigns.ts') && finding.line === 40)!;
    const related = (soap.crossFileRelated ?? []).map((place) => `${path.relative(fixture, place.file).split(path.sep).join('/')}:${place.line}:${place.column} ${place.message}`);
    expect(related).toEqual(['src/ts/api/soap.ts:9:114 call() makes the request here.', 'src/ts/api/paths.ts:2:14 The value is declared here as ACTIONS.campaigns.']);
  });
});

describe('sunset fix --project over fixtures/project-clients', () => {
  let work = '';
  let changed: string[] = [];
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'sunset-project-clients-fix-'));
    cpSync(path.join(fixture, 'src'), path.join(work, 'src'), { recursive: true });
    cpSync(path.join(fixture, 'tsconfig.json'), path.join(work, 'tsconfig.json'));
    const result = await runProjectFix({ cwd: work, paths: ['src'], options: onAdformHost, baseDir: work, dry: false, force: true });
    changed = result.changes.map((change) => path.relative(work, change.file).split(path.sep).join('/'));
  });

  it('rewrites the path literal at each call and keeps the base; a TODO where the new path leaves the base (expected-fix/)', () => {
    const expectedDir = path.join(fixture, 'expected-fix');
    const expectedFiles = fg.sync('**/*', { cwd: expectedDir }).sort();
    expect(changed).toEqual(expectedFiles);
    for (const file of expectedFiles) expect(readFileSync(path.join(work, file), 'utf8')).toBe(readFileSync(path.join(expectedDir, file), 'utf8'));
  });

  it('changes nothing on a second run', async () => {
    const again = await runProjectFix({ cwd: work, paths: ['src'], options: onAdformHost, baseDir: work, dry: true });
    expect(again.changes).toEqual([]);
  });
});

describe('fix --project: a shared constant after a base', () => {
  const files = {
    'src/http.ts': [
      "import axios from 'axios';",
      "export const adform = axios.create({ baseURL: 'https://api.adform.com/v1' });",
      "export const campaigns = axios.create({ baseURL: 'https://api.adform.com/v1/campaigns' });",
      "export const PATHS = { managers: '/campaigns/dictionaries/managers', clients: '/dictionaries/clients' } as const;",
      '',
    ].join('\n'),
    'src/use.ts': [
      "import { adform, campaigns, PATHS } from './http';",
      'export const managers = () => adform.get(PATHS.managers);',
      'export const clients = () => campaigns.get(PATHS.clients);',
      '',
    ].join('\n'),
  };

  it('rewrites the tail the constant holds, and says why it cannot where the new path does not start with the base', async () => {
    const work = writeWork(files);
    const result = await runProjectFix({ cwd: work, paths: ['src'], options, baseDir: work, dry: true });
    expect(result.changes.map((change) => [path.relative(work, change.file).split(path.sep).join('/'), change.after])).toEqual([
      ['src/http.ts', files['src/http.ts'].replace("'/campaigns/dictionaries/managers'", "'/buyer/classifiers/managers'")],
      [
        'src/use.ts',
        files['src/use.ts'].replace(
          'export const clients',
          '// TODO(sunset:campaign-dictionary-clients): replace GET /v1/campaigns/dictionaries/clients\n//     with GET /v1/buyer/advertisers\n//   support ended 2019-10-01\n//   the URL is built from the client campaigns of ./http.ts and PATHS.clients of ./http.ts\nexport const clients',
        ),
      ],
    ]);
    expect(result.sites.map((site) => `${site.file}:${site.line} ${site.action}: ${site.reason}`)).toEqual([
      'src/http.ts:4 rewritten: GET /v1/campaigns/dictionaries/managers → GET /v1/buyer/classifiers/managers',
      "src/use.ts:3 todo: the new path does not start with /v1/campaigns, the URL's base before PATHS.clients, which other calls share",
    ]);
  });

  it('a base read by requests of other files is not reported on its own', async () => {
    const work = writeWork(files);
    const { findings } = await runProjectCheck({ cwd: work, paths: ['src'], options, baseDir: work });
    expect(findings.map((finding) => lineOf(work, finding))).toEqual([
      'src/use.ts:2:42 no-legacy-rest-path GET /v1/campaigns/dictionaries/managers @api.adform.com <- src/http.ts:2:23 (adform), src/http.ts:4:34 (PATHS.managers)',
      'src/use.ts:3:44 no-legacy-rest-path GET /v1/campaigns/dictionaries/clients @api.adform.com <- src/http.ts:3:26 (campaigns), src/http.ts:4:79 (PATHS.clients)',
    ]);
  });
});

describe('--project: the method a caller passes to a wrapper', () => {
  // A vendor whose PUT /me/tracks is retired while GET /me/tracks stays: a request whose method is not
  // known is not reported, unless its caller says which.
  const music = { id: 'music', name: 'Music API', hosts: ['api.music.example'], basePaths: ['/v1'] };
  const musicOptions: SunsetOptions = {
    ...options,
    apis: [music],
    catalog: createCatalog(
      [{ id: 'save-tracks', retired: 'PUT /me/tracks', replacements: ['PUT /me/library/tracks'], gaEnds: '2025-01-01', supportEnds: '2026-01-01', service: 'Music', api: 'music', liveMethods: ['GET'] }],
      'customEntries',
      [music],
    ),
  } as SunsetOptions;
  const client = (typed: boolean): string =>
    [
      "const API = 'https://api.music.example/v1';",
      `export function request(method${typed ? ': string' : ''}, url${typed ? ': string' : ''}) {`,
      '  return fetch(API + url, { method });',
      '}',
      `export const put = (url${typed ? ': string' : ''}) => request('PUT', url);`,
      'export class Library {',
      `  send(method${typed ? ': string' : ''}, url${typed ? ': string' : ''}) {`,
      '    return fetch(`${API}${url}`, { method, headers: {} });',
      '  }',
      '}',
      '',
    ].join('\n');
  const callers = (extension: string): string =>
    [
      `import { request, put, Library } from './client${extension === 'ts' ? '' : '.js'}';`,
      "export const save = () => request('PUT', '/me/tracks');",
      "export const list = () => request('GET', '/me/tracks');",
      "export const saveAgain = () => put('/me/tracks');",
      `export const either = (method${extension === 'ts' ? ': string' : ''}) => request(method, '/me/tracks');`,
      "export const viaMethod = () => new Library().send('PUT', '/me/tracks');",
      '',
    ].join('\n');

  for (const extension of ['ts', 'js']) {
    it(`resolves the method through one and two calls, and leaves a GET and an unknown method alone (.${extension})`, async () => {
      const work = writeWork({ [`src/client.${extension}`]: client(extension === 'ts'), [`src/use.${extension}`]: callers(extension) });
      const { findings } = await runProjectCheck({ cwd: work, paths: ['src'], options: musicOptions, baseDir: work });
      expect(findings.map((finding) => lineOf(work, finding))).toEqual([
        `src/use.${extension}:2:42 no-legacy-rest-path PUT /me/tracks @api.music.example via request (src/client.${extension}:3)`,
        `src/use.${extension}:4:36 no-legacy-rest-path PUT /me/tracks @api.music.example via put (src/client.${extension}:3)`,
        `src/use.${extension}:6:58 no-legacy-rest-path PUT /me/tracks @api.music.example via send (src/client.${extension}:8)`,
      ]);
    });
  }
});

describe('--project on code the checker reads badly', () => {
  it("a namespace import of a JSON module: its members are no clients (the resolver met the module's source file and threw)", async () => {
    const work = writeWork({
      'tsconfig.json': JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', resolveJsonModule: true, strict: true, types: [] } }),
      'src/languages.json': '{ "en": "English" }\n',
      'src/a.ts': "import * as languages from './languages.json';\nexport const f = () => languages.get('/v1/campaigns');\n",
    });
    const result = await runProjectCheck({ cwd: work, paths: ['src'], options: onAdformHost, baseDir: work });
    expect(result.findings.map((finding) => lineOf(work, finding))).toEqual(['src/a.ts:2:38 no-legacy-rest-path GET /v1/campaigns @?']);
    expect(result.checkerFailures).toEqual([]);
  });

  it('a Vue component is left to the first pass (its markup read as TypeScript made the checker throw): its finding, at its own line and column', async () => {
    const work = writeWork({
      'src/Campaigns.vue': [
        '<template>',
        '  <ul :class="{ a: b < c, \'d\': e }"><li v-for="c in list">{{ c.name }}</li></ul>',
        '</template>',
        '<script setup lang="ts">',
        "import axios from 'axios';",
        "const api = axios.create({ baseURL: 'https://api.adform.com' });",
        "const list = await api.get('/v1/campaigns');",
        '</script>',
        '',
      ].join('\n'),
    });
    const result = await runProjectCheck({ cwd: work, paths: ['src'], options: onAdformHost, baseDir: work });
    expect(result.findings.map((finding) => lineOf(work, finding))).toEqual(['src/Campaigns.vue:7:28 no-legacy-rest-path GET /v1/campaigns @api.adform.com']);
    expect(result.checkerFailures).toEqual([]);
    expect({ analysed: result.analysed, loaded: result.loaded }).toEqual({ analysed: 0, loaded: 0 });
  });
});
