import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedWithSilencedCause } from '@sunset/analysis';
import { codemodBin, copyFixture, ensureBuilt, git, initGitRepo, makeTempDir, parseJson, repoRootPath, runNode, runSunset } from './support/cli.js';
import { fixtureAsOf } from './support/legacy-app.js';

// `sunset fix` (and `npx @sunset/codemod`), end to end with the built binaries.

const asOf = ['--as-of', fixtureAsOf] as const;
const smallFiles = ['src/campaigns.ts', 'src/report, 100%.js'] as const;

beforeAll(ensureBuilt);

/** A copy of fixtures/cli/small in a temp folder, optionally as a committed git repository. */
async function smallProject(options: { git: boolean }): Promise<{ project: string; cleanup: () => Promise<void> }> {
  const { dir, cleanup } = await makeTempDir('fix');
  const project = await copyFixture('fixtures/cli/small', path.join(dir, 'small'));
  if (options.git) initGitRepo(project);
  return { project, cleanup };
}

async function readAll(project: string): Promise<string[]> {
  return Promise.all(smallFiles.map((file) => readFile(path.join(project, file), 'utf8')));
}

/** What `sunset fix` must make of fixtures/cli/small: one rewrite, two TODO comments, nothing else. */
async function expectedSmallOutput(): Promise<string[]> {
  const [campaigns, report] = await readAll(repoRootPath('fixtures/cli/small'));
  return [
    campaigns!.replace('/v1/campaigns/dictionaries/managers', '/v1/buyer/classifiers/managers').replace(
      '  await axios.patch(',
      [
        '  // TODO(sunset:campaigns-legacy-status): migrate PATCH /v1/campaigns: the new endpoint changes one',
        '  //     campaign per call: it needs the campaign id in the path',
        '  //   candidates PUT /v1/buyer/campaigns/{id}/status',
        '  //   support ended 2019-10-01',
        '  await axios.patch(',
      ].join('\n'),
    ),
    report!.replace(
      '  return client.GetCampaignsAsJson(',
      [
        '  // TODO(sunset:campaigns-service-get-campaigns-as-json): migrate GetCampaignsAsJson: the call',
        '  //     changes from a SOAP/WCF operation to a REST request with its own payload (not shown in',
        '  //     the spec)',
        '  //   candidates GET /v1/buyer/campaigns',
        '  //   support ended 2019-10-01',
        '  return client.GetCampaignsAsJson(',
      ].join('\n'),
    ),
  ];
}

describe.concurrent('the git guard', () => {
  it('refuses when a file it would change has uncommitted changes, names it, writes nothing and exits 2', async () => {
    const { project, cleanup } = await smallProject({ git: true });
    try {
      await writeFile(path.join(project, 'src/campaigns.ts'), `// work in progress\n${await readFile(path.join(project, 'src/campaigns.ts'), 'utf8')}`);
      await writeFile(path.join(project, 'notes.txt'), 'not a source file\n');
      const before = await readAll(project);
      const result = await runSunset(['fix', ...asOf], { cwd: project });
      expect(result).toEqual({
        code: 2,
        stdout: '',
        stderr: [
          'sunset: Refusing to rewrite files: sunset fix would change this file, which has uncommitted changes:',
          '  src/campaigns.ts (modified)',
          'sunset fix edits files in place; keeping its edits apart from your own keeps them a diff you can review and revert.',
          'Commit or stash the changes to this file first, or pass --force to run anyway (or --dry to only preview).',
          '',
        ].join('\n'),
      });
      expect(await readAll(project)).toEqual(before);
    } finally {
      await cleanup();
    }
  });

  it('is not stopped by the untracked sunset-report.html that sunset report writes, nor by other unrelated changes', async () => {
    const { project, cleanup } = await smallProject({ git: true });
    try {
      const report = await runSunset(['report', ...asOf], { cwd: project });
      expect(report.code).toBe(0);
      expect(git(project, ['status', '--porcelain'])).toBe('?? sunset-report.html\n');
      await writeFile(path.join(project, 'notes.txt'), 'work in progress\n');
      const result = await runSunset(['fix', ...asOf], { cwd: project });
      expect([result.code, result.stderr]).toEqual([0, '']);
      expect(await readAll(project)).toEqual(await expectedSmallOutput());
    } finally {
      await cleanup();
    }
  });

  it('writes over uncommitted changes with --force', async () => {
    const { project, cleanup } = await smallProject({ git: true });
    try {
      const campaigns = path.join(project, 'src/campaigns.ts');
      await writeFile(campaigns, `${await readFile(campaigns, 'utf8')}// mine\n`);
      git(project, ['add', 'src/campaigns.ts']);
      const result = await runSunset(['fix', '--force', ...asOf], { cwd: project });
      expect(result.code).toBe(0);
      const [fixedCampaigns, fixedReport] = await expectedSmallOutput();
      expect(await readAll(project)).toEqual([`${fixedCampaigns!}// mine\n`, fixedReport]);
    } finally {
      await cleanup();
    }
  });

  it('runs in a clean work tree and leaves one reviewable diff; a second run changes nothing', async () => {
    const { project, cleanup } = await smallProject({ git: true });
    try {
      const result = await runSunset(['fix', ...asOf], { cwd: project });
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(
        [
          '2 files scanned, 2 candidates, 2 changed.',
          '1 site rewritten, 2 left with a TODO, 0 skipped.',
          '',
          'Sites a person must finish:',
          '  src/campaigns.ts:11:21  todo  campaigns-legacy-status  the new endpoint changes one campaign per call: it needs the campaign id in the path',
          '  src/report, 100%.js:2:17  todo  campaigns-service-get-campaigns-as-json  the call changes from a SOAP/WCF operation to a REST request with its own payload (not shown in the spec)',
          '',
        ].join('\n'),
      );
      expect(git(project, ['status', '--porcelain']).split('\n').filter(Boolean).sort()).toEqual([' M "src/report, 100%.js"', ' M src/campaigns.ts']);
      expect(await readAll(project)).toEqual(await expectedSmallOutput());
      git(project, ['commit', '--quiet', '--all', '--message', 'sunset fix']);
      const again = await runSunset(['fix', ...asOf], { cwd: project });
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(/^2 files scanned, 2 candidates, 0 changed\.\n/);
      expect(git(project, ['status', '--porcelain'])).toBe('');
    } finally {
      await cleanup();
    }
  });

  it('does not apply to a folder outside git', async () => {
    const { project, cleanup } = await smallProject({ git: false });
    try {
      const result = await runSunset(['fix', ...asOf], { cwd: project });
      expect(result.code).toBe(0);
      expect(await readAll(project)).toEqual(await expectedSmallOutput());
    } finally {
      await cleanup();
    }
  });
});

describe.concurrent('previews and reports', () => {
  it('--dry --print prints a unified diff on stdout, the summary on stderr, and writes nothing', async () => {
    const { project, cleanup } = await smallProject({ git: true });
    try {
      await writeFile(path.join(project, 'notes.txt'), 'dirty, but --dry writes nothing\n');
      const before = await readAll(project);
      const result = await runSunset(['fix', '--dry', '--print', ...asOf], { cwd: project });
      expect(result.code).toBe(0);
      expect(await readAll(project)).toEqual(before);
      expect(result.stderr).toMatch(/^2 files scanned, 2 candidates, 2 would change\.\n1 site would be rewritten, 2 left with a TODO, 0 skipped\.\n/);
      await expect(result.stdout).toMatchFileSnapshot('__snapshots__/cli-small.fix.diff');
      // The diff applies: git turns the copy into exactly what `sunset fix` would write.
      await writeFile(path.join(project, 'sunset.diff'), result.stdout);
      git(project, ['apply', 'sunset.diff']);
      expect(await readAll(project)).toEqual(await expectedSmallOutput());
    } finally {
      await cleanup();
    }
  });

  it('--format json prints the per-site report', async () => {
    const result = await runSunset(['fix', '--dry', '--format', 'json', ...asOf], { cwd: repoRootPath('fixtures/cli/small') });
    expect(result.code).toBe(0);
    expect(parseJson(result)).toStrictEqual({
      sites: [
        {
          file: 'src/campaigns.ts',
          line: 6,
          column: 47,
          entry: 'campaign-dictionary-managers',
          retired: 'GET /v1/campaigns/dictionaries/managers',
          action: 'rewritten',
          reason: 'GET /v1/campaigns/dictionaries/managers → GET /v1/buyer/classifiers/managers',
        },
        {
          file: 'src/campaigns.ts',
          line: 11,
          column: 21,
          entry: 'campaigns-legacy-status',
          retired: 'PATCH /v1/campaigns',
          action: 'todo',
          reason: 'the new endpoint changes one campaign per call: it needs the campaign id in the path',
        },
        {
          file: 'src/report, 100%.js',
          line: 2,
          column: 17,
          entry: 'campaigns-service-get-campaigns-as-json',
          retired: 'GetCampaignsAsJson',
          action: 'todo',
          reason: 'the call changes from a SOAP/WCF operation to a REST request with its own payload (not shown in the spec)',
        },
      ],
      changedFiles: ['src/campaigns.ts', 'src/report, 100%.js'],
      errors: [],
      notScanned: [],
      summary: {
        files: 2,
        candidates: 2,
        changed: 2,
        // --dry writes nothing.
        written: 0,
        notWritten: 0,
        rewritten: 1,
        todo: 2,
        skipped: 0,
        errors: 0,
        dry: true,
        interrupted: false,
        notScanned: { unreadable: 0, tooLarge: 0, minified: 0, unscannedExtension: 0, excludedByConfig: 0, invalidPackageJson: 0, symbolicLink: 0, nodeModules: 0, gitFolder: 0 },
      },
    });
  });

  it('--fail-on-todo exits 1 when a site was left with a TODO', async () => {
    const result = await runSunset(['fix', '--dry', '--fail-on-todo', ...asOf], { cwd: repoRootPath('fixtures/cli/small') });
    expect(result.code).toBe(1);
  });

  it('exits 2 on an unknown flag, naming it', async () => {
    const result = await runSunset(['fix', '--dry-run', '.'], { cwd: repoRootPath('fixtures/cli/small') });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^sunset: Unknown option --dry-run for `sunset fix`\. Allowed options: --dry, --print, /);
  });

  it('exits 2 on a path that does not exist, naming it', async () => {
    const result = await runSunset(['fix', '--dry', 'src/missing'], { cwd: repoRootPath('fixtures/cli/small') });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^sunset: .*src\/missing/);
  });
});

/** Every way to run sunset over a temporary project of `files` under src/ (with a tsconfig.json): check, check --project, fix, fix --project and the codemod, as dry JSON. */
async function inEveryMode(
  files: Record<string, string>,
): Promise<{ dir: string; cleanup: () => Promise<void>; check: CliResult; checkProject: CliResult; fix: CliResult; project: CliResult; codemod: CliResult }> {
  const { dir, cleanup } = await makeTempDir('fix-modes');
  await mkdir(path.join(dir, 'src'));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, 'src', name), text);
  await writeFile(path.join(dir, 'tsconfig.json'), `${JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler' }, include: ['src'] })}\n`);
  const json = ['--dry', '--format', 'json', ...asOf];
  const [check, checkProject, fix, project, codemod] = await Promise.all([
    runSunset(['check', '--format', 'json', ...asOf], { cwd: dir }),
    runSunset(['check', '--project', '--format', 'json', ...asOf], { cwd: dir }),
    runSunset(['fix', ...json], { cwd: dir }),
    runSunset(['fix', '--project', ...json], { cwd: dir }),
    runNode(codemodBin, json, { cwd: dir }),
  ]);
  return { dir, cleanup, check, checkProject, fix, project, codemod };
}

type CliResult = Awaited<ReturnType<typeof runNode>>;

describe.concurrent('eslint-disable comments', () => {
  const silenced = [
    '// eslint-disable-next-line sunset/no-legacy-rest-path -- the partner proxy serves v1 until Q3',
    "export const partner = () => fetch('/v1/campaigns');",
    "export const list = () => fetch('/v1/campaigns');",
    '',
  ].join('\n');

  // As `sunset check` does not report a silenced line and ESLint's --fix does not fix one: the same in
  // every mode (plain fix read the comments nowhere; --project, through check, already did).
  it('keep a line out of sunset fix, fix --project and the codemod, as out of sunset check', async () => {
    const { dir, cleanup, check, checkProject, fix, project, codemod } = await inEveryMode({ 'api.ts': silenced });
    try {
      for (const result of [check, checkProject]) expect((parseJson(result) as { findings: { line: number }[] }).findings.map((finding) => finding.line)).toEqual([3]);
      const site = { file: 'src/api.ts', line: 3, column: 33, entry: 'campaigns-legacy-list', retired: 'GET /v1/campaigns', action: 'rewritten', reason: 'GET /v1/campaigns → GET /v1/buyer/campaigns' };
      for (const result of [fix, project, codemod]) {
        expect(result.code).toBe(0);
        expect((parseJson(result) as { sites: unknown[] }).sites).toEqual([site]);
      }
      const written = await runSunset(['fix', ...asOf], { cwd: dir });
      expect(written.code).toBe(0);
      expect(await readFile(path.join(dir, 'src/api.ts'), 'utf8')).toBe(silenced.replace("list = () => fetch('/v1/campaigns')", "list = () => fetch('/v1/buyer/campaigns')"));
    } finally {
      await cleanup();
    }
  });

  // Rewriting CAMPAIGNS where it is written would move the silenced call too.
  it('keep a constant that a silenced call reads as written: a TODO at the other call, in every mode', async () => {
    const shared = [
      "const CAMPAIGNS = '/v1/campaigns';",
      '// eslint-disable-next-line sunset/no-legacy-rest-path -- the partner proxy serves v1 until Q3',
      'export const partner = () => fetch(CAMPAIGNS);',
      'export const list = () => fetch(CAMPAIGNS);',
      '',
    ].join('\n');
    const { dir, cleanup, check, checkProject, fix, project, codemod } = await inEveryMode({ 'api.ts': shared });
    try {
      for (const result of [check, checkProject]) {
        expect((parseJson(result) as { findings: { line: number; column: number; fix: string }[] }).findings.map((finding) => `${finding.line}:${finding.column} ${finding.fix}`)).toEqual(['4:33 todo']);
      }
      const site = { file: 'src/api.ts', line: 4, column: 33, entry: 'campaigns-legacy-list', retired: 'GET /v1/campaigns', action: 'todo', reason: sharedWithSilencedCause };
      for (const result of [fix, project, codemod]) expect((parseJson(result) as { sites: unknown[] }).sites).toEqual([site]);
      const written = await runSunset(['fix', ...asOf], { cwd: dir });
      expect(written.code).toBe(0);
      expect(await readFile(path.join(dir, 'src/api.ts'), 'utf8')).toBe(shared.replace('export const list', '// TODO(sunset:campaigns-legacy-list): replace GET /v1/campaigns with GET /v1/buyer/campaigns\n//   support ended 2019-10-01\nexport const list'));
    } finally {
      await cleanup();
    }
  });
});

describe.concurrent('a constant that requests of other files read', () => {
  const paths = "export const MANAGERS_URL = '/v1/campaigns/dictionaries/managers';\n";
  const list = "import { MANAGERS_URL } from './paths';\nexport const list = () => fetch(MANAGERS_URL);\n";
  const add = "import { MANAGERS_URL } from './paths';\nexport const add = (body: string) => fetch(MANAGERS_URL, { method: 'POST', body });\n";

  /** What check reports (file:line:column fix) and what fix, fix --project and the codemod plan, over `files`. */
  async function run(files: Record<string, string>): Promise<{ dir: string; cleanup: () => Promise<void>; check: string[]; checkProject: string[]; sites: string[][] }> {
    const { dir, cleanup, check, checkProject, fix, project, codemod } = await inEveryMode(files);
    const foundBy = (result: CliResult): string[] =>
      (parseJson(result) as { findings: { file: string; line: number; column: number; fix: string }[] }).findings.map((finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.fix}`);
    const sitesOf = (result: CliResult): string[] =>
      (parseJson(result) as { sites: { file: string; line: number; column: number; action: string }[] }).sites.map((site) => `${site.file}:${site.line}:${site.column} ${site.action}`);
    return { dir, cleanup, check: foundBy(check), checkProject: foundBy(checkProject), sites: [sitesOf(fix), sitesOf(project), sitesOf(codemod)] };
  }

  it('is rewritten where it is declared when every request that reads it makes that move', async () => {
    const { cleanup, check, checkProject, sites } = await run({ 'paths.ts': paths, 'list.ts': list });
    try {
      expect(check).toEqual(['src/list.ts:2:33 rewrite']);
      expect(checkProject).toEqual(check);
      expect(sites).toEqual([['src/paths.ts:1:29 rewritten'], ['src/paths.ts:1:29 rewritten'], ['src/paths.ts:1:29 rewritten']]);
    } finally {
      await cleanup();
    }
  });

  // A rewrite of MANAGERS_URL would move add.ts's POST too, which no entry retires: made by fetch, or by
  // postJson (http.ts), a helper no mode sees into.
  const http = "export function postJson(url: string, body: unknown) {\n  return fetch(url, { method: 'POST', body: JSON.stringify(body) });\n}\n";
  const viaHelper = "import { MANAGERS_URL } from './paths';\nimport { postJson } from './http';\nexport const add = (body: unknown) => postJson(MANAGERS_URL, body);\n";
  const httpCall = "export function call(url: string, method: string, body?: unknown) {\n  return fetch(url, { method, body: JSON.stringify(body) });\n}\n";
  const viaCall = "import { MANAGERS_URL } from './paths';\nimport { call } from './http';\nexport const add = (body: unknown) => call(MANAGERS_URL, 'POST', body);\n";
  it.each([
    ['a request of another file without a finding reads it too', { 'add.ts': add }],
    ['another file gives it to a helper the analysis does not see into', { 'add.ts': viaHelper, 'http.ts': http }],
  ])('is not rewritten when %s: a TODO at the GET', async (_shape, others) => {
    const { dir, cleanup, check, checkProject, sites } = await run({ 'paths.ts': paths, 'list.ts': list, ...others });
    try {
      expect(check).toEqual(['src/list.ts:2:33 todo']);
      expect(checkProject).toEqual(check);
      expect(sites).toEqual([['src/list.ts:2:33 todo'], ['src/list.ts:2:33 todo'], ['src/list.ts:2:33 todo']]);
      const written = await runSunset(['fix', ...asOf], { cwd: dir });
      expect(written.code).toBe(0);
      expect(await readFile(path.join(dir, 'src/paths.ts'), 'utf8')).toBe(paths);
      expect(await readFile(path.join(dir, 'src/add.ts'), 'utf8')).toBe(others['add.ts']);
      expect(await readFile(path.join(dir, 'src/list.ts'), 'utf8')).toMatch(/^import .*\n\/\/ TODO\(sunset:campaign-dictionary-managers\): .*(?:\n\/\/ {3}.*)*\n\/\/ {3}the path is MANAGERS_URL of \.\/paths\.ts\nexport const list/);
    } finally {
      await cleanup();
    }
  });

  it.each([
    ['only requests without a finding read it', { 'add.ts': add }],
    // postJson's name says it sends with another method: the constant is not taken for the GET's.
    ['only a helper named as sending reads it', { 'add.ts': viaHelper, 'http.ts': http }],
    // call's name says nothing; its call states POST.
    ['only a helper whose call states another method reads it', { 'add.ts': viaCall, 'http.ts': httpCall }],
  ])('is marked, not rewritten, where it is declared when %s', async (_shape, others) => {
    const { dir, cleanup, check, checkProject, sites } = await run({ 'paths.ts': paths, ...others });
    try {
      expect(check).toEqual(['src/paths.ts:1:29 todo']);
      expect(checkProject).toEqual(check);
      expect(sites).toEqual([['src/paths.ts:1:29 todo'], ['src/paths.ts:1:29 todo'], ['src/paths.ts:1:29 todo']]);
      for (const mode of [[], ['--project']]) {
        const written = await runSunset(['fix', ...mode, ...asOf], { cwd: dir });
        expect(written.code).toBe(0);
        expect(await readFile(path.join(dir, 'src/paths.ts'), 'utf8')).toMatch(/^\/\/ TODO\(sunset:campaign-dictionary-managers\): .*(?:\n\/\/ {3}.*)*\nexport const MANAGERS_URL = '\/v1\/campaigns\/dictionaries\/managers';\n$/);
        expect(await readFile(path.join(dir, 'src/add.ts'), 'utf8')).toBe(others['add.ts']);
      }
    } finally {
      await cleanup();
    }
  });
});

describe.concurrent('a constant also given to a helper that may send it', () => {
  // postJson is imported: no mode sees that it POSTs, so none rewrites MANAGERS for the GET.
  it('is not rewritten where it is written, in any mode: a TODO at the GET naming the helper', async () => {
    const http = "export function postJson(url: string, body: unknown) {\n  return fetch(url, { method: 'POST', body: JSON.stringify(body) });\n}\n";
    const api = [
      "import { postJson } from './http';",
      "const MANAGERS = '/v1/campaigns/dictionaries/managers';",
      'export const list = () => fetch(MANAGERS);',
      'export const add = (body: unknown) => postJson(MANAGERS, body);',
      '',
    ].join('\n');
    const { dir, cleanup, check, checkProject, fix, project, codemod } = await inEveryMode({ 'http.ts': http, 'api.ts': api });
    try {
      for (const result of [check, checkProject]) {
        expect((parseJson(result) as { findings: { file: string; line: number; column: number; fix: string }[] }).findings.map((finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.fix}`)).toEqual(['src/api.ts:3:33 todo']);
      }
      const reason = 'the URL is also given to postJson(), which may send it too; a rewrite where it is written would move that call as well';
      for (const result of [fix, project, codemod]) {
        expect((parseJson(result) as { sites: { file: string; line: number; column: number; action: string; reason: string }[] }).sites.map((site) => `${site.file}:${site.line}:${site.column} ${site.action} ${site.reason}`)).toEqual([`src/api.ts:3:33 todo ${reason}`]);
      }
      const written = await runSunset(['fix', ...asOf], { cwd: dir });
      expect(written.code).toBe(0);
      expect(await readFile(path.join(dir, 'src/api.ts'), 'utf8')).toMatch(/^import .*\nconst MANAGERS = '\/v1\/campaigns\/dictionaries\/managers';\n\/\/ TODO\(sunset:campaign-dictionary-managers\): .*(?:\n\/\/ {3}.*)*\nexport const list/);
    } finally {
      await cleanup();
    }
  });
});

describe.concurrent('a constant the file lets out under another name or through a global (the trial of 2026-11-27)', () => {
  // The trial's repro 3: CAMPAIGNS_URL = LIST is POSTed by create.ts (POST /v1/campaigns is not retired).
  it('export const X = LIST read by another file\'s POST: a TODO at the GET in every mode, nothing rewritten; a second run changes nothing', async () => {
    const urls = [
      "const LIST = 'https://api.adform.com/v1/campaigns';",
      'export function listCampaigns() {',
      '  return fetch(LIST);',
      '}',
      'export const CAMPAIGNS_URL = LIST;',
      '',
    ].join('\n');
    const create = "import { CAMPAIGNS_URL } from './urls';\nexport const createCampaign = (body: unknown) => fetch(CAMPAIGNS_URL, { method: 'POST', body: JSON.stringify(body) });\n";
    const { dir, cleanup, check, checkProject, fix, project, codemod } = await inEveryMode({ 'urls.ts': urls, 'create.ts': create });
    try {
      for (const result of [check, checkProject]) {
        expect((parseJson(result) as { findings: { file: string; line: number; column: number; fix: string }[] }).findings.map((finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.fix}`)).toEqual(['src/urls.ts:3:16 todo']);
      }
      for (const result of [fix, project, codemod]) {
        expect((parseJson(result) as { sites: { file: string; line: number; column: number; action: string }[] }).sites.map((site) => `${site.file}:${site.line}:${site.column} ${site.action}`)).toEqual(['src/urls.ts:3:16 todo']);
      }
      const written = await runSunset(['fix', ...asOf], { cwd: dir });
      expect(written.code).toBe(0);
      const fixed = await readFile(path.join(dir, 'src/urls.ts'), 'utf8');
      expect(fixed).toBe(urls.replace('  return fetch(LIST);', '  // TODO(sunset:campaigns-legacy-list): replace GET /v1/campaigns with GET /v1/buyer/campaigns\n  //   support ended 2019-10-01\n  return fetch(LIST);'));
      expect(await readFile(path.join(dir, 'src/create.ts'), 'utf8')).toBe(create);
      const again = await runSunset(['fix', ...asOf], { cwd: dir });
      expect(again.code).toBe(0);
      expect(await readFile(path.join(dir, 'src/urls.ts'), 'utf8')).toBe(fixed);
    } finally {
      await cleanup();
    }
  });

  it('globalThis.LIST = LIST / window.X = LIST: a TODO naming the global in every mode, as in ESLint', async () => {
    const api = [
      "const LIST = 'https://api.adform.com/v1/campaigns';",
      "const MANAGERS = 'https://api.adform.com/v1/campaigns/dictionaries/managers';",
      'export const list = () => fetch(LIST);',
      'export const managers = () => fetch(MANAGERS);',
      '(globalThis as any).LIST = LIST;',
      '(window as any).sunset = { managers: MANAGERS };',
      '',
    ].join('\n');
    const { dir, cleanup, check, checkProject, fix, project, codemod } = await inEveryMode({ 'api.ts': api });
    try {
      for (const result of [check, checkProject]) {
        expect((parseJson(result) as { findings: { file: string; line: number; column: number; fix: string }[] }).findings.map((finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.fix}`)).toEqual(['src/api.ts:3:33 todo', 'src/api.ts:4:37 todo']);
      }
      const reason = (target: string): string => `the URL is also stored in ${target}, which code elsewhere may read and send; a rewrite where it is written would move that request as well`;
      for (const result of [fix, project, codemod]) {
        expect((parseJson(result) as { sites: { file: string; line: number; column: number; action: string; reason: string }[] }).sites.map((site) => `${site.file}:${site.line}:${site.column} ${site.action} ${site.reason}`)).toEqual([
          `src/api.ts:3:33 todo ${reason('globalThis.LIST')}`,
          `src/api.ts:4:37 todo ${reason('window.sunset')}`,
        ]);
      }
      const written = await runSunset(['fix', ...asOf], { cwd: dir });
      expect(written.code).toBe(0);
      const fixed = await readFile(path.join(dir, 'src/api.ts'), 'utf8');
      expect(fixed).toBe(
        api
          .replace('export const list', '// TODO(sunset:campaigns-legacy-list): replace GET /v1/campaigns with GET /v1/buyer/campaigns\n//   support ended 2019-10-01\nexport const list')
          .replace('export const managers', '// TODO(sunset:campaign-dictionary-managers): replace GET /v1/campaigns/dictionaries/managers\n//     with GET /v1/buyer/classifiers/managers\n//   support ended 2019-10-01\nexport const managers'),
      );
      expect((await runSunset(['fix', ...asOf], { cwd: dir })).code).toBe(0);
      expect(await readFile(path.join(dir, 'src/api.ts'), 'utf8')).toBe(fixed);
    } finally {
      await cleanup();
    }
  });
});

describe.concurrent('a path followed by a tail (the trial of 2026-11-27, repro 6)', () => {
  it('a conditional of other entries and an unknown suffix: TODOs in every mode, nothing rewritten; a query tail is rewritten; a second run changes nothing', async () => {
    const api = [
      "const API = 'https://api.adform.com';",
      "export const dictionary = (kind: string) => fetch(`${API}/v1/campaigns${kind === 'managers' ? '/dictionaries/managers' : '/dictionaries/labels'}`);",
      "export const labels = (withLabels: boolean) => fetch(API + '/v1/campaigns' + (withLabels ? '/dictionaries/labels' : ''));",
      'export const tail = (suffix: string) => fetch(`${API}/v1/campaigns${suffix}`);',
      "export const search = (qs: string) => fetch(`${API}/v1/campaigns${qs ? `?${qs}` : ''}`);",
      '',
    ].join('\n');
    const { dir, cleanup, check, checkProject, fix, project, codemod } = await inEveryMode({ 'api.ts': api });
    try {
      for (const result of [check, checkProject]) {
        expect((parseJson(result) as { findings: { line: number; column: number; fix: string; message: string }[] }).findings.map((finding) => `${finding.line}:${finding.column} ${finding.fix} ${finding.message}`)).toEqual([
          '2:51 todo GET /v1/campaigns/dictionaries/managers, one of /v1/campaigns/dictionaries/managers or /v1/campaigns/dictionaries/labels chosen at run time, is retired (support ended 2019-10-01): use GET /v1/buyer/classifiers/managers; this call needs a manual migration.',
          '3:54 todo GET /v1/campaigns/dictionaries/labels, one of /v1/campaigns/dictionaries/labels or /v1/campaigns chosen at run time, is retired (support ended 2019-10-01): use GET /v1/buyer/advertisers/{id}/campaignLabels; this call needs a manual migration.',
          '4:47 todo GET /v1/campaigns…, the end of the path not known, is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns; this call needs a manual migration.',
          '5:45 rewrite GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns.',
        ]);
      }
      for (const result of [fix, project, codemod]) {
        expect((parseJson(result) as { sites: { line: number; column: number; action: string }[] }).sites.map((site) => `${site.line}:${site.column} ${site.action}`)).toEqual(['2:51 todo', '3:54 todo', '4:47 todo', '5:45 rewritten']);
      }
      const written = await runSunset(['fix', ...asOf], { cwd: dir });
      expect(written.code).toBe(0);
      const fixed = await readFile(path.join(dir, 'src/api.ts'), 'utf8');
      expect(fixed).toBe(
        api
          .replace('export const dictionary', '// TODO(sunset:campaign-dictionary-managers): migrate GET /v1/campaigns/dictionaries/managers: the\n//     code chooses the path at run time: /v1/campaigns/dictionaries/managers\n//     or /v1/campaigns/dictionaries/labels\n//   candidates GET /v1/buyer/classifiers/managers\n//   support ended 2019-10-01\nexport const dictionary')
          .replace('export const labels', '// TODO(sunset:campaign-dictionary-labels): migrate GET /v1/campaigns/dictionaries/labels: the code\n//     chooses the path at run time: /v1/campaigns/dictionaries/labels or /v1/campaigns\n//   candidates GET /v1/buyer/advertisers/{id}/campaignLabels\n//   support ended 2019-10-01\nexport const labels')
          .replace('export const tail', '// TODO(sunset:campaigns-legacy-list): migrate GET /v1/campaigns: the URL goes on right after\n//     /v1/campaigns with a value the code does not show, so the end of the path is not known: it\n//     may be a longer path that this move would break\n//   candidates GET /v1/buyer/campaigns\n//   support ended 2019-10-01\nexport const tail')
          .replace('`${API}/v1/campaigns${qs', '`${API}/v1/buyer/campaigns${qs'),
      );
      expect((await runSunset(['fix', ...asOf], { cwd: dir })).code).toBe(0);
      expect(await readFile(path.join(dir, 'src/api.ts'), 'utf8')).toBe(fixed);
    } finally {
      await cleanup();
    }
  });
});

describe.concurrent('a file that does not parse (fixtures/broken)', () => {
  it('is reported with its line and left byte-identical; the other file is fixed; exit 1', async () => {
    const { dir, cleanup } = await makeTempDir('broken');
    try {
      const project = await copyFixture('fixtures/broken', path.join(dir, 'broken'));
      const original = await readFile(path.join(project, 'syntax-error.ts'));
      const result = await runSunset(['fix', '--format', 'json', ...asOf], { cwd: project });
      expect(result.code).toBe(1);
      const report = parseJson<{ errors: unknown[]; changedFiles: string[] }>(result);
      expect(report.errors).toEqual([{ file: 'syntax-error.ts', line: 10, message: expect.any(String) as unknown }]);
      expect(report.changedFiles).toEqual(['valid.ts']);
      expect((await readFile(path.join(project, 'syntax-error.ts'))).equals(original)).toBe(true);
      expect(await readFile(path.join(project, 'valid.ts'), 'utf8')).toContain('`${API_BASE}/v1/buyer/classifiers/managers`');
    } finally {
      await cleanup();
    }
  });
});

describe.concurrent('a path named inside node_modules', () => {
  const call = "export const f = () => fetch('https://api.adform.com/v1/campaigns/dictionaries/managers');\n";
  const fixedCall = "export const f = () => fetch('https://api.adform.com/v1/buyer/classifiers/managers');\n";
  const notScanned =
    'Not scanned: it is inside node_modules (installed dependencies), which sunset never scans or changes, even when named. Migrate a dependency in its own repository.';

  /** A folder outside git with src/app.js and an installed dependency holding the same retired call. */
  async function withDependency(): Promise<{ dir: string; cleanup: () => Promise<void>; dependency: string }> {
    const { dir, cleanup } = await makeTempDir('node-modules');
    await mkdir(path.join(dir, 'node_modules/some-sdk/src'), { recursive: true });
    await mkdir(path.join(dir, 'src'));
    await writeFile(path.join(dir, 'node_modules/some-sdk/src/index.js'), call);
    await writeFile(path.join(dir, 'src/app.js'), call);
    return { dir, cleanup, dependency: path.join(dir, 'node_modules/some-sdk/src/index.js') };
  }

  it.each([
    ['npx @sunset/codemod', [] as string[]],
    ['sunset fix', ['fix']],
  ])('%s: a folder is not walked and its file stays byte-identical; it is listed as not scanned, the rest is fixed', async (_name, command) => {
    const { dir, cleanup, dependency } = await withDependency();
    try {
      const args = [...command, ...asOf, 'node_modules/some-sdk/src', 'src'];
      const result = command.length === 0 ? await runNode(codemodBin, args, { cwd: dir }) : await runSunset(args, { cwd: dir });
      expect(result).toEqual({
        code: 0,
        stdout: [
          '1 file scanned, 1 candidate, 1 changed.',
          '1 site rewritten, 0 left with a TODO, 0 skipped.',
          '1 named path not scanned (1 in node_modules).',
          '',
          'Named paths not scanned:',
          `  node_modules/some-sdk/src  ${notScanned}`,
          '',
        ].join('\n'),
        stderr: '',
      });
      expect(await readFile(dependency, 'utf8')).toBe(call);
      expect(await readFile(path.join(dir, 'src/app.js'), 'utf8')).toBe(fixedCall);
    } finally {
      await cleanup();
    }
  });

  it('a file named there is not read, and the JSON report lists it under notScanned', async () => {
    const { dir, cleanup, dependency } = await withDependency();
    try {
      const args = ['--dry', '--format', 'json', ...asOf, 'node_modules/some-sdk/src/index.js'];
      const [viaCodemod, viaCli] = await Promise.all([runNode(codemodBin, args, { cwd: dir }), runSunset(['fix', ...args], { cwd: dir })]);
      expect(viaCodemod).toEqual(viaCli);
      expect([viaCli.code, viaCli.stderr]).toEqual([0, '']);
      const report = parseJson<{ notScanned: unknown; summary: { files: number; notScanned: { nodeModules: number } } }>(viaCli);
      expect([report.notScanned, report.summary.files, report.summary.notScanned.nodeModules]).toEqual([
        [{ file: 'node_modules/some-sdk/src/index.js', reason: 'node-modules', message: notScanned }],
        0,
        1,
      ]);
      expect(await readFile(dependency, 'utf8')).toBe(call);
    } finally {
      await cleanup();
    }
  });

  it('run from inside node_modules, with the project\'s config above: nothing there is changed, by fix or the codemod', async () => {
    const { dir, cleanup, dependency } = await withDependency();
    try {
      await writeFile(path.join(dir, 'package.json'), '{ "name": "app", "sunset": {} }\n');
      const cwd = path.join(dir, 'node_modules/some-sdk');
      const [viaCodemod, viaCli] = await Promise.all([runNode(codemodBin, [...asOf, 'src'], { cwd }), runSunset(['fix', ...asOf, 'src'], { cwd })]);
      expect(viaCodemod).toEqual(viaCli);
      expect(viaCli).toEqual({
        code: 0,
        stdout: [
          '0 files scanned, 0 candidates, 0 changed.',
          '0 sites rewritten, 0 left with a TODO, 0 skipped.',
          '1 named path not scanned (1 in node_modules).',
          '',
          'Named paths not scanned:',
          `  src  ${notScanned}`,
          '',
        ].join('\n'),
        stderr: '',
      });
      expect(await readFile(dependency, 'utf8')).toBe(call);
    } finally {
      await cleanup();
    }
  });

  it('a repository that itself lives under a node_modules folder is fixed as any other', async () => {
    const { dir, cleanup } = await makeTempDir('under-node-modules');
    try {
      const repo = path.join(dir, 'node_modules/y');
      await mkdir(path.join(repo, 'src'), { recursive: true });
      await writeFile(path.join(repo, 'src/app.js'), call);
      const result = await runSunset(['fix', ...asOf, 'src/app.js'], { cwd: repo });
      expect(result).toEqual({ code: 0, stdout: '1 file scanned, 1 candidate, 1 changed.\n1 site rewritten, 0 left with a TODO, 0 skipped.\n', stderr: '' });
      expect(await readFile(path.join(repo, 'src/app.js'), 'utf8')).toBe(fixedCall);
    } finally {
      await cleanup();
    }
  });
});

describe.concurrent('npx @sunset/codemod (packages/codemod/dist/bin.js) is sunset fix', () => {
  // Every `sunset fix` flag but --project (ts-morph lives in @sunset/project, which the codemod does not load).
  it.each([
    [['--dry']],
    [['--dry', '--format', 'json']],
    [['-f', 'json', '--dry']],
    [['--dry', '--fail-on-todo']],
    [['--dry', '--print']],
    [['--dry', '--print', '--format', 'human']],
    [['--dry', '--api-host', 'api.adform.com', '--identity-host', 'id.adform.com']],
    [['--dry', '--config', 'sunset.config.json']],
  ])('prints the same output, on the same streams, with the same exit code as sunset fix %j', async (flags) => {
    const { dir, cleanup } = await makeTempDir('codemod-flags');
    try {
      const cwd = await copyFixture('fixtures/cli/small', path.join(dir, 'small'));
      await writeFile(path.join(cwd, 'sunset.config.json'), `${JSON.stringify({ asOf: fixtureAsOf })}\n`);
      const args = [...flags, ...asOf];
      const [viaCodemod, viaCli] = await Promise.all([runNode(codemodBin, args, { cwd }), runSunset(['fix', ...args], { cwd })]);
      expect(viaCodemod).toEqual(viaCli);
      expect(viaCodemod.code).toBe(flags.includes('--fail-on-todo') ? 1 : 0);
      expect(viaCodemod.stdout.startsWith('--- a/src/campaigns.ts\n+++ b/src/campaigns.ts\n@@ ')).toBe(flags.includes('--print'));
    } finally {
      await cleanup();
    }
  });

  it('--dry --print gives the diff sunset fix gives, and it applies', async ({ expect }) => {
    const { project, cleanup } = await smallProject({ git: true });
    try {
      const result = await runNode(codemodBin, ['--dry', '--print', ...asOf], { cwd: project });
      expect(result.code).toBe(0);
      expect(result.stderr).toMatch(/^2 files scanned, 2 candidates, 2 would change\.\n1 site would be rewritten, 2 left with a TODO, 0 skipped\.\n/);
      await expect(result.stdout).toMatchFileSnapshot('__snapshots__/cli-small.fix.diff');
      await writeFile(path.join(project, 'sunset.diff'), result.stdout);
      git(project, ['apply', 'sunset.diff']);
      expect(await readAll(project)).toEqual(await expectedSmallOutput());
    } finally {
      await cleanup();
    }
  });

  it.each([
    ['--as-of', 'Option --as-of needs a value (YYYY-MM-DD).'],
    ['-f', 'Option --format needs a value (human|json).'],
    ['--config', 'Option --config needs a value (FILE).'],
    ['--dry=yes', 'Option --dry takes no value.'],
    ['--force=1', 'Option --force takes no value.'],
  ])('says what %s takes in the sentence sunset fix gives, exit 2', async (flag, sentence) => {
    const cwd = repoRootPath('fixtures/cli/small');
    const [viaCodemod, viaCli] = await Promise.all([runNode(codemodBin, ['--dry', flag], { cwd }), runSunset(['fix', '--dry', flag], { cwd })]);
    expect([viaCodemod, viaCli]).toEqual([
      { code: 2, stdout: '', stderr: `sunset-codemod: ${sentence} Run \`npx @sunset/codemod --help\` for details.\n` },
      { code: 2, stdout: '', stderr: `sunset: ${sentence} Run \`sunset fix --help\` for details.\n` },
    ]);
  });

  it('says a file it cannot read as text once, as sunset fix does: exit 1, the file byte-identical', async () => {
    const { dir, cleanup } = await makeTempDir('codemod-latin1');
    try {
      const latin1 = Buffer.from("// caf\u00e9\nexport const f = () => fetch('https://api.adform.com/v1/campaigns/dictionaries/managers');\n", 'latin1');
      await mkdir(path.join(dir, 'src'));
      await writeFile(path.join(dir, 'src/latin1.js'), latin1);
      const args = ['--dry', ...asOf, 'src'];
      const [viaCodemod, viaCli] = await Promise.all([runNode(codemodBin, args, { cwd: dir }), runSunset(['fix', ...args], { cwd: dir })]);
      expect(viaCodemod).toEqual(viaCli);
      expect(viaCodemod).toEqual({
        code: 1,
        stdout: [
          '1 file scanned, 0 candidates, 0 would change.',
          '0 sites would be rewritten, 0 left with a TODO, 0 skipped.',
          '',
          '1 file could not be transformed and was left untouched:',
          '  src/latin1.js  Cannot read the file as text: it is not valid UTF-8, nor UTF-16 with a byte-order mark. Save it as UTF-8 (or UTF-16 with a byte-order mark), or add it to ignores.',
          '',
        ].join('\n'),
        stderr: '',
      });
      expect((await readFile(path.join(dir, 'src/latin1.js'))).equals(latin1)).toBe(true);
    } finally {
      await cleanup();
    }
  });

  it('refuses --print with --format json as sunset fix does: exit 2 naming both, nothing on stdout, nothing written', async () => {
    const { project, cleanup } = await smallProject({ git: false });
    try {
      const before = await readAll(project);
      for (const flags of [['--dry', '--print', '--format', 'json'], ['--print', '-f', 'json']]) {
        const args = [...flags, ...asOf];
        const [viaCodemod, viaCli] = await Promise.all([runNode(codemodBin, args, { cwd: project }), runSunset(['fix', ...args], { cwd: project })]);
        const sentence = '--print does not go with --format json: both write to stdout (the diff and the JSON report), and neither git apply nor a JSON parser could read the two. Drop one of the two.\n';
        expect([viaCodemod, viaCli]).toEqual([
          { code: 2, stdout: '', stderr: `sunset-codemod: ${sentence}` },
          { code: 2, stdout: '', stderr: `sunset: ${sentence}` },
        ]);
      }
      expect(await readAll(project)).toEqual(before);
    } finally {
      await cleanup();
    }
  });

  it('--dry --print with a UTF-16 file: the same diff and stderr as sunset fix, and git apply takes all of it', async () => {
    const { dir, cleanup } = await makeTempDir('codemod-utf16');
    try {
      const call = "export const f = () => fetch('https://api.adform.com/v1/campaigns/dictionaries/managers');\n";
      const fixedCall = call.replace('/v1/campaigns/dictionaries/managers', '/v1/buyer/classifiers/managers');
      const utf16 = (text: string): Buffer => Buffer.from(`\uFEFF${text}`, 'utf16le');
      await mkdir(path.join(dir, 'src'));
      await writeFile(path.join(dir, 'src/utf8.js'), call);
      await writeFile(path.join(dir, 'src/utf16.js'), utf16(call));
      initGitRepo(dir);
      const args = ['--dry', '--print', ...asOf, 'src'];
      const [viaCodemod, viaCli] = await Promise.all([runNode(codemodBin, args, { cwd: dir }), runSunset(['fix', ...args], { cwd: dir })]);
      expect(viaCodemod).toEqual(viaCli);
      expect([viaCodemod.code, viaCodemod.stderr]).toEqual([
        0,
        'src/utf16.js is UTF-16, which git diffs as binary: its change is printed as a git binary patch, which git apply applies as it applies the rest.\n' +
          '2 files scanned, 2 candidates, 2 would change.\n2 sites would be rewritten, 0 left with a TODO, 0 skipped.\n',
      ]);
      await writeFile(path.join(dir, 'fix.diff'), viaCodemod.stdout);
      git(dir, ['apply', '--check', 'fix.diff']);
      git(dir, ['apply', 'fix.diff']);
      expect([await readFile(path.join(dir, 'src/utf8.js'), 'utf8'), await readFile(path.join(dir, 'src/utf16.js'))]).toEqual([fixedCall, utf16(fixedCall)]);
    } finally {
      await cleanup();
    }
  });

  // The one documented difference (packages/codemod/README.md): `sunset fix` resolves a config per scanned
  // path (the CLI's config scopes); the codemod uses the one found from the working directory.
  it('uses one config for every path, where sunset fix uses the nearest config of each', async () => {
    const { dir, cleanup } = await makeTempDir('codemod-scopes');
    try {
      const call = "export const list = () => fetch('/v1/campaigns');\n";
      await mkdir(path.join(dir, 'sub'));
      await writeFile(path.join(dir, 'a.ts'), call);
      await writeFile(path.join(dir, 'sub', 'b.ts'), call);
      await writeFile(path.join(dir, 'sub', 'sunset.config.json'), '{ "ignores": ["b.ts"] }\n');
      const args = ['--dry', '--format', 'json', ...asOf];
      const [viaCodemod, viaCli] = await Promise.all([runNode(codemodBin, args, { cwd: dir }), runSunset(['fix', ...args], { cwd: dir })]);
      const changed = (result: typeof viaCli): unknown => parseJson<{ changedFiles: string[] }>(result).changedFiles;
      expect([changed(viaCodemod), changed(viaCli)]).toEqual([['a.ts', 'sub/b.ts'], ['a.ts']]);
      // Named with --config, one config governs both runs alike.
      const withConfig = [...args, '--config', 'sub/sunset.config.json'];
      const [codemodWithConfig, cliWithConfig] = await Promise.all([runNode(codemodBin, withConfig, { cwd: dir }), runSunset(['fix', ...withConfig], { cwd: dir })]);
      expect(codemodWithConfig).toEqual(cliWithConfig);
    } finally {
      await cleanup();
    }
  });

  it('has no --project, and says where the project mode is', async () => {
    const result = await runNode(codemodBin, ['--dry', '--project'], { cwd: repoRootPath('fixtures/cli/small') });
    expect([result.code, result.stdout]).toEqual([2, '']);
    expect(result.stderr).toBe(
      'sunset-codemod: Unknown option --project. Allowed options: --dry, --print, --force, --format, --fail-on-todo, --config, --as-of, --api-host, --identity-host, --help. The project mode (ts-morph) is `npx @sunset/cli fix --project`.\n',
    );
  });

  it('rewrites files like sunset fix and takes the same flags', async () => {
    const { project, cleanup } = await smallProject({ git: true });
    try {
      await writeFile(path.join(project, 'notes.txt'), 'unrelated\n');
      await writeFile(path.join(project, 'src/report, 100%.js'), `${await readFile(path.join(project, 'src/report, 100%.js'), 'utf8')}// mine\n`);
      const refused = await runNode(codemodBin, [...asOf], { cwd: project });
      // The same guard as sunset fix: only the file it would change counts.
      expect([refused.code, refused.stdout, refused.stderr.split('\n').slice(0, 2)]).toEqual([
        2,
        '',
        ['sunset-codemod: Refusing to rewrite files: sunset fix would change this file, which has uncommitted changes:', '  src/report, 100%.js (modified)'],
      ]);
      const forced = await runNode(codemodBin, ['--force', ...asOf], { cwd: project });
      expect(forced.code).toBe(0);
      const [fixedCampaigns, fixedReport] = await expectedSmallOutput();
      expect(await readAll(project)).toEqual([fixedCampaigns, `${fixedReport!}// mine\n`]);
    } finally {
      await cleanup();
    }
  });
});
