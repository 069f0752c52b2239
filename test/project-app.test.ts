import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { beforeAll, describe, expect, it } from 'vitest';
import { runProjectCheck, runProjectFix, type ProjectFinding } from '@sunset/project';
import { sunsetOptions } from '../packages/engine/tests/helpers.js';
import { checkWithModuleGraph } from '../packages/engine/tests/module-graph-harness.js';

// Issue 12's proof: fixtures/project-app seen by the three modes (syntax only, the default mode's
// module graph, --project), each with its exact findings (expected-findings.json), and the project
// codemod's exact output (expected-fix/, the files it changes as they must look).

const fixture = path.resolve(import.meta.dirname, '../fixtures/project-app');
const expected = JSON.parse(readFileSync(path.join(fixture, 'expected-findings.json'), 'utf8')) as Record<string, string[]>;
const options = sunsetOptions();

const lineOf = (root: string, finding: { file: string; line: number; column: number; rule: string; retirement?: { retiredKey: string } | undefined; data: Readonly<Record<string, string>> }): string => {
  const through = finding.data.through === undefined ? '' : ` via ${finding.data.through}`;
  const declared = finding.data.declaredIn === undefined ? '' : ` <- ${finding.data.declaredIn}`;
  return `${path.relative(root, finding.file).split(path.sep).join('/')}:${finding.line}:${finding.column} ${finding.rule} ${finding.retirement?.retiredKey}${through}${declared}`;
};

describe('fixtures/project-app in the three modes', () => {
  it('syntax only: the declarations, where the paths are written', async () => {
    const { findings } = await checkWithModuleGraph(path.join(fixture, 'src'), options, false, fixture);
    expect(findings.map((finding) => lineOf(fixture, finding))).toEqual(expected.syntax);
  });

  it('default cross-file: also the calls reading a constant imported by relative path or a tsconfig paths alias', async () => {
    const { findings } = await checkWithModuleGraph(path.join(fixture, 'src'), options, true, fixture);
    expect(findings.map((finding) => lineOf(fixture, finding))).toEqual(expected.default);
  });

  it('--project: through aliases, namespace imports and wrappers; a declaration read elsewhere is reported at its uses', async () => {
    const result = await runProjectCheck({ cwd: fixture, paths: ['src'], options, baseDir: fixture });
    expect(result.findings.map((finding) => lineOf(fixture, finding))).toEqual(expected.project);
    // Analysed: the files holding a retired path and their importers (a host alone seeds nothing); the
    // modules they call into are loaded for their values.
    expect({ files: result.files, analysed: result.analysed, loaded: result.loaded }).toEqual({ files: 11, analysed: 8, loaded: 11 });
  });

  it('--project: a wrapper finding points at the request its wrapper makes and at the declaration', async () => {
    const { findings } = await runProjectCheck({ cwd: fixture, paths: ['src'], options, baseDir: fixture });
    const clients = findings.find((finding) => finding.file.endsWith('dictionaries.ts') && finding.line === 7) as ProjectFinding;
    expect((clients.crossFileRelated ?? []).map((related) => `${path.relative(fixture, related.file)}:${related.line}:${related.column} ${related.message}`)).toEqual([
      'src/http/request.ts:5:32 getResource() makes the request here.',
      'src/api/paths.ts:7:12 The value is declared here as API.clients; sunset fix rewrites it here.',
    ]);
  });
});

describe('sunset fix --project over fixtures/project-app', () => {
  let work = '';
  let changed: string[] = [];
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'sunset-project-fix-'));
    cpSync(path.join(fixture, 'src'), path.join(work, 'src'), { recursive: true });
    cpSync(path.join(fixture, 'tsconfig.json'), path.join(work, 'tsconfig.json'));
    const result = await runProjectFix({ cwd: work, paths: ['src'], options, baseDir: work, dry: false });
    changed = result.changes.map((change) => path.relative(work, change.file).split(path.sep).join('/'));
  });

  it('changes exactly the files of expected-fix/, to their text', () => {
    const expectedDir = path.join(fixture, 'expected-fix');
    const expectedFiles = fg.sync('**/*', { cwd: expectedDir }).sort();
    expect(changed).toEqual(expectedFiles);
    for (const file of expectedFiles) expect(readFileSync(path.join(work, file), 'utf8')).toBe(readFileSync(path.join(expectedDir, file), 'utf8'));
  });

  it('changes nothing on a second run', async () => {
    const again = await runProjectFix({ cwd: work, paths: ['src'], options, baseDir: work, dry: true });
    expect(again.changes).toEqual([]);
  });
});

describe('--project negatives and the shared-constant rule', () => {
  it('reports no look-alike constant, no wrapper that never reaches a request, no let the module reassigns, no look-alike operation', async () => {
    const { findings } = await runProjectCheck({ cwd: fixture, paths: ['src'], options, baseDir: fixture });
    const at = (file: string, line: number): boolean => findings.some((finding) => finding.file.endsWith(file) && finding.line === line);
    expect([at('campaigns.ts', 20), at('campaigns.ts', 28), at('campaigns.ts', 32), at('campaign-soap.ts', 10)]).toEqual([false, false, false, false]);
  });

  it('leaves a declaration that also feeds something that is not a request, and puts the TODO at the use naming the constant', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'sunset-project-shared-'));
    cpSync(path.join(fixture, 'tsconfig.json'), path.join(work, 'tsconfig.json'));
    const files: Record<string, string> = {
      'src/paths.ts': "export const MANAGERS = '/v1/campaigns/dictionaries/managers';\n",
      'src/use.ts': "import axios from 'axios';\nimport { MANAGERS } from './paths';\n\nexport function load() {\n  console.info(MANAGERS);\n  return axios.get(MANAGERS);\n}\n",
    };
    for (const [file, text] of Object.entries(files)) {
      const target = path.join(work, file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
    const result = await runProjectFix({ cwd: work, paths: ['src'], options, baseDir: work, dry: true });
    expect(result.changes.map((change) => path.relative(work, change.file))).toEqual([path.join('src', 'use.ts')]);
    expect(result.changes[0]!.after).toContain('  // TODO(sunset:campaign-dictionary-managers): replace GET /v1/campaigns/dictionaries/managers\n  //     with GET /v1/buyer/classifiers/managers\n');
    expect(result.changes[0]!.after).toContain('  //   the path is MANAGERS of ./paths.ts\n  return axios.get(MANAGERS);');
  });

  it('fix --project is not fooled by a byte-order mark: the shared constant is rewritten at the right offset', async () => {
    const work = writeWork({
      'src/paths.ts': "\uFEFFexport const MANAGERS = '/v1/campaigns/dictionaries/managers';\n",
      'src/use.ts': "import axios from 'axios';\nimport { MANAGERS } from './paths';\n\nexport const load = () => axios.get(MANAGERS);\n",
    });
    const result = await runProjectFix({ cwd: work, paths: ['src'], options, baseDir: work, dry: true });
    expect(result.changes.map((change) => [path.relative(work, change.file), change.after])).toEqual([
      [path.join('src', 'paths.ts'), "\uFEFFexport const MANAGERS = '/v1/buyer/classifiers/managers';\n"],
    ]);
  });
});

/** A temporary folder with the fixture's tsconfig and `files`. */
function writeWork(files: Record<string, string>): string {
  const work = mkdtempSync(path.join(tmpdir(), 'sunset-project-work-'));
  cpSync(path.join(fixture, 'tsconfig.json'), path.join(work, 'tsconfig.json'));
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(work, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  return work;
}

/** Every file under `dir`, relative path → text. */
function readTree(dir: string): Record<string, string> {
  return Object.fromEntries(fg.sync('**/*', { cwd: dir, dot: true }).sort().map((file) => [file, readFileSync(path.join(dir, file), 'utf8')]));
}

describe('--project file selection', () => {
  it('follows a module specifier with non-ASCII characters (the selection reads bytes)', async () => {
    const work = writeWork({
      'src/größen/pfade.ts': "export const MANAGERS = '/v1/campaigns/dictionaries/managers';\n",
      'src/use.ts': "import axios from 'axios';\nimport { MANAGERS } from './größen/pfade';\n\nexport const load = () => axios.get(MANAGERS);\n",
    });
    const { findings, loaded } = await runProjectCheck({ cwd: work, paths: ['src'], options, baseDir: work });
    expect([findings.map((finding) => lineOf(work, finding)), loaded]).toEqual([
      ['src/use.ts:4:37 no-legacy-rest-path GET /v1/campaigns/dictionaries/managers <- src/größen/pfade.ts:1:25 (MANAGERS)'],
      2,
    ]);
  });
});

describe('--project and the scanned paths', () => {
  it('resolves through files outside the scanned paths but reports only inside them', async () => {
    const { findings } = await runProjectCheck({ cwd: fixture, paths: ['src/services'], options, baseDir: fixture });
    expect(findings.map((finding) => lineOf(fixture, finding))).toEqual(expected.project!.filter((line) => line.startsWith('src/services/')));
  });

  it('never edits a declaration outside the scanned paths: each use gets the TODO, naming the constant and saying why', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'sunset-project-outside-'));
    cpSync(path.join(fixture, 'src'), path.join(work, 'src'), { recursive: true });
    cpSync(path.join(fixture, 'tsconfig.json'), path.join(work, 'tsconfig.json'));
    const before = readTree(path.join(work, 'src'));
    const result = await runProjectFix({ cwd: work, paths: ['src/services'], options, baseDir: work, dry: false });
    const after = readTree(path.join(work, 'src'));
    expect(Object.keys(after).filter((file) => after[file] !== before[file])).toEqual(['services/campaign-soap.ts', 'services/campaigns.ts', 'services/dictionaries.ts']);
    expect(after['services/dictionaries.ts']).toContain(
      '  // TODO(sunset:campaign-dictionary-clients): replace GET /v1/campaigns/dictionaries/clients\n  //     with GET /v1/buyer/advertisers\n  //   support ended 2019-10-01\n  //   the path is API.clients of ../api/paths.ts\n  return getResource(API.clients);',
    );
    expect(result.sites.find((site) => site.entry === 'campaign-dictionary-clients')?.reason).toBe(
      'API.clients is declared in src/api/paths.ts, which this run does not edit (outside the scanned paths, under node_modules or a .d.ts)',
    );
  });

  it('never reads values out of node_modules, even through a paths alias, and never edits there', async () => {
    const work = writeWork({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, allowJs: true, moduleResolution: 'bundler', module: 'ESNext', baseUrl: '.', paths: { '@vendor/*': ['node_modules/vendor/*'] } } }),
      'node_modules/vendor/paths.ts': "export const MANAGERS = '/v1/campaigns/dictionaries/managers';\n",
      'src/use.ts': "import axios from 'axios';\nimport { MANAGERS } from '@vendor/paths';\n\nexport const load = () => axios.get(MANAGERS);\n",
    });
    const before = readTree(work);
    const result = await runProjectFix({ cwd: work, paths: ['.'], options, baseDir: work, dry: false });
    expect([result.changes, readTree(work)]).toEqual([[], before]);
  });

  it('reports a file that does not parse, leaves it byte-identical, and still fixes the others', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'sunset-project-broken-'));
    cpSync(path.join(fixture, 'src'), path.join(work, 'src'), { recursive: true });
    cpSync(path.join(fixture, 'tsconfig.json'), path.join(work, 'tsconfig.json'));
    const broken = "import { MANAGERS_PATH } from '@api/paths';\nexport const load = () => fetch(MANAGERS_PATH,, {);\nexport const list = () => fetch('/v1/campaigns');\n";
    writeFileSync(path.join(work, 'src/broken.ts'), broken);
    const check = await runProjectCheck({ cwd: work, paths: ['src'], options, baseDir: work });
    expect(check.errors.map((error) => path.relative(work, error.file))).toEqual([path.join('src', 'broken.ts')]);
    expect(check.findings.map((finding) => lineOf(work, finding))).toEqual(expected.project);
    const fix = await runProjectFix({ cwd: work, paths: ['src'], options, baseDir: work, dry: false });
    expect(fix.report.errors.map((error) => path.relative(work, error.file))).toEqual([path.join('src', 'broken.ts')]);
    expect(readFileSync(path.join(work, 'src/broken.ts'), 'utf8')).toBe(broken);
    expect(fix.changes.map((change) => path.relative(work, change.file).split(path.sep).join('/'))).toEqual(fg.sync('**/*', { cwd: path.join(fixture, 'expected-fix') }).sort());
  });
});
