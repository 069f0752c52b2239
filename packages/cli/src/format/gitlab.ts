import { createHash } from 'node:crypto';
import { isFailing } from '../check/threshold.js';
import type { Finding } from '../check/types.js';
import { unreadFiles } from './not-scanned.js';
import { describeRelatedPlace, relatedElsewhere } from './related.js';
import type { FormatContext, Formatter } from './types.js';

/** GitLab's five severities, mildest first. */
export type GitlabSeverity = 'info' | 'minor' | 'major' | 'critical' | 'blocker';

/** One issue of a GitLab Code Quality report (the documented subset of the Code Climate issue). */
export interface GitlabIssue {
  readonly type: 'issue';
  readonly description: string;
  readonly check_name: string;
  readonly fingerprint: string;
  readonly severity: GitlabSeverity;
  readonly categories: readonly string[];
  readonly location: { readonly path: string; readonly lines: { readonly begin: number; readonly end?: number } };
}

/**
 * GitLab Code Quality JSON (`artifacts: reports: codequality`): one issue per finding. The
 * fingerprint is the baseline's (`fingerprintFindings`): it hashes the file, the rule, the entry and
 * the finding's line text, not its number, so the merge-request widget does not report a finding as
 * fixed and new again when unrelated lines move it. A file that could not be checked is a `blocker`;
 * one not scanned (too large, minified, a link not followed) an `info` issue.
 */
export const formatGitlab: Formatter = (report, context) => {
  const issues: GitlabIssue[] = report.findings.map((finding, index) => ({
    type: 'issue',
    description: descriptionOf(finding),
    check_name: finding.entry === undefined ? finding.rule : `${finding.rule}/${finding.entry}`,
    fingerprint: context.fingerprints[index] ?? fallbackFingerprint([finding.file, finding.rule, String(finding.line), finding.message]),
    severity: severityOf(finding, context),
    categories: ['Compatibility'],
    location: { path: finding.file, lines: { begin: finding.line, ...(finding.endLine === undefined ? {} : { end: finding.endLine }) } },
  }));
  for (const error of report.errors) {
    issues.push({
      type: 'issue',
      description: `Not checked: ${error.message}`,
      check_name: 'sunset/file-not-checked',
      fingerprint: fallbackFingerprint(['file-not-checked', error.file, error.message]),
      severity: 'blocker',
      categories: ['Bug Risk'],
      location: { path: error.file, lines: { begin: error.line ?? 1 } },
    });
  }
  for (const file of unreadFiles(report)) {
    issues.push({
      type: 'issue',
      description: file.message,
      check_name: 'sunset/file-not-scanned',
      fingerprint: fallbackFingerprint(['file-not-scanned', file.file, file.reason]),
      severity: 'info',
      categories: ['Bug Risk'],
      location: { path: file.file, lines: { begin: 1 } },
    });
  }
  return `${JSON.stringify(issues, null, 2)}\n`;
};

function descriptionOf(finding: Finding): string {
  const elsewhere = relatedElsewhere(finding).map((place) => ` See ${describeRelatedPlace(place)}`).join('');
  if (finding.replacements === undefined) return `${finding.message}${elsewhere}`;
  const replacements = finding.replacements.length === 0 ? 'no replacement named by the spec' : finding.replacements.join(', ');
  return `${finding.message} Replacement: ${replacements}.${elsewhere}`;
}

/** At or past `--fail-on`: `critical` when retired, else `major` (GitLab's default threshold); below it `minor`, `info` when scheduled. */
function severityOf(finding: Finding, context: FormatContext): GitlabSeverity {
  if (isFailing(finding, context.failOn)) return finding.phase === 'retired' ? 'critical' : 'major';
  return finding.phase === 'scheduled' ? 'info' : 'minor';
}

function fallbackFingerprint(parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32);
}
