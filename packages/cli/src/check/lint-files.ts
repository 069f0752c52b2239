import type { LintFiles } from './types.js';

/**
 * PLACEHOLDER — the lead replaces this body with ESLint's `Linter` + `@sunset/eslint-plugin`:
 *
 *   const linter = new Linter({ configType: 'flat' });
 *   for each target: linter.verify(target.source, [{ files: ['**\/*'], languageOptions: { parser for .ts/.tsx,
 *     sourceType: 'module', ecmaFeatures: { jsx } }, plugins: { sunset: plugin },
 *     rules: recommended rules with options { asOf, apiHosts, customEntries, reportScheduled, scheduledWithinDays } }],
 *     { filename: target.path })
 *   messages with `fatal: true` → errors[{ file: target.displayPath, line, message }]
 *   other messages → findings, taking entry/retired/replacements/phase/fix from the plugin's report data.
 *
 * Until then every candidate is reported as not checked, so `sunset check` can never pass by accident.
 */
export const lintFiles: LintFiles = (files) =>
  Promise.resolve({
    findings: [],
    errors: files.map((file) => ({
      file: file.displayPath,
      message: 'Not checked: the ESLint linting step is not wired into @sunset/cli yet.',
    })),
  });
