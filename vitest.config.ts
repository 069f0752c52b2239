import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './test/support/slow-first-sequencer.js';

const packagesDir = fileURLToPath(new URL('./packages/', import.meta.url));

/**
 * Test files that need a module graph of their own (vitest's isolation): they replace a module's
 * export (`vi.spyOn` on an ES module namespace), count what a module did since it was loaded, or hold
 * per-file state in a helper module (packages/cli/tests/helpers.ts removes its temp folder after each
 * file). Every other file shares one module graph per worker: loading the sources through vite for
 * each of 164 files was a sixth of the suite's CPU (the package tests alone: 97 s → 36 s with two
 * workers), and each file's state lives in temp folders of its own. The shared files pass in any
 * order (`--sequence.shuffle` with several seeds, one worker and two).
 */
const needIsolation = [
  'packages/cli/tests/**/*.test.ts',
  'packages/engine/tests/fix.test.ts',
  'packages/engine/tests/heap-growth.test.ts',
  'packages/eslint-plugin/tests/shared-analysis.test.ts',
];

export default defineConfig({
  resolve: {
    // Tests run against the TypeScript sources; the pack test covers the built tarballs.
    // The engine's light entries (`@sunset/engine/usage`, `/config-file`, `/interrupt`) and config's `/closest-name` too: the CLI's usage errors are
    // the engine's class, which must be one module in the tests as in the build.
    alias: [
      { find: /^@sunset\/([a-z-]+)$/, replacement: `${packagesDir}$1/src/index.ts` },
      { find: /^@sunset\/engine\/usage$/, replacement: `${packagesDir}engine/src/usage.ts` },
      { find: /^@sunset\/engine\/config-file$/, replacement: `${packagesDir}engine/src/config-file/index.ts` },
      { find: /^@sunset\/engine\/interrupt$/, replacement: `${packagesDir}engine/src/fix/interrupt.ts` },
      { find: /^@sunset\/config\/closest-name$/, replacement: `${packagesDir}config/src/closest-name.ts` },
    ],
  },
  test: {
    reporters: ['default', './test/support/closing-line-reporter.ts'],
    // A timeout only catches a hang: on a loaded machine (two CI runs side by side on 2 cores) the
    // ESLint parity run took over 60 s. No test sets a shorter one; speed is measured in bench/.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // Vitest's default is one worker fewer than the cores: one on CI's 2 cores, where the suite then
    // used 1.3 cores (784 s of CPU in 587 s). Two workers there: 419 s, the same tests passing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['packages/*/tests/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: needIsolation,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: needIsolation,
        },
      },
    ],
  },
});
