import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const packagesDir = fileURLToPath(new URL('./packages/', import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against the TypeScript sources; the pack test covers the built tarballs.
    alias: [{ find: /^@sunset\/([a-z-]+)$/, replacement: `${packagesDir}$1/src/index.ts` }],
  },
  test: {
    include: ['packages/*/tests/**/*.test.ts', 'test/**/*.test.ts'],
    reporters: ['default', './test/support/closing-line-reporter.ts'],
    // A timeout only catches a hang: on a loaded machine (two CI runs side by side on 2 cores) the
    // ESLint parity run took over 60 s. No test sets a shorter one; speed is measured in bench/.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
