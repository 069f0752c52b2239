import type { Phase } from '@sunset/rule-data';
import type { FailOn } from '../args.js';
import type { Finding } from './types.js';

const phaseRank: Readonly<Record<Phase, number>> = { scheduled: 0, deprecated: 1, retired: 2 };

/**
 * Whether a finding fails the run. A rule set to "warn" (in `rules`, or by an inline
 * `/* eslint sunset/<rule>: warn *\/` comment) lists its findings as warnings and fails nothing, as in
 * ESLint; at "error", a retirement finding fails by its phase against `--fail-on` (`scheduled` never
 * fails), any other finding (e.g. a left-over TODO marker) always.
 */
export function isFailing(finding: Finding, failOn: FailOn): boolean {
  if (finding.severity !== 'error') return false;
  if (finding.phase === undefined) return true;
  return phaseRank[finding.phase] >= phaseRank[failOn];
}

/**
 * How many findings fail the run, as the summary says it: `3 at or past deprecated` while only
 * retirement findings fail; with findings that have no phase (OAuth, secrets, report limits, TODO
 * markers), which fail by their rule's severity and not by `--fail-on`, `3 at or past deprecated, 6
 * failing by rule severity`, so the count never claims a phase they do not have. Retirement findings
 * at or past `--fail-on` of a rule set to "warn" fail nothing and are said apart:
 * `0 at or past deprecated, 2 more at a rule set to "warn"`.
 */
export function failingSentence(findings: readonly Finding[], failOn: FailOn): string {
  let byPhase = 0;
  let bySeverity = 0;
  let warned = 0;
  for (const finding of findings) {
    if (finding.severity !== 'error') {
      if (finding.phase !== undefined && phaseRank[finding.phase] >= phaseRank[failOn]) warned += 1;
      continue;
    }
    if (!isFailing(finding, failOn)) continue;
    if (finding.phase === undefined) bySeverity += 1;
    else byPhase += 1;
  }
  const atOrPast = `${byPhase} at or past ${failOn}${warned === 0 ? '' : `, ${warned} more at a rule set to "warn"`}`;
  return bySeverity === 0 ? atOrPast : `${atOrPast}, ${bySeverity} failing by rule severity`;
}
