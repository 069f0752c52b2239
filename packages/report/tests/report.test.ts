import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/src/cli.js';
import { schemaValidators } from '../src/merge/result-schemas.js';
import { runReport } from '../src/run-report.js';
import type { ReportData } from '../src/inventory/types.js';
import { captureIo, throwawayRepo } from './support/git-repo.js';

const listCall = "import axios from 'axios';\nexport const list = () => axios.get('/v1/campaigns');\n";
const labelsCall = "export const labels = () => fetch('/v1/campaigns/dictionaries/labels');\n";

async function json(dir: string, args: readonly string[] = []): Promise<ReportData> {
  const io = captureIo(dir, '2026-03-01T12:00:00Z');
  expect(await runReport(['--format', 'json', '--as-of', '2026-03-01', ...args], io)).toBe(0);
  return JSON.parse(io.out()) as ReportData;
}

describe('sunset report', () => {
  it('owns sites by workspace package when there is no CODEOWNERS, else by top-level folder', async () => {
    const repo = throwawayRepo();
    repo.commit(
      {
        'package.json': JSON.stringify({ name: 'root', workspaces: ['packages/*'] }),
        'packages/web/package.json': JSON.stringify({ name: '@acme/web' }),
        'packages/web/src/a.ts': listCall,
        'tools/b.ts': labelsCall,
      },
      '2026-01-02T00:00:00Z',
    );
    const workspace = await json(repo.dir);
    expect(workspace.ownership).toBe('workspace-package');
    expect(workspace.byOwner.map((row) => [row.owner, row.total, row.rewrite])).toEqual([
      ['@acme/web', 1, 1],
      ['tools/', 1, 0],
    ]);
    writeFileSync(path.join(repo.dir, 'package.json'), '{"name":"root"}');
    const folders = await json(repo.dir);
    expect(folders.ownership).toBe('top-level-folder');
    expect(folders.byOwner.map((row) => row.owner)).toEqual(['packages/', 'tools/']);
  });

  it('counts by entry, family, phase and fix kind, with code frames', async () => {
    const repo = throwawayRepo();
    repo.commit({ 'src/a.ts': listCall + labelsCall + listCall.replace("import axios from 'axios';\n", '').replace('list', 'again') }, '2026-01-02T00:00:00Z');
    const data = await json(repo.dir);
    expect(data.totals).toEqual({
      total: 3,
      rewrite: 2,
      todo: 1,
      byFamily: { soap: 0, rest: 3, reporting: 0, label: 0, other: 0 },
      byPhase: { scheduled: 0, deprecated: 0, retired: 3 },
      inCode: 3,
      runtimeOnly: 0,
      files: 1,
    });
    expect(data.byEntry.map((row) => [row.retired, row.total, row.migration, row.supportEnds])).toEqual([
      ['GET /v1/campaigns', 2, 'rewrite', '2019-10-01'],
      ['GET /v1/campaigns/dictionaries/labels', 1, 'todo', '2019-10-01'],
    ]);
    expect(data.sites[0]).toMatchObject({ file: 'src/a.ts', line: 2, entry: 'campaigns-legacy-list', fix: 'rewrite', frame: { firstLine: 1, column: 37 } });
    expect(data.sites[0]!.frame!.lines).toEqual(["import axios from 'axios';", "export const list = () => axios.get('/v1/campaigns');", labelsCall.trimEnd(), "export const again = () => axios.get('/v1/campaigns');"]);
  });

  it("counts a vendor's imported entries as Other APIs, and calls retired only those whose sunset has passed (fixtures/openapi)", async () => {
    const repo = throwawayRepo();
    repo.copy(path.resolve(__dirname, '../../../fixtures/openapi/client-app'), '.');
    repo.copy(path.resolve(__dirname, '../../../fixtures/openapi/expected.config.json'), 'sunset.config.json');
    repo.commit({}, '2026-11-01T00:00:00Z');
    const report = async (format: string): Promise<{ out: string; err: string; page: string }> => {
      const io = captureIo(repo.dir, '2026-11-21T12:00:00Z');
      expect(await runReport(['--format', format, '--out', `report.${format}`], io)).toBe(0);
      return { out: io.out(), err: io.err(), page: readFileSync(path.join(repo.dir, `report.${format}`), 'utf8') };
    };
    const json = await report('json');
    const data = JSON.parse(json.page) as ReportData;
    expect((await schemaValidators()).validate('sunset-report', data)).toBeUndefined();
    // The config's asOf (2026-11-21): three entries are deprecated only, one of them with no sunset announced.
    expect([data.totals.byFamily, data.totals.byPhase]).toEqual([
      { soap: 0, rest: 1, reporting: 0, label: 0, other: 12 },
      { scheduled: 0, deprecated: 3, retired: 10 },
    ]);
    expect(data.byEntry.filter((row) => row.phase === 'deprecated').map((row) => [row.entry, row.api, row.family, row.supportEnds])).toEqual([
      ['void-invoice', 'Billing API', 'other', '9999-12-31'],
      ['delete-item', 'Items API', 'other', '2027-03-31'],
      ['get-item-history', 'Items API', 'other', '2026-12-31'],
    ]);
    // The hand-written entry has no api: it is the platform's, in its family.
    expect(data.byEntry.filter((row) => row.family !== 'other').map((row) => [row.entry, row.api, row.family])).toEqual([['items-proxy-export', undefined, 'rest']]);
    expect(data.deadlines.map((deadline) => deadline.day)).not.toContain('9999-12-31');
    expect(json.err).toBe('Wrote the json report to report.json: 13 calls left to replace (10 retired, 3 deprecated), the codemod can do 7 of 13.\n');

    const { page } = await report('html');
    expect(page).toContain('<title>Sunset report: 13 calls left to replace (10 retired, 3 deprecated), as of 2026-11-21</title>');
    expect(page).toContain('aria-label="Bar chart of calls to replace by family; the table below has the same numbers"');
    expect(page).toContain('"labels":{"calls":"Calls to replace","callsLeft":"Calls left to replace"}');
    expect(page).not.toMatch(/retired calls/i);
    const history = captureIo(repo.dir, '2026-11-21T12:00:00Z');
    expect(await runReport(['--out', 'burndown.html', '--history', '2026-11-01', '--every', 'week'], history)).toBe(0);
    const burndown = readFileSync(path.join(repo.dir, 'burndown.html'), 'utf8');
    expect(burndown).toContain('<p>Calls to replace at one commit per week (read from git, the work tree untouched). Dashed vertical lines mark the dates:</p>');
    expect(burndown).toContain('aria-label="Line chart of the calls left to replace at each sampled commit; the table below has the same numbers"');
    expect(burndown).not.toMatch(/retired calls/i);
    expect(page).toContain('<h1>API calls to replace: 13 left (10 retired, 3 deprecated)</h1>');
    expect(page).toContain('<div class="card"><p class="label">Calls left to replace</p><p class="value" data-total="total">13</p>');
    expect(page).toContain(
      '<tr><th scope="row">Label service</th><td class="num" data-total="family-label">0</td><td class="num">0</td><td class="num">0</td></tr><tr><th scope="row">Other APIs: Billing API, Items API</th><td class="num" data-total="family-other">12</td><td class="num">6</td><td class="num">6</td></tr></tbody>',
    );
    expect(page).toContain(
      '<td data-value="Billing API">Billing API</td>\n<td data-value="2026-11-01">2026-11-01</td>\n<td data-value="9999-12-31">no removal announced</td>\n<td data-value="deprecated"><span class="badge phase-deprecated">deprecated</span></td>',
    );

    const md = (await report('md')).page;
    expect(md).toContain(
      [
        '### Sunset: API calls to replace',
        '',
        '**13 calls to replace** (10 retired, 3 deprecated) left in 4 files (as of 2026-11-21): the codemod can do **7 of 13**, 6 need a person.',
        '',
        '| family | calls | codemod rewrites | TODO for a person |',
        '|---|---:|---:|---:|',
        '| Legacy REST paths | 1 | 1 | 0 |',
        '| Other APIs: Billing API, Items API | 12 | 6 | 6 |',
        '| **all** | **13** | **7** | **6** |',
      ].join('\n'),
    );
    expect(md).toContain('| `DELETE /invoices/{invoiceId}` | `POST /invoices/{invoiceId}/void`, `POST /credit-notes` | no removal announced | 1 |');

    // New calls against the commit, some of them only deprecated: the list is not headed "retired".
    writeFileSync(path.join(repo.dir, 'src/more.ts'), readFileSync(path.join(repo.dir, 'src/billing.ts'), 'utf8'));
    const against = captureIo(repo.dir, '2026-11-21T12:00:00Z');
    expect(await runReport(['--format', 'md', '--base', 'HEAD'], against)).toBe(0);
    expect(against.out()).toContain(
      [
        'New calls to replace:',
        '',
        '- `src/more.ts:6` `GET /invoices` (the codemod rewrites it)',
        '- `src/more.ts:11` `DELETE /invoices/{invoiceId}`',
        '- `src/more.ts:15` `GET /invoices/{invoiceId}/pdf`',
        '',
      ].join('\n'),
    );
  });

  it('keeps the platform-only page as it was: a family table of four, and retired calls when all are retired', async () => {
    const repo = throwawayRepo();
    repo.commit({ 'src/a.ts': listCall }, '2026-01-02T00:00:00Z');
    const io = captureIo(repo.dir, '2026-03-01T12:00:00Z');
    expect(await runReport(['--as-of', '2026-03-01', '--history', '2026-01-01', '--every', 'month'], io)).toBe(0);
    const page = readFileSync(path.join(repo.dir, 'sunset-report.html'), 'utf8');
    expect(page).toContain('<title>Sunset report: 1 retired call left (as of 2026-03-01)</title>');
    expect(page).toContain('<h1>Retired API calls: 1 left</h1>');
    expect(page).not.toContain('family-other');
    expect(page).toContain('aria-label="Bar chart of retired calls by family; the table below has the same numbers"');
    expect(page).toContain('<p>Retired calls at one commit per month (read from git, the work tree untouched). Dashed vertical lines mark the dates:</p>');
    expect(page).toContain('aria-label="Line chart of the retired calls left at each sampled commit; the table below has the same numbers"');
    expect(page).toContain('"labels":{"calls":"Retired calls","callsLeft":"Retired calls left"}');
  });

  it('shows what changed against the baseline sunset check recorded (--baseline, Markdown)', async () => {
    const repo = throwawayRepo();
    repo.commit({ 'src/a.ts': listCall }, '2026-01-02T00:00:00Z');
    const checkIo = { ...captureIo(repo.dir, '2026-03-01T12:00:00Z'), isTTY: false };
    expect(await main(['check', '--update-baseline', '--as-of', '2026-03-01'], checkIo)).toBe(0);
    mkdirSync(path.join(repo.dir, 'src/new'), { recursive: true });
    writeFileSync(path.join(repo.dir, 'src/new/labels.ts'), labelsCall);
    const io = captureIo(repo.dir, '2026-03-01T12:00:00Z');
    expect(await runReport(['--format', 'md', '--as-of', '2026-03-01', '--baseline', '.sunset-baseline.json'], io)).toBe(0);
    expect(io.out()).toContain('**Against baseline .sunset-baseline.json:** 1 → 2 (+1): 1 new, 0 migrated or removed.');
    expect(io.out()).toContain('New retired calls:\n\n- `src/new/labels.ts:1` `GET /v1/campaigns/dictionaries/labels`\n');
    expect(io.out()).toContain('| `GET /v1/campaigns/dictionaries/labels` | 0 | 1 | +1 |');
  });

  it('writes sunset-report.html by default and names what it wrote', async () => {
    const repo = throwawayRepo();
    repo.commit({ 'src/a.ts': listCall }, '2026-01-02T00:00:00Z');
    const io = captureIo(repo.dir, '2026-03-01T12:00:00Z');
    expect(await runReport(['--as-of', '2026-03-01'], io)).toBe(0);
    expect(io.err()).toBe('Wrote the html report to sunset-report.html: 1 retired call left, the codemod can do 1 of 1.\n');
    // --output, as sunset check names it, is --out.
    const named = captureIo(repo.dir, '2026-03-01T12:00:00Z');
    expect(await runReport(['--as-of', '2026-03-01', '--format', 'md', '--output', 'burndown.md'], named)).toBe(0);
    expect(named.err()).toBe('Wrote the md report to burndown.md: 1 retired call left, the codemod can do 1 of 1.\n');
    expect(readFileSync(path.join(repo.dir, 'burndown.md'), 'utf8')).toContain('/v1/campaigns');
    const twice = captureIo(repo.dir, '2026-03-01T12:00:00Z');
    expect(await runReport(['--out', 'a.md', '--output', 'b.md'], twice)).toBe(2);
    expect(twice.err()).toBe('sunset: Pass --out or --output, not both: they name the same file.\n');
  });

  it('turns a bad runtime record or flag into a sentence and exit code 2', async () => {
    const repo = throwawayRepo();
    repo.commit({ 'runtime.jsonl': '{"type":"retired-call"}\n' }, '2026-01-02T00:00:00Z');
    const io = captureIo(repo.dir, '2026-03-01T12:00:00Z');
    expect(await runReport(['--runtime', 'runtime.jsonl'], io)).toBe(2);
    expect(io.err()).toBe('sunset: Invalid runtime record runtime.jsonl:1: the record has no "entry" field.\n');
    const both = captureIo(repo.dir, '2026-03-01T12:00:00Z');
    expect(await runReport(['--base', 'main', '--baseline', 'x.json'], both)).toBe(2);
    expect(both.err()).toBe('sunset: Pass --baseline or --base, not both: the report compares against one of them.\n');
  });
});
