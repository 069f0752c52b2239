import { describe, expect, it } from 'vitest';
import { separable, separableGroups } from '@sunset/project';
import { ts } from 'ts-morph';

// --project at 50k (issue 24): the files to load fall in groups that share no import, built as two
// programs at once (one in a worker). Which files go together, and when two programs could see into
// each other (a script's globals, `declare global`), so that one program is built instead.

const textOf = (size: number): string => 'x'.repeat(size);

describe('separableGroups', () => {
  it('keeps the files an import joins together, the largest components first, each to the lighter group', () => {
    const texts = new Map([
      ['/r/a.ts', textOf(40)],
      ['/r/b.ts', textOf(30)],
      ['/r/c.ts', textOf(50)],
      ['/r/d.ts', textOf(20)],
      ['/r/e.ts', textOf(10)],
    ]);
    // a imports b; d imports e through an unloaded barrel (x.ts): still one component.
    const importsOf = new Map([
      ['/r/a.ts', ['/r/b.ts']],
      ['/r/d.ts', ['/r/x.ts']],
      ['/r/x.ts', ['/r/e.ts']],
    ]);
    const groups = separableGroups(texts, importsOf, 2, 2, 0);
    // {a, b} = 70, c = 50, {d, e} = 30: 70 to the first group, 50 then 30 to the second (80).
    expect(groups?.map((group) => [...group.keys()].sort())).toEqual([
      ['/r/a.ts', '/r/b.ts'],
      ['/r/c.ts', '/r/d.ts', '/r/e.ts'],
    ]);
    expect(groups?.[1].get('/r/c.ts')).toBe(textOf(50));
    // The worker's group (the second) filled as if it held 25 more: {d, e} goes to the first (70 <= 50 + 25).
    expect(separableGroups(texts, importsOf, 2, 2, 25)?.map((group) => [...group.keys()].sort())).toEqual([
      ['/r/a.ts', '/r/b.ts', '/r/d.ts', '/r/e.ts'],
      ['/r/c.ts'],
    ]);
  });

  it('builds one program under its threshold of files, with one thread, or when a group would hold under a quarter of the text', () => {
    const texts = new Map([
      ['/r/a.ts', textOf(10)],
      ['/r/b.ts', textOf(10)],
    ]);
    expect(separableGroups(texts, new Map(), 2, 3, 0)).toBeUndefined();
    expect(separableGroups(texts, new Map(), 1, 2, 0)).toBeUndefined();
    expect(separableGroups(texts, new Map(), 2, 2, 0)?.map((group) => [...group.keys()])).toEqual([['/r/a.ts'], ['/r/b.ts']]);
    const lopsided = new Map([...texts, ['/r/c.ts', textOf(70)]]);
    expect(separableGroups(lopsided, new Map([['/r/a.ts', ['/r/c.ts']]]), 2, 2, 0)).toBeUndefined();
  });
});

/** The program of in-memory files (bound, as the checker binds them), and whether it stands apart. */
function separableOf(files: Record<string, string>): boolean {
  const host = ts.createCompilerHost({});
  const options: ts.CompilerOptions = { allowJs: true, noLib: true, types: [], noEmit: true, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler };
  const program = ts.createProgram({
    rootNames: Object.keys(files),
    options,
    host: { ...host, fileExists: (file) => file in files, readFile: (file) => files[file], getSourceFile: (file, version) => (file in files ? ts.createSourceFile(file, files[file]!, version) : undefined) },
  });
  program.getTypeChecker();
  return separable(program);
}

describe('separable', () => {
  it('holds when every file is an ES or CommonJS module declaring nothing beyond itself', () => {
    expect(separableOf({ '/r/a.ts': "export const A = '/v1/campaigns';\n", '/r/b.js': "const axios = require('axios');\nmodule.exports = { list: () => axios.get('/v1/campaigns') };\n" })).toBe(true);
  });

  it('fails for a script (its declarations are global), a global augmentation, an ambient module or a reference', () => {
    expect(separableOf({ '/r/a.ts': "export const A = 1;\n", '/r/globals.js': "var API = '/v1/campaigns';\n" })).toBe(false);
    expect(separableOf({ '/r/a.ts': 'export {};\ndeclare global { const API: string }\n' })).toBe(false);
    expect(separableOf({ '/r/a.ts': "export {};\ndeclare module 'sdk' { export const API: string }\n" })).toBe(false);
    expect(separableOf({ '/r/a.ts': '/// <reference path="./b.ts" />\nexport const A = 1;\n', '/r/b.ts': 'export const B = 2;\n' })).toBe(false);
  });
});
