import { execFileSync } from 'node:child_process';
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { parseAddedLines } from '../src/check/changed-lines.js';
import { captureIo, makeTree, writeTree } from './helpers.js';

// `sunset check --changed-since <ref>` against real git: only findings on lines a change adds or
// edits since the merge base are reported; a renamed file's old findings stay quiet.

const call = (path_: string): string => `fetch('${path_}');\n`;

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Sunset Test', '-c', 'user.email=test@example.com', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** main: a.ts and old.ts each with one retired call; feature: one call added to a.ts, old.ts renamed, new.ts untracked. */
function repoWithFeatureBranch(): string {
  const root = makeTree({ 'src/a.ts': `// header\n${call('/v1/campaigns')}`, 'src/old.ts': `export {};\n${call('/v1/campaigns/dictionaries/managers')}` });
  git(root, 'init', '-q');
  git(root, 'add', '.');
  git(root, 'commit', '-q', '-m', 'base');
  git(root, 'checkout', '-q', '-b', 'feature');
  writeFileSync(path.join(root, 'src/a.ts'), `// header\n${call('/v1/campaigns')}${call('/v1/campaigns/dictionaries/clients')}`);
  renameSync(path.join(root, 'src/old.ts'), path.join(root, 'src/renamed.ts'));
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'feature');
  writeFileSync(path.join(root, 'src/new.ts'), call('/v1/campaigns/dictionaries/comanagers'));
  return root;
}

async function check(cwd: string, argv: readonly string[]): Promise<{ code: number; findings: string[]; err: string }> {
  const io = captureIo(cwd);
  const code = await main(['check', '.', '--as-of', '2026-01-15', '--format', 'json', ...argv], io);
  const out = io.out();
  const findings = out === '' ? [] : (JSON.parse(out) as { findings: { file: string; line: number; entry: string }[] }).findings.map((f) => `${f.file}:${f.line} ${f.entry}`);
  return { code, findings, err: io.err() };
}

describe('sunset check --changed-since', () => {
  it('reports only the lines the branch adds, and untracked files, not a renamed file or untouched lines', async () => {
    const root = repoWithFeatureBranch();
    const all = await check(root, []);
    expect(all.findings).toStrictEqual([
      'src/a.ts:2 campaigns-legacy-list',
      'src/a.ts:3 campaign-dictionary-clients',
      'src/new.ts:1 campaign-dictionary-comanagers',
      'src/renamed.ts:2 campaign-dictionary-managers',
    ]);
    const changed = await check(root, ['--changed-since', 'main']);
    expect(changed.findings).toStrictEqual(['src/a.ts:3 campaign-dictionary-clients', 'src/new.ts:1 campaign-dictionary-comanagers']);
    expect(changed.code).toBe(1);
    const base = git(root, 'rev-parse', 'main').trim().slice(0, 12);
    expect(changed.err).toBe(`--changed-since main: checked 2 files changed since ${base}; 1 finding on other lines not reported.\n`);
  });

  it('passes when the branch adds nothing retired, even though old findings remain', async () => {
    const root = repoWithFeatureBranch();
    git(root, 'checkout', '-q', 'main');
    git(root, 'checkout', '-q', '-b', 'docs-only');
    writeFileSync(path.join(root, 'src/a.ts'), `// a better header\n${call('/v1/campaigns')}`);
    const result = await check(root, ['--changed-since', 'main']);
    expect(result.findings).toStrictEqual(['src/new.ts:1 campaign-dictionary-comanagers']);
    git(root, 'clean', '-qfd');
    expect((await check(root, ['--changed-since', 'main'])).findings).toStrictEqual([]);
    expect((await check(root, ['--changed-since', 'main'])).code).toBe(0);
  });

  it('measures from the merge base, so commits on the base branch after the fork do not count', async () => {
    const root = repoWithFeatureBranch();
    git(root, 'checkout', '-q', 'main');
    writeFileSync(path.join(root, 'src/later.ts'), call('/v1/campaigns'));
    git(root, 'add', 'src/later.ts');
    git(root, 'commit', '-q', '-m', 'later on main');
    git(root, 'checkout', '-q', 'feature');
    expect((await check(root, ['--changed-since', 'main'])).findings).toStrictEqual([
      'src/a.ts:3 campaign-dictionary-clients',
      'src/new.ts:1 campaign-dictionary-comanagers',
    ]);
  });

  it('in a shallow clone without the base branch, says which fetch to run (exit 2)', async () => {
    const origin = repoWithFeatureBranch();
    const parent = makeTree({});
    git(parent, 'clone', '-q', '--depth=1', '--single-branch', '--branch', 'feature', `file://${origin}`, 'clone');
    const clone = path.join(parent, 'clone');
    const result = await check(clone, ['--changed-since', 'origin/main']);
    expect(result.code).toBe(2);
    expect(result.findings).toStrictEqual([]);
    expect(result.err).toBe(
      'sunset: --changed-since origin/main: git knows no commit "origin/main" (this clone is shallow, so it may have fetched only the current branch). ' +
        'Fetch the base branch: git fetch --depth=50 origin main\n',
    );
    // After the fetch the advice names, the branches are there but the clone does not reach their fork.
    git(clone, 'fetch', '-q', '--depth=50', 'origin', 'main:refs/remotes/origin/main');
    const noBase = await check(clone, ['--changed-since', 'origin/main']);
    expect(noBase.code).toBe(2);
    expect(noBase.err).toBe(
      'sunset: --changed-since origin/main: no merge base of origin/main and HEAD (the shallow clone does not reach back to where the branches meet). ' +
        'Fetch more history: git fetch --deepen=200 origin main (or git fetch --unshallow).\n',
    );
    git(clone, 'fetch', '-q', '--deepen=200', 'origin', 'main:refs/remotes/origin/main');
    const fetched = await check(clone, ['--changed-since', 'origin/main']);
    expect(fetched.err).toMatch(/^--changed-since origin\/main: checked 1 file changed since [0-9a-f]{12}; 1 finding on other lines not reported\.\n$/);
    expect(fetched.findings).toStrictEqual(['src/a.ts:3 campaign-dictionary-clients']);
  });

  it('outside a git work tree, or with --update-baseline, is a usage error', async () => {
    const plain = makeTree({ 'a.ts': call('/v1/campaigns') });
    const outside = await check(plain, ['--changed-since', 'main']);
    expect(outside.code).toBe(2);
    expect(outside.err).toMatch(/^sunset: --changed-since main: .* is not inside a git work tree\. Run sunset from the repository, or drop --changed-since\.\n$/);
    const root = repoWithFeatureBranch();
    const both = await check(root, ['--changed-since', 'main', '--update-baseline']);
    expect(both.err).toBe('sunset: --changed-since does not go with --update-baseline: the baseline records every finding. Drop one of the two.\n');
  });
});

/** file:line:column entry, and `<- file:line` for each related place in another file. */
async function checkWithRelated(cwd: string, argv: readonly string[]): Promise<{ findings: string[]; notScanned: string[]; files: number; err: string }> {
  const io = captureIo(cwd);
  await main(['check', '.', '--as-of', '2026-01-15', '--format', 'json', ...argv], io);
  const report = JSON.parse(io.out()) as {
    findings: { file: string; line: number; column: number; entry: string; related?: { file?: string; line: number }[] }[];
    notScanned: { file: string; reason: string }[];
    summary: { files: number };
  };
  const elsewhere = (related: { file?: string; line: number }[] = []): string => related.flatMap((place) => (place.file === undefined ? [] : [` <- ${place.file}:${place.line}`])).join('');
  return {
    findings: report.findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.entry}${elsewhere(f.related)}`),
    notScanned: report.notScanned.map((file) => `${file.file} ${file.reason}`),
    files: report.summary.files,
    err: io.err(),
  };
}

describe('sunset check --changed-since reads the changed files and what they import, not the tree', () => {
  /**
   * main: constants in src/api (one retired, one not, a barrel), two files using them, a tracked file
   * that .gitignore now excludes. feature: the harmless constant turns retired, a new line reads the
   * retired one, a new untracked file reads through the barrel, the ignored file and a config-ignored
   * file change.
   */
  function repoWithChangedConstants(): string {
    const root = makeTree({
      'sunset.config.json': JSON.stringify({ ignores: ['src/fixtures/'] }),
      'src/api/paths.ts': "export const CLIENTS = '/v1/buyer/advertisers';\n",
      'src/api/legacy.ts': "export const MANAGERS = '/v1/campaigns/dictionaries/managers';\n",
      'src/api/index.ts': "export * from './paths';\nexport * from './legacy';\n",
      'src/etl/sync.ts': "import { CLIENTS } from '../api';\nexport const load = () => fetch(CLIENTS);\n",
      'src/other.ts': "import { MANAGERS } from './api/legacy';\nexport const list = () => fetch(MANAGERS);\n",
      'src/generated/client.ts': "export const x = 1;\n",
      'src/fixtures/sample.ts': "export const y = 1;\n",
    });
    git(root, 'init', '-q');
    git(root, 'add', '.');
    git(root, 'commit', '-q', '-m', 'base');
    git(root, 'checkout', '-q', '-b', 'feature');
    writeTree(root, {
      '.gitignore': 'src/generated/\n',
      'src/api/paths.ts': "export const CLIENTS = '/v1/campaigns/dictionaries/clients';\n",
      'src/other.ts': "import { MANAGERS } from './api/legacy';\nexport const list = () => fetch(MANAGERS);\nexport const again = () => fetch(MANAGERS);\n",
      'src/etl/report.ts': "import { CLIENTS } from '../api';\nexport const report = () => fetch(CLIENTS);\n",
      'src/generated/client.ts': "export const x = () => fetch('/v1/campaigns');\n",
      'src/fixtures/sample.ts': "export const y = () => fetch('/v1/campaigns');\n",
    });
    git(root, 'add', '-f', 'src/api/paths.ts', 'src/other.ts', 'src/generated/client.ts', 'src/fixtures/sample.ts');
    git(root, 'commit', '-q', '-m', 'feature');
    return root;
  }

  it('reports a changed constant at its declaration, and changed lines reading constants of unchanged files, with their declarations', async () => {
    const root = repoWithChangedConstants();
    const walked = await checkWithRelated(root, []);
    // The whole tree: every finding, including the unchanged caller of the changed constant (sync.ts).
    expect(walked.findings).toStrictEqual([
      'src/api/legacy.ts:1:25 campaign-dictionary-managers',
      'src/api/paths.ts:1:24 campaign-dictionary-clients',
      'src/etl/report.ts:2:35 campaign-dictionary-clients <- src/api/paths.ts:1',
      'src/etl/sync.ts:2:33 campaign-dictionary-clients <- src/api/paths.ts:1',
      'src/other.ts:2:33 campaign-dictionary-managers <- src/api/legacy.ts:1',
      'src/other.ts:3:34 campaign-dictionary-managers <- src/api/legacy.ts:1',
    ]);
    const changed = await checkWithRelated(root, ['--changed-since', 'main']);
    // sync.ts did not change: its call is not reported; the changed constant is, where it is declared.
    expect(changed.findings).toStrictEqual([
      'src/api/paths.ts:1:24 campaign-dictionary-clients',
      'src/etl/report.ts:2:35 campaign-dictionary-clients <- src/api/paths.ts:1',
      'src/other.ts:3:34 campaign-dictionary-managers <- src/api/legacy.ts:1',
    ]);
    // The changed files under the scanned path: paths.ts, other.ts, report.ts; the gitignored one is not
    // listed, the config-ignored one is listed as not scanned (as the walk lists it).
    expect({ files: changed.files, notScanned: changed.notScanned }).toStrictEqual({ files: 3, notScanned: ['src/fixtures/sample.ts excluded-by-config'] });
    const base = git(root, 'rev-parse', 'main').trim().slice(0, 12);
    expect(changed.err).toBe(`--changed-since main: checked 3 files changed since ${base}; 1 finding on other lines not reported.\n`);
  });

  it('follows an import into a nested config\'s folder no more than a walk does', async () => {
    const root = makeTree({
      'src/api/sunset.config.json': JSON.stringify({}),
      'src/api/paths.ts': "export const MANAGERS = '/v1/campaigns/dictionaries/managers';\n",
      'src/use.ts': 'export {};\n',
    });
    git(root, 'init', '-q');
    git(root, 'add', '.');
    git(root, 'commit', '-q', '-m', 'base');
    writeTree(root, { 'src/use.ts': "import { MANAGERS } from './api/paths';\nexport const list = () => fetch(MANAGERS);\n" });
    const walked = await checkWithRelated(root, []);
    const changed = await checkWithRelated(root, ['--changed-since', 'HEAD']);
    // The walk checks src/api under its own config: a constant there is not offered to src/use.ts.
    expect(walked.findings).toStrictEqual(['src/api/paths.ts:1:25 campaign-dictionary-managers']);
    expect(changed.findings).toStrictEqual([]);
    expect(changed.files).toBe(1);
  });

  it('checks nothing, and passes, when no changed file is under the scanned paths', async () => {
    const root = repoWithFeatureBranch();
    git(root, 'clean', '-qfd');
    const io = captureIo(root);
    const code = await main(['check', 'lib', '--as-of', '2026-01-15', '--format', 'json', '--changed-since', 'main'], { ...io, cwd: root });
    expect(code).toBe(0);
    expect((JSON.parse(io.out()) as { summary: { files: number; findings: number } }).summary).toMatchObject({ files: 0, findings: 0 });
  });
});

describe('parseAddedLines', () => {
  it('reads the added lines of each new path from a zero-context diff, including quoted paths and deletions', () => {
    const diff = [
      'diff --git a/src/a.ts b/src/a.ts',
      '--- a/src/a.ts',
      '+++ b/src/a.ts',
      '@@ -3 +3,2 @@',
      '@@ -9,2 +10,0 @@',
      '@@ -20 +20 @@',
      'diff --git "a/src/t\\tab.ts" "b/src/t\\tab.ts"',
      '--- "a/src/t\\tab.ts"',
      '+++ "b/src/t\\tab \\303\\251.ts"',
      '@@ -0,0 +1 @@',
      'diff --git a/gone.ts b/gone.ts',
      '--- a/gone.ts',
      '+++ /dev/null',
      '@@ -1,4 +0,0 @@',
    ].join('\n');
    expect(parseAddedLines(diff)).toStrictEqual(
      new Map([
        ['src/a.ts', new Set([3, 4, 20])],
        ['src/t\tab é.ts', new Set([1])],
      ]),
    );
  });
});
