import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRepo } from '../bench/generate.mjs';
import { ensureBuilt, makeTempDir, parseJson, runCommand, runSunset, sunsetBin, type RunResult } from './support/cli.js';

// From 1,500 files `sunset fix` reads and prefilters in the main thread while a worker fixes the
// candidates (packages/engine/src/fix/fix-workers.ts); `--concurrency 1` keeps it in one thread. What a
// fix plans and writes must not depend on it: the same repo is fixed both ways and compared byte for
// byte, including what crosses back from the worker besides rewrites (TODOs, a file that does not parse,
// UTF-16 text) and what stays in the main thread (a file over the worker's 256 KiB, the module graph's
// second pass over a constant read by other files).

interface FixJson {
  readonly sites: readonly { readonly file: string; readonly line: number; readonly column: number; readonly action: string }[];
  readonly changedFiles: readonly string[];
  readonly errors: readonly { readonly file: string; readonly line?: number; readonly message: string }[];
  readonly summary: { readonly files: number; readonly candidates: number; readonly changed: number; readonly rewritten: number; readonly todo: number };
}

const importers = ['aa-labels-1', 'aa-labels-2', 'aa-labels-3'];

describe('sunset fix on a run large enough for a fixing worker', () => {
  let repo: { dir: string; cleanup: () => Promise<void> };
  let copies: { dir: string; cleanup: () => Promise<void> };
  const runs: Record<'one' | 'auto', { json: RunResult; print: RunResult; written: RunResult; tree: Record<string, string> }> = {} as never;

  beforeAll(async () => {
    await ensureBuilt();
    repo = await makeTempDir('fix-workers');
    copies = await makeTempDir('fix-workers-copies');
    writeRepo(repo.dir, { files: 1600, seed: 11, share: 0.03 });
    const src = path.join(repo.dir, 'src');
    const filler = Array.from({ length: 6000 }, (_unused, line) => `export const value${line} = ${line}; // padding to make the file large`).join('\n');
    writeFileSync(path.join(src, 'zz-large.ts'), `${filler}\nexport const list = () => fetch('/v1/campaigns/dictionaries/managers');\n`);
    writeFileSync(path.join(src, 'zz-utf16le.ts'), Buffer.from("\uFEFF// caf\u00e9\nexport const managers = () => fetch('/v1/campaigns/dictionaries/managers');\n", 'utf16le'));
    writeFileSync(path.join(src, 'zz-broken.ts'), "export const list = () => fetch('/v1/campaigns/dictionaries/managers';\n");
    mkdirSync(path.join(src, 'zz-api'));
    writeFileSync(path.join(src, 'zz-api', 'legacy-paths.ts'), "export const LEGACY_LABELS = '/v1/campaigns/dictionaries/labels';\n");
    for (const name of importers) writeFileSync(path.join(src, `${name}.ts`), "import { LEGACY_LABELS } from './zz-api/legacy-paths';\n\nexport const labels = () => fetch(LEGACY_LABELS);\n");
    for (const [mode, threads] of [
      ['one', '1'],
      ['auto', 'auto'],
    ] as const) {
      const args = ['--as-of', '2026-11-21', '--concurrency', threads];
      const json = await runSunset(['fix', '.', '--dry', '--format', 'json', ...args], { cwd: repo.dir });
      const print = await runSunset(['fix', '.', '--dry', '--print', ...args], { cwd: repo.dir });
      const copy = path.join(copies.dir, mode);
      cpSync(repo.dir, copy, { recursive: true });
      const written = await runSunset(['fix', '.', '--force', ...args], { cwd: copy });
      const tree = Object.fromEntries(fg.sync('src/**/*', { cwd: copy }).sort().map((file) => [file, readFileSync(path.join(copy, file), 'base64')]));
      runs[mode] = { json, print, written, tree };
    }
  }, 240_000);

  afterAll(async () => {
    await repo.cleanup();
    await copies.cleanup();
  });

  it('plans the retired calls of the generated files, the large file, the UTF-16 file and the importers, and reports the file that does not parse', () => {
    const report = parseJson<FixJson>(runs.auto.json);
    // Exit 1: a file could not be fixed (it does not parse).
    expect(runs.auto.json.code).toBe(1);
    expect(report.summary.files).toBe(1607);
    expect(report.summary.changed).toBeGreaterThan(40);
    expect(report.summary.rewritten).toBeGreaterThan(0);
    expect(report.summary.todo).toBeGreaterThan(0);
    const at = (file: string): string[] => report.sites.filter((site) => site.file === file).map((site) => `${site.line}:${site.column} ${site.action}`);
    expect(at('src/zz-large.ts')).toEqual(['6001:33 rewritten']);
    expect(at('src/zz-utf16le.ts')).toEqual(['2:37 rewritten']);
    expect(importers.map((name) => at(`src/${name}.ts`))).toEqual(importers.map(() => ['3:35 todo']));
    expect(report.errors.map((error) => [error.file, error.line, error.message])).toEqual([['src/zz-broken.ts', 1, 'Could not parse: Expected `,` or `)` but found `;`']]);
  });

  // Each thread writes a CPU profile: the worker is there by default and not with --concurrency 1.
  it('fixes in a worker beside the main thread by default, in the main thread alone with --concurrency 1', async () => {
    const threads = async (concurrency: string): Promise<number> => {
      const profiles = path.join(copies.dir, `profiles-${concurrency}`);
      const run = await runCommand(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profiles}`, sunsetBin, 'fix', '.', '--dry', '--concurrency', concurrency], { cwd: repo.dir });
      expect(run.code).toBe(1);
      return readdirSync(profiles).filter((name) => name.endsWith('.cpuprofile')).length;
    };
    expect([await threads('auto'), await threads('1')]).toEqual([2, 1]);
  });

  it('plans, prints and writes exactly the same with a fixing worker as in one thread', () => {
    expect(runs.auto.json.stdout).toBe(runs.one.json.stdout);
    expect(runs.auto.print.stdout).toBe(runs.one.print.stdout);
    // The UTF-16 file's change is git's binary patch (what crossed back from the worker is its text and encoding).
    expect(runs.auto.print.stdout).toContain('diff --git a/src/zz-utf16le.ts b/src/zz-utf16le.ts\nindex ');
    expect(runs.auto.print.stderr).toContain(
      'src/zz-utf16le.ts is UTF-16, which git diffs as binary: its change is printed as a git binary patch, which git apply applies as it applies the rest.\n',
    );
    expect([runs.auto.written.code, runs.one.written.code]).toEqual([1, 1]);
    expect(runs.auto.tree).toEqual(runs.one.tree);
    // The UTF-16 file is written back in UTF-16 (with its BOM), rewritten.
    expect(Buffer.from(runs.auto.tree['src/zz-utf16le.ts']!, 'base64').toString('utf16le')).toContain('/v1/buyer/classifiers/managers');
  });

  it('changes nothing on a second run', async () => {
    const second = await runSunset(['fix', '.', '--force', '--format', 'json', '--as-of', '2026-11-21'], { cwd: path.join(copies.dir, 'auto') });
    expect(parseJson<FixJson>(second).summary.changed).toBe(0);
  });

  it('refuses a --concurrency that is not a positive whole number or auto, naming the option', async () => {
    const result = await runSunset(['fix', '.', '--dry', '--concurrency', 'two'], { cwd: repo.dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('sunset: Invalid value for --concurrency: "two". Allowed: a positive whole number (e.g. 4) or auto.\n');
  });
});
