// Issue 16's long-line row: one minified-looking file on ONE line with many retired calls
// (about 7,300 `fetch('/v1/campaigns')` per MB, so ~36,600 at 5 MB), checked with
// `sunset check <file> --format json` (a file named on the command line is read even when it looks
// minified). The cost must grow linearly with the size: before the bounded fingerprint window a
// 5 MB file did not finish in 900 s.
//
//   pnpm run build && node bench/long-lines.mjs [--sizes 0.5,1,2,5] [--limit 2]
//
// Prints one row per size and the growth: (time per MB at the largest size) / (time per MB at the
// smallest). Exit 1 when that ratio is above --limit (default 2: linear, with room for noise; a
// quadratic cost gives about the size ratio, 10 here).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repoRoot, 'packages/cli/dist/bin.js');
const { values } = parseArgs({ options: { sizes: { type: 'string' }, limit: { type: 'string' } } });
const sizes = (values.sizes ?? '0.5,1,2,5').split(',').map(Number);
const limit = Number(values.limit ?? 2);
if (sizes.some((size) => !(size > 0)) || !(limit > 0)) {
  process.stderr.write('long-lines: --sizes takes sizes in MB such as 0.5,1,2,5; --limit a positive number.\n');
  process.exit(2);
}
if (!existsSync(bin)) {
  process.stderr.write('long-lines: packages/cli/dist/bin.js is missing; run `pnpm run build` first.\n');
  process.exit(2);
}

/**
 * A one-line, minified-looking module of about `bytes` bytes: every chunk one retired call among
 * minifier-style code. Returns the text and the number of calls.
 * @param {number} bytes
 */
function minified(bytes) {
  const parts = ['"use strict";'];
  let length = parts[0]?.length ?? 0;
  let calls = 0;
  for (let index = 0; length < bytes; index += 1) {
    const chunk =
      `var a${index}=function(e,t){return e.map(function(n){return n.campaignId+t.offset})},` +
      `b${index}=fetch('/v1/campaigns').then(function(e){return e.json()});`;
    parts.push(chunk);
    length += chunk.length;
    calls += 1;
  }
  return { text: `${parts.join('')}\n`, calls };
}

const work = mkdtempSync(path.join(tmpdir(), 'sunset-long-lines-'));
/** @type {{ mb: number, calls: number, findings: number, seconds: number }[]} */
const rows = [];
try {
  for (const mb of sizes) {
    const { text, calls } = minified(Math.round(mb * 1024 * 1024));
    const file = path.join(work, `bundle-${mb}mb.min.js`);
    writeFileSync(file, text);
    const started = performance.now();
    const result = spawnSync(process.execPath, [bin, 'check', path.basename(file), '--format', 'json', '--as-of', '2026-11-21'], {
      cwd: work,
      encoding: 'utf8',
      maxBuffer: 1024 * 1024 * 1024,
      timeout: 600_000,
      env: { ...process.env, NO_COLOR: '1' },
    });
    const seconds = (performance.now() - started) / 1000;
    if (result.error !== undefined || (result.status !== 0 && result.status !== 1)) {
      process.stderr.write(`long-lines: ${mb} MB: exit ${String(result.status)} ${result.error?.message ?? ''}\n${result.stderr.slice(0, 2000)}\n`);
      process.exit(1);
    }
    const report = JSON.parse(result.stdout);
    /** @type {unknown[]} */
    const findings = Array.isArray(report) ? report.flatMap((/** @type {{ messages?: unknown[] }} */ entry) => entry.messages ?? []) : (report.findings ?? []);
    rows.push({ mb, calls, findings: findings.length, seconds });
    process.stdout.write(
      `${String(mb).padStart(4)} MB  ${String(calls).padStart(6)} calls  ${String(findings.length).padStart(6)} findings  ${seconds.toFixed(2).padStart(7)} s  ${(seconds / mb).toFixed(2)} s/MB  ${((seconds * 1e6) / Math.max(1, findings.length)).toFixed(0)} µs/finding\n`,
    );
    if (findings.length < calls) {
      process.stderr.write(`long-lines: ${mb} MB: ${findings.length} findings for ${calls} retired calls; the file was not fully checked.\n`);
      process.exit(1);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const first = rows[0];
const last = rows[rows.length - 1];
if (first !== undefined && last !== undefined && last !== first) {
  const growth = last.seconds / last.mb / (first.seconds / first.mb);
  process.stdout.write(
    `growth: ${last.mb / first.mb}× the size took ${(last.seconds / first.seconds).toFixed(2)}× the time; time per MB ${growth.toFixed(2)}× (limit ${limit}: ${growth <= limit ? 'linear' : 'NOT linear'})\n`,
  );
  if (growth > limit) process.exit(1);
}
