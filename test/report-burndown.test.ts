import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runReport, schemaValidators, type ReportData } from '@sunset/report';
import { captureIo, snapshot, throwawayRepo } from '../packages/report/tests/support/git-repo.js';

// A repository built here: retired calls are added, migrated, hidden where no scan looks, and removed.
const listCall = "import axios from 'axios';\nexport const list = () => axios.get('/v1/campaigns');\n";
const labelsCall = "export const labels = () => fetch('/v1/campaigns/dictionaries/labels');\n";
const managersCall = "import axios from 'axios';\nexport const managers = () => axios.get('/v1/campaigns/dictionaries/managers');\n";

function buildHistory() {
  const repo = throwawayRepo();
  const commits = [
    repo.commit({ 'src/a.ts': listCall + labelsCall, 'README.md': '# app\n' }, '2026-01-02T10:00:00Z', 'add two retired calls'),
    repo.commit({ 'src/b.ts': managersCall }, '2026-01-09T10:00:00Z', 'add a third'),
    repo.commit({ 'src/a.ts': listCall.replace('/v1/campaigns', '/v1/buyer/campaigns') + labelsCall }, '2026-01-16T10:00:00Z', 'migrate GET /v1/campaigns'),
    repo.commit(
      { '.gitignore': 'dist/\n', 'dist/bundle.js': managersCall, 'node_modules/sdk/index.js': managersCall, 'docs/notes.md': "axios.get('/v1/campaigns')\n" },
      '2026-01-23T10:00:00Z',
      'calls where no scan looks',
    ),
    repo.commit({ 'src/b.ts': null }, '2026-01-30T10:00:00Z', 'remove the managers call'),
  ];
  return { repo, commits };
}

async function report(dir: string, args: readonly string[]): Promise<{ data: ReportData; code: number; err: string }> {
  const io = captureIo(dir, '2026-02-10T12:00:00Z');
  const code = await runReport(['--format', 'json', '--out', '-', '--as-of', '2026-02-10', ...args], io);
  return { data: JSON.parse(io.out() || 'null') as ReportData, code, err: io.err() };
}

describe('sunset report --history (burndown from git, no checkout)', () => {
  it('counts the retired calls of each sampled commit exactly, and leaves the work tree byte-identical', async () => {
    const { repo, commits } = buildHistory();
    // An uncommitted change: the history must not see it, and it must survive.
    repo.commit({}, '2026-01-31T10:00:00Z', 'empty');
    const dirty = `${listCall}${labelsCall}// work in progress\n`;
    writeFileSync(path.join(repo.dir, 'src/a.ts'), dirty);
    const before = snapshot(repo.dir);
    const index = readFileSync(path.join(repo.dir, '.git/index'));
    const head = repo.git('rev-parse', 'HEAD');

    const { data, code, err } = await report(repo.dir, ['--history', '2026-01-01', '--every', 'week']);

    // No commit of 2026-01-01 in a full clone: the repository is younger, nothing to warn about.
    expect([code, err, data.history?.shallowClone]).toEqual([0, '', undefined]);
    const last = repo.git('rev-parse', 'HEAD').trim();
    expect(data.history?.points.map((point) => [point.day, point.commit, point.total, point.rewrite, point.todo])).toEqual([
      // 2026-01-01: no commit yet, no point
      ['2026-01-08', commits[0], 2, 1, 1],
      ['2026-01-15', commits[1], 3, 2, 1],
      ['2026-01-22', commits[2], 2, 1, 1],
      ['2026-01-29', commits[3], 2, 1, 1],
      ['2026-02-05', last, 1, 0, 1],
      ['2026-02-10', last, 1, 0, 1],
    ]);
    expect(data.history?.points[1]?.byFamily).toEqual({ soap: 0, rest: 3, reporting: 0, label: 0, other: 0 });
    expect(data.history?.cached).toBe(0);
    // The work tree (with its uncommitted change), the index and HEAD are as they were; the cache is invisible to git.
    expect(snapshot(repo.dir, ['.sunset-cache'])).toEqual(before);
    expect(readFileSync(path.join(repo.dir, 'src/a.ts'), 'utf8')).toBe(dirty);
    expect(readFileSync(path.join(repo.dir, '.git/index'))).toEqual(index);
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
    expect(repo.git('status', '--porcelain')).toBe(' M src/a.ts\n');
    // The work tree's own count includes the uncommitted change (GET /v1/campaigns back in src/a.ts).
    expect(data.totals.total).toBe(2);
  });

  it('reads every sampled commit from .sunset-cache on the second run, and recomputes when the options change', async () => {
    const { repo } = buildHistory();
    const first = await report(repo.dir, ['--history', '2026-01-01']);
    const second = await report(repo.dir, ['--history', '2026-01-01']);
    expect(first.data.history?.cached).toBe(0);
    expect(second.data.history?.cached).toBe(5);
    expect(second.data.history?.points).toEqual(first.data.history?.points);

    const otherDay = await report(repo.dir, ['--history', '2026-01-01', '--as-of', '2026-02-09']);
    expect(otherDay.data.history?.cached).toBe(0);
    expect(readFileSync(path.join(repo.dir, '.sunset-cache/.gitignore'), 'utf8')).toContain('*\n');
  });

  it('samples by month and by day', async () => {
    const { repo, commits } = buildHistory();
    const monthly = await report(repo.dir, ['--history', '2025-12-10', '--every', 'month']);
    expect(monthly.data.history?.points.map((point) => [point.day, point.total])).toEqual([
      ['2026-01-10', 3],
      ['2026-02-10', 1],
    ]);
    const daily = await report(repo.dir, ['--history', '2026-01-08', '--every', 'day']);
    expect(daily.data.history?.points.slice(0, 3).map((point) => [point.day, point.commit])).toEqual([
      ['2026-01-08', commits[0]],
      ['2026-01-09', commits[1]],
      ['2026-01-10', commits[1]],
    ]);
    expect(daily.data.history?.points).toHaveLength(34);
  });

  it('compares with a base commit for the pull-request comment (--base)', async () => {
    const { repo, commits } = buildHistory();
    repo.git('branch', 'base', commits[1]!);
    const io = captureIo(repo.dir, '2026-02-10T12:00:00Z');
    expect(await runReport(['--format', 'md', '--base', 'base', '--as-of', '2026-02-10'], io)).toBe(0);
    expect(io.out()).toContain(`**Against base (${commits[1]!.slice(0, 7)}):** 3 → 1 (−2): 0 new, 2 migrated or removed.`);
    expect(io.out()).toContain('| `GET /v1/campaigns` | 1 | 0 | −1 |');
    expect(io.out()).toContain('| `GET /v1/campaigns/dictionaries/managers` | 1 | 0 | −1 |');
  });

  it('says what to do when the history is asked for outside git or in the future', async () => {
    const { repo } = buildHistory();
    const future = await report(repo.dir, ['--history', '2027-01-01']);
    expect(future.code).toBe(2);
    expect(future.err).toBe('sunset: --history 2027-01-01 is after today (2026-02-10). Give a day in the past.\n');
    const badStep = await report(repo.dir, ['--history', '2026-01-01', '--every', 'year']);
    expect(badStep.err).toBe('sunset: Invalid value for --every: "year". Allowed: day, week, month.\n');
  });

  it('counts the requests that read a retired constant of another file, in the work tree and in each commit, as sunset check does', async () => {
    const repo = throwawayRepo();
    const endpoints = "export const REPORT_URL = '/v1/reportingstats/agency/reportdata';\n";
    const runner = "import axios from 'axios';\nimport { REPORT_URL } from './endpoints';\nexport const run = () => axios.post(REPORT_URL, {});\nexport const rerun = () => axios.post(REPORT_URL, {});\n";
    repo.commit({ 'src/endpoints.ts': endpoints, 'src/run.ts': runner }, '2026-01-02T10:00:00Z', 'a constant and its two requests');
    repo.commit({ 'src/run.ts': runner.replaceAll('REPORT_URL, {}', "'/v1/buyer/stats/data', {}").replace("import { REPORT_URL } from './endpoints';\n", '') }, '2026-01-20T10:00:00Z', 'migrate the requests');
    // Not committed: another reader of the constant, which the work tree's count must include.
    writeFileSync(path.join(repo.dir, 'src/other.ts'), "import { REPORT_URL } from './endpoints';\nexport const other = () => fetch(REPORT_URL, { method: 'POST' });\n");
    const { data, code } = await report(repo.dir, ['--history', '2026-01-01', '--every', 'week']);
    expect(code).toBe(0);
    // One request is one site: the constant other.ts reads is counted there, not where it is declared.
    expect(data.sites.map((site) => `${site.file}:${site.line}:${site.column} ${site.entry} ${site.fix}`)).toEqual(['src/other.ts:2:34 reporting-sync-reportdata todo']);
    // Each sampled commit counts the two requests reading the constant, not its declaration, until they were
    // migrated on 2026-01-20; then the declaration nobody reads any more is the one site.
    expect(data.history?.points.map((point) => [point.day, point.total])).toEqual([
      ['2026-01-08', 2],
      ['2026-01-15', 2],
      ['2026-01-22', 1],
      ['2026-01-29', 1],
      ['2026-02-05', 1],
      ['2026-02-10', 1],
    ]);
  });

  it('counts a request as a rewrite, in the work tree and in each commit, where sunset fix rewrites the constant it reads where it is declared', async () => {
    const repo = throwawayRepo();
    const endpoints = "export const MANAGERS = '/v1/campaigns/dictionaries/managers';\nexport const LABELS = '/v1/campaigns/dictionaries/labels';\n";
    const reader = "import axios from 'axios';\nimport { LABELS, MANAGERS } from './endpoints';\nexport const managers = () => axios.get(MANAGERS);\nexport const labels = () => axios.get(LABELS);\n";
    repo.commit({ 'src/endpoints.ts': endpoints, 'src/use.ts': reader }, '2026-01-02T10:00:00Z', 'two constants and their requests');
    const { data, code } = await report(repo.dir, ['--history', '2026-01-01', '--every', 'week']);
    expect(code).toBe(0);
    // MANAGERS' own finding is a one-to-one rewrite, so its GET is one; LABELS needs an advertiser id.
    expect(data.sites.map((site) => `${site.file}:${site.line}:${site.column} ${site.entry} ${site.fix}`)).toEqual([
      'src/use.ts:3:41 campaign-dictionary-managers rewrite',
      'src/use.ts:4:39 campaign-dictionary-labels todo',
    ]);
    expect(data.history?.points.map((point) => [point.day, point.total, point.rewrite])).toEqual([
      ['2026-01-08', 2, 1],
      ['2026-01-15', 2, 1],
      ['2026-01-22', 2, 1],
      ['2026-01-29', 2, 1],
      ['2026-02-05', 2, 1],
      ['2026-02-10', 2, 1],
    ]);
  });

  // A rewrite of MANAGERS would move add.ts's POST, which no entry retires: sunset fix leaves it, so no commit counts a rewrite.
  it('counts no rewrite, in the work tree and in each commit, where a request of another file without a finding reads the constant too', async () => {
    const repo = throwawayRepo();
    const paths = "export const MANAGERS = '/v1/campaigns/dictionaries/managers';\n";
    const list = "import { MANAGERS } from './paths';\nexport const list = () => fetch(MANAGERS);\n";
    const add = "import { MANAGERS } from './paths';\nexport const add = (body: string) => fetch(MANAGERS, { method: 'POST', body });\n";
    repo.commit({ 'src/paths.ts': paths, 'src/list.ts': list, 'src/add.ts': add }, '2026-01-02T10:00:00Z', 'a constant, its GET and its POST');
    repo.commit({ 'src/list.ts': null }, '2026-01-20T10:00:00Z', 'drop the GET');
    const { data, code } = await report(repo.dir, ['--history', '2026-01-01', '--every', 'week']);
    expect(code).toBe(0);
    // With the GET gone, the declaration is the one site: a TODO, as sunset check says.
    expect(data.sites.map((site) => `${site.file}:${site.line}:${site.column} ${site.entry} ${site.fix}`)).toEqual(['src/paths.ts:1:25 campaign-dictionary-managers todo']);
    expect(data.history?.points.map((point) => [point.day, point.total, point.rewrite])).toEqual([
      ['2026-01-08', 1, 0],
      ['2026-01-15', 1, 0],
      ['2026-01-22', 1, 0],
      ['2026-01-29', 1, 0],
      ['2026-02-05', 1, 0],
      ['2026-02-10', 1, 0],
    ]);
  });

  // postJson may POST it: sunset fix leaves MANAGERS as written, so the GET is no rewrite in any commit.
  it('counts no rewrite where another file gives the constant to a helper the analysis does not see into', async () => {
    const repo = throwawayRepo();
    const paths = "export const MANAGERS = '/v1/campaigns/dictionaries/managers';\n";
    const list = "import { MANAGERS } from './paths';\nexport const list = () => fetch(MANAGERS);\n";
    const add = "import { MANAGERS } from './paths';\nimport { postJson } from './http';\nexport const add = (body: unknown) => postJson(MANAGERS, body);\n";
    repo.commit({ 'src/paths.ts': paths, 'src/list.ts': list, 'src/add.ts': add }, '2026-01-02T10:00:00Z', 'a constant, its GET and a helper given it');
    const { data, code } = await report(repo.dir, ['--history', '2026-01-01', '--every', 'week']);
    expect(code).toBe(0);
    expect(data.sites.map((site) => `${site.file}:${site.line}:${site.column} ${site.entry} ${site.fix}`)).toEqual(['src/list.ts:2:33 campaign-dictionary-managers todo']);
    expect(data.history?.points.map((point) => [point.total, point.rewrite])).toEqual([
      [1, 0],
      [1, 0],
      [1, 0],
      [1, 0],
      [1, 0],
      [1, 0],
    ]);
  });

  it('counts a client made in another file, imported by relative path or by a workspace package\'s name, in each commit as in the work tree', async () => {
    // The trial's repros/3: an npm workspace whose app calls a client of packages/api, imported by its
    // name through node_modules, which git does not hold. The burndown ended at 0 while the page said 1.
    const repo = throwawayRepo();
    const client = "const axios = require('axios');\nexports.adform = axios.create({ baseURL: 'https://api.adform.com/v1' });\n";
    const commits = [
      repo.commit(
        {
          '.gitignore': 'node_modules\n',
          'package.json': '{ "name": "ws", "private": true, "workspaces": ["packages/*", "apps/*"] }\n',
          'packages/api/package.json': '{ "name": "@acme/api", "version": "1.0.0", "main": "src/index.js" }\n',
          'packages/api/src/index.js': client,
          'apps/web/package.json': '{ "name": "@acme/web", "version": "1.0.0", "dependencies": { "@acme/api": "1.0.0" } }\n',
          'apps/web/src/campaigns.js': "const { adform } = require('@acme/api');\nexports.list = () => adform.get('/campaigns');\n",
        },
        '2026-01-05T10:00:00Z',
        'a workspace package',
      ),
      repo.commit({ 'packages/api/src/local.js': "const { adform } = require('./index');\nexports.managers = () => adform.get('/campaigns/dictionaries/managers');\n" }, '2026-01-12T10:00:00Z', 'a relative import'),
      repo.commit({ 'apps/web/src/campaigns.js': "const { adform } = require('@acme/api');\nexports.list = () => adform.get('/buyer/campaigns');\n" }, '2026-01-19T10:00:00Z', 'migrate the list'),
    ];
    // What an install makes: a link in node_modules to the package's folder, not committed.
    mkdirSync(path.join(repo.dir, 'node_modules/@acme'), { recursive: true });
    symlinkSync('../../packages/api', path.join(repo.dir, 'node_modules/@acme/api'), 'dir');
    expect(repo.git('status', '--porcelain')).toBe('');

    const { data, code, err } = await report(repo.dir, ['--history', '2026-01-05', '--every', 'week']);
    expect([code, err]).toEqual([0, '']);
    expect(data.sites.map((site) => [site.file, site.line, site.retired])).toEqual([['packages/api/src/local.js', 2, 'GET /v1/campaigns/dictionaries/managers']]);
    expect(data.history?.points.map((point) => [point.day, point.commit, point.total])).toEqual([
      ['2026-01-05', commits[0], 1],
      ['2026-01-12', commits[1], 2],
      ['2026-01-19', commits[2], 1],
      ['2026-01-26', commits[2], 1],
      ['2026-02-02', commits[2], 1],
      ['2026-02-09', commits[2], 1],
      ['2026-02-10', commits[2], 1],
    ]);
    expect(data.history?.points.at(-1)?.total).toBe(data.totals.total);
  });

  it('warns on stderr, and marks the json, the page and the Markdown, when a shallow clone cuts the burndown short', async () => {
    const { repo, commits } = buildHistory();
    // actions/checkout's default is a depth of 1; 2 keeps two points to draw.
    const clone = path.join(mkdtempSync(path.join(tmpdir(), 'sunset-shallow-')), 'app');
    execFileSync('git', ['clone', '-q', '--depth', '2', pathToFileURL(repo.dir).href, clone]);
    expect(execFileSync('git', ['rev-parse', '--is-shallow-repository'], { cwd: clone, encoding: 'utf8' })).toBe('true\n');
    const warning =
      `--history 2026-01-01: this clone is shallow and its history stops at 2026-01-23 (commit ${commits[3]!.slice(0, 7)}), so the burndown starts at 2026-01-29, not at 2026-01-01. ` +
      'Fetch the whole history: git fetch --unshallow (on GitHub Actions, actions/checkout with fetch-depth: 0), then run sunset report again.';

    const shallow = await report(clone, ['--history', '2026-01-01']);
    expect([shallow.code, shallow.err]).toEqual([0, `sunset: warning: ${warning}\n`]);
    expect(shallow.data.history?.shallowClone).toEqual({ oldestCommit: commits[3], oldestCommitted: '2026-01-23T10:00:00+00:00' });
    expect(shallow.data.history?.points.map((point) => [point.day, point.commit, point.total])).toEqual([
      ['2026-01-29', commits[3], 2],
      ['2026-02-05', commits[4], 1],
      ['2026-02-10', commits[4], 1],
    ]);
    expect((await schemaValidators()).validate('sunset-report', shallow.data)).toBeUndefined();

    const md = captureIo(clone, '2026-02-10T12:00:00Z');
    expect(await runReport(['--format', 'md', '--as-of', '2026-02-10', '--history', '2026-01-01'], md)).toBe(0);
    expect(md.out()).toContain(`Burndown since 2026-01-29: 2 → 1 (−1) over 3 samples.\n\n> **Burndown cut short by a shallow clone.** ${warning}\n`);
    const page = captureIo(clone, '2026-02-10T12:00:00Z');
    expect(await runReport(['--out', 'r.html', '--as-of', '2026-02-10', '--history', '2026-01-01'], page)).toBe(0);
    expect(page.err()).toBe(`sunset: warning: ${warning}\nWrote the html report to r.html: 1 retired call left, the codemod can do 0 of 1.\n`);
    const text = readFileSync(path.join(clone, 'r.html'), 'utf8');
    expect(text).toContain(`<h2 id="burndown-title">Burndown since 2026-01-29</h2>\n<p class="warning" id="burndown-cut-short"><strong>Cut short by a shallow clone.</strong> ${warning}</p>`);
    expect(text).not.toContain('Burndown since 2026-01-01');

    // The same clone asked from a day it has a commit of: nothing cut short, no warning.
    const deepEnough = await report(clone, ['--history', '2026-01-24']);
    expect([deepEnough.code, deepEnough.err, deepEnough.data.history?.shallowClone, deepEnough.data.history?.points[0]?.day]).toEqual([0, '', undefined, '2026-01-24']);
  });

  it('says, in a repository without a commit, that there is no history yet and what to do (not git\'s "ambiguous argument")', async () => {
    const repo = throwawayRepo();
    writeFileSync(path.join(repo.dir, 'a.ts'), listCall);
    const [history, base] = await Promise.all([report(repo.dir, ['--history', '2026-01-01']), report(repo.dir, ['--base', 'main'])]);
    const root = repo.dir;
    expect([history.code, history.err]).toEqual([
      2,
      `sunset: --history reads git history, but the repository at ${root} has no commits yet. Commit your work first (git add -A && git commit -m "…"), or run sunset report without --history.\n`,
    ]);
    expect([base.code, base.err]).toEqual([
      2,
      `sunset: --base reads git history, but the repository at ${root} has no commits yet. Commit your work first (git add -A && git commit -m "…"), or run sunset report without --base.\n`,
    ]);
  });
});
