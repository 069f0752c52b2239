import tsParser from '@typescript-eslint/parser';
import { ESLint, type Linter } from 'eslint';
import sunset from '@sunset/eslint-plugin';

/**
 * ESLint as a user's flat config runs the plugin over a folder: its `recommended` config for every
 * script, @typescript-eslint/parser for TypeScript, espree (JSX on) for JavaScript, `.cjs` as CommonJS,
 * and `asOf` pinned. No config file of the folder is read.
 */
export function eslintWithPlugin(cwd: string, asOf: string): ESLint {
  return new ESLint({
    cwd,
    overrideConfigFile: true,
    ignore: false,
    overrideConfig: [
      { files: ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'], ...(sunset.configs.recommended as unknown as Linter.Config) },
      { files: ['**/*.{ts,tsx,mts,cts}'], languageOptions: { parser: tsParser } },
      { files: ['**/*.{js,jsx,mjs,cjs}'], languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } },
      { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
      { settings: { sunset: { asOf } } },
    ],
  });
}
