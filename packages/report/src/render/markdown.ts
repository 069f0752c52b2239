import { supportEndCell } from '@sunset/rule-data';
import { allRetired, allSitesRetired, callsPhrase, phaseBreakdown } from '../inventory/calls-left.js';
import { rowNoteOf } from '../inventory/call-rows.js';
import { familyLabelOf } from '../inventory/family.js';
import { reportFamilies, type ReportData, type ReportSite } from '../inventory/types.js';
import { shallowHistoryWarning } from '../history/shallow-warning.js';
import { plural } from '../text.js';

/** Rows of each list in the comment: short enough to read in a pull request, far below GitHub's 65,536 characters. */
const topRows = 10;
/** Repositories listed in a merged comment (an organisation's dozens fit; hundreds are summed up). */
const repositoryRows = 50;

/** Text from scanned code inside Markdown: no table breaks, no HTML, no mentions or links by accident. */
function cell(text: string): string {
  return text.replace(/[\\`*_[\]<>|@#&]/g, (char) => `\\${char}`).replace(/\r?\n/g, ' ');
}

function code(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  return `${fence}${text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ')}${fence}`;
}

function signed(value: number): string {
  return value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '±0';
}

/**
 * `--format md`: a summary for a pull-request comment: the totals, what changed against the
 * baseline or base branch, the top entries and owners, and the burndown's first and last sample.
 */
export function renderMarkdown(data: ReportData): string {
  const { totals } = data;
  const repositories = data.repositories;
  const across = repositories === undefined ? '' : ` across ${repositories.length} ${repositories.length === 1 ? 'repository' : 'repositories'}`;
  const retired = allRetired(totals);
  const lines: string[] = ['<!-- sunset-report -->', `### Sunset: ${callsPhrase(retired, { api: true })}${across}`, ''];
  lines.push(
    `**${callsPhrase(retired, { count: totals.total })}**${retired ? '' : ` (${phaseBreakdown(totals)})`} left in ${plural(totals.files, 'file')}${across} (as of ${data.asOf}): the codemod can do **${totals.rewrite} of ${totals.total}**, ${totals.todo} need a person.`,
  );
  if (totals.runtimeOnly > 0) lines.push(`${totals.runtimeOnly} of them were only seen at runtime (the runtime record), not in the code.`);
  lines.push('');

  if (data.diff !== undefined) {
    const { diff } = data;
    const change = diff.after - diff.before;
    lines.push(`**Against ${cell(diff.against)}:** ${diff.before} → ${diff.after} (${signed(change)}): ${diff.added.length} new, ${diff.removed} migrated or removed.`, '');
    if (diff.byEntry.length > 0) {
      lines.push('| retired | before | after | change |', '|---|---:|---:|---:|');
      for (const row of diff.byEntry.slice(0, topRows)) lines.push(`| ${code(row.retired)}${noted(row)} | ${row.before} | ${row.after} | ${signed(row.after - row.before)} |`);
      lines.push('');
    }
    if (diff.added.length > 0) {
      lines.push(`New ${callsPhrase(allSitesRetired(diff.added))}:`, '');
      for (const site of diff.added.slice(0, topRows)) lines.push(`- ${siteLine(site)}`);
      if (diff.added.length > topRows) lines.push(`- … and ${diff.added.length - topRows} more`);
      lines.push('');
    }
  }

  for (const warning of data.merge?.warnings ?? []) lines.push(`> **Warning:** ${cell(warning)}`, '');
  if (repositories !== undefined) {
    lines.push('| repository | commit | calls | the codemod can do | TODO for a person |', '|---|---|---:|---:|---:|');
    for (const row of repositories.slice(0, repositoryRows)) {
      lines.push(`| ${code(row.repository)} | ${row.commit === null ? '—' : code(row.commit.slice(0, 10))} | ${row.total} | ${row.rewrite} | ${row.todo} |`);
    }
    if (repositories.length > repositoryRows) lines.push(`| … and ${repositories.length - repositoryRows} more | | | | |`);
    lines.push('');
  }
  lines.push('| family | calls | codemod rewrites | TODO for a person |', '|---|---:|---:|---:|');
  for (const family of reportFamilies) {
    const sites = data.sites.filter((site) => site.family === family);
    if (sites.length === 0) continue;
    lines.push(`| ${cell(familyLabelOf(family, data.byEntry))} | ${sites.length} | ${sites.filter((site) => site.fix === 'rewrite').length} | ${sites.filter((site) => site.fix === 'todo').length} |`);
  }
  lines.push(`| **all** | **${totals.total}** | **${totals.rewrite}** | **${totals.todo}** |`, '');
  lines.push(`By phase: ${totals.byPhase.retired} retired, ${totals.byPhase.deprecated} deprecated, ${totals.byPhase.scheduled} scheduled.`, '');

  if (data.byEntry.length > 0) {
    lines.push('<details><summary>Top entries</summary>', '', '| retired | use instead | support ends | calls |', '|---|---|---|---:|');
    for (const row of data.byEntry.slice(0, topRows)) {
      lines.push(`| ${code(row.retired)}${noted(row)} | ${row.replacements.length === 0 ? 'none' : row.replacements.map(code).join(', ')} | ${supportEndCell(row.supportEnds)} | ${row.total} |`);
    }
    lines.push('', '</details>', '');
  }
  if (data.byOwner.length > 0) {
    lines.push('<details><summary>By owner</summary>', '', '| owner | calls | codemod rewrites |', '|---|---:|---:|');
    for (const row of data.byOwner.slice(0, topRows)) lines.push(`| ${code(row.owner)} | ${row.total} | ${row.rewrite} |`);
    lines.push('', '</details>', '');
  }
  const merges = data.orgHistory?.points ?? [];
  if (merges.length > 1) {
    const first = merges[0]!;
    const last = merges.at(-1)!;
    lines.push(`Burndown since ${first.date.slice(0, 10)}: ${first.total} → ${last.total} (${signed(last.total - first.total)}) over ${plural(merges.length, 'merge')}.`, '');
  }
  const points = data.history?.points ?? [];
  if (points.length > 1) {
    const first = points[0]!;
    const last = points.at(-1)!;
    lines.push(`Burndown since ${first.day}: ${first.total} → ${last.total} (${signed(last.total - first.total)}) over ${plural(points.length, 'sample')}.`, '');
  }
  const shallow = data.history === undefined ? undefined : shallowHistoryWarning(data.history);
  if (shallow !== undefined) lines.push(`> **Burndown cut short by a shallow clone.** ${shallow}`, '');
  lines.push(
    repositories === undefined
      ? '<sub>`sunset report --format md` · open the full page with `sunset report --out sunset-report.html`</sub>'
      : '<sub>`sunset report --merge --format md` · the full page: `sunset report --merge <results> --out org.html`</sub>',
    '',
  );
  return lines.join('\n');
}

/** ` (method not shown)` after the key of a row of calls the code does not show all of. */
function noted(row: Parameters<typeof rowNoteOf>[0]): string {
  const note = rowNoteOf(row);
  return note === undefined ? '' : ` (${note})`;
}

function siteLine(site: ReportSite): string {
  return `${code(`${site.file}:${site.line}`)} ${code(site.retired)}${site.fix === 'rewrite' ? ' (the codemod rewrites it)' : ''}`;
}
