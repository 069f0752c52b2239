// Issue 23's large-file row: one 20 MB file of generated code (80,000 small exported functions, a
// retired call every 2,000 of them), named on the command line, checked and fixed. Peak RSS of each
// must stay under --limit MB (default 512; before the file was analysed in pieces: 2.6 and 3.6 GB).
//
//   pnpm run build && node bench/large-file.mjs [--mb 20] [--limit 512]
//
// Prints the peak RSS (GNU time's maximum resident set size) and the user CPU time of each command.
// Exit 1 when a peak is above --limit; 2 without /usr/bin/time or a build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repoRoot, 'packages/cli/dist/bin.js');
const { values } = parseArgs({ options: { mb: { type: 'string' }, limit: { type: 'string' } } });
const megabytes = Number(values.mb ?? 20);
const limit = Number(values.limit ?? 512);
if (!(megabytes > 0) || !(limit > 0)) {
  process.stderr.write('large-file: --mb and --limit take positive numbers.\n');
  process.exit(2);
}
if (!existsSync(bin) || !existsSync('/usr/bin/time')) {
  process.stderr.write('large-file: needs packages/cli/dist/bin.js (run `pnpm run build`) and GNU /usr/bin/time.\n');
  process.exit(2);
}

/**
 * About `bytes` of generated code, one retired call every 2,000 functions; returns the text and the calls.
 * @param {number} bytes
 */
function generated(bytes) {
  const header = "import axios from 'axios';\n";
  const parts = [header];
  let length = header.length;
  let calls = 0;
  for (let index = 0; length < bytes; index++) {
    const retired = index % 2000 === 0 ? `export const legacy${index} = () => fetch('/v1/campaigns');\n` : '';
    const chunk = `${retired}export async function load${index}(id) {\n  const res = await fetch('/v1/buyer/campaigns');\n  const orders = await axios.get(\`/v1/buyer/orders/\${id}\`);\n  const other = { name: 'x', value: 42, list: [1, 2, 3], nested: { a: 'b' } };\n  return [res, orders, other];\n}\n`;
    if (retired !== '') calls += 1;
    parts.push(chunk);
    length += chunk.length;
  }
  return { text: parts.join(''), calls };
}

/**
 * Runs the CLI under GNU time; returns its exit code, peak RSS in MB and user CPU seconds.
 * @param {string[]} args
 * @param {string} cwd
 */
function measure(args, cwd) {
  const result = spawnSync('/usr/bin/time', ['-f', '%M %U', process.execPath, bin, ...args], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const [kilobytes = 0, user = 0] = (result.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
  return { code: result.status, mb: Math.round(kilobytes / 1024), user };
}

const dir = mkdtempSync(path.join(tmpdir(), 'sunset-large-file-'));
try {
  const { text, calls } = generated(megabytes * 1024 * 1024);
  const file = path.join(dir, 'big.js');
  writeFileSync(file, text);
  const check = measure(['check', 'big.js', '--as-of', '2026-01-01', '--format', 'json'], dir);
  const fix = measure(['fix', 'big.js', '--force'], dir);
  const fixed = readFileSync(file, 'utf8').split("fetch('/v1/buyer/campaigns')").length - text.split("fetch('/v1/buyer/campaigns')").length;
  process.stdout.write(`${megabytes} MB, ${calls} retired calls\n`);
  process.stdout.write(`check: exit ${check.code}, peak RSS ${check.mb} MB, user ${check.user} s\n`);
  process.stdout.write(`fix:   exit ${fix.code}, peak RSS ${fix.mb} MB, user ${fix.user} s, ${fixed} calls rewritten\n`);
  process.exitCode = check.mb > limit || fix.mb > limit || fixed !== calls ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
