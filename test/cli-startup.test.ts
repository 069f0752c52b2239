import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, makeTempDir, repoRootPath, runCommand, sunsetBin } from './support/cli.js';
import { repoRoot } from './support/legacy-app.js';

// What each command of the BUILT binary loads, counted with a module hook (every module the ES loader
// loads, a worker's too): a command loads the code it runs, not the parser and the analysis of `check`.
// Users meet `--version`, `--help`, a mistyped flag and `explain` on every call of a hook or a script.

let temp: { dir: string; cleanup: () => Promise<void> };
let register = '';

beforeAll(async () => {
  await ensureBuilt();
  temp = await makeTempDir('sunset-startup-');
  const hooks = path.join(temp.dir, 'hooks.mjs');
  writeFileSync(hooks, "import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  appendFileSync(process.env.MODULES_LOG, `${url}\\n`);\n  return next(url, context);\n}\n");
  register = path.join(temp.dir, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
});

afterAll(() => temp.cleanup());

/** The exit code and the modules of this repository a node script loaded: repository paths (`packages/cli/dist/bin.js`, `node_modules/…/oxc-parser/…`), sorted. */
async function modulesLoadedBy(args: readonly string[], name: string): Promise<{ code: number | null; modules: string[] }> {
  const log = path.join(temp.dir, `${name}.log`);
  writeFileSync(log, '');
  const result = await runCommand(process.execPath, ['--import', pathToFileURL(register).href, ...args], { env: { MODULES_LOG: log } });
  const root = pathToFileURL(path.join(repoRoot, '/')).href;
  const modules = readFileSync(log, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith(root))
    .map((url) => url.slice(root.length));
  return { code: result.code, modules: [...new Set(modules)].sort() };
}

const cliOnly = [
  'packages/cli/dist/args.js',
  'packages/cli/dist/bin.js',
  'packages/cli/dist/cli.js',
  'packages/cli/dist/errors.js',
  'packages/cli/dist/process.js',
  'packages/cli/dist/version.js',
  'packages/config/dist/closest-name.js',
  'packages/engine/dist/errors.js',
  'packages/engine/dist/flags.js',
  'packages/engine/dist/usage.js',
];

/** Whether a module path is of the rule core or the parser: what `check` needs and the short commands do not. */
const isAnalysis = (module: string): boolean => module.startsWith('packages/analysis/') || module.includes('/oxc-parser/') || module === 'packages/engine/dist/index.js';

describe('what a command loads', () => {
  it('--version, --help and a usage error of check load the argument parsing and the engine’s usage errors, nothing else', async () => {
    const runs = await Promise.all([
      modulesLoadedBy([sunsetBin, '--version'], 'version'),
      modulesLoadedBy([sunsetBin, '--help'], 'help'),
      modulesLoadedBy([sunsetBin, 'check', '--bogus'], 'usage'),
    ]);
    expect(runs).toEqual([
      { code: 0, modules: cliOnly },
      { code: 0, modules: cliOnly },
      { code: 2, modules: cliOnly },
    ]);
  });

  it('fix --help and a bad flag of fix load the interrupt handler besides, and not the engine', async () => {
    const runs = await Promise.all([modulesLoadedBy([sunsetBin, 'fix', '--help'], 'fix-help'), modulesLoadedBy([sunsetBin, 'fix', '--bogus'], 'fix-usage')]);
    const withInterrupt = [...cliOnly, 'packages/engine/dist/fix/interrupt.js'].sort();
    expect(runs).toEqual([
      { code: 0, modules: withInterrupt },
      { code: 2, modules: withInterrupt },
    ]);
  });

  it('explain <rule> loads rule-data and the config, not the parser or the analysis; explain <entry> loads them for its fix example', async () => {
    const [rule, entry] = await Promise.all([
      modulesLoadedBy([sunsetBin, 'explain', 'no-legacy-rest-path'], 'explain-rule'),
      modulesLoadedBy([sunsetBin, 'explain', 'GET /v1/campaigns'], 'explain-entry'),
    ]);
    expect([rule.code, rule.modules.some(isAnalysis), rule.modules.includes('packages/rule-data/dist/index.js')]).toEqual([0, false, true]);
    expect([entry.code, entry.modules.includes('packages/analysis/dist/index.js'), entry.modules.some((module) => module.includes('/oxc-parser/'))]).toEqual([0, true, true]);
  });

  it('a checking worker loads what checks a file, not the walk, the .gitignore matching or the worker pool', async () => {
    const worker = pathToFileURL(repoRootPath('packages/engine/dist/check/check-worker.js')).href;
    const { code, modules } = await modulesLoadedBy(['--input-type=module', '-e', `await import(${JSON.stringify(worker)});`], 'worker');
    expect([code, modules.includes('packages/analysis/dist/index.js'), modules.some((module) => module.includes('/oxc-parser/'))]).toEqual([0, true, true]);
    expect(modules.filter((module) => /engine\/dist\/(check\/check-files|files\/walk|files\/gitignore|config-file\/)/.test(module) || module.includes('/ignore@'))).toEqual([]);
  });
});
