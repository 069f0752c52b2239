import { builtinApiId, type RetirementEntry } from '@sunset/rule-data';
import { compareText } from '../text.js';
import { familyLabels, type EntryRow, type ReportFamily } from './types.js';

/**
 * The report's family of an entry: rule-data's family, with the Label service's operations apart, and
 * every entry of another API (a vendor's imported deprecations) under `other`, never the platform's.
 */
export function reportFamilyOf(entry: RetirementEntry): ReportFamily {
  if (entry.api !== builtinApiId) return 'other';
  if (entry.family === 'soap' && entry.service === 'Label service') return 'label';
  return entry.family;
}

/** A family's label in the tables; `Other APIs` names the APIs of its entries (`Other APIs: Billing API, Items API`). */
export function familyLabelOf(family: ReportFamily, byEntry: readonly EntryRow[]): string {
  if (family !== 'other') return familyLabels[family];
  const names = [...new Set(byEntry.flatMap((row) => (row.api === undefined ? [] : [row.api])))].sort(compareText);
  return names.length === 0 ? familyLabels.other : `${familyLabels.other}: ${names.join(', ')}`;
}
