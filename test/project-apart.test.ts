import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRepo } from '../bench/generate.mjs';
import type { ProjectCheckResult, ProjectRun } from '@sunset/project';
import { sunsetOptions } from '../packages/engine/tests/helpers.js';
import { ensureBuilt, makeTempDir, repoRootPath } from './support/cli.js';

// --project at 50k (issue 24): when the files to load fall in two groups that share no import, the
// second group is a program of its own in a worker. Its findings must be those of one program, and when
// the two programs could see into each other (a script's globals), one program is built instead. The
// worker exists only in the build, so this runs the built package.

type RunProjectCheck = (run: ProjectRun) => Promise<ProjectCheckResult>;

const tsconfig = { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', allowJs: true, jsx: 'react-jsx', strict: true, noEmit: true, skipLibCheck: true, types: [] }, include: ['**/*'] };

describe('--project as two programs', () => {
  let repo: { dir: string; cleanup: () => Promise<void> };
  let runProjectCheck: RunProjectCheck;

  beforeAll(async () => {
    await ensureBuilt();
    ({ runProjectCheck } = (await import(pathToFileURL(repoRootPath('packages/project/dist/index.js')).href)) as { runProjectCheck: RunProjectCheck });
    repo = await makeTempDir('project-apart');
    // Half the files hold retired calls, each in a module of its own: 200 files to load, no import between them.
    writeRepo(repo.dir, { files: 400, seed: 7, share: 0.5 });
    writeFileSync(path.join(repo.dir, 'tsconfig.json'), JSON.stringify(tsconfig));
    // A constant read through a `paths`-free relative import, and a wrapper in another file: one component of three files.
    writeFileSync(path.join(repo.dir, 'src', 'zz-paths.ts'), "export const LEGACY = '/v1/campaigns/dictionaries/labels';\n");
    writeFileSync(path.join(repo.dir, 'src', 'zz-http.ts'), 'export const get = (url: string) => fetch(url);\n');
    writeFileSync(path.join(repo.dir, 'src', 'zz-labels.ts'), "import { LEGACY } from './zz-paths';\nimport { get } from './zz-http';\n\nexport const labels = () => get(LEGACY);\n");
  });

  afterAll(async () => {
    await repo.cleanup();
  });

  const check = async (threads: number): Promise<{ result: ProjectCheckResult; phases: string[] }> => {
    const phases: string[] = [];
    const onProgress = (message: string): void => {
      if (message.startsWith('loading')) phases.push(message);
    };
    const result = await runProjectCheck({ cwd: repo.dir, paths: ['.'], options: sunsetOptions(), baseDir: repo.dir, threads, onProgress });
    return { result, phases };
  };
  const lines = (result: ProjectCheckResult): string[] =>
    result.findings.map((finding) => `${path.relative(repo.dir, finding.file)}:${finding.line}:${finding.column} ${finding.rule} ${finding.retirement?.retiredKey} ${JSON.stringify(finding.data)} ${JSON.stringify(finding.crossFileRelated ?? [])}`);

  it('finds with two programs exactly what one program finds, the wrapper call through another file included', async () => {
    const one = await check(1);
    const two = await check(2);
    expect(one.phases).toEqual([`loading ${one.result.loaded} files into ts-morph`]);
    expect(two.phases).toHaveLength(1);
    expect(two.phases[0]).toMatch(new RegExp(`^loading ${one.result.loaded} files into ts-morph as two programs \\(\\d+ in a worker\\)$`));
    expect(one.result.loaded).toBeGreaterThanOrEqual(128);
    expect(lines(two.result)).toEqual(lines(one.result));
    expect(two.result.otherHostsByFile).toEqual(one.result.otherHostsByFile);
    const labels = two.result.findings.filter((finding) => finding.file === path.join(repo.dir, 'src', 'zz-labels.ts'));
    expect(labels.map((finding) => ({ line: finding.line, column: finding.column, rule: finding.rule, through: finding.data.through, declaredIn: finding.data.declaredIn }))).toEqual([
      { line: 4, column: 33, rule: 'no-legacy-rest-path', through: 'get (src/zz-http.ts:1)', declaredIn: 'src/zz-paths.ts:1:23 (LEGACY)' },
    ]);
  });

  it('builds one program when a file is a script, whose globals every file sees', async () => {
    writeFileSync(path.join(repo.dir, 'src', 'zz-globals.js'), "var LEGACY_GLOBAL = '/v1/campaigns';\n");
    const one = await check(1);
    const two = await check(2);
    expect(two.phases).toEqual([expect.stringMatching(/ as two programs /), `loading ${one.result.loaded} files into ts-morph`]);
    expect(lines(two.result)).toEqual(lines(one.result));
  });
});
