import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/src/cli.js';
import type { CheckResult } from '../src/merge/check-result.js';
import { schemaValidators } from '../src/merge/result-schemas.js';
import { runReport } from '../src/run-report.js';
import type { EntryRow, ReportData } from '../src/inventory/types.js';
import { captureIo, throwawayRepo } from './support/git-repo.js';

// Calls of GET and PATCH /v1/campaigns with their method shown, the same path with it not shown (two
// entries it may be), a path with one retired method not shown, and the prefix entry /v1/reportingstats/agency/…
// beside its exact entry, once with the end of its path not known.
const calls = [
  "const API = 'https://api.adform.com';",
  'export const list = () => fetch(`${API}/v1/campaigns`);',
  "export const active = () => fetch(`${API}/v1/campaigns?active=true`, { method: 'GET' });",
  "export const pause = () => fetch(`${API}/v1/campaigns`, { method: 'PATCH', body: '{}' });",
  'export const either = (opts: RequestInit) => fetch(`${API}/v1/campaigns`, opts);',
  'export const eitherActive = (opts: RequestInit) => fetch(`${API}/v1/campaigns?active=true`, opts);',
  'export const one = (id: string, opts: RequestInit) => fetch(`${API}/v1/campaigns/${id}`, opts);',
  "export const metadata = () => fetch(`${API}/v1/reportingstats/agency/metadata`, { method: 'POST' });",
  "export const report = () => fetch(`${API}/v1/reportingstats/agency/reportdata`, { method: 'POST' });",
  "export const below = (suffix: string) => fetch(`${API}/v1/reportingstats/agency${suffix}`, { method: 'POST' });",
  '',
].join('\n');

const schemas = await schemaValidators();
const asyncReporting = ['POST /v1/buyer/stats/data', 'GET /v1/buyer/stats/operations', 'GET /v1/buyer/stats/data'];
const bothCampaigns = ['campaigns-legacy-list', 'campaigns-legacy-status'];

function fixtureRepo(): string {
  const repo = throwawayRepo('sunset-entry-rows-');
  repo.commit({ 'src/calls.ts': calls }, '2026-02-01T10:00:00Z');
  repo.git('remote', 'add', 'origin', 'git@github.com:acme/web.git');
  return repo.dir;
}

async function report(dir: string, args: readonly string[]): Promise<string> {
  const io = captureIo(dir, '2026-03-01T12:00:00Z');
  expect(await runReport(['--as-of', '2026-03-01', ...args], io)).toBe(0);
  return args.includes('html') ? readFileSync(path.join(dir, args[args.indexOf('--out') + 1]!), 'utf8') : io.out();
}

async function checkResult(dir: string): Promise<CheckResult> {
  const io = { ...captureIo(dir, '2026-03-01T09:00:00Z'), isTTY: false };
  expect(await main(['check', '--format', 'json', '--as-of', '2026-03-01'], io)).toBe(1);
  return JSON.parse(io.out()) as CheckResult;
}

function resultsDir(results: Readonly<Record<string, unknown>>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sunset-entry-rows-merge-'));
  mkdirSync(path.join(dir, 'results'));
  for (const [name, value] of Object.entries(results)) writeFileSync(path.join(dir, 'results', name), JSON.stringify(value));
  return dir;
}

/** A row as the tests compare it: what it names, what it offers, how many calls. */
const rowOf = (row: EntryRow): unknown[] => [row.retired, row.entry, row.entries ?? null, row.methodNotShown ?? false, row.pathEndUnknown ?? false, row.replacements, row.migration, row.total, row.rewrite, row.todo];

const expectedRows = [
  ['/v1/campaigns', 'campaigns-legacy-list', bothCampaigns, true, false, ['GET /v1/buyer/campaigns', 'PUT /v1/buyer/campaigns/{id}/status'], 'todo', 2, 0, 2],
  ['GET /v1/campaigns', 'campaigns-legacy-list', null, false, false, ['GET /v1/buyer/campaigns'], 'rewrite', 2, 2, 0],
  ['/v1/campaigns/{id}', 'campaigns-legacy-get', null, true, false, ['GET /v1/buyer/campaigns/{id}', 'GET /v1/buyer/campaigns/{id}/rtbSettings'], 'todo', 1, 0, 1],
  ['PATCH /v1/campaigns', 'campaigns-legacy-status', null, false, false, ['PUT /v1/buyer/campaigns/{id}/status'], 'todo', 1, 0, 1],
  ['POST /v1/reportingstats/agency/metadata', 'reporting-sync-api', null, false, false, asyncReporting, 'todo', 1, 0, 1],
  ['POST /v1/reportingstats/agency/reportdata', 'reporting-sync-reportdata', null, false, false, asyncReporting, 'todo', 1, 0, 1],
  ['POST /v1/reportingstats/agency…', 'reporting-sync-api', null, false, true, asyncReporting, 'todo', 1, 0, 1],
];

const reporting = asyncReporting.map((replacement) => `\`${replacement}\``).join(', ');
const expectedMarkdownRows = [
  '| retired | use instead | support ends | calls |',
  '|---|---|---|---:|',
  '| `/v1/campaigns` (method not shown) | `GET /v1/buyer/campaigns`, `PUT /v1/buyer/campaigns/{id}/status` | 2019-10-01 | 2 |',
  '| `GET /v1/campaigns` | `GET /v1/buyer/campaigns` | 2019-10-01 | 2 |',
  '| `/v1/campaigns/{id}` (method not shown) | `GET /v1/buyer/campaigns/{id}`, `GET /v1/buyer/campaigns/{id}/rtbSettings` | 2019-10-01 | 1 |',
  '| `PATCH /v1/campaigns` | `PUT /v1/buyer/campaigns/{id}/status` | 2019-10-01 | 1 |',
  `| \`POST /v1/reportingstats/agency/metadata\` | ${reporting} | 2020-01-31 | 1 |`,
  `| \`POST /v1/reportingstats/agency/reportdata\` | ${reporting} | 2020-01-31 | 1 |`,
  `| \`POST /v1/reportingstats/agency…\` (end of the path not shown) | ${reporting} | 2020-01-31 | 1 |`,
];

/** The table of "Top entries" in the Markdown summary. */
function markdownEntryTable(markdown: string): string[] {
  const start = markdown.indexOf('| retired | use instead |');
  return markdown.slice(start, markdown.indexOf('\n\n', start)).split('\n');
}

/** The first two cells (retired, use instead) of each row of the page's entry table, tags and all. */
function htmlEntryCells(page: string): string[] {
  const table = page.slice(page.indexOf('<table class="sortable" id="entry-table">'), page.indexOf('</table>', page.indexOf('id="entry-table"')));
  return [...table.matchAll(/<tr>\n(<td[^\n]*<\/td>)\n(<td>[^\n]*<\/td>)/g)].map((match) => `${match[1]} ${match[2]}`);
}

describe('sunset report: rows of calls the code does not show all of', () => {
  it('writes the method-not-shown, prefix and path-end calls in rows of their own in json, md and html; the totals count each call once', async () => {
    const dir = fixtureRepo();
    const data = JSON.parse(await report(dir, ['--format', 'json'])) as ReportData;
    expect(schemas.validate('sunset-report', data)).toBeUndefined();
    expect(data.byEntry.map(rowOf)).toEqual(expectedRows);
    expect([data.totals.total, data.totals.rewrite, data.totals.todo, data.sites.length]).toEqual([9, 2, 7, 9]);
    expect(data.byEntry.reduce((sum, row) => sum + row.total, 0)).toBe(data.totals.total);
    expect(data.sites.map((site) => [site.line, site.entry, site.retired, site.entries ?? null, site.pathEndUnknown ?? false])).toEqual([
      [2, 'campaigns-legacy-list', 'GET /v1/campaigns', null, false],
      [3, 'campaigns-legacy-list', 'GET /v1/campaigns', null, false],
      [4, 'campaigns-legacy-status', 'PATCH /v1/campaigns', null, false],
      [5, 'campaigns-legacy-list', '/v1/campaigns', bothCampaigns, false],
      [6, 'campaigns-legacy-list', '/v1/campaigns', bothCampaigns, false],
      [7, 'campaigns-legacy-get', '/v1/campaigns/{id}', null, false],
      [8, 'reporting-sync-api', 'POST /v1/reportingstats/agency/metadata', null, false],
      [9, 'reporting-sync-reportdata', 'POST /v1/reportingstats/agency/reportdata', null, false],
      [10, 'reporting-sync-api', 'POST /v1/reportingstats/agency', null, true],
    ]);

    expect(markdownEntryTable(await report(dir, ['--format', 'md']))).toEqual(expectedMarkdownRows);

    const code = (text: string): string => `<code>${text}</code>`;
    const uses = (list: readonly string[]): string => list.map(code).join(', ');
    expect(htmlEntryCells(await report(dir, ['--format', 'html', '--out', 'report.html']))).toEqual([
      `<td data-value="/v1/campaigns">${code('/v1/campaigns')} <span class="hint">(method not shown: one of <code>campaigns-legacy-list</code>, <code>campaigns-legacy-status</code>)</span></td> <td>${uses(['GET /v1/buyer/campaigns', 'PUT /v1/buyer/campaigns/{id}/status'])}</td>`,
      `<td data-value="GET /v1/campaigns">${code('GET /v1/campaigns')}</td> <td>${uses(['GET /v1/buyer/campaigns'])}</td>`,
      `<td data-value="/v1/campaigns/{id}">${code('/v1/campaigns/{id}')} <span class="hint">(method not shown)</span></td> <td>${uses(['GET /v1/buyer/campaigns/{id}', 'GET /v1/buyer/campaigns/{id}/rtbSettings'])}</td>`,
      `<td data-value="PATCH /v1/campaigns">${code('PATCH /v1/campaigns')}</td> <td>${uses(['PUT /v1/buyer/campaigns/{id}/status'])}</td>`,
      `<td data-value="POST /v1/reportingstats/agency/metadata">${code('POST /v1/reportingstats/agency/metadata')}</td> <td>${uses(asyncReporting)}</td>`,
      `<td data-value="POST /v1/reportingstats/agency/reportdata">${code('POST /v1/reportingstats/agency/reportdata')}</td> <td>${uses(asyncReporting)}</td>`,
      `<td data-value="POST /v1/reportingstats/agency…">${code('POST /v1/reportingstats/agency…')} <span class="hint">(end of the path not shown)</span></td> <td>${uses(asyncReporting)}</td>`,
    ]);
  });

  it("records the candidate entries and an unknown path end in check's JSON, and --merge makes the same rows of them", async () => {
    const dir = fixtureRepo();
    const result = await checkResult(dir);
    expect(schemas.validate('sunset-check', result)).toBeUndefined();
    expect(result.findings.map((finding) => [finding.line, finding.entries ?? null, finding.pathEndUnknown ?? false])).toEqual([
      [2, null, false],
      [3, null, false],
      [4, null, false],
      [5, bothCampaigns, false],
      [6, bothCampaigns, false],
      [7, null, false],
      [8, null, false],
      [9, null, false],
      [10, null, true],
    ]);
    // One entry is no choice: the schema refuses a list of one, and a path end that is known is left out, never false.
    expect(schemas.validate('sunset-check', { ...result, findings: [{ ...result.findings[3], entries: ['campaigns-legacy-list'] }] })).toBe('/findings/0/entries must NOT have fewer than 2 items');
    expect(schemas.validate('sunset-check', { ...result, findings: [{ ...result.findings[0], pathEndUnknown: false }] })).toBe('/findings/0/pathEndUnknown must be equal to constant');

    const merged = resultsDir({ 'web.json': result });
    const io = captureIo(merged, '2026-03-02T08:00:00Z');
    expect(await runReport(['--merge', 'results/*.json', '--format', 'json', '--as-of', '2026-03-01'], io)).toBe(0);
    const data = JSON.parse(io.out()) as ReportData;
    expect(data.byEntry.map(rowOf)).toEqual(expectedRows);
    expect(data.totals.total).toBe(9);
    const md = captureIo(merged, '2026-03-02T08:00:00Z');
    expect(await runReport(['--merge', 'results/*.json', '--format', 'md', '--as-of', '2026-03-01'], md)).toBe(0);
    expect(markdownEntryTable(md.out())).toEqual(expectedMarkdownRows);
  });

  it('merges a result made before the new fields: a call named by its path alone still gets its own row, with every replacement check named', async () => {
    const result = await checkResult(fixtureRepo());
    const older = {
      ...result,
      findings: result.findings.map((finding) => {
        const copy: Record<string, unknown> = { ...finding };
        delete copy['entries'];
        delete copy['pathEndUnknown'];
        return copy;
      }),
    };
    expect(JSON.stringify(older)).not.toMatch(/"entries"|"pathEndUnknown"/);
    const io = captureIo(resultsDir({ 'old.json': older }), '2026-03-02T08:00:00Z');
    expect(await runReport(['--merge', 'results/*.json', '--format', 'json', '--as-of', '2026-03-01'], io)).toBe(0);
    const data = JSON.parse(io.out()) as ReportData;
    expect(schemas.validate('sunset-report', data)).toBeUndefined();
    expect(data.totals.total).toBe(9);
    expect(data.byEntry.map(rowOf)).toEqual([
      // The candidates are not recorded, so not listed; the row still says the method is not shown, and offers both replacements.
      ['/v1/campaigns', 'campaigns-legacy-list', null, true, false, ['GET /v1/buyer/campaigns', 'PUT /v1/buyer/campaigns/{id}/status'], 'todo', 2, 0, 2],
      ...expectedRows.slice(1, 4),
      // Without the flag, the path-end call is named as its result names it.
      ['POST /v1/reportingstats/agency', 'reporting-sync-api', null, false, false, asyncReporting, 'todo', 1, 0, 1],
      ...expectedRows.slice(4, 6),
    ]);
  });

  it('counts a runtime record of one of the entries a call may be at that call, and a record of another entry apart', async () => {
    const dir = fixtureRepo();
    const record = (entry: string, retired: string, method: string, line: number): string =>
      JSON.stringify({
        type: 'retired-call', entry, retired, method, url: 'https://api.adform.com/v1/campaigns', host: 'api.adform.com',
        caller: { file: path.join(dir, 'src/calls.ts'), line, column: 46 }, phase: 'retired', replacements: [], count: 3, time: '2026-03-01T10:00:00.000Z',
      });
    // The PATCH recorded at line 5 is the call there whose method the code does not show; a GET of /v1/campaigns/dictionaries/labels is not.
    writeFileSync(path.join(dir, 'runtime.jsonl'), `${record('campaigns-legacy-status', 'PATCH /v1/campaigns', 'PATCH', 5)}\n${record('campaign-dictionary-labels', 'GET /v1/campaigns/dictionaries/labels', 'GET', 5)}\n`);
    const data = JSON.parse(await report(dir, ['--format', 'json', '--runtime', 'runtime.jsonl'])) as ReportData;
    expect(data.sites.filter((site) => site.source !== 'code').map((site) => [site.line, site.entry, site.retired, site.source, site.runtimeCount])).toEqual([
      [5, 'campaigns-legacy-list', '/v1/campaigns', 'both', 3],
      [5, 'campaign-dictionary-labels', 'GET /v1/campaigns/dictionaries/labels', 'runtime', 3],
    ]);
    expect([data.totals.total, data.totals.runtimeOnly]).toEqual([10, 1]);
  });

  it('puts the changes against a base commit in the same rows as the report (fewest added first)', async () => {
    const repo = throwawayRepo('sunset-entry-rows-base-');
    const shown = calls.split('\n').slice(0, 4).join('\n');
    repo.commit({ 'src/calls.ts': `${shown}\n` }, '2026-02-01T10:00:00Z');
    repo.commit({ 'src/calls.ts': calls }, '2026-02-02T10:00:00Z');
    const markdown = await report(repo.dir, ['--format', 'md', '--base', 'HEAD~1']);
    const start = markdown.indexOf('| retired | before |');
    // GET and PATCH /v1/campaigns did not change: the two calls whose method is not shown are no new GETs.
    expect(markdown.slice(start, markdown.indexOf('\n\n', start)).split('\n')).toEqual([
      '| retired | before | after | change |',
      '|---|---:|---:|---:|',
      '| `/v1/campaigns/{id}` (method not shown) | 0 | 1 | +1 |',
      '| `POST /v1/reportingstats/agency/metadata` | 0 | 1 | +1 |',
      '| `POST /v1/reportingstats/agency/reportdata` | 0 | 1 | +1 |',
      '| `POST /v1/reportingstats/agency…` (end of the path not shown) | 0 | 1 | +1 |',
      '| `/v1/campaigns` (method not shown) | 0 | 2 | +2 |',
    ]);
    const data = JSON.parse(await report(repo.dir, ['--format', 'json', '--base', 'HEAD~1'])) as ReportData;
    expect(schemas.validate('sunset-report', data)).toBeUndefined();
    expect(data.diff!.byEntry.at(-1)).toEqual({ entry: 'campaigns-legacy-list', retired: '/v1/campaigns', methodNotShown: true, before: 0, after: 2 });
  });
});
