#!/usr/bin/env node
// `sunset check` on a generated repository at --concurrency 1, 2 and auto (all cores): median wall time
// of N runs, speed-up against 1, and peak RSS (GNU time's %M, the largest of the runs).
// Usage: node bench/concurrency.mjs [--files 10000] [--runs 3]   (after `pnpm run build`)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeRepo } from './generate.mjs';

const { values } = parseArgs({ options: { files: { type: 'string', default: '10000' }, runs: { type: 'string', default: '3' } } });
const files = Number(values.files);
const runs = Number(values.runs);
const bin = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const gnuTime = '/usr/bin/time';
if (!existsSync(bin)) throw new Error(`${bin} is missing: run pnpm run build first`);
if (!existsSync(gnuTime)) throw new Error('GNU time (/usr/bin/time) is needed for wall time and peak RSS');

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const root = mkdtempSync(join(tmpdir(), 'sunset-concurrency-'));
try {
  const repo = join(root, 'repo');
  const manifest = writeRepo(repo, { files });
  console.log(`${files} files (${(manifest.bytes / 1e6).toFixed(1)} MB), ${availableParallelism()} cores, ${runs} runs each, node ${process.version}`);
  /** @type {{ setting: string, wall: number, rssMb: number, exit: number | null }[]} */
  const rows = [];
  for (const setting of ['1', '2', 'auto']) {
    /** @type {number[]} */
    const walls = [];
    let rss = 0;
    let exit = null;
    for (let run = 0; run < runs; run += 1) {
      const result = spawnSync(gnuTime, ['-f', '%e %M', process.execPath, bin, 'check', '.', '--concurrency', setting, '--format', 'json', '--as-of', '2026-01-01'], {
        cwd: repo,
        encoding: 'utf8',
        maxBuffer: 1 << 30,
      });
      exit = result.status;
      const last = result.stderr.trim().split('\n').at(-1) ?? '';
      const [wall, kb] = last.split(' ').map(Number);
      if (wall === undefined || kb === undefined || Number.isNaN(wall)) throw new Error(`no GNU time figures for --concurrency ${setting}: ${result.stderr}`);
      walls.push(wall);
      rss = Math.max(rss, kb / 1024);
    }
    rows.push({ setting, wall: median(walls), rssMb: rss, exit });
  }
  const base = rows[0]?.wall ?? Number.NaN;
  console.log('| --concurrency | median wall (s) | speed-up vs 1 | peak RSS (MB) | exit |');
  console.log('| :-- | --: | --: | --: | --: |');
  for (const row of rows) {
    console.log(`| ${row.setting} | ${row.wall.toFixed(2)} | ${(base / row.wall).toFixed(2)}× | ${row.rssMb.toFixed(0)} | ${row.exit} |`);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
