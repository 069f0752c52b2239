import type { IsoDay } from '@sunset/rule-data';
import type { HistoryStep } from '../inventory/types.js';

/** `since`, then every step after it up to `today`, and `today` itself (UTC days). */
export function sampleDays(since: IsoDay, today: IsoDay, every: HistoryStep): IsoDay[] {
  const days: IsoDay[] = [];
  const start = new Date(`${since}T00:00:00Z`);
  for (let index = 0; ; index++) {
    const day = stepFrom(start, every, index).toISOString().slice(0, 10);
    if (day > today) break;
    days.push(day);
  }
  if (days.at(-1) !== today) days.push(today);
  return days;
}

function stepFrom(start: Date, every: HistoryStep, count: number): Date {
  const date = new Date(start);
  if (every === 'day') date.setUTCDate(date.getUTCDate() + count);
  else if (every === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else {
    // The same day of the month, or the month's last day when it has fewer (Jan 31 → Feb 28).
    const day = start.getUTCDate();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + count);
    const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    date.setUTCDate(Math.min(day, last));
  }
  return date;
}

export interface DatedCommit {
  readonly commit: string;
  /** Committer date, seconds since the epoch. */
  readonly time: number;
  readonly committed: string;
}

/** For each day, the newest commit (first-parent history, newest first) committed by the end of that day; days before the first commit are dropped. */
export function commitsForDays(days: readonly IsoDay[], history: readonly DatedCommit[]): { day: IsoDay; commit: DatedCommit }[] {
  const sampled: { day: IsoDay; commit: DatedCommit }[] = [];
  for (const day of days) {
    const endOfDay = Date.parse(`${day}T23:59:59Z`) / 1000;
    const commit = history.find((candidate) => candidate.time <= endOfDay);
    if (commit !== undefined) sampled.push({ day, commit });
  }
  return sampled;
}
