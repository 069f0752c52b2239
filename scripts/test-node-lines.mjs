#!/usr/bin/env node
// CI's step for the other Node lines: the engine's tests, the parity test (sunset check = ESLint) and
// the end-to-end tests of `sunset check`, the worker threads, UTF-16 and very large files, `fix` and the
// fixtures' expected findings, under Node 22 and 24 (where oxc hands its tree over by raw transfer)
// after `pnpm run test` ran everything under the Node running CI (20: JSON transfer). Each Node comes
// from the registry's `node` package through npx. Left to the main run: what does not parse differently
// on another line (`--changed-since`'s git diff, `--project`'s TypeScript program, other vendors' hosts),
// 24 s of each line's 69. The parity test reads ESLint's findings from the main run's cache
// (node_modules/.cache/sunset-parity-eslint, keyed by the files, the plugin's build and ESLint's version):
// ESLint does not parse differently on another line; `sunset check` is run afresh on each.
//
//   node scripts/test-node-lines.mjs [--lines 22,24]      (after `pnpm run build`)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const vitest = path.join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');

/** The tests whose outcome depends on how the engine parses, in which thread, and under which Node. */
const nodeLineTests = [
  'packages/engine/tests',
  'test/parity.test.ts',
  'test/cli-check.test.ts',
  'test/cli-check-threads.test.ts',
  'packages/cli/tests/encodings.test.ts',
  'packages/cli/tests/large-file.test.ts',
  'test/client-shapes.test.ts',
  'test/fix-legacy-app.test.ts',
];

const { values } = parseArgs({ options: { lines: { type: 'string', default: '22,24' } } });
const lines = (values.lines ?? '').split(',').map((line) => line.trim()).filter(Boolean);
if (lines.length === 0 || lines.some((line) => !/^\d+(\.\d+){0,2}$/.test(line))) {
  process.stderr.write(`test-node-lines: --lines takes Node versions separated by commas, e.g. --lines 22,24; got ${JSON.stringify(values.lines)}.\n`);
  process.exit(2);
}
if (!existsSync(vitest)) {
  process.stderr.write(`test-node-lines: ${vitest} is missing; run \`npx -y pnpm@10.34.9 install --frozen-lockfile\` first.\n`);
  process.exit(2);
}

/** The path of the registry's node@`line` binary (npx installs it into its cache once). @param {string} line */
function nodeBinary(line) {
  const probe = spawnSync('npx', ['-y', `node@${line}`, '-p', 'process.execPath'], { cwd: repoRoot, encoding: 'utf8' });
  const binary = (probe.stdout ?? '').trim().split('\n').at(-1) ?? '';
  if (probe.status !== 0 || !existsSync(binary)) {
    const why = (probe.stderr ?? '').trim().split('\n').slice(-2).join(' ') || probe.error?.message || `exit code ${String(probe.status)}`;
    process.stderr.write(`test-node-lines: npx could not run node@${line} from the registry (${why}). Check the network, or the version.\n`);
    process.exit(1);
  }
  return binary;
}

const failed = [];
for (const line of lines) {
  const binary = nodeBinary(line);
  const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim();
  process.stdout.write(`\n== Node ${version}: ${nodeLineTests.join(' ')}\n`);
  const run = spawnSync(binary, [vitest, 'run', ...nodeLineTests], { cwd: repoRoot, stdio: 'inherit' });
  if (run.status !== 0) failed.push(`Node ${version} (exit ${String(run.status ?? run.signal)})`);
}
if (failed.length > 0) {
  process.stderr.write(`test-node-lines: the tests failed under ${failed.join(', ')}.\n`);
  process.exit(1);
}
process.stdout.write(`\ntest-node-lines: the engine's tests passed under Node ${lines.join(' and ')}.\n`);
