#!/usr/bin/env node
// @ts-check
// Bench: `sunset report --history` over 52 weekly commits of the generated 10k-file repository.
//
//   pnpm run build && node packages/report/bench/history.mjs [--files 10000] [--keep]
//
// Builds a throwaway git repository: the first commit is bench/generate.mjs's repo, each of the 51
// weeks after it migrates two files with retired calls and edits 20 others. Then times the report
// without history (the work-tree scan alone), with --history (every commit counted from git blobs),
// and again (every commit from .sunset-cache), and prints one table row per run.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeRepo } from '../../../bench/generate.mjs';
import { runReport } from '../dist/index.js';

const { values } = parseArgs({ options: { files: { type: 'string', default: '10000' }, keep: { type: 'boolean', default: false } } });
const files = Number(values.files);
const weeks = 52;
const dir = mkdtempSync(path.join(tmpdir(), 'sunset-report-bench-'));

/** @param {string[]} args @param {string} [date] */
function git(args, date) {
  const env = date === undefined ? process.env : { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  return execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args], { cwd: dir, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

const started = performance.now();
const manifest = writeRepo(dir, { files });
git(['init', '-q', '-b', 'main']);
const first = Date.UTC(2025, 0, 6, 10);
const week = 7 * 86400 * 1000;
git(['add', '-A']);
git(['commit', '-q', '-m', 'week 1'], new Date(first).toISOString());
const retired = manifest.retiredFiles.map((file) => file.path);
for (let index = 1; index < weeks; index++) {
  for (const file of retired.slice((index - 1) * 2, index * 2)) writeFileSync(path.join(dir, file), `// migrated in week ${index + 1}\nexport {};\n`);
  for (let edit = 0; edit < 20; edit++) {
    const file = `src/edited-${edit}.ts`;
    appendFileSync(path.join(dir, file), `export const week${index}_${edit} = ${index};\n`);
  }
  git(['add', '-A']);
  git(['commit', '-q', '-m', `week ${index + 1}`], new Date(first + index * week).toISOString());
}
const setup = performance.now() - started;
const now = new Date(first + (weeks - 1) * week + 86400 * 1000);

/** @param {string[]} args */
async function timed(args) {
  let out = '';
  const io = { stdout: { write: (/** @type {string} */ text) => (out += text) }, stderr: { write: () => true }, cwd: dir, env: {}, now: () => now };
  const begin = performance.now();
  const code = await runReport(['--format', 'json', '--out', '-', ...args], io);
  const ms = performance.now() - begin;
  if (code !== 0) throw new Error(`sunset report exited ${code}`);
  return { ms, data: JSON.parse(out) };
}

const history = ['--history', '2025-01-06', '--every', 'week'];
const scanOnly = await timed([]);
const cold = await timed(history);
const warm = await timed(history);
const points = cold.data.history.points;
process.stdout.write(
  [
    `repository: ${files} files, ${weeks} weekly commits (built in ${(setup / 1000).toFixed(1)} s), ${points.length} samples, ${points[0].total} → ${points.at(-1).total} retired calls`,
    '',
    '| run | time | commits from the cache |',
    '|---|---:|---:|',
    `| report, no history (work-tree scan) | ${(scanOnly.ms / 1000).toFixed(2)} s | — |`,
    `| report --history, first run | ${(cold.ms / 1000).toFixed(2)} s | ${cold.data.history.cached} of ${new Set(points.map((/** @type {{commit: string}} */ point) => point.commit)).size} |`,
    `| report --history, second run | ${(warm.ms / 1000).toFixed(2)} s | ${warm.data.history.cached} |`,
    '',
  ].join('\n'),
);
if (values.keep) process.stdout.write(`kept ${dir}\n`);
else rmSync(dir, { recursive: true, force: true });
