// The walk's cost with many .gitignore files (2026-11-27): a monorepo of --packages packages, each with
// --files small files in src/sub/ and its own .gitignore (`lib/`, `*.log`, `coverage/`), checked with
// `--stats`; prints `stats.timings.walk` and the whole run next to `git ls-files -o --exclude-standard`
// (git listing the same tree with the same .gitignore files), measured in the same run, and
// `stats.foldersListed` (2026-11-28: the folders the whole check listed, config search and walk together). Before the fix
// each file was tested against every .gitignore of the tree: 600 × 20 took 21 s to list.
//
// `--shape ignored` (2026-11-28) makes instead a tree of --total source files (default 10,000), 20 to a
// folder, of which --ignored-share (default 0.6) lie in folders the root .gitignore excludes: `dist/`,
// `coverage/` and `vendor/` (a half, a sixth and a third of them), the rest in `src/`. Before the fix
// the walk listed those folders and dropped their files afterwards.
//
//   pnpm run build && node bench/gitignore-walk.mjs [--packages 600] [--files 20] [--runs 3] [--no-gitignore] [--repo-root DIR]
//   node bench/gitignore-walk.mjs --shape ignored [--total 10000] [--ignored-share 0.6] [--runs 3] [--repo-root DIR]
//
// Exit 2 without a build or git.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    packages: { type: 'string' },
    files: { type: 'string' },
    runs: { type: 'string' },
    'no-gitignore': { type: 'boolean' },
    'repo-root': { type: 'string' },
    shape: { type: 'string' },
    total: { type: 'string' },
    'ignored-share': { type: 'string' },
  },
});
// --repo-root measures the build of another checkout (e.g. the code before a change).
const repoRoot = values['repo-root'] ?? fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repoRoot, 'packages/cli/dist/bin.js');
const packages = Number(values.packages ?? 600);
const files = Number(values.files ?? 20);
const runs = Number(values.runs ?? 3);
const shape = values.shape ?? 'packages';
const total = Number(values.total ?? 10_000);
const ignoredShare = Number(values['ignored-share'] ?? 0.6);
if (!(packages > 0) || !(files > 0) || !(runs > 0) || !(total > 0)) {
  process.stderr.write('gitignore-walk: --packages, --files, --total and --runs take positive numbers.\n');
  process.exit(2);
}
if (shape !== 'packages' && shape !== 'ignored') {
  process.stderr.write(`gitignore-walk: --shape takes packages or ignored, not ${JSON.stringify(shape)}.\n`);
  process.exit(2);
}
if (!(ignoredShare >= 0 && ignoredShare < 1)) {
  process.stderr.write('gitignore-walk: --ignored-share takes a number from 0 to below 1.\n');
  process.exit(2);
}
if (!existsSync(bin) || spawnSync('git', ['--version']).status !== 0) {
  process.stderr.write('gitignore-walk: needs packages/cli/dist/bin.js (run `pnpm run build`) and git.\n');
  process.exit(2);
}

const dir = mkdtempSync(path.join(tmpdir(), 'sunset-gitignore-walk-'));
try {
  spawnSync('git', ['init', '-q'], { cwd: dir });
  if (shape === 'ignored') writeIgnoredFoldersTree(dir);
  else {
    for (let p = 0; p < packages; p++) {
      const sub = path.join(dir, `packages/p${p}/src/sub`);
      mkdirSync(sub, { recursive: true });
      for (let i = 0; i < files; i++) writeFileSync(path.join(sub, `f${i}.ts`), `export const v${i} = ${i};\n`);
      if (values['no-gitignore'] !== true) writeFileSync(path.join(dir, `packages/p${p}/.gitignore`), 'lib/\n*.log\ncoverage/\n');
    }
  }
  /** @type {{ walk: number, total: number, git: number, files: number, folders: number }[]} */
  const samples = [];
  for (let run = 0; run < runs; run++) {
    let start = performance.now();
    const git = spawnSync('git', ['ls-files', '-o', '--exclude-standard', '-z'], { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const gitMs = performance.now() - start;
    start = performance.now();
    const check = spawnSync(process.execPath, [bin, 'check', '.', '--format', 'json', '--stats'], { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const totalMs = performance.now() - start;
    if (check.status !== 0 || git.status !== 0) {
      process.stderr.write(`gitignore-walk: sunset exited ${check.status}, git ${git.status}\n${check.stderr}${git.stderr}`);
      process.exit(1);
    }
    const report = JSON.parse(check.stdout);
    const listed = git.stdout.split('\0').filter((file) => file.endsWith('.ts')).length;
    if (report.summary.files !== listed) {
      process.stderr.write(`gitignore-walk: sunset checked ${report.summary.files} files, git lists ${listed}\n`);
      process.exit(1);
    }
    samples.push({ walk: report.stats.timings.walk, total: totalMs, git: gitMs, files: listed, folders: report.stats.foldersListed });
  }
  const median = (/** @type {number[]} */ list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  const gitignores = values['no-gitignore'] === true ? 0 : packages;
  const ms = (/** @type {number} */ value) => `${Math.round(value)} ms`;
  const walkMs = median(samples.map((s) => s.walk));
  const gitMs = median(samples.map((s) => s.git));
  const tree = shape === 'ignored' ? `${total} files, ${Math.round(total * ignoredShare)} in gitignored folders` : `${packages * files} files, ${gitignores} .gitignore`;
  process.stdout.write(
    `${tree}, median of ${runs}: ` +
      `walk ${ms(walkMs)}, whole check ${ms(median(samples.map((s) => s.total)))}, ` +
      `git ls-files -o --exclude-standard ${ms(gitMs)} (${samples[0]?.files ?? 0} .ts files); walk / git ${(walkMs / gitMs).toFixed(1)}; ` +
      `${samples[0]?.folders ?? 0} folders listed (config search and walk)\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * The `--shape ignored` tree: `total` files, 20 to a folder; `ignoredShare` of them under `dist/`,
 * `coverage/` and `vendor/`, which the root .gitignore excludes, the rest under `src/`.
 * @param {string} root
 */
function writeIgnoredFoldersTree(root) {
  const ignored = Math.round(total * ignoredShare);
  const dist = Math.round(ignored / 2);
  const coverage = Math.round(ignored / 6);
  /** @type {[string, number][]} */
  const parts = [['src', total - ignored], ['dist', dist], ['coverage', coverage], ['vendor', ignored - dist - coverage]];
  writeFileSync(path.join(root, '.gitignore'), 'node_modules/\ndist/\ncoverage/\nvendor/\n');
  for (const [top, count] of parts) {
    for (let i = 0; i < count; i++) {
      const folder = path.join(root, top, `area${Math.floor(i / 200)}`, `part${Math.floor(i / 20) % 10}`);
      if (i % 20 === 0) mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, `f${i}.ts`), `export const v${i} = ${i};\n`);
    }
  }
}
