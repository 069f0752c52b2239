import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRepo } from '../bench/generate.mjs';
import { ensureBuilt, makeTempDir, parseJson, runSunset, type RunResult } from './support/cli.js';

// `SUNSET_CHECK_THREADS` (packages/cli/src/check/lint-files.ts): worker threads lint beside the main
// thread. The report must not depend on how many threads linted, so the same repo is checked with
// one thread and with three and the outputs compared byte for byte.

interface JsonReport {
  findings: { file: string; line: number; column: number; rule: string }[];
  errors: unknown[];
  summary: { files: number; candidates: number; findings: number };
}

describe('sunset check with SUNSET_CHECK_THREADS', () => {
  let repo: { dir: string; cleanup: () => Promise<void> };
  let oneThread: RunResult;
  let threeThreads: RunResult;

  beforeAll(async () => {
    await ensureBuilt();
    repo = await makeTempDir('threads');
    writeRepo(repo.dir, { files: 400, seed: 7, share: 0.2 });
    const check = (threads: string): Promise<RunResult> =>
      runSunset(['check', '.', '--format', 'json', '--as-of', '2026-11-21'], { cwd: repo.dir, env: { SUNSET_CHECK_THREADS: threads } });
    [oneThread, threeThreads] = [await check('1'), await check('3')];
  }, 120_000);

  afterAll(async () => {
    await repo.cleanup();
  });

  it('reports enough candidates for three threads to share the work', () => {
    const report = parseJson<JsonReport>(oneThread);
    expect(report.summary.files).toBe(400);
    expect(report.summary.candidates).toBeGreaterThan(80);
    expect(report.findings.length).toBeGreaterThan(80);
    expect(report.errors).toEqual([]);
  });

  it('prints exactly the same report and exit code with three threads as with one', () => {
    expect(oneThread.code).toBe(1);
    expect(threeThreads.code).toBe(1);
    expect(threeThreads.stderr).toBe('');
    expect(threeThreads.stdout).toBe(oneThread.stdout);
  });

  it('refuses a thread count that is not a positive whole number and says what to set', async () => {
    const result = await runSunset(['check', '.'], { cwd: repo.dir, env: { SUNSET_CHECK_THREADS: 'two' } });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'sunset: SUNSET_CHECK_THREADS must be a positive whole number, got "two". Set it to e.g. 2, or unset it to lint in one thread.\n',
    );
  });
});
