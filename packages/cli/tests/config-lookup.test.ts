import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createFolderCache, findSourceFiles, type ReadFolder } from '@sunset/engine';
import { describe, expect, it } from 'vitest';
import { resolveConfigScopes } from '../src/check/config-scopes.js';
import { main } from '../src/cli.js';
import { captureIo, makeTree } from './helpers.js';

// The config lookup starts at each scanned path and walks up to the top of the git work tree, as
// ESLint 10 looks up eslint.config.js: a folder with its own sunset.config.json (or package.json
// with a "sunset" key) is governed by it, whole, whatever the working directory.

const call = "fetch('/v1/campaigns');\n";

function monorepo(): string {
  return makeTree({
    'sunset.config.json': JSON.stringify({ ignores: ['legacy/'] }),
    'src/root.ts': call,
    'legacy/old.ts': call,
    'packages/a/sunset.config.json': JSON.stringify({ asOf: '2018-11-01' }),
    'packages/a/src/x.ts': call,
    'packages/b/package.json': JSON.stringify({ name: 'b', sunset: { rules: { 'sunset/no-legacy-rest-path': 'off' } } }),
    'packages/b/src/x.ts': call,
    'packages/c/package.json': JSON.stringify({ name: 'c' }),
    'packages/c/src/x.ts': call,
  });
}

async function phases(cwd: string, paths: readonly string[]): Promise<string[]> {
  const io = captureIo(cwd);
  await main(['check', ...paths, '--format', 'json'], io);
  expect(io.err()).toBe('');
  return (JSON.parse(io.out()) as { findings: { file: string; phase: string }[] }).findings.map((finding) => `${finding.file} ${finding.phase}`);
}

describe('config lookup per scanned path', () => {
  it('applies the nearest config to each folder below the scanned one, the root config elsewhere', async () => {
    expect(await phases(monorepo(), ['.'])).toStrictEqual(['packages/a/src/x.ts deprecated', 'packages/c/src/x.ts retired', 'src/root.ts retired']);
  });

  it('starts at the scanned path, not at the working directory', async () => {
    const root = monorepo();
    expect(await phases(root, ['packages/a/src/x.ts', 'packages/b'])).toStrictEqual(['packages/a/src/x.ts deprecated']);
    // From inside package a, package c is governed by the root config (its package.json has no "sunset" key).
    expect(await phases(path.join(root, 'packages/a'), ['.', '../c'])).toStrictEqual(['src/x.ts deprecated', '../c/src/x.ts retired']);
  });

  it('stops with exit 2 at a bad rule option in the config it finds, before any finding', async () => {
    const root = makeTree({
      'package.json': JSON.stringify({ name: 'a', sunset: { rules: { 'reporting-request-limits': ['error', { datePeriodFilterPattern: 'date|(period' }] } } }),
      'src/x.ts': call,
    });
    const io = captureIo(root);
    expect(await main(['check', '.'], io)).toBe(2);
    expect(io.out()).toBe('');
    expect(io.err()).toBe(
      'sunset: Invalid config in package.json ("sunset" key): "rules.reporting-request-limits[1].datePeriodFilterPattern" is not a valid regular expression ' +
        '(Invalid regular expression: /date|(period/i: Unterminated group); give one such as "date|period". Fix it and run again.\n',
    );
  });

  it('lets --config govern everything, and flags override every config', async () => {
    const root = monorepo();
    expect(await phases(root, ['.', '--config', 'sunset.config.json'])).toStrictEqual([
      'packages/a/src/x.ts retired',
      'packages/b/src/x.ts retired',
      'packages/c/src/x.ts retired',
      'src/root.ts retired',
    ]);
    expect(await phases(root, ['.', '--as-of', '2018-11-01'])).toStrictEqual([
      'packages/a/src/x.ts deprecated',
      'packages/c/src/x.ts deprecated',
      'src/root.ts deprecated',
    ]);
  });

  it('counts as not scanned only what a config ignores, not a folder its own config scans', async () => {
    const io = captureIo(monorepo());
    await main(['check', '.', '--format', 'json'], io);
    const report = JSON.parse(io.out()) as { notScanned: { file: string; reason: string }[]; summary: { notScanned: { excludedByConfig: number } } };
    expect(report.notScanned.map(({ file, reason }) => `${file} ${reason}`)).toStrictEqual(['legacy/old.ts excluded-by-config']);
    expect(report.summary.notScanned.excludedByConfig).toBe(1);
  });

  it('lets sunset fix take each folder\'s nearest config too', async () => {
    const io = captureIo(monorepo());
    expect(await main(['fix', '.', '--dry', '--format', 'json'], io)).toBe(0);
    const report = JSON.parse(io.out()) as { sites: { file: string; action: string }[]; notScanned: { file: string }[] };
    // packages/b turns the rule off in its package.json; legacy/ is ignored by the root config.
    expect(report.sites.map(({ file, action }) => `${file} ${action}`).sort()).toStrictEqual([
      'packages/a/src/x.ts rewritten',
      'packages/c/src/x.ts rewritten',
      'src/root.ts rewritten',
    ]);
    expect(report.notScanned.map(({ file }) => file)).toStrictEqual(['legacy/old.ts']);
  });
});

// The layout of the ESLint repository, whose test fixtures hold package.json files that do not parse
// (`tests/fixtures/config-file/broken-package-json/package.json`, byte for byte as there).
const eslintBrokenFixture = '{\n    "eslintConfig": {\n        "env": {\n            "es6": true\n        }\n    }\n';
const eslintIgnoredPathsFixture =
  '{\n    "name": "mypackage",\n    "version": "0.0.1",\n    "eslintConfig": {\n        "env": {\n            "browser": true,\n            "node": true\n        }\n    }\n    "eslintIgnore": "hello.js"\n}\n';
const brokenMessage = (place: string): string =>
  `Not read as a config: it is not valid JSON (Expected ',' or '}' after property value, ${place}). A package.json configures sunset only under a "sunset" key; fix the file if it should, or add its folder to ignores.`;

function toolRepository(): string {
  return makeTree({
    'package.json': JSON.stringify({ name: 'tool', version: '1.0.0' }),
    'lib/api.js': call,
    'tests/fixtures/config-file/broken-package-json/package.json': eslintBrokenFixture,
    'tests/fixtures/ignored-paths/broken-package-json/package.json': eslintIgnoredPathsFixture,
    'tests/fixtures/ignored-paths/broken-package-json/hello.js': 'module.exports = 1;\n',
  });
}

describe('a package.json that does not parse', () => {
  it('is listed as a warning and the scan goes on (the ESLint repository layout)', async () => {
    const io = captureIo(toolRepository());
    expect(await main(['check', '.'], io)).toBe(1);
    expect(io.err()).toBe('');
    expect(io.out()).toBe(
      [
        'lib/api.js',
        "  1:7  error  GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns.  sunset/no-legacy-rest-path",
        "    1 | fetch('/v1/campaigns');",
        '      |       ^^^^^^^^^^^^^^^',
        '    retired · support ended 2019-10-01',
        '    use GET /v1/buyer/campaigns (sunset fix rewrites it)',
        '    host: not shown in the code, matched by its path',
        '',
        'Config files not read',
        `  tests/fixtures/config-file/broken-package-json/package.json  warning  ${brokenMessage('at line 7, column 1')}`,
        `  tests/fixtures/ignored-paths/broken-package-json/package.json  warning  ${brokenMessage('at line 10, column 5')}`,
        '',
        '✖ 1 finding in 1 file, 1 at or past deprecated, 2 files not scanned (2 package.json not valid JSON) (2 files scanned, as of 2026-01-15)',
        '',
      ].join('\n'),
    );
  });

  it('is listed under notScanned in --format json, and the gate passes when nothing else fails', async () => {
    const root = toolRepository();
    const io = captureIo(root);
    expect(await main(['check', 'tests', '--format', 'json'], io)).toBe(0);
    const report = JSON.parse(io.out()) as { notScanned: unknown; summary: { files: number; notScanned: unknown } };
    expect(report.notScanned).toStrictEqual([
      { file: 'tests/fixtures/config-file/broken-package-json/package.json', reason: 'invalid-package-json', message: brokenMessage('at line 7, column 1') },
      { file: 'tests/fixtures/ignored-paths/broken-package-json/package.json', reason: 'invalid-package-json', message: brokenMessage('at line 10, column 5') },
    ]);
    expect(report.summary.files).toBe(1);
    expect(report.summary.notScanned).toStrictEqual({ unreadable: 0, tooLarge: 0, minified: 0, unscannedExtension: 0, excludedByConfig: 0, invalidPackageJson: 2, symbolicLink: 0, nodeModules: 0, gitFolder: 0 });
  });

  it('is passed over by the lookup above a scanned path, and the config above it still governs', async () => {
    const root = makeTree({
      'sunset.config.json': JSON.stringify({ asOf: '2018-11-01' }),
      'app/package.json': '{ "name": "app", }',
      'app/src/x.ts': call,
    });
    const io = captureIo(root);
    expect(await main(['check', 'app/src', '--format', 'json'], io)).toBe(1);
    const report = JSON.parse(io.out()) as { findings: { phase: string }[]; notScanned: unknown };
    expect(report.findings.map((finding) => finding.phase)).toStrictEqual(['deprecated']);
    expect(report.notScanned).toStrictEqual([
      {
        file: 'app/package.json',
        reason: 'invalid-package-json',
        message: 'Not read as a config: it is not valid JSON (Expected double-quoted property name, at line 1, column 18). A package.json configures sunset only under a "sunset" key; fix the file if it should, or add its folder to ignores.',
      },
    ]);
  });

  it('is not listed where the config ignores its folder or .gitignore does', async () => {
    const root = toolRepository();
    writeFileSync(path.join(root, 'sunset.config.json'), JSON.stringify({ ignores: ['tests/fixtures/config-file/'] }));
    writeFileSync(path.join(root, '.gitignore'), 'tests/fixtures/ignored-paths/\n');
    const io = captureIo(root);
    expect(await main(['check', '.', '--format', 'json'], io)).toBe(1);
    expect((JSON.parse(io.out()) as { notScanned: unknown }).notScanned).toStrictEqual([]);
  });

  it('is listed by sunset fix, which goes on and fixes the other files', async () => {
    const io = captureIo(toolRepository());
    expect(await main(['fix', '.', '--dry'], io)).toBe(0);
    expect(io.out()).toBe(
      [
        '2 files scanned, 1 candidate, 1 would change.',
        '1 site would be rewritten, 0 left with a TODO, 0 skipped.',
        '2 files not scanned (2 package.json not valid JSON).',
        '',
        'Files not scanned:',
        `  tests/fixtures/config-file/broken-package-json/package.json  ${brokenMessage('at line 7, column 1')}`,
        `  tests/fixtures/ignored-paths/broken-package-json/package.json  ${brokenMessage('at line 10, column 5')}`,
        '',
      ].join('\n'),
    );
  });

  it('stays exit 2 when it is the --config file, as a broken sunset.config.json does', async () => {
    const root = toolRepository();
    const named = captureIo(root);
    expect(await main(['check', '.', '--config', 'tests/fixtures/config-file/broken-package-json/package.json'], named)).toBe(2);
    expect(named.err()).toBe(
      "sunset: Invalid config in tests/fixtures/config-file/broken-package-json/package.json: it is not valid JSON (Expected ',' or '}' after property value, at line 7, column 1). Fix the syntax and run again.\n",
    );
    writeFileSync(path.join(root, 'sunset.config.json'), '{\n  "asOf": "2019-01-01",\n}\n');
    const found = captureIo(root);
    expect(await main(['check', '.'], found)).toBe(2);
    expect(found.err()).toBe('sunset: Invalid config in sunset.config.json: it is not valid JSON (Expected double-quoted property name, at line 3, column 1). Fix the syntax and run again.\n');
  });
});

function gitInit(root: string): void {
  execFileSync('git', ['-c', 'init.defaultBranch=main', 'init', '-q'], { cwd: root, stdio: 'ignore' });
}

/** A folder cache, as a run has one, that records each folder it lists (relative to `root`, forward slashes). */
function recordingFolderCache(root: string, listed: string[]): ReadFolder {
  return createFolderCache((dir) => {
    listed.push(path.relative(root, dir).split(path.sep).join('/'));
    return readdirSync(dir, { withFileTypes: true });
  });
}

const brokenConfig = '{\n  "asOf": "2018-11-01",\n}\n';
const brokenConfigError = (file: string): string =>
  `sunset: Invalid config in ${file}: it is not valid JSON (Expected double-quoted property name, at line 3, column 1). Fix the syntax and run again.\n`;

/** A repository whose build output (gitignored) holds a broken config, as a copied or generated one may be. */
function repositoryWithIgnoredBuild(): string {
  return makeTree({
    '.gitignore': 'dist/\n',
    'sunset.config.json': JSON.stringify({ asOf: '2018-11-01', failOn: 'retired' }),
    'src/x.ts': call,
    'dist/sunset.config.json': brokenConfig,
    'dist/bundle.js': call,
    'dist/app/package.json': '{ "name": "app", }',
    'dist/app/sunset.config.json': brokenConfig,
    'dist/app/y.ts': call,
  });
}

async function checkJson(cwd: string, args: readonly string[]): Promise<{ code: number; findings: string[]; notScanned: unknown; err: string }> {
  const io = captureIo(cwd);
  const code = await main(['check', ...args, '--format', 'json'], io);
  if (code === 2) return { code, findings: [], notScanned: [], err: io.err() };
  const report = JSON.parse(io.out()) as { findings: { file: string; line: number; column: number; rule: string; phase: string }[]; notScanned: unknown };
  return { code, findings: report.findings.map((found) => `${found.file}:${found.line}:${found.column} ${found.rule} ${found.phase}`), notScanned: report.notScanned, err: io.err() };
}

describe('the search for nested configs leaves out the folders the walk leaves out', () => {
  it('never reads a broken config inside a gitignored folder: exit 0 with the findings of the scanned files', async () => {
    const root = repositoryWithIgnoredBuild();
    gitInit(root);
    expect(await checkJson(root, ['.'])).toStrictEqual({ code: 0, findings: ['src/x.ts:1:7 sunset/no-legacy-rest-path deprecated'], notScanned: [], err: '' });
    // The same outside a git work tree: the working directory's .gitignore counts there too.
    expect(await checkJson(repositoryWithIgnoredBuild(), ['.'])).toStrictEqual({ code: 0, findings: ['src/x.ts:1:7 sunset/no-legacy-rest-path deprecated'], notScanned: [], err: '' });
  });

  it('stops with exit 2 naming the file when the same broken config lies in a folder no .gitignore excludes', async () => {
    const root = repositoryWithIgnoredBuild();
    writeFileSync(path.join(root, '.gitignore'), 'distro/\n');
    gitInit(root);
    expect(await checkJson(root, ['.'])).toStrictEqual({ code: 2, findings: [], notScanned: [], err: brokenConfigError('dist/sunset.config.json') });
    const fix = captureIo(root);
    expect(await main(['fix', '.', '--dry'], fix)).toBe(2);
    expect(fix.err()).toBe(brokenConfigError('dist/sunset.config.json'));
  });

  it('reads no config in a gitignored folder for --changed-since either, where a tracked file there changed', async () => {
    const root = repositoryWithIgnoredBuild();
    writeFileSync(path.join(root, 'src/x.ts'), 'export {};\n');
    writeFileSync(path.join(root, 'dist/app/y.ts'), 'export {};\n');
    const git = (...args: string[]): void => void execFileSync('git', ['-c', 'user.name=Sunset Test', '-c', 'user.email=test@example.com', '-c', 'init.defaultBranch=main', ...args], { cwd: root, stdio: 'ignore' });
    git('init', '-q');
    git('add', '-f', '.');
    git('commit', '-q', '-m', 'base, with the build output committed');
    writeFileSync(path.join(root, 'src/x.ts'), `export {};\n${call}`);
    writeFileSync(path.join(root, 'dist/app/y.ts'), `export {};\n${call}`);
    expect(await checkJson(root, ['.', '--changed-since', 'main'])).toStrictEqual({
      code: 0,
      findings: ['src/x.ts:2:7 sunset/no-legacy-rest-path deprecated'],
      notScanned: [],
      err: expect.stringMatching(/^--changed-since main: checked 1 file changed since [0-9a-f]{12}; 0 findings on other lines not reported\.\n$/) as unknown,
    });
  });

  it('lists no gitignored folder: the search and the walk list the same folders, each once', async () => {
    const root = makeTree({
      '.gitignore': 'dist/\nsrc/generated/\n',
      'sunset.config.json': JSON.stringify({ asOf: '2018-11-01', failOn: 'retired' }),
      'src/x.ts': call,
      'src/lib/y.ts': call,
      'src/generated/deep/sunset.config.json': '{}',
      'src/generated/deep/z.ts': call,
      'dist/app/sunset.config.json': '{}',
      'dist/app/y.ts': call,
      'packages/a/package.json': JSON.stringify({ name: 'a', sunset: { asOf: '2018-09-01' } }),
      'packages/a/src/a.ts': call,
    });
    gitInit(root);
    const listed: string[] = [];
    const readFolder = recordingFolderCache(root, listed);
    const { scopes } = await resolveConfigScopes(root, ['.'], {}, new Date('2026-01-15T00:00:00Z'), readFolder);
    expect(scopes.map((scope) => `${path.relative(root, scope.config.file ?? '')}: ${scope.paths.join(' ')}`)).toStrictEqual(['sunset.config.json: .', 'packages/a/package.json: packages/a']);
    const folders = ['', 'packages', 'packages/a', 'packages/a/src', 'src', 'src/lib'];
    expect([...listed].sort()).toStrictEqual(folders);
    // The walk of each scope lists nothing more (the cache answers it), and finds what git would.
    for (const scope of scopes) await findSourceFiles(scope.paths, { cwd: root, ignores: scope.ignores, ignoresBase: scope.config.baseDir, readFolder });
    expect([...listed].sort()).toStrictEqual(folders);
    // What `--stats` counts for the whole run: those, and the folders above the tree, which the lookup of path aliases lists for a tsconfig.
    const io = captureIo(root);
    expect(await main(['check', '.', '--format', 'json', '--stats'], io)).toBe(0);
    const above = root.split(path.sep).length - 1;
    expect((JSON.parse(io.out()) as { stats: { foldersListed: number } }).stats.foldersListed).toBe(folders.length + above);
  });

  it('outside a git work tree, walks a nested config\'s folder with the .gitignore files above it, from the working directory down', async () => {
    const tree = {
      '.gitignore': '*.gen.ts\n',
      'pkg/sunset.config.json': JSON.stringify({ asOf: '2018-11-01', failOn: 'retired' }),
      'pkg/api.gen.ts': call,
      'pkg/x.ts': call,
      'x.gen.ts': call,
      'y.ts': call,
    };
    const root = makeTree(tree);
    const outcome = (code: number, findings: string[]): unknown => ({ code, findings, notScanned: [], err: '' });
    expect(await checkJson(root, ['.'])).toStrictEqual(outcome(1, ['pkg/x.ts:1:7 sunset/no-legacy-rest-path deprecated', 'y.ts:1:7 sunset/no-legacy-rest-path retired']));
    // Scanning the nested folder alone gives its part of the same listing (the working directory's config, none, decides the exit).
    expect(await checkJson(root, ['pkg'])).toStrictEqual(outcome(1, ['pkg/x.ts:1:7 sunset/no-legacy-rest-path deprecated']));
    // A .gitignore above the working directory is not read outside git: the rules start where the run does.
    expect(await checkJson(path.join(root, 'pkg'), ['.'])).toStrictEqual(outcome(0, ['api.gen.ts:1:7 sunset/no-legacy-rest-path deprecated', 'x.ts:1:7 sunset/no-legacy-rest-path deprecated']));
  });
});
