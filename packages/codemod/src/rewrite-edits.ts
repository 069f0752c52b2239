import type { RetiredCallFinding } from '@sunset/analysis';
import { describeEndpoint } from '@sunset/rule-data';
import type { SiteEdit } from './types.js';

/** A finding the codemod rewrites: one-to-one, with the exact edits from the analysis. */
export function isRewrite(finding: RetiredCallFinding): boolean {
  return finding.migration === 'rewrite' && finding.edits.length > 0;
}

/** The analysis' edits of every one-to-one site (the URL text, and the method where it changes). */
export function rewriteEdits(findings: readonly RetiredCallFinding[]): SiteEdit[] {
  return findings.filter(isRewrite).map((finding) => ({
    finding,
    action: 'rewritten',
    edits: finding.edits,
    reason: `${finding.retiredKey} → ${finding.replacements.map(describeEndpoint).join(', ')}`,
  }));
}
