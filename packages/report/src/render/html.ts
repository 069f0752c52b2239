import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { supportEndCell } from '@sunset/rule-data';
import { shallowHistoryWarning } from '../history/shallow-warning.js';
import { noOwner } from '../inventory/build-inventory.js';
import { rowNoteOf } from '../inventory/call-rows.js';
import { allRetired, callsLeft, callsPhrase, phaseBreakdown } from '../inventory/calls-left.js';
import { familyLabelOf } from '../inventory/family.js';
import { familyLabels, phases, reportFamilies, type CodeFrame, type EntryRow, type ReportData, type ReportFamily, type ReportSite } from '../inventory/types.js';
import { plural, sentenceStart } from '../text.js';
import { assertInlineScript, html, jsonForScript, SafeHtml } from './escape.js';

export interface HtmlOptions {
  /** `vscode`: file:line links open VS Code; otherwise they link to the file, relative to the page. */
  readonly editor: 'vscode' | undefined;
  /** The folder the page is written to (relative links start there). */
  readonly outDir: string;
  /** The working directory the sites' paths are relative to. */
  readonly cwd: string;
}

const require = createRequire(import.meta.url);
const assetsDir = new URL('../../assets/', import.meta.url);

/**
 * The chart library (behind a guard that gives it a language Intl accepts) and the page's own script
 * and styles, read when a page is made (never fetched by the page).
 */
function assets(): { chartLibrary: string; chartStyles: string; pageScript: string; pageStyles: string } {
  return {
    chartLibrary:
      assertInlineScript(readFileSync(new URL('locale-guard.js', assetsDir), 'utf8'), 'locale-guard.js') +
      assertInlineScript(readFileSync(require.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8'), 'uPlot'),
    chartStyles: readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8'),
    pageScript: assertInlineScript(readFileSync(new URL('report-page.js', assetsDir), 'utf8'), 'report-page.js'),
    pageStyles: readFileSync(new URL('report-page.css', assetsDir), 'utf8'),
  };
}

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const phaseText = { scheduled: 'scheduled', deprecated: 'deprecated', retired: 'retired' } as const;

/**
 * One self-contained page: styles, scripts (uPlot and the page's filters, sorting and charts) and the
 * data inline. Everything from scanned code goes through `html` (escaped) or `jsonForScript`; a
 * Content-Security-Policy allows only these scripts, by hash, and no request of any kind.
 */
export function renderHtml(data: ReportData, options: HtmlOptions): string {
  const { chartLibrary, chartStyles, pageScript, pageStyles } = assets();
  const csp = `default-src 'none'; script-src ${sha256(chartLibrary)} ${sha256(pageScript)}; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'`;
  const { totals } = data;
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Sunset report: ${callsLeft(totals)}${data.repositories === undefined ? '' : ` across ${repositoryCount(data.repositories.length)}`}${allRetired(totals) ? ` (as of ${data.asOf})` : `, as of ${data.asOf}`}</title>
<style>${chartStyles}</style>
<style>${pageStyles}</style>
</head>
<body>
<a class="skip" href="#sites">Skip to the sites</a>
<header>
${heading(data)}
</header>
<main>
${mergeNotes(data)}
${summary(data)}
${familySection(data)}
${burndownSection(data)}
${orgBurndownSection(data)}
${repositorySection(data)}
${entrySection(data)}
${ownerSection(data)}
${siteSection(data, options)}
${serverSection(data)}
${notCheckedSection(data)}
</main>
<footer><p>Made by <code>sunset report</code>. This page loads nothing: its data, styles and scripts are inside it.</p></footer>
<script type="application/json" id="sunset-report-data">${new SafeHtml(jsonForScript(chartData(data)))}</script>
<script>${new SafeHtml(chartLibrary)}</script>
<script>${new SafeHtml(pageScript)}</script>
</body>
</html>
`;
  return page.text;
}

const secondsOf = (date: string): number => Math.floor(Date.parse(date) / 1000);

/** The platform's four families always; other APIs' entries when there are calls of them. */
const shownFamilies = (data: ReportData): ReportFamily[] => reportFamilies.filter((family) => family !== 'other' || data.totals.byFamily.other > 0);

/** Only what the charts need goes into the script data; the lists are in the markup. */
function chartData(data: ReportData): unknown {
  const gitHistory = data.history?.points.map((point) => ({ x: secondsOf(`${point.day}T00:00:00Z`), total: point.total, rewrite: point.rewrite })) ?? [];
  const orgHistory = data.orgHistory?.points.map((point) => ({ x: secondsOf(point.date), total: point.total, rewrite: point.rewrite })) ?? [];
  return {
    totals: data.totals,
    families: shownFamilies(data).map((family) => ({ family, label: familyLabelOf(family, data.byEntry), count: data.totals.byFamily[family], rewrite: data.sites.filter((site) => site.family === family && site.fix === 'rewrite').length })),
    deadlines: data.deadlines.map((deadline) => ({ ...deadline, families: deadline.families.map((family) => familyLabels[family]) })),
    history: data.orgHistory === undefined ? gitHistory : orgHistory,
    // The charts' series say what the page counts, as its headline does.
    labels: { calls: sentenceStart(callsPhrase(allRetired(data.totals))), callsLeft: sentenceStart(callsPhrase(allRetired(data.totals), { left: true })) },
  };
}

const repositoryCount = (count: number): string => `${count} ${count === 1 ? 'repository' : 'repositories'}`;

/** `Retired API calls` when every call counted is retired; else `API calls to replace`, their phases said. */
const callsTitle = (data: ReportData): string => sentenceStart(callsPhrase(allRetired(data.totals), { api: true }));
const leftText = (data: ReportData): string => `${data.totals.total} left${allRetired(data.totals) ? '' : ` (${phaseBreakdown(data.totals)})`}`;

function heading(data: ReportData): SafeHtml {
  const meta = html`rule data ${data.ruleDataVersion} · generated ${data.generated}`;
  if (data.repositories === undefined) {
    const repository = data.provenance === undefined ? '' : html` in <span class="repository">${data.provenance.repository}</span>${data.provenance.commit === null ? '' : html` at <code>${data.provenance.commit.slice(0, 10)}</code>`}`;
    return html`<h1>${callsTitle(data)}: ${leftText(data)}</h1>
<p class="meta">As of <time datetime="${data.asOf}">${data.asOf}</time> · ${plural(data.scanned.files, 'file')} scanned under ${data.scanned.paths.join(', ')}${repository} · ${meta}</p>`;
  }
  return html`<h1>${callsTitle(data)} across ${repositoryCount(data.repositories.length)}: ${leftText(data)}</h1>
<p class="meta">As of <time datetime="${data.asOf}">${data.asOf}</time> · merged from ${plural(data.merge?.inputs ?? 0, 'result')} (${plural(data.scanned.files, 'file')} scanned) · ${meta}</p>`;
}

/** A merge's warnings and the results a newer one replaced. */
function mergeNotes(data: ReportData): SafeHtml {
  const merge = data.merge;
  if (merge === undefined || (merge.warnings.length === 0 && merge.superseded.length === 0)) return html``;
  return html`<section class="notes" aria-labelledby="notes-title">
<h2 id="notes-title">Before you read the numbers</h2>
<ul>${merge.warnings.map((warning) => html`<li class="warning">${warning}</li>`)}${merge.superseded.map(
    (old) => html`<li>${old.input}: an older result of ${old.repository} (${old.date}); ${old.keptInput} is newer and is the one counted.</li>`,
  )}</ul>
</section>`;
}

function orgBurndownSection(data: ReportData): SafeHtml {
  const history = data.orgHistory;
  if (history === undefined) return html``;
  return html`<section aria-labelledby="burndown-title">
<h2 id="burndown-title">Burndown across the organisation</h2>
<p>${sentenceStart(callsPhrase(allRetired(data.totals), { left: true }))} at each merge recorded in <code>${history.file}</code> (${plural(history.points.length, 'merge')}, this one included).</p>
<div class="chart" id="burndown-chart" role="img" aria-label="Line chart of the ${callsPhrase(allRetired(data.totals), { left: true })} across the repositories at each merge; the table below has the same numbers"></div>
<details><summary>The recorded merges</summary>
<div class="table-box"><table>
<thead><tr><th scope="col">Merged</th><th scope="col" class="num">Repositories</th><th scope="col" class="num">Calls</th><th scope="col" class="num">Codemod rewrites</th></tr></thead>
<tbody>${history.points.map((point) => html`<tr><td><time datetime="${point.date}">${point.date}</time></td><td class="num">${point.repositories}</td><td class="num">${point.total}</td><td class="num">${point.rewrite}</td></tr>`)}</tbody>
</table></div>
</details>
</section>`;
}

function repositorySection(data: ReportData): SafeHtml {
  const rows = data.repositories;
  if (rows === undefined) return html``;
  return html`<section aria-labelledby="repositories-title">
<h2 id="repositories-title">By repository</h2>
<p>The newest result of each repository. <q>The codemod can do</q>: the calls <code>sunset fix</code> rewrites when it runs in that repository; the rest are a TODO for a person.</p>
<div class="table-box"><table id="repository-table">
<thead><tr><th scope="col">Repository</th><th scope="col">Commit</th><th scope="col">Checked</th><th scope="col" class="num">Calls</th><th scope="col" class="num">The codemod can do</th><th scope="col" class="num">TODO</th><th scope="col" class="num">Files</th><th scope="col">Owners from</th><th scope="col"><span class="visually-hidden">Filter</span></th></tr></thead>
<tbody>${rows.map(
    (row) => html`<tr data-repository="${row.repository}">
<th scope="row">${row.url === undefined ? row.repository : html`<a href="${row.url}">${row.repository}</a>`}${row.folders === undefined ? '' : html`<br><span class="hint">${plural(row.folders.length, 'folder')} summed: ${row.folders.map((folder, index) => html`${index > 0 ? ', ' : ''}<code>${folder.directory}</code>`)}</span>`}</th>
<td>${row.commit === null ? '—' : html`<code>${row.commit.slice(0, 10)}</code>`}</td>
<td><time datetime="${row.date}">${row.date.slice(0, 10)}</time>${row.ruleDataVersion === data.ruleDataVersion ? '' : html` <span class="badge">rule data ${row.ruleDataVersion}</span>`}</td>
<td class="num" data-repository-total="${row.repository}">${row.total}</td>
<td class="num">${row.rewrite}</td>
<td class="num">${row.todo}</td>
<td class="num">${row.filesWithSites} of ${row.files}${row.notChecked > 0 ? html` (${row.notChecked} not checked)` : ''}</td>
<td>${ownershipShort[row.ownership]}</td>
<td>${row.todo === 0 ? '' : html`<button type="button" class="show-repository" data-repository="${row.repository}">Show its TODO sites</button>`}</td>
</tr>`,
  )}</tbody>
</table></div>
</section>`;
}

const ownershipShort = { codeowners: 'CODEOWNERS', 'workspace-package': 'workspace packages', 'top-level-folder': 'top-level folders' } as const;

function summary(data: ReportData): SafeHtml {
  const { totals } = data;
  const share = totals.total === 0 ? 0 : Math.round((totals.rewrite / totals.total) * 100);
  return html`<section class="cards" aria-label="Totals">
<div class="card"><p class="label">${sentenceStart(callsPhrase(allRetired(totals), { left: true }))}</p><p class="value" data-total="total">${totals.total}</p><p>in ${plural(totals.files, 'file')}${data.repositories === undefined ? '' : html` of <span data-total="repositories">${data.repositories.length}</span> ${data.repositories.length === 1 ? 'repository' : 'repositories'}`}${totals.runtimeOnly > 0 ? html`; ${totals.runtimeOnly} seen only at runtime` : ''}</p></div>
<div class="card"><p class="label">The codemod can do</p><p class="value"><span data-total="rewrite">${totals.rewrite}</span> of <span>${totals.total}</span></p><p><meter min="0" max="${totals.total}" value="${totals.rewrite}" aria-label="share the codemod rewrites">${share}%</meter> ${share}% · <span data-total="todo">${totals.todo}</span> need a person (TODO)</p></div>
<div class="card"><p class="label">By phase at ${data.asOf}</p><ul class="phases">${phases.map((phase) => html`<li><span class="badge phase-${phase}">${phaseText[phase]}</span> <span data-total="phase-${phase}">${totals.byPhase[phase]}</span></li>`)}</ul></div>
</section>`;
}

function familySection(data: ReportData): SafeHtml {
  return html`<section aria-labelledby="families-title">
<h2 id="families-title">By family</h2>
<div class="chart" id="family-chart" role="img" aria-label="Bar chart of ${callsPhrase(allRetired(data.totals))} by family; the table below has the same numbers"></div>
<div class="table-box"><table>
<thead><tr><th scope="col">Family</th><th scope="col" class="num">Calls</th><th scope="col" class="num">Codemod rewrites</th><th scope="col" class="num">TODO</th></tr></thead>
<tbody>${shownFamilies(data).map((family) => {
    const sites = data.sites.filter((site) => site.family === family);
    const rewrite = sites.filter((site) => site.fix === 'rewrite').length;
    return html`<tr><th scope="row">${familyLabelOf(family, data.byEntry)}</th><td class="num" data-total="family-${family}">${sites.length}</td><td class="num">${rewrite}</td><td class="num">${sites.length - rewrite}</td></tr>`;
  })}</tbody>
</table></div>
</section>`;
}

function burndownSection(data: ReportData): SafeHtml {
  const history = data.history;
  if (history === undefined) return html``;
  const shallow = shallowHistoryWarning(history);
  const cutShort = shallow === undefined ? '' : html`<p class="warning" id="burndown-cut-short"><strong>Cut short by a shallow clone.</strong> ${shallow}</p>`;
  if (history.points.length === 0) {
    return html`<section aria-labelledby="burndown-title"><h2 id="burndown-title">Burndown since ${history.since}</h2>${cutShort}<p>No commit of the current branch was made by the sampled days, so there is nothing to draw yet.</p></section>`;
  }
  const deadlines = data.deadlines.map((deadline) => html`<li>${deadline.kind === 'ga-end' ? 'General availability ends' : 'Support ends'} <time datetime="${deadline.day}">${deadline.day}</time> (${deadline.families.map((family) => familyLabels[family]).join(', ')})</li>`);
  return html`<section aria-labelledby="burndown-title">
<h2 id="burndown-title">Burndown since ${shallow === undefined ? history.since : history.points[0]!.day}</h2>
${cutShort}
<p>${sentenceStart(callsPhrase(allRetired(data.totals)))} at one commit per ${history.every} (read from git, the work tree untouched${history.cached > 0 ? html`; ${history.cached} of the commits from the cache` : ''}). Dashed vertical lines mark the dates:</p>
<ul class="deadlines">${deadlines}</ul>
<div class="chart" id="burndown-chart" role="img" aria-label="Line chart of the ${callsPhrase(allRetired(data.totals), { left: true })} at each sampled commit; the table below has the same numbers"></div>
<details><summary>The sampled commits</summary>
<div class="table-box"><table>
<thead><tr><th scope="col">Day</th><th scope="col">Commit</th><th scope="col" class="num">Calls</th><th scope="col" class="num">Codemod rewrites</th></tr></thead>
<tbody>${history.points.map((point) => html`<tr><td>${point.day}</td><td><code>${point.commit.slice(0, 10)}</code></td><td class="num">${point.total}</td><td class="num">${point.rewrite}</td></tr>`)}</tbody>
</table></div>
</details>
</section>`;
}

function entrySection(data: ReportData): SafeHtml {
  const header = (key: string, label: string, type: 'text' | 'number', sorted?: 'descending'): SafeHtml =>
    html`<th scope="col" aria-sort="${sorted ?? 'none'}" class="${type === 'number' ? 'num' : ''}"><button type="button" data-sort="${key}" data-type="${type}">${label}</button></th>`;
  return html`<section aria-labelledby="entries-title">
<h2 id="entries-title">By entry</h2>
<p class="hint">Select a column heading to sort.</p>
<div class="table-box"><table class="sortable" id="entry-table">
<thead><tr>${header('retired', 'Retired', 'text')}<th scope="col">Use instead</th>${header('family', 'Family', 'text')}${header('ga', 'GA ends', 'text')}${header('support', 'Support ends', 'text')}${header('phase', 'Phase', 'text')}${header('migration', 'Migration', 'text')}${header('total', 'Calls', 'number', 'descending')}</tr></thead>
<tbody>${data.byEntry.map(
    (row) => html`<tr>
<td data-value="${row.retired}"><code>${row.retired}</code>${rowNote(row)}</td>
<td>${row.replacements.length === 0 ? 'none named by the spec' : row.replacements.map((replacement, index) => html`${index > 0 ? ', ' : ''}<code>${replacement}</code>`)}</td>
<td data-value="${row.api ?? familyLabels[row.family]}">${row.api ?? familyLabels[row.family]}</td>
<td data-value="${row.gaEnds}">${row.gaEnds}</td>
<td data-value="${row.supportEnds}">${supportEndCell(row.supportEnds)}</td>
<td data-value="${row.phase}"><span class="badge phase-${row.phase}">${row.phase}</span></td>
<td data-value="${row.migration}">${row.migration === 'rewrite' ? 'codemod rewrites' : 'TODO for a person'}</td>
<td class="num" data-value="${row.total}">${row.total}</td>
</tr>`,
  )}</tbody>
</table></div>
</section>`;
}

/** ` (method not shown)` after a row's key, and the entries its calls may be. */
function rowNote(row: EntryRow): SafeHtml | string {
  const note = rowNoteOf(row);
  if (note === undefined) return '';
  return html` <span class="hint">(${note}${row.entries === undefined ? '' : html`: one of ${row.entries.map((entry, index) => html`${index > 0 ? ', ' : ''}<code>${entry}</code>`)}`})</span>`;
}

const ownershipText = {
  mixed: 'from each repository: its CODEOWNERS, else its workspace packages or top-level folders (see By repository)',
  codeowners: 'from CODEOWNERS (the last matching rule wins)',
  'workspace-package': 'by workspace package (no CODEOWNERS file)',
  'top-level-folder': 'by top-level folder (no CODEOWNERS file)',
} as const;

function ownerSection(data: ReportData): SafeHtml {
  return html`<section aria-labelledby="owners-title">
<h2 id="owners-title">By owner</h2>
<p>Owners ${ownershipText[data.ownership]}. A call with two owners counts for each.${data.repositories !== undefined && data.ownership !== 'codeowners' ? html` A top-level folder owns files in its own repository only, so it is named with it (<code>repository: folder/</code>).` : ''}</p>
<div class="table-box"><table id="owner-table">
<thead><tr><th scope="col">Owner</th><th scope="col" class="num">Calls</th><th scope="col" class="num">Codemod rewrites</th><th scope="col" class="num">TODO</th><th scope="col"><span class="visually-hidden">Filter</span></th></tr></thead>
<tbody>${data.byOwner.map(
    (row) => html`<tr><th scope="row">${row.owner}</th><td class="num">${row.total}</td><td class="num">${row.rewrite}</td><td class="num">${row.todo}</td><td><button type="button" class="show-owner" data-owner="${row.owner}">Show these sites</button></td></tr>`,
  )}</tbody>
</table></div>
</section>`;
}

function siteSection(data: ReportData, options: HtmlOptions): SafeHtml {
  const merged = data.repositories !== undefined;
  // Across repositories the list is what a person must finish; what the codemod does is counted per repository.
  const sites = merged ? data.sites.filter((site) => site.fix === 'todo') : data.sites;
  const families = reportFamilies.filter((family) => sites.some((site) => site.family === family));
  const owners = data.byOwner.map((row) => row.owner).filter((owner) => sites.some((site) => (site.owners.length === 0 ? [noOwner] : site.owners).includes(owner)));
  const select = (id: string, label: string, values: readonly (readonly [string, string])[]): SafeHtml =>
    html`<label for="${id}">${label}</label><select id="${id}"><option value="">all</option>${values.map(([value, text]) => html`<option value="${value}">${text}</option>`)}</select>`;
  const repositories = (data.repositories ?? []).filter((row) => row.todo > 0).map((row) => [row.repository, row.repository] as const);
  return html`<section id="sites" aria-labelledby="sites-title">
<h2 id="sites-title">${merged ? 'Sites a person must finish' : 'Every site'}</h2>
${merged ? html`<p>The calls the codemod cannot rewrite (it leaves a <code>TODO(sunset:&lt;id&gt;)</code> there), each linked to its file at the checked commit.</p>` : ''}
<form class="filters" role="search" aria-label="Filter the sites">
<div>${select('filter-family', 'Family', families.map((family) => [family, familyLabels[family]] as const))}</div>
${merged ? html`<div>${select('filter-repository', 'Repository', repositories)}</div>` : ''}
<div>${select('filter-owner', 'Owner', owners.map((owner) => [owner, owner] as const))}</div>
<div>${select('filter-phase', 'Phase', phases.filter((phase) => sites.some((site) => site.phase === phase)).map((phase) => [phase, phase] as const))}</div>
${merged ? '' : html`<div>${select('filter-fix', 'Fix', [['rewrite', 'codemod rewrites'], ['todo', 'TODO for a person']])}</div>`}
<div><label for="filter-text">Text</label><input id="filter-text" type="search" placeholder="file, entry, message"></div>
<div><button type="reset" id="filter-reset">Show all</button></div>
</form>
<p id="site-count" role="status" aria-live="polite">Showing ${sites.length} of ${plural(sites.length, 'site')}.</p>
<ol class="sites" id="site-list">${sites.map((site) => siteItem(site, options))}</ol>
</section>`;
}

function siteItem(site: ReportSite, options: HtmlOptions): SafeHtml {
  const owners = site.owners.length === 0 ? [noOwner] : site.owners;
  const runtime =
    site.source === 'runtime'
      ? html`<span class="badge runtime">seen at runtime only · ${plural(site.runtimeCount, 'request')}</span>`
      : site.source === 'both'
        ? html`<span class="badge runtime">also seen at runtime · ${plural(site.runtimeCount, 'request')}</span>`
        : '';
  return html`<li class="site" data-family="${site.family}" data-owners="${JSON.stringify(owners)}" data-phase="${site.phase}" data-fix="${site.fix}" data-source="${site.source}"${site.repository === undefined ? '' : html` data-repository="${site.repository}"`}>
<p class="where">${site.repository === undefined ? '' : html`<span class="repository">${site.repository}</span> `}${siteLink(site, options)} <span class="badge phase-${site.phase}">${site.phase}</span> <span class="badge fix-${site.fix}">${site.fix === 'rewrite' ? 'codemod rewrites' : 'TODO'}</span> <span class="badge">${familyLabels[site.family]}</span> ${runtime}</p>
<p class="message">${site.message}</p>
<p class="owners">Owner: ${owners.join(', ')}</p>
${site.frame === undefined ? '' : codeFrame(site.frame, site.line)}
</li>`;
}

function siteLink(site: ReportSite, options: HtmlOptions): SafeHtml {
  const label = site.line === 0 ? site.file : `${site.file}:${site.line}`;
  if (site.repository !== undefined) return site.link === undefined ? html`<span class="file">${label}</span>` : html`<a class="file" href="${site.link}">${label}</a>`;
  if (site.line === 0) return html`<span class="file">${label}</span>`;
  const absolute = path.resolve(options.cwd, site.file);
  const href =
    options.editor === 'vscode'
      ? `vscode://file${encodePath(absolute.split(path.sep).join('/'))}:${site.line}:${site.column}`
      : encodePath(path.relative(options.outDir, absolute).split(path.sep).join('/'));
  return html`<a class="file" href="${href}">${label}</a>`;
}

function encodePath(file: string): string {
  return file
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/')
    .replace(/^([A-Za-z])%3A/, '$1:');
}

function codeFrame(frame: CodeFrame, line: number): SafeHtml {
  const width = String(frame.firstLine + frame.lines.length - 1).length;
  const rows = frame.lines.map((text, index) => {
    const number = frame.firstLine + index;
    const gutter = String(number).padStart(width);
    if (number !== line) return html`<span class="line"><span class="gutter" aria-hidden="true">${gutter} | </span>${text}</span>`;
    const start = Math.min(frame.column - 1, text.length);
    const end = Math.max(start + 1, Math.min(frame.endColumn - 1, text.length));
    return html`<span class="line hit"><span class="gutter" aria-hidden="true">${gutter} &gt; </span>${text.slice(0, start)}<mark>${text.slice(start, end)}</mark>${text.slice(end)}</span>`;
  });
  return html`<pre class="frame"><code>${rows.map((row, index) => html`${index > 0 ? '\n' : ''}${row}`)}</code></pre>`;
}

function serverSection(data: ReportData): SafeHtml {
  if (data.serverDeprecations.length === 0) return html``;
  return html`<section aria-labelledby="server-title">
<h2 id="server-title">Deprecations announced by servers</h2>
<p>Responses seen at runtime with <code>Deprecation</code> or <code>Sunset</code> headers (also for endpoints the schedule does not list).</p>
<div class="table-box"><table><thead><tr><th scope="col">Request</th><th scope="col">Deprecation</th><th scope="col">Sunset</th><th scope="col">Caller</th><th scope="col" class="num">Requests</th></tr></thead>
<tbody>${data.serverDeprecations.map((row) => html`<tr><td><code>${row.method} ${row.url}</code></td><td>${row.deprecation === true ? 'yes' : (row.deprecation ?? '—')}</td><td>${row.sunset ?? '—'}</td><td>${row.caller ?? 'unknown'}</td><td class="num">${row.count}</td></tr>`)}</tbody></table></div>
</section>`;
}

function notCheckedSection(data: ReportData): SafeHtml {
  if (data.notChecked.length === 0) return html``;
  return html`<section aria-labelledby="not-checked-title">
<h2 id="not-checked-title">Files that could not be checked</h2>
<ul>${data.notChecked.map((problem) => html`<li>${problem.repository === undefined ? '' : html`${problem.repository}: `}<code>${problem.file}${problem.line === undefined ? '' : `:${problem.line}`}</code>: ${problem.message}</li>`)}</ul>
</section>`;
}
