import { daysBetween, type Catalog, type IsoDay } from '@sunset/rule-data';
import type { LocatedFinding } from '@sunset/engine';

export interface ReportableOptions {
  readonly asOf: IsoDay;
  readonly reportScheduled: boolean;
  readonly scheduledWithinDays: number | undefined;
  readonly catalog: Catalog;
}

/**
 * The report counts retirement findings only, and the same ones `sunset check` reports: `scheduled`
 * ones only with `reportScheduled`, within `scheduledWithinDays` of their GA end.
 */
export function isReportedRetirement(finding: LocatedFinding, options: ReportableOptions): boolean {
  const retirement = finding.retirement;
  if (retirement === undefined) return false;
  if (retirement.phase !== 'scheduled') return true;
  if (!options.reportScheduled) return false;
  if (options.scheduledWithinDays === undefined) return true;
  return daysBetween(options.asOf, retirement.entry.schedule.gaEnds) <= options.scheduledWithinDays;
}
