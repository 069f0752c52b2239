import { execFileSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type * as FsPromises from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { checkFiles } from '../src/check/check-files.js';
import { fixFiles } from '../src/fix/fix-files.js';
import { fixInPieces, fixSource } from '../src/fix/fix-source.js';
import { UsageError } from '../src/errors.js';
import { sharedWithSilencedCause } from '@sunset/analysis';
import { fakeCore, makeTree, sunsetOptions, writeTree } from './helpers.js';


/** Writes to a path matching `pattern` fail with ENOSPC, as on a full disk. */
const diskFull = vi.hoisted(() => ({ pattern: undefined as RegExp | undefined }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  const writeFile: typeof real.writeFile = async (file, data, writeOptions) => {
    if (diskFull.pattern?.test(String(file)) === true) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    return real.writeFile(file, data, writeOptions);
  };
  return { ...real, default: { ...real, writeFile }, writeFile };
});

const options = sunsetOptions();
const statusTodo = '// TODO(sunset:campaigns-legacy-status): migrate PATCH /v1/campaigns';

describe('fixSource', () => {
  it('rewrites one-to-one sites, adds TODO comments for the others and reports every site', () => {
    const text = "const a = fetch('/v1/campaigns');\nconst b = send('PATCH /v1/campaigns');\n";

    expect(fixSource(text, '/repo/a.js', options, fakeCore, 'a.js')).toEqual({
      output: `const a = fetch('/v1/buyer/campaigns');\n${statusTodo}\nconst b = send('PATCH /v1/campaigns');\n`,
      sites: [
        { file: 'a.js', line: 1, column: 17, entry: 'campaigns-legacy-list', retired: 'GET /v1/campaigns', action: 'rewritten', reason: 'GET /v1/campaigns → GET /v1/buyer/campaigns' },
        expect.objectContaining({ file: 'a.js', line: 2, column: 16, entry: 'campaigns-legacy-status', action: 'todo' }),
      ],
    });
  });

  it('keeps a BOM and CRLF line breaks', () => {
    const text = "\uFEFFconst b = send('PATCH /v1/campaigns');\r\nfetch('/v1/campaigns');\r\n";

    expect(fixSource(text, '/repo/a.ts', options, fakeCore).output).toBe(
      `\uFEFF${statusTodo}\r\nconst b = send('PATCH /v1/campaigns');\r\nfetch('/v1/buyer/campaigns');\r\n`,
    );
  });

  it('returns no output for a file without a site, and for one whose TODO is already there', () => {
    expect(fixSource('const a = 1;\n', '/repo/a.js', options, fakeCore)).toEqual({ output: undefined, sites: [] });
    const marked = `${statusTodo}\nsend('PATCH /v1/campaigns');\n`;
    expect(fixSource(marked, '/repo/a.js', options, fakeCore).output).toBeUndefined();
  });

  it('changes nothing and reports the sites as skipped when the edited file would not parse', () => {
    const breaking = { ...fakeCore, planFix: () => ({ output: 'const = ;', sites: [] }) };

    const result = fixSource("fetch('/v1/campaigns');\n", '/repo/a.js', options, breaking);

    expect(result.output).toBeUndefined();
    expect(result.sites).toEqual([expect.objectContaining({ action: 'skipped', reason: expect.stringContaining('would not parse') })]);
  });

  it('leaves what eslint-disable comments silence, as check does not report it and ESLint --fix does not fix it', () => {
    const text = [
      '// eslint-disable-next-line sunset/no-legacy-rest-path -- the partner proxy serves v1 until Q3',
      "export const partner = () => fetch('/v1/campaigns');",
      "export const quiet = () => fetch('/v1/campaigns'); // eslint-disable-line",
      '// eslint-disable-next-line no-console',
      "export const other = () => fetch('/v1/campaigns');",
      '/* eslint-disable sunset/no-legacy-rest-path */',
      "export const block = () => fetch('/v1/campaigns');",
      '/* eslint-enable sunset/no-legacy-rest-path */',
      "export const after = () => fetch('/v1/campaigns');",
      '',
    ].join('\n');
    const expected = text.split('\n');
    expected[4] = "export const other = () => fetch('/v1/buyer/campaigns');";
    expected[8] = "export const after = () => fetch('/v1/buyer/campaigns');";
    const rewritten = (line: number): object => ({ file: 'a.ts', line, column: 34, entry: 'campaigns-legacy-list', retired: 'GET /v1/campaigns', action: 'rewritten', reason: 'GET /v1/campaigns → GET /v1/buyer/campaigns' });

    expect(fixSource(text, '/repo/a.ts', options, {}, 'a.ts')).toEqual({ output: expected.join('\n'), sites: [rewritten(5), rewritten(9)] });
    // A file analysed in pieces reads the same comments.
    expect(fixInPieces(text, '/repo/a.ts', options, 60)).toEqual({ output: expected.join('\n'), sites: [rewritten(5), rewritten(9)].map((site) => ({ ...site, file: '/repo/a.ts' })) });
  });

  // Rewriting CAMPAIGNS for `list` would move the silenced `partner` call too.
  it('does not rewrite a constant that a silenced call reads as well: a TODO at the other call, in a whole file and as a large one', () => {
    const text = [
      "const CAMPAIGNS = '/v1/campaigns';",
      '// eslint-disable-next-line sunset/no-legacy-rest-path -- the partner proxy serves v1 until Q3',
      'export const partner = () => fetch(CAMPAIGNS);',
      'export const list = () => fetch(CAMPAIGNS);',
      '',
    ].join('\n');
    const todo = { file: 'a.ts', line: 4, column: 33, entry: 'campaigns-legacy-list', retired: 'GET /v1/campaigns', action: 'todo', reason: sharedWithSilencedCause };
    const expected = text.replace(
      'export const list',
      '// TODO(sunset:campaigns-legacy-list): replace GET /v1/campaigns with GET /v1/buyer/campaigns\n//   support ended 2019-10-01\nexport const list',
    );

    expect(fixSource(text, '/repo/a.ts', options, {}, 'a.ts')).toEqual({ output: expected, sites: [todo] });
    // The path of a very large file (one piece here: a constant in another piece is not followed).
    expect(fixInPieces(text, '/repo/a.ts', options, 1000)).toEqual({ output: expected, sites: [{ ...todo, file: '/repo/a.ts' }] });
    // Without the comment both calls make the same move: the constant is rewritten.
    const open = text.split('\n').filter((line) => !line.includes('eslint-disable')).join('\n');
    expect(fixSource(open, '/repo/a.ts', options).output).toBe(open.replace("'/v1/campaigns'", "'/v1/buyer/campaigns'"));
  });

  it('follows an inline rule setting: a rule turned off in the file fixes nothing there', () => {
    const text = "/* eslint sunset/no-legacy-rest-path: off */\nexport const list = () => fetch('/v1/campaigns');\n";

    expect(fixSource(text, '/repo/a.ts', options)).toEqual({ output: undefined, sites: [] });
    expect(fixSource(text.replace(': off', ': warn'), '/repo/a.ts', options).output).toBe(text.replace(': off', ': warn').replace('/v1/campaigns', '/v1/buyer/campaigns'));
  });

  it('reports a syntax error and changes nothing', () => {
    expect(fixSource("fetch('/v1/campaigns'", '/repo/a.js', options, fakeCore)).toEqual({
      output: undefined,
      sites: [],
      error: { file: '/repo/a.js', line: 1, column: 22, message: 'Could not parse: Expected `)` but found `EOF`' },
    });
  });
});

const retired = "export const list = () => fetch('/v1/campaigns');\n";

function gitRepo(files: Record<string, string>): string {
  const root = makeTree(files);
  const git = (...args: string[]): void => void execFileSync('git', args, { cwd: root, stdio: 'ignore' });
  git('init', '-q');
  git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'add', '.');
  git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'init');
  return root;
}

describe('fixFiles', () => {
  it('lists the minified files sunset check lists, also one holding nothing fix changes (a TODO marker), and scans as many files', async () => {
    const minified = 'var a=1;'.repeat(600);
    const root = makeTree({
      'src/min-retired.js': `${minified}fetch('/v1/campaigns');`,
      // Only check's prefilter wants it (a TODO marker is no retired call): check listed it, fix did not (trial B6).
      'src/min-todo.js': `${minified}/* TODO(sunset:campaigns-legacy-status) */`,
      // No needle of either: neither command reads further, neither lists it.
      'src/min-plain.js': minified,
      'src/ok.ts': retired,
    });
    const checked = await checkFiles(['.'], { cwd: root, baseDir: root, options });
    const fixed = await fixFiles(['.'], { cwd: root, baseDir: root, options, dry: true, force: true });
    const listed = (skipped: readonly { file: string; reason: string }[]): string[] => skipped.map((skip) => `${path.relative(root, skip.file)} ${skip.reason}`);
    expect(listed(checked.skipped)).toEqual(['src/min-retired.js minified', 'src/min-todo.js minified']);
    expect(listed(fixed.skippedFiles)).toEqual(listed(checked.skipped));
    expect([fixed.summary.files, fixed.summary.notScanned.minified]).toEqual([checked.files, 2]);
  });

  it('writes the fixed files atomically and sums up what it did', async () => {
    const root = gitRepo({ 'src/a.ts': retired, 'src/b.ts': 'export {};\n', 'src/c.js': "send('PATCH /v1/campaigns');\n" });
    const progress: string[] = [];

    const report = await fixFiles(['.'], { cwd: root, baseDir: root, options, dry: false, force: false, core: fakeCore, onProgress: (done, total, file) => progress.push(`${done}/${total} ${file}`) });

    expect(readFileSync(path.join(root, 'src/a.ts'), 'utf8')).toBe(retired.replace('/v1/campaigns', '/v1/buyer/campaigns'));
    expect(readFileSync(path.join(root, 'src/c.js'), 'utf8')).toBe(`${statusTodo}\nsend('PATCH /v1/campaigns');\n`);
    expect(report.changedFiles).toEqual(['src/a.ts', 'src/c.js']);
    expect(report.sites.map((site) => `${site.file}:${site.line}:${site.column} ${site.action}`)).toEqual(['src/a.ts:1:33 rewritten', 'src/c.js:1:6 todo']);
    expect(report.summary).toEqual({ files: 3, visited: 3, candidates: 2, changed: 2, written: 2, notWritten: 0, rewritten: 1, todo: 1, skipped: 0, errors: 0, dry: false, interrupted: false, notScanned: { unreadable: 0, tooLarge: 0, minified: 0, unscannedExtension: 0, excludedByConfig: 0, invalidPackageJson: 0, symbolicLink: 0, nodeModules: 0, gitFolder: 0 } });
    expect(progress).toEqual(['1/3 src/a.ts', '2/3 src/b.ts', '3/3 src/c.js']);
    expect(readdirSync(path.join(root, 'src')).sort()).toEqual(['a.ts', 'b.ts', 'c.js']);
  });

  it('writes nothing with dry, and hands each change to onChange', async () => {
    const root = makeTree({ 'a.ts': retired });
    const changes: string[] = [];

    const report = await fixFiles(['.'], { cwd: root, baseDir: root, options, dry: true, force: false, core: fakeCore, onChange: (change) => changes.push(`${change.displayPath}: ${change.after}`) });

    expect(readFileSync(path.join(root, 'a.ts'), 'utf8')).toBe(retired);
    expect(changes).toEqual([`a.ts: ${retired.replace('/v1/campaigns', '/v1/buyer/campaigns')}`]);
    expect(report.summary).toMatchObject({ changed: 1, written: 0, dry: true });
  });

  it('refuses when a file it would change has uncommitted changes, names each one, and writes nothing unless forced', async () => {
    const root = gitRepo({ 'a.ts': retired, 'b.ts': retired, 'c.ts': retired, 'd.ts': 'export {};\n' });
    writeFileSync(path.join(root, 'a.ts'), `// work in progress\n${retired}`);
    writeFileSync(path.join(root, 'b.ts'), `// staged\n${retired}`);
    execFileSync('git', ['add', 'b.ts'], { cwd: root });
    writeFileSync(path.join(root, 'new.ts'), retired);

    await expect(fixFiles(['.'], { cwd: root, baseDir: root, options, dry: false, force: false, core: fakeCore })).rejects.toThrow(
      new UsageError(
        [
          'Refusing to rewrite files: sunset fix would change these 3 files, which have uncommitted changes:',
          '  a.ts (modified)',
          '  b.ts (staged)',
          '  new.ts (untracked)',
          'sunset fix edits files in place; keeping its edits apart from your own keeps them a diff you can review and revert.',
          'Commit or stash the changes to these files first, or pass --force to run anyway (or --dry to only preview).',
        ].join('\n'),
      ),
    );
    expect(readFileSync(path.join(root, 'c.ts'), 'utf8')).toBe(retired);
    const forced = await fixFiles(['.'], { cwd: root, baseDir: root, options, dry: false, force: true, core: fakeCore });
    expect(forced.changedFiles).toEqual(['a.ts', 'b.ts', 'c.ts', 'new.ts']);
  });

  it('is not stopped by uncommitted changes in files it does not change (a new report, notes, a file already fixed)', async () => {
    const root = gitRepo({ 'src/a.ts': retired, 'src/b.ts': 'export {};\n' });
    writeFileSync(path.join(root, 'sunset-report.html'), '<!doctype html>\n');
    writeFileSync(path.join(root, 'src/b.ts'), 'export const b = 1;\n');
    writeFileSync(path.join(root, 'src/c.ts'), retired.replace('/v1/campaigns', '/v1/buyer/campaigns'));

    const report = await fixFiles(['.'], { cwd: root, baseDir: root, options, dry: false, force: false, core: fakeCore });

    expect(report.changedFiles).toEqual(['src/a.ts']);
    expect(readFileSync(path.join(root, 'src/a.ts'), 'utf8')).toBe(retired.replace('/v1/campaigns', '/v1/buyer/campaigns'));
  });

  it('counts a file inside a new, untracked folder as untracked', async () => {
    const root = gitRepo({ 'a.ts': 'export {};\n' });
    writeTree(root, { 'lib/deep/x.ts': retired });

    await expect(fixFiles(['lib'], { cwd: root, baseDir: root, options, dry: false, force: false, core: fakeCore })).rejects.toThrow(
      /^Refusing to rewrite files: sunset fix would change this file, which has uncommitted changes:\n {2}lib\/deep\/x\.ts \(untracked\)\n/,
    );
  });

  it('lets a dry run through whatever the work tree holds', async () => {
    const root = gitRepo({ 'a.ts': retired });
    writeFileSync(path.join(root, 'a.ts'), `// mine\n${retired}`);

    const report = await fixFiles(['.'], { cwd: root, baseDir: root, options, dry: true, force: false, core: fakeCore });

    expect(report.summary).toMatchObject({ changed: 1, written: 0, dry: true });
  });

  it('reports a read-only file, leaves it as it was and goes on with the others', async () => {
    const root = makeTree({ 'a.ts': retired, 'b.ts': retired, 'c.ts': "fetch('/v1/campaigns'\n" });
    chmodSync(path.join(root, 'a.ts'), 0o444);

    const report = await fixFiles(['.'], { cwd: root, baseDir: root, options, dry: false, force: true, core: fakeCore });

    expect(readFileSync(path.join(root, 'a.ts'), 'utf8')).toBe(retired);
    expect(readFileSync(path.join(root, 'b.ts'), 'utf8')).toBe(retired.replace('/v1/campaigns', '/v1/buyer/campaigns'));
    expect(report.errors).toEqual([
      { file: path.join(root, 'a.ts'), message: 'Could not write: the file is read-only. The file was left as it was.' },
      { file: path.join(root, 'c.ts'), line: 2, column: 1, message: 'Could not parse: Expected `)` but found `EOF`' },
    ]);
    // What was really done: the read-only file is not changed, and its site was not rewritten.
    expect(report.changedFiles).toEqual(['b.ts']);
    expect(report.sites).toEqual([
      { file: 'a.ts', line: 1, column: 33, entry: 'campaigns-legacy-list', retired: 'GET /v1/campaigns', action: 'skipped', reason: 'sunset fix could not write this file (the file is read-only), so nothing was changed here' },
      { file: 'b.ts', line: 1, column: 33, entry: 'campaigns-legacy-list', retired: 'GET /v1/campaigns', action: 'rewritten', reason: 'GET /v1/campaigns → GET /v1/buyer/campaigns' },
    ]);
    expect(report.summary).toMatchObject({ changed: 1, written: 1, notWritten: 1, rewritten: 1, skipped: 1, errors: 2 });
    expect(readdirSync(root).sort()).toEqual(['a.ts', 'b.ts', 'c.ts']);
  });

  it('stopped while planning, writes nothing and says so', async () => {
    const root = makeTree({ 'a.ts': retired, 'b.ts': retired, 'c.ts': retired });
    const controller = new AbortController();

    const report = await fixFiles(['.'], { cwd: root, baseDir: root, options, dry: false, force: true, core: fakeCore, onProgress: (done) => done === 1 && controller.abort(), signal: controller.signal });

    expect(report.changedFiles).toEqual([]);
    expect(report.sites).toEqual([]);
    for (const file of ['a.ts', 'b.ts', 'c.ts']) expect(readFileSync(path.join(root, file), 'utf8')).toBe(retired);
    expect(report.summary).toMatchObject({ files: 3, visited: 1, changed: 0, written: 0, interrupted: true });
  });

  it('stopped while writing, finishes the file in flight and reports only the files written', async () => {
    const root = makeTree({ 'a.ts': retired, 'b.ts': retired, 'c.ts': retired });
    const controller = new AbortController();

    const report = await fixFiles(['.'], { cwd: root, baseDir: root, options, dry: false, force: true, core: fakeCore, onChange: () => controller.abort(), signal: controller.signal });

    expect(report.changedFiles).toEqual(['a.ts']);
    expect(report.sites.map((site) => `${site.file} ${site.action}`)).toEqual(['a.ts rewritten']);
    expect(readFileSync(path.join(root, 'b.ts'), 'utf8')).toBe(retired);
    expect(report.summary).toMatchObject({ files: 3, visited: 3, changed: 1, written: 1, rewritten: 1, interrupted: true });
  });

  it('reports a failed write (disk full), removes its temporary file and goes on', async () => {
    const root = makeTree({ 'a.ts': retired, 'b.ts': retired });
    diskFull.pattern = /\.a\.ts\.[0-9a-f]+\.tmp$/;
    try {
      const report = await fixFiles(['.'], { cwd: root, baseDir: root, options, dry: false, force: true, core: fakeCore });

      expect(report.errors).toEqual([{ file: path.join(root, 'a.ts'), message: 'Could not write: disk full (ENOSPC). The file was left as it was.' }]);
      expect(report.summary).toMatchObject({ changed: 1, written: 1, notWritten: 1 });
    } finally {
      diskFull.pattern = undefined;
    }
    expect(readFileSync(path.join(root, 'a.ts'), 'utf8')).toBe(retired);
    expect(readdirSync(root).sort()).toEqual(['a.ts', 'b.ts']);
  });
});
