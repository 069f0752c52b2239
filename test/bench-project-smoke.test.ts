// Keeps bench/project.mjs (issue 12's --project row) working; the bench itself is not part of the suite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, repoRootPath, runNode } from './support/cli.js';

const work = mkdtempSync(path.join(tmpdir(), 'sunset-bench-project-smoke-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
beforeAll(ensureBuilt);

describe('bench/project.mjs', () => {
  it('measures sunset check and sunset check --project on a 200-file repo with a tsconfig, finding the same', async () => {
    const result = await runNode(repoRootPath('bench/project.mjs'), ['--sizes', '200', '--work', work]);
    expect(result.code).toBe(0);
    const { rows } = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as { rows: { size: number; mode: string; findings: number; files: number; loaded?: number }[] };
    expect(rows.map(({ size, mode, files }) => ({ size, mode, files }))).toEqual([
      { size: 200, mode: 'default', files: 200 },
      { size: 200, mode: 'project', files: 200 },
    ]);
    // The generated repo's retired calls are written in each file: --project finds what the default mode finds.
    expect(rows[1]!.findings).toBe(rows[0]!.findings);
    // Loaded: the 2 files with retired calls, and of the 4 (every 50th from the 7th) calling another
    // vendor's /v1/campaigns the one where the first pass found something (token requests): the other 3
    // import no project file, no file imports them, and their retired paths all went to that vendor's host.
    expect(rows[1]!.loaded).toBe(3);
    expect(result.stdout).toContain('| 200 | `sunset check --project` |');
  });
});
