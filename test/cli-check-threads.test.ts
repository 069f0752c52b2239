import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRepo } from '../bench/generate.mjs';
import { main } from '../packages/cli/src/cli.js';
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
  }, 120_000);

  afterAll(async () => {
    await repo.cleanup();
  });

  it('reports enough candidates for three threads to share the work', () => {
    const report = parseJson<JsonReport>(oneThread);
    expect(report.summary.files).toBe(426);
    // The generated repo is seeded: 80 files hold retired calls, 115 pass the prefilter (the others call
    // the token or stats endpoint), and the rules find 215 problems; the large file adds one of each,
    // the constants module one of each, and its 24 importers are parsed for the finding the graph adds to each.
    expect(report.summary.candidates).toBe(141);
    expect(report.findings.length).toBe(241);
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
    expect(threeThreads.stderr).toBe('');
    expect(threeThreads.stdout).toBe(oneThread.stdout);
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

// From 1,500 files on, only worker threads check files (their heaps capped); the main thread hands them
// out, collects, and checks what a worker leaves (a file over 256 KiB). The report is the same with one
// worker and with two.
describe('sunset check on a run large enough for worker threads only', () => {
  let repo: { dir: string; cleanup: () => Promise<void> };
  let oneWorker: RunResult;
  let twoWorkers: RunResult;

  beforeAll(async () => {
    await ensureBuilt();
    repo = await makeTempDir('workers');
    writeRepo(repo.dir, { files: 1600, seed: 11, share: 0.02 });
    const filler = Array.from({ length: 6000 }, (_unused, line) => `export const value${line} = ${line}; // padding to make the file large`).join('\n');
    writeFileSync(path.join(repo.dir, 'src', 'zz-large.ts'), `${filler}\nexport const list = () => fetch('/v1/campaigns/dictionaries/managers');\n`);
    const check = (threads: string): Promise<RunResult> =>
      runSunset(['check', '.', '--format', 'json', '--as-of', '2026-11-21'], { cwd: repo.dir, env: { SUNSET_CHECK_THREADS: threads } });
    [oneWorker, twoWorkers] = [await check('1'), await check('2')];
  }, 120_000);

  afterAll(async () => {
    await repo.cleanup();
  });

  it('checks every file, the large one in the main thread', () => {
    const report = parseJson<JsonReport>(oneWorker);
    expect(report.summary).toMatchObject({ files: 1601, candidates: 188, findings: 236 });
    expect(report.findings.filter((finding) => finding.file === 'src/zz-large.ts').map(({ line, column, rule }) => ({ line, column, rule }))).toEqual([
      { line: 6001, column: 33, rule: 'sunset/no-legacy-rest-path' },
    ]);
    expect(report.errors).toEqual([]);
  });

  it('prints exactly the same report and exit code with two workers as with one, and as the main thread alone', async () => {
    expect(oneWorker.code).toBe(1);
    expect(twoWorkers.stderr).toBe('');
    expect(twoWorkers.stdout).toBe(oneWorker.stdout);
    // From the TypeScript sources there is no compiled worker: the same check runs in this thread only.
    const out: string[] = [];
    const io = { stdout: { write: (text: string) => out.push(text) }, stderr: { write: () => undefined }, cwd: repo.dir, env: {}, isTTY: false };
    expect(await main(['check', '.', '--format', 'json', '--as-of', '2026-11-21'], io)).toBe(1);
    expect(out.join('')).toBe(oneWorker.stdout);
  });
});
