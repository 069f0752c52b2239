#!/usr/bin/env node
// @ts-check
// The CLI's start-up: wall time of the short commands a user meets on every call (`--version`, `--help`,
// `explain <rule>`, a pre-commit `check` of one file, `check` of the sample app), for one or two built
// checkouts, runs alternating between them so a change in the machine's load touches both alike. Prints
// each command's median wall time (and range) and median CPU time (user + system, from GNU time; this
// machine's load moves it less) per checkout, the ratio of the second to the first, how many modules
// the command loaded (main thread and worker, through a module hook, in one extra run), and whether both
// checkouts printed the same bytes and exit code. `node -e 0` is the floor.
//
//   node bench/startup.mjs [--repo-root BEFORE --repo-root AFTER] [--runs 15] [--commands version,help,...]
//
// The inputs are this checkout's fixtures, by absolute path, for every checkout measured. Exit 2 on a
// usage error or a checkout without a build, 1 when two checkouts' outputs differ.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const benchCheckout = fileURLToPath(new URL('..', import.meta.url));
const asOf = '2026-01-01';

/** @typedef {{ id: string, label: string, args: string[] }} StartupCommand */
/** @type {readonly StartupCommand[]} */
const commands = [
  { id: 'node', label: '`node -e 0` (the floor)', args: [] },
  { id: 'version', label: '`sunset --version`', args: ['--version'] },
  { id: 'help', label: '`sunset --help`', args: ['--help'] },
  { id: 'usage', label: '`sunset check --bogus` (a usage error)', args: ['check', '--bogus'] },
  { id: 'explain', label: '`sunset explain no-legacy-rest-path`', args: ['explain', 'no-legacy-rest-path'] },
  { id: 'explain-entry', label: '`sunset explain "GET /v1/campaigns"`', args: ['explain', 'GET /v1/campaigns', '--as-of', asOf] },
  { id: 'check-file', label: '`sunset check <one file>` (a pre-commit hook)', args: ['check', path.join(benchCheckout, 'fixtures/cli/small/src/campaigns.ts'), '--as-of', asOf] },
  { id: 'check-app', label: '`sunset check fixtures/legacy-app` (38 files)', args: ['check', path.join(benchCheckout, 'fixtures/legacy-app'), '--as-of', asOf] },
  // What a checking worker loads before it can take its first file (from 1,500 files on a check runs in one).
  { id: 'worker', label: "the check worker's modules (`import()` of its entry)", args: [] },
];

let values;
try {
  ({ values } = parseArgs({
    options: {
      'repo-root': { type: 'string', multiple: true },
      runs: { type: 'string' },
      commands: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  process.stderr.write(`startup: ${error instanceof Error ? error.message : String(error)}; see --help.\n`);
  process.exit(2);
}
if (values.help === true) {
  process.stdout.write(
    [
      'Usage: node bench/startup.mjs [--repo-root DIR [--repo-root DIR]] [--runs 15] [--commands id,id]',
      '  --repo-root DIR   a built checkout to measure (at most two; default: this checkout); the ratio is the second over the first',
      '  --runs 15         timed runs per command and checkout (after one untimed run each); the median is printed',
      `  --commands ...    which commands (default: all): ${commands.map((command) => command.id).join(', ')}`,
      '',
    ].join('\n'),
  );
  process.exit(0);
}
const roots = (values['repo-root'] ?? [benchCheckout]).map((root) => path.resolve(root));
const runs = Number(values.runs ?? 15);
const selected = values.commands === undefined ? commands : values.commands.split(',').map((id) => commands.find((command) => command.id === id.trim()));
if (roots.length > 2 || !Number.isInteger(runs) || runs < 1 || selected.some((command) => command === undefined)) {
  process.stderr.write(`startup: --repo-root at most twice, --runs a positive whole number, --commands ids from ${commands.map((command) => command.id).join(', ')}.\n`);
  process.exit(2);
}
const measured = /** @type {StartupCommand[]} */ (selected);
for (const root of roots) {
  if (!existsSync(path.join(root, 'packages/cli/dist/bin.js'))) {
    process.stderr.write(`startup: ${root} has no packages/cli/dist/bin.js; build it first (npx tsc -b tsconfig.build.json).\n`);
    process.exit(2);
  }
}

// GNU time's -o keeps its figures out of the command's own stderr, which is compared between checkouts.
const gnuTime = existsSync('/usr/bin/time') && spawnSync('/usr/bin/time', ['-f', '%U', 'true']).status === 0;
const work = mkdtempSync(path.join(tmpdir(), 'sunset-startup-'));
// Counts every module a process loads, its workers' too (they run the same --import): one URL per line.
const hooks = path.join(work, 'count-hooks.mjs');
writeFileSync(hooks, "import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  appendFileSync(process.env.SUNSET_STARTUP_MODULES, `${url}\\n`);\n  return next(url, context);\n}\n");
const register = path.join(work, 'count-modules.mjs');
writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);

/**
 * @param {string} root
 * @param {StartupCommand} command
 * @param {readonly string[]} nodeArgs
 * @param {NodeJS.ProcessEnv} [env]
 */
function run(root, command, nodeArgs = [], env = process.env) {
  const times = path.join(work, 'time.txt');
  const worker = pathToFileURL(path.join(root, 'packages/engine/dist/check/check-worker.js')).href;
  const args =
    command.id === 'node'
      ? [...nodeArgs, '-e', '0']
      : command.id === 'worker'
        ? [...nodeArgs, '--input-type=module', '-e', `await import(${JSON.stringify(worker)});`]
        : [...nodeArgs, path.join(root, 'packages/cli/dist/bin.js'), ...command.args];
  const [command0, ...rest] = gnuTime ? ['/usr/bin/time', '-f', '%U %S', '-o', times, process.execPath, ...args] : [process.execPath, ...args];
  const start = performance.now();
  // The working directory is a neutral folder: no config file of a checkout is found above it.
  const result = spawnSync(command0 ?? process.execPath, rest, { cwd: work, encoding: 'utf8', env: { ...env, NO_COLOR: '1' } });
  const ms = performance.now() - start;
  const [user = Number.NaN, system = Number.NaN] = gnuTime ? readFileSync(times, 'utf8').trim().split('\n').at(-1)?.split(' ').map(Number) ?? [] : [];
  return { ms, cpuMs: (user + system) * 1000, output: `${result.status}\n${result.stdout}\n${result.stderr}` };
}

/** @param {string} root @param {StartupCommand} command */
function modulesLoaded(root, command) {
  const log = path.join(work, 'modules.txt');
  writeFileSync(log, '');
  run(root, command, ['--import', pathToFileURL(register).href], { ...process.env, SUNSET_STARTUP_MODULES: log });
  const urls = readFileSync(log, 'utf8').split('\n').filter((url) => url !== '' && !url.startsWith('node:') && url !== pathToFileURL(register).href);
  return urls.length;
}

/** @param {number[]} list */
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN;

try {
  /** @type {Map<string, { times: number[][], cpu: number[][], outputs: string[], modules: number[] }>} */
  const results = new Map();
  for (const command of measured) {
    const outputs = roots.map((root) => run(root, command).output);
    results.set(command.id, { times: roots.map(() => []), cpu: roots.map(() => []), outputs, modules: roots.map((root) => modulesLoaded(root, command)) });
  }
  // Alternating: each run of a command goes to every checkout in turn, the first one first on even runs.
  for (let index = 0; index < runs; index += 1) {
    for (const command of measured) {
      const order = index % 2 === 0 ? roots.map((_, at) => at) : roots.map((_, at) => roots.length - 1 - at);
      for (const at of order) {
        const sample = run(roots[at] ?? '', command);
        results.get(command.id)?.times[at]?.push(sample.ms);
        results.get(command.id)?.cpu[at]?.push(sample.cpuMs);
      }
    }
  }
  const ms = (/** @type {number} */ value) => `${Math.round(value)}`;
  const header =
    roots.length === 2
      ? '| command | first: wall ms, median (range) | second: wall ms, median (range) | second / first | CPU ms, first → second | modules loaded | same output |'
      : '| command | wall ms, median (range) | CPU ms | modules loaded |';
  process.stdout.write(`${roots.map((root, at) => `${at === 0 ? 'first' : 'second'}: ${root}`).join('\n')}\n${runs} runs each, alternating, node ${process.version}\n\n${header}\n`);
  process.stdout.write(roots.length === 2 ? '| :-- | --: | --: | --: | --: | --: | :-- |\n' : '| :-- | --: | --: | --: |\n');
  let differ = false;
  for (const command of measured) {
    const result = results.get(command.id);
    if (result === undefined) continue;
    const cells = result.times.map((times) => `${ms(median(times))} (${ms(Math.min(...times))}-${ms(Math.max(...times))})`);
    if (roots.length === 1) {
      process.stdout.write(`| ${command.label} | ${cells[0]} | ${ms(median(result.cpu[0] ?? []))} | ${result.modules[0]} |\n`);
      continue;
    }
    const [first = [], second = []] = result.times;
    const same = result.outputs[0] === result.outputs[1];
    differ ||= !same;
    const cpu = result.cpu.map((times) => ms(median(times)));
    process.stdout.write(`| ${command.label} | ${cells[0]} | ${cells[1]} | ${(median(second) / median(first)).toFixed(2)} | ${cpu[0]} → ${cpu[1]} | ${result.modules[0]} → ${result.modules[1]} | ${same ? 'yes' : 'NO'} |\n`);
  }
  if (differ) {
    process.stderr.write('startup: the two checkouts printed different output or exit codes for a command marked NO.\n');
    process.exitCode = 1;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
