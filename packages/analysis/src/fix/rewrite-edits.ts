import { describeEndpoint } from '@sunset/rule-data';
import type { FixableFinding, RetirementFinding, SiteEdit } from './types.js';

/** A retirement finding the fix rewrites: one-to-one, with the exact edits (`finding.fix`) from the check. */
export function isRewrite(finding: FixableFinding): finding is RetirementFinding & { readonly fix: NonNullable<FixableFinding['fix']> } {
  return finding.retirement?.migration === 'rewrite' && finding.fix !== undefined && finding.fix.length > 0;
}

/** The edits of every one-to-one site (the URL text, and the method where it changes). */
export function rewriteEdits(findings: readonly RetirementFinding[]): SiteEdit[] {
  return findings.filter(isRewrite).map((finding) => ({
    finding,
    action: 'rewritten',
    edits: finding.fix,
    reason: `${finding.retirement.retiredKey} → ${finding.retirement.replacements.map(describeEndpoint).join(', ')}`,
  }));
}
