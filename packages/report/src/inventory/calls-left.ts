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

/** How `callsPhrase` words what it counts; every part is optional. */
export interface CallsWording {
  /** Put this number first, and say `call` for one (`1 retired call`, `3 calls to replace`). */
  readonly count?: number;
  /** Say what is left, where the word reads (`retired calls left`, `calls left to replace`). */
  readonly left?: boolean;
  /** Say `API calls` (a heading's `retired API calls`). */
  readonly api?: boolean;
}

/**
 * The one wording of what the report counts, by whether every call counted is retired: `retired calls`,
 * else `calls to replace` (some are only deprecated or scheduled). Headings, labels, charts and lists
 * all name their count through it, so they never disagree.
 */
export function callsPhrase(retired: boolean, wording: CallsWording = {}): string {
  const noun = `${wording.api === true ? 'API ' : ''}${wording.count === 1 ? 'call' : 'calls'}`;
  const left = wording.left === true ? ' left' : '';
  const phrase = retired ? `retired ${noun}${left}` : `${noun}${left} to replace`;
  return wording.count === undefined ? phrase : `${wording.count} ${phrase}`;
}

/** Whether every one of these sites is of an entry whose support has ended (a list's own rule, as `allRetired` is the page's). */
export function allSitesRetired(sites: readonly { readonly phase: string }[]): boolean {
  return sites.every((site) => site.phase === 'retired');
}

/** `13 retired calls left`, or `13 calls left to replace (10 retired, 3 deprecated)`. */
export function callsLeft(totals: Totals): string {
  const retired = allRetired(totals);
  const phrase = callsPhrase(retired, { count: totals.total, left: true });
  return retired ? phrase : `${phrase} (${phaseBreakdown(totals)})`;
}
