#!/usr/bin/env node
// Sunset benchmarks: wall time and peak RSS of `sunset check` / `sunset fix --dry` side by side
// with what users would otherwise run (ESLint with the plugin, a jscodeshift no-op, grep).
//
//   node bench/run.mjs [--quick] [--sizes 1000,10000[,50000]] [--runs 3] [--json-only]
//
// See bench/README.md for what each row and ratio means.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEFAULT_SEED, DEFAULT_SHARE, writeRepo } from './generate.mjs';

const workspaceRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_GLOB = '**/*.{js,mjs,cjs,jsx,ts,tsx,mts,cts}';
const SOURCE_EXTENSIONS = ['js', 'mjs', 'cjs', 'jsx', 'ts', 'tsx', 'mts', 'cts'];
/** What the generated repo's .gitignore excludes; every tool is told to skip the same folders. */
const IGNORED_DIRS = ['node_modules', 'dist', 'coverage'];
const POLL_INTERVAL_MS = 20;

/** Used only when packages/rule-data is not built yet: the retired keys of contracts.md. */
const FALLBACK_NEEDLES = [
  '/v1/campaigns', '/v1/reportingstats/agency/reportdata',
  'GetCampaigns', 'GetCampaignsAsJson', 'CreateCampaign', 'CreateCampaignsAsJson', 'UpdateCampaign',
  'UpdateCampaignsAsJson', 'GetCampaignCategories', 'GetUsers', 'GetAdvertisers', 'GetAdvertisersAsJson',
  'GetCampaignLabelsAsJson', 'GetAdvertiserLabelsAsJson', 'GetPlacementsLabelsAsJson', 'AddAdvertiserLabelsAsJson',
  'AddAdvertiserLabelsAsJsonp', 'RemoveAdvertiserLabelsAsJsonp', 'SetPlacementsLabelsAsJson',
];

const TOOL_IDS = ['a', 'b', 'b0', 'c', 'd', 'e'];
const TOOL_NAMES = {
  a: 'sunset check',
  b: 'eslint + sunset recommended',
  b0: 'eslint, parsers only (no rules)',
  c: 'sunset fix --dry',
  d: 'jscodeshift no-op (parse only)',
  e: 'grep -rlE needle pattern',
};

// ---------------------------------------------------------------------------------------------
// Options

function usage() {
  return [
    'usage: node bench/run.mjs [options]',
    '  --sizes 1000,10000       repo sizes in files (default 1000,10000; --quick: 300)',
    '  --runs 3                 runs per tool and size; the median is reported (default 3; --quick: 1)',
    '  --quick                  small repo, one run (a smoke check, not a measurement)',
    '  --share 0.01             share of files with retired calls (default 0.01)',
    '  --seed 42                generator seed',
    '  --tools a,b,c,d,e        which rows to run (b0 = ESLint with parsers only, off by default)',
    '  --out-dir DIR            where results-<timestamp>.json goes (default bench/out)',
    '  --json-only              print only the results JSON on stdout (progress stays on stderr)',
    '  --keep                   keep the generated repos and the temp dir',
  ].join('\n');
}

export function parseArgs(argv) {
  const options = {
    sizes: undefined, runs: undefined, quick: false, share: DEFAULT_SHARE, seed: DEFAULT_SEED,
    tools: ['a', 'b', 'c', 'd', 'e'], outDir: join(workspaceRoot, 'bench', 'out'), jsonOnly: false, keep: false, help: false,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
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
    else if (flag === '--help' || flag === '-h') options.help = true;
    else if (flag === '--sizes') options.sizes = value().split(',').map((s) => Number(s.trim().replace(/_/g, '')));
    else if (flag === '--runs') options.runs = Number(value());
    else if (flag === '--share') options.share = Number(value());
    else if (flag === '--seed') options.seed = Number(value());
    else if (flag === '--tools') options.tools = value().split(',').map((s) => s.trim());
    else if (flag === '--out-dir') options.outDir = resolve(value());
    else throw new Error(`Unknown option ${arg}; see --help.`);
  }
  options.sizes ??= options.quick ? [300] : [1000, 10000];
  options.runs ??= options.quick ? 1 : 3;
  for (const size of options.sizes) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`--sizes takes positive whole numbers separated by commas, got ${String(size)}; e.g. --sizes 1000,10000.`);
  }
  if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error(`--runs must be a positive whole number, got ${String(options.runs)}; e.g. --runs 3.`);
  for (const tool of options.tools) {
    if (!TOOL_IDS.includes(tool)) throw new Error(`--tools takes ids from ${TOOL_IDS.join(', ')}, got ${tool}.`);
  }
  return options;
}

// ---------------------------------------------------------------------------------------------
// Measuring one process (and its children)

function gnuTimeAvailable() {
  if (!existsSync('/usr/bin/time')) return false;
  const probe = spawnSync('/usr/bin/time', ['-f', '%e %M', 'true'], { encoding: 'utf8' });
  return probe.status === 0 && /^\d+(\.\d+)? \d+\s*$/m.test(probe.stderr);
}

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

function childrenOf(pid) {
  const found = [];
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

/** Samples the process tree under `rootPid`: per-process high-water marks and the summed RSS. */
function startTreeSampler(rootPid, { excludeRoot }) {
  const hwmByPid = new Map();
  let peakTreeKb = 0;
  const sample = () => {
    const pending = [rootPid];
    let treeKb = 0;
    while (pending.length > 0) {
      const pid = pending.pop();
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
 */
function measure({ command, args, cwd, env, stdoutPath, useGnuTime, scratchDir }) {
  return new Promise((resolvePromise) => {
    const timeFile = join(scratchDir, `time-${process.pid}-${Date.now()}.txt`);
    const [file, fileArgs] = useGnuTime ? ['/usr/bin/time', ['-f', '%e %M', '-o', timeFile, command, ...args]] : [command, args];
    const stdoutFd = openSync(stdoutPath, 'w');
    const started = process.hrtime.bigint();
    const child = spawn(file, fileArgs, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', stdoutFd, 'pipe'] });
    const sampler = startTreeSampler(child.pid, { excludeRoot: useGnuTime });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', (error) => {
      stderr += `\n${error.message}`;
    });
    child.on('close', (code) => {
      const wallS = Number(process.hrtime.bigint() - started) / 1e9;
      closeSync(stdoutFd);
      const sampled = sampler.stop();
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

export function median(values) {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// ---------------------------------------------------------------------------------------------
// What is available in this workspace

async function importIfBuilt(relativePath) {
  const full = join(workspaceRoot, relativePath);
  if (!existsSync(full)) return { module: undefined, note: `${relativePath} is not built (run the build first)` };
  try {
    return { module: await import(pathToFileURL(full).href), note: undefined };
  } catch (error) {
    return { module: undefined, note: `${relativePath} failed to load: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function recommendedConfigOf(pluginModule) {
  const plugin = pluginModule?.default ?? pluginModule;
  const recommended = plugin?.configs?.recommended ?? plugin?.configs?.['flat/recommended'];
  if (!recommended || !plugin.rules) return undefined;
  return { plugin, recommended };
}

async function detectEnvironment() {
  const rootRequire = createRequire(join(workspaceRoot, 'package.json'));
  const codemodRequire = createRequire(join(workspaceRoot, 'packages', 'codemod', 'package.json'));
  const tryResolve = (req, id) => {
    try {
      return req.resolve(id);
    } catch {
      return undefined;
    }
  };
  const cliBin = join(workspaceRoot, 'packages', 'cli', 'dist', 'bin.js');
  const pluginDist = 'packages/eslint-plugin/dist/index.js';
  const plugin = await importIfBuilt(pluginDist);
  const pluginConfig = recommendedConfigOf(plugin.module);
  const ruleData = await importIfBuilt('packages/rule-data/dist/index.js');
  let needles = FALLBACK_NEEDLES;
  let needlesSource = 'fallback (contracts.md)';
  let grepPattern;
  if (typeof ruleData.module?.retiredNeedles === 'function') {
    needles = [...ruleData.module.retiredNeedles()];
    needlesSource = 'packages/rule-data/dist retiredNeedles()';
  }
  if (typeof ruleData.module?.retiredNeedlePattern === 'function') {
    // The exact prefilter pattern, written to mean the same to grep -E as to JavaScript.
    grepPattern = ruleData.module.retiredNeedlePattern();
    needlesSource = 'packages/rule-data/dist retiredNeedlePattern()';
  }
  const eslintBin = join(workspaceRoot, 'node_modules', 'eslint', 'bin', 'eslint.js');
  return {
    useGnuTime: gnuTimeAvailable(),
    procAvailable: existsSync('/proc/self/status'),
    cli: existsSync(cliBin) ? { bin: cliBin } : { note: 'packages/cli/dist/bin.js does not exist (CLI not built yet)' },
    eslint: existsSync(eslintBin) ? { bin: eslintBin } : { note: 'node_modules/eslint/bin/eslint.js is missing' },
    tsParser: tryResolve(rootRequire, '@typescript-eslint/parser'),
    plugin: pluginConfig
      ? { dist: join(workspaceRoot, pluginDist) }
      : { note: plugin.note ?? `${pluginDist} has no configs.recommended yet (plugin not implemented)` },
    jscodeshift: tryResolve(codemodRequire, 'jscodeshift/bin/jscodeshift.js'),
    needles,
    grepPattern,
    needlesSource,
  };
}

/** `retiredNeedles()` are plain strings; they are escaped for grep -E unless they already look like regexes. */
export function needlePattern(needles) {
  const looksLikeRegex = needles.some((n) => /\\|\(|\[|\|/.test(n));
  const parts = looksLikeRegex ? needles : needles.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return parts.join('|');
}

// ---------------------------------------------------------------------------------------------
// The tools

function eslintConfigSource(env, { withPlugin }) {
  const parserUrl = pathToFileURL(env.tsParser).href;
  const lines = [
    '// Written by bench/run.mjs: the plugin\'s recommended rules only.',
    `import * as tsParser from ${JSON.stringify(parserUrl)};`,
  ];
  if (withPlugin) lines.push(`import pluginModule from ${JSON.stringify(pathToFileURL(env.plugin.dist).href)};`);
  lines.push(
    '',
    `const files = [${JSON.stringify(SOURCE_GLOB)}];`,
  );
  if (withPlugin) {
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
    "  { files: ['**/*.{ts,tsx,mts,cts}'], languageOptions: { parser: tsParser } },",
    '];',
    '',
  );
  return lines.join('\n');
}

function summarizeEslintOutput(stdoutPath) {
  const results = JSON.parse(readFileSync(stdoutPath, 'utf8'));
  let filesWithSunsetFindings = 0;
  let sunsetFindings = 0;
  let fatalErrors = 0;
  for (const result of results) {
    const sunset = result.messages.filter((m) => typeof m.ruleId === 'string' && m.ruleId.startsWith('sunset/'));
    if (sunset.length > 0) filesWithSunsetFindings += 1;
    sunsetFindings += sunset.length;
    fatalErrors += result.fatalErrorCount ?? 0;
  }
  return { filesLinted: results.length, filesWithSunsetFindings, sunsetFindings, fatalErrors };
}

function summarizeJscodeshiftOutput(stdoutPath) {
  const text = readFileSync(stdoutPath, 'utf8');
  const count = (label) => {
    const match = new RegExp(`(\\d+) ${label}`).exec(text);
    return match ? Number(match[1]) : null;
  };
  return { errors: count('errors'), unmodified: count('unmodified'), skipped: count('skipped'), ok: count('ok') };
}

/** Counts of the CLI's JSON report (arrays by length, numeric summary fields), so a row shows whether the work was done. */
function summarizeCliOutput(stdoutPath) {
  const text = readFileSync(stdoutPath, 'utf8');
  const report = JSON.parse(text); // The row fails when the CLI does not print JSON for --format json.
  const counts = {};
  if (report && typeof report === 'object' && !Array.isArray(report)) {
    for (const [key, value] of Object.entries(report)) {
      if (Array.isArray(value)) counts[key] = value.length;
    }
    for (const [key, value] of Object.entries(report.summary ?? {})) {
      if (typeof value === 'number') counts[`summary.${key}`] = value;
    }
  } else if (Array.isArray(report)) {
    counts.entries = report.length;
  }
  return { ...counts, outputBytes: Buffer.byteLength(text) };
}

function summarizeGrepOutput(stdoutPath) {
  const candidates = readFileSync(stdoutPath, 'utf8').split('\n').filter(Boolean);
  return { candidateFiles: candidates.length };
}

/** Each tool: how to run it on a repo, or why it cannot run here. */
function toolPlans(env, { repoDir, scratchDir }) {
  const grepIncludes = SOURCE_EXTENSIONS.map((ext) => `--include=*.${ext}`);
  const grepExcludes = IGNORED_DIRS.map((dir) => `--exclude-dir=${dir}`);
  const eslintPlan = (withPlugin) => {
    if (!env.eslint.bin) return { note: env.eslint.note };
    if (!env.tsParser) return { note: '@typescript-eslint/parser cannot be resolved from the workspace root' };
    if (withPlugin && !env.plugin.dist) return { note: env.plugin.note };
    const configPath = join(scratchDir, withPlugin ? 'eslint.config.mjs' : 'eslint-parsers-only.config.mjs');
    writeFileSync(configPath, eslintConfigSource(env, { withPlugin }));
    return {
      command: process.execPath,
      args: [env.eslint.bin, '--config', configPath, '--format', 'json', '.'],
      okExitCodes: [0, 1],
      summarize: summarizeEslintOutput,
    };
  };
  const cliPlan = (subcommand) => {
    if (!env.cli.bin) return { note: env.cli.note };
    return {
      command: process.execPath,
      args: [env.cli.bin, ...subcommand, repoDir, '--format', 'json'],
      okExitCodes: [0, 1],
      summarize: summarizeCliOutput,
    };
  };
  const jscodeshiftPlan = () => {
    if (!env.jscodeshift) return { note: 'jscodeshift cannot be resolved from packages/codemod' };
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
      command: process.execPath,
      args: [env.jscodeshift, '-t', transform, '--extensions=ts,tsx,js,mjs', '--parser=tsx', '--dry', '--gitignore', '.'],
      okExitCodes: [0],
      summarize: summarizeJscodeshiftOutput,
    };
  };
  return {
    a: cliPlan(['check']),
    b: eslintPlan(true),
    b0: eslintPlan(false),
    c: cliPlan(['fix', '--dry']),
    d: jscodeshiftPlan(),
    e: {
      command: 'grep',
      // -i: the needles match case-insensitively in @sunset/rule-data, so grep selects the same candidates.
      args: env.grepPattern
        ? ['-rlE', env.grepPattern, '.', ...grepIncludes, ...grepExcludes]
        : ['-rliE', needlePattern(env.needles), '.', ...grepIncludes, ...grepExcludes],
      env: { LC_ALL: 'C' },
      okExitCodes: [0, 1],
      summarize: summarizeGrepOutput,
    },
  };
}

async function runTool(id, plan, { repoDir, scratchDir, runs, env, log }) {
  const row = { id, tool: TOOL_NAMES[id], status: 'ok', note: undefined, command: undefined, runs: [], medianWallS: null, medianPeakRssMb: null, maxPeakRssMb: null, medianTreeRssMb: null, output: undefined };
  if (!plan.command) {
    row.status = 'not-available';
    row.note = plan.note;
    log(`  ${id} ${TOOL_NAMES[id]}: not available (${plan.note})`);
    return row;
  }
  row.command = [plan.command === process.execPath ? 'node' : plan.command, ...plan.args].join(' ');
  const stdoutPath = join(scratchDir, `stdout-${id}.txt`);
  for (let run = 0; run < runs; run += 1) {
    const result = await measure({ command: plan.command, args: plan.args, cwd: repoDir, env: plan.env, stdoutPath, useGnuTime: env.useGnuTime, scratchDir });
    if (!plan.okExitCodes.includes(result.exitCode)) {
      row.status = 'failed';
      row.note = `exit code ${String(result.exitCode)}: ${result.stderrTail.split('\n').slice(-3).join(' | ') || '(no stderr)'}`;
      log(`  ${id} ${TOOL_NAMES[id]}: failed (${row.note})`);
      return row;
    }
    row.runs.push({ wallS: result.wallS, peakRssMb: result.peakRssMb, treeRssMb: result.treeRssMb, exitCode: result.exitCode });
    log(`  ${id} ${TOOL_NAMES[id]}: run ${run + 1}/${runs} ${result.wallS.toFixed(3)} s, ${result.peakRssMb === null ? '?' : result.peakRssMb.toFixed(0)} MB`);
  }
  try {
    row.output = plan.summarize(stdoutPath);
  } catch (error) {
    row.status = 'failed';
    row.note = `its output could not be read: ${error instanceof Error ? error.message : String(error)}`;
    row.runs = [];
    log(`  ${id} ${TOOL_NAMES[id]}: failed (${row.note})`);
    return row;
  }
  row.medianWallS = median(row.runs.map((r) => r.wallS));
  row.medianPeakRssMb = median(row.runs.map((r) => r.peakRssMb));
  row.maxPeakRssMb = row.runs.some((r) => r.peakRssMb !== null) ? Math.max(...row.runs.map((r) => r.peakRssMb ?? 0)) : null;
  row.medianTreeRssMb = median(row.runs.map((r) => r.treeRssMb));
  return row;
}

/** The sunset rules' share of ESLint time on the files grep selected (ESLint --stats). */
async function measureRuleShare(env, { repoDir, scratchDir, candidates, log }) {
  if (!env.plugin.dist || !env.eslint.bin || !env.tsParser) return { status: 'not-available', note: env.plugin.note ?? env.eslint.note ?? 'ESLint or its TypeScript parser is missing' };
  if (candidates.length === 0) return { status: 'not-available', note: 'grep selected no candidate files' };
  const configPath = join(scratchDir, 'eslint.config.mjs');
  if (!existsSync(configPath)) writeFileSync(configPath, eslintConfigSource(env, { withPlugin: true }));
  const stdoutPath = join(scratchDir, 'stdout-rule-share.json');
  const run = await measure({
    command: process.execPath,
    args: [env.eslint.bin, '--config', configPath, '--stats', '--format', 'json', ...candidates],
    cwd: repoDir, env: {}, stdoutPath, useGnuTime: env.useGnuTime, scratchDir,
  });
  if (![0, 1].includes(run.exitCode)) return { status: 'failed', note: `ESLint --stats exited ${String(run.exitCode)}: ${run.stderrTail}` };
  const results = JSON.parse(readFileSync(stdoutPath, 'utf8'));
  let totalMs = 0;
  let parseMs = 0;
  let sunsetMs = 0;
  const byRule = {};
  for (const result of results) {
    for (const pass of result.stats?.times?.passes ?? []) {
      totalMs += pass.total ?? 0;
      parseMs += pass.parse?.total ?? 0;
      for (const [ruleId, timing] of Object.entries(pass.rules ?? {})) {
        if (!ruleId.startsWith('sunset/')) continue;
        sunsetMs += timing.total ?? 0;
        byRule[ruleId] = (byRule[ruleId] ?? 0) + (timing.total ?? 0);
      }
    }
  }
  const share = totalMs > 0 ? sunsetMs / totalMs : null;
  log(`  rule share on ${candidates.length} candidate files: ${share === null ? '?' : (share * 100).toFixed(1)} % (${sunsetMs.toFixed(1)} of ${totalMs.toFixed(1)} ms)`);
  return { status: 'ok', candidateFiles: candidates.length, lintMs: totalMs, parseMs, sunsetRulesMs: sunsetMs, share, byRule, wallS: run.wallS };
}

// ---------------------------------------------------------------------------------------------
// Ratios and report

function ratio(rows, numerator, denominator) {
  const top = rows.find((r) => r.id === numerator)?.medianWallS;
  const bottom = rows.find((r) => r.id === denominator)?.medianWallS;
  return typeof top === 'number' && typeof bottom === 'number' && bottom > 0 ? top / bottom : null;
}

export function computeRatios(sizeResults) {
  const ratios = {};
  for (const size of sizeResults) {
    ratios[size.files] = {
      'a/b': ratio(size.tools, 'a', 'b'),
      'c/d': ratio(size.tools, 'c', 'd'),
      'a/e': ratio(size.tools, 'a', 'e'),
    };
  }
  const growth = {};
  for (let i = 1; i < sizeResults.length; i += 1) {
    const from = sizeResults[i - 1];
    const to = sizeResults[i];
    const key = `${from.files}->${to.files}`;
    growth[key] = { sizeFactor: to.files / from.files };
    for (const id of TOOL_IDS) {
      const before = from.tools.find((r) => r.id === id)?.medianWallS;
      const after = to.tools.find((r) => r.id === id)?.medianWallS;
      if (typeof before === 'number' && typeof after === 'number' && before > 0) growth[key][id] = after / before;
    }
  }
  return { ratios, growth };
}

const fmt = (value, digits = 2) => (typeof value === 'number' ? value.toFixed(digits) : '—');

function targetsFor(sizeResults, ratios, growth) {
  const atSize = sizeResults.find((s) => s.files === 10000) ?? sizeResults[sizeResults.length - 1];
  if (!atSize) return [];
  const r = ratios[atSize.files];
  const rss = (id) => atSize.tools.find((t) => t.id === id)?.medianPeakRssMb;
  const verdict = (value, ok) => (typeof value === 'number' ? (ok(value) ? 'met' : 'NOT met') : 'n/a');
  const linear = Object.values(growth).filter((g) => g.sizeFactor > 1);
  const worstGrowth = (id) => {
    const values = linear.filter((g) => typeof g[id] === 'number').map((g) => g[id] / g.sizeFactor);
    return values.length ? Math.max(...values) : null;
  };
  return [
    { target: `sunset check ≥ 20× faster than ESLint (a/b ≤ 0.05) at ${atSize.files}`, value: r['a/b'], verdict: verdict(r['a/b'], (v) => v <= 0.05) },
    { target: `sunset check within 5× of grep (a/e ≤ 5) at ${atSize.files}`, value: r['a/e'], verdict: verdict(r['a/e'], (v) => v <= 5) },
    { target: `sunset fix --dry ≥ 10× faster than jscodeshift (c/d ≤ 0.1) at ${atSize.files}`, value: r['c/d'], verdict: verdict(r['c/d'], (v) => v <= 0.1) },
    { target: `peak RSS of sunset check < 400 MB at ${atSize.files}`, value: rss('a'), verdict: verdict(rss('a'), (v) => v < 400) },
    { target: `peak RSS of sunset fix --dry < 400 MB at ${atSize.files}`, value: rss('c'), verdict: verdict(rss('c'), (v) => v < 400) },
    { target: 'sunset check grows no worse than linearly (time growth / size growth ≤ 1)', value: worstGrowth('a'), verdict: verdict(worstGrowth('a'), (v) => v <= 1) },
    { target: 'sunset fix --dry grows no worse than linearly (time growth / size growth ≤ 1)', value: worstGrowth('c'), verdict: verdict(worstGrowth('c'), (v) => v <= 1) },
    { target: 'sunset rules < 10 % of ESLint time on candidate files', value: atSize.ruleShare?.share ?? null, verdict: verdict(atSize.ruleShare?.share, (v) => v < 0.1) },
  ];
}

function renderReport(results) {
  const lines = [];
  lines.push(`Sunset bench — ${results.startedAt} — node ${results.environment.node}, ${results.environment.cpus} CPUs, RSS via ${results.environment.rssMethod}`);
  lines.push(`needles: ${results.environment.needlesSource}; runs per tool: ${results.options.runs}; share: ${results.options.share}; seed: ${results.options.seed}`);
  lines.push('');
  const header = ['tool', 'N', 'median wall s', 'peak RSS MB', 'tree RSS MB', 'note'];
  const table = [header];
  for (const size of results.sizes) {
    for (const row of size.tools) {
      const note = row.status === 'ok' ? (row.output ? Object.entries(row.output).map(([k, v]) => `${k}=${v}`).join(' ') : '') : `${row.status}: ${row.note}`;
      table.push([`(${row.id}) ${row.tool}`, String(size.files), fmt(row.medianWallS, 3), fmt(row.medianPeakRssMb, 0), fmt(row.medianTreeRssMb, 0), note]);
    }
  }
  const widths = header.map((_, i) => Math.max(...table.map((r) => (i === header.length - 1 ? 0 : r[i].length))));
  for (const r of table) lines.push(r.map((cell, i) => (i === r.length - 1 ? cell : i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
  lines.push('');
  lines.push('ratios (median wall time; < 1 means sunset is faster):');
  for (const [files, r] of Object.entries(results.ratios)) {
    const speedup = (v) => (typeof v === 'number' && v > 0 ? ` (${(1 / v).toFixed(1)}× faster)` : '');
    lines.push(`  N=${files}: a/b ${fmt(r['a/b'], 3)}${speedup(r['a/b'])}, c/d ${fmt(r['c/d'], 3)}${speedup(r['c/d'])}, a/e ${fmt(r['a/e'], 2)}`);
  }
  for (const [key, g] of Object.entries(results.growth)) {
    lines.push(`  growth ${key} (size ×${fmt(g.sizeFactor, 1)}): a ×${fmt(g.a)}, c ×${fmt(g.c)}, b ×${fmt(g.b)}, d ×${fmt(g.d)}, e ×${fmt(g.e)}`);
  }
  for (const size of results.sizes) {
    const share = size.ruleShare;
    if (!share) continue;
    lines.push(share.status === 'ok'
      ? `  sunset rules' share of ESLint time on ${share.candidateFiles} candidate files (N=${size.files}): ${fmt(share.share * 100, 1)} %`
      : `  sunset rules' share of ESLint time (N=${size.files}): ${share.status} (${share.note})`);
  }
  lines.push('');
  lines.push('targets (issue #6):');
  for (const t of results.targets) lines.push(`  [${t.verdict.padEnd(7)}] ${t.target}: ${fmt(t.value, 3)}`);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------

export async function runBench(options, log) {
  const startedAt = new Date().toISOString();
  const env = await detectEnvironment();
  const tempRoot = mkdtempSync(join(tmpdir(), 'sunset-bench-'));
  log(`temp dir ${tempRoot}; RSS via ${env.useGnuTime ? 'GNU time' : env.procAvailable ? '/proc sampling' : 'nothing (no /proc, no GNU time)'}; needles from ${env.needlesSource}`);
  const sizes = [];
  try {
    for (const files of options.sizes) {
      const repoDir = join(tempRoot, `repo-${files}`);
      const scratchDir = join(tempRoot, `scratch-${files}`);
      mkdirSync(scratchDir, { recursive: true });
      const started = process.hrtime.bigint();
      const manifest = writeRepo(repoDir, { files, seed: options.seed, share: options.share });
      const generateS = Number(process.hrtime.bigint() - started) / 1e9;
      log(`N=${files}: generated ${(manifest.bytes / 1e6).toFixed(1)} MB, ${manifest.retiredFiles.length} files with retired calls, in ${generateS.toFixed(2)} s`);
      const plans = toolPlans(env, { repoDir, scratchDir });
      const order = ['e', 'a', 'b', 'b0', 'c', 'd'].filter((id) => options.tools.includes(id));
      const tools = [];
      for (const id of order) tools.push(await runTool(id, plans[id], { repoDir, scratchDir, runs: options.runs, env, log }));
      tools.sort((x, y) => TOOL_IDS.indexOf(x.id) - TOOL_IDS.indexOf(y.id));
      const grepRow = tools.find((t) => t.id === 'e');
      const candidates = grepRow?.status === 'ok'
        ? readFileSync(join(scratchDir, 'stdout-e.txt'), 'utf8').split('\n').filter(Boolean)
        : manifest.retiredFiles.map((f) => f.path);
      const ruleShare = options.tools.includes('b') ? await measureRuleShare(env, { repoDir, scratchDir, candidates, log }) : undefined;
      sizes.push({ files, bytes: manifest.bytes, retiredFiles: manifest.retiredFiles.length, extensions: manifest.extensions, generateS, tools, ruleShare });
      if (!options.keep) rmSync(repoDir, { recursive: true, force: true });
    }
  } finally {
    if (!options.keep) rmSync(tempRoot, { recursive: true, force: true });
  }
  const { ratios, growth } = computeRatios(sizes);
  return {
    schema: 'sunset-bench-results/1',
    startedAt,
    finishedAt: new Date().toISOString(),
    options: { sizes: options.sizes, runs: options.runs, share: options.share, seed: options.seed, quick: options.quick, tools: options.tools },
    environment: {
      node: process.version, platform: `${process.platform} ${process.arch}`, cpus: cpus().length, totalMemMb: Math.round(totalmem() / 2 ** 20),
      rssMethod: env.useGnuTime ? 'gnu-time' : env.procAvailable ? 'proc-sampling' : 'none',
      needlesSource: env.needlesSource, needles: env.needles, tempDir: options.keep ? tempRoot : undefined,
    },
    sizes,
    ratios,
    growth,
    targets: targetsFor(sizes, ratios, growth),
  };
}

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    process.stdout.write(`${usage()}\n`);
    return;
  }
  const log = (line) => process.stderr.write(`${line}\n`);
  const results = await runBench(options, log);
  mkdirSync(options.outDir, { recursive: true });
  const outPath = join(options.outDir, `results-${results.startedAt.replace(/[:.]/g, '-')}.json`);
  results.resultsPath = outPath;
  writeFileSync(outPath, `${JSON.stringify(results, null, 2)}\n`);
  if (options.jsonOnly) {
    process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
    return;
  }
  process.stdout.write(`${renderReport(results)}\n\nresults written to ${outPath}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
