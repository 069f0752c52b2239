import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, legacyAppExpected, makeTempDir, repoRootPath, runCommand, type RunResult } from './support/cli.js';
import { fixtureAsOf } from './support/legacy-app.js';

// The packages as users get them: each is packed with pnpm (which turns `workspace:*` into real
// versions), the tarballs are installed with npm into scratch projects, and the installed `sunset`
// bin and the plugin's `recommended` flat config are run there, under ESLint 10 and ESLint 9.
// Slow (npm install from the registry): CI runs it; set SUNSET_SKIP_PACK_TEST=1 to skip it locally.

const packages = ['rule-data', 'config', 'analysis', 'engine', 'runtime', 'openapi', 'report', 'project', 'eslint-plugin', 'codemod', 'cli'] as const;
const quietNpm = { npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false', npm_config_loglevel: 'error' };

/**
 * The version of the @typescript-eslint packages (one family, released in lockstep) the workspace's
 * lockfile holds. The scratch projects install that family at it: the registry this runs against may
 * list a release of one of them before the others (on 2026-11-26, parser 8.74.0 without
 * typescript-estree 8.74.0: every install of `^8.73.0` failed with ETARGET), and that is not what this
 * test is about. The parser is installed at that version; npm's `overrides` pin the rest of the family
 * (the plugin's own dependencies among them; an override of the parser itself would conflict with the
 * direct dependency npm saves as `^version`).
 */
const typescriptEslintVersion = (JSON.parse(readFileSync(repoRootPath('node_modules/@typescript-eslint/parser/package.json'), 'utf8')) as { version: string }).version;
const typescriptEslintPins = Object.fromEntries(
  ['utils', 'typescript-estree', 'types', 'scope-manager', 'visitor-keys', 'project-service', 'tsconfig-utils', 'type-utils'].map((name) => [`@typescript-eslint/${name}`, typescriptEslintVersion]),
);

function run(command: string, args: readonly string[], cwd: string): Promise<RunResult> {
  return runCommand(command, args, { cwd, env: quietNpm });
}

async function runOk(command: string, args: readonly string[], cwd: string): Promise<RunResult> {
  const result = await run(command, args, cwd);
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${String(result.code)}):\n${result.stdout}\n${result.stderr}`);
  return result;
}

/** The flat config a user would write: the plugin's recommended config, the TS parser for .ts, asOf pinned. */
const eslintConfig = `import sunset from '@sunset/eslint-plugin';
import tsParser from '@typescript-eslint/parser';

export default [
  sunset.configs.recommended,
  { files: ['**/*.ts'], languageOptions: { parser: tsParser } },
  { settings: { sunset: { asOf: '${fixtureAsOf}' } } },
];
`;

/** The README's install block (generated from scripts/install-lines.mjs), without its fences. */
const readmeInstallBlock = /<!-- install:start[^\n]*-->\n```sh\n([\s\S]*?)\n```\n<!-- install:end -->/.exec(readFileSync(repoRootPath('README.md'), 'utf8'))?.[1] ?? '';

/** The packages the README's install line for one face names: `# runtime …` gives rule-data, config, runtime. */
function readmeInstallLine(label: string): string[] {
  const line = new RegExp(`^# ${label}\\b.*\\nnpm install --save-dev (.*)$`, 'im').exec(readmeInstallBlock)?.[1] ?? '';
  return [...line.matchAll(/\.\/packs\/sunset-([a-z-]+)-0\.1\.0\.tgz/g)].map((match) => match[1]!);
}

interface EslintFileResult {
  filePath: string;
  messages: { ruleId: string | null; line: number; column: number; fatal?: boolean }[];
}

/** `fix --dry --format json` on fixtures/cli/small: one rewrite and two TODOs in two files, nothing written or skipped. */
const smallFixSummary = {
  files: 2,
  candidates: 2,
  changed: 2,
  written: 0,
  notWritten: 0,
  rewritten: 1,
  todo: 2,
  skipped: 0,
  errors: 0,
  dry: true,
  interrupted: false,
  notScanned: { unreadable: 0, tooLarge: 0, minified: 0, unscannedExtension: 0, excludedByConfig: 0, invalidPackageJson: 0, symbolicLink: 0, nodeModules: 0, gitFolder: 0 },
};

describe.skipIf(process.env.SUNSET_SKIP_PACK_TEST === '1')('the packed packages installed with npm', () => {
  let workDir = '';
  let cleanup: () => Promise<void> = () => Promise.resolve();
  const tarballs: string[] = [];
  const started = Date.now();

  const tarballOf = (name: string): string => tarballs.find((file) => path.basename(file) === `sunset-${name}-0.1.0.tgz`)!;

  /** A scratch project with the given tarballs (default: every one) and npm packages, plus fixtures. */
  async function scratchProject(name: string, extra: readonly string[], only?: readonly string[]): Promise<string> {
    const dir = path.join(workDir, name);
    await mkdir(dir);
    await writeFile(path.join(dir, 'package.json'), `${JSON.stringify({ name, private: true, type: 'module', overrides: typescriptEslintPins }, null, 2)}\n`);
    await runOk('npm', ['install', '--no-package-lock', ...(only ?? packages).map(tarballOf), ...extra], dir);
    await writeFile(path.join(dir, 'eslint.config.js'), eslintConfig);
    await cp(repoRootPath('fixtures/cli/small'), path.join(dir, 'small'), { recursive: true });
    await cp(repoRootPath('fixtures/legacy-app'), path.join(dir, 'legacy-app'), { recursive: true });
    return dir;
  }

  let packAllOutput = '';
  let eslint10Project: Promise<string>;
  let eslint9Project: Promise<string>;
  let codemodProject: Promise<string>;
  let runtimeProject: Promise<string>;

  beforeAll(async () => {
    await ensureBuilt();
    const temp = await makeTempDir('pack');
    workDir = temp.dir;
    cleanup = temp.cleanup;
    const packsDir = path.join(workDir, 'packs');
    // As the README says: pack-all packs every package into ./packs and prints the install lines.
    packAllOutput = (await runOk(process.execPath, [repoRootPath('scripts/pack-all.mjs'), '--no-build'], workDir)).stdout;
    tarballs.push(...readdirSync(packsDir).map((file) => path.join(packsDir, file)).sort());
    // Sequential installs: two at once only fight over the npm cache.
    eslint10Project = scratchProject('eslint10', ['eslint@^10.15.0', `@typescript-eslint/parser@${typescriptEslintVersion}`]);
    await eslint10Project;
    eslint9Project = scratchProject('eslint9', ['eslint@^9.39.5', `@typescript-eslint/parser@${typescriptEslintVersion}`]);
    await eslint9Project;
    // The codemod alone: what `npx @sunset/codemod` installs.
    codemodProject = scratchProject('codemod-only', [], readmeInstallLine('codemod'));
    await codemodProject;
    // The runtime alone, installed with the README's line for it.
    runtimeProject = scratchProject('runtime-only', [], readmeInstallLine('runtime'));
    await runtimeProject;
  });

  afterAll(async () => {
    console.info(`pack test: packed, installed twice and ran in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await cleanup();
  });

  it('packs one tarball per package, without tests or build info, with workspace versions resolved', () => {
    expect(tarballs.map((file) => path.basename(file))).toEqual([
      'sunset-analysis-0.1.0.tgz',
      'sunset-cli-0.1.0.tgz',
      'sunset-codemod-0.1.0.tgz',
      'sunset-config-0.1.0.tgz',
      'sunset-engine-0.1.0.tgz',
      'sunset-eslint-plugin-0.1.0.tgz',
      'sunset-openapi-0.1.0.tgz',
      'sunset-project-0.1.0.tgz',
      'sunset-report-0.1.0.tgz',
      'sunset-rule-data-0.1.0.tgz',
      'sunset-runtime-0.1.0.tgz',
    ]);
    for (const tarball of tarballs) {
      const listing = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
      expect(listing.filter((file) => /tsbuildinfo|\.test\.|\/tests?\/|__snapshots__/.test(file)), tarball).toEqual([]);
      expect(listing).toContain('package/package.json');
      expect(listing).toContain('package/dist/index.js');
      expect(listing).toContain('package/dist/index.d.ts');
      const manifest = spawnSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }).stdout;
      expect(manifest, tarball).not.toContain('workspace:');
      // Source maps and declaration maps point at sources that ship in the same tarball.
      const maps = listing.filter((file) => file.endsWith('.map'));
      expect(maps.length, tarball).toBeGreaterThan(0);
      for (const map of maps) {
        const { sources } = JSON.parse(spawnSync('tar', ['-xzOf', tarball, map], { encoding: 'utf8' }).stdout) as { sources: string[] };
        for (const source of sources) expect(listing, `${tarball} ${map}`).toContain(path.posix.join(path.posix.dirname(map), source));
      }
    }
    const cli = spawnSync('tar', ['-tzf', tarballOf('cli')], { encoding: 'utf8' }).stdout;
    expect(cli).toContain('package/dist/bin.js');
    const plugin = spawnSync('tar', ['-tzf', tarballOf('eslint-plugin')], { encoding: 'utf8' }).stdout;
    expect(plugin).toContain('package/docs/rules/no-legacy-rest-path.md');
  });

  it('pack-all prints the install lines the README shows, and each names tarballs it wrote', () => {
    expect(packAllOutput.endsWith(`Install in your project with:\n\n${readmeInstallBlock}\n`)).toBe(true);
    expect(['cli', 'ESLint plugin', 'codemod', 'runtime'].map((label) => [label, readmeInstallLine(label)])).toEqual([
      ['cli', ['rule-data', 'config', 'analysis', 'engine', 'openapi', 'project', 'report', 'cli']],
      ['ESLint plugin', ['rule-data', 'config', 'analysis', 'eslint-plugin']],
      ['codemod', ['rule-data', 'config', 'analysis', 'engine', 'codemod']],
      ['runtime', ['rule-data', 'config', 'runtime']],
    ]);
    for (const name of packages) expect(tarballOf(name), name).toBeDefined();
  });

  it('the runtime installed alone with its README line stops a retired request before it is sent', async () => {
    const cwd = await runtimeProject;
    expect(readdirSync(path.join(cwd, 'node_modules/@sunset')).sort()).toEqual(['config', 'rule-data', 'runtime']);
    const script = "fetch('https://api.adform.com/v1/campaigns').then(() => console.log('sent'), (error) => console.log(error.cause.message))";
    const result = await runCommand(process.execPath, ['--import', '@sunset/runtime/register', '-e', script], { cwd, env: { ...quietNpm, SUNSET_RUNTIME_MODE: 'error' } });
    expect([result.code, result.stdout]).toEqual([
      0,
      'GET /v1/campaigns is retired (support ended 2019-10-01): replace GET /v1/campaigns with GET /v1/buyer/campaigns. Sunset stopped the request GET https://api.adform.com/v1/campaigns from [eval]:1:1 before it was sent (runtime mode "error").\n',
    ]);
  });

  it('npx sunset check lists the legacy app’s findings and exits 1', async () => {
    const cwd = await eslint10Project;
    const result = await run('npx', ['sunset', 'check', 'legacy-app', '--format', 'json', '--as-of', fixtureAsOf], cwd);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { findings: { file: string; line: number; column: number; rule: string; entry?: string }[]; summary: { findings: number } };
    expect(report.summary.findings).toBe(legacyAppExpected().length);
    expect(report.findings.map((finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.entry ?? finding.rule}`).sort()).toEqual(
      legacyAppExpected()
        .map((finding) => `legacy-app/${finding.file}:${finding.line}:${finding.column} ${finding.entry ?? finding.rule}`)
        .sort(),
    );
  });

  it('npx sunset --version and npx @sunset/codemod (= sunset fix) work from the installed bins', async () => {
    const cwd = await eslint10Project;
    const version = await run('npx', ['sunset', '--version'], cwd);
    expect(version.stdout).toBe('0.1.0\n');
    const fix = await run('npx', ['@sunset/codemod', '--dry', '--format', 'json', '--as-of', fixtureAsOf, 'small'], cwd);
    expect(fix.code).toBe(0);
    expect((JSON.parse(fix.stdout) as { summary: unknown }).summary).toEqual(smallFixSummary);
  });

  it('npx @sunset/codemod works installed alone, without the CLI, ESLint or chalk, and --print loads diff', async () => {
    const cwd = await codemodProject;
    const installed = readdirSync(path.join(cwd, 'node_modules'));
    expect(installed.filter((name) => ['eslint', 'chalk', 'diff', 'jscodeshift', '@babel'].includes(name))).toEqual(['diff']);
    expect(readdirSync(path.join(cwd, 'node_modules/@sunset')).sort()).toEqual(['analysis', 'codemod', 'config', 'engine', 'rule-data']);
    const fix = await run('npx', ['sunset-codemod', '--dry', '--format', 'json', '--as-of', fixtureAsOf, 'small'], cwd);
    expect(fix.stderr).toBe('');
    expect(fix.code).toBe(0);
    expect((JSON.parse(fix.stdout) as { summary: unknown }).summary).toEqual(smallFixSummary);
    const print = await run('npx', ['sunset-codemod', '--dry', '--print', '--as-of', fixtureAsOf, 'small'], cwd);
    expect([print.code, print.stdout.split('\n').slice(0, 2)]).toEqual([0, ['--- a/small/src/campaigns.ts', '+++ b/small/src/campaigns.ts']]);
  });

  describe("the README's recipes, run from the tarballs", () => {
    /** Every `eslint.config.mjs` the README shows (the code blocks that start with that comment). */
    const readme = readFileSync(repoRootPath('README.md'), 'utf8');
    const eslintConfigs = [...readme.matchAll(/```js\n(\/\/ eslint\.config\.mjs\n[\s\S]*?)```/g)].map((match) => match[1]!);

    it('shows two eslint.config.mjs snippets, a JavaScript and a TypeScript one', () => {
      expect(eslintConfigs.map((config) => config.includes('tsParser'))).toEqual([false, true]);
    });

    it.each([
      // The JavaScript snippet lints the .js file only (ESLint reads no .ts file without a config for it).
      [0, ['small/src/report, 100%.js:2:17 sunset/no-retired-soap-operation']],
      [1, ['small/src/campaigns.ts:11:21 sunset/no-legacy-rest-path', 'small/src/campaigns.ts:6:47 sunset/no-legacy-rest-path', 'small/src/report, 100%.js:2:17 sunset/no-retired-soap-operation']],
    ])('the eslint.config.mjs snippet %i works as written', async (index, expected) => {
      const project = await eslint10Project;
      const dir = path.join(project, `readme-eslint-${index}`);
      await mkdir(dir);
      await cp(repoRootPath('fixtures/cli/small'), path.join(dir, 'small'), { recursive: true });
      await writeFile(path.join(dir, 'eslint.config.mjs'), eslintConfigs[index]!);
      await writeFile(path.join(dir, 'sunset.config.json'), `${JSON.stringify({ asOf: fixtureAsOf })}\n`);
      const result = await run('npx', ['eslint', '--format', 'json', 'small'], dir);
      expect(result.stderr).toBe('');
      const files = JSON.parse(result.stdout) as EslintFileResult[];
      const reported = files.flatMap((file) => file.messages.map((message) => `${path.relative(dir, file.filePath)}:${message.line}:${message.column} ${String(message.ruleId)}`)).sort();
      expect(reported).toEqual(expected);
    });

    it('the TypeScript snippet shares sunset.config.json: ESLint finds what npx sunset check finds (fixtures/shared-config)', async () => {
      const project = await eslint10Project;
      const dir = path.join(project, 'readme-shared-config');
      await cp(repoRootPath('fixtures/shared-config'), dir, { recursive: true });
      await writeFile(path.join(dir, 'eslint.config.mjs'), eslintConfigs[1]!);
      const linted = await run('npx', ['eslint', '--format', 'json', 'src', 'generated'], dir);
      expect(linted.stderr).toBe('');
      const eslintFindings = (JSON.parse(linted.stdout) as EslintFileResult[]).flatMap((file) =>
        file.messages.map((message) => `${path.relative(dir, file.filePath)}:${message.line}:${message.column} ${String(message.ruleId)}`),
      );
      const checked = await run('npx', ['sunset', 'check', '--format', 'json'], dir);
      const checkFindings = (JSON.parse(checked.stdout) as { findings: { file: string; line: number; column: number; rule: string }[] }).findings.map(
        (finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.rule}`,
      );
      expect(eslintFindings.sort()).toEqual(checkFindings.sort());
      // Two retired paths, the synchronous reporting call (at "warn"), one TODO, one reporting limit, and both sign-ins: the spec's identity host and the one identityHosts adds.
      expect(checkFindings).toHaveLength(7);
    });

    it('npx @sunset/cli check, fix, report and import openapi run as the README writes them', async () => {
      const project = await eslint10Project;
      const dir = path.join(project, 'readme-cli');
      await mkdir(dir);
      await cp(repoRootPath('fixtures/cli/small'), path.join(dir, 'app'), { recursive: true });
      await writeFile(path.join(dir, 'app', 'sunset.config.json'), `${JSON.stringify({ asOf: fixtureAsOf })}\n`);
      const app = path.join(dir, 'app');
      const check = await run('npx', ['@sunset/cli', 'check', '.'], app);
      expect([check.code, check.stdout.split('\n').at(-2)]).toEqual([1, `✖ 3 findings in 2 files, 3 at or past deprecated (2 files scanned, as of ${fixtureAsOf})`]);
      const fix = await run('npx', ['@sunset/cli', 'fix', '.'], app);
      expect([fix.code, fix.stdout.split('\n')[0]]).toEqual([0, '2 files scanned, 2 candidates, 2 changed.']);
      const report = await run('npx', ['@sunset/cli', 'report', '.', '--format', 'md'], app);
      expect([report.code, report.stdout.split('\n')[1]]).toEqual([0, '### Sunset: retired API calls']);
      await cp(repoRootPath('fixtures/openapi/items-api.yaml'), path.join(dir, 'vendor-openapi.yaml'));
      const imported = await run('npx', ['@sunset/cli', 'import', 'openapi', 'vendor-openapi.yaml'], dir);
      expect(imported.code).toBe(0);
      const config = JSON.parse(readFileSync(path.join(dir, 'sunset.config.json'), 'utf8')) as { customEntries: unknown[] };
      expect(config.customEntries.length).toBeGreaterThan(0);
    });
  });

  describe.each([
    ['ESLint 10', (): Promise<string> => eslint10Project, /^v10\./],
    ['ESLint 9', (): Promise<string> => eslint9Project, /^v9\./],
  ])('npx eslint with sunset.configs.recommended under %s', (_name, project, major) => {
    it('runs the installed major', async () => {
      const result = await run('npx', ['eslint', '--version'], await project());
      expect(result.stdout.trim()).toMatch(major);
    });

    it('reports each retired call of a small JS + TS fixture once, with the plugin’s rule ids', async () => {
      const cwd = await project();
      const result = await run('npx', ['eslint', '--format', 'json', 'small'], cwd);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(1);
      const files = JSON.parse(result.stdout) as EslintFileResult[];
      const reported = files
        .flatMap((file) => file.messages.map((message) => `${path.relative(cwd, file.filePath)}:${message.line}:${message.column} ${String(message.ruleId)}`))
        .sort();
      expect(reported).toEqual([
        'small/src/campaigns.ts:11:21 sunset/no-legacy-rest-path',
        'small/src/campaigns.ts:6:47 sunset/no-legacy-rest-path',
        'small/src/report, 100%.js:2:17 sunset/no-retired-soap-operation',
      ]);
    });
  });
});
