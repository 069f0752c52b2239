import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadTsconfig } from '@sunset/project';
import { ts } from 'ts-morph';

// A solution tsconfig.json (`"files": []` plus `references`, as npm create vite, Angular and Nx write it):
// --project reads the referenced projects, depth first, each once, and gives each file the options of the
// project that takes it.

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A folder holding `files` (path → JSON value or text). */
function folder(files: Record<string, unknown>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sunset-references-'));
  roots.push(root);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return root;
}

describe('loadTsconfig on a config with references', () => {
  it('lists the named config, then its references depth first, each once (a cycle ends), and gives each file its owner options', () => {
    const root = folder({
      'tsconfig.json': { files: [], references: [{ path: './tsconfig.app.json' }, { path: './packages/lib' }, { path: './tsconfig.node.json' }] },
      'tsconfig.base.json': { compilerOptions: { paths: { '@/*': ['./src/*'] } } },
      // Extends the base: its paths are the base's, relative to the base's folder.
      'tsconfig.app.json': { extends: './tsconfig.base.json', compilerOptions: { jsx: 'react-jsx' }, include: ['src'], references: [{ path: './tsconfig.json' }] },
      'tsconfig.node.json': { compilerOptions: { strict: true }, include: ['vite.config.ts'], references: [{ path: './tsconfig.app.json' }] },
      // Nested: a solution config of its own, whose project points back at the root (a cycle).
      'packages/lib/tsconfig.json': { files: [], references: [{ path: './tsconfig.lib.json' }] },
      'packages/lib/tsconfig.lib.json': { compilerOptions: { paths: { '@/*': ['./lib/*'] } }, include: ['lib'], references: [{ path: '../..' }] },
    });
    const tsconfig = loadTsconfig({ cwd: root });
    expect(tsconfig.projects.map((project) => [path.relative(root, project.file), project.takesFiles])).toEqual([
      ['tsconfig.json', false],
      ['tsconfig.app.json', true],
      [path.join('packages', 'lib', 'tsconfig.json'), false],
      [path.join('packages', 'lib', 'tsconfig.lib.json'), true],
      ['tsconfig.node.json', true],
    ]);
    const pathsOf = (file: string): unknown => tsconfig.optionsOf(path.join(root, file)).paths;
    expect([pathsOf('src/features/a.tsx'), pathsOf('packages/lib/lib/b.ts'), pathsOf('vite.config.ts'), pathsOf('scripts/c.ts')]).toEqual([
      { '@/*': ['./src/*'] },
      { '@/*': ['./lib/*'] },
      undefined,
      undefined,
    ]);
    expect(tsconfig.optionsOf(path.join(root, 'src/a.ts')).pathsBasePath).toBe(root);
    expect(tsconfig.optionsOf(path.join(root, 'packages/lib/lib/b.ts')).pathsBasePath).toBe(path.join(root, 'packages/lib'));
    expect(tsconfig.optionsOf(path.join(root, 'vite.config.ts')).strict).toBe(true);
    // The program takes the first project that takes files itself: the app's.
    expect([tsconfig.options.jsx, tsconfig.options.paths]).toEqual([ts.JsxEmit.ReactJSX, { '@/*': ['./src/*'] }]);
  });

  it('a config without references is read alone, as before', () => {
    const root = folder({ 'tsconfig.json': { compilerOptions: { baseUrl: '.' }, include: ['src'] } });
    const tsconfig = loadTsconfig({ cwd: root });
    expect([tsconfig.projects.length, tsconfig.optionsOf(path.join(root, 'anything.ts')) === tsconfig.options, tsconfig.options.baseUrl]).toEqual([1, true, root]);
  });

  it('a config with files of its own and references keeps its files: the referenced project takes only what the root does not', () => {
    const root = folder({
      'tsconfig.json': { compilerOptions: { paths: { '~/*': ['./app/*'] } }, include: ['app'], references: [{ path: './lib' }] },
      'lib/tsconfig.json': { compilerOptions: { paths: { '~/*': ['./src/*'] } }, include: ['src', '../app/shared'] },
    });
    const tsconfig = loadTsconfig({ cwd: root });
    expect([tsconfig.optionsOf(path.join(root, 'app/shared/a.ts')).paths, tsconfig.optionsOf(path.join(root, 'lib/src/b.ts')).paths, tsconfig.options.paths]).toEqual([
      { '~/*': ['./app/*'] },
      { '~/*': ['./src/*'] },
      { '~/*': ['./app/*'] },
    ]);
  });

  it('throws a UsageError naming a referenced config that is missing, and the config that references it', () => {
    const root = folder({ 'tsconfig.json': { files: [], references: [{ path: './tsconfig.app.json' }] } });
    expect(() => loadTsconfig({ cwd: root })).toThrow(
      'tsconfig.json references tsconfig.app.json, which does not exist. Fix the reference, or name the tsconfig of one project (--project path/to/tsconfig.app.json).',
    );
  });
});
