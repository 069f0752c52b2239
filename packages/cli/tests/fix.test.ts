import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import type { FixSite, TransformFile } from '../src/fix/types.js';
import { fakeLintFiles } from './fake-engine.js';
import { captureIo, makeTree } from './helpers.js';

/** A test double for the codemod: rewrites `'/v1/campaigns'` and marks `GetCampaigns(` with a TODO site. */
const fakeTransform: TransformFile = (_file, source, { displayPath }) => {
  if (source.includes('SYNTAX ERROR')) return { output: undefined, sites: [], error: { line: 2, message: 'Unexpected token' } };
  const sites = source.split('\n').flatMap((text, index): FixSite[] => {
    const line = index + 1;
    if (text.includes("'/v1/campaigns'")) {
      return [{ file: displayPath, line, column: text.indexOf("'") + 1, entry: 'campaigns-legacy-list', retired: 'GET /v1/campaigns', action: 'rewritten' as const, reason: 'GET /v1/buyer/campaigns' }];
    }
    if (text.includes('GetCampaigns(')) {
      return [{ file: displayPath, line, column: text.indexOf('GetCampaigns') + 1, entry: 'campaigns-service-get-campaigns', retired: 'GetCampaigns', action: 'todo' as const, reason: 'SOAP to REST' }];
    }
    return [];
  });
  const output = source.replaceAll("'/v1/campaigns'", "'/v1/buyer/campaigns'");
  return { output: output === source ? undefined : output, sites };
};

const deps = { lintFiles: fakeLintFiles, transformFile: fakeTransform };

const files = {
  'src/list.ts': "export const list = () => get('/v1/campaigns');\n",
  'src/soap.ts': 'client.GetCampaigns({});\n',
  'src/clean.ts': 'export const x = 1;\n',
};

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

describe('sunset fix', () => {
  it('refuses to write in a git work tree with uncommitted changes, saying why and how', async () => {
    const root = gitRepo(files);
    writeFileSync(path.join(root, 'src/clean.ts'), 'export const x = 2;\n');
    const io = captureIo(root);
    expect(await main(['fix'], io, deps)).toBe(2);
    expect(io.err()).toBe(
      [
        `sunset: Refusing to rewrite files: the git work tree ${root} has uncommitted changes:`,
        '  src/clean.ts',
        'sunset fix edits files in place; starting from a clean tree keeps its changes a diff you can review and revert.',
        'Commit or stash your changes first, or pass --force to run anyway (or --dry to only preview).',
        '',
      ].join('\n'),
    );
    expect(readFileSync(path.join(root, 'src/list.ts'), 'utf8')).toBe(files['src/list.ts']);
  });

  it('runs in a dirty work tree with --force, and in a clean one without it', async () => {
    const dirty = gitRepo(files);
    writeFileSync(path.join(dirty, 'notes.txt'), 'untracked\n');
    expect(await main(['fix', '--force'], captureIo(dirty), deps)).toBe(0);
    expect(readFileSync(path.join(dirty, 'src/list.ts'), 'utf8')).toBe("export const list = () => get('/v1/buyer/campaigns');\n");
    const clean = gitRepo(files);
    expect(await main(['fix'], captureIo(clean), deps)).toBe(0);
    expect(readFileSync(path.join(clean, 'src/list.ts'), 'utf8')).toBe("export const list = () => get('/v1/buyer/campaigns');\n");
  });

  it('rewrites in a folder outside git, writes only changed files and prints a summary', async () => {
    const root = makeTree(files);
    const io = captureIo(root);
    expect(await main(['fix'], io, deps)).toBe(0);
    expect(io.out()).toBe(
      [
        '3 files scanned, 2 candidates, 1 changed.',
        '1 site rewritten, 1 left with a TODO, 0 skipped.',
        '',
        'Sites a person must finish:',
        '  src/soap.ts:1:8  todo  campaigns-service-get-campaigns  SOAP to REST',
        '',
      ].join('\n'),
    );
    expect(readFileSync(path.join(root, 'src/soap.ts'), 'utf8')).toBe(files['src/soap.ts']);
  });

  it('writes nothing with --dry and prints a unified diff with --print (summary to stderr)', async () => {
    const root = gitRepo(files);
    writeFileSync(path.join(root, 'dirty.txt'), 'x');
    const io = captureIo(root);
    expect(await main(['fix', '--dry', '--print', 'src'], io, deps)).toBe(0);
    expect(io.out()).toBe(
      [
        'Index: src/list.ts',
        '===================================================================',
        '--- src/list.ts',
        '+++ src/list.ts',
        '@@ -1,1 +1,1 @@',
        "-export const list = () => get('/v1/campaigns');",
        "+export const list = () => get('/v1/buyer/campaigns');",
        '',
      ].join('\n'),
    );
    expect(io.err()).toMatch(/^3 files scanned, 2 candidates, 1 would change\.\n/);
    expect(readFileSync(path.join(root, 'src/list.ts'), 'utf8')).toBe(files['src/list.ts']);
  });

  it('prints the per-site report with --format json', async () => {
    const io = captureIo(makeTree(files));
    expect(await main(['fix', '--dry', '--format', 'json'], io, deps)).toBe(0);
    expect(JSON.parse(io.out())).toEqual({
      sites: [
        { file: 'src/list.ts', line: 1, column: 31, entry: 'campaigns-legacy-list', retired: 'GET /v1/campaigns', action: 'rewritten', reason: 'GET /v1/buyer/campaigns' },
        { file: 'src/soap.ts', line: 1, column: 8, entry: 'campaigns-service-get-campaigns', retired: 'GetCampaigns', action: 'todo', reason: 'SOAP to REST' },
      ],
      changedFiles: ['src/list.ts'],
      errors: [],
      summary: { files: 3, candidates: 2, changed: 1, rewritten: 1, todo: 1, skipped: 0, errors: 0, dry: true },
    });
  });

  it('exits 1 with --fail-on-todo when a TODO is left', async () => {
    expect(await main(['fix', '--dry', '--fail-on-todo'], captureIo(makeTree(files)), deps)).toBe(1);
    expect(await main(['fix', '--dry', '--fail-on-todo', 'src/list.ts'], captureIo(makeTree(files)), deps)).toBe(0);
  });

  it('reports a file that does not parse with its line, leaves it untouched and goes on', async () => {
    const root = makeTree({ ...files, 'src/broken.ts': "get('/v1/campaigns')\nSYNTAX ERROR\n" });
    const io = captureIo(root);
    expect(await main(['fix'], io, deps)).toBe(1);
    expect(io.out()).toContain('\n1 file could not be transformed and was left untouched:\n  src/broken.ts:2  Unexpected token\n');
    expect(readFileSync(path.join(root, 'src/broken.ts'), 'utf8')).toBe("get('/v1/campaigns')\nSYNTAX ERROR\n");
    expect(readFileSync(path.join(root, 'src/list.ts'), 'utf8')).toBe("export const list = () => get('/v1/buyer/campaigns');\n");
  });

  it('draws a progress line on stderr only when stderr is a terminal', async () => {
    const tty = captureIo(makeTree(files), { stderrIsTTY: true });
    await main(['fix', '--dry'], tty, deps);
    expect(tty.err()).toContain('\r\u001b[2K[1/3] src/clean.ts');
    const pipe = captureIo(makeTree(files), { stderrIsTTY: false });
    await main(['fix', '--dry'], pipe, deps);
    expect(pipe.err()).toBe('');
  });
});
