#!/usr/bin/env node
// @ts-check
// Issue 12's bench row: `sunset check --project` (ts-morph over the subgraph that can matter) on the
// generated repos with a tsconfig, next to `sunset check` (the default mode) on the same repo: wall
// time, peak RSS and files loaded into ts-morph, each run in its own process through the built CLI.
// Targets: at 10,000 files --project takes at most 30 s and 1 GB (issue 12), at 50,000 files at most
// 10 s and 1 GB (issue 24); from 10k to 50k its time and peak RSS grow no faster than the number of files.
//
//   node bench/project.mjs [--sizes 10000,50000] [--runs 1] [--node 22] [--work DIR] [--keep]
//
// Runs the built packages (packages/*/dist): build first (`npx tsc -b tsconfig.build.json`).
// `--work DIR` keeps the generated repos there and reuses them on the next run.
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEFAULT_SEED, DEFAULT_SHARE, MANIFEST_NAME, currentManifest, writeRepo } from './generate.mjs';
import { resolveNode } from './run.mjs';

const checkout = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const asOf = '2026-11-21';
const targets = { 10000: { wallS: 30, peakRssMb: 1024 }, 50000: { wallS: 10, peakRssMb: 1024 } };

/** @param {string[]} argv */
function parseArgs(argv) {
  const options = { sizes: [10000, 50000], runs: 1, work: /** @type {string | undefined} */ (undefined), keep: false, node: /** @type {string | undefined} */ (undefined) };
  for (let at = 0; at < argv.length; at++) {
    const flag = argv[at];
    if (flag === '--sizes') options.sizes = String(argv[++at]).split(',').map(Number);
    else if (flag === '--runs') options.runs = Number(argv[++at]);
    else if (flag === '--work') options.work = argv[++at];
    else if (flag === '--keep') options.keep = true;
    else if (flag === '--node') options.node = argv[++at];
    else throw new Error(`Unknown option ${flag}; use --sizes N,M, --runs N, --node VERSION, --work DIR or --keep.`);
  }
  if (options.sizes.some((size) => !Number.isInteger(size) || size < 1) || !Number.isInteger(options.runs) || options.runs < 1) {
    throw new Error('--sizes takes whole numbers (e.g. 10000,50000), --runs a whole number of at least 1.');
  }
  return options;
}

/**
 * The child's script: `sunset check [--project] --format json .` through the CLI's `main`, stderr
 * taken for a terminal so `--project` prints how many files it loaded; prints the figures as JSON.
 * @param {'default' | 'project'} mode
 * @param {string} repo
 */
const childScript = (mode, repo) => `
const started = performance.now();
const { main } = await import(${JSON.stringify(pathToFileURL(join(checkout, 'packages/cli/dist/cli.js')).href)});
let stdout = '';
let stderr = '';
const io = { stdout: { write: (text) => (stdout += text) }, stderr: { write: (text) => (stderr += text) }, cwd: ${JSON.stringify(repo)}, env: {}, isTTY: false, stderrIsTTY: true };
const argv = ['check', ${mode === 'project' ? "'--project', " : ''}'--format', 'json', '--as-of', '${asOf}', '.'];
const code = await main(argv, io);
const report = JSON.parse(stdout);
const loaded = /(\\d+) files? of \\d+ loaded into ts-morph/.exec(stderr);
console.log(JSON.stringify({
  code,
  findings: report.summary.findings,
  files: report.summary.files,
  candidates: report.summary.candidates,
  loaded: loaded === null ? undefined : Number(loaded[1]),
  wallS: (performance.now() - started) / 1000,
  cpuS: (process.resourceUsage().userCPUTime + process.resourceUsage().systemCPUTime) / 1e6,
  peakRssMb: process.resourceUsage().maxRSS / 1024,
}));
`;

/** @param {'default' | 'project'} mode @param {string} repo */
function measure(mode, repo) {
  // A file, not `--input-type -e`: worker threads inherit the flags, and would refuse it.
  const scriptDir = mkdtempSync(join(tmpdir(), 'sunset-bench-child-'));
  const script = join(scriptDir, `${mode}.mjs`);
  writeFileSync(script, childScript(mode, repo));
  const started = performance.now();
  const child = spawnSync(node.path, [script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const processWallS = (performance.now() - started) / 1000;
  rmSync(scriptDir, { recursive: true, force: true });
  if (child.status !== 0) throw new Error(`${mode} failed (exit ${child.status}):\n${child.stderr.slice(-2000)}`);
  return { mode, processWallS, ...JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') };
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The generated repo of `files` files with a tsconfig (allowJs), made once per work folder. @param {string} work @param {number} files */
function repoOf(work, files) {
  const repo = join(work, `repo-${files}`);
  const spec = { files, seed: DEFAULT_SEED, share: DEFAULT_SHARE };
  if (!existsSync(join(repo, 'tsconfig.json')) || currentManifest(repo, spec) === undefined) {
    if (existsSync(repo) && readdirSync(repo).length > 0 && !existsSync(join(repo, MANIFEST_NAME))) throw new Error(`${repo} holds files bench/generate.mjs did not write; give --work an empty or new folder.`);
    rmSync(repo, { recursive: true, force: true });
    mkdirSync(repo, { recursive: true });
    writeRepo(repo, spec);
    const tsconfig = { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', allowJs: true, jsx: 'react-jsx', strict: true, noEmit: true, skipLibCheck: true, types: [] }, include: ['**/*'] };
    writeFileSync(join(repo, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
  }
  return repo;
}

const options = parseArgs(process.argv.slice(2));
const node = resolveNode(options.node);
const work = options.work ?? mkdtempSync(join(tmpdir(), 'sunset-bench-project-'));
/** @type {{ size: number, mode: 'default' | 'project', wallS: number, cpuS: number, peakRssMb: number, findings: number, files: number, candidates: number, loaded: number | undefined }[]} */
const rows = [];
for (const size of options.sizes) {
  const repo = repoOf(work, size);
  for (const mode of /** @type {const} */ (['default', 'project'])) {
    const runs = Array.from({ length: options.runs }, () => measure(mode, repo));
    const last = runs.at(-1);
    rows.push({ size, mode, wallS: median(runs.map((run) => run.processWallS)), cpuS: median(runs.map((run) => run.cpuS)), peakRssMb: median(runs.map((run) => run.peakRssMb)), findings: last.findings, files: last.files, candidates: last.candidates, loaded: last.loaded });
    process.stderr.write(`${size} ${mode}: ${rows.at(-1)?.wallS.toFixed(2)} s (CPU ${rows.at(-1)?.cpuS.toFixed(2)} s), ${rows.at(-1)?.peakRssMb.toFixed(0)} MB\n`);
  }
}

console.log(`${new Date().toISOString().slice(0, 10)}, Node ${node.version}, ${cpus().length} CPUs, median of ${options.runs} run(s) per row\n`);
console.log('| N | mode | wall s | user+sys CPU s | peak RSS MB | findings | parsed / loaded into ts-morph |\n|---:|---|---:|---:|---:|---:|---|');
for (const row of rows) {
  const label = row.mode === 'project' ? '`sunset check --project`' : '`sunset check` (default)';
  const subgraph = row.mode === 'project' ? `${row.candidates} candidates; ${row.loaded} loaded` : `${row.candidates} candidates`;
  console.log(`| ${row.size.toLocaleString('en-US')} | ${label} | ${row.wallS.toFixed(2)} | ${row.cpuS.toFixed(2)} | ${row.peakRssMb.toFixed(0)} | ${row.findings} | ${subgraph} |`);
}

/** @type {string[]} */
const verdicts = [];
for (const [size, target] of Object.entries(targets)) {
  const row = rows.find((candidate) => candidate.mode === 'project' && candidate.size === Number(size));
  if (row === undefined) continue;
  const at = `${Number(size) / 1000}k`;
  verdicts.push(`--project at ${at}: ${row.wallS.toFixed(2)} s (≤ ${target.wallS}) ${row.wallS <= target.wallS ? 'met' : 'NOT met'}`);
  verdicts.push(`--project at ${at}: ${row.peakRssMb.toFixed(0)} MB (≤ ${target.peakRssMb}) ${row.peakRssMb <= target.peakRssMb ? 'met' : 'NOT met'}`);
}
const projectRows = rows.filter((row) => row.mode === 'project').sort((a, b) => a.size - b.size);
for (let at = 1; at < projectRows.length; at++) {
  const [from, to] = [projectRows[at - 1], projectRows[at]];
  if (from === undefined || to === undefined) continue;
  const sizeFactor = to.size / from.size;
  const timeFactor = to.wallS / from.wallS;
  const rssFactor = to.peakRssMb / from.peakRssMb;
  verdicts.push(
    `--project growth ${from.size} → ${to.size} (×${sizeFactor.toFixed(1)} files): time ×${timeFactor.toFixed(2)}, peak RSS ×${rssFactor.toFixed(2)} ${timeFactor <= sizeFactor && rssFactor <= sizeFactor ? 'linear or better' : 'NOT linear'}`,
  );
}
console.log(`\n${verdicts.join('\n')}`);
console.log(JSON.stringify({ work, rows }));
if (!options.keep && options.work === undefined) rmSync(work, { recursive: true, force: true });
