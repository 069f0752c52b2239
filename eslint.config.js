// Lints Sunset's own code (not the fixtures, which hold deliberately retired calls), and enforces the
// package graph: dependencies point down only (rule-data → config → analysis → engine → faces).
import { readFileSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/** What each package's source may import of the workspace: package-graph.json (docs/architecture.md shows the same; a test compares them). */
const { $comment, ...allowedWorkspaceImports } = JSON.parse(readFileSync(new URL('./package-graph.json', import.meta.url), 'utf8'));

/** Third-party modules a package must never load: parsers below the engine, ESLint outside the plugin. */
const forbiddenModules = {
  'rule-data': ['ts-morph', 'eslint', '@typescript-eslint/*', 'oxc-parser', 'espree', 'jscodeshift', '@babel/*'],
  config: ['ts-morph', 'eslint', '@typescript-eslint/*', 'oxc-parser', 'espree', 'jscodeshift', '@babel/*'],
  analysis: ['ts-morph', 'eslint', '@typescript-eslint/parser', '@typescript-eslint/typescript-estree', '@typescript-eslint/utils', 'oxc-parser', 'espree', 'jscodeshift', '@babel/*', 'typescript'],
  engine: ['ts-morph', 'eslint', '@typescript-eslint/parser', '@typescript-eslint/typescript-estree', '@typescript-eslint/utils', 'espree', 'jscodeshift', '@babel/*'],
  runtime: ['ts-morph', 'eslint', '@typescript-eslint/*', 'oxc-parser', 'espree', 'jscodeshift', '@babel/*'],
  openapi: ['ts-morph', 'eslint', '@typescript-eslint/*', 'oxc-parser', 'espree', 'jscodeshift', '@babel/*'],
  'eslint-plugin': ['ts-morph', 'oxc-parser', 'jscodeshift', '@babel/*'],
  codemod: ['ts-morph', 'eslint', '@typescript-eslint/parser', '@typescript-eslint/utils', 'espree', '@babel/*', 'chalk'],
  report: ['ts-morph', 'eslint', '@typescript-eslint/*', 'espree', 'jscodeshift', '@babel/*'],
  cli: ['ts-morph', 'eslint', '@typescript-eslint/*', 'espree', 'jscodeshift', '@babel/*'],
  project: ['eslint', '@typescript-eslint/*', 'oxc-parser', 'espree', 'jscodeshift', '@babel/*', 'typescript'],
};
/** A package not listed above is a face: no ESLint, no parser but the engine's. */
const faceForbiddenModules = ['ts-morph', 'eslint', '@typescript-eslint/*', 'oxc-parser', 'espree', 'jscodeshift', '@babel/*'];

const escapeForRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** An esquery regular expression matching the given specifiers (a trailing `/*` also matches subpaths). */
function dynamicImportPattern(workspace, modules) {
  const alternatives = [...workspace, ...modules].map((specifier) =>
    specifier.endsWith('/*') ? `${escapeForRegExp(specifier.slice(0, -2))}\\/` : `${escapeForRegExp(specifier)}(\\/|$)`,
  );
  return `/^(${alternatives.join('|')})/`;
}

const sunsetPackages = Object.keys(allowedWorkspaceImports);

const boundaryConfigs = sunsetPackages.map((name) => {
  const allowed = new Set(allowedWorkspaceImports[name]);
  const forbiddenWorkspace = sunsetPackages.filter((other) => other !== name && !allowed.has(other)).map((other) => `@sunset/${other}`);
  return {
    files: [`packages/${name}/src/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...forbiddenWorkspace, ...forbiddenWorkspace.map((specifier) => `${specifier}/*`)],
              message: `@sunset/${name} may import only ${[...allowed].map((other) => `@sunset/${other}`).join(', ') || 'no workspace package'} (see the package graph in docs/architecture.md).`,
            },
            { group: forbiddenModules[name] ?? faceForbiddenModules, message: `@sunset/${name} must not load this module (see the package graph in docs/architecture.md).` },
            { group: ['../../*/src/*', '../../../packages/*'], message: 'Import another package by its name, not by a relative path.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression > :not(Literal)',
          message: 'Dynamic imports name their module literally, so the package boundaries can be checked.',
        },
        {
          // no-restricted-imports does not look at `import()`: the same boundary, for lazy loads.
          selector: `ImportExpression > Literal[value=${dynamicImportPattern(forbiddenWorkspace, forbiddenModules[name] ?? faceForbiddenModules)}]`,
          message: `@sunset/${name} must not load this module, not even lazily (see the package graph in docs/architecture.md).`,
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'fixtures/**', 'bench/out/**', '**/*.js', '**/*.mjs', '**/*.cjs', '!bench/*.mjs'],
  },
  ...tseslint.configs.strict,
  ...tseslint.configs.stylistic,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  ...boundaryConfigs,
);
