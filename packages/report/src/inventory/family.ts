import type { RetirementEntry } from '@sunset/rule-data';
import type { ReportFamily } from './types.js';

/** The report's family of an entry: rule-data's family, with the Label service's operations apart. */
export function reportFamilyOf(entry: RetirementEntry): ReportFamily {
  if (entry.family === 'soap' && entry.service === 'Label service') return 'label';
  return entry.family;
}
