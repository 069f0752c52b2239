#!/usr/bin/env node
// `sunset check` on a generated repository at --concurrency 1, 2 and auto (all cores but one from
// 1,500 files): median wall time and CPU time (user + system, every thread of the process: the checking
// threads and V8's garbage-collection helpers) of N runs, speed-up against 1, and peak RSS (GNU time's
// %M, the largest of the runs). CPU time tells what a second thread costs on a machine that other work
// shares; wall time what it saves on a quiet one.
// Usage: node bench/concurrency.mjs [--files 10000] [--runs 3] [--node 22]   (after `pnpm run build`)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeRepo } from './generate.mjs';
import { resolveNode } from './run.mjs';

const { values } = parseArgs({ options: { files: { type: 'string', default: '10000' }, runs: { type: 'string', default: '3' }, node: { type: 'string' } } });
const files = Number(values.files);
const runs = Number(values.runs);
const node = resolveNode(values.node);
const bin = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const gnuTime = '/usr/bin/time';
if (!existsSync(bin)) throw new Error(`${bin} is missing: run pnpm run build first`);
if (!existsSync(gnuTime)) throw new Error('GNU time (/usr/bin/time) is needed for wall time, CPU time and peak RSS');

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const root = mkdtempSync(join(tmpdir(), 'sunset-concurrency-'));
try {
  const repo = join(root, 'repo');
  const manifest = writeRepo(repo, { files });
  console.log(`${files} files (${(manifest.bytes / 1e6).toFixed(1)} MB), ${availableParallelism()} cores, ${runs} runs each, node ${node.version}`);
  /** @type {{ setting: string, wall: number, cpu: number, rssMb: number, exit: number | null }[]} */
  const rows = [];
  /** @type {Record<string, { walls: number[], cpus: number[], rss: number, exit: number | null }>} */
  const measured = {};
  const settings = ['1', '2', 'auto'];
  // Interleaved, so a change in the machine's load touches every setting alike.
  for (let run = 0; run < runs; run += 1) {
    for (const setting of settings) {
      const result = spawnSync(gnuTime, ['-f', '%e %U %S %M', node.path, bin, 'check', '.', '--concurrency', setting, '--format', 'json', '--as-of', '2026-01-01'], {
        cwd: repo,
        encoding: 'utf8',
        maxBuffer: 1 << 30,
      });
      const last = result.stderr.trim().split('\n').at(-1) ?? '';
      const [wall, user, system, kb] = last.split(' ').map(Number);
      if (wall === undefined || user === undefined || system === undefined || kb === undefined || Number.isNaN(wall)) throw new Error(`no GNU time figures for --concurrency ${setting}: ${result.stderr}`);
      const entry = (measured[setting] ??= { walls: [], cpus: [], rss: 0, exit: null });
      entry.walls.push(wall);
      entry.cpus.push(user + system);
      entry.rss = Math.max(entry.rss, kb / 1024);
      entry.exit = result.status;
    }
  }
  for (const setting of settings) {
    const entry = measured[setting];
    if (entry !== undefined) rows.push({ setting, wall: median(entry.walls), cpu: median(entry.cpus), rssMb: entry.rss, exit: entry.exit });
  }
  const base = rows[0]?.wall ?? Number.NaN;
  console.log('| --concurrency | median wall (s) | speed-up vs 1 | median CPU (s) | peak RSS (MB) | exit |');
  console.log('| :-- | --: | --: | --: | --: | --: |');
  for (const row of rows) {
    console.log(`| ${row.setting} | ${row.wall.toFixed(2)} | ${(base / row.wall).toFixed(2)}× | ${row.cpu.toFixed(2)} | ${row.rssMb.toFixed(0)} | ${row.exit} |`);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
