// The walk's cost with many .gitignore files (2026-11-27): a monorepo of --packages packages, each with
// --files small files in src/sub/ and its own .gitignore (`lib/`, `*.log`, `coverage/`), checked with
// `--stats`; prints `stats.timings.walk` and the whole run next to `git ls-files -o --exclude-standard`
// (git listing the same tree with the same .gitignore files), measured in the same run. Before the fix
// each file was tested against every .gitignore of the tree: 600 × 20 took 21 s to list.
//
//   pnpm run build && node bench/gitignore-walk.mjs [--packages 600] [--files 20] [--runs 3] [--no-gitignore] [--repo-root DIR]
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
  },
});
// --repo-root measures the build of another checkout (e.g. the code before a change).
const repoRoot = values['repo-root'] ?? fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repoRoot, 'packages/cli/dist/bin.js');
const packages = Number(values.packages ?? 600);
const files = Number(values.files ?? 20);
const runs = Number(values.runs ?? 3);
if (!(packages > 0) || !(files > 0) || !(runs > 0)) {
  process.stderr.write('gitignore-walk: --packages, --files and --runs take positive numbers.\n');
  process.exit(2);
}
if (!existsSync(bin) || spawnSync('git', ['--version']).status !== 0) {
  process.stderr.write('gitignore-walk: needs packages/cli/dist/bin.js (run `pnpm run build`) and git.\n');
  process.exit(2);
}

const dir = mkdtempSync(path.join(tmpdir(), 'sunset-gitignore-walk-'));
try {
  spawnSync('git', ['init', '-q'], { cwd: dir });
  for (let p = 0; p < packages; p++) {
    const sub = path.join(dir, `packages/p${p}/src/sub`);
    mkdirSync(sub, { recursive: true });
    for (let i = 0; i < files; i++) writeFileSync(path.join(sub, `f${i}.ts`), `export const v${i} = ${i};\n`);
    if (values['no-gitignore'] !== true) writeFileSync(path.join(dir, `packages/p${p}/.gitignore`), 'lib/\n*.log\ncoverage/\n');
  }
  /** @type {{ walk: number, total: number, git: number, files: number }[]} */
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
    samples.push({ walk: report.stats.timings.walk, total: totalMs, git: gitMs, files: listed });
  }
  const median = (/** @type {number[]} */ list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  const gitignores = values['no-gitignore'] === true ? 0 : packages;
  const ms = (/** @type {number} */ value) => `${Math.round(value)} ms`;
  process.stdout.write(
    `${packages * files} files, ${gitignores} .gitignore, median of ${runs}: ` +
      `walk ${ms(median(samples.map((s) => s.walk)))}, whole check ${ms(median(samples.map((s) => s.total)))}, ` +
      `git ls-files -o --exclude-standard ${ms(median(samples.map((s) => s.git)))} (${samples[0]?.files ?? 0} .ts files)\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
