import path from 'node:path';
import type { SunsetOptions } from '../src/analysis-contract.js';
import { checkFiles } from '../src/check/check-files.js';
import type { LocatedFinding } from '../src/check/check-source.js';

export interface HarnessResult {
  readonly findings: LocatedFinding[];
  /** Files parsed, relative to `cwd` with forward slashes. */
  readonly candidates: readonly string[];
}

/**
 * `sunset check`'s engine over `root` in one thread (tests run from the TypeScript sources, where no
 * worker is compiled), with the default mode's module graph or without it (`crossFile`); paths in
 * `data.declaredIn` are relative to `cwd`.
 */
export async function checkWithModuleGraph(root: string, options: SunsetOptions, crossFile = true, cwd = root): Promise<HarnessResult> {
  const result = await checkFiles([root], { cwd, options, baseDir: root, threads: 1, crossFile });
  const candidates = result.candidateFiles.map((file) => path.relative(cwd, file).split(path.sep).join('/'));
  return { findings: result.findings, candidates };
}
