import type { IsoDay } from '@sunset/rule-data';
import { reportFamilies, type History, type HistoryPoint, type HistoryStep, type ReportFamily } from '../inventory/types.js';
import type { HistoryCache, CommitCounts } from './cache.js';
import { git } from './git.js';
import { commitsForDays, sampleDays, type DatedCommit } from './sample-days.js';
import type { CommitScanner } from './scan-commit.js';

export interface BurndownRequest {
  readonly root: string;
  readonly since: IsoDay;
  readonly every: HistoryStep;
  readonly today: IsoDay;
  readonly scanner: CommitScanner;
  readonly cache: HistoryCache;
}

/** The commits of HEAD's first-parent history, newest first, with their committer dates. */
export async function firstParentHistory(root: string, until = 'HEAD'): Promise<DatedCommit[]> {
  const out = await git(['log', '--first-parent', '--format=%H %ct %cI', until], root);
  return out
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [commit, time, committed] = line.split(' ');
      return { commit: commit!, time: Number(time), committed: committed! };
    });
}

/**
 * Samples HEAD's history at `since`, every step after it and today, and counts the retired calls of
 * each sampled commit (from the cache when it has them).
 */
export async function burndown(request: BurndownRequest): Promise<History> {
  const history = await firstParentHistory(request.root);
  const samples = commitsForDays(sampleDays(request.since, request.today, request.every), history);
  const counted = new Map<string, CommitCounts>();
  let cached = 0;
  for (const { commit } of samples) {
    if (counted.has(commit.commit)) continue;
    let counts = await request.cache.read(commit.commit);
    if (counts === undefined) {
      counts = await countCommit(request.scanner, commit);
      await request.cache.write(counts);
    } else {
      cached += 1;
    }
    counted.set(commit.commit, counts);
  }
  const points = samples.map(({ day, commit }): HistoryPoint => ({ day, ...counted.get(commit.commit)! }));
  // A shallow clone's history stops at its oldest commit: with no commit of `since` or before, the
  // burndown would start later than asked and look like the whole story.
  const oldest = history.at(-1);
  const cutShort = oldest !== undefined && samples[0]?.day !== request.since && (await isShallow(request.root));
  return { since: request.since, every: request.every, points, cached, ...(cutShort ? { shallowClone: { oldestCommit: oldest.commit, oldestCommitted: oldest.committed } } : {}) };
}

async function isShallow(root: string): Promise<boolean> {
  return (await git(['rev-parse', '--is-shallow-repository'], root)).trim() === 'true';
}

async function countCommit(scanner: CommitScanner, commit: DatedCommit): Promise<CommitCounts> {
  const sites = await scanner.scan(commit.commit);
  const byFamily = Object.fromEntries(reportFamilies.map((family) => [family, 0])) as Record<ReportFamily, number>;
  for (const site of sites) byFamily[site.family] += 1;
  return {
    commit: commit.commit,
    committed: commit.committed,
    total: sites.length,
    rewrite: sites.filter((site) => site.fix === 'rewrite').length,
    todo: sites.filter((site) => site.fix === 'todo').length,
    byFamily,
  };
}
