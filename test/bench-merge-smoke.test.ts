// Keeps bench/merge.mjs (issue 25's merge bench) working; the bench itself is not part of the suite.
import { describe, expect, it, beforeAll } from 'vitest';
import { ensureBuilt, repoRootPath, runNode } from './support/cli.js';

beforeAll(ensureBuilt);

describe('bench/merge.mjs', () => {
  it('merges 20 generated results (one with 50 findings) into every format and says whether the target is met', async () => {
    const result = await runNode(repoRootPath('bench/merge.mjs'), ['--results', '20', '--large', '1', '--large-findings', '50', '--runs', '1']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    // Results 1..19 hold 1 + (index % 5) findings; result 0 holds 50.
    expect(lines[0]).toBe(`20 results (1 with 50 findings), 109 findings in all; 1 runs each, node ${process.version}`);
    expect(lines.slice(1).map((line) => /^--format (\w+): median [\d.]+ s, peak RSS \d+ MB, output [\d.]+ MB; target < 10 s and < 500 MB: met$/.exec(line)?.[1])).toEqual(['html', 'json', 'md']);
  });
});
