import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckResult, ReportData } from '@sunset/report';
import { ensureBuilt, runSunset } from './support/cli.js';
import { git, makeOrgRemotes, orgRepositories } from './support/org-repos.js';

// The proof of `sunset report --merge`, end to end: three repositories with different owners and
// findings, `sunset check --format json` in each as a CI matrix would run it (parallel processes),
// one merge with the organisation's history, and the page in real Chromium (as test/report-browser.test.ts
// launches it) under a POSIX and a German locale, and the Markdown.

interface Org {
  readonly dir: string;
  readonly results: readonly CheckResult[];
  readonly data: ReportData;
  readonly markdown: string;
}

/** Two earlier merges, as the history file of a CI artifact or a repository holds them. */
const earlierMerges = [
  { version: 1, date: '2026-01-05T06:00:00.000Z', asOf: '2026-01-05', total: 14, rewrite: 6, todo: 8, repositories: { 'acme/web': { commit: null, total: 7, rewrite: 3, todo: 4 }, 'acme/api': { commit: null, total: 4, rewrite: 2, todo: 2 }, 'acme/billing': { commit: null, total: 3, rewrite: 1, todo: 2 } }, entries: { 'campaigns-legacy-list': 14 } },
  { version: 1, date: '2026-02-02T06:00:00.000Z', asOf: '2026-02-02', total: 11, rewrite: 5, todo: 6, repositories: { 'acme/web': { commit: null, total: 5, rewrite: 2, todo: 3 }, 'acme/api': { commit: null, total: 3, rewrite: 2, todo: 1 }, 'acme/billing': { commit: null, total: 3, rewrite: 1, todo: 2 } }, entries: { 'campaigns-legacy-list': 11 } },
];

async function buildOrg(): Promise<Org> {
  const root = makeOrgRemotes();
  const dir = path.join(root, 'inventory');
  mkdirSync(path.join(dir, 'results'), { recursive: true });
  const clones = orgRepositories.map((repo) => {
    const clone = path.join(root, 'checkouts', repo.name);
    git(root, 'clone', '-q', path.join(root, 'remotes', `${repo.name}.git`), clone);
    git(clone, 'remote', 'set-url', 'origin', `https://github.com/${repo.name}.git`);
    return { repo, clone };
  });
  // The matrix: one process per repository, all at once.
  const checks = await Promise.all(
    clones.map(({ repo, clone }) => runSunset(['check', '--format', 'json', '--output', path.join(dir, 'results', `${repo.name.replace('/', '-')}.json`)], { cwd: clone })),
  );
  for (const check of checks) expect(check).toMatchObject({ code: 1, stdout: '' });
  const results = orgRepositories.map((repo) => JSON.parse(readFileSync(path.join(dir, 'results', `${repo.name.replace('/', '-')}.json`), 'utf8')) as CheckResult);
  writeFileSync(path.join(dir, 'org-history.jsonl'), earlierMerges.map((line) => `${JSON.stringify(line)}\n`).join(''));
  const merged = await runSunset(['report', '--merge', 'results/*.json', '--out', 'org.html', '--history-file', 'org-history.jsonl'], { cwd: dir });
  expect(merged).toMatchObject({ code: 0, stdout: '', stderr: 'Wrote the html report to org.html: 8 retired calls left across 3 repositories, the codemod can do 4 of 8.\n' });
  const json = await runSunset(['report', '--merge', 'results/*.json', '--format', 'json'], { cwd: dir });
  const markdown = await runSunset(['report', '--merge', 'results/*.json', '--format', 'md'], { cwd: dir });
  return { dir, results, data: JSON.parse(json.stdout) as ReportData, markdown: markdown.stdout };
}

let org: Promise<Org> | undefined;
const theOrg = (): Promise<Org> => (org ??= ensureBuilt().then(buildOrg));

const retirements = (result: CheckResult): CheckResult['findings'] => result.findings.filter((finding) => finding.entry !== undefined);
const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

describe('sunset report --merge over three repositories checked in parallel', () => {
  it('merges what the three results hold: the JSON and the Markdown', async () => {
    const { results, data, markdown } = await theOrg();
    expect(results.map((result) => [result.provenance.repository, result.provenance.repositoryFrom, result.provenance.platform])).toEqual(orgRepositories.map((repo) => [repo.name, 'origin', 'github']));
    for (const [index, repo] of orgRepositories.entries()) {
      expect(results[index]!.findings.map((finding) => [finding.file, finding.line, finding.entry, finding.owners])).toEqual(repo.expected);
    }
    expect(data.totals.total).toBe(sum(results.map((result) => retirements(result).length)));
    expect(data.totals.rewrite).toBe(sum(results.map((result) => retirements(result).filter((finding) => finding.fix === 'rewrite').length)));
    expect(data.repositories!.map((row) => [row.repository, row.total, row.rewrite, row.todo])).toEqual([
      ['acme/api', 3, 2, 1],
      ['acme/web', 3, 1, 2],
      ['acme/billing', 2, 1, 1],
    ]);
    expect(data.byOwner.map((row) => [row.owner, row.total])).toEqual([
      ['@acme/api-team', 2],
      ['@acme/web-team', 2],
      // A folder owns files of its own repository only (acme/billing has no CODEOWNERS).
      ['acme/billing: server/', 2],
      ['@acme/data', 1],
      ['@bob', 1],
    ]);
    const commitOf = (name: string): string => results.find((result) => result.provenance.repository === name)!.provenance.commit!.slice(0, 10);
    expect(markdown.split('\n').slice(0, 11)).toEqual([
      '<!-- sunset-report -->',
      '### Sunset: retired API calls across 3 repositories',
      '',
      `**8 retired calls** left in 6 files across 3 repositories (as of ${data.asOf}): the codemod can do **4 of 8**, 4 need a person.`,
      '',
      '| repository | commit | calls | the codemod can do | TODO for a person |',
      '|---|---|---:|---:|---:|',
      `| \`acme/api\` | \`${commitOf('acme/api')}\` | 3 | 2 | 1 |`,
      `| \`acme/web\` | \`${commitOf('acme/web')}\` | 3 | 1 | 2 |`,
      `| \`acme/billing\` | \`${commitOf('acme/billing')}\` | 2 | 1 | 1 |`,
      '',
    ]);
  });
});

const locales = [
  { LANG: 'C.UTF-8', language: 'en-US' },
  { LANG: 'de_DE.UTF-8', language: 'de-DE' },
];

describe.each(locales)('the merged page in headless Chromium under LANG=$LANG', ({ LANG, language }) => {
  let browser: Browser;
  let page: Page;
  let pageUrl: string;
  let data: ReportData;
  let results: readonly CheckResult[];
  const consoleErrors: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    const built = await theOrg();
    ({ data, results } = built);
    browser = await playwright.launch({ executablePath: await chromium.executablePath(), args: chromium.args, headless: true, env: { ...process.env, LANG, LC_ALL: LANG } });
    page = await browser.newPage({ viewport: { width: 1200, height: 1400 }, colorScheme: 'light' });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(String(error)));
    page.on('request', (request) => requests.push(request.url()));
    pageUrl = pathToFileURL(path.join(built.dir, 'org.html')).href;
    await page.goto(pageUrl);
    await page.locator('#burndown-chart[data-marks]').waitFor({ state: 'attached', timeout: 300_000 });
  });

  afterAll(async () => {
    await browser?.close();
  });

  const visibleSites = (): Promise<string[]> =>
    page.locator('#site-list > li.site:not([hidden])').evaluateAll((items) => items.map((item) => `${item.querySelector('.repository')?.textContent ?? ''} ${item.querySelector('.file')?.textContent ?? ''}`));

  it('runs under a language Intl accepts, logs no error and makes no request', async () => {
    // A function, never a string: the page's CSP forbids eval.
    expect(await page.evaluate(() => (globalThis as unknown as { navigator: { language: string } }).navigator.language)).toBe(language);
    expect(consoleErrors).toEqual([]);
    expect(requests).toEqual([pageUrl]);
  });

  it('shows totals that are the sum of the three JSON results, and each repository\'s own count', async () => {
    const shown = Object.fromEntries(await page.locator('[data-total]').evaluateAll((cells) => cells.map((cell) => [cell.getAttribute('data-total'), Number(cell.textContent)])));
    const findings = results.flatMap(retirements);
    expect(shown).toMatchObject({
      total: findings.length,
      rewrite: findings.filter((finding) => finding.fix === 'rewrite').length,
      todo: findings.filter((finding) => finding.fix === 'todo').length,
      repositories: results.length,
      'phase-retired': findings.length,
    });
    const byRepository = Object.fromEntries(await page.locator('[data-repository-total]').evaluateAll((cells) => cells.map((cell) => [cell.getAttribute('data-repository-total'), Number(cell.textContent)])));
    expect(byRepository).toEqual(Object.fromEntries(results.map((result) => [result.provenance.repository, retirements(result).length])));
    expect(await page.title()).toBe(`Sunset report: 8 retired calls left across 3 repositories (as of ${data.asOf})`);
  });

  it('lists the sites a person must finish, each linked to its file at the checked commit', async () => {
    const todo = data.sites.filter((site) => site.fix === 'todo');
    expect(await page.textContent('#site-count')).toBe(`Showing ${todo.length} of ${todo.length} sites.`);
    const links = await page.locator('#site-list a.file').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    const commitOf = (name: string): string => results.find((result) => result.provenance.repository === name)!.provenance.commit!;
    expect(links).toEqual(todo.map((site) => `https://github.com/${site.repository!}/blob/${commitOf(site.repository!)}/${site.file}#L${site.line}`));
  });

  it('filters by repository and by owner, from the selects and the tables\' buttons', async () => {
    await page.selectOption('#filter-repository', 'acme/web');
    expect(await visibleSites()).toEqual(['acme/web src/campaigns.ts:3', 'acme/web src/reports/daily.ts:1']);
    await page.selectOption('#filter-owner', '@acme/data');
    expect(await visibleSites()).toEqual(['acme/web src/reports/daily.ts:1']);
    await page.click('#filter-reset');
    await expect.poll(() => page.textContent('#site-count')).toBe('Showing 4 of 4 sites.');

    await page.click('#owner-table button.show-owner[data-owner="@bob"]');
    expect(await visibleSites()).toEqual(['acme/api lib/soap.js:3']);
    await page.click('#filter-reset');
    await page.click('#repository-table button.show-repository[data-repository="acme/billing"]');
    expect(await page.inputValue('#filter-repository')).toBe('acme/billing');
    expect(await visibleSites()).toEqual(['acme/billing server/labels.ts:1']);
    expect(await page.textContent('#site-count')).toBe('Showing 1 of 4 sites.');
    await page.click('#filter-reset');
    await page.click('#owner-table button.show-owner[data-owner="acme/billing: server/"]');
    expect(await page.inputValue('#filter-owner')).toBe('acme/billing: server/');
    expect(await visibleSites()).toEqual(['acme/billing server/labels.ts:1']);
    await page.click('#filter-reset');
    await expect.poll(() => page.textContent('#site-count')).toBe('Showing 4 of 4 sites.');
  });

  it('fits a laptop\'s and a phone\'s width: a table too wide scrolls in its own box, never the page', async () => {
    const layout = (): Promise<{ page: number; scrolling: string[] }> =>
      page.locator('.table-box').evaluateAll((all) => {
        const root = all[0]!.ownerDocument.documentElement;
        const boxes = all.filter((box) => box.getClientRects().length > 0);
        return { page: root.scrollWidth - root.clientWidth, scrolling: boxes.filter((box) => box.scrollWidth > box.clientWidth).map((box) => box.querySelector('table')!.id || box.closest('section')!.querySelector('h2')!.id) };
      });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(layout, { timeout: 10_000 }).toEqual({ page: 0, scrolling: [] });
    await page.setViewportSize({ width: 390, height: 800 });
    await expect.poll(layout, { timeout: 10_000 }).toEqual({ page: 0, scrolling: ['burndown-title', 'repository-table', 'entry-table', 'owner-table'] });
    await page.setViewportSize({ width: 1200, height: 1400 });
  });

  it('draws the organisation\'s burndown from the history file, this merge included, and the bars by family', async () => {
    const marks = await page.locator('.chart').evaluateAll((charts) =>
      charts.map((chart) => {
        const canvas = chart.querySelector('canvas')!;
        const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        let painted = 0;
        for (let index = 3; index < pixels.length; index += 4) if (pixels[index]! > 0) painted += 1;
        return { id: chart.id, marks: Number(chart.getAttribute('data-marks')), painted: painted > 1000 };
      }),
    );
    expect(marks).toEqual([
      { id: 'family-chart', marks: 3, painted: true },
      { id: 'burndown-chart', marks: 2 * (earlierMerges.length + 1), painted: true },
    ]);
    const rows = await page.locator('#burndown-title ~ details tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td as { textContent: string | null }).textContent)));
    expect(rows.map((row) => row.slice(1))).toEqual([
      ['3', '14', '6'],
      ['3', '11', '5'],
      ['3', '8', '4'],
    ]);
  });
});
