import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRepo } from '../bench/generate.mjs';
import { ensureBuilt, makeTempDir, parseJson, runSunset, type RunResult } from './support/cli.js';

// `SUNSET_CHECK_THREADS` (packages/engine/src/check/check-files.ts): worker threads check files beside
// the main thread. The report must not depend on how many threads checked, so the same repo is checked
// with one thread and with three and the outputs compared byte for byte. That includes the findings the
// module graph makes from files far apart in the walk (so usually read by different threads): a
// constant declared in src/zz-api/legacy-paths.ts and read in 24 files src/aa-labels-NN.ts, which the
// threads check again between them (three claims of eight).

interface JsonReport {
  findings: { file: string; line: number; column: number; rule: string; related?: { file?: string; line: number; column: number; message: string }[] }[];
  errors: unknown[];
  /** URLs left out for naming another API's host (present when not zero). */
  otherHosts?: number;
  summary: { files: number; candidates: number; findings: number };
}

const importerNames = Array.from({ length: 24 }, (_unused, index) => `aa-labels-${String(index + 1).padStart(2, '0')}`);

describe('sunset check with SUNSET_CHECK_THREADS', () => {
  let repo: { dir: string; cleanup: () => Promise<void> };
  let oneThread: RunResult;
  let threeThreads: RunResult;

  beforeAll(async () => {
    await ensureBuilt();
    repo = await makeTempDir('threads');
    writeRepo(repo.dir, { files: 400, seed: 7, share: 0.2 });
    // Larger than a worker takes (256 KiB): the main thread must check it, whichever thread claimed it.
    const filler = Array.from({ length: 6000 }, (_unused, line) => `export const value${line} = ${line}; // padding to make the file large`).join('\n');
    writeFileSync(path.join(repo.dir, 'src', 'zz-large.ts'), `${filler}\nexport const list = () => fetch('/v1/campaigns');\n`);
    mkdirSync(path.join(repo.dir, 'src', 'zz-api'));
    writeFileSync(path.join(repo.dir, 'src', 'zz-api', 'legacy-paths.ts'), "export const LEGACY_LABELS = '/v1/campaigns/dictionaries/labels';\n");
    for (const name of importerNames) {
      writeFileSync(path.join(repo.dir, 'src', `${name}.ts`), "import { LEGACY_LABELS } from './zz-api/legacy-paths';\n\nexport const labels = () => fetch(LEGACY_LABELS);\n");
    }
    const check = (threads: string): Promise<RunResult> =>
      runSunset(['check', '.', '--format', 'json', '--as-of', '2026-11-21'], { cwd: repo.dir, env: { SUNSET_CHECK_THREADS: threads } });
    [oneThread, threeThreads] = [await check('1'), await check('3')];
  });

  afterAll(async () => {
    await repo.cleanup();
  });

  it('reports enough candidates for three threads to share the work', () => {
    const report = parseJson<JsonReport>(oneThread);
    expect(report.summary.files).toBe(426);
    // The generated repo is seeded: 80 files hold retired calls, 117 pass the prefilter (the others call
    // the token or stats endpoint, or another vendor's /v1/campaigns: 8 files, 16 requests not the API's),
    // and the rules find 212 problems; the large file adds one of each, the constants module one of each,
    // and its 24 importers are parsed for the finding the graph adds to each.
    expect(report.summary.candidates).toBe(143);
    expect(report.findings.length).toBe(238);
    expect(report.otherHosts).toBe(16);
    expect(report.findings.filter((finding) => finding.file === 'src/zz-large.ts').map(({ line, column, rule }) => ({ line, column, rule }))).toEqual([
      { line: 6001, column: 33, rule: 'sunset/no-legacy-rest-path' },
    ]);
    const crossFile = report.findings.filter((finding) => finding.related?.some((related) => related.file !== undefined));
    expect(crossFile.map(({ file, line, column, rule, related }) => ({ file, line, column, rule, related }))).toEqual(
      importerNames.map((name) => ({
        file: `src/${name}.ts`,
        line: 3,
        column: 35,
        rule: 'sunset/no-legacy-rest-path',
        related: [{ file: 'src/zz-api/legacy-paths.ts', line: 1, column: 30, endLine: 1, endColumn: 65, message: 'The value is declared here as LEGACY_LABELS.' }],
      })),
    );
    expect(report.errors).toEqual([]);
  });

  it('prints exactly the same report and exit code with three threads as with one', () => {
    expect(oneThread.code).toBe(1);
    expect(threeThreads.code).toBe(1);
    // The one hint of a run: the other vendors' requests it left out.
    expect(threeThreads.stderr).toBe(oneThread.stderr);
    expect(threeThreads.stderr).toMatch(/^Hint: 16 requests to a retired path name a host that is not the path's API's/);
    // The two runs differ only in when they were made (provenance.date).
    const undated = (run: RunResult): string => run.stdout.replace(/"date": "[^"]+"/, '"date": "…"');
    expect(undated(threeThreads)).toBe(undated(oneThread));
    expect(undated(oneThread)).not.toBe(oneThread.stdout);
  });

  it('refuses a thread count that is not a positive whole number and says what to set', async () => {
    const result = await runSunset(['check', '.'], { cwd: repo.dir, env: { SUNSET_CHECK_THREADS: 'two' } });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'sunset: SUNSET_CHECK_THREADS must be a positive whole number, got "two". Set it to e.g. 2, or unset it to let sunset choose.\n',
    );
  });
});
