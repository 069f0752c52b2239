import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { ESLint, type Linter } from 'eslint';
import sunset from '@sunset/eslint-plugin';

/**
 * ESLint as a user's flat config runs the plugin over a folder: the configs `configsFor` makes of the
 * folder's sunset.config.json (its `recommended` config when there is none) for every script,
 * @typescript-eslint/parser for TypeScript, espree (JSX on) for JavaScript, `.cjs` as CommonJS, `asOf`
 * pinned and `settings` laid over the plugin's settings.
 */
export function eslintWithPlugin(cwd: string, asOf: string, settings: object = {}): ESLint {
  const configFile = path.join(cwd, 'sunset.config.json');
  const sunsetConfigs = existsSync(configFile)
    ? (sunset.configsFor(JSON.parse(readFileSync(configFile, 'utf8')), { configFile }) as unknown as Linter.Config[])
    : [sunset.configs.recommended as unknown as Linter.Config];
  return new ESLint({
    cwd,
    overrideConfigFile: true,
    ignore: false,
    overrideConfig: [
      ...sunsetConfigs.map((config) => ({ files: ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'], ...config })),
      { files: ['**/*.{ts,tsx,mts,cts}'], languageOptions: { parser: tsParser } },
      { files: ['**/*.{js,jsx,mjs,cjs}'], languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } },
      { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
      { settings: { sunset: { ...(sunsetConfigs[0]?.settings?.sunset as object | undefined), asOf, ...settings } } },
    ],
  });
}
