import { chmodSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFolder, ReadOnlyFileError, writeFileAtomic } from '../src/files/atomic-write.js';
import { makeTree } from './helpers.js';

describe('writeFileAtomic', () => {
  it('replaces the content, keeps the file mode and leaves no temporary file', async () => {
    const root = makeTree({ 'run.js': 'old' });
    chmodSync(path.join(root, 'run.js'), 0o755);
    await writeFileAtomic(path.join(root, 'run.js'), 'new');
    expect(readFileSync(path.join(root, 'run.js'), 'utf8')).toBe('new');
    expect(statSync(path.join(root, 'run.js')).mode & 0o777).toBe(0o755);
    expect(readdirSync(root)).toEqual(['run.js']);
  });

  it('writes through a symlink to its target and keeps the link', async () => {
    const root = makeTree({ 'real.ts': 'old' });
    symlinkSync(path.join(root, 'real.ts'), path.join(root, 'link.ts'));
    await writeFileAtomic(path.join(root, 'link.ts'), 'new');
    expect(lstatSync(path.join(root, 'link.ts')).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(root, 'real.ts'), 'utf8')).toBe('new');
  });

  it('leaves the target untouched and cleans up when the rename fails', async () => {
    const root = makeTree({ 'keep.txt': 'x' });
    mkdirSync(path.join(root, 'target.ts'));
    await expect(writeFileAtomic(path.join(root, 'target.ts'), 'new')).rejects.toThrow(/EISDIR|EEXIST|ENOTEMPTY|EPERM/);
    expect(statSync(path.join(root, 'target.ts')).isDirectory()).toBe(true);
    expect(readdirSync(root).sort()).toEqual(['keep.txt', 'target.ts']);
  });

  it('writes a file with other hard links in place, so every link sees the new text', async () => {
    const root = makeTree({ 'a.ts': 'old' });
    linkSync(path.join(root, 'a.ts'), path.join(root, 'b.ts'));
    await writeFileAtomic(path.join(root, 'a.ts'), 'new');
    expect(readFileSync(path.join(root, 'b.ts'), 'utf8')).toBe('new');
    expect(statSync(path.join(root, 'a.ts')).ino).toBe(statSync(path.join(root, 'b.ts')).ino);
  });

  it('refuses a read-only file and leaves it as it was', async () => {
    const root = makeTree({ 'locked.ts': 'old' });
    chmodSync(path.join(root, 'locked.ts'), 0o444);
    await expect(writeFileAtomic(path.join(root, 'locked.ts'), 'new')).rejects.toBeInstanceOf(ReadOnlyFileError);
    expect(readFileSync(path.join(root, 'locked.ts'), 'utf8')).toBe('old');
    expect(readdirSync(root)).toEqual(['locked.ts']);
  });

  it('keeps the owner and group of the file it replaces', async () => {
    const root = makeTree({ 'owned.ts': 'old' });
    const before = statSync(path.join(root, 'owned.ts'));
    await writeFileAtomic(path.join(root, 'owned.ts'), 'new');
    const after = statSync(path.join(root, 'owned.ts'));
    expect([after.uid, after.gid]).toEqual([before.uid, before.gid]);
  });
});

describe('makeFolder', () => {
  it('makes the missing levels, and leaves an existing folder as it is', async () => {
    const root = makeTree({ 'a/keep.txt': 'x' });
    await makeFolder(path.join(root, 'a', 'b', 'c'));
    await makeFolder(path.join(root, 'a'));
    expect([statSync(path.join(root, 'a', 'b', 'c')).isDirectory(), readdirSync(path.join(root, 'a')).sort()]).toEqual([true, ['b', 'keep.txt']]);
  });

  it('refuses a file in the way with the error of the level it stands at', async () => {
    const root = makeTree({ 'report.txt': 'x' });
    await expect(makeFolder(path.join(root, 'report.txt'))).rejects.toMatchObject({ code: 'EEXIST' });
    await expect(makeFolder(path.join(root, 'report.txt', 'out'))).rejects.toMatchObject({ code: 'ENOTDIR' });
    expect(readFileSync(path.join(root, 'report.txt'), 'utf8')).toBe('x');
  });

  // Node's mkdir(…, { recursive: true }) spins forever there: the race turns a hang into a failure.
  it.runIf(existsSync('/proc/self'))('fails with ENOENT where a parent exists but refuses the child (/proc)', async () => {
    const hung = new Promise((resolve) => setTimeout(() => resolve('still running after 10 s'), 10_000).unref());
    const outcome = makeFolder('/proc/sunset-nope/deeper').then(
      () => 'made',
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(await Promise.race([outcome, hung])).toBe('ENOENT');
  });
});
