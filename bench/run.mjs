#!/usr/bin/env node
// @ts-check
// Sunset benchmarks: wall time and peak RSS of `sunset check` / `sunset fix --dry` side by side
// with what users would otherwise run (ESLint or oxlint with the plugin, a jscodeshift no-op, grep).
//
//   node bench/run.mjs [--quick] [--sizes 10000,50000,100000] [--runs 3] [--node 22] [--json-only] [--repo-root DIR]
//
// See bench/README.md for what each row, ratio and target means.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEFAULT_SEED, DEFAULT_SHARE, commitChange, currentManifest, writeRepo } from './generate.mjs';

const benchCheckout = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_SCHEMA = 'sunset-bench-results/3';
const SOURCE_GLOB = '**/*.{js,mjs,cjs,jsx,ts,tsx,mts,cts}';
const SOURCE_EXTENSIONS = ['js', 'mjs', 'cjs', 'jsx', 'ts', 'tsx', 'mts', 'cts'];
/** What the generated repo's .gitignore excludes; every tool is told to skip the same folders. */
const IGNORED_DIRS = ['node_modules', 'dist', 'coverage'];
const POLL_INTERVAL_MS = 20;

/** @typedef {'a' | 'b' | 'b0' | 'o' | 'c' | 'd' | 'e' | 'g'} ToolId */
/** @type {readonly ToolId[]} The rows, in table order. */
const TOOL_IDS = ['a', 'b', 'b0', 'o', 'c', 'd', 'e', 'g'];
/** @type {readonly ToolId[]} */
const DEFAULT_TOOLS = ['a', 'b', 'o', 'c', 'd', 'e', 'g'];
/** @type {readonly ToolId[]} The order rows run in (the cheap ones first, so a broken build shows early); g runs once, on its own repo. */
const RUN_ORDER = ['e', 'a', 'o', 'b', 'b0', 'c', 'd'];
/** @type {Readonly<Record<ToolId, string>>} */
const TOOL_NAMES = {
  a: 'sunset check',
  b: 'eslint + sunset recommended',
  b0: 'eslint, parsers only (no rules)',
  o: 'oxlint + sunset plugin (JS plugins)',
  c: 'sunset fix --dry',
  d: 'jscodeshift no-op (parse only)',
  e: 'grep -rlE needle pattern',
  g: 'sunset check --changed-since (pull request)',
};
const DEFAULT_SIZES = [10000, 50000, 100000];
const QUICK_SIZES = [300];
/** Row g: the repo it checks a pull request of, and how many files the pull request edits. */
const DEFAULT_GATE_SIZE = 100000;
const QUICK_GATE_SIZE = 200;
const DEFAULT_CHANGE = 20;
/** Sizes above this run only LARGE_SIZE_TOOLS unless --all-rows: at 50k ESLint alone takes about 25 min for 3 runs. */
const LARGE_SIZE = 10000;
/** @type {readonly ToolId[]} */
const LARGE_SIZE_TOOLS = ['a', 'c', 'e'];
/** The targets are taken at this size (or the largest size run, when it was not); the second memory target at 50k. */
const TARGET_SIZE = 10000;
const LARGE_TARGET_SIZE = 50000;
/**
 * Issue 24's targets on Node 22 and later (oxc's raw transfer); on Node 20 at least the ratios issue 11
 * ended with (2026-11-24: a/b 0.033, a/o 0.763, a/e 19.72).
 */
const RATIO_TARGETS = { current: { 'a/b': 0.02, 'a/o': 0.5, 'a/e': 10 }, node20: { 'a/b': 0.033, 'a/o': 0.763, 'a/e': 19.72 } };
/**
 * Row e (grep) runs at least this many times, its median taken, whatever --runs says: it takes 0.13-0.20 s
 * at 10k, and one sample of it moved a/e by half between runs minutes apart (9.4 against about 13 for
 * the same check, the seventh session's Node 24 run). Five cost under a second more.
 */
const GREP_RUNS = 5;
const RSS_TARGET_MB = 200;
const LARGE_RSS_TARGET_MB = 300;
const GATE_TARGET_S = 2;
/** The phases `sunset check --stats` reports in `stats.timings` (milliseconds). */
const PHASES = /** @type {const} */ (['walk', 'read', 'prefilter', 'parse', 'index', 'checks']);
const TIMINGS_ABSENT = 'timings not reported by this build';

/** @typedef {typeof PHASES[number]} Phase */
/** @typedef {Record<Phase, number>} Timings */

/**
 * @typedef {object} Options
 * @property {number[]} sizes
 * @property {number} runs
 * @property {boolean} quick
 * @property {number} share
 * @property {number} seed
 * @property {ToolId[]} tools
 * @property {boolean} allRows
 * @property {string} asOf
 * @property {string} repoRoot
 * @property {string} outDir
 * @property {boolean} jsonOnly
 * @property {boolean} keep
 * @property {boolean} help
 * @property {string | undefined} node the Node version the Node-hosted rows run under (`--node`)
 * @property {number} gateSize
 * @property {number} change
 * @property {string | undefined} work where generated repos are kept and reused
 */

/**
 * @typedef {object} Measurement
 * @property {number} wallS
 * @property {number | null} peakRssMb
 * @property {number | null} treeRssMb
 * @property {number | null} exitCode
 * @property {string} stderrTail
 */

/**
 * What one run of a tool printed, boiled down: counts for the note column, the number of sunset
 * findings (rows a, b, o) and the phase timings (row a, when the CLI reports them).
 * @typedef {object} RunSummary
 * @property {Record<string, number | null>} counts
 * @property {number | null} findings
 * @property {Timings | undefined} [timings]
 */

/**
 * How to run a tool on a repo.
 * @typedef {object} Plan
 * @property {string} command
 * @property {string[]} args
 * @property {Record<string, string>} [env]
 * @property {number[]} okExitCodes
 * @property {(stdoutPath: string) => RunSummary} summarize
 */

/**
 * @typedef {object} Phases
 * @property {'ok' | 'not-reported'} status
 * @property {string} [note]
 * @property {number} [runsWithTimings]
 * @property {Timings} [medianMs]
 * @property {Timings} [shares] each phase over the sum of the phases
 * @property {number} [sumMs]
 */

/**
 * @typedef {object} Row
 * @property {ToolId} id
 * @property {string} tool
 * @property {'ok' | 'not-available' | 'failed' | 'skipped'} status
 * @property {string | undefined} note
 * @property {string | undefined} command
 * @property {{ wallS: number, peakRssMb: number | null, treeRssMb: number | null, exitCode: number | null }[]} runs
 * @property {number | null} medianWallS
 * @property {number | null} medianPeakRssMb
 * @property {number | null} maxPeakRssMb
 * @property {number | null} medianTreeRssMb
 * @property {Record<string, number | null> | undefined} output the last run's counts
 * @property {number | null} findings sunset findings the tool reported (rows a, b, o)
 * @property {Phases} [phases] row a only
 */

/**
 * @typedef {object} SizeResult
 * @property {number} files
 * @property {number} bytes
 * @property {number} retiredFiles
 * @property {Record<string, number>} extensions
 * @property {number} generateS
 * @property {Row[]} tools
 * @property {{ sunset: number | null, eslint: number | null, oxlint: number | null, oxlintMatchesEslint: boolean | null, sunsetMatchesEslint: boolean | null }} findings
 */

/**
 * @typedef {object} Target
 * @property {string} id
 * @property {string} target
 * @property {number | null} size the N it was taken at
 * @property {number | null} value
 * @property {'met' | 'NOT met' | 'n/a'} verdict
 * @property {string} [detail] by how much it was missed, or why there is no value
 */

// ---------------------------------------------------------------------------------------------
// Options

function usage() {
  return [
    'usage: node bench/run.mjs [options]',
    '  --sizes 10000,50000,100000 repo sizes in files (default 10000,50000,100000; --quick: 300)',
    `  --runs 3                 runs per tool and size; the median is reported (default 3; --quick: 1; grep at least ${GREP_RUNS})`,
    '  --quick                  small repo, one run (a smoke check, not a measurement)',
    `  --tools ${DEFAULT_TOOLS.join(',')}    which rows to run (b0 = ESLint with parsers only, off by default; g = the pull-request gate)`,
    '  --node 22                run the CLI, ESLint, oxlint and jscodeshift under this Node (the registry\'s node package, through npx)',
    `  --gate-size ${DEFAULT_GATE_SIZE}       files of the repo row g checks a pull request of (--quick: ${QUICK_GATE_SIZE})`,
    `  --change ${DEFAULT_CHANGE}              files the generated pull request of row g edits`,
    '  --work DIR               keep the generated repos in DIR and reuse them on the next run (same seed, share, size)',
    `  --all-rows               also run b, b0, o, d above ${LARGE_SIZE} files (by default only ${LARGE_SIZE_TOOLS.join(', ')} run there)`,
    '  --share 0.01             share of files with retired calls (default 0.01)',
    '  --seed 42                generator seed',
    '  --as-of YYYY-MM-DD       the day every row computes phases for (default today, UTC)',
    '  --repo-root DIR          the Sunset workspace whose built tools are measured (default: this checkout)',
    '  --out-dir DIR            where results-<timestamp>.json goes (default bench/out)',
    '  --json-only              print only the results JSON on stdout (progress stays on stderr)',
    '  --keep                   keep the generated repos and the temp dir',
    'Exit codes: 0 every row ran, 1 a row could not run or failed (the results are still written), 2 usage error.',
  ].join('\n');
}

/** @param {string} text */
function isToolId(text) {
  return /** @type {readonly string[]} */ (TOOL_IDS).includes(text);
}

/** @param {string} day */
function isIsoDay(day) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/**
 * @param {readonly string[]} argv
 * @returns {Options}
 */
function parseArgs(argv) {
  /** @type {number[] | undefined} */
  let sizes;
  /** @type {number | undefined} */
  let runs;
  /** @type {Options} */
  const options = {
    sizes: [], runs: 0, quick: false, share: DEFAULT_SHARE, seed: DEFAULT_SEED, tools: [...DEFAULT_TOOLS], allRows: false,
    asOf: new Date().toISOString().slice(0, 10), repoRoot: benchCheckout, outDir: join(benchCheckout, 'bench', 'out'),
    jsonOnly: false, keep: false, help: false, node: undefined, gateSize: 0, change: DEFAULT_CHANGE, work: undefined,
  };
  /** @type {number | undefined} */
  let gateSize;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const eq = arg.indexOf('=');
    const [flag, inline] = eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    const value = () => {
      if (inline !== undefined) return inline;
      const next = argv[i + 1];
      if (next === undefined) throw new Error(`${flag} needs a value; see --help.`);
      i += 1;
      return next;
    };
    if (flag === '--quick') options.quick = true;
    else if (flag === '--json-only') options.jsonOnly = true;
    else if (flag === '--keep') options.keep = true;
    else if (flag === '--all-rows') options.allRows = true;
    else if (flag === '--help' || flag === '-h') options.help = true;
    else if (flag === '--sizes') sizes = value().split(',').map((s) => Number(s.trim().replace(/_/g, '')));
    else if (flag === '--runs') runs = Number(value());
    else if (flag === '--share') options.share = Number(value());
    else if (flag === '--seed') options.seed = Number(value());
    else if (flag === '--as-of') options.asOf = value();
    else if (flag === '--repo-root') options.repoRoot = resolve(value());
    else if (flag === '--out-dir') options.outDir = resolve(value());
    else if (flag === '--node') options.node = value();
    else if (flag === '--gate-size') gateSize = Number(value().replace(/_/g, ''));
    else if (flag === '--change') options.change = Number(value());
    else if (flag === '--work') options.work = resolve(value());
    else if (flag === '--tools') {
      const tools = value().split(',').map((s) => s.trim());
      const unknown = tools.find((tool) => !isToolId(tool));
      if (unknown !== undefined) throw new Error(`--tools takes ids from ${TOOL_IDS.join(', ')}, got ${unknown}.`);
      options.tools = /** @type {ToolId[]} */ (tools);
    } else throw new Error(`Unknown option ${arg}; see --help.`);
  }
  options.sizes = sizes ?? (options.quick ? QUICK_SIZES : DEFAULT_SIZES);
  options.runs = runs ?? (options.quick ? 1 : 3);
  options.gateSize = gateSize ?? (options.quick ? QUICK_GATE_SIZE : DEFAULT_GATE_SIZE);
  if (!Number.isInteger(options.gateSize) || options.gateSize < 1) throw new Error(`--gate-size takes a positive whole number, got ${String(options.gateSize)}; e.g. --gate-size 100000.`);
  if (!Number.isInteger(options.change) || options.change < 1 || options.change > options.gateSize) {
    throw new Error(`--change takes a whole number from 1 to --gate-size (${options.gateSize}), got ${String(options.change)}; e.g. --change 20.`);
  }
  if (options.node !== undefined && !/^\d+(\.\d+){0,2}$/.test(options.node)) throw new Error(`--node takes a Node version such as 22 or 22.23.3, got ${options.node}.`);
  for (const size of options.sizes) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`--sizes takes positive whole numbers separated by commas, got ${String(size)}; e.g. --sizes 1000,10000.`);
  }
  if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error(`--runs must be a positive whole number, got ${String(options.runs)}; e.g. --runs 3.`);
  if (!isIsoDay(options.asOf)) throw new Error(`--as-of takes a day as YYYY-MM-DD, got ${options.asOf}; e.g. --as-of 2026-11-23.`);
  if (!existsSync(options.repoRoot) || !statSync(options.repoRoot).isDirectory()) throw new Error(`--repo-root must be a directory, got ${options.repoRoot}.`);
  return options;
}

// ---------------------------------------------------------------------------------------------
// Measuring one process (and its children)

function gnuTimeAvailable() {
  if (!existsSync('/usr/bin/time')) return false;
  const probe = spawnSync('/usr/bin/time', ['-f', '%e %M', 'true'], { encoding: 'utf8' });
  return probe.status === 0 && /^\d+(\.\d+)? \d+\s*$/m.test(probe.stderr);
}

/** @param {number} pid */
function readStatusKb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rss = /VmRSS:\s+(\d+)/.exec(status);
    const hwm = /VmHWM:\s+(\d+)/.exec(status);
    return { rss: rss ? Number(rss[1]) : 0, hwm: hwm ? Number(hwm[1]) : 0 };
  } catch {
    return undefined;
  }
}

/**
 * @param {number} pid
 * @returns {number[]}
 */
function childrenOf(pid) {
  /** @type {number[]} */
  const found = [];
  /** @type {string[]} */
  let tasks;
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return found;
  }
  for (const task of tasks) {
    try {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (text) found.push(...text.split(/\s+/).map(Number));
    } catch {
      // The task ended between listing and reading.
    }
  }
  return found;
}

/**
 * Samples the process tree under `rootPid`: per-process high-water marks and the summed RSS.
 * @param {number} rootPid
 * @param {{ excludeRoot: boolean }} options
 */
function startTreeSampler(rootPid, { excludeRoot }) {
  /** @type {Map<number, number>} */
  const hwmByPid = new Map();
  let peakTreeKb = 0;
  const sample = () => {
    const pending = [rootPid];
    let treeKb = 0;
    for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
      pending.push(...childrenOf(pid));
      if (excludeRoot && pid === rootPid) continue;
      const status = readStatusKb(pid);
      if (!status) continue;
      treeKb += status.rss;
      hwmByPid.set(pid, Math.max(hwmByPid.get(pid) ?? 0, status.hwm));
    }
    peakTreeKb = Math.max(peakTreeKb, treeKb);
  };
  const procAvailable = existsSync('/proc/self/status');
  if (procAvailable) sample();
  const timer = procAvailable ? setInterval(sample, POLL_INTERVAL_MS) : undefined;
  return {
    /** @returns {{ maxProcessKb: number | undefined, treeKb: number | undefined }} */
    stop() {
      if (timer) clearInterval(timer);
      if (!procAvailable) return { maxProcessKb: undefined, treeKb: undefined };
      return { maxProcessKb: hwmByPid.size > 0 ? Math.max(...hwmByPid.values()) : undefined, treeKb: peakTreeKb || undefined };
    },
  };
}

/**
 * Runs `command args` and returns wall seconds (hrtime), peak RSS of the largest process in the
 * tree (GNU time's %M, or sampled VmHWM without it) and the sampled peak of the tree's summed RSS.
 * @param {{ command: string, args: readonly string[], cwd: string, env: Record<string, string> | undefined, stdoutPath: string, useGnuTime: boolean, scratchDir: string }} run
 * @returns {Promise<Measurement>}
 */
function measure({ command, args, cwd, env, stdoutPath, useGnuTime, scratchDir }) {
  return new Promise((resolvePromise) => {
    const timeFile = join(scratchDir, `time-${process.pid}-${Date.now()}.txt`);
    const [file, fileArgs] = useGnuTime ? ['/usr/bin/time', ['-f', '%e %M', '-o', timeFile, command, ...args]] : [command, [...args]];
    const stdoutFd = openSync(stdoutPath, 'w');
    const started = process.hrtime.bigint();
    const child = spawn(file, fileArgs, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', stdoutFd, 'pipe'] });
    const sampler = child.pid === undefined ? undefined : startTreeSampler(child.pid, { excludeRoot: useGnuTime });
    let stderr = '';
    child.stderr?.on('data', (/** @type {Buffer} */ chunk) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', (error) => {
      stderr += `\n${error.message}`;
    });
    child.on('close', (code) => {
      const wallS = Number(process.hrtime.bigint() - started) / 1e9;
      closeSync(stdoutFd);
      const sampled = sampler?.stop() ?? { maxProcessKb: undefined, treeKb: undefined };
      let maxProcessKb = sampled.maxProcessKb;
      let exitCode = code;
      if (useGnuTime && existsSync(timeFile)) {
        const text = readFileSync(timeFile, 'utf8');
        const match = /(\d+(?:\.\d+)?) (\d+)\s*$/.exec(text);
        if (match) maxProcessKb = Number(match[2]);
        const status = /Command exited with non-zero status (\d+)/.exec(text);
        if (status) exitCode = Number(status[1]);
        rmSync(timeFile, { force: true });
      }
      resolvePromise({
        wallS,
        peakRssMb: maxProcessKb === undefined ? null : maxProcessKb / 1024,
        treeRssMb: sampled.treeKb === undefined ? null : sampled.treeKb / 1024,
        exitCode,
        stderrTail: stderr.trim().slice(-600),
      });
    });
  });
}

/**
 * @param {readonly (number | null | undefined)[]} values
 * @returns {number | null}
 */
function median(values) {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid];
  const lower = sorted[mid - 1];
  if (upper === undefined) return null;
  return sorted.length % 2 === 1 || lower === undefined ? upper : (lower + upper) / 2;
}

// ---------------------------------------------------------------------------------------------
// JSON helpers (the tools' outputs are untyped)

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isRecord(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** @param {string} path */
function readJson(path) {
  return /** @type {unknown} */ (JSON.parse(readFileSync(path, 'utf8')));
}

/** @param {unknown} error */
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

// ---------------------------------------------------------------------------------------------
// What is available in the measured workspace

/**
 * @typedef {object} Environment
 * @property {string} root
 * @property {boolean} useGnuTime
 * @property {boolean} procAvailable
 * @property {{ bin?: string, stats: boolean, note?: string }} cli
 * @property {{ bin?: string, note?: string }} eslint
 * @property {string | undefined} tsParser
 * @property {{ dist?: string, sunsetRules: Record<string, unknown>, note?: string }} plugin
 * @property {{ bin?: string, version?: string, note?: string }} oxlint
 * @property {string | undefined} jscodeshift
 * @property {{ pattern?: string, note?: string }} needles
 * @property {NodeRuntime} node what the Node-hosted rows run under
 */

/**
 * @typedef {object} NodeRuntime
 * @property {string} path
 * @property {string} version
 */

/**
 * The Node binary of `--node <version>`: the registry's `node` package, through npx (installed once
 * into npx's cache); without `--node`, the Node running the bench.
 * @param {string | undefined} version
 * @returns {NodeRuntime}
 */
export function resolveNode(version) {
  if (version === undefined) return { path: process.execPath, version: process.version };
  const probe = spawnSync('npx', ['-y', `node@${version}`, '-p', 'process.execPath + "\\n" + process.version'], { encoding: 'utf8', timeout: 600_000 });
  const [path = '', reported = ''] = (probe.stdout ?? '').trim().split('\n').slice(-2);
  if (probe.status !== 0 || !existsSync(path)) {
    const why = (probe.stderr ?? '').trim().split('\n').slice(-2).join(' ') || probe.error?.message || `exit code ${String(probe.status)}`;
    throw new Error(`--node ${version}: npx could not run node@${version} from the registry (${why}). Check the version, e.g. --node 22.`);
  }
  return { path, version: reported.trim() };
}

/** @param {string} full */
async function importIfExists(full) {
  if (!existsSync(full)) return { module: undefined, note: `${full} does not exist (build the workspace first)` };
  try {
    return { module: /** @type {unknown} */ (await import(pathToFileURL(full).href)), note: undefined };
  } catch (error) {
    return { module: undefined, note: `${full} failed to load: ${messageOf(error)}` };
  }
}

/**
 * The `sunset/*` rule entries of the plugin's recommended config (what rows b and o turn on).
 * @param {unknown} pluginModule
 * @returns {Record<string, unknown> | undefined}
 */
function recommendedSunsetRules(pluginModule) {
  const plugin = isRecord(pluginModule) && isRecord(pluginModule.default) ? pluginModule.default : pluginModule;
  if (!isRecord(plugin) || !isRecord(plugin.configs) || !isRecord(plugin.rules)) return undefined;
  const recommended = plugin.configs.recommended ?? plugin.configs['flat/recommended'];
  /** @type {Record<string, unknown>} */
  const rules = {};
  for (const config of Array.isArray(recommended) ? recommended : [recommended]) {
    if (!isRecord(config) || !isRecord(config.rules)) continue;
    for (const [name, level] of Object.entries(config.rules)) if (name.startsWith('sunset/')) rules[name] = level;
  }
  return Object.keys(rules).length > 0 ? rules : undefined;
}

/**
 * @param {string} root
 * @param {NodeRuntime} node
 * @returns {Promise<Environment>}
 */
async function detectEnvironment(root, node) {
  const realRoot = realpathSync(root);
  /** Resolves `id` from `from`, only to a file inside the measured workspace (not NODE_PATH's, not a global one). */
  const tryResolve = (/** @type {string} */ from, /** @type {string} */ id) => {
    try {
      const found = realpathSync(createRequire(join(from, 'package.json')).resolve(id));
      return found.startsWith(realRoot + sep) ? found : undefined;
    } catch {
      return undefined;
    }
  };

  const cliBin = join(root, 'packages', 'cli', 'dist', 'bin.js');
  /** @type {Environment['cli']} */
  let cli = { stats: false, note: `${cliBin} does not exist (CLI not built)` };
  if (existsSync(cliBin)) {
    // `--stats` is asked for only when the CLI offers it: an older CLI rejects unknown flags.
    const help = spawnSync(node.path, [cliBin, 'check', '--help'], { encoding: 'utf8' });
    cli = { bin: cliBin, stats: /(^|\s)--stats\b/m.test(help.stdout) };
  }

  const pluginDist = join(root, 'packages', 'eslint-plugin', 'dist', 'index.js');
  const plugin = await importIfExists(pluginDist);
  const sunsetRules = recommendedSunsetRules(plugin.module);

  const ruleData = await importIfExists(join(root, 'packages', 'rule-data', 'dist', 'index.js'));
  const patternOf = isRecord(ruleData.module) ? ruleData.module.retiredNeedlePattern : undefined;
  const pattern = typeof patternOf === 'function' ? /** @type {unknown} */ (patternOf()) : undefined;

  const eslintBin = join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');

  /** @type {Environment['oxlint']} */
  let oxlint = { note: 'oxlint is not installed at the workspace root' };
  const oxlintManifest = tryResolve(root, 'oxlint/package.json');
  if (oxlintManifest) {
    const manifest = readJson(oxlintManifest);
    const version = isRecord(manifest) && typeof manifest.version === 'string' ? manifest.version : '?';
    const bin = isRecord(manifest) && isRecord(manifest.bin) && typeof manifest.bin.oxlint === 'string' ? join(dirname(oxlintManifest), manifest.bin.oxlint) : undefined;
    if (!version.startsWith('1.')) oxlint = { version, note: `row (o) is defined for oxlint 1.x, found ${version}` };
    else if (!bin || !existsSync(bin)) oxlint = { version, note: `oxlint ${version} has no bin/oxlint` };
    else oxlint = { bin, version };
  }

  return {
    root,
    useGnuTime: gnuTimeAvailable(),
    procAvailable: existsSync('/proc/self/status'),
    cli,
    eslint: existsSync(eslintBin) ? { bin: eslintBin } : { note: `${eslintBin} is missing` },
    tsParser: tryResolve(root, '@typescript-eslint/parser'),
    plugin: sunsetRules
      ? { dist: pluginDist, sunsetRules }
      : { sunsetRules: {}, note: plugin.note ?? `${pluginDist} has no configs.recommended with sunset/* rules` },
    oxlint,
    // The codemod hosts jscodeshift; a workspace that lost it there may still have it at the root.
    jscodeshift: tryResolve(join(root, 'packages', 'codemod'), 'jscodeshift/bin/jscodeshift.js') ?? tryResolve(root, 'jscodeshift/bin/jscodeshift.js'),
    needles: typeof pattern === 'string'
      ? { pattern }
      : { note: ruleData.note ?? 'packages/rule-data/dist has no retiredNeedlePattern()' },
    node,
  };
}

// ---------------------------------------------------------------------------------------------
// The tools

/**
 * An ESLint flat config: the plugin's recommended rules (or none), asOf pinned like the other rows.
 * @param {{ withPlugin: boolean, asOf: string, tsParser: string, pluginDist: string | undefined }} options
 */
function eslintConfigSource({ withPlugin, asOf, tsParser, pluginDist }) {
  const lines = [
    '// Written by bench/run.mjs.',
    `import * as tsParser from ${JSON.stringify(pathToFileURL(tsParser).href)};`,
  ];
  if (withPlugin && pluginDist) lines.push(`import pluginModule from ${JSON.stringify(pathToFileURL(pluginDist).href)};`);
  lines.push('', `const files = [${JSON.stringify(SOURCE_GLOB)}];`);
  if (withPlugin && pluginDist) {
    lines.push(
      'const plugin = pluginModule.default ?? pluginModule;',
      "const recommended = plugin.configs.recommended ?? plugin.configs['flat/recommended'];",
      'const recommendedConfigs = (Array.isArray(recommended) ? recommended : [recommended]).map((config) => ({',
      '  ...config,',
      '  files,',
      '  plugins: { ...(config.plugins ?? {}), sunset: plugin },',
      '}));',
    );
  } else {
    lines.push('const recommendedConfigs = [];');
  }
  lines.push(
    '',
    'export default [',
    `  { ignores: ${JSON.stringify(IGNORED_DIRS.map((d) => `${d}/**`))} },`,
    '  { files },',
    '  ...recommendedConfigs,',
    `  { files, settings: { sunset: { asOf: ${JSON.stringify(asOf)} } } },`,
    "  { files: ['**/*.{ts,tsx,mts,cts}'], languageOptions: { parser: tsParser } },",
    '];',
    '',
  );
  return lines.join('\n');
}

/**
 * An oxlint config with nothing on but the plugin's recommended `sunset/*` rules (through JS plugins).
 * The object form names the plugin `sunset`; a plain specifier string would name it `@sunset`.
 * @param {string} pluginDist
 * @param {Record<string, unknown>} sunsetRules
 * @param {string} asOf
 */
function oxlintConfig(pluginDist, sunsetRules, asOf) {
  return {
    plugins: [],
    categories: { correctness: 'off', suspicious: 'off', pedantic: 'off', perf: 'off', style: 'off', restriction: 'off', nursery: 'off' },
    jsPlugins: [{ name: 'sunset', specifier: pluginDist }],
    settings: { sunset: { asOf } },
    rules: sunsetRules,
    ignorePatterns: IGNORED_DIRS.map((d) => `${d}/**`),
  };
}

/**
 * @param {string} stdoutPath
 * @returns {RunSummary}
 */
function summarizeEslintOutput(stdoutPath) {
  const results = readJson(stdoutPath);
  if (!Array.isArray(results)) throw new Error('ESLint did not print a JSON array');
  let filesWithSunsetFindings = 0;
  let findings = 0;
  let fatalErrors = 0;
  for (const result of results) {
    if (!isRecord(result)) continue;
    const messages = Array.isArray(result.messages) ? result.messages : [];
    const sunset = messages.filter((m) => isRecord(m) && typeof m.ruleId === 'string' && m.ruleId.startsWith('sunset/')).length;
    if (sunset > 0) filesWithSunsetFindings += 1;
    findings += sunset;
    fatalErrors += typeof result.fatalErrorCount === 'number' ? result.fatalErrorCount : 0;
  }
  return { counts: { filesLinted: results.length, filesWithSunsetFindings, findings, fatalErrors }, findings };
}

/**
 * @param {string} stdoutPath
 * @returns {RunSummary}
 */
function summarizeOxlintOutput(stdoutPath) {
  const report = readJson(stdoutPath);
  if (!isRecord(report) || !Array.isArray(report.diagnostics)) throw new Error('oxlint did not print its JSON report');
  let findings = 0;
  let other = 0;
  for (const diagnostic of report.diagnostics) {
    if (isRecord(diagnostic) && typeof diagnostic.code === 'string' && diagnostic.code.startsWith('sunset(')) findings += 1;
    else other += 1;
  }
  const number = (/** @type {unknown} */ value) => (typeof value === 'number' ? value : null);
  // `other` counts anything but sunset findings (parse errors, a built-in rule left on): it should be 0.
  return { counts: { files: number(report.number_of_files), rules: number(report.number_of_rules), threads: number(report.threads_count), findings, other }, findings };
}

/**
 * @param {string} stdoutPath
 * @returns {RunSummary}
 */
function summarizeJscodeshiftOutput(stdoutPath) {
  const text = readFileSync(stdoutPath, 'utf8');
  const count = (/** @type {string} */ label) => {
    const match = new RegExp(`(\\d+) ${label}`).exec(text);
    return match ? Number(match[1]) : null;
  };
  return { counts: { errors: count('errors'), unmodified: count('unmodified'), skipped: count('skipped'), ok: count('ok') }, findings: null };
}

/**
 * `stats.timings` of `sunset check --stats --format json`, when all six phases are numbers.
 * @param {unknown} report
 * @returns {Timings | undefined}
 */
function timingsOf(report) {
  const timings = isRecord(report) && isRecord(report.stats) ? report.stats.timings : undefined;
  if (!isRecord(timings)) return undefined;
  /** @type {Partial<Timings>} */
  const found = {};
  for (const phase of PHASES) {
    const ms = timings[phase];
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return undefined;
    found[phase] = ms;
  }
  return /** @type {Timings} */ (found);
}

/**
 * Counts of the CLI's JSON report (arrays by length, numeric summary fields), so a row shows
 * whether the work was done; the findings of `check` and its phase timings.
 * @param {string} stdoutPath
 * @returns {RunSummary}
 */
function summarizeCliOutput(stdoutPath) {
  const report = readJson(stdoutPath); // The row fails when the CLI does not print JSON for --format json.
  if (!isRecord(report)) throw new Error('the CLI did not print a JSON object');
  /** @type {Record<string, number | null>} */
  const counts = {};
  for (const [key, value] of Object.entries(report)) {
    if (Array.isArray(value)) counts[key] = value.length;
  }
  for (const [key, value] of Object.entries(isRecord(report.summary) ? report.summary : {})) {
    if (typeof value === 'number') counts[`summary.${key}`] = value;
  }
  return { counts, findings: Array.isArray(report.findings) ? report.findings.length : null, timings: timingsOf(report) };
}

/**
 * @param {string} stdoutPath
 * @returns {RunSummary}
 */
function summarizeGrepOutput(stdoutPath) {
  const candidates = readFileSync(stdoutPath, 'utf8').split('\n').filter(Boolean);
  return { counts: { candidateFiles: candidates.length }, findings: null };
}

/**
 * Each tool: how to run it on a repo, or why it cannot run here.
 * @param {Environment} env
 * @param {{ scratchDir: string, asOf: string }} context
 * @returns {Record<ToolId, Plan | { note: string }>}
 */
function toolPlans(env, { scratchDir, asOf }) {
  const eslintPlan = (/** @type {boolean} */ withPlugin) => {
    if (!env.eslint.bin) return { note: env.eslint.note ?? 'ESLint is missing' };
    if (!env.tsParser) return { note: '@typescript-eslint/parser cannot be resolved from the workspace root' };
    if (withPlugin && !env.plugin.dist) return { note: env.plugin.note ?? 'the plugin is not built' };
    const configPath = join(scratchDir, withPlugin ? 'eslint.config.mjs' : 'eslint-parsers-only.config.mjs');
    writeFileSync(configPath, eslintConfigSource({ withPlugin, asOf, tsParser: env.tsParser, pluginDist: env.plugin.dist }));
    return {
      command: env.node.path,
      args: [env.eslint.bin, '--config', configPath, '--format', 'json', '.'],
      okExitCodes: [0, 1],
      summarize: summarizeEslintOutput,
    };
  };
  const cliPlan = (/** @type {string[]} */ subcommand, /** @type {string[]} */ extra) => {
    if (!env.cli.bin) return { note: env.cli.note ?? 'the CLI is not built' };
    return {
      command: env.node.path,
      args: [env.cli.bin, ...subcommand, '.', '--format', 'json', '--as-of', asOf, ...extra],
      okExitCodes: [0, 1],
      summarize: summarizeCliOutput,
    };
  };
  const oxlintPlan = () => {
    if (!env.oxlint.bin) return { note: env.oxlint.note ?? 'oxlint is missing' };
    if (!env.plugin.dist) return { note: env.plugin.note ?? 'the plugin is not built' };
    const configPath = join(scratchDir, 'oxlintrc.json');
    writeFileSync(configPath, `${JSON.stringify(oxlintConfig(env.plugin.dist, env.plugin.sunsetRules, asOf), null, 2)}\n`);
    return {
      command: env.node.path,
      args: [env.oxlint.bin, '--config', configPath, '--format', 'json', '.'],
      okExitCodes: [0, 1],
      summarize: summarizeOxlintOutput,
    };
  };
  const jscodeshiftPlan = () => {
    if (!env.jscodeshift) return { note: 'jscodeshift cannot be resolved from packages/codemod or the workspace root' };
    const transform = join(scratchDir, 'noop-transform.cjs');
    writeFileSync(transform, [
      '// Parses every file (what any real transform does first) and changes nothing.',
      'module.exports = function noopTransform(file, api) {',
      '  api.jscodeshift(file.source);',
      '  return undefined;',
      '};',
      '',
    ].join('\n'));
    return {
      command: env.node.path,
      args: [env.jscodeshift, '-t', transform, '--extensions=ts,tsx,js,mjs', '--parser=tsx', '--dry', '--gitignore', '.'],
      okExitCodes: [0],
      summarize: summarizeJscodeshiftOutput,
    };
  };
  const grepPlan = () => {
    if (!env.needles.pattern) return { note: env.needles.note ?? 'no needle pattern' };
    return {
      command: 'grep',
      // The pattern spells letters that match case-insensitively as [xX] classes, so it means the
      // same to grep -E as to Sunset's prefilter and needs no -i.
      args: ['-rlE', env.needles.pattern, '.', ...SOURCE_EXTENSIONS.map((ext) => `--include=*.${ext}`), ...IGNORED_DIRS.map((dir) => `--exclude-dir=${dir}`)],
      env: { LC_ALL: 'C' },
      okExitCodes: [0, 1],
      summarize: summarizeGrepOutput,
    };
  };
  return {
    g: gatePlan(env, asOf),
    a: cliPlan(['check'], env.cli.stats ? ['--stats'] : []),
    b: eslintPlan(true),
    b0: eslintPlan(false),
    o: oxlintPlan(),
    c: cliPlan(['fix', '--dry'], []),
    d: jscodeshiftPlan(),
    e: grepPlan(),
  };
}

/**
 * Row g's command: `sunset check --changed-since main`, as a pull request's CI job runs it.
 * @param {Environment} env
 * @param {string} asOf
 * @returns {Plan | { note: string }}
 */
function gatePlan(env, asOf) {
  if (!env.cli.bin) return { note: env.cli.note ?? 'the CLI is not built' };
  return {
    command: env.node.path,
    args: [env.cli.bin, 'check', '.', '--changed-since', 'main', '--format', 'json', '--as-of', asOf],
    okExitCodes: [0, 1],
    summarize: summarizeCliOutput,
  };
}

/**
 * @param {ToolId} id
 * @returns {Row}
 */
function emptyRow(id) {
  return {
    id, tool: TOOL_NAMES[id], status: 'ok', note: undefined, command: undefined, runs: [],
    medianWallS: null, medianPeakRssMb: null, maxPeakRssMb: null, medianTreeRssMb: null, output: undefined, findings: null,
  };
}

/**
 * Medians of the phases over the runs that reported them, and each phase's share of their sum.
 * @param {readonly (Timings | undefined)[]} perRun
 * @returns {Phases}
 */
function phasesOf(perRun) {
  const reported = perRun.filter((t) => t !== undefined);
  if (reported.length === 0) return { status: 'not-reported', note: TIMINGS_ABSENT };
  /** @type {Partial<Timings>} */
  const medianMs = {};
  for (const phase of PHASES) medianMs[phase] = median(reported.map((t) => t[phase])) ?? 0;
  const full = /** @type {Timings} */ (medianMs);
  const sumMs = PHASES.reduce((sum, phase) => sum + full[phase], 0);
  /** @type {Partial<Timings>} */
  const shares = {};
  for (const phase of PHASES) shares[phase] = sumMs > 0 ? full[phase] / sumMs : 0;
  return { status: 'ok', runsWithTimings: reported.length, medianMs: full, shares: /** @type {Timings} */ (shares), sumMs };
}

/**
 * Reads every file of the tree once, untimed, so each tool's timed run starts with the files in the
 * page cache. Without it a run's wall time said more about the cache than the tool: on this machine
 * the kernel reclaims idle page cache (DAMON), and grep at 10k files took 0.13-0.22 s warm and 0.77 s
 * after the ESLint row, so a/e swung between 2.5 and 14 from one run to the next. Every row gets the
 * same warm start (as hyperfine's --warmup gives; a re-read is what a user's second run sees too).
 * @param {string} repoDir
 */
function warmPageCache(repoDir) {
  spawnSync('sh', ['-c', 'find . -path ./.git -prune -o -type f -exec cat {} + > /dev/null'], { cwd: repoDir, stdio: 'ignore' });
}

/**
 * @param {ToolId} id
 * @param {Plan | { note: string }} plan
 * @param {{ repoDir: string, scratchDir: string, runs: number, env: Environment, log: (line: string) => void }} context
 * @returns {Promise<Row>}
 */
async function runTool(id, plan, { repoDir, scratchDir, runs, env, log }) {
  const row = emptyRow(id);
  if (!('command' in plan)) {
    row.status = 'not-available';
    row.note = plan.note;
    log(`  ${id} ${TOOL_NAMES[id]}: not available (${plan.note})`);
    return row;
  }
  row.command = [plan.command === env.node.path ? 'node' : plan.command, ...plan.args].join(' ');
  const stdoutPath = join(scratchDir, `stdout-${id}.txt`);
  /** @type {RunSummary[]} */
  const summaries = [];
  for (let run = 0; run < runs; run += 1) {
    warmPageCache(repoDir);
    const result = await measure({ command: plan.command, args: plan.args, cwd: repoDir, env: plan.env, stdoutPath, useGnuTime: env.useGnuTime, scratchDir });
    const fail = (/** @type {string} */ note) => {
      row.status = 'failed';
      row.note = note;
      row.runs = [];
      log(`  ${id} ${TOOL_NAMES[id]}: failed (${note})`);
      return row;
    };
    if (result.exitCode === null || !plan.okExitCodes.includes(result.exitCode)) {
      return fail(`exit code ${String(result.exitCode)}: ${result.stderrTail.split('\n').slice(-3).join(' | ') || '(no stderr)'}`);
    }
    try {
      summaries.push(plan.summarize(stdoutPath));
    } catch (error) {
      return fail(`its output could not be read: ${messageOf(error)}`);
    }
    row.runs.push({ wallS: result.wallS, peakRssMb: result.peakRssMb, treeRssMb: result.treeRssMb, exitCode: result.exitCode });
    log(`  ${id} ${TOOL_NAMES[id]}: run ${run + 1}/${runs} ${result.wallS.toFixed(3)} s, ${result.peakRssMb === null ? '?' : result.peakRssMb.toFixed(0)} MB`);
  }
  const last = summaries[summaries.length - 1];
  row.output = last?.counts;
  row.findings = last?.findings ?? null;
  const findingCounts = new Set(summaries.map((s) => s.findings));
  if (findingCounts.size > 1) row.note = `the runs disagree on the number of findings: ${[...findingCounts].join(', ')}`;
  if (id === 'a') row.phases = phasesOf(summaries.map((s) => s.timings));
  row.medianWallS = median(row.runs.map((r) => r.wallS));
  row.medianPeakRssMb = median(row.runs.map((r) => r.peakRssMb));
  const peaks = row.runs.map((r) => r.peakRssMb).filter((v) => v !== null);
  row.maxPeakRssMb = peaks.length > 0 ? Math.max(...peaks) : null;
  row.medianTreeRssMb = median(row.runs.map((r) => r.treeRssMb));
  return row;
}

// ---------------------------------------------------------------------------------------------
// Ratios, growth, targets

/**
 * @param {readonly Row[]} rows
 * @param {ToolId} id
 */
function wallOf(rows, id) {
  return rows.find((r) => r.id === id)?.medianWallS ?? null;
}

/**
 * @param {readonly Row[]} rows
 * @param {ToolId} numerator
 * @param {ToolId} denominator
 */
function ratio(rows, numerator, denominator) {
  const top = wallOf(rows, numerator);
  const bottom = wallOf(rows, denominator);
  return top !== null && bottom !== null && bottom > 0 ? top / bottom : null;
}

const RATIOS = /** @type {const} */ ([['a', 'b'], ['a', 'o'], ['a', 'e'], ['c', 'd']]);

/** @typedef {{ from: number, to: number, sizeFactor: number, rss: Partial<Record<ToolId, number>> } & Partial<Record<ToolId, number>>} Growth */

/**
 * @param {readonly SizeResult[]} sizeResults
 */
function computeRatios(sizeResults) {
  /** @type {Record<string, Record<string, number | null>>} */
  const ratios = {};
  for (const size of sizeResults) {
    ratios[size.files] = Object.fromEntries(RATIOS.map(([top, bottom]) => [`${top}/${bottom}`, ratio(size.tools, top, bottom)]));
  }
  /** @type {Record<string, Growth>} */
  const growth = {};
  for (let i = 1; i < sizeResults.length; i += 1) {
    const from = sizeResults[i - 1];
    const to = sizeResults[i];
    if (!from || !to) continue;
    /** @type {Growth} */
    const pair = { from: from.files, to: to.files, sizeFactor: to.files / from.files, rss: {} };
    for (const id of TOOL_IDS) {
      const before = wallOf(from.tools, id);
      const after = wallOf(to.tools, id);
      if (before !== null && after !== null && before > 0) pair[id] = after / before;
      const rssBefore = from.tools.find((r) => r.id === id)?.medianPeakRssMb ?? null;
      const rssAfter = to.tools.find((r) => r.id === id)?.medianPeakRssMb ?? null;
      if (rssBefore !== null && rssAfter !== null && rssBefore > 0) pair.rss[id] = rssAfter / rssBefore;
    }
    growth[`${from.files}->${to.files}`] = pair;
  }
  return { ratios, growth };
}

/**
 * @param {number | null | undefined} value
 * @param {number} [digits]
 */
const fmt = (value, digits = 2) => (typeof value === 'number' ? value.toFixed(digits) : '—');
/** @param {number} n */
const thousands = (n) => n.toLocaleString('en-US');

/**
 * The verdicts of issue 24 (c/d, fix memory and the findings check kept from issues 6 and 11), at
 * N = 10,000 or the largest size run; the ratio limits depend on the Node line (`RATIO_TARGETS`).
 * @param {readonly SizeResult[]} sizeResults
 * @param {ReturnType<typeof computeRatios>} computed
 * @param {GateResult | undefined} gate
 * @param {number} nodeMajor
 * @returns {Target[]}
 */
function targetsFor(sizeResults, { ratios, growth }, gate, nodeMajor) {
  const atSize = sizeResults.find((s) => s.files === TARGET_SIZE) ?? sizeResults[sizeResults.length - 1];
  const size = atSize?.files ?? null;
  const at = size === null ? '' : ` at ${thousands(size)} files`;
  /**
   * @param {string} id
   * @param {string} target
   * @param {number | null | undefined} value
   * @param {(v: number) => boolean} ok
   * @param {(v: number) => string} missedBy
   * @param {string} whyMissing
   * @returns {Target}
   */
  const verdict = (id, target, value, ok, missedBy, whyMissing) => {
    if (typeof value !== 'number') return { id, target, size, value: null, verdict: 'n/a', detail: whyMissing };
    return ok(value) ? { id, target, size, value, verdict: 'met' } : { id, target, size, value, verdict: 'NOT met', detail: missedBy(value) };
  };
  const rowOf = (/** @type {ToolId} */ id) => atSize?.tools.find((t) => t.id === id);
  const missing = (/** @type {ToolId[]} */ ...ids) => {
    const absent = ids.filter((id) => rowOf(id)?.status !== 'ok');
    return `no median for ${absent.map((id) => `(${id})`).join(' and ') || 'the rows'}${at}`;
  };
  const r = size === null ? {} : (ratios[size] ?? {});
  const over = (/** @type {number} */ limit) => (/** @type {number} */ v) => `${fmt(v / limit)}× the limit`;
  const line = nodeMajor >= 22 ? 'current' : 'node20';
  const limits = RATIO_TARGETS[line];
  const onLine = line === 'current' ? '' : ' (Node 20: the ratio issue 11 ended with)';
  const times = (/** @type {number} */ limit) => fmt(1 / limit, 0);
  const large = sizeResults.find((s) => s.files === LARGE_TARGET_SIZE);
  const largeRow = large?.tools.find((t) => t.id === 'a');
  /** @type {Target[]} */
  const targets = [
    verdict('a/b', `sunset check ≥ ${times(limits['a/b'])}× faster than ESLint + plugin (a/b ≤ ${limits['a/b']})${onLine}${at}`, r['a/b'], (v) => v <= limits['a/b'], (v) => `${fmt(1 / v, 1)}× faster, ${over(limits['a/b'])(v)}`, missing('a', 'b')),
    verdict('a/e', `sunset check within ${limits['a/e']}× of grep (a/e ≤ ${limits['a/e']})${onLine}${at}`, r['a/e'], (v) => v <= limits['a/e'], over(limits['a/e']), missing('a', 'e')),
    verdict('a/o', `sunset check ≥ ${fmt(1 / limits['a/o'], 1)}× faster than oxlint + plugin (a/o ≤ ${limits['a/o']})${onLine}${at}`, r['a/o'], (v) => v <= limits['a/o'], (v) => `${fmt(1 / v, 1)}× faster, ${over(limits['a/o'])(v)}`, missing('a', 'o')),
    verdict('c/d', `sunset fix --dry ≥ 30× faster than jscodeshift (c/d ≤ 1/30 ≈ 0.033)${at}`, r['c/d'], (v) => v <= 1 / 30, (v) => `${fmt(1 / v, 1)}× faster, ${over(1 / 30)(v)}`, missing('c', 'd')),
    verdict('rss-a', `peak RSS of sunset check ≤ ${RSS_TARGET_MB} MB${at}`, rowOf('a')?.medianPeakRssMb, (v) => v <= RSS_TARGET_MB, (v) => `${fmt(v - RSS_TARGET_MB, 0)} MB over`, rowOf('a')?.status === 'ok' ? 'RSS not measured on this system' : missing('a')),
    large === undefined || largeRow?.status !== 'ok' || largeRow.medianPeakRssMb === null
      ? { id: 'rss-a-50k', target: `peak RSS of sunset check ≤ ${LARGE_RSS_TARGET_MB} MB at ${thousands(LARGE_TARGET_SIZE)} files`, size: LARGE_TARGET_SIZE, value: null, verdict: 'n/a', detail: large === undefined ? `no run at ${thousands(LARGE_TARGET_SIZE)} files` : `no peak RSS for (a) at ${thousands(LARGE_TARGET_SIZE)} files` }
      : { ...verdict('rss-a-50k', `peak RSS of sunset check ≤ ${LARGE_RSS_TARGET_MB} MB at ${thousands(LARGE_TARGET_SIZE)} files`, largeRow.medianPeakRssMb, (v) => v <= LARGE_RSS_TARGET_MB, (v) => `${fmt(v - LARGE_RSS_TARGET_MB, 0)} MB over`, ''), size: LARGE_TARGET_SIZE },
    verdict('rss-c', `peak RSS of sunset fix --dry < 400 MB${at}`, rowOf('c')?.medianPeakRssMb, (v) => v < 400, (v) => `${fmt(v - 400, 0)} MB over`, rowOf('c')?.status === 'ok' ? 'RSS not measured on this system' : missing('c')),
  ];
  const gateAt = gate === undefined ? '' : ` on ${thousands(gate.files)} files, a pull request of ${gate.change} files`;
  targets.push(
    gate === undefined || gate.row.status !== 'ok'
      ? { id: 'gate', target: `sunset check --changed-since finishes in ≤ ${GATE_TARGET_S} s${gateAt}`, size: gate?.files ?? null, value: null, verdict: 'n/a', detail: gate === undefined ? 'row g was not run' : `row g: ${gate.row.status}` }
      : { ...verdict('gate', `sunset check --changed-since finishes in ≤ ${GATE_TARGET_S} s${gateAt}`, gate.row.medianWallS, (v) => v <= GATE_TARGET_S, (v) => `${fmt(v - GATE_TARGET_S)} s over`, ''), size: gate.files },
  );
  const eslintFindings = atSize?.findings.eslint ?? null;
  const oxlintFindings = atSize?.findings.oxlint ?? null;
  targets.push(verdict(
    'findings-o=b',
    `oxlint + plugin reports as many findings as ESLint + plugin${at} (so a/o compares like with like)`,
    eslintFindings === null ? null : oxlintFindings,
    (v) => v === eslintFindings,
    (v) => `oxlint ${v}, ESLint ${String(eslintFindings)}`,
    missing('o', 'b'),
  ));
  const pairs = Object.values(growth);
  for (const id of /** @type {const} */ (['a', 'c'])) {
    const name = id === 'a' ? 'sunset check' : 'sunset fix --dry';
    if (pairs.length === 0) {
      targets.push({ id: `growth-${id}`, target: `${name} grows no worse than linearly with the repo size${id === 'a' ? ', in time and peak RSS' : ''}`, size: null, value: null, verdict: 'n/a', detail: 'needs at least two sizes' });
      continue;
    }
    for (const pair of pairs) {
      targets.push(verdict(
        `growth-${id}-${pair.from}-${pair.to}`,
        `${name} grows no worse than linearly from ${thousands(pair.from)} to ${thousands(pair.to)} files (time ×≤${fmt(pair.sizeFactor, 1)})`,
        pair[id],
        (v) => v <= pair.sizeFactor,
        (v) => `time ×${fmt(v)} for size ×${fmt(pair.sizeFactor, 1)}`,
        `no median for (${id}) at both sizes`,
      ));
      if (id !== 'a') continue;
      targets.push(verdict(
        `growth-rss-a-${pair.from}-${pair.to}`,
        `${name}'s peak RSS grows no worse than linearly from ${thousands(pair.from)} to ${thousands(pair.to)} files (×≤${fmt(pair.sizeFactor, 1)})`,
        pair.rss.a,
        (v) => v <= pair.sizeFactor,
        (v) => `peak RSS ×${fmt(v)} for size ×${fmt(pair.sizeFactor, 1)}`,
        'no peak RSS for (a) at both sizes',
      ));
    }
  }
  return targets;
}

// ---------------------------------------------------------------------------------------------
// Report

/** @param {Target} target */
function shownValue(target) {
  const v = target.value;
  if (v === null) return '—';
  if (target.id.startsWith('rss-')) return `${fmt(v, 0)} MB`;
  if (target.id === 'gate') return `${fmt(v, 3)} s`;
  if (target.id.startsWith('growth-')) return `×${fmt(v)}`;
  if (target.id.startsWith('findings-')) return String(v);
  return fmt(v, 3);
}

/**
 * @param {Row} row
 * @param {SizeResult} size
 */
function noteOf(row, size) {
  if (row.status !== 'ok') return `${row.status}: ${row.note ?? ''}`;
  const parts = Object.entries(row.output ?? {}).map(([k, v]) => `${k}=${v === null ? '?' : v}`);
  if (row.id === 'o' && size.findings.oxlintMatchesEslint === true) parts.push(`(same findings as ESLint: ${String(size.findings.eslint)})`);
  if (row.id === 'o' && size.findings.oxlintMatchesEslint === false) parts.push(`MISMATCH: oxlint ${String(size.findings.oxlint)} findings, ESLint ${String(size.findings.eslint)}`);
  if (row.id === 'a' && size.findings.sunsetMatchesEslint === false) parts.push(`MISMATCH: sunset check ${String(size.findings.sunset)} findings, ESLint ${String(size.findings.eslint)}`);
  if (row.note) parts.push(row.note);
  return parts.join(' ');
}

/** @param {Awaited<ReturnType<typeof runBench>>} results */
function renderReport(results) {
  const lines = [];
  lines.push(`Sunset bench — ${results.startedAt} — tools under node ${results.environment.node}, ${results.environment.cpus} CPUs, RSS via ${results.environment.rssMethod}`);
  lines.push(`workspace: ${results.options.repoRoot}; as of ${results.options.asOf}; runs per tool: ${results.options.runs} (grep: ${Math.max(results.options.runs, GREP_RUNS)}); share: ${results.options.share}; seed: ${results.options.seed}; oxlint ${results.environment.oxlintVersion ?? '—'}`);
  lines.push('');
  const header = ['tool', 'N', 'median wall s', 'peak RSS MB', 'tree RSS MB', 'note'];
  const table = [header];
  for (const size of results.sizes) {
    for (const row of size.tools) {
      table.push([`(${row.id}) ${row.tool}`, String(size.files), fmt(row.medianWallS, 3), fmt(row.medianPeakRssMb, 0), fmt(row.medianTreeRssMb, 0), noteOf(row, size)]);
    }
  }
  const { gate } = results;
  if (gate !== undefined) {
    const row = gate.row;
    const note = row.status !== 'ok' ? `${row.status}: ${row.note ?? ''}` : [`change=${gate.change} files, ${gate.retiredCalls} retired calls`, ...Object.entries(row.output ?? {}).map(([k, v]) => `${k}=${v === null ? '?' : v}`), row.note ?? ''].filter(Boolean).join(' ');
    table.push([`(g) ${row.tool}`, String(gate.files), fmt(row.medianWallS, 3), fmt(row.medianPeakRssMb, 0), fmt(row.medianTreeRssMb, 0), note]);
  }
  const widths = header.map((_, i) => Math.max(...table.map((r) => (i === header.length - 1 ? 0 : (r[i] ?? '').length))));
  for (const r of table) lines.push(r.map((cell, i) => (i === r.length - 1 ? cell : i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '));
  lines.push('');
  lines.push('ratios (median wall time; < 1 means sunset is faster):');
  const speedup = (/** @type {number | null | undefined} */ v) => {
    if (typeof v !== 'number' || v <= 0) return '';
    return v <= 1 ? ` (${(1 / v).toFixed(1)}× faster)` : ` (${v.toFixed(1)}× slower)`;
  };
  for (const [files, r] of Object.entries(results.ratios)) {
    lines.push(`  N=${files}: ${RATIOS.map(([top, bottom]) => `${top}/${bottom} ${fmt(r[`${top}/${bottom}`], 3)}${top === 'a' && bottom === 'e' ? '' : speedup(r[`${top}/${bottom}`])}`).join(', ')}`);
  }
  for (const [key, g] of Object.entries(results.growth)) {
    const measured = TOOL_IDS.filter((id) => typeof g[id] === 'number').map((id) => `${id} ×${fmt(g[id])}${typeof g.rss[id] === 'number' ? ` (RSS ×${fmt(g.rss[id])})` : ''}`);
    lines.push(`  growth ${key} (size ×${fmt(g.sizeFactor, 1)}): ${measured.join(', ') || 'no row ran at both sizes'}`);
  }
  lines.push('');
  lines.push('sunset check, share of time per phase (--stats):');
  for (const size of results.sizes) {
    const phases = size.tools.find((t) => t.id === 'a')?.phases;
    if (!phases) continue;
    if (phases.status !== 'ok' || !phases.shares || !phases.medianMs) {
      lines.push(`  N=${size.files}: ${phases.note ?? TIMINGS_ABSENT}`);
      continue;
    }
    const { shares, medianMs } = phases;
    lines.push(`  N=${size.files}: ${PHASES.map((p) => `${p} ${fmt(shares[p] * 100, 1)} % (${fmt(medianMs[p], 0)} ms)`).join(', ')}; sum ${fmt(phases.sumMs, 0)} ms`);
  }
  lines.push('');
  lines.push('findings (a, b and o must agree):');
  for (const size of results.sizes) {
    const f = size.findings;
    const problems = [
      f.oxlintMatchesEslint === false ? 'MISMATCH oxlint ≠ ESLint' : '',
      f.sunsetMatchesEslint === false ? 'MISMATCH sunset check ≠ ESLint' : '',
    ].filter(Boolean);
    lines.push(`  N=${size.files}: sunset check ${f.sunset ?? '—'}, ESLint ${f.eslint ?? '—'}, oxlint ${f.oxlint ?? '—'}${problems.length ? `  ${problems.join('; ')}` : ''}`);
  }
  lines.push('');
  lines.push(`targets (issue #24 on node ${results.environment.node}; c/d and fix memory from issues #6 and #11):`);
  for (const t of results.targets) lines.push(`  [${t.verdict.padEnd(7)}] ${t.target}${t.value === null ? '' : `: ${shownValue(t)}`}${t.detail ? ` — ${t.detail}` : ''}`);
  const notRun = [...results.sizes.flatMap((s) => s.tools.map((t) => ({ t, files: s.files }))), ...(gate === undefined ? [] : [{ t: gate.row, files: gate.files }])]
    .filter(({ t }) => t.status === 'not-available' || t.status === 'failed')
    .map(({ t, files }) => `(${t.id}) at ${files}`);
  if (notRun.length > 0) lines.push('', `rows that did not run: ${notRun.join(', ')}`);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// The generated repos

/**
 * The generated repo of `files` files in `dir` (reused when this generator made one with the same
 * parameters there: `--work`), or a new one.
 * @param {string} dir
 * @param {{ files: number, seed: number, share: number }} spec
 */
function generatedRepo(dir, spec) {
  const repoDir = join(dir, `repo-${spec.files}-seed${spec.seed}-share${spec.share}`);
  const kept = currentManifest(repoDir, spec);
  if (kept !== undefined) return { repoDir, manifest: kept, generateS: 0, reused: true };
  rmSync(repoDir, { recursive: true, force: true });
  const started = process.hrtime.bigint();
  const manifest = writeRepo(repoDir, spec);
  return { repoDir, manifest, generateS: Number(process.hrtime.bigint() - started) / 1e9, reused: false };
}

/**
 * @typedef {object} GateResult
 * @property {number} files
 * @property {number} change files the pull request edits
 * @property {number} retiredCalls retired calls it adds: the findings row g must report
 * @property {number} generateS
 * @property {Row} row
 */

/**
 * Row g: `sunset check --changed-since main` on a generated repo whose branch `change` edits
 * `--change` files (`commitChange`), made once per `--work` folder.
 * @param {Options} options
 * @param {Environment} env
 * @param {{ reposDir: string, tempRoot: string, log: (line: string) => void }} context
 * @returns {Promise<GateResult>}
 */
async function runGate(options, env, { reposDir, tempRoot, log }) {
  const files = options.gateSize;
  const repoDir = join(reposDir, `gate-${files}-seed${options.seed}-share${options.share}-change${options.change}`);
  // Inside .git, so the check never sees it as an untracked file of the change.
  const marker = join(repoDir, '.git', 'sunset-bench-change.json');
  const started = process.hrtime.bigint();
  /** @type {{ changed: string[], retiredCalls: number }} */
  let change;
  if (existsSync(marker) && currentManifest(repoDir, { files, seed: options.seed, share: options.share }) !== undefined) {
    change = /** @type {{ changed: string[], retiredCalls: number }} */ (readJson(marker));
  } else {
    rmSync(repoDir, { recursive: true, force: true });
    writeRepo(repoDir, { files, seed: options.seed, share: options.share });
    change = commitChange(repoDir, { files, count: options.change, seed: options.seed });
    writeFileSync(marker, `${JSON.stringify(change)}\n`);
  }
  const generateS = Number(process.hrtime.bigint() - started) / 1e9;
  log(`gate: N=${files}, a pull request of ${change.changed.length} files adding ${change.retiredCalls} retired calls (${generateS.toFixed(1)} s to make or find)`);
  const scratchDir = join(tempRoot, 'scratch-gate');
  mkdirSync(scratchDir, { recursive: true });
  const plan = gatePlan(env, options.asOf);
  // One untimed run first: a pull request's CI job runs the gate right after the checkout wrote every
  // file, so git finds their metadata cached; a repo generated minutes and gigabytes ago is not.
  if ('command' in plan) spawnSync(plan.command, plan.args, { cwd: repoDir, stdio: 'ignore', env: { ...process.env, ...plan.env } });
  const row = await runTool('g', plan, { repoDir, scratchDir, runs: options.runs, env, log });
  if (row.status === 'ok' && row.findings !== change.retiredCalls) row.note = `MISMATCH: ${String(row.findings)} findings for the ${change.retiredCalls} retired calls the change adds`;
  if (!options.keep && options.work === undefined) rmSync(repoDir, { recursive: true, force: true });
  return { files, change: change.changed.length, retiredCalls: change.retiredCalls, generateS, row };
}

// ---------------------------------------------------------------------------------------------

/**
 * @param {Options} options
 * @param {(line: string) => void} log
 * @param {NodeRuntime} node
 */
async function runBench(options, log, node) {
  const startedAt = new Date().toISOString();
  const env = await detectEnvironment(options.repoRoot, node);
  const tempRoot = mkdtempSync(join(tmpdir(), 'sunset-bench-'));
  log(`temp dir ${tempRoot}; measuring ${env.root} under node ${node.version}; RSS via ${env.useGnuTime ? 'GNU time' : env.procAvailable ? '/proc sampling' : 'nothing (no /proc, no GNU time)'}; sunset check --stats: ${env.cli.stats ? 'yes' : 'not offered'}`);
  /** @type {SizeResult[]} */
  const sizes = [];
  /** @type {GateResult | undefined} */
  let gate;
  const reposDir = options.work ?? tempRoot;
  try {
    for (const files of options.sizes) {
      const scratchDir = join(tempRoot, `scratch-${files}`);
      mkdirSync(scratchDir, { recursive: true });
      const { repoDir, manifest, generateS, reused } = generatedRepo(reposDir, { files, seed: options.seed, share: options.share });
      log(`N=${files}: ${reused ? 'reused' : 'generated'} ${(manifest.bytes / 1e6).toFixed(1)} MB, ${manifest.retiredFiles.length} files with retired calls${reused ? '' : `, in ${generateS.toFixed(2)} s`}`);
      const plans = toolPlans(env, { scratchDir, asOf: options.asOf });
      /** @type {Row[]} */
      const tools = [];
      for (const id of RUN_ORDER.filter((t) => options.tools.includes(t))) {
        if (files > LARGE_SIZE && !options.allRows && !LARGE_SIZE_TOOLS.includes(id)) {
          const row = emptyRow(id);
          row.status = 'skipped';
          row.note = `only ${LARGE_SIZE_TOOLS.join(', ')} run above ${thousands(LARGE_SIZE)} files (--all-rows runs every row)`;
          tools.push(row);
          continue;
        }
        tools.push(await runTool(id, plans[id], { repoDir, scratchDir, runs: id === 'e' ? Math.max(options.runs, GREP_RUNS) : options.runs, env, log }));
      }
      tools.sort((x, y) => TOOL_IDS.indexOf(x.id) - TOOL_IDS.indexOf(y.id));
      const findingsOf = (/** @type {ToolId} */ id) => {
        const row = tools.find((t) => t.id === id);
        return row?.status === 'ok' ? row.findings : null;
      };
      const [sunset, eslint, oxlint] = [findingsOf('a'), findingsOf('b'), findingsOf('o')];
      const same = (/** @type {number | null} */ x) => (x === null || eslint === null ? null : x === eslint);
      sizes.push({
        files, bytes: manifest.bytes, retiredFiles: manifest.retiredFiles.length, extensions: manifest.extensions, generateS, tools,
        findings: { sunset, eslint, oxlint, oxlintMatchesEslint: same(oxlint), sunsetMatchesEslint: same(sunset) },
      });
      if (!options.keep && options.work === undefined) rmSync(repoDir, { recursive: true, force: true });
    }
    if (options.tools.includes('g')) gate = await runGate(options, env, { reposDir, tempRoot, log });
  } finally {
    if (!options.keep) rmSync(tempRoot, { recursive: true, force: true });
  }
  const computed = computeRatios(sizes);
  const major = Number(/^v(\d+)/.exec(node.version)?.[1] ?? 0);
  return {
    schema: RESULTS_SCHEMA,
    startedAt,
    finishedAt: new Date().toISOString(),
    options: {
      sizes: options.sizes, runs: options.runs, share: options.share, seed: options.seed, quick: options.quick, tools: options.tools,
      allRows: options.allRows, asOf: options.asOf, repoRoot: options.repoRoot, node: options.node ?? null, gateSize: options.gateSize, change: options.change,
    },
    environment: {
      /** The Node the CLI, ESLint, oxlint and jscodeshift ran under (`--node`); `benchNode` ran this script. */
      node: node.version, nodePath: node.path, benchNode: process.version, platform: `${process.platform} ${process.arch}`, cpus: cpus().length, totalMemMb: Math.round(totalmem() / 2 ** 20),
      rssMethod: env.useGnuTime ? 'gnu-time' : env.procAvailable ? 'proc-sampling' : 'none',
      needlePattern: env.needles.pattern ?? null,
      oxlintVersion: env.oxlint.version ?? null,
      /** The rules rows b and o turn on: the `sunset/*` rules of the plugin's recommended config. */
      sunsetRules: Object.keys(env.plugin.sunsetRules).sort(),
      checkStats: env.cli.stats,
      tempDir: options.keep ? tempRoot : undefined,
    },
    sizes,
    gate,
    ratios: computed.ratios,
    growth: computed.growth,
    targets: targetsFor(sizes, computed, gate, major),
    /** @type {string | undefined} */
    resultsPath: undefined,
  };
}

async function main() {
  /** @type {Options} */
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`bench: ${messageOf(error)}\n`);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    process.stdout.write(`${usage()}\n`);
    return;
  }
  const log = (/** @type {string} */ line) => {
    process.stderr.write(`${line}\n`);
  };
  /** @type {NodeRuntime} */
  let node;
  try {
    node = resolveNode(options.node);
  } catch (error) {
    process.stderr.write(`bench: ${messageOf(error)}\n`);
    process.exitCode = 2;
    return;
  }
  const results = await runBench(options, log, node);
  mkdirSync(options.outDir, { recursive: true });
  const outPath = join(options.outDir, `results-${results.startedAt.replace(/[:.]/g, '-')}.json`);
  results.resultsPath = outPath;
  writeFileSync(outPath, `${JSON.stringify(results, null, 2)}\n`);
  if (options.jsonOnly) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  else process.stdout.write(`${renderReport(results)}\n\nresults written to ${outPath}\n`);
  // A measurement with a missing row is not the measurement that was asked for.
  const rows = [...results.sizes.flatMap((s) => s.tools), ...(results.gate === undefined ? [] : [results.gate.row])];
  if (rows.some((t) => t.status === 'not-available' || t.status === 'failed')) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
