import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tsParser, { parseForESLint } from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { createPlugin } from '../src/index.js';
import { createTypeAwareResolver } from '../src/util/type-aware.js';

const fixtureDir = fileURLToPath(new URL('./fixtures/type-aware/', import.meta.url));
// With CI=true typescript-eslint infers a "single run" and keeps one program per tsconfig for the
// whole process; this file parses client.ts twice in one process (once per describe block), which
// a real ESLint run never does, and the second parse then maps to stale nodes. Each parse here
// stands for a separate run, so single-run inference is turned off.
const disallowAutomaticSingleRunInference = true;

function requestArguments(): { resolve: ReturnType<typeof createTypeAwareResolver>; names: Map<string, TSESTree.Node> } {
  const filePath = `${fixtureDir}client.ts`;
  const { ast, services } = parseForESLint(readFileSync(filePath, 'utf8'), {
    filePath,
    project: `${fixtureDir}tsconfig.json`,
    tsconfigRootDir: fixtureDir,
    disallowAutomaticSingleRunInference,
    range: true,
    loc: true,
  });
  const names = new Map<string, TSESTree.Node>();
  const exported = ast.body.find((statement) => statement.type === 'ExportNamedDeclaration');
  const declaration = exported?.declaration?.type === 'VariableDeclaration' ? exported.declaration : undefined;
  const list = declaration?.declarations[0]?.init;
  for (const element of list?.type === 'ArrayExpression' ? list.elements : []) {
    const argument = element?.type === 'CallExpression' ? element.arguments[0] : undefined;
    if (argument?.type === 'Identifier') names.set(argument.name, argument);
    if (argument?.type === 'MemberExpression') names.set('API.managers', argument);
  }
  return { resolve: createTypeAwareResolver(services), names };
}

describe('type-aware identifier resolution', () => {
  const { resolve, names } = requestArguments();

  it('resolves an imported string constant to its text', () => {
    expect(resolve?.(names.get('CAMPAIGNS_PATH')!)).toEqual([{ kind: 'text', value: '/v1/campaigns' }]);
  });

  it('resolves an imported template constant through the constant it uses', () => {
    expect(resolve?.(names.get('CLIENTS_PATH')!)).toEqual([{ kind: 'text', value: '/v1/campaigns/dictionaries/clients' }]);
  });

  it('keeps values it cannot know as holes', () => {
    expect(resolve?.(names.get('ORDERS_PATH')!)).toEqual([
      { kind: 'hole' },
      { kind: 'text', value: '/v1/campaigns/' },
      { kind: 'hole' },
      { kind: 'text', value: '/orders' },
    ]);
  });

  it('resolves a property of an imported constant object', () => {
    expect(resolve?.(names.get('API.managers')!)).toEqual([{ kind: 'text', value: '/v1/campaigns/dictionaries/managers' }]);
  });

  it('returns undefined for an identifier with no known text', () => {
    expect(resolve?.(names.get('unknownUrl')!)).toBeUndefined();
  });

  it('is not available without a TypeScript program', () => {
    expect(createTypeAwareResolver(undefined)).toBeUndefined();
    expect(createTypeAwareResolver({ program: null })).toBeUndefined();
  });
});

describe('the rules in type-aware mode', () => {
  function lintClient(typeAware: boolean, file = 'client.ts'): Linter.LintMessage[] {
    const plugin = createPlugin();
    const config: Linter.Config[] = [
      plugin.configs.recommended as unknown as Linter.Config,
      {
        files: ['**/*.ts'],
        languageOptions: {
          parser: tsParser,
          parserOptions: { project: `${fixtureDir}tsconfig.json`, tsconfigRootDir: fixtureDir, disallowAutomaticSingleRunInference },
        },
      },
      { settings: { sunset: { asOf: '2024-06-01', typeAware } } },
    ];
    return new Linter({ cwd: fixtureDir }).verify(readFileSync(`${fixtureDir}${file}`, 'utf8'), config, `${fixtureDir}${file}`);
  }
  const positions = (messages: Linter.LintMessage[]): string[] => messages.map(({ ruleId, line, column }) => `${ruleId ?? ''} ${line}:${column}`);

  // CLIENTS_PATH and API.managers are one-to-one rewrites where endpoints.ts declares them (sunset fix makes them there):
  // a rewrite at the request, as without typeAware and as sunset check says; the others need a person.
  const expected = [
    { ruleId: 'sunset/no-legacy-rest-path', line: 5, column: 32, messageId: 'retiredTodo', fix: undefined },
    { ruleId: 'sunset/no-legacy-rest-path', line: 5, column: 55, messageId: 'retiredRewrite', fix: undefined },
    { ruleId: 'sunset/no-legacy-rest-path', line: 5, column: 76, messageId: 'retiredTodo', fix: undefined },
    { ruleId: 'sunset/no-legacy-rest-path', line: 5, column: 115, messageId: 'retiredRewrite', fix: undefined },
  ];

  it('reports calls whose URL comes from constants imported from another file, a rewrite where the declaration is rewritten', () => {
    expect(lintClient(true).map(({ ruleId, line, column, messageId, fix }) => ({ ruleId, line, column, messageId, fix }))).toEqual(expected);
  });

  it('without settings.sunset.typeAware, reads the same constants from ./endpoints.js by relative path, with the same messages, as sunset check does', () => {
    expect(lintClient(false).map(({ ruleId, line, column, messageId, fix }) => ({ ruleId, line, column, messageId, fix }))).toEqual(expected);
  });

  it("follows the tsconfig's path alias with and without settings.sunset.typeAware", () => {
    expect(positions(lintClient(true, 'aliased-client.ts'))).toEqual(['sunset/no-legacy-rest-path 4:30']);
    expect(positions(lintClient(false, 'aliased-client.ts'))).toEqual(['sunset/no-legacy-rest-path 4:30']);
  });
});

describe('typeAware without type information', () => {
  function lintClientWarnings(parserOptions: object | undefined): string[] {
    const warnings: string[] = [];
    const plugin = createPlugin({ warn: (message, code) => warnings.push(`${code}: ${message}`) });
    const config: Linter.Config[] = [
      plugin.configs.recommended as unknown as Linter.Config,
      { files: ['**/*.ts'], languageOptions: { parser: tsParser, ...(parserOptions === undefined ? {} : { parserOptions }) } },
      { settings: { sunset: { asOf: '2024-06-01', typeAware: true } } },
    ];
    const linter = new Linter({ cwd: fixtureDir });
    for (const file of ['client.ts', 'endpoints.ts']) linter.verify(readFileSync(`${fixtureDir}${file}`, 'utf8'), config, `${fixtureDir}${file}`);
    return warnings;
  }

  it('warns once, naming the first file and what to set, when the parser gives no program', () => {
    expect(lintClientWarnings(undefined)).toEqual([
      `SUNSET_TYPE_AWARE_WITHOUT_TYPES: settings.sunset.typeAware is on, but the parser gave no TypeScript program for ${fixtureDir}client.ts ` +
        '(sourceCode.parserServices has no program), so the rules run without type information and miss URLs built from constants of other files. ' +
        'Under ESLint, parse with @typescript-eslint/parser and set languageOptions.parserOptions.projectService: true; ' +
        'oxlint gives JS plugins no type information: set typeAware only in the ESLint config that has it.',
    ]);
  });

  it('says nothing when the program is there', () => {
    expect(lintClientWarnings({ project: `${fixtureDir}tsconfig.json`, tsconfigRootDir: fixtureDir, disallowAutomaticSingleRunInference })).toEqual([]);
  });
});
