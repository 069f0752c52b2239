import type { RefusedSite } from './apply-text-edits.js';
import { lineColumnAt } from './source-position.js';
import type { SiteAction, SiteEdit, SiteReport } from './types.js';

/** One report per finding, in source order: what happened at the site and why. */
export function siteReports(siteEdits: readonly SiteEdit[], refused: readonly RefusedSite[], source: string, file: string): SiteReport[] {
  const refusals = new Map(refused.map((refusal) => [refusal.site, refusal.reason]));
  return siteEdits
    .map((site) => {
      const refusal = refusals.get(site);
      const action: SiteAction = refusal === undefined ? site.action : 'skipped';
      return siteReport(site, action, refusal ?? site.reason, source, file);
    })
    .sort((a, b) => a.line - b.line || a.column - b.column);
}

function siteReport(site: SiteEdit, action: SiteAction, reason: string, source: string, file: string): SiteReport {
  const { line, column } = lineColumnAt(source, site.finding.range[0]);
  const dropped = action === 'rewritten' ? site.finding.retirement.droppedValues : undefined;
  return { file, line, column, entry: site.finding.retirement.entry.id, retired: site.finding.retirement.retiredKey, action, reason, ...(dropped === undefined ? {} : { dropped }) };
}
