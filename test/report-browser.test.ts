import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReport, type ReportData } from '@sunset/report';
import { captureIo, throwawayRepo } from '../packages/report/tests/support/git-repo.js';

// The page as people open it: the report of fixtures/legacy-app (plus the injection fixture, a
// CODEOWNERS file, a runtime record and two months of history) in headless Chromium, the one the
// npm package @sparticuz/chromium ships (no browser download, no apt), driven by playwright-core.
const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const screenshotFile = path.join(repoRoot, 'docs/report-screenshot.png');
const injectionName = '</script><img onerror=alert(1)>.js';
const oldExports = "import axios from 'axios';\nexport const a = () => axios.get('/v1/campaigns');\nexport const b = () => axios.get('/v1/campaigns/dictionaries/clients');\nexport const c = () => fetch('/v1/campaigns/dictionaries/labels');\n";

// Chromium takes its language from LANG. Under a POSIX locale it reports `en-US@posix`, which Intl
// rejects (uPlot would throw and draw no chart); de_DE formats numbers another way again.
const locales = [
  { LANG: 'C.UTF-8', language: 'en-US', screenshot: true },
  { LANG: 'de_DE.UTF-8', language: 'de-DE', screenshot: false },
];

describe.each(locales)('the report page in headless Chromium under LANG=$LANG', ({ LANG, language, screenshot }) => {
  let browser: Browser;
  let page: Page;
  let data: ReportData;
  let pageUrl: string;
  const consoleErrors: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    const repo = throwawayRepo('sunset-report-browser-');
    repo.copy(path.join(repoRoot, 'fixtures/legacy-app'), '.');
    repo.copy(path.join(repoRoot, 'fixtures/report/injection'), 'injection');
    repo.copy(path.join(repoRoot, 'fixtures/report/CODEOWNERS'), 'CODEOWNERS');
    repo.copy(path.join(repoRoot, 'fixtures/report/runtime.jsonl'), 'runtime.jsonl');
    repo.commit({ 'src/etl/old-exports.ts': oldExports }, '2026-01-05T09:00:00Z', 'the legacy app');
    repo.commit({ 'src/etl/old-exports.ts': null }, '2026-02-02T09:00:00Z', 'remove the old exports');

    const args = ['--as-of', '2026-03-01', '--history', '2026-01-01', '--runtime', 'runtime.jsonl'];
    const htmlIo = captureIo(repo.dir, '2026-03-01T12:00:00Z');
    expect(await runReport([...args, '--out', 'sunset-report.html'], htmlIo)).toBe(0);
    const jsonIo = captureIo(repo.dir, '2026-03-01T12:00:00Z');
    expect(await runReport([...args, '--format', 'json'], jsonIo)).toBe(0);
    data = JSON.parse(jsonIo.out()) as ReportData;

    browser = await playwright.launch({
      executablePath: await chromium.executablePath(),
      args: chromium.args,
      headless: true,
      env: { ...process.env, LANG, LC_ALL: LANG },
    });
    page = await browser.newPage({ viewport: { width: 1200, height: 1500 }, colorScheme: 'light' });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(String(error)));
    page.on('request', (request) => requests.push(request.url()));
    pageUrl = pathToFileURL(path.join(repo.dir, 'sunset-report.html')).href;
    await page.goto(pageUrl);
    // Playwright's own selector engine waits (a string predicate would be eval'd in the page, which its CSP forbids).
    await page.locator('.chart[data-marks]').nth(1).waitFor({ state: 'attached', timeout: 300_000 });
  });

  afterAll(async () => {
    await browser?.close();
  });

  const visibleSites = (): Promise<string[]> =>
    page.$$eval('#site-list > li.site:not([hidden]) .where .file', (links) => links.map((link) => link.textContent ?? ''));

    it('runs under the language Intl accepts for this locale', async () => {
      expect(await page.evaluate('navigator.language')).toBe(language);
    });

    it('logs no console error and makes no request besides opening the file', () => {
      expect(consoleErrors).toEqual([]);
      expect(requests).toEqual([pageUrl]);
    });

    it('shows the totals of --format json', async () => {
      const shown = await page.$$eval('[data-total]', (cells) => Object.fromEntries(cells.map((cell) => [cell.getAttribute('data-total'), Number(cell.textContent)])));
      const { totals } = data;
      expect(shown).toEqual({
        total: totals.total,
        rewrite: totals.rewrite,
        todo: totals.todo,
        'phase-scheduled': totals.byPhase.scheduled,
        'phase-deprecated': totals.byPhase.deprecated,
        'phase-retired': totals.byPhase.retired,
        'family-soap': totals.byFamily.soap,
        'family-rest': totals.byFamily.rest,
        'family-reporting': totals.byFamily.reporting,
        'family-label': totals.byFamily.label,
      });
      // legacy-app's 55 retired calls and 2 requests reading its constants from another file (each constant
      // counted at its request only; CAMPAIGN_CLIENTS_URL is rewritten where it is declared, so its GET counts
      // as a rewrite, as sunset fix's 16 rewrites of the app say), the injection fixture's 1, and 1 call only the runtime saw.
      expect([totals.total, totals.inCode, totals.runtimeOnly, totals.rewrite]).toEqual([59, 58, 1, 16]);
      expect(data.sites.filter((site) => site.file === 'src/config/endpoints.ts')).toEqual([]);
      expect(await page.textContent('#site-count')).toBe('Showing 59 of 59 sites.');
    });

    it('draws the marks of both charts (bars by family, the burndown line)', async () => {
      const marks = await page.$$eval('.chart', (charts) =>
        charts.map((chart) => {
          const canvas = chart.querySelector('canvas')!;
          const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
          let painted = 0;
          for (let index = 3; index < pixels.length; index += 4) if (pixels[index]! > 0) painted += 1;
          return { id: chart.id, marks: Number(chart.getAttribute('data-marks')), painted: painted > 1000 };
        }),
      );
      expect(marks).toEqual([
        { id: 'family-chart', marks: 4, painted: true },
        { id: 'burndown-chart', marks: 2 * data.history!.points.length, painted: true },
      ]);
      expect(data.history!.points.map((point) => [point.day, point.total])).toEqual([
        ['2026-01-08', 61],
        ['2026-01-15', 61],
        ['2026-01-22', 61],
        ['2026-01-29', 61],
        ['2026-02-05', 58],
        ['2026-02-12', 58],
        ['2026-02-19', 58],
        ['2026-02-26', 58],
        ['2026-03-01', 58],
      ]);
    });

    it('filters the sites by owner (CODEOWNERS, last match wins) and resets', async () => {
      await page.selectOption('#filter-owner', '@alice');
      const alice = data.sites.filter((site) => site.owners.includes('@alice'));
      expect(alice.map((site) => site.file)).toEqual(Array(5).fill('src/web/angular/campaign.service.ts'));
      expect(await visibleSites()).toEqual(alice.map((site) => `${site.file}:${site.line}`));
      expect(await page.textContent('#site-count')).toBe('Showing 5 of 59 sites.');

      await page.selectOption('#filter-owner', '@adops/data-eng');
      expect(await visibleSites()).toHaveLength(data.sites.filter((site) => site.owners.includes('@adops/data-eng')).length);
      await page.click('#filter-reset');
      // The form's reset handler filters again after the reset has run (a task later): poll for it.
      await expect.poll(() => page.textContent('#site-count')).toBe('Showing 59 of 59 sites.');
      expect(await visibleSites()).toHaveLength(59);
    });

    it('is usable from the keyboard: a select changes with arrow keys, a column sorts with Enter', async () => {
      await page.focus('#filter-phase');
      await page.keyboard.press('ArrowDown');
      expect(await page.inputValue('#filter-phase')).toBe('retired');
      await page.click('#filter-reset');

      await page.focus('#entry-table button[data-sort="retired"]');
      await page.keyboard.press('Enter');
      expect(await page.getAttribute('#entry-table th:has(button[data-sort="retired"])', 'aria-sort')).toBe('ascending');
      const firstRetired = await page.$eval('#entry-table tbody tr td code', (cell) => cell.textContent);
      expect(firstRetired).toBe([...data.byEntry].map((row) => row.retired).sort()[0]);
    });

    it('shows the injection fixture as text: its name, its code and its message', async () => {
      const site = data.sites.find((candidate) => candidate.file.startsWith('injection/'))!;
      expect(site.file).toBe(`injection/${injectionName}`);
      const item = page.locator('#site-list > li.site', { has: page.locator('.file', { hasText: injectionName }) });
      expect(await item.locator('.file').textContent()).toBe(`injection/${injectionName}:${site.line}`);
      expect(await item.locator('.frame').textContent()).toContain('`/v1/campaigns/${id}?note=</script><b>bold</b>`');
      expect(await item.locator('.frame').textContent()).toContain("const banner = '</script><img src=x onerror=\"document.title = \\'injected\\'\">';");
      expect(await page.locator('img, .frame b').count()).toBe(0);
      expect(await page.locator('script').count()).toBe(3); // the data, uPlot, the page's script
      expect(await page.title()).toBe('Sunset report: 59 retired calls left (as of 2026-03-01)');
      expect(await item.locator('a.file').getAttribute('href')).toBe(`injection/%3C/script%3E%3Cimg%20onerror%3Dalert(1)%3E.js`);
    });

    it('marks the runtime sites and the server deprecations', async () => {
      expect(await page.locator('.badge.runtime').allTextContents()).toEqual(['also seen at runtime · 12 requests', 'seen at runtime only · 3 requests']);
      expect(await page.locator('#server-title + p + .table-box tbody tr td code').textContent()).toBe('GET https://api.example.com/v2/reports');
    });

    it('fits a laptop\'s and a phone\'s width: a table too wide scrolls in its own box, never the page', async () => {
      const layout = (): Promise<{ page: number; boxesInside: boolean; scrolling: string[] }> =>
        page.locator('.table-box').evaluateAll((all) => {
          const root = all[0]!.ownerDocument.documentElement;
          const boxes = all.filter((box) => box.getClientRects().length > 0);
          return {
            page: root.scrollWidth - root.clientWidth,
            boxesInside: boxes.every((box) => box.getBoundingClientRect().right <= root.clientWidth),
            scrolling: boxes.filter((box) => box.scrollWidth > box.clientWidth).map((box) => box.querySelector('table')!.id || box.closest('section')!.querySelector('h2')!.id),
          };
        });
      // The trial's figures before: #entry-table 1506 px wide at 1280 px, #owner-table 404 px at 390 px.
      // At 390 px the tables of long owners and URLs scroll in their boxes (the visually hidden "Filter"
      // heading in #owner-table, position: absolute, once widened the page from inside its box).
      // The charts are drawn again 150 ms after a resize: poll.
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect.poll(layout, { timeout: 10_000 }).toEqual({ page: 0, boxesInside: true, scrolling: [] });
      await page.setViewportSize({ width: 390, height: 800 });
      await expect.poll(layout, { timeout: 10_000 }).toEqual({ page: 0, boxesInside: true, scrolling: ['entry-table', 'owner-table', 'server-title'] });
      expect(await page.$eval('#entry-table', (table) => table.closest('.table-box')!.getBoundingClientRect().width)).toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1200, height: 1500 });
    });

    it('follows the dark colour scheme, and its screenshot is the README one', async () => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(() => page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(15, 20, 25)');
      expect(consoleErrors).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.click('#filter-reset');
      await page.evaluate('document.activeElement.blur(); window.scrollTo(0, 0)');
      await expect.poll(() => page.evaluate('getComputedStyle(document.body).backgroundColor')).not.toBe('rgb(15, 20, 25)');
      await expect.poll(() => page.textContent('#site-count')).toBe('Showing 59 of 59 sites.');
      const png = await page.screenshot({ clip: { x: 0, y: 0, width: 1200, height: 1500 } });
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      if (screenshot && process.env.SUNSET_UPDATE_SCREENSHOT === '1') {
        mkdirSync(path.dirname(screenshotFile), { recursive: true });
        writeFileSync(screenshotFile, png);
      }
      expect(existsSync(screenshotFile)).toBe(true);
      expect(readFileSync(screenshotFile).subarray(1, 4).toString('latin1')).toBe('PNG');
    });
});

// A large page (repros/4 of the 2026-11-27 trial): 1,500 files with a rewrite and a TODO each. Its sites
// are blocks, not list items: as list items of the <ol>, Chromium renumbered the list on each filter (15 s
// for 6,000 sites). The figures are in the commit message; this test checks what the filters show.
describe('a report page of 3,000 sites in headless Chromium', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const repo = throwawayRepo('sunset-report-large-');
    const files: Record<string, string> = {};
    for (let index = 0; index < 1500; index += 1) {
      files[`src/m${index % 30}/f${index}.ts`] =
        `import axios from 'axios';\nexport const a${index} = () => axios.get('https://api.adform.com/v1/campaigns/dictionaries/managers');\nexport const b${index} = (id: number) => fetch(\`https://api.adform.com/v1/campaigns/\${id}/orders\`);\n`;
    }
    repo.commit(files, '2026-02-02T09:00:00Z', '1,500 files');
    const io = captureIo(repo.dir, '2026-03-01T12:00:00Z');
    expect(await runReport(['--as-of', '2026-03-01', '--out', 'large.html'], io)).toBe(0);
    expect(io.err()).toBe('Wrote the html report to large.html: 3000 retired calls left, the codemod can do 1500 of 3000.\n');
    browser = await playwright.launch({ executablePath: await chromium.executablePath(), args: chromium.args, headless: true });
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(pathToFileURL(path.join(repo.dir, 'large.html')).href);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const shown = (): Promise<{ count: string | null; files: string[] }> =>
    page.locator('#site-count').evaluate((status) => ({
      count: status.textContent,
      files: [...status.ownerDocument.querySelectorAll('#site-list > li.site:not([hidden]) .where .file')].map((link) => link.textContent!.replace(/:\d+$/, '')),
    }));

  it('lists the sites as blocks of an <ol>, not as numbered list items', async () => {
    expect(await page.$$eval('#site-list > li.site', (items) => [items.length, ...new Set(items.map((item) => item.ownerDocument.defaultView!.getComputedStyle(item).display))])).toEqual([3000, 'block']);
    expect(await page.$eval('#site-list', (list) => [list.tagName, list.ownerDocument.defaultView!.getComputedStyle(list).listStyleType])).toEqual(['OL', 'none']);
  });

  it('filters by text, by fix and both, and shows every site again when cleared', async () => {
    expect((await shown()).count).toBe('Showing 3000 of 3000 sites.');

    await page.fill('#filter-text', 'm7');
    const m7 = await shown();
    expect(m7.count).toBe('Showing 100 of 3000 sites.');
    expect(m7.files).toHaveLength(100);
    expect(new Set(m7.files.map((file) => file.split('/').slice(0, 2).join('/')))).toEqual(new Set(['src/m7']));

    await page.selectOption('#filter-fix', 'todo');
    expect((await shown()).count).toBe('Showing 50 of 3000 sites.');
    await page.fill('#filter-text', '');
    expect((await shown()).count).toBe('Showing 1500 of 3000 sites.');
    await page.selectOption('#filter-fix', 'rewrite');
    expect((await shown()).count).toBe('Showing 1500 of 3000 sites.');
    await page.selectOption('#filter-fix', '');
    expect((await shown()).count).toBe('Showing 3000 of 3000 sites.');
    expect(await page.locator('#site-list > li.site[hidden]').count()).toBe(0);
  });

  it('shows no site for a text no site has, and all of them after the reset', async () => {
    await page.fill('#filter-text', 'src/m77/');
    expect(await shown()).toEqual({ count: 'Showing 0 of 3000 sites.', files: [] });
    await page.click('#filter-reset');
    await expect.poll(() => page.textContent('#site-count')).toBe('Showing 3000 of 3000 sites.');
    expect((await shown()).files).toHaveLength(3000);
  });
});
