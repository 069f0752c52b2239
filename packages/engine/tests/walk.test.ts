import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGlobalExcludes } from '../src/files/git.js';
import { createFolderCache, type ReadFolder } from '../src/files/list-tree.js';
import { nodeModulesMessage } from '../src/files/source-shape.js';
import { findSourceFiles, selectSourceFiles } from '../src/files/walk.js';
import { makeTree, writeTree } from './helpers.js';

const js = 'export {};\n';

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Sunset Test', '-c', 'user.email=test@example.com', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function displayPaths(listing: { files: readonly { displayPath: string }[] }): string[] {
  return listing.files.map((file) => file.displayPath);
}

describe('findSourceFiles', () => {
  it('lists every source extension sorted, skipping node_modules, .git and other extensions', async () => {
    const root = makeTree({
      'b.ts': js, 'a.js': js, 'c.jsx': js, 'd.mjs': js, 'e.cjs': js, 'f.tsx': js, 'g.mts': js, 'h.cts': js,
      'notes.md': 'x', 'data.json': '{}', 'types.d.ts': js,
      'node_modules/pkg/index.js': js, 'src/node_modules/inner/x.ts': js, '.git/hooks/pre-commit.js': js,
      '.storybook/main.ts': js,
    });
    const files = await findSourceFiles(['.'], { cwd: root });
    expect(displayPaths(files)).toEqual([
      '.storybook/main.ts', 'a.js', 'b.ts', 'c.jsx', 'd.mjs', 'e.cjs', 'f.tsx', 'g.mts', 'h.cts', 'types.d.ts',
    ]);
    expect(files.files[0]!.path).toBe(path.join(root, '.storybook/main.ts'));
  });

  it('honours the root .gitignore and a nested .gitignore that re-includes a file', async () => {
    const root = makeTree({
      '.gitignore': 'dist/\n*.gen.ts\n',
      'dist/bundle.js': js,
      'src/a.gen.ts': js,
      'src/a.ts': js,
      'src/legacy/.gitignore': '!keep.gen.ts\nold.js\n',
      'src/legacy/keep.gen.ts': js,
      'src/legacy/drop.gen.ts': js,
      'src/legacy/old.js': js,
      'src/old.js': js,
    });
    const files = await findSourceFiles(['.'], { cwd: root });
    expect(displayPaths(files)).toEqual(['src/a.ts', 'src/legacy/keep.gen.ts', 'src/old.js']);
  });

  it('reads nested .gitignore files as git does: patterns relative to their folder, negations, excluded folders not re-included', async () => {
    const root = makeTree(nestedGitignoreTree);
    git(root, 'init', '-q');
    // The list `git ls-files -o --exclude-standard` gives on this tree.
    expect(gitListedSources(root)).toEqual(nestedGitignoreListing);
    expect(displayPaths(await findSourceFiles(['.'], { cwd: root }))).toEqual(nestedGitignoreListing);
    // Scanning one package still honours the .gitignore files above it, up to the work tree's root.
    expect(displayPaths(await findSourceFiles(['packages/a'], { cwd: root }))).toEqual(nestedGitignoreListing.filter((file) => file.startsWith('packages/a/')));
    expect(displayPaths(await findSourceFiles(['packages/b/vendor'], { cwd: root }))).toEqual([]);
  });

  it('leaves out an unreadable folder a .gitignore excludes by a folder pattern, and reports one it does not', async () => {
    const root = makeTree({ '.gitignore': 'cache/\n', 'cache/x.ts': js, 'locked/y.ts': js, 'a.ts': js });
    const cached = createFolderCache();
    const readFolder: ReadFolder = (dir) => {
      if (dir.endsWith(`${path.sep}cache`) || dir.endsWith(`${path.sep}locked`)) throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
      return cached(dir);
    };
    const listing = await findSourceFiles(['.'], { cwd: root, readFolder });
    expect(displayPaths(listing)).toEqual(['a.ts']);
    expect(listing.unreadable.map((problem) => path.relative(root, problem.file))).toEqual(['locked']);
  });

  it('applies the repository root .gitignore when scanning a sub-folder of a git work tree', async () => {
    const root = makeTree({ '.gitignore': 'src/generated/\n', 'src/generated/api.ts': js, 'src/app.ts': js });
    mkdirSync(path.join(root, '.git'));
    const files = await findSourceFiles(['src'], { cwd: root });
    expect(displayPaths(files)).toEqual(['src/app.ts']);
  });

  it('honours .git/info/exclude as git does: at the work tree root, below the root .gitignore, in a linked work tree too', async () => {
    const tree = { '.gitignore': '!keep.tmp.ts\n', 'local.ts': js, 'src/local.ts': js, 'src/a.ts': js, 'src/a.tmp.ts': js, 'src/keep.tmp.ts': js, 'scratch/b.ts': js };
    const root = makeTree(tree);
    git(root, 'init', '-q');
    writeFileSync(path.join(root, '.git/info/exclude'), '# git ls-files --exclude-standard\n/local.ts\nscratch/\n*.tmp.ts\n');
    const expected = ['.gitignore', 'src/a.ts', 'src/keep.tmp.ts', 'src/local.ts'];
    expect(git(root, 'ls-files', '--others', '--exclude-standard').split('\n').filter(Boolean)).toEqual(expected);
    expect(displayPaths(await findSourceFiles(['.'], { cwd: root }))).toEqual(expected.slice(1));
    // A sub-folder scanned: the patterns stay relative to the work tree root.
    expect(displayPaths(await findSourceFiles(['src'], { cwd: root }))).toEqual(['src/a.ts', 'src/keep.tmp.ts', 'src/local.ts']);
    const given = Object.keys(tree).map((file) => path.join(root, file));
    expect(await selectSourceFiles(['.'], given, { cwd: root })).toEqual(await findSourceFiles(['.'], { cwd: root }));
    // A linked work tree (.git is a file) reads the main repository's exclude file.
    git(root, 'add', '.gitignore', 'src/a.ts');
    git(root, 'commit', '-q', '-m', 'base');
    const linked = path.join(makeTree({}), 'linked');
    git(root, 'worktree', 'add', '-q', linked);
    writeTree(linked, { 'local.ts': js, 'src/b.tmp.ts': js, 'scratch/c.ts': js });
    expect(displayPaths(await findSourceFiles(['.'], { cwd: linked }))).toEqual(['src/a.ts']);
  });

  it('follows no symlink out of the scanned paths, lists each such link with its target, and a file linked twice inside them once', async () => {
    const outside = makeTree({ 'secret.ts': js, 'lib/x.ts': js, 'notes.md': 'x' });
    const root = makeTree({ 'src/a.ts': js });
    symlinkSync(path.join(outside, 'secret.ts'), path.join(root, 'src/secret-link.ts'));
    symlinkSync(path.join(outside, 'lib'), path.join(root, 'lib-link'));
    symlinkSync(path.join(outside, 'notes.md'), path.join(root, 'notes.md'));
    symlinkSync(path.join(root, 'src/a.ts'), path.join(root, 'src/z-alias.ts'));
    const listing = await findSourceFiles(['.'], { cwd: root });
    expect(displayPaths(listing)).toEqual(['src/a.ts']);
    const outsideShown = path.relative(root, outside);
    expect(listing.skipped).toStrictEqual([
      {
        file: path.join(root, 'lib-link'),
        reason: 'symbolic-link',
        message: `Not scanned: a symbolic link to ${outsideShown}/lib, outside the scanned paths. Name that path on the command line to check it.`,
      },
      {
        file: path.join(root, 'src/secret-link.ts'),
        reason: 'symbolic-link',
        message: `Not scanned: a symbolic link to ${outsideShown}/secret.ts, outside the scanned paths. Name that path on the command line to check it.`,
      },
    ]);
  });

  it('follows links to files and folders inside the scanned paths: each real file once, by its own path when the walk meets it', async () => {
    const root = makeTree({ 'app/main.ts': js, 'shared/util.ts': js, 'shared/deep/more.ts': js, 'vendor/node_modules/dep/index.js': js });
    symlinkSync(path.join(root, 'shared'), path.join(root, 'app/shared'));
    symlinkSync(path.join(root, 'shared/util.ts'), path.join(root, 'app/util-link.ts'));
    symlinkSync(path.join(root, 'vendor/node_modules/dep'), path.join(root, 'app/dep'));
    // Scanning both: the files are found by their own paths, the links add nothing twice.
    expect(displayPaths(await findSourceFiles(['app', 'shared'], { cwd: root }))).toEqual(['app/main.ts', 'shared/deep/more.ts', 'shared/util.ts']);
    // Scanning app alone: shared lies outside, so the links into it are listed, not followed.
    const alone = await findSourceFiles(['app'], { cwd: root });
    expect(displayPaths(alone)).toEqual(['app/main.ts']);
    expect(alone.skipped.map((skipped) => `${path.relative(root, skipped.file)} ${skipped.reason}`)).toEqual(['app/shared symbolic-link', 'app/util-link.ts symbolic-link']);
    // Scanning the root: shared is walked once, by its own path; the dependency behind a link is never scanned.
    expect(displayPaths(await findSourceFiles(['.'], { cwd: root }))).toEqual(['app/main.ts', 'shared/deep/more.ts', 'shared/util.ts']);
  });

  it('names the target of a link that leads outside, and checks a file there once it is named', async () => {
    const root = makeTree({ 'src/a.ts': js, '.hidden/generated/api.ts': js });
    symlinkSync(path.join(root, '.hidden/generated'), path.join(root, 'src/generated'));
    const listing = await findSourceFiles(['src'], { cwd: root });
    // .hidden lies outside src: the link leads outside the scanned path.
    expect(displayPaths(listing)).toEqual(['src/a.ts']);
    expect(listing.skipped.map((skipped) => skipped.message)).toEqual([
      'Not scanned: a symbolic link to .hidden/generated, outside the scanned paths. Name that path on the command line to check it.',
    ]);
    const both = await findSourceFiles(['src', '.hidden/generated/api.ts'], { cwd: root });
    expect(displayPaths(both)).toEqual(['.hidden/generated/api.ts', 'src/a.ts']);
  });

  it('is safe with cycles: a link to an ancestor, links to each other, a link to itself', async () => {
    const root = makeTree({ 'src/a.ts': js, 'src/inner/b.ts': js });
    symlinkSync(path.join(root, 'src'), path.join(root, 'src/inner/up'));
    symlinkSync(root, path.join(root, 'src/root'));
    symlinkSync(path.join(root, 'src/loop-b.ts'), path.join(root, 'src/loop-a.ts'));
    symlinkSync(path.join(root, 'src/loop-a.ts'), path.join(root, 'src/loop-b.ts'));
    // Without an extension (each may have led to a folder): a loop, and a link to nothing.
    symlinkSync(path.join(root, 'src/loopb'), path.join(root, 'src/loopa'));
    symlinkSync(path.join(root, 'src/loopa'), path.join(root, 'src/loopb'));
    symlinkSync(path.join(root, 'nowhere'), path.join(root, 'src/dangling'));
    // Named like no source file nor folder: not listed.
    symlinkSync(path.join(root, 'missing.md'), path.join(root, 'src/notes.md'));
    const listing = await findSourceFiles(['.'], { cwd: root });
    expect(displayPaths(listing)).toEqual(['src/a.ts', 'src/inner/b.ts']);
    expect(listing.skipped).toStrictEqual([
      { file: path.join(root, 'src/dangling'), reason: 'symbolic-link', message: 'Not scanned: a symbolic link whose target cannot be reached: it does not exist (ENOENT).' },
      { file: path.join(root, 'src/loop-a.ts'), reason: 'symbolic-link', message: 'Not scanned: a symbolic link whose target cannot be reached: ELOOP.' },
      { file: path.join(root, 'src/loop-b.ts'), reason: 'symbolic-link', message: 'Not scanned: a symbolic link whose target cannot be reached: ELOOP.' },
      { file: path.join(root, 'src/loopa'), reason: 'symbolic-link', message: 'Not scanned: a symbolic link whose target cannot be reached: ELOOP.' },
      { file: path.join(root, 'src/loopb'), reason: 'symbolic-link', message: 'Not scanned: a symbolic link whose target cannot be reached: ELOOP.' },
    ]);
    const candidates = everyFile(root).filter((file) => !file.includes(`${path.sep}up${path.sep}`) && !file.includes(`${path.sep}root${path.sep}`));
    expect(await selectSourceFiles(['.'], candidates, { cwd: root })).toEqual(listing);
  });

  it('lists a link to a missing file, and walks a scanned folder that is itself a link', async () => {
    const target = makeTree({ 'lib/x.ts': js });
    const root = makeTree({});
    symlinkSync(path.join(target, 'lib'), path.join(root, 'lib'));
    symlinkSync(path.join(root, 'gone.ts'), path.join(root, 'lib-dangling.ts'));
    const listing = await findSourceFiles(['.', 'lib'], { cwd: root });
    expect(displayPaths(listing)).toEqual(['lib/x.ts']);
    expect(listing.skipped).toStrictEqual([
      { file: path.join(root, 'lib-dangling.ts'), reason: 'symbolic-link', message: 'Not scanned: a symbolic link whose target cannot be reached: it does not exist (ENOENT).' },
    ]);
  });

  it('takes explicit files as given even when gitignored, but never from node_modules, and says so', async () => {
    const root = makeTree({ '.gitignore': 'gen/\n', 'gen/api.ts': js, 'node_modules/x/index.js': js, 'src/a.ts': js });
    const files = await findSourceFiles(['gen/api.ts', 'node_modules/x/index.js', 'src'], { cwd: root });
    expect(displayPaths(files)).toEqual(['gen/api.ts', 'src/a.ts']);
    expect(files.skipped).toStrictEqual([{ file: path.join(root, 'node_modules/x/index.js'), reason: 'node-modules', message: nodeModulesMessage }]);
  });

  it('walks no folder named inside node_modules or .git, and lists each named path as not scanned', async () => {
    const root = makeTree({
      'node_modules/some-sdk/src/index.js': js,
      'node_modules/some-sdk/README.md': 'x',
      'Node_Modules/other/index.js': js,
      '.git/hooks/hook.js': js,
      'src/app.js': js,
    });
    const listing = await findSourceFiles(['node_modules/some-sdk/src', 'node_modules', 'Node_Modules/other', '.git/hooks', 'node_modules/some-sdk/README.md', 'src'], { cwd: root });
    expect(displayPaths(listing)).toEqual(['src/app.js']);
    expect(listing.skipped).toStrictEqual([
      { file: path.join(root, '.git/hooks'), reason: 'git-folder', message: "Not scanned: it is inside .git (git's own data), which sunset never scans or changes, even when named." },
      { file: path.join(root, 'Node_Modules/other'), reason: 'node-modules', message: nodeModulesMessage },
      { file: path.join(root, 'node_modules'), reason: 'node-modules', message: nodeModulesMessage },
      // Listed as not scanned before its extension is looked at: named in node_modules, it is no usage error.
      { file: path.join(root, 'node_modules/some-sdk/README.md'), reason: 'node-modules', message: nodeModulesMessage },
      { file: path.join(root, 'node_modules/some-sdk/src'), reason: 'node-modules', message: nodeModulesMessage },
    ]);
    expect(nodeModulesMessage).toBe(
      'Not scanned: it is inside node_modules (installed dependencies), which sunset never scans or changes, even when named. Migrate a dependency in its own repository.',
    );
  });

  it('counts a node_modules folder on the way from the working directory, also through .. and through a link', async () => {
    const root = makeTree({ 'app/src/a.ts': js, 'node_modules/sdk/index.js': js, 'vendor/.keep': '' });
    symlinkSync(path.join(root, 'node_modules/sdk'), path.join(root, 'vendor/sdk'));
    const listing = await findSourceFiles(['src', '../node_modules/sdk', path.join(root, 'node_modules/sdk/index.js'), '../vendor/sdk'], { cwd: path.join(root, 'app') });
    expect(displayPaths(listing)).toEqual(['src/a.ts']);
    expect(listing.skipped.map((skipped) => [path.relative(root, skipped.file), skipped.reason])).toEqual([
      ['node_modules/sdk', 'node-modules'],
      ['node_modules/sdk/index.js', 'node-modules'],
      ['vendor/sdk', 'node-modules'],
    ]);
  });

  it('scans a repository that itself lives in a node_modules folder: only folders below the working directory count', async () => {
    const outer = makeTree({ 'node_modules/y/src/a.ts': js, 'node_modules/y/src/shared/util.ts': js, 'node_modules/y/node_modules/dep/index.js': js });
    const repo = path.join(outer, 'node_modules/y');
    symlinkSync(path.join(repo, 'src/shared'), path.join(repo, 'src/shared-link'));
    symlinkSync(path.join(repo, 'node_modules/dep'), path.join(repo, 'src/dep-link'));
    // Named file, named folder, the root: as anywhere else; its own node_modules stays out, also behind a link.
    const listing = await findSourceFiles(['src/a.ts', 'src', '.', 'node_modules/dep'], { cwd: repo });
    expect(displayPaths(listing)).toEqual(['src/a.ts', 'src/shared/util.ts']);
    expect(listing.files.map((file) => file.explicit)).toEqual([true, false]);
    expect(listing.skipped.map((skipped) => [path.relative(repo, skipped.file), skipped.reason])).toEqual([['node_modules/dep', 'node-modules']]);
    // A link to a folder of the repository is followed as in any repository (before, every link there was dropped).
    expect(displayPaths(await findSourceFiles(['src/shared-link'], { cwd: repo }))).toEqual(['src/shared-link/util.ts']);
  });

  it('counts from the config folder when it holds the working directory: run from inside node_modules, nothing there is scanned', async () => {
    const root = makeTree({ 'sunset.config.json': '{}', 'node_modules/sdk/src/index.js': js });
    const cwd = path.join(root, 'node_modules/sdk');
    const withConfig = await findSourceFiles(['src', '.'], { cwd, ignoresBase: root });
    expect(displayPaths(withConfig)).toEqual([]);
    expect(withConfig.skipped.map((skipped) => [path.relative(root, skipped.file), skipped.reason])).toEqual([
      ['node_modules/sdk', 'node-modules'],
      ['node_modules/sdk/src', 'node-modules'],
    ]);
    // Without a config above it (or with one elsewhere), the working directory is the base, as ESLint's without one.
    expect(displayPaths(await findSourceFiles(['src'], { cwd }))).toEqual(['src/index.js']);
    expect(displayPaths(await findSourceFiles(['src'], { cwd, ignoresBase: makeTree({}) }))).toEqual(['src/index.js']);
  });

  it('skips what the config ignores, relative to the config folder', async () => {
    const root = makeTree({ 'src/a.ts': js, 'src/fixtures/f.ts': js, 'scripts/s.js': js });
    const files = await findSourceFiles(['.'], { cwd: root, ignores: ['fixtures/', '/scripts'], ignoresBase: root });
    expect(displayPaths(files)).toEqual(['src/a.ts']);
  });

  it('lists a package.json that does not parse as not read, unless it is ignored, and lists every source file', async () => {
    const root = makeTree({
      '.gitignore': 'gen/\n',
      'package.json': '{ "name": "root" }',
      'src/a.ts': js,
      'tests/fixtures/broken/package.json': '{ "name": ',
      'tests/fixtures/broken/b.js': js,
      'legacy/package.json': '{',
      'gen/package.json': '{',
      'node_modules/x/package.json': '{',
    });
    const listing = await findSourceFiles(['.'], { cwd: root, ignores: ['legacy/'], ignoresBase: root });
    expect(displayPaths(listing)).toEqual(['src/a.ts', 'tests/fixtures/broken/b.js']);
    expect(listing.skipped).toStrictEqual([
      {
        file: path.join(root, 'tests/fixtures/broken/package.json'),
        reason: 'invalid-package-json',
        message:
          'Not read as a config: it is not valid JSON (Unexpected end of JSON input, at line 1, column 11). A package.json configures sunset only under a "sunset" key; fix the file if it should, or add its folder to ignores.',
      },
    ]);
  });

  it('reports paths outside the working directory relative to it', async () => {
    const root = makeTree({ 'app/src/a.ts': js, 'tools/t.ts': js });
    const files = await findSourceFiles(['../tools'], { cwd: path.join(root, 'app') });
    expect(displayPaths(files)).toEqual(['../tools/t.ts']);
  });

  it('tells onFound how many source files it found so far, across the given folders, before .gitignore patterns of files filter them', async () => {
    const root = makeTree({ 'b/.gitignore': 'gen/\n*.gen.ts\n', 'a/x.ts': js, 'a/y.ts': js, 'b/z.gen.ts': js, 'b/gen/z.ts': js, 'b/gen/w.ts': js, 'b/notes.md': 'x' });
    const counts: number[] = [];
    const listing = await findSourceFiles(['a', 'b'], { cwd: root, onFound: (found) => counts.push(found) });
    // b/z.gen.ts is found, then left out; the excluded folder b/gen is not walked, so its files are never found.
    expect(counts).toEqual([1, 2, 3]);
    expect(displayPaths(listing)).toEqual(['a/x.ts', 'a/y.ts']);
  });

  it('rejects a path that does not exist, naming it', async () => {
    const root = makeTree({ 'a.ts': js });
    await expect(findSourceFiles(['a.ts', 'missing'], { cwd: root })).rejects.toThrow(
      'Cannot read path "missing": it does not exist (ENOENT). Check the path and try again.',
    );
  });

  it('rejects an explicit file that is not JavaScript or TypeScript', async () => {
    const root = makeTree({ 'README.md': '# x' });
    await expect(findSourceFiles(['README.md'], { cwd: root })).rejects.toThrow(
      'Cannot scan "README.md": only .js .jsx .mjs .cjs .ts .tsx .mts .cts .vue .svelte .astro files are scanned. Pass a source file or a folder.',
    );
  });
});

/**
 * Nested .gitignore files: a root one (an anchored pattern, a package's folder), per-package ones (their
 * patterns relative to their own folder, negations), one that re-includes what a parent's pattern
 * excludes, and negations that cannot re-include a file of a folder a .gitignore above excludes (git
 * does not descend into it: neither a `!` below nor a .gitignore inside it count).
 */
const nestedGitignoreTree: Readonly<Record<string, string>> = {
  '.gitignore': 'dist/\n/top-only.ts\npackages/b/vendor/\n*.tmp.ts\n',
  'top-only.ts': js, 'app.ts': js, 'x.tmp.ts': js, 'dist/d.ts': js,
  'packages/a/.gitignore': 'lib/\n!lib/keep.ts\n*.gen.ts\n!keep.gen.ts\n/local.ts\n',
  'packages/a/top-only.ts': js, 'packages/a/local.ts': js, 'packages/a/index.ts': js,
  'packages/a/lib/.gitignore': '!*.ts\n', 'packages/a/lib/out.ts': js, 'packages/a/lib/keep.ts': js, 'packages/a/lib/inner/deep.ts': js,
  'packages/a/src/.gitignore': '!again.gen.ts\n*.tmp.ts\n!ok.tmp.ts\n',
  'packages/a/src/local.ts': js, 'packages/a/src/a.gen.ts': js, 'packages/a/src/keep.gen.ts': js, 'packages/a/src/again.gen.ts': js,
  'packages/a/src/ok.tmp.ts': js, 'packages/a/src/no.tmp.ts': js,
  'packages/b/.gitignore': '!vendor/v.ts\n',
  'packages/b/vendor/v.ts': js, 'packages/b/main.ts': js, 'packages/b/lib/l.ts': js,
};

const nestedGitignoreListing = [
  'app.ts',
  'packages/a/index.ts',
  'packages/a/src/again.gen.ts',
  'packages/a/src/keep.gen.ts',
  'packages/a/src/local.ts',
  'packages/a/src/ok.tmp.ts',
  'packages/a/top-only.ts',
  'packages/b/lib/l.ts',
  'packages/b/main.ts',
];

/** Every file under `root` (symlinks too), absolute, without listing anything the test would not see. */
/**
 * Every entry below `root` that is not a folder (links included, as themselves), descending into real
 * folders only. Not `readdirSync(root, { recursive: true })`: Node 22's follows a link to a folder, and
 * on a tree with a link to an ancestor it never ends (the Node 22 CI line ran out of heap here).
 */
function everyFile(root: string): string[] {
  const files: string[] = [];
  const pending = [root];
  for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else files.push(full);
    }
  }
  return files;
}

describe('selectSourceFiles: the walk\'s verdict on given files, without walking', () => {
  it('lists exactly what the walk lists, and skips what it skips, for every file of a tree', async () => {
    const outside = makeTree({ 'secret.ts': js, 'lib/x.ts': js });
    const root = makeTree({
      '.gitignore': 'dist/\n*.gen.ts\n',
      'dist/bundle.js': js,
      'src/a.gen.ts': js,
      'src/a.ts': js,
      'src/B.TS': js,
      'src/legacy/.gitignore': '!keep.gen.ts\nold.js\n',
      'src/legacy/keep.gen.ts': js,
      'src/legacy/drop.gen.ts': js,
      'src/legacy/old.js': js,
      'src/old.js': js,
      'src/fixtures/f.ts': js,
      'src/Node_Modules/x.ts': js,
      'node_modules/pkg/index.js': js,
      '.storybook/main.ts': js,
      'notes.md': 'x',
      'scripts/s.js': js,
    });
    mkdirSync(path.join(root, '.git'));
    symlinkSync(path.join(outside, 'secret.ts'), path.join(root, 'src/secret-link.ts'));
    symlinkSync(path.join(outside, 'lib'), path.join(root, 'src/lib-link'));
    // Into the scanned paths: a file the walk lists by its own path, a gitignored one it lists only by the link's; and nowhere.
    symlinkSync(path.join(root, 'src/a.ts'), path.join(root, 'src/inner-link.ts'));
    symlinkSync(path.join(root, 'src/a.gen.ts'), path.join(root, 'src/gen-link.ts'));
    symlinkSync(path.join(root, 'src/missing.ts'), path.join(root, 'src/broken-link.ts'));
    symlinkSync(path.join(root, 'src/missing-folder'), path.join(root, 'src/broken-folder-link'));
    symlinkSync(path.join(root, 'src/missing.md'), path.join(root, 'src/broken-notes.md'));
    writeFileSync(path.join(root, 'src/legacy/package.json'), '{ "name": ');
    const options = { cwd: root, ignores: ['fixtures/', '/scripts'], ignoresBase: root };
    const candidates = [...everyFile(root), path.join(outside, 'lib/x.ts'), path.join(root, 'src/lib-link/x.ts'), path.join(root, 'src/deleted.ts')];
    const walked = await findSourceFiles(['src', '.storybook', 'scripts'], options);
    const selected = await selectSourceFiles(['src', '.storybook', 'scripts'], candidates, options);
    expect(displayPaths(walked)).toEqual(['.storybook/main.ts', 'src/B.TS', 'src/a.ts', 'src/gen-link.ts', 'src/legacy/keep.gen.ts', 'src/old.js']);
    expect(selected).toEqual(walked);
    // Links out of the scanned paths are listed as not scanned, by the walk and by the selection alike.
    expect(selected.skipped.map((file) => `${path.relative(root, file.file)} ${file.reason}`)).toEqual([
      'scripts/s.js excluded-by-config',
      'src/broken-folder-link symbolic-link',
      'src/broken-link.ts symbolic-link',
      'src/fixtures/f.ts excluded-by-config',
      'src/legacy/package.json invalid-package-json',
      'src/lib-link symbolic-link',
      'src/secret-link.ts symbolic-link',
    ]);
  });

  it('selects what the walk lists on a tree of nested .gitignore files', async () => {
    const root = makeTree(nestedGitignoreTree);
    mkdirSync(path.join(root, '.git'));
    const selected = await selectSourceFiles(['.'], everyFile(root), { cwd: root });
    expect(displayPaths(selected)).toEqual(nestedGitignoreListing);
    expect(selected).toEqual(await findSourceFiles(['.'], { cwd: root }));
  });

  it('lists a path named in node_modules as not scanned, as the walk does, and selects nothing below it', async () => {
    const root = makeTree({ 'node_modules/sdk/src/index.js': js, 'node_modules/sdk/lib.js': js, 'src/a.ts': js });
    const given = ['node_modules/sdk/src', 'node_modules/sdk/lib.js', 'src'];
    const selected = await selectSourceFiles(given, everyFile(root), { cwd: root });
    expect(selected).toEqual(await findSourceFiles(given, { cwd: root }));
    expect(selected.skipped.map((skipped) => [path.relative(root, skipped.file), skipped.reason])).toEqual([
      ['node_modules/sdk/lib.js', 'node-modules'],
      ['node_modules/sdk/src', 'node-modules'],
    ]);
  });

  it('counts a given file as named, and leaves out files under no given path', async () => {
    const root = makeTree({ '.gitignore': 'gen/\n', 'gen/api.ts': js, 'src/a.ts': js, 'other/b.ts': js });
    const given = ['gen/api.ts', 'src'];
    const selected = await selectSourceFiles(given, everyFile(root), { cwd: root });
    expect(selected).toEqual(await findSourceFiles(given, { cwd: root }));
    expect(selected.files.map((file) => [file.displayPath, file.explicit])).toEqual([['gen/api.ts', true], ['src/a.ts', false]]);
  });
});

describe('createFolderCache', () => {
  it('lists a folder once per run: the walk that shares it sees the folders as the first pass saw them', async () => {
    const root = makeTree({ 'a.ts': js, 'src/b.ts': js });
    const readFolder = createFolderCache();
    expect(readFolder(root).map((entry) => entry.name).sort()).toEqual(['a.ts', 'src']);
    expect(readFolder(path.join(root, 'src')).map((entry) => entry.name)).toEqual(['b.ts']);
    writeFileSync(path.join(root, 'src/c.ts'), js);
    expect(displayPaths(await findSourceFiles(['.'], { cwd: root, readFolder }))).toEqual(['a.ts', 'src/b.ts']);
    expect(displayPaths(await findSourceFiles(['.'], { cwd: root }))).toEqual(['a.ts', 'src/b.ts', 'src/c.ts']);
  });

  it('throws the same error again for a folder it could not list', () => {
    const readFolder = createFolderCache();
    const missing = path.join(makeTree({}), 'gone');
    let first: unknown;
    try {
      readFolder(missing);
    } catch (error) {
      first = error;
    }
    expect((first as NodeJS.ErrnoException).code).toBe('ENOENT');
    expect(() => readFolder(missing)).toThrow(first as Error);
  });
});

/**
 * Folders a .gitignore excludes, in the forms patterns take: `dist/` (a folder at any depth), `build`
 * (a folder or a file), `/coverage` (anchored), `**\/vendor`, and `out/*` (the folder's entries, not
 * the folder: `!out/keep.ts` re-includes one). Neither `!dist/keep.js`, nor a .gitignore inside an
 * excluded folder, nor a `!` further down re-includes anything below an excluded folder.
 */
const ignoredFoldersTree: Readonly<Record<string, string>> = {
  '.gitignore': 'dist/\n!dist/keep.js\n!dist/sub/\nbuild\n/coverage\n**/vendor\nout/*\n!out/keep.ts\n',
  'app.ts': js,
  'dist/a.js': js, 'dist/keep.js': js, 'dist/.gitignore': '!*\n!*.js\n!sub/\n', 'dist/sub/b.ts': js, 'dist/sub/.gitignore': '!*.ts\n',
  'pkg/dist/c.ts': js, 'pkg/dist.ts': js, 'pkg/distro/d.ts': js,
  'build/x.ts': js, 'pkg/build/y.ts': js, 'src/builder/z.ts': js, 'src/build.ts': js,
  'coverage/c.ts': js, 'pkg/coverage/d.ts': js,
  'vendor/v.ts': js, 'pkg/deep/vendor/w.ts': js, 'vendors/u.ts': js,
  'out/keep.ts': js, 'out/x.ts': js, 'out/sub/keep.ts': js,
  'pkg/distro/package.json': '{',
  'dist/package.json': '{', 'dist/page.vue': '<script></script>\n',
};

const ignoredFoldersListing = [
  'app.ts',
  'out/keep.ts',
  'pkg/coverage/d.ts',
  'pkg/dist.ts',
  'pkg/distro/d.ts',
  'src/build.ts',
  'src/builder/z.ts',
  'vendors/u.ts',
];

/** The source files `git ls-files --others --exclude-standard` lists in `root` (a git work tree). */
function gitListedSources(root: string): string[] {
  return git(root, 'ls-files', '--others', '--exclude-standard').split('\n').filter((file) => /\.(?:[cm]?[jt]sx?)$/i.test(file));
}

/** A `ReadFolder` that records every folder it lists (relative to `root`, forward slashes). */
function recordingReadFolder(root: string, listed: string[]): ReadFolder {
  return (dir) => {
    listed.push(path.relative(root, dir).split(path.sep).join('/'));
    return readdirSync(dir, { withFileTypes: true });
  };
}

describe('findSourceFiles: folders a .gitignore excludes', () => {
  it('lists what git lists, and never lists a folder a .gitignore excludes, nor anything below it', async () => {
    const root = makeTree(ignoredFoldersTree);
    git(root, 'init', '-q');
    expect(gitListedSources(root)).toEqual(ignoredFoldersListing);
    const listed: string[] = [];
    const listing = await findSourceFiles(['.'], { cwd: root, readFolder: recordingReadFolder(root, listed) });
    expect(displayPaths(listing)).toEqual(ignoredFoldersListing);
    // The package.json and .vue file of the excluded dist/ are not listed as not scanned; pkg/distro's package.json is.
    expect(listing.skipped.map((skipped) => `${path.relative(root, skipped.file)} ${skipped.reason}`)).toEqual(['pkg/distro/package.json invalid-package-json']);
    expect(listing.unreadable).toEqual([]);
    expect(listed.sort()).toEqual(['', 'out', 'pkg', 'pkg/coverage', 'pkg/deep', 'pkg/distro', 'src', 'src/builder', 'vendors']);
    expect(await selectSourceFiles(['.'], everyFile(root), { cwd: root })).toEqual(listing);
  });

  it('lists nothing below a scanned folder a .gitignore above it excludes, and what git lists below one it does not', async () => {
    const root = makeTree(ignoredFoldersTree);
    git(root, 'init', '-q');
    for (const scanned of ['dist', 'dist/sub', 'pkg/deep/vendor', 'out/sub']) {
      const listed: string[] = [];
      expect(displayPaths(await findSourceFiles([scanned], { cwd: root, readFolder: recordingReadFolder(root, listed) }))).toEqual([]);
      expect(listed).toEqual([]);
      expect(git(root, 'ls-files', '--others', '--exclude-standard', scanned)).toBe('');
    }
    expect(displayPaths(await findSourceFiles(['pkg', 'out'], { cwd: root }))).toEqual(['out/keep.ts', 'pkg/coverage/d.ts', 'pkg/dist.ts', 'pkg/distro/d.ts']);
    expect(gitListedSources(root).filter((file) => file.startsWith('pkg/') || file.startsWith('out/'))).toEqual(['out/keep.ts', 'pkg/coverage/d.ts', 'pkg/dist.ts', 'pkg/distro/d.ts']);
  });

  it('reports an unreadable folder no .gitignore excludes, and none inside an excluded folder, which it never lists', async () => {
    const root = makeTree({ '.gitignore': 'dist/\n', 'dist/locked/x.ts': js, 'dist/y.ts': js, 'src/locked/z.ts': js, 'src/a.ts': js });
    const listed: string[] = [];
    const recording = recordingReadFolder(root, listed);
    const readFolder: ReadFolder = (dir) => {
      const entries = recording(dir);
      if (path.basename(dir) === 'locked') throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      return entries;
    };
    const listing = await findSourceFiles(['.'], { cwd: root, readFolder });
    expect(displayPaths(listing)).toEqual(['src/a.ts']);
    expect(listing.unreadable.map((problem) => path.relative(root, problem.file))).toEqual(['src/locked']);
    expect(listed.sort()).toEqual(['', 'src', 'src/locked']);
  });

  it('treats a link named like an excluded folder as the walk reaches it: the files through it are left out, its target by its own path is not', async () => {
    const outside = makeTree({ 'lib/o.ts': js });
    const root = makeTree({ '.gitignore': 'dist/\ncache/\nlogs\n', 'real-dist/r.ts': js, 'src/a.ts': js });
    // A link to a folder of the scanned paths, named like an excluded folder: that folder is walked by its own path.
    symlinkSync(path.join(root, 'real-dist'), path.join(root, 'dist'));
    // Links out of the scanned paths: `cache/` matches only folders, so the link (a file to git) is listed as not scanned; `logs` matches it.
    symlinkSync(path.join(outside, 'lib'), path.join(root, 'cache'));
    symlinkSync(path.join(outside, 'lib'), path.join(root, 'logs'));
    git(root, 'init', '-q');
    const listing = await findSourceFiles(['.'], { cwd: root });
    expect(displayPaths(listing)).toEqual(['real-dist/r.ts', 'src/a.ts']);
    expect(listing.skipped.map((skipped) => `${path.relative(root, skipped.file)} ${skipped.reason}`)).toEqual(['cache symbolic-link']);
    // Scanning the link's target only by the link: its files are excluded with it.
    expect(displayPaths(await findSourceFiles(['dist', 'src'], { cwd: root }))).toEqual(['src/a.ts']);
    expect(git(root, 'ls-files', '--others', '--exclude-standard').split('\n').filter(Boolean)).toEqual(['.gitignore', 'cache', 'dist', 'real-dist/r.ts', 'src/a.ts']);
  });

  it('follows no link into an excluded folder, as when the walk had listed it, but a link to a file there is checked by its own path', async () => {
    const root = makeTree({ '.gitignore': 'generated/\n', 'generated/api/client.ts': js, 'generated/one.ts': js, 'src/a.ts': js });
    symlinkSync(path.join(root, 'generated/api'), path.join(root, 'src/api'));
    symlinkSync(path.join(root, 'generated'), path.join(root, 'src/generated-link'));
    symlinkSync(path.join(root, 'generated/one.ts'), path.join(root, 'src/one.ts'));
    const listing = await findSourceFiles(['.'], { cwd: root });
    expect(displayPaths(listing)).toEqual(['src/a.ts', 'src/one.ts']);
    expect(listing.skipped).toEqual([]);
    expect(await selectSourceFiles(['.'], everyFile(root), { cwd: root })).toEqual(listing);
  });
});

/**
 * An environment of git's own (a temp HOME, no system config): `config` is the global config file's
 * text (`GIT_CONFIG_GLOBAL`), `files` are written in HOME; `xdg` sets XDG_CONFIG_HOME to that folder of HOME.
 */
function gitEnvironment(config: string, files: Readonly<Record<string, string>>, xdg?: string): Record<string, string> {
  const home = makeTree({ ...files, 'global.gitconfig': config });
  return {
    PATH: process.env.PATH ?? '',
    HOME: home,
    GIT_CONFIG_GLOBAL: path.join(home, 'global.gitconfig'),
    GIT_CONFIG_NOSYSTEM: '1',
    ...(xdg === undefined ? {} : { XDG_CONFIG_HOME: path.join(home, xdg) }),
  };
}

/** The source files `git ls-files --others --exclude-standard` lists in `cwd`, with git run in `env`. */
function gitListedIn(cwd: string, env: Record<string, string>): string[] {
  return execFileSync('git', ['ls-files', '--others', '--exclude-standard'], { cwd, env, encoding: 'utf8' }).split('\n').filter((file) => file.endsWith('.ts'));
}

const globalIgnoreTree = {
  '.gitignore': '!keep.local.ts\n',
  'src/a.ts': js,
  'src/a.local.ts': js,
  'src/keep.local.ts': js,
  'generated/g.ts': js,
  'lib/l.ts': js,
};

describe('findSourceFiles: git\'s global excludes', () => {
  it('reads core.excludesFile of the global config, ~ expanded, before every .gitignore, and then not the default file', async () => {
    const env = gitEnvironment('[core]\n\texcludesFile = ~/my-ignore\n', { 'my-ignore': 'generated/\n*.local.ts\n', 'xdg/git/ignore': 'lib/\n' }, 'xdg');
    const root = makeTree(globalIgnoreTree);
    git(root, 'init', '-q');
    const listing = ['lib/l.ts', 'src/a.ts', 'src/keep.local.ts'];
    expect(gitListedIn(root, env)).toEqual(listing);
    const options = { cwd: root, globalExcludes: createGlobalExcludes(env) };
    const found = await findSourceFiles(['.'], options);
    expect(displayPaths(found)).toEqual(listing);
    expect(await selectSourceFiles(['.'], everyFile(root), options)).toEqual(found);
    // Scanning a folder below the top: the patterns stay relative to the top.
    expect(displayPaths(await findSourceFiles(['src'], options))).toEqual(['src/a.ts', 'src/keep.local.ts']);
    expect(displayPaths(await findSourceFiles(['generated'], options))).toEqual([]);
  });

  it('reads $XDG_CONFIG_HOME/git/ignore without core.excludesFile, else ~/.config/git/ignore', async () => {
    const files = { 'xdg/git/ignore': 'generated/\n', '.config/git/ignore': 'lib/\n' };
    const root = makeTree(globalIgnoreTree);
    git(root, 'init', '-q');
    for (const [env, listing] of [
      [gitEnvironment('', files, 'xdg'), ['lib/l.ts', 'src/a.local.ts', 'src/a.ts', 'src/keep.local.ts']],
      [gitEnvironment('', files), ['generated/g.ts', 'src/a.local.ts', 'src/a.ts', 'src/keep.local.ts']],
    ] as const) {
      expect(gitListedIn(root, env)).toEqual(listing);
      expect(displayPaths(await findSourceFiles(['.'], { cwd: root, globalExcludes: createGlobalExcludes(env) }))).toEqual(listing);
    }
  });

  it('reads the repository\'s own core.excludesFile, a relative path from the top of the work tree, also when a sub-folder is scanned', async () => {
    const env = gitEnvironment('[core]\n\texcludesFile = ~/my-ignore\n', { 'my-ignore': 'generated/\n' });
    const root = makeTree({ ...globalIgnoreTree, 'ignore.txt': 'a.ts\n', 'src/ignore.txt': 'keep.local.ts\n' });
    git(root, 'init', '-q');
    git(root, 'config', 'core.excludesFile', 'ignore.txt');
    const options = { cwd: path.join(root, 'src'), globalExcludes: createGlobalExcludes(env) };
    expect(gitListedIn(path.join(root, 'src'), env)).toEqual(['a.local.ts', 'keep.local.ts']);
    expect(displayPaths(await findSourceFiles(['.'], options))).toEqual(['a.local.ts', 'keep.local.ts']);
    expect(displayPaths(await findSourceFiles(['..'], options))).toEqual(['../generated/g.ts', '../lib/l.ts', 'a.local.ts', 'keep.local.ts']);
  });

  it('reads no global excludes outside a git work tree', async () => {
    const env = gitEnvironment('[core]\n\texcludesFile = ~/my-ignore\n', { 'my-ignore': 'generated/\n*.ts\n' });
    const root = makeTree(globalIgnoreTree);
    const options = { cwd: root, globalExcludes: createGlobalExcludes(env) };
    const found = await findSourceFiles(['.'], options);
    expect(displayPaths(found)).toEqual(['generated/g.ts', 'lib/l.ts', 'src/a.local.ts', 'src/a.ts', 'src/keep.local.ts']);
    expect(await selectSourceFiles(['.'], everyFile(root), options)).toEqual(found);
  });
});
