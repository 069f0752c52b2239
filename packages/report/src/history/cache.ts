import { createHash } from 'node:crypto';
import { makeFolder } from '@sunset/engine';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { HistoryPoint } from '../inventory/types.js';

/** The counts of one commit, as cached: a point without its sample day. */
export type CommitCounts = Omit<HistoryPoint, 'day'>;

/**
 * `.sunset-cache/report/<key>.json`, one file per commit. The key hashes the commit with everything
 * that changes its counts (rule-data and report versions, the options, the paths), so a stale
 * entry is never read; the folder holds a `.gitignore` of `*`, so git never shows it.
 */
export class HistoryCache {
  readonly #dir: string;
  readonly #salt: string;

  constructor(cacheDir: string, salt: unknown) {
    this.#dir = path.join(cacheDir, 'report');
    this.#salt = JSON.stringify(salt);
  }

  keyOf(commit: string): string {
    return createHash('sha256').update(`${commit}\0${this.#salt}`).digest('hex').slice(0, 40);
  }

  async read(commit: string): Promise<CommitCounts | undefined> {
    try {
      const value = JSON.parse(await readFile(path.join(this.#dir, `${this.keyOf(commit)}.json`), 'utf8')) as CommitCounts;
      return value.commit === commit ? value : undefined;
    } catch {
      return undefined;
    }
  }

  async write(counts: CommitCounts): Promise<void> {
    await makeFolder(this.#dir);
    const marker = path.join(path.dirname(this.#dir), '.gitignore');
    await writeFile(marker, '# sunset report: cached counts per commit; safe to delete\n*\n', { flag: 'wx' }).catch(() => undefined);
    await writeFile(path.join(this.#dir, `${this.keyOf(counts.commit)}.json`), `${JSON.stringify(counts)}\n`);
  }
}
