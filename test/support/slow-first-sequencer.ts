import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The suite's longest files (seconds on CI's 2 cores, two workers): started first, so that on a fresh
 * clone, where vitest has no durations cached and orders by file size, none of them starts last and
 * leaves a worker idle at the end (the pack test, 170 s of npm installs, did).
 */
export const slowFirst = [
  'test/pack.test.ts',
  'test/cli-project.test.ts',
  'test/cli-fix.test.ts',
  'test/parity.test.ts',
  'test/cli-check-threads.test.ts',
  'test/runtime-register.test.ts',
  'test/cli-fix-threads.test.ts',
  'test/bench-smoke.test.ts',
];

/** Vitest's own order (failed first, then longest cached, then largest), the files of `slowFirst` ahead of it. */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification): number => {
      const at = slowFirst.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return at === -1 ? slowFirst.length : at;
    };
    return sorted.map((file, at) => ({ file, at })).sort((a, b) => rank(a.file) - rank(b.file) || a.at - b.at).map(({ file }) => file);
  }
}
