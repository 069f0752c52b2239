import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/src/cli.js';
import type { CheckResult } from '../src/merge/check-result.js';
import { parseLinkTemplate } from '../src/merge/link-template.js';
import { schemaValidators } from '../src/merge/result-schemas.js';
import { runReport } from '../src/run-report.js';
import type { ReportData } from '../src/inventory/types.js';
import { captureIo, throwawayRepo } from './support/git-repo.js';

const listCall = "import axios from 'axios';\nexport const list = () => axios.get('/v1/campaigns');\n";
const labelsCall = "export const labels = () => fetch('/v1/campaigns/dictionaries/labels');\n";
const soapCall = "export const all = (client) => client.GetCampaignsAsync({});\n";
const schemas = await schemaValidators();

/** `sunset check --format json` in a repository, as a CI job runs it; the result as the file would hold it. */
async function checkResult(dir: string, at: string, extra: readonly string[] = []): Promise<CheckResult> {
  const io = { ...captureIo(dir, at), isTTY: false };
  const code = await main(['check', '--format', 'json', '--as-of', at.slice(0, 10), ...extra], io);
  expect([0, 1]).toContain(code);
  return JSON.parse(io.out()) as CheckResult;
}

function resultsDir(results: Readonly<Record<string, unknown>>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sunset-merge-'));
  mkdirSync(path.join(dir, 'results'));
  for (const [name, value] of Object.entries(results)) writeFileSync(path.join(dir, 'results', name), typeof value === 'string' ? value : JSON.stringify(value));
  return dir;
}

async function merge(dir: string, args: readonly string[], now = '2026-03-02T08:00:00Z'): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(dir, now);
  const code = await runReport(['--merge', ...args], io);
  return { code, out: io.out(), err: io.err() };
}

/** Two repositories with different owners and findings, checked on 2026-03-01. */
async function twoResults(): Promise<{ web: CheckResult; api: CheckResult }> {
  const web = throwawayRepo('sunset-merge-web-');
  web.commit({ CODEOWNERS: '* @acme/web-team\n/src/legacy/ @alice\n', 'src/a.ts': listCall + labelsCall, 'src/legacy/b.ts': soapCall }, '2026-02-01T10:00:00Z');
  web.git('remote', 'add', 'origin', 'git@github.com:acme/web.git');
  const api = throwawayRepo('sunset-merge-api-');
  api.commit({ CODEOWNERS: '* @acme/api-team\n', 'lib/c.ts': listCall }, '2026-02-01T10:00:00Z');
  return { web: await checkResult(web.dir, '2026-03-01T09:00:00Z'), api: await checkResult(api.dir, '2026-03-01T09:30:00Z', ['--repo-name', 'acme/api']) };
}

describe('sunset check --format json', () => {
  it('validates against the shipped schema, and the schema rejects what a merge could not read', async () => {
    const { web } = await twoResults();
    expect(schemas.validate('sunset-check', web)).toBeUndefined();
    expect(web.provenance).toMatchObject({ repository: 'acme/web', repositoryFrom: 'origin', url: 'https://github.com/acme/web', platform: 'github', ownership: 'codeowners', tool: 'sunset check' });
    expect(web.findings.map((finding) => [finding.file, finding.line, finding.entry, finding.owners])).toEqual([
      ['src/a.ts', 2, 'campaigns-legacy-list', ['@acme/web-team']],
      ['src/a.ts', 3, 'campaign-dictionary-labels', ['@acme/web-team']],
      ['src/legacy/b.ts', 1, 'campaigns-service-get-campaigns', ['@alice']],
    ]);
    expect(schemas.validate('sunset-check', { ...web, findings: [{ ...web.findings[0], line: '2' }] })).toBe('/findings/0/line must be integer');
    const withoutOwners: Record<string, unknown> = { ...web.findings[0]! };
    delete withoutOwners['owners'];
    expect(schemas.validate('sunset-check', { ...web, findings: [withoutOwners] })).toBe("/findings/0 must have required property 'owners'");
  });
});

describe('sunset report --merge', () => {
  it('percent-encodes {repo} and {path} in --link-template, segment by segment', () => {
    const link = parseLinkTemplate('https://git.example.com/{repo}/blob/{commit}/{path}#L{line}');
    const site = { commit: 'abc123', directory: '', file: 'src/a b.js', line: 1, column: 7 };
    // A repository named after its folder (no remote): a # or a space must not end or break the path.
    expect(link({ ...site, repo: 'c#tools v2' })).toBe('https://git.example.com/c%23tools%20v2/blob/abc123/src/a%20b.js#L1');
    expect(link({ ...site, repo: 'acme/c#tools v2', directory: 'pkg #1' })).toBe('https://git.example.com/acme/c%23tools%20v2/blob/abc123/pkg%20%231/src/a%20b.js#L1');
    expect(link({ ...site, repo: 'group/sub/app?x=1' })).toBe('https://git.example.com/group/sub/app%3Fx%3D1/blob/abc123/src/a%20b.js#L1');
    expect(link({ ...site, repo: 'acme/web' })).toBe('https://git.example.com/acme/web/blob/abc123/src/a%20b.js#L1');
    expect(link({ ...site, repo: 'acme/web', commit: null })).toBeUndefined();
  });

  it('sums the results by repository, owner and entry, and links each site at its commit', async () => {
    const { web, api } = await twoResults();
    const dir = resultsDir({ 'web.json': web, 'api.json': api });
    const result = await merge(dir, ['results/*.json', '--format', 'json', '--link-template', 'https://git.example.com/{repo}/blob/{commit}/{path}#L{line}']);
    expect(result.code).toBe(0);
    const data = JSON.parse(result.out) as ReportData;
    expect(schemas.validate('sunset-report', data)).toBeUndefined();
    expect(data.totals).toMatchObject({ total: 4, rewrite: 2, todo: 2, files: 3 });
    expect(data.repositories!.map((row) => [row.repository, row.commit, row.total, row.rewrite, row.todo, row.input])).toEqual([
      ['acme/web', web.provenance.commit, 3, 1, 2, 'results/web.json'],
      ['acme/api', api.provenance.commit, 1, 1, 0, 'results/api.json'],
    ]);
    expect(data.byOwner.map((row) => [row.owner, row.total])).toEqual([
      ['@acme/web-team', 2],
      ['@acme/api-team', 1],
      ['@alice', 1],
    ]);
    expect(data.byEntry.map((row) => [row.entry, row.total])).toEqual([
      ['campaigns-legacy-list', 2],
      ['campaign-dictionary-labels', 1],
      ['campaigns-service-get-campaigns', 1],
    ]);
    expect(data.sites.map((site) => site.link)).toEqual([
      `https://git.example.com/acme/api/blob/${api.provenance.commit!}/lib/c.ts#L2`,
      `https://git.example.com/acme/web/blob/${web.provenance.commit!}/src/a.ts#L2`,
      `https://git.example.com/acme/web/blob/${web.provenance.commit!}/src/a.ts#L3`,
      `https://git.example.com/acme/web/blob/${web.provenance.commit!}/src/legacy/b.ts#L1`,
    ]);
    expect(data.ownership).toBe('codeowners');
    expect(data.merge).toEqual({ inputs: 2, superseded: [], ruleDataVersions: [web.provenance.ruleDataVersion], warnings: [] });

    // Every call is retired: the organisation's burndown says so.
    expect((await merge(dir, ['results/*.json', '--out', 'org.html', '--history-file', 'h.jsonl'])).code).toBe(0);
    const page = readFileSync(path.join(dir, 'org.html'), 'utf8');
    expect(page).toContain('<p>Retired calls left at each merge recorded in <code>h.jsonl</code> (1 merge, this one included).</p>');
    expect(page).toContain('aria-label="Line chart of the retired calls left across the repositories at each merge; the table below has the same numbers"');
  });

  it('names a top-level folder owner with its repository, and keeps a CODEOWNERS team across repositories', async () => {
    const folders = (name: string, files: Readonly<Record<string, string>>): Promise<CheckResult> => {
      const repo = throwawayRepo('sunset-merge-owner-');
      repo.commit(files, '2026-02-01T10:00:00Z');
      return checkResult(repo.dir, '2026-03-01T09:00:00Z', ['--repo-name', name]);
    };
    const results = {
      'a.json': await folders('acme/a', { 'src/x.ts': listCall, 'index.ts': labelsCall }),
      'b.json': await folders('acme/b', { 'src/y.ts': listCall + labelsCall }),
      'c.json': await folders('acme/c', { CODEOWNERS: '* @acme/platform\n', 'lib/c.ts': listCall }),
      'd.json': await folders('acme/d', { CODEOWNERS: '* @acme/platform\n', 'lib/d.ts': labelsCall }),
    };
    // What each check records stays the folder, as the repository's own report shows it.
    expect(results['a.json'].findings.map((finding) => finding.owners)).toEqual([['(root)'], ['src/']]);
    const dir = resultsDir(results);
    const data = JSON.parse((await merge(dir, ['results/*.json', '--format', 'json'])).out) as ReportData;
    expect(schemas.validate('sunset-report', data)).toBeUndefined();
    expect(data.ownership).toBe('mixed');
    expect(data.byOwner).toEqual([
      { owner: '@acme/platform', total: 2, rewrite: 1, todo: 1 },
      { owner: 'acme/b: src/', total: 2, rewrite: 1, todo: 1 },
      { owner: 'acme/a: (root)', total: 1, rewrite: 0, todo: 1 },
      { owner: 'acme/a: src/', total: 1, rewrite: 1, todo: 0 },
    ]);
    expect(data.sites.map((site) => [site.repository, site.file, site.owners])).toEqual([
      ['acme/a', 'index.ts', ['acme/a: (root)']],
      ['acme/a', 'src/x.ts', ['acme/a: src/']],
      ['acme/b', 'src/y.ts', ['acme/b: src/']],
      ['acme/b', 'src/y.ts', ['acme/b: src/']],
      ['acme/c', 'lib/c.ts', ['@acme/platform']],
      ['acme/d', 'lib/d.ts', ['@acme/platform']],
    ]);

    await merge(dir, ['results/*.json', '--out', 'org.html']);
    const page = readFileSync(path.join(dir, 'org.html'), 'utf8');
    const row = (owner: string, total: number, rewrite: number): string =>
      `<tr><th scope="row">${owner}</th><td class="num">${total}</td><td class="num">${rewrite}</td><td class="num">${total - rewrite}</td><td><button type="button" class="show-owner" data-owner="${owner}">Show these sites</button></td></tr>`;
    expect(page).toContain(
      '<p>Owners from each repository: its CODEOWNERS, else its workspace packages or top-level folders (see By repository). A call with two owners counts for each. A top-level folder owns files in its own repository only, so it is named with it (<code>repository: folder/</code>).</p>',
    );
    expect(page).toContain(`<tbody>${row('@acme/platform', 2, 1)}${row('acme/b: src/', 2, 1)}${row('acme/a: (root)', 1, 0)}${row('acme/a: src/', 1, 1)}</tbody>`);
    // The TODO sites' owner filter offers the owners of those sites.
    expect(page).toContain(
      '<select id="filter-owner"><option value="">all</option><option value="@acme/platform">@acme/platform</option><option value="acme/b: src/">acme/b: src/</option><option value="acme/a: (root)">acme/a: (root)</option></select>',
    );
    const md = (await merge(dir, ['results/*.json', '--format', 'md'])).out;
    expect(md).toContain('| owner | calls | codemod rewrites |\n|---|---:|---:|\n| `@acme/platform` | 2 | 1 |\n| `acme/b: src/` | 2 | 1 |\n| `acme/a: (root)` | 1 | 0 |\n| `acme/a: src/` | 1 | 1 |\n');
  });

  it('links files through a GitHub origin without a template, and not where the address is unknown', async () => {
    const { web, api } = await twoResults();
    const data = JSON.parse((await merge(resultsDir({ 'web.json': web, 'api.json': api }), ['results/web.json', 'results/api.json', '--format', 'json'])).out) as ReportData;
    expect(data.sites.map((site) => [site.repository, site.link])).toEqual([
      ['acme/api', undefined],
      ['acme/web', `https://github.com/acme/web/blob/${web.provenance.commit!}/src/a.ts#L2`],
      ['acme/web', `https://github.com/acme/web/blob/${web.provenance.commit!}/src/a.ts#L3`],
      ['acme/web', `https://github.com/acme/web/blob/${web.provenance.commit!}/src/legacy/b.ts#L1`],
    ]);
  });

  it('keeps only the newest result of a repository, and merges other rule-data versions with a warning', async () => {
    const { web, api } = await twoResults();
    const older = { ...web, provenance: { ...web.provenance, date: '2026-02-01T09:00:00.000Z' }, findings: [...web.findings, { ...web.findings[0]!, line: 9 }] };
    const otherData = { ...api, provenance: { ...api.provenance, ruleDataVersion: '0.0.9' } };
    const result = await merge(resultsDir({ 'web-old.json': older, 'web.json': web, 'api.json': otherData }), ['results/*.json', '--format', 'md']);
    expect(result.code).toBe(0);
    const warning = `The results were made with rule data 0.0.9 (acme/api); ${web.provenance.ruleDataVersion} (acme/web), and this merge uses ${web.provenance.ruleDataVersion}: entries, dates and wording may differ between repositories. Run the same @sunset/cli version in every job.`;
    expect(result.err).toBe(`sunset: warning: ${warning}\n`);
    expect(result.out).toContain('**4 retired calls** left in 3 files across 2 repositories (as of 2026-03-02)');
    expect(result.out).toContain('| `acme/web` | `' + web.provenance.commit!.slice(0, 10) + '` | 3 | 1 | 2 |');
    expect(result.out).toContain('> **Warning:** The results were made with rule data 0.0.9 (acme/api);');
    const data = JSON.parse((await merge(resultsDir({ 'web-old.json': older, 'web.json': web }), ['results/*.json', '--format', 'json'])).out) as ReportData;
    expect(data.merge!.superseded).toEqual([{ input: 'results/web-old.json', repository: 'acme/web', date: '2026-02-01T09:00:00.000Z', keptInput: 'results/web.json' }]);
    expect(data.totals.total).toBe(3);
  });

  it('stops with exit 2 naming every input that is not a Sunset result, and writes nothing', async () => {
    const { web } = await twoResults();
    const noProvenance: Record<string, unknown> = { ...web };
    delete noProvenance['provenance'];
    const dir = resultsDir({
      'web.json': web,
      'empty.json': '',
      'broken.json': '{"tool": "sunset check",',
      'eslint.json': [{ filePath: 'a.js', messages: [] }],
      'other.json': { tool: 'eslint' },
      'future.json': { ...web, version: 2 },
      'old.json': { findings: [], errors: [], notScanned: [], summary: web.summary },
      'bad-line.json': { ...web, findings: [{ ...web.findings[0], line: 0 }] },
      'no-provenance.json': noProvenance,
    });
    const result = await merge(dir, ['results/*.json', 'results/missing.json', 'none/*.json', '--out', 'org.html', '--history-file', 'org-history.jsonl']);
    expect(result.code).toBe(2);
    // Node words JSON.parse's errors differently from version to version.
    const lines = result.err.split('\n');
    expect(lines[3]).toMatch(/^ {2}results\/broken\.json: not JSON \(.+\)$/);
    expect(lines.toSpliced(3, 1).join('\n')).toBe(
      [
        'sunset: Cannot merge: 10 inputs are not a readable Sunset result, so nothing was written:',
        '  none/*.json matches no file',
        '  results/bad-line.json: not a valid sunset check result: /findings/0/line must be >= 1',
        '  results/empty.json: not JSON (Unexpected end of JSON input) — the file is empty; did the check job fail before writing it?',
        '  results/eslint.json: not a Sunset result (the JSON is not an object)',
        '  results/future.json: sunset check format version 2 is not one this merge reads (1); use the same @sunset/cli version for the checks and the merge',
        "  results/no-provenance.json: not a valid sunset check result: the document must have required property 'provenance'",
        '  results/old.json: not a Sunset result (no "tool"): written by an older sunset check? Run `sunset check --format json` again with this version',
        '  results/other.json: not a Sunset result ("tool" is "eslint")',
        '  results/missing.json: no such file',
        'Each input must be written by `sunset check --format json` (or `sunset report --format json`). Remove the file from the arguments or run that check again.',
        '',
      ].join('\n'),
    );
    expect(existsSync(path.join(dir, 'org.html'))).toBe(false);
    expect(existsSync(path.join(dir, 'org-history.jsonl'))).toBe(false);
  });

  it('appends one line per merge to --history-file and draws the burndown from it; a bad line stops the merge', async () => {
    const { web, api } = await twoResults();
    const dir = resultsDir({ 'web.json': web, 'api.json': api });
    const earlier = { version: 1, date: '2026-02-01T08:00:00.000Z', asOf: '2026-02-01', total: 9, rewrite: 4, todo: 5, repositories: { 'acme/web': { commit: null, total: 6, rewrite: 2, todo: 4 }, 'acme/api': { commit: null, total: 3, rewrite: 2, todo: 1 } }, entries: { 'campaigns-legacy-list': 9 } };
    // A copy without its last line break: the next line still starts on its own line.
    writeFileSync(path.join(dir, 'org-history.jsonl'), JSON.stringify(earlier));
    const first = await merge(dir, ['results/*.json', '--format', 'json', '--out', 'org.json', '--history-file', 'org-history.jsonl']);
    expect(first).toMatchObject({ code: 0, err: 'Wrote the json report to org.json: 4 retired calls left across 2 repositories, the codemod can do 2 of 4.\n' });
    const lines = readFileSync(path.join(dir, 'org-history.jsonl'), 'utf8').split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(JSON.parse(lines[1]!)).toEqual({
      version: 1,
      date: '2026-03-02T08:00:00.000Z',
      asOf: '2026-03-02',
      total: 4,
      rewrite: 2,
      todo: 2,
      repositories: { 'acme/api': { commit: api.provenance.commit, total: 1, rewrite: 1, todo: 0 }, 'acme/web': { commit: web.provenance.commit, total: 3, rewrite: 1, todo: 2 } },
      entries: { 'campaign-dictionary-labels': 1, 'campaigns-legacy-list': 2, 'campaigns-service-get-campaigns': 1 },
    });
    const data = JSON.parse(readFileSync(path.join(dir, 'org.json'), 'utf8')) as ReportData;
    expect(data.orgHistory).toEqual({
      file: 'org-history.jsonl',
      points: [
        { date: '2026-02-01T08:00:00.000Z', total: 9, rewrite: 4, todo: 5, repositories: 2 },
        { date: '2026-03-02T08:00:00.000Z', total: 4, rewrite: 2, todo: 2, repositories: 2 },
      ],
    });

    // acme/api's job failed: the merge says the burndown drops by its count.
    const second = await merge(resultsDir({ 'web.json': web }), ['results/web.json', '--format', 'md', '--history-file', path.join(dir, 'org-history.jsonl')], '2026-03-09T08:00:00Z');
    expect(second.err).toContain(`sunset: warning: acme/api was in the last merge of ${path.join(dir, 'org-history.jsonl')} but has no result now (a failed job?): the burndown drops by its count.\n`);
    expect(second.out).toContain('Burndown since 2026-02-01: 9 → 3 (−6) over 3 merges.');
    expect(readFileSync(path.join(dir, 'org-history.jsonl'), 'utf8').trim().split('\n')).toHaveLength(3);

    const before = `${readFileSync(path.join(dir, 'org-history.jsonl'), 'utf8')}<<<<<<< HEAD\n`;
    writeFileSync(path.join(dir, 'org-history.jsonl'), before);
    const conflicted = await merge(dir, ['results/*.json', '--out', 'org.html', '--history-file', 'org-history.jsonl']);
    expect(conflicted).toMatchObject({
      code: 2,
      err: 'sunset: org-history.jsonl:4 is not a JSON line of a Sunset history. Fix or delete that line (the file is append-only; sunset never rewrites it) and merge again.\n',
    });
    expect(readFileSync(path.join(dir, 'org-history.jsonl'), 'utf8')).toBe(before);
    expect(existsSync(path.join(dir, 'org.html'))).toBe(false);
  });

  it('sums the folders of a repository checked per package; the same folder, or one inside another, keeps the newest', async () => {
    const repo = throwawayRepo('sunset-merge-mono-');
    const first = repo.commit({ 'packages/a/src/x.ts': listCall, 'packages/b/src/x.ts': labelsCall + listCall }, '2026-03-01T10:00:00Z');
    const inA = path.join(repo.dir, 'packages/a');
    const inB = path.join(repo.dir, 'packages/b');
    const mono = ['--repo-name', 'acme/mono'];
    const olderA = await checkResult(inA, '2026-03-01T11:00:00Z', mono);
    const a = await checkResult(inA, '2026-03-02T07:00:00Z', mono);
    const b = await checkResult(inB, '2026-03-02T07:05:00Z', mono);
    expect([a.provenance.directory, b.provenance.directory, a.findings.map((finding) => finding.file)]).toEqual(['packages/a', 'packages/b', ['src/x.ts']]);
    const template = ['--link-template', 'https://git.example.com/{repo}/blob/{commit}/{path}#L{line}'];

    // Two packages of one commit: both counted, in one row, the paths from the repository root.
    const dir = resultsDir({ 'a-old.json': olderA, 'a.json': a, 'b.json': b });
    const both = await merge(dir, ['results/a.json', 'results/b.json', '--format', 'json', ...template]);
    expect([both.code, both.err]).toEqual([0, '']);
    const data = JSON.parse(both.out) as ReportData;
    expect(schemas.validate('sunset-report', data)).toBeUndefined();
    expect(data.totals).toMatchObject({ total: 3, files: 2 });
    expect(data.repositories).toHaveLength(1);
    expect(data.repositories![0]).toMatchObject({ repository: 'acme/mono', commit: first, total: 3, files: 2, filesWithSites: 2, input: 'results/b.json' });
    expect(data.repositories![0]!.folders).toEqual([
      { directory: 'packages/a', input: 'results/a.json', commit: first, total: 1 },
      { directory: 'packages/b', input: 'results/b.json', commit: first, total: 2 },
    ]);
    expect(data.sites.map((site) => [site.file, site.line, site.link])).toEqual([
      ['packages/a/src/x.ts', 2, `https://git.example.com/acme/mono/blob/${first}/packages/a/src/x.ts#L2`],
      ['packages/b/src/x.ts', 1, `https://git.example.com/acme/mono/blob/${first}/packages/b/src/x.ts#L1`],
      ['packages/b/src/x.ts', 3, `https://git.example.com/acme/mono/blob/${first}/packages/b/src/x.ts#L3`],
    ]);
    expect(data.merge!.superseded).toEqual([]);
    const page = await merge(dir, ['results/a.json', 'results/b.json', '--out', 'org.html']);
    expect(readFileSync(path.join(dir, 'org.html'), 'utf8')).toContain('acme/mono<br><span class="hint">2 folders summed: <code>packages/a</code>, <code>packages/b</code></span></th>');
    expect(page.err).toBe('Wrote the html report to org.html: 3 retired calls left across 1 repository, the codemod can do 2 of 3.\n');

    // The same folder twice: the newest only.
    const sameFolder = JSON.parse((await merge(dir, ['results/*.json', '--format', 'json'])).out) as ReportData;
    expect(sameFolder.totals.total).toBe(3);
    expect(sameFolder.merge!.superseded).toEqual([{ input: 'results/a-old.json', repository: 'acme/mono', date: '2026-03-01T11:00:00.000Z', keptInput: 'results/a.json' }]);

    // A newer result of the root holds both packages: it replaces them, and nothing counts twice.
    const root = await checkResult(repo.dir, '2026-03-02T07:30:00Z', mono);
    writeFileSync(path.join(dir, 'results/root.json'), JSON.stringify(root));
    const withRoot = JSON.parse((await merge(dir, ['results/*.json', '--format', 'json'])).out) as ReportData;
    expect([withRoot.totals.total, withRoot.repositories![0]!.input, withRoot.repositories![0]!.folders]).toEqual([3, 'results/root.json', undefined]);
    expect(withRoot.merge!.superseded.map((old) => [old.input, old.keptInput])).toEqual([
      ['results/b.json', 'results/root.json'],
      ['results/a.json', 'results/root.json'],
      ['results/a-old.json', 'results/root.json'],
    ]);

    // Packages checked at different commits (a task cache replaying an older result): summed, with a warning.
    const second = repo.commit({ 'packages/b/src/x.ts': labelsCall }, '2026-03-02T09:00:00Z');
    const newerB = await checkResult(inB, '2026-03-02T09:10:00Z', mono);
    const mixed = resultsDir({ 'a.json': a, 'b.json': newerB });
    const apart = await merge(mixed, ['results/*.json', '--format', 'json']);
    const warning = `acme/mono: its folders' results are of different commits (packages/a at ${first.slice(0, 7)}, packages/b at ${second.slice(0, 7)}); each folder is counted at the commit it was checked at.`;
    expect([apart.code, apart.err]).toEqual([0, `sunset: warning: ${warning}\n`]);
    const apartData = JSON.parse(apart.out) as ReportData;
    expect([apartData.totals.total, apartData.repositories![0]!.commit, apartData.merge!.warnings]).toEqual([2, second, [warning]]);
  });

  it('leaves out a history line cut short mid-line, with a warning, in this merge and the next', async () => {
    const { web, api } = await twoResults();
    const dir = resultsDir({ 'web.json': web, 'api.json': api });
    const earlier = { version: 1, date: '2026-02-01T08:00:00.000Z', asOf: '2026-02-01', total: 9, rewrite: 4, todo: 5, repositories: { 'acme/web': { commit: null, total: 6, rewrite: 2, todo: 4 } }, entries: { 'campaigns-legacy-list': 9 } };
    // `head -c` of a copy: the second line stops mid-JSON, without its line break.
    const cut = JSON.stringify({ ...earlier, date: '2026-02-15T08:00:00.000Z' }).slice(0, 60);
    writeFileSync(path.join(dir, 'h.jsonl'), `${JSON.stringify(earlier)}\n${cut}`);
    const warning = 'sunset: warning: h.jsonl:2 is a history line cut short (a copy that stopped mid-line): it is left out of the burndown. Sunset never rewrites the file; delete that line to drop this warning.\n';
    const first = await merge(dir, ['results/*.json', '--format', 'json', '--history-file', 'h.jsonl']);
    expect([first.code, first.err]).toEqual([0, warning]);
    expect((JSON.parse(first.out) as ReportData).orgHistory!.points.map((point) => [point.date, point.total])).toEqual([
      ['2026-02-01T08:00:00.000Z', 9],
      ['2026-03-02T08:00:00.000Z', 4],
    ]);
    const written = readFileSync(path.join(dir, 'h.jsonl'), 'utf8').split('\n');
    expect([written.length, written[1], written[3]]).toEqual([4, cut, '']);
    // The next merge: the cut line is inside the file now, still left out with the same warning.
    const second = await merge(dir, ['results/*.json', '--format', 'json', '--history-file', 'h.jsonl'], '2026-03-09T08:00:00Z');
    expect([second.code, second.err]).toEqual([0, warning]);
    expect((JSON.parse(second.out) as ReportData).orgHistory!.points).toHaveLength(3);
    // A line that is not a history line cut short still stops the merge.
    writeFileSync(path.join(dir, 'h.jsonl'), `${JSON.stringify(earlier)}\n{"total": 3, "note": "edited"\n`);
    expect(await merge(dir, ['results/*.json', '--format', 'json', '--history-file', 'h.jsonl'])).toMatchObject({
      code: 2,
      err: 'sunset: h.jsonl:2 is not a JSON line of a Sunset history. Fix or delete that line (the file is append-only; sunset never rewrites it) and merge again.\n',
    });
  });

  it("counts a vendor's imported entries under Other APIs by the API each finding records; an older result without it stays under its rule's family", async () => {
    const repo = throwawayRepo('sunset-merge-vendor-');
    repo.copy(path.resolve(__dirname, '../../../fixtures/openapi/client-app'), '.');
    repo.copy(path.resolve(__dirname, '../../../fixtures/openapi/expected.config.json'), 'sunset.config.json');
    repo.commit({}, '2026-11-01T00:00:00Z');
    const result = await checkResult(repo.dir, '2026-11-21T12:00:00Z', ['--repo-name', 'acme/shop']);
    expect(schemas.validate('sunset-check', result)).toBeUndefined();
    const apiOf = (entry: string): unknown => result.findings.find((finding) => finding.entry === entry)?.api;
    expect([apiOf('void-invoice'), apiOf('delete-item'), apiOf('items-proxy-export')]).toEqual([{ id: 'billing-api', name: 'Billing API' }, { id: 'items-api', name: 'Items API' }, undefined]);

    const merged = await merge(resultsDir({ 'shop.json': result }), ['results/*.json', '--format', 'md'], '2026-11-21T13:00:00Z');
    const commit = result.provenance.commit!.slice(0, 10);
    // The check result does not hold the schedule of another API's entries: their support end stays blank, as before.
    expect(merged).toEqual({
      code: 0,
      err: '',
      out: [
        '<!-- sunset-report -->',
        '### Sunset: API calls to replace across 1 repository',
        '',
        '**13 calls to replace** (10 retired, 3 deprecated) left in 4 files across 1 repository (as of 2026-11-21): the codemod can do **7 of 13**, 6 need a person.',
        '',
        '| repository | commit | calls | the codemod can do | TODO for a person |',
        '|---|---|---:|---:|---:|',
        `| \`acme/shop\` | \`${commit}\` | 13 | 7 | 6 |`,
        '',
        '| family | calls | codemod rewrites | TODO for a person |',
        '|---|---:|---:|---:|',
        '| Legacy REST paths | 1 | 1 | 0 |',
        '| Other APIs: Billing API, Items API | 12 | 6 | 6 |',
        '| **all** | **13** | **7** | **6** |',
        '',
        'By phase: 10 retired, 3 deprecated, 0 scheduled.',
        '',
        '<details><summary>Top entries</summary>',
        '',
        '| retired | use instead | support ends | calls |',
        '|---|---|---|---:|',
        '| `DELETE /invoices/{invoiceId}` | `POST /invoices/{invoiceId}/void`, `POST /credit-notes` |  | 1 |',
        '| `DELETE /v1/items/{itemId}` | none |  | 1 |',
        '| `GET /api/v1/search` | `GET /search-api/v2/search` |  | 1 |',
        '| `GET /invoices` | `GET /documents` |  | 1 |',
        '| `GET /invoices/{invoiceId}/pdf` | `GET /invoices/{invoiceId}/document` |  | 1 |',
        '| `GET /proxy/items/export` | `GET /api/v2/items` |  | 1 |',
        '| `GET /v1/items` | `GET /v2/items` |  | 1 |',
        '| `GET /v1/items/{itemId}` | `GET /v2/items/{itemId}` |  | 1 |',
        '| `GET /v1/items/{itemId}/details` | `GET /v2/items/{itemId}` |  | 1 |',
        '| `GET /v1/items/{itemId}/history` | `GET /v2/items/{id}/events` |  | 1 |',
        '',
        '</details>',
        '',
        '<details><summary>By owner</summary>',
        '',
        '| owner | calls | codemod rewrites |',
        '|---|---:|---:|',
        '| `acme/shop: src/` | 13 | 7 |',
        '',
        '</details>',
        '',
        '<sub>`sunset report --merge --format md` · the full page: `sunset report --merge <results> --out org.html`</sub>',
        '',
      ].join('\n'),
    });
    const dir = resultsDir({ 'shop.json': result });
    expect((await merge(dir, ['results/*.json', '--out', 'org.html', '--history-file', 'h.jsonl'], '2026-11-21T13:00:00Z')).code).toBe(0);
    const html = readFileSync(path.join(dir, 'org.html'), 'utf8');
    expect(html).toContain('<tr><th scope="row">Other APIs: Billing API, Items API</th><td class="num" data-total="family-other">12</td><td class="num">6</td><td class="num">6</td></tr>');
    expect(html).toContain('<p>Calls left to replace at each merge recorded in <code>h.jsonl</code> (1 merge, this one included).</p>');
    expect(html).toContain('aria-label="Line chart of the calls left to replace across the repositories at each merge; the table below has the same numbers"');
    expect(html).not.toMatch(/retired calls/i);
    const page = JSON.parse((await merge(dir, ['results/*.json', '--format', 'json'], '2026-11-21T13:00:00Z')).out) as ReportData;
    expect(page.byEntry.filter((row) => row.phase === 'deprecated').map((row) => [row.entry, row.api, row.family])).toEqual([
      ['void-invoice', 'Billing API', 'other'],
      ['delete-item', 'Items API', 'other'],
      ['get-item-history', 'Items API', 'other'],
    ]);

    const older = {
      ...result,
      findings: result.findings.map((finding) => Object.fromEntries(Object.entries(finding).filter(([key]) => key !== 'api'))),
    };
    expect(JSON.stringify(older)).not.toContain('"api"');
    const before = JSON.parse((await merge(resultsDir({ 'shop.json': older }), ['results/*.json', '--format', 'json'], '2026-11-21T13:00:00Z')).out) as ReportData;
    expect(before.totals.byFamily).toEqual({ soap: 0, rest: 13, reporting: 0, label: 0, other: 0 });
  });

  it('names the flag in usage errors: no files, scan-only flags, merge-only flags, a bad template', async () => {
    const dir = resultsDir({});
    expect(await merge(dir, [])).toMatchObject({ code: 2, err: 'sunset: --merge needs the result files: sunset report --merge results/*.json (files or globs written by sunset check --format json).\n' });
    // Each refused scan option says where it belongs: sunset check rejects --history, --runtime, --base,
    // --editor and --cache-dir, so only the options it takes are sent to it.
    const refusals: [string[], string][] = [
      [['--history', '2026-01-01'], "sunset check has no --history: for the organisation's burndown pass --history-file FILE; for one repository's, run sunset report --history in it."],
      [['--runtime', 'r.jsonl'], 'sunset check has no --runtime: run sunset report --runtime in the repository the record comes from, or drop it.'],
      [['--baseline', 'b.json'], "Run sunset report --baseline in one repository to see what changed since its baseline, or drop it (sunset check --baseline leaves the baseline's findings out of its result, and the merge warns about such a result)."],
      [['--base', 'origin/main'], 'sunset check has no --base: run sunset report --base in one repository to see what changed since that commit, or drop it.'],
      [['--editor', 'vscode'], 'sunset check has no --editor: a merged page links each site to its repository (from its remote or CI variables) or with --link-template.'],
      [['--cache-dir', 'd'], 'It caches the counts of --history, which a merge does not take: use it with sunset report --history in a repository, or drop it.'],
      [['--config', 'c.json'], "Pass it to each repository's sunset check, whose results you merge, or drop it."],
      [['--api-host', 'api.adform.com'], "Pass it to each repository's sunset check, whose results you merge, or drop it."],
      [['--identity-host', 'id.adform.com'], "Pass it to each repository's sunset check, whose results you merge, or drop it."],
      [['--repo-name', 'acme/web'], "Pass it to each repository's sunset check, whose results you merge, or drop it."],
    ];
    for (const [flag, hint] of refusals) {
      expect(await merge(dir, ['a.json', ...flag])).toMatchObject({ code: 2, err: `sunset: ${flag[0]!} does not go with --merge: it applies when sunset report scans a repository. ${hint}\n` });
    }
    const io = captureIo(dir, '2026-03-02T08:00:00Z');
    expect(await runReport(['--history-file', 'h.jsonl'], io)).toBe(2);
    expect(io.err()).toBe('sunset: --history-file only applies with --merge. Add --merge and the result files, or drop --history-file.\n');
    expect((await merge(dir, ['a.json', '--link-template', 'https://git.example.com/{repository}/{path}'])).err).toBe(
      'sunset: --link-template has an unknown placeholder {repository}. Use {repo}, {commit}, {path}, {line}, {column}.\n',
    );
    expect((await merge(dir, ['a.json', '--link-template', 'javascript:alert({path})'])).err).toContain('sunset: --link-template must be an http(s) URL');
  });
});

describe('sunset report --format json', () => {
  it('validates against the shipped schema with its provenance, history, comparison and runtime sites, and merges as an input', async () => {
    const repo = throwawayRepo('sunset-report-schema-');
    repo.commit({ 'src/a.ts': listCall }, '2026-01-05T10:00:00Z');
    repo.commit({ 'src/b.ts': labelsCall }, '2026-02-05T10:00:00Z');
    repo.copy(path.resolve(__dirname, '../../../fixtures/report/runtime.jsonl'), 'runtime.jsonl');
    const io = captureIo(repo.dir, '2026-03-01T12:00:00Z');
    const args = ['--format', 'json', '--as-of', '2026-03-01', '--history', '2026-01-01', '--base', 'HEAD~1', '--runtime', 'runtime.jsonl', '--repo-name', 'acme/app'];
    expect(await runReport(args, io)).toBe(0);
    const report = JSON.parse(io.out()) as ReportData;
    expect(schemas.validate('sunset-report', report)).toBeUndefined();
    expect(report.provenance).toMatchObject({ repository: 'acme/app', repositoryFrom: 'flag', tool: 'sunset report' });
    expect([report.history?.points.length, report.diff?.added.length, report.totals.runtimeOnly]).toEqual([9, 1, 2]);

    const merged = await merge(resultsDir({ 'app.json': report }), ['results/app.json', '--format', 'json']);
    const data = JSON.parse(merged.out) as ReportData;
    expect(data.repositories!.map((row) => [row.repository, row.total])).toEqual([['acme/app', report.totals.total]]);
    expect(data.sites.map((site) => [site.file, site.source, site.repository])).toEqual(report.sites.map((site) => [site.file, site.source, 'acme/app']));
  });
});
