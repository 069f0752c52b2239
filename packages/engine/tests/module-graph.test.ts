import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analysisOptionsOf } from '../src/analysis-contract.js';
import { checkFiles } from '../src/check/check-files.js';
import { buildModuleGraph, moduleFactsOf, resolveRelativeModule, scanModuleReferences, scanModuleReferencesIn } from '../src/module-graph/index.js';
import { resolveModule } from '../src/module-graph/scan-imports.js';
import { makeTree, sunsetOptions } from './helpers.js';
import { checkWithModuleGraph } from './module-graph-harness.js';

const fixture = path.resolve(import.meta.dirname, '../../../fixtures/project-app');

type CheckedFinding = Awaited<ReturnType<typeof checkFiles>>['findings'][number];

/** `file` relative to `root`, with forward slashes. */
const relativeTo = (root: string, file: string): string => path.relative(root, file).split(path.sep).join('/');

/**
 * A finding as one line: `file:line:column [rule] key [migration] [host=…] [<- declaredIn]`, the parts
 * a test compares (`rule`, `migration` and `host` say which it shows; the migration by default).
 */
function findingLine(root: string, finding: CheckedFinding, show: { readonly rule?: boolean; readonly migration?: boolean; readonly host?: boolean } = {}): string {
  const parts = [`${relativeTo(root, finding.file)}:${finding.line}:${finding.column}`];
  if (show.rule === true) parts.push(finding.rule);
  parts.push(String(finding.retirement?.retiredKey));
  if (show.migration !== false) parts.push(String(finding.retirement?.migration));
  if (show.host === true) parts.push(`host=${finding.retirement?.host ?? '?'}`);
  if (finding.data.declaredIn !== undefined) parts.push(`<- ${String(finding.data.declaredIn)}`);
  return parts.join(' ');
}

/** `file:line:column rule key migration [declaredIn]`, the findings of a harness run. */
async function findingsOf(root: string, crossFile = true): Promise<string[]> {
  const { findings } = await checkWithModuleGraph(path.join(root, 'src'), sunsetOptions(), crossFile, root);
  return findings.map((finding) => findingLine(root, finding, { rule: true }));
}

/** The findings (`findingLine`) of a cross-file check of `src` in a tree of `files`, only of `onlyFiles` when given. */
async function crossFileLines(files: Readonly<Record<string, string>>, onlyFiles: readonly string[] | undefined, show: { readonly host?: boolean } = {}): Promise<string[]> {
  const root = makeTree(files);
  const only = onlyFiles?.map((file) => path.join(root, file));
  const result = await checkFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions(), threads: 1, crossFile: true, ...(only === undefined ? {} : { onlyFiles: only }) });
  return result.findings.map((finding) => findingLine(root, finding, show));
}

describe('scanModuleReferences', () => {
  it('lists relative imports, requires and re-exports, and ignores packages', () => {
    const text = [
      "import axios from 'axios';",
      "import { A,\n  B } from './paths.js';",
      "const c = require('../c');",
      "export * from './barrel';",
      "export { D as E } from \"./d\";",
    ].join('\n');
    expect(scanModuleReferences(text)).toEqual({ imports: ['./paths.js', '../c', './barrel', './d'], reexports: ['./barrel', './d'] });
  });

  it('reads every form of export … from, side-effect imports and spaced requires, and skips strings that are not specifiers', () => {
    const text = [
      "export * as ns from './ns';",
      'export type { T } from "../types.js";',
      "export type * from './all-types';",
      "import type { X } from './x';",
      "import './side-effect.css';",
      "const r = require ( './r' );",
      "const lazy = import('./lazy');",
      "const p = './not-a-specifier';",
      "logger.info('from', './neither');",
      "import { y } from './y';",
    ].join('\n');
    expect(scanModuleReferences(text)).toEqual({
      imports: ['./ns', '../types.js', './all-types', './x', './side-effect.css', './r', './y'],
      reexports: ['./ns', '../types.js', './all-types'],
    });
  });

  it('reads the same from UTF-8 bytes, characters beyond ASCII around and inside a specifier', () => {
    const text = [
      "const greeting = '😀 héllo';",
      "import { a } from './é/ü.js';",
      "export * from '../данные';",
      "import { b } from\u00a0'./nbsp-is-no-space';",
      "const c = requiré('./accented-require');",
      "éfrom './glued-to-a-letter';",
      "export { d } from './d😀';",
    ].join('\n');
    const expected = { imports: ['./é/ü.js', '../данные', './d😀'], reexports: ['../данные', './d😀'] };
    expect(scanModuleReferences(text)).toEqual(expected);
    expect(scanModuleReferencesIn(Buffer.from(text))).toEqual(expected);
  });

  it("reads a folder's index named . or .. (either quote), and no bare name starting with a dot", () => {
    const text = [
      "import { A } from '.';",
      'import { B } from "..";',
      "export * from '../..';",
      "const c = require('..');",
      "import { D } from '.foo';",
      "import { E } from '...';",
        "const g = 'Done.';",
      "logger.info('from', '.');",
      "import { H } from './';",
    ].join('\n');
    const expected = { imports: ['.', '..', '../..', '..', './'], reexports: ['../..'] };
    expect(scanModuleReferences(text)).toEqual(expected);
    expect(scanModuleReferencesIn(Buffer.from(text))).toEqual(expected);
    // With any bare specifier an alias (a baseUrl), `.foo` is one of them: a name, never a path beside the file.
    expect(scanModuleReferences("import { A } from '.foo';\nimport { B } from '.';\n", [''])).toEqual({ imports: ['.', '.foo'], reexports: [] });
  });

  it('costs one search on a file without a relative specifier', () => {
    expect(scanModuleReferences("import x from 'x';\nfetch('/v1/campaigns');")).toEqual({ imports: [], reexports: [] });
  });
});

describe('resolveRelativeModule', () => {
  const known = new Set(['/r/src/a.ts', '/r/src/lib/index.ts', '/r/src/b.js']);
  it.each([
    ['./a.js', '/r/src/a.ts'],
    ['./a', '/r/src/a.ts'],
    ['./lib', '/r/src/lib/index.ts'],
    ['./b.js', '/r/src/b.js'],
    ['./missing', undefined],
  ])('resolves %s from a scanned file to %s', (specifier, expected) => {
    expect(resolveRelativeModule('/r/src/main.ts', specifier, known)).toBe(expected);
  });

  // A folder beside a file of its name: `.`, `..`, `./`, `../`, `../..` name the folder, so its index (as Node and TypeScript resolve them); `../lib` tries the file first.
  const folders = new Set(['/r/src/lib.ts', '/r/src/lib/index.ts', '/r/index.js', '/r/src/lib/sub/deep.ts', '/r/src/.foo.ts']);
  it.each([
    ['/r/src/lib/sub/use.ts', '..', '/r/src/lib/index.ts'],
    ['/r/src/lib/sub/use.ts', '../', '/r/src/lib/index.ts'],
    ['/r/src/lib/sub/use.ts', '../index', '/r/src/lib/index.ts'],
    ['/r/src/lib/use.ts', '.', '/r/src/lib/index.ts'],
    ['/r/src/lib/use.ts', './', '/r/src/lib/index.ts'],
    ['/r/src/lib/sub/use.ts', '../..', undefined],
    ['/r/src/lib/sub/use.ts', '../../..', '/r/index.js'],
    ['/r/src/lib/sub/use.ts', '../../lib', '/r/src/lib.ts'],
    ['/r/src/lib/sub/use.ts', '../../lib/', '/r/src/lib/index.ts'],
    ['/r/src/lib/sub/use.ts', '.', undefined],
    ['/r/src/use.ts', '.lib', undefined],
    ['/r/src/use.ts', '.foo', undefined],
  ])('resolves %s importing %s to %s', (from, specifier, expected) => {
    expect(resolveModule(from, specifier, folders)).toBe(expected);
  });
});

describe('buildModuleGraph', () => {
  const graphOf = (files: Record<string, string>) => {
    const root = makeTree(files);
    const paths = Object.keys(files).map((file) => path.join(root, file));
    const texts = new Map(paths.map((file, at) => [file, Object.values(files)[at]!]));
    const options = analysisOptionsOf(sunsetOptions());
    const facts = new Map(paths.map((file) => [file, moduleFactsOf(texts.get(file)!, options)]));
    return { root, graph: buildModuleGraph(paths, { factsOf: (file) => facts.get(file), readText: (file) => texts.get(file) }, options) };
  };

  it('makes a file without a needle a candidate when it imports from a module holding one', () => {
    const { root, graph } = graphOf({
      'paths.ts': "export const LEGACY = '/v1/campaigns';\n",
      'use.ts': "import { LEGACY } from './paths';\nfetch(LEGACY);\n",
      'other.ts': "import { x } from './x';\nfetch(x);\n",
      'x.ts': "export const x = '/v1/buyer/campaigns';\n",
    });
    expect(graph.importers).toEqual([path.join(root, 'use.ts')]);
    expect(graph.modules[path.join(root, 'paths.ts')]?.LEGACY).toMatchObject({ kind: 'text', parts: [{ kind: 'text', value: '/v1/campaigns' }] });
  });

  it('follows barrels and template literals over imported constants', () => {
    const { root, graph } = graphOf({
      'base.ts': "const CAMPAIGNS = '/v1/campaigns';\nexport const LEGACY = `${CAMPAIGNS}/dictionaries/labels`;\n",
      'index.ts': "export * from './base';\n",
      'use.ts': "import { LEGACY } from './index.js';\nfetch(LEGACY);\n",
    });
    expect(graph.links[path.join(root, 'use.ts')]).toEqual({ './index.js': path.join(root, 'index.ts') });
    expect(graph.modules[path.join(root, 'index.ts')]?.LEGACY).toMatchObject({ parts: [{ kind: 'text', value: '/v1/campaigns/dictionaries/labels' }] });
  });

  it('gives no value for a let the module reassigns', () => {
    const { root, graph } = graphOf({
      'paths.ts': "export let current = '/v1/campaigns';\nexport function reset() { current = '/v1/buyer/campaigns'; }\n",
      'use.ts': "import { current } from './paths';\nfetch(current);\n",
    });
    expect(graph.modules[path.join(root, 'paths.ts')]?.current).toBeUndefined();
  });
});

describe('check with the module graph (fixtures/project-app)', () => {
  it('reports only the declarations without the graph', async () => {
    expect(await findingsOf(fixture, false)).toEqual([
      'src/api/endpoints.ts:2:15 no-legacy-rest-path /v1/campaigns todo',
      'src/api/paths.ts:2:30 no-legacy-rest-path /v1/campaigns/dictionaries/managers rewrite',
      'src/api/paths.ts:3:33 no-legacy-rest-path /v1/campaigns todo',
      'src/api/paths.ts:7:12 no-legacy-rest-path /v1/campaigns/dictionaries/clients rewrite',
      'src/api/paths.ts:8:11 no-legacy-rest-path /v1/campaigns/dictionaries/labels todo',
      'src/api/paths.ts:11:32 no-legacy-rest-path /v1/campaigns/dictionaries/comanagers rewrite',
      'src/api/report-path.ts:1:16 no-sync-reporting /v1/reportingstats/agency/reportdata todo',
    ]);
  });

  it('adds the calls that read an exported constant, object member, enum member or default export by relative path or paths alias, saying where it is declared', async () => {
    const added = (await findingsOf(fixture)).filter((line) => line.includes(' <- '));
    expect(added).toEqual([
      'src/services/campaigns.ts:8:20 no-legacy-rest-path GET /v1/campaigns todo <- src/api/paths.ts:3:33 (LEGACY_CAMPAIGNS)',
      'src/services/campaigns.ts:12:22 no-legacy-rest-path PATCH /v1/campaigns todo <- src/api/paths.ts:3:33 (LEGACY_CAMPAIGNS)',
      // sunset fix rewrites MANAGERS_PATH where it is declared, which migrates this GET.
      'src/services/campaigns.ts:16:20 no-legacy-rest-path GET /v1/campaigns/dictionaries/managers rewrite <- src/api/paths.ts:2:30 (MANAGERS_PATH)',
      // `import * as Endpoints from '@api/endpoints'`: the tsconfig's paths alias, as TypeScript resolves it.
      'src/services/campaigns.ts:24:20 no-legacy-rest-path GET /v1/campaigns/{id} todo <- src/api/endpoints.ts:2:15 (LegacyEndpoint.Campaigns)',
      'src/services/campaigns.ts:33:16 no-legacy-rest-path GET /v1/campaigns/dictionaries/labels todo <- src/api/paths.ts:8:11 (API.labels)',
      'src/services/campaigns.ts:37:16 no-sync-reporting POST /v1/reportingstats/agency/reportdata todo <- src/api/report-path.ts:1:16 (default)',
      'src/services/dictionaries.ts:11:17 no-legacy-rest-path /v1/campaigns/{campaignId}/orders todo <- src/api/endpoints.ts:2:15 (LegacyEndpoint.Campaigns), src/api/endpoints.ts:3:12 (LegacyEndpoint.Orders)',
    ]);
  });

  it('does not follow a look-alike constant or a reassigned let', async () => {
    const lines = await findingsOf(fixture);
    expect(lines.filter((line) => /campaigns\.ts:(20|28):/.test(line))).toEqual([]);
  });

  it('gives the related location at the declaration in the other file', async () => {
    const { findings } = await checkWithModuleGraph(path.join(fixture, 'src'), sunsetOptions(), true, fixture);
    const pause = findings.find((finding) => finding.line === 12 && finding.file.endsWith('campaigns.ts'));
    expect(pause?.crossFileRelated).toEqual([
      { file: path.join(fixture, 'src/api/paths.ts'), line: 3, column: 33, endLine: 3, endColumn: 48, message: 'The value is declared here as LEGACY_CAMPAIGNS.', role: 'value', range: [166, 181] },
    ]);
  });
});

describe('sunset check with the module graph (checkFiles, crossFile)', () => {
  const tree = {
    'src/api/paths.ts': [
      "export const LEGACY = '/v1/campaigns';",
      "export const LOOK_ALIKE = '/v1/campaignsArchive';",
      "export const BUYER = '/v1/buyer/campaigns';",
      "export let current = '/v1/campaigns/dictionaries/managers';",
      "export function useBuyer(): void { current = '/v1/buyer/classifiers/managers'; }",
      "export const LABELS = { active: 'Active' } as const;",
      '',
    ].join('\n'),
    'src/api/index.ts': "export * from './paths';\n",
    'src/direct.ts': "import { LEGACY } from './api/paths';\nexport const list = () => fetch(LEGACY);\n",
    'src/through-barrel.ts': "import { LEGACY } from './api';\nexport const pause = () => fetch(LEGACY, { method: 'PATCH' });\n",
    'src/negatives.ts': [
      "import { BUYER, LABELS, LOOK_ALIKE, current } from './api/paths';",
      'export const a = () => fetch(LOOK_ALIKE);',
      'export const b = () => fetch(BUYER);',
      'export const c = () => fetch(current);',
      'export const d = () => fetch(LABELS.active);',
      '',
    ].join('\n'),
    'src/outside.ts': "import { LEGACY } from '../vendor/paths';\nexport const e = () => fetch(LEGACY);\n",
    'vendor/paths.ts': "export const LEGACY = '/v1/campaigns';\n",
    'src/cycle-a.ts': "import { MANAGERS } from './cycle-b';\nexport const LABELS = '/v1/campaigns/dictionaries/labels';\nexport const f = () => fetch(MANAGERS);\n",
    'src/cycle-b.ts': "import { LABELS } from './cycle-a';\nexport const MANAGERS = '/v1/campaigns/dictionaries/managers';\nexport const g = () => fetch(LABELS);\n",
    'src/built.ts': "import { LEGACY } from './api/paths';\nexport const LABELS_PATH = `${LEGACY}/dictionaries/labels`;\n",
    'src/uses-built.ts': "import { LABELS_PATH } from './built';\nexport const h = () => fetch(LABELS_PATH);\n",
  };

  const linesOf = async (crossFile: boolean): Promise<{ lines: string[]; candidates: string[] }> => {
    const root = makeTree(tree);
    const result = await checkFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions(), threads: 1, crossFile });
    const lines = result.findings.map((finding) => findingLine(root, finding));
    return { lines, candidates: result.candidateFiles.map((file) => relativeTo(root, file)) };
  };

  it('reports each call reading a retired constant by relative path, directly, through a barrel or a cycle, and the declarations no such call reads', async () => {
    const { lines, candidates } = await linesOf(true);
    expect(lines).toEqual([
      // LEGACY (paths.ts:1:23), LABELS (cycle-a.ts:2:23) and MANAGERS (cycle-b.ts:2:25) are reported at the requests reading them only.
      // A reassigned `let` is not offered to other files: reported where it is declared.
      'src/api/paths.ts:4:22 /v1/campaigns/dictionaries/managers rewrite',
      // Built in a file without a needle from an imported constant: reported where it is built, not offered on (uses-built.ts).
      'src/built.ts:2:28 /v1/campaigns/dictionaries/labels todo <- src/api/paths.ts:1:23 (LEGACY)',
      // MANAGERS' own finding is a one-to-one rewrite (sunset fix makes it in cycle-b.ts): the GET reading it is that rewrite; LABELS' is a TODO.
      'src/cycle-a.ts:3:30 GET /v1/campaigns/dictionaries/managers rewrite <- src/cycle-b.ts:2:25 (MANAGERS)',
      'src/cycle-b.ts:3:30 GET /v1/campaigns/dictionaries/labels todo <- src/cycle-a.ts:2:23 (LABELS)',
      'src/direct.ts:2:33 GET /v1/campaigns todo <- src/api/paths.ts:1:23 (LEGACY)',
      'src/through-barrel.ts:2:34 PATCH /v1/campaigns todo <- src/api/paths.ts:1:23 (LEGACY)',
    ]);
    // Every file importing from a module that exports a retired value is parsed too (the barrel, and negatives.ts, which
    // finds nothing: the scan does not read which names are imported); outside.ts and uses-built.ts are not.
    expect(candidates).toEqual([
      'src/api/index.ts',
      'src/api/paths.ts',
      'src/built.ts',
      'src/cycle-a.ts',
      'src/cycle-b.ts',
      'src/direct.ts',
      'src/negatives.ts',
      'src/through-barrel.ts',
    ]);
  });

  it('finds nothing through another file without crossFile', async () => {
    const { lines, candidates } = await linesOf(false);
    expect(lines).toEqual([
      'src/api/paths.ts:1:23 /v1/campaigns todo',
      'src/api/paths.ts:4:22 /v1/campaigns/dictionaries/managers rewrite',
      'src/cycle-a.ts:2:23 /v1/campaigns/dictionaries/labels todo',
      'src/cycle-b.ts:2:25 /v1/campaigns/dictionaries/managers rewrite',
    ]);
    expect(candidates).toEqual(['src/api/paths.ts', 'src/cycle-a.ts', 'src/cycle-b.ts']);
  });

  it('leaves a minified importer as the first pass left it: not parsed, not listed as skipped', async () => {
    const minified = `import{LEGACY}from'./paths';${'var a=1;'.repeat(600)}fetch(LEGACY);`;
    const root = makeTree({ 'src/paths.ts': "export const LEGACY = '/v1/campaigns';\n", 'src/bundle.js': minified });
    const result = await checkFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions(), threads: 1, crossFile: true });
    expect(result.findings.map((finding) => path.relative(root, finding.file))).toEqual([path.join('src', 'paths.ts')]);
    expect({ skipped: result.skipped, candidates: result.candidates }).toEqual({ skipped: [], candidates: 1 });
  });

  it('gives a finding through another file its declaration as a related location in that file, and keeps its own related locations', async () => {
    const root = makeTree(tree);
    const result = await checkFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions(), threads: 1, crossFile: true });
    const direct = result.findings.find((finding) => finding.file === path.join(root, 'src/direct.ts'));
    expect({ data: direct?.data, relatedLocations: direct?.relatedLocations, crossFileRelated: direct?.crossFileRelated }).toEqual({
      data: { ...direct?.data, declaredIn: 'src/api/paths.ts:1:23 (LEGACY)' },
      relatedLocations: [],
      // The offsets of the value in its file too: a request of that file whose fix edits inside them rewrites it for this one.
      crossFileRelated: [{ file: path.join(root, 'src/api/paths.ts'), line: 1, column: 23, endLine: 1, endColumn: 38, message: 'The value is declared here as LEGACY.', role: 'value', range: [22, 37] }],
    });
    // The declaration LEGACY is reported at its readers only; the `let` beside it keeps its own finding, without related places in other files.
    const declarations = result.findings.filter((finding) => finding.file === path.join(root, 'src/api/paths.ts'));
    expect(declarations.map((finding) => [finding.line, finding.column, 'crossFileRelated' in finding])).toEqual([[4, 22, false]]);
  });
});

describe("sunset check with the module graph: a folder's index imported as . or .. (trial 2026-11-27)", () => {
  const tree = {
    'src/api/index.ts': "export const MANAGERS = '/v1/campaigns/dictionaries/managers';\n",
    // A file named as the folder: `./` and `..` name the folder's index, never this file.
    'src/api.ts': "export const MANAGERS = '/v1/campaigns/dictionaries/labels';\n",
    'src/api/use-dot.ts': "import { MANAGERS } from '.';\nexport const a = () => fetch(MANAGERS);\n",
    'src/api/use-dot-slash.ts': "import { MANAGERS } from './';\nexport const b = () => fetch(MANAGERS);\n",
    'src/api/sub/use-dotdot.ts': 'import { MANAGERS } from "..";\nexport const c = () => fetch(MANAGERS);\n',
    'src/api/sub/use-dotdot-slash.ts': "import { MANAGERS } from '../';\nexport const d = () => fetch(MANAGERS);\n",
    'src/api/sub/use-dotdot-index.ts': "import { MANAGERS } from '../index';\nexport const e = () => fetch(MANAGERS);\n",
    'src/api/sub/deeper/use-dotdot-dotdot.ts': "import { MANAGERS } from '../..';\nexport const f = () => fetch(MANAGERS);\n",
    'src/api/sub/required.js': "const { MANAGERS } = require('..');\nexports.g = () => fetch(MANAGERS);\n",
    // `..` where the parent folder has no index, and a bare name starting with a dot: nothing followed, nothing failed.
    'src/lonely/use.ts': "import { MANAGERS } from '..';\nexport const h = () => fetch(MANAGERS);\n",
    'src/api/dot-name.ts': "import { MANAGERS } from '.api';\nexport const i = () => fetch(MANAGERS);\n",
    'src/api/.api.ts': "export const MANAGERS = '/v1/campaigns/dictionaries/managers';\n",
  };
  const managers = 'GET /v1/campaigns/dictionaries/managers rewrite <- src/api/index.ts:1:25 (MANAGERS)';

  it('reports each request reading the constant, whichever way the folder is named, the declaration at its readers only', async () => {
    const root = makeTree(tree);
    const result = await checkFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions(), threads: 1, crossFile: true });
    expect({ errors: result.errors, lines: result.findings.map((finding) => findingLine(root, finding, { rule: true })) }).toEqual({
      errors: [],
      lines: [
        'src/api.ts:1:25 no-legacy-rest-path /v1/campaigns/dictionaries/labels todo',
        // Read by no request: `.api` is a name, not this file beside dot-name.ts.
        'src/api/.api.ts:1:25 no-legacy-rest-path /v1/campaigns/dictionaries/managers rewrite',
        `src/api/sub/deeper/use-dotdot-dotdot.ts:2:30 no-legacy-rest-path ${managers}`,
        `src/api/sub/required.js:2:25 no-legacy-rest-path ${managers}`,
        `src/api/sub/use-dotdot-index.ts:2:30 no-legacy-rest-path ${managers}`,
        `src/api/sub/use-dotdot-slash.ts:2:30 no-legacy-rest-path ${managers}`,
        `src/api/sub/use-dotdot.ts:2:30 no-legacy-rest-path ${managers}`,
        `src/api/use-dot-slash.ts:2:30 no-legacy-rest-path ${managers}`,
        `src/api/use-dot.ts:2:30 no-legacy-rest-path ${managers}`,
      ],
    });
  });

  it('follows them in a run of the importers only (--changed-since), as in a walk of the tree', async () => {
    // A run of some files cannot know every reader of the constant: it does not promise the rewrite where it is declared.
    const todo = managers.replace(' rewrite ', ' todo ');
    expect(await crossFileLines(tree, ['src/api/use-dot.ts', 'src/api/sub/use-dotdot.ts', 'src/api/sub/deeper/use-dotdot-dotdot.ts', 'src/lonely/use.ts', 'src/api/dot-name.ts'])).toEqual([
      `src/api/sub/deeper/use-dotdot-dotdot.ts:2:30 ${todo}`,
      `src/api/sub/use-dotdot.ts:2:30 ${todo}`,
      `src/api/use-dot.ts:2:30 ${todo}`,
    ]);
  });
});

describe('sunset check with the module graph: clients from other files (issue 21)', () => {
  const tree = {
    'src/api/http.ts': "import axios from 'axios';\nexport const adform = axios.create({ baseURL: 'https://api.adform.com/v1' });\nexport default axios.create({ baseURL: 'https://api.adform.com/v1/buyer' });\n",
    'src/api/ky.js': "const ky = require('ky');\nmodule.exports = { api: ky.create({ prefixUrl: `${process.env.HOST ?? 'https://api.adform.com'}/v1/` }) };\n",
    'src/features/campaigns.ts': "import buyer, { adform } from '../api/http';\nexport const list = () => adform.get('/campaigns');\nexport const buyerList = () => buyer.get('/campaigns');\n",
    'src/features/managers.js': "const { api } = require('../api/ky');\nexports.managers = () => api.get('campaigns/dictionaries/managers').json();\n",
    // Another vendor's SDK: a wrapper class over an instance of its own host, in another file (CommonJS).
    'src/vendor/apiClient.js': [
      "const axios = require('axios');",
      "const apiClient = axios.create({ baseURL: 'https://adsapi.othervendor.example' });",
      'class ApiClient {',
      '  makeRequest(method, endpoint) { return apiClient({ method, url: endpoint }); }',
      "  get(endpoint) { return this.makeRequest('GET', endpoint); }",
      '}',
      'module.exports = ApiClient;',
      '',
    ].join('\n'),
    'src/vendor/adsManager.js': [
      "const apiClient = require('./apiClient');",
      'class AdsManager {',
      '  constructor() { this.apiClient = new apiClient(); }',
      '  getSpecificCampaign(campaignId) { return this.apiClient.get(`/v1/campaigns/${campaignId}`); }',
      '}',
      'module.exports = AdsManager;',
      '',
    ].join('\n'),
    // Imports a client module but reads no path a base could complete: not parsed again.
    'src/features/unrelated.ts': "import { adform } from '../api/http';\nexport const ping = () => adform.get('/health');\n",
  };

  const linesOf = async (apiHosts?: readonly string[]): Promise<{ lines: string[]; candidates: string[] }> => {
    const root = makeTree(tree);
    const options = apiHosts === undefined ? sunsetOptions() : sunsetOptions({ apiHosts });
    const result = await checkFiles(['src'], { cwd: root, baseDir: root, options, threads: 1, crossFile: true });
    const lines = result.findings.map((finding) => findingLine(root, finding, { host: true }));
    return { lines, candidates: result.candidateFiles.map((file) => relativeTo(root, file)).sort() };
  };

  it("joins a client's base from another file (ES import, require of module.exports) to the path at the call; another vendor's wrapper is its host's", async () => {
    const { lines, candidates } = await linesOf();
    expect(lines).toEqual([
      'src/features/campaigns.ts:2:38 GET /v1/campaigns rewrite host=api.adform.com <- src/api/http.ts:2:23 (adform)',
      'src/features/managers.js:2:34 GET /v1/campaigns/dictionaries/managers rewrite host=api.adform.com <- src/api/ky.js:2:25 (api)',
    ]);
    expect(candidates).toEqual(['src/features/campaigns.ts', 'src/features/managers.js', 'src/vendor/adsManager.js']);
  });

  it("counts another vendor's wrapper, with its host, when every host is the API's ('*')", async () => {
    const { lines } = await linesOf(['*']);
    expect(lines.filter((line) => line.startsWith('src/vendor/'))).toEqual([
      'src/vendor/adsManager.js:4:63 GET /v1/campaigns/{id} todo host=adsapi.othervendor.example <- src/vendor/apiClient.js:3:1 (default)',
    ]);
  });
});

describe('sunset check with the module graph: Nuxt and VueUse clients from other files (trial s47)', () => {
  const tree = {
    'composables/clients.ts': [
      "import { createFetch } from '@vueuse/core';",
      "export const adform = $fetch.create({ baseURL: 'https://api.adform.com' });",
      "export const snap = $fetch.create({ baseURL: 'https://adsapi.snapchat.com' });",
      "export const useSnapFetch = createFetch({ baseUrl: 'https://adsapi.snapchat.com' });",
      '',
    ].join('\n'),
    'stores/campaigns.ts': [
      "import { adform, snap, useSnapFetch } from '../composables/clients';",
      "export const list = () => adform('/v1/campaigns');",
      "export const snapList = () => snap('/v1/campaigns');",
      "export const snapManagers = () => useSnapFetch('/v1/campaigns/dictionaries/managers').get().json();",
      '',
    ].join('\n'),
  };

  it("joins the base of a $fetch.create or createFetch instance of another file: the API's is rewritten, another vendor's is not reported", async () => {
    const root = makeTree(tree);
    const result = await checkFiles(['.'], { cwd: root, baseDir: root, options: sunsetOptions({ apiHosts: ['api.adform.com'] }), threads: 1, crossFile: true });
    expect(result.findings.map((finding) => findingLine(root, finding, { host: true }))).toEqual([
      'stores/campaigns.ts:2:34 GET /v1/campaigns rewrite host=api.adform.com <- composables/clients.ts:2:23 (adform)',
    ]);
    expect(result.otherHostCount).toBe(2);
  });
});

describe('sunset check with the module graph: tsconfig paths and baseUrl aliases', () => {
  const tree = {
    'tsconfig.json': '{\n  // Angular keeps its aliases here\n  "compilerOptions": { "paths": { "@app/*": ["./src/app/*"], "@env/*": ["./src/environments/*"] } }\n}\n',
    'src/environments/environment.ts': "export const environment = { production: false, apiUrl: 'https://api.adform.com/v1/campaigns' };\n",
    'src/app/api/paths.ts': "export const CLIENTS_PATH = '/v1/campaigns/dictionaries/clients';\nexport const MANAGERS_PATH = '/v1/campaigns/dictionaries/managers';\n",
    'src/app/api/index.ts': "export * from '@app/api/paths';\n",
    'src/app/list.ts': "import axios from 'axios';\nimport { CLIENTS_PATH } from '@app/api/paths';\n\nexport const listClients = () => axios.get(CLIENTS_PATH);\n",
    'src/app/create.ts': "import axios from 'axios';\nimport { CLIENTS_PATH } from '@app/api';\n\nexport const createClient = (body: unknown) => axios.post(CLIENTS_PATH, body);\n",
    'src/app/managers.ts': "import { MANAGERS_PATH } from '@app/api';\n\nexport const listManagers = () => fetch(MANAGERS_PATH);\n",
    'src/app/campaign.ts': "import { environment } from '@env/environment';\n\nexport const loadCampaign = (id: string) => fetch(`${environment.apiUrl}/${id}`);\n",
    // A client and the paths it is called with, in one module (`src/app/http/api.ts`): Vite and React apps keep them so.
    'src/app/http/api.ts':
      "import axios from 'axios';\n\nexport const adform = axios.create({ baseURL: 'https://api.adform.com/v1' });\nexport const ENDPOINTS = { campaigns: '/campaigns', labels: '/campaigns/dictionaries/labels' };\n",
    'src/app/labels.ts': "import { adform, ENDPOINTS } from '@app/http/api';\n\nexport const listLabels = () => adform.get(ENDPOINTS.labels);\n",
    // Look-alikes: an alias no config maps, and a package of the same name.
    'src/app/negatives.ts': "import { CLIENTS_PATH } from '@other/api/paths';\nimport { MANAGERS_PATH } from 'app/api/paths';\n\nexport const a = () => fetch(CLIENTS_PATH);\nexport const b = () => fetch(MANAGERS_PATH);\n",
  };

  const linesOf = (files: Readonly<Record<string, string>>, onlyFiles?: readonly string[]): Promise<string[]> => crossFileLines(files, onlyFiles);

  it('reports each request reading a value through an alias (directly, through a barrel, a member of an object, a client and its paths) at the request', async () => {
    expect(await linesOf(tree)).toEqual([
      'src/app/campaign.ts:3:51 GET /v1/campaigns/{id} todo <- src/environments/environment.ts:1:57 (environment.apiUrl)',
      'src/app/labels.ts:3:44 GET /v1/campaigns/dictionaries/labels todo <- src/app/http/api.ts:4:61 (ENDPOINTS.labels), src/app/http/api.ts:3:23 (adform)',
      // The POST of create.ts reads CLIENTS_PATH too: sunset fix cannot rewrite it where it is declared.
      'src/app/list.ts:4:44 GET /v1/campaigns/dictionaries/clients todo <- src/app/api/paths.ts:1:29 (CLIENTS_PATH)',
      'src/app/managers.ts:3:41 GET /v1/campaigns/dictionaries/managers rewrite <- src/app/api/paths.ts:2:30 (MANAGERS_PATH)',
    ]);
  });

  it('reads a baseUrl (jsconfig.json) as TypeScript does, and follows an alias from a changed file alone (--changed-since)', async () => {
    const cra = {
      'jsconfig.json': '{ "compilerOptions": { "baseUrl": "src" } }',
      'src/config/endpoints.js': "export const MANAGERS_PATH = '/v1/campaigns/dictionaries/managers';\n",
      'src/api/managers.js': "import { MANAGERS_PATH } from 'config/endpoints';\n\nexport const listManagers = () => fetch(MANAGERS_PATH);\n",
    };
    const expected = ['src/api/managers.js:3:41 GET /v1/campaigns/dictionaries/managers rewrite <- src/config/endpoints.js:1:30 (MANAGERS_PATH)'];
    expect(await linesOf(cra)).toEqual(expected);
    // A run of some files cannot know every reader of the constant: it does not promise the rewrite where it is declared.
    expect(await linesOf(cra, ['src/api/managers.js'])).toEqual([expected[0]!.replace(' rewrite ', ' todo ')]);
    const relative = { ...cra, 'src/api/managers.js': cra['src/api/managers.js'].replace("'config/endpoints'", "'../config/endpoints'") };
    expect(await linesOf(relative, ['src/api/managers.js'])).toEqual([expected[0]!.replace(' rewrite ', ' todo ')]);
    expect(await linesOf(tree, ['src/app/campaign.ts'])).toEqual(['src/app/campaign.ts:3:51 GET /v1/campaigns/{id} todo <- src/environments/environment.ts:1:57 (environment.apiUrl)']);
  });

  it('follows no alias without a config: the declarations are reported where they are written', async () => {
    const lines = await linesOf(Object.fromEntries(Object.entries(tree).filter(([file]) => file !== 'tsconfig.json')));
    expect(lines.filter((line) => line.includes(' <- ') && !line.startsWith('src/app/labels.ts'))).toEqual([]);
    expect(lines).toContain('src/app/api/paths.ts:1:29 /v1/campaigns/dictionaries/clients rewrite');
  });
});

describe('sunset check with the module graph: a package of the repository imported by its name (workspaces)', () => {
  it('reads its constants and its client at the requests of another package, as a relative import is read', async () => {
    const root = makeTree({
      'package.json': '{ "private": true, "workspaces": ["packages/*", "apps/*"] }',
      'packages/api-client/package.json': '{ "name": "@acme/api-client", "version": "1.0.0", "main": "./src/index.ts" }',
      'packages/api-client/src/index.ts':
        "import axios from 'axios';\n\nexport const API_BASE = 'https://api.adform.com';\nexport const LEGACY_CAMPAIGNS = '/v1/campaigns';\nexport const adform = axios.create({ baseURL: 'https://api.adform.com/v1' });\n",
      'apps/web/src/campaigns.ts':
        "import axios from 'axios';\nimport { adform, API_BASE, LEGACY_CAMPAIGNS } from '@acme/api-client';\n\nexport const list = () => axios.get(`${API_BASE}${LEGACY_CAMPAIGNS}`);\nexport const managers = () => adform.get('/campaigns/dictionaries/managers');\n",
    });
    mkdirSync(path.join(root, 'node_modules/@acme'), { recursive: true });
    symlinkSync('../../packages/api-client', path.join(root, 'node_modules/@acme/api-client'));
    const result = await checkFiles(['.'], { cwd: root, baseDir: root, options: sunsetOptions(), threads: 1, crossFile: true });
    expect(result.findings.map((finding) => findingLine(root, finding, { migration: false }))).toEqual([
      'apps/web/src/campaigns.ts:4:37 GET /v1/campaigns <- packages/api-client/src/index.ts:4:33 (LEGACY_CAMPAIGNS)',
      'apps/web/src/campaigns.ts:5:42 GET /v1/campaigns/dictionaries/managers <- packages/api-client/src/index.ts:5:23 (adform)',
    ]);
  });

  it('reads them through require() of the package name too, as its import; an installed dependency never', async () => {
    const root = makeTree({
      'package.json': '{ "private": true, "workspaces": ["packages/*", "apps/*"] }',
      'packages/api-client/package.json': '{ "name": "@acme/api-client", "version": "1.0.0", "main": "./src/index.js" }',
      'packages/api-client/src/index.js': "exports.LEGACY_CAMPAIGNS = '/v1/campaigns';\n",
      'node_modules/some-sdk/package.json': '{ "name": "some-sdk", "version": "1.0.0", "main": "index.js" }',
      'node_modules/some-sdk/index.js': "exports.MANAGERS = '/v1/campaigns/dictionaries/managers';\n",
      'apps/etl/src/campaigns.js':
        "const axios = require('axios');\nconst { LEGACY_CAMPAIGNS } = require('@acme/api-client');\nconst { MANAGERS } = require('some-sdk');\n\nexports.list = () => axios.get(LEGACY_CAMPAIGNS);\nexports.managers = () => axios.get(MANAGERS);\n",
    });
    mkdirSync(path.join(root, 'node_modules/@acme'), { recursive: true });
    symlinkSync('../../packages/api-client', path.join(root, 'node_modules/@acme/api-client'));
    const result = await checkFiles(['.'], { cwd: root, baseDir: root, options: sunsetOptions(), threads: 1, crossFile: true });
    expect(result.findings.map((finding) => findingLine(root, finding, { migration: false }))).toEqual([
      'apps/etl/src/campaigns.js:5:32 GET /v1/campaigns <- packages/api-client/src/index.js:1:28 (LEGACY_CAMPAIGNS)',
    ]);
  });
});

describe('sunset check with the module graph: values required the CommonJS way', () => {
  const tree = {
    // The Node ETL of the report: a base and a path from `require`, as the ES twin imports them.
    'src/config.js': "module.exports = { API_V1: 'https://api.adform.com/v1' };\n",
    'src/managers.js': "const axios = require('axios');\nconst { API_V1 } = require('./config');\n\nexports.managers = () => axios.get(`${API_V1}/campaigns/dictionaries/managers`);\n",
    'src/paths.js': "const API_BASE = 'https://api.adform.com';\nconst CAMPAIGNS_PATH = '/v1/campaigns';\nmodule.exports = { API_BASE, CAMPAIGNS_PATH };\n",
    'src/get-campaign.js': "const axios = require('axios');\nconst { API_BASE, CAMPAIGNS_PATH } = require('./paths');\n\nexports.getCampaign = (id) => axios.get(API_BASE + CAMPAIGNS_PATH + '/' + id);\n",
    // Every export form, a .cjs and a .ts module, and an ES module required.
    'src/lib/endpoints.cjs': [
      "exports.CLIENTS = '/v1/campaigns/dictionaries/clients';",
      "module.exports.COMANAGERS = '/v1/campaigns/dictionaries/comanagers';",
      '',
    ].join('\n'),
    'src/lib/dictionaries.ts': "const LABELS = '/v1/campaigns/dictionaries/labels';\nmodule.exports = { LABELS, API: { campaigns: 'https://api.adform.com/v1/campaigns' } };\n",
    'src/lib/esm.mjs': "export const LEGACY = 'https://api.adform.com/v1/campaigns';\n",
    'src/dictionaries.js': [
      "const endpoints = require('./lib/endpoints.cjs');",
      "const { LABELS: LABELS_PATH } = require('./lib/dictionaries');",
      "const { LEGACY } = require('./lib/esm.mjs');",
      'exports.clients = () => fetch(endpoints.CLIENTS);',
      "exports.comanagers = () => fetch(require('./lib/endpoints.cjs').COMANAGERS);",
      'exports.labels = () => fetch(LABELS_PATH);',
      "exports.orders = (id) => fetch(`${require('./lib/dictionaries').API.campaigns}/${id}/orders`);",
      'exports.legacy = () => fetch(LEGACY);',
      '',
    ].join('\n'),
    // Not followed: a package (installed, never read), axios, a dynamic specifier, an object the file changes, a reassigned let.
    'node_modules/@acme/config/index.js': "module.exports = { MANAGERS: '/v1/campaigns/dictionaries/managers' };\n",
    'src/negatives.js': [
      "const axios = require('axios');",
      "const { MANAGERS } = require('@acme/config');",
      "const { CLIENTS } = require(process.env.ENDPOINTS);",
      "let { COMANAGERS } = require('./lib/endpoints.cjs');",
      "if (process.env.V2) COMANAGERS = '/v1/buyer/classifiers/managers';",
      'exports.a = () => axios.get(MANAGERS);',
      'exports.b = () => axios.get(CLIENTS);',
      'exports.c = () => axios.get(COMANAGERS);',
      'exports.d = () => {',
      "  const endpoints = require('./lib/endpoints.cjs');",
      "  endpoints.CLIENTS = process.env.CLIENTS ?? '/v1/buyer/advertisers';",
      '  return axios.get(endpoints.CLIENTS);',
      '};',
      '',
    ].join('\n'),
  };

  const linesOf = (files: Readonly<Record<string, string>>, onlyFiles?: readonly string[]): Promise<string[]> => crossFileLines(files, onlyFiles, { host: true });

  it('reports each request reading a required value at the request, as the ES import of the same value is reported', async () => {
    expect(await linesOf(tree)).toEqual([
      // `module.exports.X`, `exports.X`, `require(…).X` inline and `m.X`: one-to-one rewrites where they are declared.
      'src/dictionaries.js:4:31 GET /v1/campaigns/dictionaries/clients rewrite host=? <- src/lib/endpoints.cjs:1:19 (CLIENTS)',
      'src/dictionaries.js:5:34 GET /v1/campaigns/dictionaries/comanagers rewrite host=? <- src/lib/endpoints.cjs:2:29 (COMANAGERS)',
      'src/dictionaries.js:6:30 GET /v1/campaigns/dictionaries/labels todo host=? <- src/lib/dictionaries.ts:1:16 (LABELS)',
      'src/dictionaries.js:7:32 GET /v1/campaigns/{campaignId}/orders todo host=api.adform.com <- src/lib/dictionaries.ts:2:46 (API.campaigns)',
      // A `require` of an ES module gives its named exports.
      'src/dictionaries.js:8:30 GET /v1/campaigns todo host=api.adform.com <- src/lib/esm.mjs:1:23 (LEGACY)',
      // The report's two requests: the path of the other file is the request's, with the host the base says.
      'src/get-campaign.js:4:41 GET /v1/campaigns/{id} todo host=api.adform.com <- src/paths.js:2:24 (CAMPAIGNS_PATH)',
      'src/managers.js:4:36 GET /v1/campaigns/dictionaries/managers rewrite host=api.adform.com <- src/config.js:1:28 (API_V1)',
    ]);
  });

  it("reports the same requests as the ES twin of the report's tree, with the same migration, host and declaration", async () => {
    const esm = {
      'src/config.js': "export const API_V1 = 'https://api.adform.com/v1';\n",
      'src/managers.js': "import axios from 'axios';\nimport { API_V1 } from './config';\n\nexport const managers = () => axios.get(`${API_V1}/campaigns/dictionaries/managers`);\n",
      'src/paths.js': "export const API_BASE = 'https://api.adform.com';\nexport const CAMPAIGNS_PATH = '/v1/campaigns';\n",
      'src/get-campaign.js': "import axios from 'axios';\nimport { API_BASE, CAMPAIGNS_PATH } from './paths';\n\nexport const getCampaign = (id) => axios.get(API_BASE + CAMPAIGNS_PATH + '/' + id);\n",
    };
    // `exports.managers = ` and `export const managers = ` put the request at other columns, and the declarations too.
    const withoutColumns = (lines: readonly string[]): string[] => lines.map((line) => line.replace(/:(\d+):\d+/g, ':$1'));
    const commonJs = await linesOf(Object.fromEntries(Object.keys(esm).map((file) => [file, tree[file as keyof typeof tree]])));
    expect(withoutColumns(commonJs)).toEqual([
      'src/get-campaign.js:4 GET /v1/campaigns/{id} todo host=api.adform.com <- src/paths.js:2 (CAMPAIGNS_PATH)',
      'src/managers.js:4 GET /v1/campaigns/dictionaries/managers rewrite host=api.adform.com <- src/config.js:1 (API_V1)',
    ]);
    expect(withoutColumns(await linesOf(esm))).toEqual(withoutColumns(commonJs));
  });

  it('follows a require through a jsconfig baseUrl or tsconfig paths alias, and from a changed file alone (--changed-since)', async () => {
    const aliased = {
      'jsconfig.json': '{ "compilerOptions": { "baseUrl": "src", "paths": { "@api/*": ["api/*"] } } }',
      'src/api/endpoints.js': "module.exports = { MANAGERS_PATH: '/v1/campaigns/dictionaries/managers' };\n",
      'src/config/hosts.js': "exports.API_V1 = 'https://api.adform.com/v1';\n",
      'src/api/http.js': "const axios = require('axios');\nexports.adform = axios.create({ baseURL: 'https://api.adform.com/v1' });\n",
      'src/managers.js': [
        "const { MANAGERS_PATH } = require('@api/endpoints');",
        "const hosts = require('config/hosts');",
        "const { adform } = require('@api/http');",
        '',
        'exports.listManagers = () => fetch(`${hosts.API_V1}/campaigns/dictionaries/managers`);',
        'exports.again = () => fetch(MANAGERS_PATH);',
        "exports.clients = () => adform.get('/campaigns/dictionaries/clients');",
        '',
      ].join('\n'),
    };
    const expected = [
      'src/managers.js:5:36 GET /v1/campaigns/dictionaries/managers rewrite host=api.adform.com <- src/config/hosts.js:1:18 (API_V1)',
      'src/managers.js:6:29 GET /v1/campaigns/dictionaries/managers rewrite host=? <- src/api/endpoints.js:1:35 (MANAGERS_PATH)',
      // A client required through the alias brings its base and host, as an import of it does.
      'src/managers.js:7:36 GET /v1/campaigns/dictionaries/clients rewrite host=api.adform.com <- src/api/http.js:2:18 (adform)',
    ];
    expect(await linesOf(aliased)).toEqual(expected);
    // A run of some files cannot know every reader of the constant: it does not promise the rewrite where it is declared.
    expect(await linesOf(aliased, ['src/managers.js'])).toEqual([expected[0]!, expected[1]!.replace(' rewrite ', ' todo '), expected[2]!]);
    expect(await linesOf(tree, ['src/get-campaign.js', 'src/managers.js'])).toEqual([
      'src/get-campaign.js:4:41 GET /v1/campaigns/{id} todo host=api.adform.com <- src/paths.js:2:24 (CAMPAIGNS_PATH)',
      'src/managers.js:4:36 GET /v1/campaigns/dictionaries/managers rewrite host=api.adform.com <- src/config.js:1:28 (API_V1)',
    ]);
  });
});
