#!/usr/bin/env node
// @ts-check
// Issue 12's bench row: `check --project` (ts-morph over the subgraph that can matter) on a generated
// repo with a tsconfig, next to the default mode (`checkFiles`), wall time and peak RSS of each in its
// own process. Targets at 10k files: at most 30 s and 1 GB for --project.
//
//   node bench/project.mjs [--files 10000] [--repo DIR] [--keep]
//
// Runs the built packages (packages/*/dist): build first (`npx tsc -b packages/project packages/engine`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEFAULT_SEED, DEFAULT_SHARE, writeRepo } from './generate.mjs';

const checkout = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const asOf = '2026-11-21';

/** @param {string[]} argv */
function parseArgs(argv) {
  const options = { files: 10000, repo: /** @type {string | undefined} */ (undefined), keep: false };
  for (let at = 0; at < argv.length; at++) {
    const flag = argv[at];
    if (flag === '--files') options.files = Number(argv[++at]);
    else if (flag === '--repo') options.repo = argv[++at];
    else if (flag === '--keep') options.keep = true;
    else throw new Error(`Unknown option ${flag}; use --files N, --repo DIR or --keep.`);
  }
  return options;
}

/**
 * The child's script: runs one mode through the built packages and prints its figures as JSON.
 * @param {'default' | 'project'} mode
 * @param {string} repo
 */
const childScript = (mode, repo) => `
const started = performance.now();
const { builtinCatalog } = await import(${JSON.stringify(pathToFileURL(join(checkout, 'packages/rule-data/dist/index.js')).href)});
const options = { asOf: '${asOf}', failOn: 'deprecated', apiHosts: undefined, identityHosts: undefined, ignores: [], reportScheduled: false,
  scheduledWithinDays: 90, customEntries: [], catalog: builtinCatalog, baseline: undefined, rules: {}, typeAware: false, maxFileSize: 1048576, checkMinified: false };
let summary;
if (${JSON.stringify(mode)} === 'project') {
  const { runProjectCheck } = await import(${JSON.stringify(pathToFileURL(join(checkout, 'packages/project/dist/index.js')).href)});
  const result = await runProjectCheck({ cwd: ${JSON.stringify(repo)}, paths: ['.'], options, baseDir: ${JSON.stringify(repo)} });
  summary = { findings: result.findings.length, files: result.files, analysed: result.analysed, loaded: result.loaded };
} else {
  const { checkFiles } = await import(${JSON.stringify(pathToFileURL(join(checkout, 'packages/engine/dist/index.js')).href)});
  const result = await checkFiles(['.'], { cwd: ${JSON.stringify(repo)}, options, baseDir: ${JSON.stringify(repo)} });
  summary = { findings: result.findings.length, files: result.files, candidates: result.candidates };
}
console.log(JSON.stringify({ ...summary, wallS: (performance.now() - started) / 1000, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
`;

/** @param {'default' | 'project'} mode @param {string} repo */
function measure(mode, repo) {
  const started = performance.now();
  // A file, not `--input-type -e`: worker threads inherit the flags, and would refuse it.
  const script = join(mkdtempSync(join(tmpdir(), 'sunset-bench-child-')), `${mode}.mjs`);
  writeFileSync(script, childScript(mode, repo));
  const child = spawnSync(process.execPath, [script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  rmSync(dirname(script), { recursive: true, force: true });
  const wallS = (performance.now() - started) / 1000;
  if (child.status !== 0) throw new Error(`${mode} failed (exit ${child.status}):\n${child.stderr.slice(-2000)}`);
  return { mode, processWallS: wallS, ...JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') };
}

const options = parseArgs(process.argv.slice(2));
const repo = options.repo ?? mkdtempSync(join(tmpdir(), `sunset-bench-project-${options.files}-`));
if (!existsSync(join(repo, 'tsconfig.json'))) {
  writeRepo(repo, { files: options.files, seed: DEFAULT_SEED, share: DEFAULT_SHARE });
  const tsconfig = { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', allowJs: true, jsx: 'react-jsx', strict: true, noEmit: true, skipLibCheck: true, types: [] }, include: ['**/*'] };
  writeFileSync(join(repo, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
}
const rows = [measure('default', repo), measure('project', repo)];
console.log(`| mode | files | findings | analysed / loaded | wall (s) | peak RSS (MB) |\n|---|---|---|---|---|---|`);
for (const row of rows) {
  const subgraph = row.mode === 'project' ? `${row.analysed} / ${row.loaded}` : `${row.candidates} candidates`;
  console.log(`| ${row.mode === 'project' ? 'sunset check --project' : 'sunset check (default)'} | ${row.files} | ${row.findings} | ${subgraph} | ${row.processWallS.toFixed(2)} | ${row.peakRssMb.toFixed(0)} |`);
}
console.log(JSON.stringify({ files: options.files, repo, rows }));
if (!options.keep && options.repo === undefined) rmSync(repo, { recursive: true, force: true });
