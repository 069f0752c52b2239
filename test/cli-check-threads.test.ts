import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
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
    // and the rules find 199 problems (a request to the retired synchronous report endpoint is no-sync-reporting's
    // alone); the large file adds one of each, the constants module one candidate,
    // and its 24 importers are parsed for the finding the graph adds to each (the constant's own finding
    // goes: it is reported at those 24 requests only).
    expect(report.summary.candidates).toBe(143);
    expect(report.findings.length).toBe(224);
    expect(report.findings.filter((finding) => finding.file === 'src/zz-api/legacy-paths.ts')).toEqual([]);
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
    expect(threeThreads.stderr).toMatch(/^Hint: 16 requests to a retired path or operation name a host that is not their API's/);
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

// From 1,500 files on, only worker threads check files (their heaps capped); the main thread hands them
// out, collects, and checks what a worker leaves (a file over 256 KiB). The report is the same with one
// worker and with two, and as the main thread alone: also for what crosses from a worker besides findings
// (UTF-16 files decoded in a reused read buffer, a file that is not text, the requests left unreported for
// their method or their host) and what the walk lists (symbolic links, a package.json that does not parse).
describe('sunset check on a run large enough for worker threads only', () => {
  let repo: { dir: string; cleanup: () => Promise<void> };
  let outside: { dir: string; cleanup: () => Promise<void> };
  let oneWorker: RunResult;
  let twoWorkers: RunResult;

  beforeAll(async () => {
    await ensureBuilt();
    repo = await makeTempDir('workers');
    outside = await makeTempDir('workers-outside');
    writeRepo(repo.dir, { files: 1600, seed: 11, share: 0.02 });
    const filler = Array.from({ length: 6000 }, (_unused, line) => `export const value${line} = ${line}; // padding to make the file large`).join('\n');
    writeFileSync(path.join(repo.dir, 'src', 'zz-large.ts'), `${filler}\nexport const list = () => fetch('/v1/campaigns/dictionaries/managers');\n`);
    const utf16 = "\uFEFF// caf\u00e9\nexport const clients = () => fetch('/v1/campaigns/dictionaries/clients');\n";
    writeFileSync(path.join(repo.dir, 'src', 'zz-utf16le.ts'), Buffer.from(utf16, 'utf16le'));
    writeFileSync(path.join(repo.dir, 'src', 'zz-utf16be.ts'), Buffer.from(utf16, 'utf16le').swap16());
    writeFileSync(path.join(repo.dir, 'src', 'zz-latin1.ts'), Buffer.from("// caf\u00e9\nfetch('/v1/campaigns');\n", 'latin1'));
    writeFileSync(path.join(outside.dir, 'shared.ts'), "fetch('/v1/campaigns');\n");
    symlinkSync(path.join(outside.dir, 'shared.ts'), path.join(repo.dir, 'src', 'zz-out-link.ts'));
    symlinkSync(path.join(repo.dir, 'src', 'zz-utf16le.ts'), path.join(repo.dir, 'src', 'zz-in-link.ts'));
    mkdirSync(path.join(repo.dir, 'src', 'zz-pkg'));
    writeFileSync(path.join(repo.dir, 'src', 'zz-pkg', 'package.json'), '{ "name": ');
    // A music API of the config's: a path whose method is not said, and a URL on another host.
    const music = { apis: { music: { hosts: ['api.music.example'], basePaths: ['/v1'] } }, customEntries: [{ id: 'music-save-tracks', retired: 'PUT /me/tracks', api: 'music', liveMethods: ['GET'], gaEnds: '2024-01-01', supportEnds: '2024-06-01' }] };
    writeFileSync(path.join(repo.dir, 'sunset.config.json'), JSON.stringify(music));
    writeFileSync(
      path.join(repo.dir, 'src', 'zz-music.ts'),
      [
        "export const SAVED_TRACKS = '/me/tracks';",
        "export const save = (ids: string) => fetch(`https://api.music.example/v1/me/tracks?ids=${ids}`, { method: 'PUT' });",
        "export const mirror = (ids: string) => fetch(`https://music.other.example/v1/me/tracks?ids=${ids}`, { method: 'PUT' });",
        '',
      ].join('\n'),
    );
    const check = (threads: string): Promise<RunResult> =>
      runSunset(['check', '.', '--format', 'json', '--as-of', '2026-11-21'], { cwd: repo.dir, env: { SUNSET_CHECK_THREADS: threads } });
    [oneWorker, twoWorkers] = [await check('1'), await check('2')];
  });

  afterAll(async () => {
    await repo.cleanup();
    await outside.cleanup();
  });

  it('checks every file, the large one in the main thread', () => {
    const report = parseJson<JsonReport & { errors: { file: string; message: string }[]; notScanned: { file: string; reason: string }[]; unresolvedMethod: { file: string; line: number; column: number }[] }>(oneWorker);
    // The generated files, the large one, two UTF-16 ones, one that is not text and the music file; the link
    // into src is its target's path, listed once.
    expect(report.summary).toMatchObject({ files: 1605, candidates: 218, findings: 232, errors: 1 });
    const ours = report.findings.filter((finding) => finding.file.startsWith('src/zz-')).map(({ file, line, column, rule }) => `${file}:${line}:${column} ${rule}`);
    expect(ours).toEqual([
      'src/zz-large.ts:6001:33 sunset/no-legacy-rest-path',
      'src/zz-music.ts:2:44 sunset/no-legacy-rest-path',
      'src/zz-utf16be.ts:2:36 sunset/no-legacy-rest-path',
      'src/zz-utf16le.ts:2:36 sunset/no-legacy-rest-path',
    ]);
    expect(report.errors).toEqual([
      {
        file: 'src/zz-latin1.ts',
        message: 'Cannot read the file as text: it is not valid UTF-8, nor UTF-16 with a byte-order mark. Save it as UTF-8 (or UTF-16 with a byte-order mark), or add it to ignores.',
      },
    ]);
    expect(report.notScanned.map(({ file, reason }) => `${file} ${reason}`)).toEqual(['src/zz-out-link.ts symbolic-link', 'src/zz-pkg/package.json invalid-package-json']);
    expect(report.unresolvedMethod.map(({ file, line, column }) => `${file}:${line}:${column}`)).toEqual(['src/zz-music.ts:1:29']);
    // One in fifty generated files calls another vendor (64 requests), and the music file's mirror.
    expect(report.otherHosts).toBe(65);
    expect(oneWorker.stderr).toMatch(/^Hint: 65 requests to a retired path or operation name a host that is not their API's/);
  });

  it('prints exactly the same report and exit code with two workers as with one, and as the main thread alone', async () => {
    expect(oneWorker.code).toBe(1);
    // The one hint of a run (other vendors' requests left out) and the report, but for when it was made.
    expect(twoWorkers.stderr).toBe(oneWorker.stderr);
    const undated = (text: string): string => text.replace(/"date": "[^"]+"/, '"date": "…"');
    expect(undated(twoWorkers.stdout)).toBe(undated(oneWorker.stdout));
    // From the TypeScript sources there is no compiled worker: the same check runs in this thread only.
    const out: string[] = [];
    const io = { stdout: { write: (text: string) => out.push(text) }, stderr: { write: () => undefined }, cwd: repo.dir, env: {}, isTTY: false };
    expect(await main(['check', '.', '--format', 'json', '--as-of', '2026-11-21'], io)).toBe(1);
    expect(undated(out.join(''))).toBe(undated(oneWorker.stdout));
  });
});

// A file of 2 MiB or more named on the command line is checked in pieces in a worker of its own (heap
// capped), whatever the run's size; what it offers other files (an exported constant) crosses back with
// its findings, renumbered as the run's file, and the report is the one the main thread alone gives.
describe('sunset check of a very large file, in a worker of its own', () => {
  let repo: { dir: string; cleanup: () => Promise<void> };
  let built: RunResult;

  beforeAll(async () => {
    await ensureBuilt();
    repo = await makeTempDir('large-file');
    const filler = (index: number): string => `export async function load${index}(id: string): Promise<unknown> {\n  return fetch(\`/v1/buyer/campaigns/\${id}\`);\n}\n`;
    const parts = ["export const first = () => fetch('/v1/campaigns');\n"];
    for (let index = 0; index < 24_000; index++) parts.push(index === 12_000 ? "export const LEGACY_LABELS = '/v1/campaigns/dictionaries/labels';\n" : filler(index));
    mkdirSync(path.join(repo.dir, 'generated'));
    mkdirSync(path.join(repo.dir, 'app'));
    writeFileSync(path.join(repo.dir, 'generated', 'api.ts'), parts.join(''));
    writeFileSync(path.join(repo.dir, 'app', 'labels.ts'), "import { LEGACY_LABELS } from '../generated/api';\n\nexport const labels = () => fetch(LEGACY_LABELS);\n");
    built = await runSunset(['check', 'generated/api.ts', 'app', '--format', 'json', '--as-of', '2026-11-21'], { cwd: repo.dir });
  });

  afterAll(async () => {
    await repo.cleanup();
  });

  it('reports its findings and the constant another file reads from it, as the main thread alone does', async () => {
    expect(built.code).toBe(1);
    const report = parseJson<JsonReport>(built);
    // The large file is the run's second (after app/labels.ts), and the worker's first: renumbered on the way back;
    // the constant app/labels.ts reads is reported at that request only.
    expect(report.findings.map(({ file, line, column, related }) => `${file}:${line}:${column}${(related ?? []).map((place) => ` <- ${place.file ?? ''}:${place.line}`).join('')}`)).toEqual([
      'app/labels.ts:3:35 <- generated/api.ts:36002',
      'generated/api.ts:1:34',
    ]);
    const out: string[] = [];
    const io = { stdout: { write: (text: string) => out.push(text) }, stderr: { write: () => undefined }, cwd: repo.dir, env: {}, isTTY: false };
    expect(await main(['check', 'generated/api.ts', 'app', '--format', 'json', '--as-of', '2026-11-21'], io)).toBe(1);
    const undated = (text: string): string => text.replace(/"date": "[^"]+"/, '"date": "…"');
    expect(undated(built.stdout)).toBe(undated(out.join('')));
  });
});
