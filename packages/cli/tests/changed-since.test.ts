import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli.js';
import { parseAddedLines, parseBinaryFiles } from '../src/check/changed-lines.js';
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

/** A git repository holding `files`, committed on main: the base a change is made against. */
function committedTree(files: Record<string, string>): string {
  const root = makeTree(files);
  git(root, 'init', '-q');
  git(root, 'add', '.');
  git(root, 'commit', '-q', '-m', 'base');
  return root;
}

/** main: a.ts and old.ts each with one retired call; feature: one call added to a.ts, old.ts renamed, new.ts untracked. */
function repoWithFeatureBranch(): string {
  const root = committedTree({ 'src/a.ts': `// header\n${call('/v1/campaigns')}`, 'src/old.ts': `export {};\n${call('/v1/campaigns/dictionaries/managers')}` });
  git(root, 'checkout', '-q', '-b', 'feature');
  writeFileSync(path.join(root, 'src/a.ts'), `// header\n${call('/v1/campaigns')}${call('/v1/campaigns/dictionaries/clients')}`);
  renameSync(path.join(root, 'src/old.ts'), path.join(root, 'src/renamed.ts'));
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'feature');
  writeFileSync(path.join(root, 'src/new.ts'), call('/v1/campaigns/dictionaries/comanagers'));
  return root;
}

/** What CI checks out: a depth-1, single-branch clone of `repoWithFeatureBranch`'s feature branch. */
function shallowCloneOfFeature(): string {
  const parent = makeTree({});
  git(parent, 'clone', '-q', '--depth=1', '--single-branch', '--branch', 'feature', `file://${repoWithFeatureBranch()}`, 'clone');
  return path.join(parent, 'clone');
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

  it('reads committed files whose path holds a space, and an added line starting "++ " as a line, not a file header', async () => {
    const spacer = Array.from({ length: 6 }, (_unused, index) => `function spacer${index}() {}\n`).join('');
    const root = committedTree({ 'src/counter.js': `let retries = 0;\nretries += 1;\n${spacer}${call('/v1/buyer/campaigns')}`, 'package.json': '{}\n' });
    git(root, 'checkout', '-q', '-b', 'feature');
    // Line 2 becomes `++ retries;`: git diff shows it as `+++ retries;`. Line 9 (another hunk) calls the retired path.
    writeFileSync(path.join(root, 'src/counter.js'), `let retries = 0;\n++ retries;\n${spacer}${call('/v1/campaigns')}`);
    mkdirSync(path.join(root, 'src/with space'), { recursive: true });
    // git ends the +++ header of a path with a space with a tab.
    writeFileSync(path.join(root, 'src/with space/my file.ts'), call('/v1/campaigns/dictionaries/managers'));
    writeFileSync(path.join(root, 'src/ünï.ts'), call('/v1/campaigns/dictionaries/clients'));
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'feature');

    const changed = await check(root, ['--changed-since', 'main']);

    expect(changed.findings).toStrictEqual([
      'src/counter.js:9 campaigns-legacy-list',
      'src/with space/my file.ts:1 campaign-dictionary-managers',
      'src/ünï.ts:1 campaign-dictionary-clients',
    ]);
    expect(changed.code).toBe(1);
    expect(changed.err).toContain('checked 3 files changed since');
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
    const clone = shallowCloneOfFeature();
    const result = await check(clone, ['--changed-since', 'origin/main']);
    expect(result.code).toBe(2);
    expect(result.findings).toStrictEqual([]);
    expect(result.err).toBe(
      'sunset: --changed-since origin/main: git knows no commit "origin/main" (this clone is shallow, so it may have fetched only the current branch). ' +
        'Fetch the base branch: git fetch --depth=50 origin main:refs/remotes/origin/main\n',
    );
    // After the fetch the advice names, the branches are there but the clone does not reach their fork.
    git(clone, 'fetch', '-q', '--depth=50', 'origin', 'main:refs/remotes/origin/main');
    const noBase = await check(clone, ['--changed-since', 'origin/main']);
    expect(noBase.code).toBe(2);
    expect(noBase.err).toBe(
      'sunset: --changed-since origin/main: no merge base of origin/main and HEAD (the shallow clone does not reach back to where the branches meet). ' +
        'Fetch more history: git fetch --deepen=200 origin main:refs/remotes/origin/main (or git fetch --unshallow).\n',
    );
    git(clone, 'fetch', '-q', '--deepen=200', 'origin', 'main:refs/remotes/origin/main');
    const fetched = await check(clone, ['--changed-since', 'origin/main']);
    expect(fetched.err).toMatch(/^--changed-since origin\/main: checked 1 file changed since [0-9a-f]{12}; 1 finding on other lines not reported\.\n$/);
    expect(fetched.findings).toStrictEqual(['src/a.ts:3 campaign-dictionary-clients']);
  });

  it('in a shallow clone, names for a bare branch a fetch after which the name exists, and the next one reaches the fork', async () => {
    const clone = shallowCloneOfFeature();
    const first = await check(clone, ['--changed-since', 'main']);
    expect(first.code).toBe(2);
    const advice = /Fetch the base branch: (git fetch .*)\n$/.exec(first.err)?.[1];
    // `git fetch origin main` would fill FETCH_HEAD only, and the same error would come back.
    expect(advice).toBe('git fetch --depth=50 origin main:main');
    git(clone, ...advice!.split(' ').slice(1));
    const second = await check(clone, ['--changed-since', 'main']);
    expect(second.code).toBe(2);
    const deepen = /Fetch more history: (git fetch [^(]*?) \(or/.exec(second.err)?.[1];
    expect(deepen).toBe('git fetch --deepen=200 origin main:main');
    git(clone, ...deepen!.split(' ').slice(1));
    const fetched = await check(clone, ['--changed-since', 'main']);
    expect([fetched.code, fetched.findings]).toStrictEqual([1, ['src/a.ts:3 campaign-dictionary-clients']]);
  });

  it('reads the diff the same under a git config that changes its prefixes (diff.noprefix, diff.mnemonicPrefix)', async () => {
    const root = repoWithFeatureBranch();
    // A top folder named b/: without prefixes, stripping one would lose it.
    mkdirSync(path.join(root, 'b'));
    writeFileSync(path.join(root, 'b/x.ts'), call('/v1/campaigns'));
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'b folder');
    const expected = ['b/x.ts:1 campaigns-legacy-list', 'src/a.ts:3 campaign-dictionary-clients', 'src/new.ts:1 campaign-dictionary-comanagers'];
    expect((await check(root, ['--changed-since', 'main'])).findings).toStrictEqual(expected);
    for (const setting of ['diff.noprefix', 'diff.mnemonicPrefix']) {
      git(root, 'config', setting, 'true');
      expect((await check(root, ['--changed-since', 'main'])).findings, setting).toStrictEqual(expected);
      git(root, 'config', '--unset', setting);
    }
  });

  it('fails a copied line the baseline holds once, as the full run does: occurrences count over the whole file', async () => {
    const root = committedTree({ 'src/a.ts': `export function one() {\n  ${call('/v1/campaigns')}}\n` });
    expect((await check(root, ['--update-baseline'])).code).toBe(0);
    git(root, 'add', '.');
    git(root, 'commit', '-q', '-m', 'baseline');
    git(root, 'checkout', '-q', '-b', 'copy');
    writeFileSync(path.join(root, 'src/a.ts'), `export function one() {\n  ${call('/v1/campaigns')}}\nexport function two() {\n  ${call('/v1/campaigns')}}\n`);
    git(root, 'commit', '-q', '-am', 'copy');
    const full = await check(root, []);
    const gate = await check(root, ['--changed-since', 'main']);
    expect([full.code, full.findings]).toStrictEqual([1, ['src/a.ts:5 campaigns-legacy-list']]);
    expect([gate.code, gate.findings]).toStrictEqual([1, ['src/a.ts:5 campaigns-legacy-list']]);
  });

  it('outside a git work tree, or with --update-baseline, is a usage error', async () => {
    const plain = makeTree({ 'a.ts': call('/v1/campaigns') });
    const outside = await check(plain, ['--changed-since', 'main']);
    expect(outside.code).toBe(2);
    expect(outside.err).toBe(`sunset: --changed-since main: ${plain} is not inside a git work tree. Check a folder of a git repository, or drop --changed-since.\n`);
    const root = repoWithFeatureBranch();
    const both = await check(root, ['--changed-since', 'main', '--update-baseline']);
    expect(both.err).toBe('sunset: --changed-since does not go with --update-baseline: the baseline records every finding. Drop one of the two.\n');
  });
});

/** file:line:column entry, and `<- file:line` for each related place in another file. */
async function checkWithRelated(cwd: string, argv: readonly string[]): Promise<{ code: number; findings: string[]; notScanned: string[]; files: number; otherHosts: number; err: string }> {
  const io = captureIo(cwd);
  const code = await main(['check', '.', '--as-of', '2026-01-15', '--format', 'json', ...argv], io);
  const report = JSON.parse(io.out()) as {
    findings: { file: string; line: number; column: number; entry: string; related?: { file?: string; line: number }[] }[];
    notScanned: { file: string; reason: string }[];
    otherHosts?: number;
    summary: { files: number };
  };
  const elsewhere = (related: { file?: string; line: number }[] = []): string => related.flatMap((place) => (place.file === undefined ? [] : [` <- ${place.file}:${place.line}`])).join('');
  return {
    code,
    findings: report.findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.entry}${elsewhere(f.related)}`),
    notScanned: report.notScanned.map((file) => `${file.file} ${file.reason}`),
    files: report.summary.files,
    otherHosts: report.otherHosts ?? 0,
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
    const root = committedTree({
      'sunset.config.json': JSON.stringify({ ignores: ['src/fixtures/'] }),
      'src/api/paths.ts': "export const CLIENTS = '/v1/buyer/advertisers';\n",
      'src/api/legacy.ts': "export const MANAGERS = '/v1/campaigns/dictionaries/managers';\n",
      'src/api/index.ts': "export * from './paths';\nexport * from './legacy';\n",
      'src/etl/sync.ts': "import { CLIENTS } from '../api';\nexport const load = () => fetch(CLIENTS);\n",
      'src/other.ts': "import { MANAGERS } from './api/legacy';\nexport const list = () => fetch(MANAGERS);\n",
      'src/generated/client.ts': "export const x = 1;\n",
      'src/fixtures/sample.ts': "export const y = 1;\n",
    });
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
    // The whole tree: every request, including the unchanged caller of the changed constant (sync.ts);
    // the constants every reader of which the walk read are reported at those requests only.
    expect(walked.findings).toStrictEqual([
      'src/etl/report.ts:2:35 campaign-dictionary-clients <- src/api/paths.ts:1',
      'src/etl/sync.ts:2:33 campaign-dictionary-clients <- src/api/paths.ts:1',
      'src/other.ts:2:33 campaign-dictionary-managers <- src/api/legacy.ts:1',
      'src/other.ts:3:34 campaign-dictionary-managers <- src/api/legacy.ts:1',
    ]);
    const changed = await checkWithRelated(root, ['--changed-since', 'main']);
    // sync.ts did not change: its call is not reported; the changed constant is, where it is declared
    // (a run of the changed files cannot know every reader, so it keeps the declaration besides report.ts).
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

  it('resolves a changed file named on the command line as a check of the working directory does: its imports are read, never reported', async () => {
    const root = committedTree({
      'src/api/paths.ts': "export const CLIENTS = '/v1/campaigns/dictionaries/clients';\n",
      'src/etl/report.ts': 'export const report = () => 1;\n',
      'src/etl/other.ts': "import { CLIENTS } from '../api/paths';\nexport const other = () => fetch(CLIENTS);\n",
    });
    writeTree(root, { 'src/etl/report.ts': "import { CLIENTS } from '../api/paths';\nexport const report = () => fetch(CLIENTS);\n" });
    const named = async (paths: readonly string[]): Promise<string[]> => {
      const io = captureIo(root);
      await main(['check', ...paths, '--changed-since', 'HEAD', '--as-of', '2026-01-15', '--format', 'json'], io);
      const report = JSON.parse(io.out()) as { findings: { file: string; line: number; column: number; entry: string; related?: { file?: string; line: number; column: number }[] }[] };
      return report.findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.entry}${(f.related ?? []).map((place) => ` <- ${place.file ?? ''}:${place.line}:${place.column}`).join('')}`);
    };
    const expected = ['src/etl/report.ts:2:35 campaign-dictionary-clients <- src/api/paths.ts:1:24'];
    expect(await named(['src/etl/report.ts'])).toStrictEqual(expected);
    expect(await named(['src'])).toStrictEqual(expected);
    // A named file the change does not touch is not checked; nor is what it imports.
    expect(await named(['src/etl/other.ts'])).toStrictEqual([]);
  });

  it('keeps a changed constant at its declaration when its one reader changed on another line only (the gate does not pass)', async () => {
    const root = committedTree({
      'src/api/paths.ts': "export const CLIENTS = '/v1/buyer/advertisers';\n",
      'src/etl/report.ts': "import { CLIENTS } from '../api/paths';\nexport const report = () => fetch(CLIENTS);\n",
    });
    writeTree(root, {
      'src/api/paths.ts': "export const CLIENTS = '/v1/campaigns/dictionaries/clients';\n",
      'src/etl/report.ts': "import { CLIENTS } from '../api/paths';\nexport const report = () => fetch(CLIENTS);\nexport const limit = 2;\n",
    });
    const walked = await checkWithRelated(root, []);
    const changed = await checkWithRelated(root, ['--changed-since', 'HEAD']);
    // The walk reports the request only; the changed run reports the changed declaration (the request's line did not change).
    expect(walked.findings).toStrictEqual(['src/etl/report.ts:2:35 campaign-dictionary-clients <- src/api/paths.ts:1']);
    expect(changed.findings).toStrictEqual(['src/api/paths.ts:1:24 campaign-dictionary-clients']);
    expect(changed.code).toBe(1);
    expect(changed.err).toContain('; 1 finding on other lines not reported.\n');
  });

  it('with --project, reports the request that reads a constant the change made retired, though the request\'s line did not change', async () => {
    const tsconfig = JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true }, include: ['src'] });
    const root = committedTree({
      'tsconfig.json': tsconfig,
      'src/api/paths.ts': "export const CLIENTS = '/v1/buyer/advertisers';\n",
      'src/etl/report.ts': "import { CLIENTS } from '../api/paths';\nexport const report = () => fetch(CLIENTS);\n",
      'src/etl/other.ts': "export const other = () => fetch('/v1/campaigns/dictionaries/managers');\n",
    });
    writeTree(root, {
      'src/api/paths.ts': "export const CLIENTS = '/v1/campaigns/dictionaries/clients';\n",
      'src/etl/report.ts': "import { CLIENTS } from '../api/paths';\nexport const report = () => fetch(CLIENTS);\nexport const limit = 2;\n",
    });
    const walked = await checkWithRelated(root, ['--project']);
    const changed = await checkWithRelated(root, ['--project', '--changed-since', 'HEAD']);
    // The whole program: the request (its constant's declaration a related place) and the unchanged file's call.
    expect(walked.findings).toStrictEqual(['src/etl/other.ts:1:34 campaign-dictionary-managers', 'src/etl/report.ts:2:35 campaign-dictionary-clients <- src/api/paths.ts:1']);
    // The change made the constant retired: its request is reported (the gate fails), the unchanged call is not.
    expect(changed.findings).toStrictEqual(['src/etl/report.ts:2:35 campaign-dictionary-clients <- src/api/paths.ts:1']);
    expect(changed.code).toBe(1);
    expect(changed.err).toContain('; 1 finding on other lines not reported.\n');
  });

  it('follows an import into a nested config\'s folder no more than a walk does', async () => {
    const root = committedTree({
      'src/api/sunset.config.json': JSON.stringify({}),
      'src/api/paths.ts': "export const MANAGERS = '/v1/campaigns/dictionaries/managers';\n",
      'src/use.ts': 'export {};\n',
    });
    writeTree(root, { 'src/use.ts': "import { MANAGERS } from './api/paths';\nexport const list = () => fetch(MANAGERS);\n" });
    const walked = await checkWithRelated(root, []);
    const changed = await checkWithRelated(root, ['--changed-since', 'HEAD']);
    // The walk checks src/api under its own config: a constant there is not offered to src/use.ts.
    expect(walked.findings).toStrictEqual(['src/api/paths.ts:1:25 campaign-dictionary-managers']);
    expect(changed.findings).toStrictEqual([]);
    expect(changed.files).toBe(1);
  });

  it("joins a changed file's path to a client made in an unchanged file, reads UTF-16, and lists links and package.json files as a walk does", async () => {
    const outside = makeTree({ 'shared.ts': call('/v1/campaigns') });
    const root = committedTree({
      'src/api/http.ts': "import axios from 'axios';\nexport const adform = axios.create({ baseURL: 'https://api.adform.com/v1' });\n",
      'src/features/campaigns.ts': 'export {};\n',
      'src/vendor/other.ts': "export const one = () => fetch('https://adsapi.othervendor.example/v1/campaigns');\n",
      'src/quiet.ts': "export const other = () => fetch('https://adsapi.othervendor.example/v1/campaigns');\n",
    });
    writeTree(root, {
      'src/features/campaigns.ts': "import { adform } from '../api/http';\nexport const list = () => adform.get('/campaigns');\n",
      'src/vendor/other.ts': "export const one = () => fetch('https://adsapi.othervendor.example/v1/campaigns');\nexport const two = () => fetch('https://adsapi.othervendor.example/v1/campaigns');\n",
      'src/pkg/package.json': '{ "name": ',
    });
    writeFileSync(path.join(root, 'src/utf16.ts'), Buffer.from(`\uFEFF// caf\u00e9\n${call('/v1/campaigns/dictionaries/clients')}`, 'utf16le'));
    symlinkSync(path.join(outside, 'shared.ts'), path.join(root, 'src/shared-link.ts'));
    const walked = await checkWithRelated(root, []);
    const changed = await checkWithRelated(root, ['--changed-since', 'HEAD']);
    // The client's base is in http.ts, unchanged: the changed file's request is joined to it all the same.
    expect(walked.findings).toStrictEqual(['src/features/campaigns.ts:2:38 campaigns-legacy-list <- src/api/http.ts:2', 'src/utf16.ts:2:7 campaign-dictionary-clients']);
    expect(changed.findings).toStrictEqual(walked.findings);
    expect(walked.notScanned).toStrictEqual(['src/pkg/package.json invalid-package-json', 'src/shared-link.ts symbolic-link']);
    expect(changed.notScanned).toStrictEqual(walked.notScanned);
    // Another vendor's requests are counted in the files read: the tree's three, the changed file's two.
    expect([walked.otherHosts, changed.otherHosts]).toEqual([3, 2]);
    expect(changed.files).toBe(3);
  });

  it('checks every line of a committed file git diffs as binary (UTF-16 LE and BE with a BOM), new or modified: git gives no lines for it', async () => {
    const utf16le = (text: string): Buffer => Buffer.from(`\uFEFF${text}`, 'utf16le');
    const utf16be = (text: string): Buffer => Buffer.from(`\uFEFF${text}`, 'utf16le').swap16();
    const root = committedTree({ 'src/plain.ts': call('/v1/campaigns') });
    writeFileSync(path.join(root, 'src/le.ts'), utf16le(call('/v1/campaigns')));
    writeFileSync(path.join(root, 'src/be.ts'), utf16be(`// header\r\n${call('/v1/campaigns')}`));
    git(root, 'add', '.');
    git(root, 'commit', '-q', '-m', 'utf-16 files');
    git(root, 'checkout', '-q', '-b', 'feature');
    writeFileSync(path.join(root, 'src/le.ts'), utf16le(`${call('/v1/campaigns')}${call('/v1/campaigns/dictionaries/managers')}`));
    writeFileSync(path.join(root, 'src/new-be.ts'), utf16be(`export {};\n${call('/v1/campaigns/dictionaries/clients')}`));
    writeFileSync(path.join(root, 'src/new-le.ts'), utf16le(call('/v1/campaigns/dictionaries/comanagers')));
    git(root, 'add', '.');
    git(root, 'commit', '-q', '-m', 'feature');
    // Modified in the work tree only, not committed: the same.
    writeFileSync(path.join(root, 'src/be.ts'), utf16be(`// header\r\n${call('/v1/campaigns')}${call('/v1/campaigns/dictionaries/labels')}`));
    expect(git(root, 'diff', '--numstat', 'main', '--', 'src/le.ts')).toBe('-\t-\tsrc/le.ts\n');
    const all = await check(root, []);
    expect(all.findings).toStrictEqual([
      'src/be.ts:2 campaigns-legacy-list',
      'src/be.ts:3 campaign-dictionary-labels',
      'src/le.ts:1 campaigns-legacy-list',
      'src/le.ts:2 campaign-dictionary-managers',
      'src/new-be.ts:2 campaign-dictionary-clients',
      'src/new-le.ts:1 campaign-dictionary-comanagers',
      'src/plain.ts:1 campaigns-legacy-list',
    ]);
    const changed = await check(root, ['--changed-since', 'main']);
    // Every finding of the four UTF-16 files, the unchanged lines' too; none of the unchanged plain.ts.
    expect(changed.findings).toStrictEqual(all.findings.filter((finding) => !finding.startsWith('src/plain.ts')));
    expect(changed.code).toBe(1);
    const base = git(root, 'rev-parse', 'main').trim().slice(0, 12);
    expect(changed.err).toBe(`--changed-since main: checked 4 files changed since ${base}; 0 findings on other lines not reported.\n`);
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

describe('sunset check --changed-since: which repository, and refs it cannot use', () => {
  async function checkPaths(cwd: string, argv: readonly string[]): Promise<{ code: number; out: string; err: string }> {
    const io = captureIo(cwd);
    const code = await main(['check', '--as-of', '2026-01-15', '--format', 'json', ...argv], io);
    return { code, out: io.out(), err: io.err() };
  }

  it('uses the git work tree of the scanned path, not the working directory', async () => {
    const root = repoWithFeatureBranch();
    const elsewhere = makeTree({});
    const result = await checkPaths(elsewhere, ['--changed-since', 'main', root]);
    const findings = (JSON.parse(result.out) as { findings: { file: string; line: number }[] }).findings.map((finding) => `${finding.file}:${finding.line}`);
    const shown = path.relative(elsewhere, root).split(path.sep).join('/');
    expect([result.code, findings]).toEqual([1, [`${shown}/src/a.ts:3`, `${shown}/src/new.ts:1`]]);
    // Only the changed files are read (src/a.ts, src/new.ts): the one finding on other lines is a.ts's first.
    expect(result.err).toBe(`--changed-since main: checked 2 files changed since ${git(root, 'rev-parse', 'main').trim().slice(0, 12)}; 1 finding on other lines not reported.\n`);
  });

  it('says when the scanned paths lie in two repositories, or one of them outside git', async () => {
    const [first, second] = [repoWithFeatureBranch(), repoWithFeatureBranch()];
    const plain = makeTree({ 'a.ts': call('/v1/campaigns') });
    const cwd = makeTree({});
    const two = await checkPaths(cwd, ['--changed-since', 'main', first, second]);
    expect([two.code, two.out, two.err]).toEqual([2, '', `sunset: --changed-since main: the paths lie in 2 git work trees (${first}, ${second}). Check each repository on its own.\n`]);
    const outside = await checkPaths(cwd, ['--changed-since', 'main', first, path.join(plain, 'a.ts')]);
    expect(outside.err).toBe(`sunset: --changed-since main: ${path.join(plain, 'a.ts')} is not inside a git work tree. Check a folder of a git repository, or drop --changed-since.\n`);
  });

  it('HEAD~1 in a repository of one commit: says the ref is older than the history, not to fetch it', async () => {
    const root = makeTree({ 'a.ts': call('/v1/campaigns') });
    git(root, 'init', '-q');
    const empty = await checkPaths(root, ['--changed-since', 'HEAD~1', '.']);
    expect([empty.code, empty.err]).toEqual([
      2,
      `sunset: --changed-since HEAD~1: the repository at ${root} has no commits yet, so nothing can be measured against HEAD~1. Commit first, or drop --changed-since.\n`,
    ]);
    git(root, 'add', '.');
    git(root, 'commit', '-q', '-m', 'one');
    const [back, caret] = await Promise.all([checkPaths(root, ['--changed-since', 'HEAD~1', '.']), checkPaths(root, ['--changed-since', 'main^', '.'])]);
    expect([back.code, back.err]).toEqual([
      2,
      'sunset: --changed-since HEAD~1: HEAD~1 does not exist in this history (HEAD has only 1 commit; git log --oneline lists them). Name a commit that exists, or drop --changed-since.\n',
    ]);
    expect(caret.err).toBe('sunset: --changed-since main^: main^ does not exist in this history (main has only 1 commit; git log --oneline lists them). Name a commit that exists, or drop --changed-since.\n');
    const unknown = await checkPaths(root, ['--changed-since', 'origin/main', '.']);
    expect(unknown.err).toBe(
      'sunset: --changed-since origin/main: git knows no commit "origin/main", and the repository has no remote to fetch it from. Name a branch, tag or commit that exists (git branch -a lists them), or drop --changed-since.\n',
    );
  });

  it('HEAD~5 in a shallow clone: says to deepen the history', async () => {
    const origin = repoWithFeatureBranch();
    const parent = makeTree({});
    git(parent, 'clone', '-q', '--depth=1', '--branch', 'feature', `file://${origin}`, 'clone');
    const result = await checkPaths(path.join(parent, 'clone'), ['--changed-since', 'HEAD~5', '.']);
    expect([result.code, result.err]).toEqual([
      2,
      'sunset: --changed-since HEAD~5: this clone is shallow and its history stops before HEAD~5. Fetch more history: git fetch --deepen=50 (or git fetch --unshallow).\n',
    ]);
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

  it('reads a header only before the first hunk of a file: an added "++ x" line is a line, and a path with a space loses the tab git ends it with', () => {
    // As git 2.x writes them (core.quotePath=off).
    const diff = [
      'diff --git a/d s/f g.ts b/d s/f g.ts',
      'new file mode 100644',
      'index 0000000..b92e28a',
      '--- /dev/null',
      '+++ b/d s/f g.ts\t',
      '@@ -0,0 +1,3 @@',
      '+a',
      '+++ b;',
      '+c',
      'diff --git a/plain.ts b/plain.ts',
      'index 1111111..2222222 100644',
      '--- a/plain.ts',
      '+++ b/plain.ts',
      '@@ -2 +2 @@',
      '-  retries += 1;',
      '+++ retries;',
      '@@ -9 +9 @@',
      "-  return fetch('/v1/buyer/campaigns');",
      "+  return fetch('/v1/campaigns');",
    ].join('\n');
    expect(parseAddedLines(diff)).toStrictEqual(
      new Map([
        ['d s/f g.ts', new Set([1, 2, 3])],
        ['plain.ts', new Set([2, 9])],
      ]),
    );
  });
});

describe('parseBinaryFiles', () => {
  it('reads the new paths of the binary files of a --numstat -z diff, renames included, and no text file', () => {
    const numstat = ['3\t1\tsrc/text.ts', '-\t-\tsrc/utf16 é.ts', '-\t-\t', 'src/old.ts', 'src/moved.ts', '2\t0\t', 'src/a.ts', 'src/b.ts', '-\t-\tlogo.png', ''].join('\0');
    expect(parseBinaryFiles(numstat)).toStrictEqual(['src/utf16 é.ts', 'src/moved.ts', 'logo.png']);
  });
});

describe('git\'s global excludes', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('leave a file out of a full check as --changed-since (which asks git) leaves it out', async () => {
    const home = makeTree({ 'global-ignore': '*.local.ts\n' });
    writeFileSync(path.join(home, 'global.gitconfig'), `[core]\n\texcludesFile = ${path.join(home, 'global-ignore')}\n`);
    vi.stubEnv('GIT_CONFIG_GLOBAL', path.join(home, 'global.gitconfig'));
    vi.stubEnv('GIT_CONFIG_NOSYSTEM', '1');
    vi.stubEnv('HOME', home);
    vi.stubEnv('XDG_CONFIG_HOME', path.join(home, 'xdg'));
    const root = committedTree({ 'src/a.ts': 'export {};\n' });
    writeTree(root, { 'src/new.ts': call('/v1/campaigns'), 'src/scratch.local.ts': call('/v1/campaigns') });
    expect(git(root, 'ls-files', '--others', '--exclude-standard')).toBe('src/new.ts\n');
    expect(await check(root, [])).toStrictEqual({ code: 1, findings: ['src/new.ts:1 campaigns-legacy-list'], err: '' });
    const changed = await check(root, ['--changed-since', 'main']);
    expect(changed.findings).toStrictEqual(['src/new.ts:1 campaigns-legacy-list']);
    // Without the global excludes, both check the scratch file.
    vi.stubEnv('GIT_CONFIG_GLOBAL', path.join(home, 'missing.gitconfig'));
    expect((await check(root, [])).findings).toStrictEqual(['src/new.ts:1 campaigns-legacy-list', 'src/scratch.local.ts:1 campaigns-legacy-list']);
    expect((await check(root, ['--changed-since', 'main'])).findings).toStrictEqual(['src/new.ts:1 campaigns-legacy-list', 'src/scratch.local.ts:1 campaigns-legacy-list']);
  });
});
