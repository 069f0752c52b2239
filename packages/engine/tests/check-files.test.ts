import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFiles, defaultThreadCount } from '../src/check/check-files.js';
import { fakeCore, makeTree, sunsetOptions } from './helpers.js';


const retired = "export const list = () => fetch('/v1/campaigns');\n";

describe('checkFiles', () => {
  it('walks, prefilters and checks, with findings sorted by file, line and column and the counts', async () => {
    const root = makeTree({
      'src/b.ts': `// b\n${retired}`,
      'src/a.js': `${retired}${retired.replace('list', 'again')}`,
      'src/clean.ts': 'export const x = 1;\n',
      'src/broken.ts': "fetch('/v1/campaigns'\n",
      'src/notes.md': retired,
      'src/generated/api.ts': retired,
      'node_modules/pkg/index.js': retired,
      '.gitignore': 'generated/\n',
    });
    mkdirSync(path.join(root, '.git'));

    const result = await checkFiles(['.'], { cwd: root, baseDir: root, options: sunsetOptions(), core: fakeCore });

    expect(result.findings.map((finding) => `${path.relative(root, finding.file)}:${finding.line}:${finding.column}`)).toEqual([
      'src/a.js:1:33',
      'src/a.js:2:34',
      'src/b.ts:2:33',
    ]);
    expect(result.errors).toEqual([{ file: path.join(root, 'src/broken.ts'), line: 2, column: 1, message: 'Could not parse: Expected `)` but found `EOF`' }]);
    expect({ files: result.files, candidates: result.candidates }).toEqual({ files: 4, candidates: 3 });
    expect(result.candidateFiles.map((file) => path.relative(root, file))).toEqual(['src/a.js', 'src/b.ts', 'src/broken.ts']);
    // Only the lines around findings stay: a.js is two lines, b.ts's finding is on line 2 of 2.
    expect(Object.fromEntries([...result.excerpts].map(([file, excerpt]) => [path.relative(root, file), [...excerpt]]))).toEqual({
      'src/a.js': [[1, retired.trimEnd()], [2, retired.replace('list', 'again').trimEnd()], [3, '']],
      'src/b.ts': [[1, '// b'], [2, retired.trimEnd()], [3, '']],
    });
    expect(Object.keys(result.timings)).toEqual(['walk', 'read', 'prefilter', 'parse', 'index', 'checks']);
    expect(Object.values(result.timings).every((ms) => ms >= 0)).toBe(true);
  });

  it('skips what the config ignores, relative to the config folder', async () => {
    const root = makeTree({ 'app/src/a.ts': retired, 'app/fixtures/f.ts': retired });

    const result = await checkFiles(['app'], { cwd: root, baseDir: path.join(root, 'app'), options: sunsetOptions({ ignores: ['fixtures/'] }), core: fakeCore });

    expect(result.findings.map((finding) => path.relative(root, finding.file))).toEqual(['app/src/a.ts']);
  });

  it('lists files over maxFileSize as skipped instead of checking them', async () => {
    const root = makeTree({ 'big.ts': `${retired.repeat(10)}`, 'small.ts': retired });

    const result = await checkFiles(['.'], { cwd: root, baseDir: root, options: sunsetOptions(), core: fakeCore, maxFileSize: 100 });

    expect(result.findings.map((finding) => path.basename(finding.file))).toEqual(['small.ts']);
    expect(result.skipped).toEqual([
      { file: path.join(root, 'big.ts'), reason: 'too-large', message: 'Not scanned: 500 bytes, larger than the maxFileSize of 100 bytes. Raise maxFileSize in sunset.config.json, or name the file on the command line.' },
    ]);
  });
});

describe('defaultThreadCount', () => {
  it.each([
    { files: 300, cores: 8, threads: 1 },
    { files: 5_000, cores: 2, threads: 1 },
    { files: 10_000, cores: 2, threads: 1 },
    { files: 10_000, cores: 4, threads: 3 },
    { files: 3_000, cores: 8, threads: 2 },
    { files: 50_000, cores: 16, threads: 4 },
    { files: 10_000, cores: 1, threads: 1 },
  ])('$files files on $cores cores: $threads', ({ files, cores, threads }) => {
    expect(defaultThreadCount(files, cores)).toBe(threads);
  });
});
