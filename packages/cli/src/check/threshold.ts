import { daysBetween, type Catalog, type Phase } from '@sunset/rule-data';
import type { FailOn } from '../args.js';
import type { Finding } from './types.js';

const phaseRank: Readonly<Record<Phase, number>> = { scheduled: 0, deprecated: 1, retired: 2 };

/**
 * Whether a finding fails the run: a retirement finding by its phase against `--fail-on`
 * (`scheduled` never fails), any other finding (e.g. a left-over TODO marker) by its severity.
 */
export function isFailing(finding: Finding, failOn: FailOn): boolean {
  if (finding.phase === undefined) return finding.severity === 'error';
  return phaseRank[finding.phase] >= phaseRank[failOn];
}

/**
 * Whether a finding is reported at all: `scheduled` findings only with `reportScheduled`, and with
 * `scheduledWithinDays` only when the entry's GA end is at most that many days after `asOf`.
 * (Applied after linting, so the gate behaves the same whatever the rule options were.)
 */
export function isReportable(
  finding: Finding,
  options: { readonly asOf: string; readonly reportScheduled: boolean; readonly scheduledWithinDays: number | undefined; readonly catalog: Catalog },
): boolean {
  if (finding.phase !== 'scheduled') return true;
  if (!options.reportScheduled) return false;
  if (options.scheduledWithinDays === undefined || finding.entry === undefined) return true;
  const entry = options.catalog.byId(finding.entry);
  return entry === undefined || daysBetween(options.asOf, entry.schedule.gaEnds) <= options.scheduledWithinDays;
}
