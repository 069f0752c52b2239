import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { fakeCore } from '../../engine/tests/helpers.js';
import { captureIo, makeTree } from './helpers.js';

// Most tests run the engine's fake rule core: the literal '/v1/campaigns' is rewritten to
// '/v1/buyer/campaigns', the literal 'PATCH /v1/campaigns' gets a TODO comment.
const deps = { core: fakeCore };

const files = {
  'src/list.ts': "export const list = () => get('/v1/campaigns');\n",
  'src/status.ts': "export const pause = () => send('PATCH /v1/campaigns');\n",
  'src/clean.ts': 'export const x = 1;\n',
};
const fixed = {
  'src/list.ts': "export const list = () => get('/v1/buyer/campaigns');\n",
  'src/status.ts': `// TODO(sunset:campaigns-legacy-status): migrate PATCH /v1/campaigns\n${files['src/status.ts']}`,
  'src/clean.ts': files['src/clean.ts'],
};
const statusReason = 'the new endpoint changes one campaign per call: it needs the campaign id in the path';
const summaryText = (verb: string, changed = 2): string =>
  [
    `3 files scanned, 2 candidates, ${changed} ${verb}.`,
    verb === 'would change' ? '1 site would be rewritten, 1 left with a TODO, 0 skipped.' : '1 site rewritten, 1 left with a TODO, 0 skipped.',
    '',
    'Sites a person must finish:',
    `  src/status.ts:1:33  todo  campaigns-legacy-status  ${statusReason}`,
    '',
  ].join('\n');

function git(root: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'init.defaultBranch=main', ...args], { cwd: root, stdio: 'ignore' });
}

function gitRepo(tree: Record<string, string>): string {
  const root = makeTree(tree);
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'init');
  return root;
}

function readTree(root: string, names: readonly string[] = Object.keys(files)): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, readFileSync(path.join(root, name), 'utf8')]));
}

describe('sunset fix', () => {
  it('refuses when a file it would change has uncommitted changes, naming it, and exits 2', async () => {
    const root = gitRepo(files);
    writeFileSync(path.join(root, 'src/list.ts'), `// mine\n${files['src/list.ts']}`);
    writeFileSync(path.join(root, 'src/clean.ts'), 'export const x = 2;\n');
    const io = captureIo(root);
    expect(await main(['fix'], io, deps)).toBe(2);
    expect(io.out()).toBe('');
    expect(io.err()).toBe(
      [
        'sunset: Refusing to rewrite files: sunset fix would change this file, which has uncommitted changes:',
        '  src/list.ts (modified)',
        'sunset fix edits files in place; keeping its edits apart from your own keeps them a diff you can review and revert.',
        'Commit or stash the changes to this file first, or pass --force to run anyway (or --dry to only preview).',
        '',
      ].join('\n'),
    );
    expect(readTree(root)).toEqual({ ...files, 'src/list.ts': `// mine\n${files['src/list.ts']}`, 'src/clean.ts': 'export const x = 2;\n' });
  });

  it('writes when only files it does not change have uncommitted changes (a report written by sunset report, notes)', async () => {
    const root = gitRepo(files);
    writeFileSync(path.join(root, 'sunset-report.html'), '<!doctype html>\n');
    writeFileSync(path.join(root, 'src/clean.ts'), 'export const x = 2;\n');
    const io = captureIo(root);
    expect(await main(['fix'], io, deps)).toBe(0);
    expect(io.out()).toBe(summaryText('changed'));
    expect(readTree(root)).toEqual({ ...fixed, 'src/clean.ts': 'export const x = 2;\n' });
  });

  it('runs over uncommitted changes with --force, and in a clean work tree without it', async () => {
    const dirty = gitRepo(files);
    writeFileSync(path.join(dirty, 'src/status.ts'), files['src/status.ts'].replace('pause', 'stop'));
    expect(await main(['fix', '--force'], captureIo(dirty), deps)).toBe(0);
    expect(readTree(dirty)).toEqual({ ...fixed, 'src/status.ts': fixed['src/status.ts'].replaceAll('pause', 'stop') });
    const clean = gitRepo(files);
    expect(await main(['fix'], captureIo(clean), deps)).toBe(0);
    expect(readTree(clean)).toEqual(fixed);
  });

  it('rewrites in a folder outside git, writes only changed files and prints a summary', async () => {
    const root = makeTree(files);
    const cleanBefore = statSync(path.join(root, 'src/clean.ts'));
    const io = captureIo(root);
    expect(await main(['fix'], io, deps)).toBe(0);
    expect(io.out()).toBe(summaryText('changed'));
    expect(io.err()).toBe('');
    expect(readTree(root)).toEqual(fixed);
    const cleanAfter = statSync(path.join(root, 'src/clean.ts'));
    expect([cleanAfter.ino, cleanAfter.mtimeMs]).toEqual([cleanBefore.ino, cleanBefore.mtimeMs]);
  });

  it('stopped before it started (Ctrl-C while the config is read): exit 130 with the summary, nothing written', async () => {
    const root = makeTree(files);
    const controller = new AbortController();
    controller.abort();
    const io = { ...captureIo(root), signal: controller.signal, tempFiles: new Set<string>() };
    expect(await main(['fix'], io, deps)).toBe(130);
    expect(io.out()).toMatch(/^0 of 3 files scanned, 0 candidates, 0 changed\./);
    expect(io.out()).toContain('Interrupted: 0 files had been written');
    expect(readTree(root)).toEqual(files);
  });

  it('writes nothing with --dry and prints a unified diff with --print (summary to stderr)', async () => {
    const root = gitRepo(files);
    writeFileSync(path.join(root, 'dirty.txt'), 'x');
    const io = captureIo(root);
    expect(await main(['fix', '--dry', '--print', 'src'], io, deps)).toBe(0);
    expect(io.out()).toBe(
      [
        '--- a/src/list.ts',
        '+++ b/src/list.ts',
        '@@ -1,1 +1,1 @@',
        "-export const list = () => get('/v1/campaigns');",
        "+export const list = () => get('/v1/buyer/campaigns');",
        '--- a/src/status.ts',
        '+++ b/src/status.ts',
        '@@ -1,1 +1,2 @@',
        '+// TODO(sunset:campaigns-legacy-status): migrate PATCH /v1/campaigns',
        " export const pause = () => send('PATCH /v1/campaigns');",
        '',
      ].join('\n'),
    );
    expect(io.err()).toBe(summaryText('would change'));
    expect(readTree(root)).toEqual(files);
    // git applies it as it is, from the folder fix ran in.
    writeFileSync(path.join(root, 'fix.patch'), io.out());
    execFileSync('git', ['apply', 'fix.patch'], { cwd: root });
    expect(readFileSync(path.join(root, 'src/list.ts'), 'utf8')).toBe("export const list = () => get('/v1/buyer/campaigns');\n");
  });

  it('prints the per-site report with --format json', async () => {
    const io = captureIo(makeTree(files));
    expect(await main(['fix', '--dry', '--format', 'json'], io, deps)).toBe(0);
    expect(JSON.parse(io.out())).toEqual({
      sites: [
        { file: 'src/list.ts', line: 1, column: 31, entry: 'campaigns-legacy-list', retired: 'GET /v1/campaigns', action: 'rewritten', reason: 'GET /v1/campaigns → GET /v1/buyer/campaigns' },
        { file: 'src/status.ts', line: 1, column: 33, entry: 'campaigns-legacy-status', retired: 'PATCH /v1/campaigns', action: 'todo', reason: statusReason },
      ],
      changedFiles: ['src/list.ts', 'src/status.ts'],
      errors: [],
      notScanned: [],
      summary: { files: 3, candidates: 2, changed: 2, written: 0, notWritten: 0, rewritten: 1, todo: 1, skipped: 0, errors: 0, dry: true, interrupted: false, notScanned: { unreadable: 0, tooLarge: 0, minified: 0, unscannedExtension: 0, excludedByConfig: 0, invalidPackageJson: 0, symbolicLink: 0, nodeModules: 0, gitFolder: 0 } },
    });
  });

  it('exits 1 with --fail-on-todo when a TODO is left', async () => {
    expect(await main(['fix', '--dry', '--fail-on-todo'], captureIo(makeTree(files)), deps)).toBe(1);
    expect(await main(['fix', '--dry', '--fail-on-todo', 'src/list.ts'], captureIo(makeTree(files)), deps)).toBe(0);
  });

  it('reports a file that does not parse with its line and the parser message, leaves it untouched and goes on', async () => {
    const broken = "get('/v1/campaigns')\nSYNTAX ERROR\n";
    const root = makeTree({ ...files, 'src/broken.ts': broken });
    const io = captureIo(root);
    expect(await main(['fix'], io, deps)).toBe(1);
    expect(io.out()).toBe(
      [
        '4 files scanned, 3 candidates, 2 changed.',
        '1 site rewritten, 1 left with a TODO, 0 skipped.',
        '',
        'Sites a person must finish:',
        `  src/status.ts:1:33  todo  campaigns-legacy-status  ${statusReason}`,
        '',
        '1 file could not be transformed and was left untouched:',
        '  src/broken.ts:2  Could not parse: Expected a semicolon or an implicit semicolon after a statement, but found none',
        '',
      ].join('\n'),
    );
    expect(readTree(root, [...Object.keys(files), 'src/broken.ts'])).toEqual({ ...fixed, 'src/broken.ts': broken });
  });

  it('draws a progress line on stderr only when stderr is a terminal', async () => {
    const tty = captureIo(makeTree(files), { stderrIsTTY: true });
    await main(['fix', '--dry'], tty, deps);
    // Redrawn at most every 100 ms: the first and the last file always, the middle one when the run is slow.
    const frames = tty.err().split('\r\u001b[2K');
    expect(frames.filter((frame) => frame !== '[2/3] src/list.ts')).toEqual(['', '[1/3] src/clean.ts', '[3/3] src/status.ts', '']);
    const pipe = captureIo(makeTree(files), { stderrIsTTY: false });
    await main(['fix', '--dry'], pipe, deps);
    expect(pipe.err()).toBe('');
  });
});

describe('sunset fix with the real rule core', () => {
  it('rewrites a one-to-one call, puts a TODO above an ambiguous one and reports both sites', async () => {
    const source = [
      "import axios from 'axios';",
      '',
      "export const list = () => axios.get('/v1/campaigns');",
      'export function pause(ids) {',
      "  return axios.patch('/v1/campaigns', { ids, status: 'paused' });",
      '}',
      '',
    ].join('\n');
    const root = makeTree({ 'src/campaigns.js': source });
    const io = captureIo(root);
    expect(await main(['fix', '--as-of', '2026-11-21'], io)).toBe(0);
    expect(readFileSync(path.join(root, 'src/campaigns.js'), 'utf8')).toBe(
      [
        "import axios from 'axios';",
        '',
        "export const list = () => axios.get('/v1/buyer/campaigns');",
        'export function pause(ids) {',
        '  // TODO(sunset:campaigns-legacy-status): migrate PATCH /v1/campaigns: the new endpoint changes one',
        '  //     campaign per call: it needs the campaign id in the path',
        '  //   candidates PUT /v1/buyer/campaigns/{id}/status',
        '  //   support ended 2019-10-01',
        "  return axios.patch('/v1/campaigns', { ids, status: 'paused' });",
        '}',
        '',
      ].join('\n'),
    );
    expect(io.out()).toBe(
      [
        '1 file scanned, 1 candidate, 1 changed.',
        '1 site rewritten, 1 left with a TODO, 0 skipped.',
        '',
        'Sites a person must finish:',
        `  src/campaigns.js:5:22  todo  campaigns-legacy-status  ${statusReason}`,
        '',
      ].join('\n'),
    );
    // A second run finds the TODO already there: nothing changes, the site is still listed.
    const again = captureIo(root);
    expect(await main(['fix', '--as-of', '2026-11-21', '--format', 'json'], again)).toBe(0);
    expect(JSON.parse(again.out())).toEqual({
      sites: [{ file: 'src/campaigns.js', line: 9, column: 22, entry: 'campaigns-legacy-status', retired: 'PATCH /v1/campaigns', action: 'todo', reason: statusReason }],
      changedFiles: [],
      errors: [],
      notScanned: [],
      summary: { files: 1, candidates: 1, changed: 0, written: 0, notWritten: 0, rewritten: 0, todo: 1, skipped: 0, errors: 0, dry: false, interrupted: false, notScanned: { unreadable: 0, tooLarge: 0, minified: 0, unscannedExtension: 0, excludedByConfig: 0, invalidPackageJson: 0, symbolicLink: 0, nodeModules: 0, gitFolder: 0 } },
    });
  });
});

describe('a Flow file (an @flow pragma)', () => {
  const flowFile = [
    '/**',
    ' * @flow',
    ' */',
    "import type { Campaign } from './types';",
    'export async function list(base: string): Promise<Array<Campaign>> {',
    '  const response = await fetch(`${base}/v1/campaigns/dictionaries/managers`);',
    '  return (response.json(): any);',
    '}',
    '',
  ].join('\n');

  // The real rule core (this file's other tests run a stand-in).
  it('is checked at the place of its request, and fixed with its types kept; a second run changes nothing', async () => {
    const root = gitRepo({ 'src/api.js': flowFile });
    const check = captureIo(root);
    expect(await main(['check', '--format', 'json', '--as-of', '2026-01-15'], check)).toBe(1);
    const report = JSON.parse(check.out()) as { findings: { file: string; line: number; column: number; entry: string }[]; errors: unknown[] };
    expect([report.errors, report.findings.map(({ file, line, column, entry }) => `${file}:${line}:${column} ${entry}`)]).toEqual([[], ['src/api.js:6:32 campaign-dictionary-managers']]);
    expect(await main(['fix', '--as-of', '2026-01-15'], captureIo(root))).toBe(0);
    expect(readFileSync(path.join(root, 'src/api.js'), 'utf8')).toBe(flowFile.replace('/v1/campaigns/dictionaries/managers', '/v1/buyer/classifiers/managers'));
    const second = captureIo(root);
    expect(await main(['fix', '--as-of', '2026-01-15'], second)).toBe(0);
    expect(second.out()).toContain('0 changed.');
  });
});
