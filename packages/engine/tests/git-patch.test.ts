import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeSource } from '../src/files/read-source.js';
import type { FileChange } from '../src/fix/fix-files.js';
import { binaryPatchSentence, gitStylePatch } from '../src/fix/git-patch.js';
import { makeTree } from './helpers.js';

// `--print` writes each change as `git diff --binary` would: a UTF-16 file's as git's binary patch,
// which `git apply` checks against the file (its blob id) and applies byte for byte.

function git(cwd: string, args: readonly string[]): { code: number | null; output: string } {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

const noTextPatch = (): string => {
  throw new Error('a UTF-16 change is no text patch');
};

/** A UTF-16 change of `file` in a fresh git repository holding its `before` bytes. */
function utf16Change(file: string, before: string, after: string, encoding: 'utf16le' | 'utf16be'): { root: string; change: FileChange } {
  const root = makeTree({});
  writeFileSync(path.join(root, file), encodeSource(before, encoding));
  expect(git(root, ['init', '--quiet']).code).toBe(0);
  return { root, change: { file: path.join(root, file), displayPath: file, before, after, encoding } };
}

describe('gitStylePatch', () => {
  it('writes a UTF-16 change as the binary patch git writes: git apply checks it and gives the new bytes', () => {
    // Enough text for several full base85 lines and a short last one; LE and BE, with the BOM kept.
    const before = `\uFEFF// caf\u00e9 \u{1F600}\r\n${Array.from({ length: 40 }, (_, line) => `fetch('/v1/campaigns?page=${line}');\n`).join('')}`;
    const after = before.replaceAll('/v1/campaigns', '/v1/buyer/campaigns');
    for (const encoding of ['utf16le', 'utf16be'] as const) {
      const { root, change } = utf16Change('api.ts', before, after, encoding);
      const patch = gitStylePatch(change, noTextPatch);
      const blob = (text: string): string => spawnSync('git', ['hash-object', '--stdin'], { input: encodeSource(text, encoding), encoding: 'utf8' }).stdout.trim();
      expect(patch.split('\n').slice(0, 4)).toEqual(['diff --git a/api.ts b/api.ts', `index ${blob(before)}..${blob(after)}`, 'GIT binary patch', `literal ${encodeSource(after, encoding).length}`]);
      writeFileSync(path.join(root, 'fix.diff'), patch);
      expect(git(root, ['apply', '--check', 'fix.diff'])).toEqual({ code: 0, output: '' });
      expect(git(root, ['apply', 'fix.diff'])).toEqual({ code: 0, output: '' });
      expect(readFileSync(path.join(root, 'api.ts')).equals(encodeSource(after, encoding))).toBe(true);
      // The reverse half takes it back, as `git apply -R` does with git's own patch.
      expect(git(root, ['apply', '-R', 'fix.diff'])).toEqual({ code: 0, output: '' });
      expect(readFileSync(path.join(root, 'api.ts')).equals(encodeSource(before, encoding))).toBe(true);
    }
  });

  it('refuses, through git apply, a file that is no longer the one the patch was made from', () => {
    const { root, change } = utf16Change('api.ts', "\uFEFFfetch('/v1/campaigns');\n", "\uFEFFfetch('/v1/buyer/campaigns');\n", 'utf16le');
    writeFileSync(path.join(root, 'fix.diff'), gitStylePatch(change, noTextPatch));
    writeFileSync(path.join(root, 'api.ts'), encodeSource("\uFEFFfetch('/v1/campaigns'); // edited\n", 'utf16le'));
    const edited = readFileSync(path.join(root, 'api.ts'));
    // git's own words, whose first line varies between versions; the file is left as it is.
    const refused = git(root, ['apply', 'fix.diff']);
    expect([refused.code, refused.output.endsWith('error: api.ts: patch does not apply\n')]).toEqual([1, true]);
    expect(readFileSync(path.join(root, 'api.ts')).equals(edited)).toBe(true);
  });

  it('quotes a name as git does where it holds a quote or a tab', () => {
    const file = 'we"ird\tname.ts';
    const { root, change } = utf16Change(file, "\uFEFFfetch('/v1/campaigns');\n", "\uFEFFfetch('/v1/buyer/campaigns');\n", 'utf16le');
    const patch = gitStylePatch(change, noTextPatch);
    expect(patch.split('\n')[0]).toBe('diff --git "a/we\\"ird\\tname.ts" "b/we\\"ird\\tname.ts"');
    writeFileSync(path.join(root, 'fix.diff'), patch);
    expect(git(root, ['apply', 'fix.diff'])).toEqual({ code: 0, output: '' });
    expect(readFileSync(path.join(root, file)).equals(encodeSource("\uFEFFfetch('/v1/buyer/campaigns');\n", 'utf16le'))).toBe(true);
  });

  it('leaves a UTF-8 change to the text patch, with a/ and b/ names', () => {
    const change: FileChange = { file: '/x/src/a.ts', displayPath: 'src/a.ts', before: 'a\n', after: 'b\n', encoding: 'utf8' };
    expect(gitStylePatch(change, (oldName, newName, before, after) => `${oldName} ${newName} ${before}${after}`)).toBe('a/src/a.ts b/src/a.ts a\nb\n');
  });

  it('says on stderr which change the diff shows as binary', () => {
    expect(binaryPatchSentence('src/utf16.js')).toBe(
      'src/utf16.js is UTF-16, which git diffs as binary: its change is printed as a git binary patch, which git apply applies as it applies the rest.',
    );
  });
});
