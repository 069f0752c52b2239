import { applyTextEdits } from './apply-text-edits.js';
import { rewriteEdits } from './rewrite-edits.js';
import { siteReports } from './site-reports.js';
import { todoCommentEdits } from './todo-comment-edits.js';
import type { FixableFinding, FixPlan, RetirementFinding, SiteEdit } from './types.js';

/**
 * The fixed text of one file and a report per retired call: one-to-one sites get their rewrite
 * (`finding.fix`), every other retirement finding a `TODO(sunset:<id>)` comment above its statement
 * unless one is already there. Edits are applied as text on `text`: outside them every byte stays,
 * and a file without an applied edit gives `output: undefined`. Findings of other rules are ignored.
 */
export function planFix(text: string, findings: readonly FixableFinding[], filePath: string): FixPlan {
  const siteEdits = siteEditsOf(text, findings);
  const { output, refused } = applyTextEdits(text, siteEdits);
  return { output, sites: siteReports(siteEdits, refused, text, filePath) };
}

/**
 * The plan when the planned output cannot be used (it would not parse): nothing changes, and every
 * site that had an edit is reported as skipped with `reason`.
 */
export function refusedFix(text: string, findings: readonly FixableFinding[], filePath: string, reason: string): FixPlan {
  const siteEdits = siteEditsOf(text, findings);
  const refused = siteEdits.filter((site) => site.edits.length > 0).map((site) => ({ site, reason }));
  return { output: undefined, sites: siteReports(siteEdits, refused, text, filePath) };
}

function siteEditsOf(text: string, findings: readonly FixableFinding[]): SiteEdit[] {
  const retirements = findings.filter((finding): finding is RetirementFinding => finding.retirement !== undefined);
  return [...rewriteEdits(retirements), ...todoCommentEdits(retirements, text)];
}
