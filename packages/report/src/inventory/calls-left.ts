import { plural } from '../text.js';
import type { Totals } from './types.js';

// The page counts every call of an entry, retired or not: an imported vendor's deprecation without a
// sunset date, or a platform entry before its support ends, is counted but never called retired.

/** Whether every call counted is of an entry whose support has ended. */
export function allRetired(totals: Totals): boolean {
  return totals.byPhase.deprecated === 0 && totals.byPhase.scheduled === 0;
}

/** `10 retired, 3 deprecated`: the phases with calls, retired first. */
export function phaseBreakdown(totals: Totals): string {
  const counts = [
    [totals.byPhase.retired, 'retired'],
    [totals.byPhase.deprecated, 'deprecated'],
    [totals.byPhase.scheduled, 'scheduled'],
  ] as const;
  return counts
    .filter(([count]) => count > 0)
    .map(([count, phase]) => `${count} ${phase}`)
    .join(', ');
}

/** `retired calls` when every call counted is retired, else `calls to replace`: how charts and lists name what they count. */
export function callsKind(retired: boolean): string {
  return retired ? 'retired calls' : 'calls to replace';
}

/** `retired calls left`, or `calls left to replace` when some are not retired. */
export function callsLeftKind(retired: boolean): string {
  return retired ? 'retired calls left' : 'calls left to replace';
}

/** Whether every one of these sites is of an entry whose support has ended (a list's own rule, as `allRetired` is the page's). */
export function allSitesRetired(sites: readonly { readonly phase: string }[]): boolean {
  return sites.every((site) => site.phase === 'retired');
}

/** `13 retired calls`, or `13 calls to replace` when some are not retired. */
export function callsNoun(totals: Totals): string {
  return plural(totals.total, allRetired(totals) ? 'retired call' : 'call').concat(allRetired(totals) ? '' : ' to replace');
}

/** `13 retired calls left`, or `13 calls left to replace (10 retired, 3 deprecated)`. */
export function callsLeft(totals: Totals): string {
  return allRetired(totals) ? `${callsNoun(totals)} left` : `${plural(totals.total, 'call')} left to replace (${phaseBreakdown(totals)})`;
}
