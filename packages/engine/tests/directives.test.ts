import { Linter, type Rule } from 'eslint';
import { describe, expect, it } from 'vitest';
import { startOf } from '@sunset/analysis';
import { readDirectives } from '../src/analysis-contract.js';
import { lineIndexOf } from '../src/parse/lines.js';
import { parseSource } from '../src/parse/parse-source.js';

// Every arrangement below is run through ESLint 10's Linter with two tiny rules that report on every
// Literal, and through the engine's directive filter over the same reports: both must keep exactly
// the same problems.

const reportEveryLiteral: Rule.RuleModule = {
  meta: { type: 'problem', schema: [] },
  create: (context) => ({ Literal: (node) => context.report({ node, message: `literal ${String((node as { raw?: string }).raw)}` }) }),
};
const rules = ['no-legacy-rest-path', 'no-retired-soap-operation'] as const;
const ruleIds = new Set([...rules, 'no-sunset-todo'].map((rule) => `sunset/${rule}`));
const configuredLevels: Record<string, 'off' | 'error'> = { 'no-legacy-rest-path': 'error', 'no-retired-soap-operation': 'error', 'no-sunset-todo': 'off' };

function eslintProblems(text: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    text,
    [
      {
        files: ['**/*.js'],
        plugins: { sunset: { rules: Object.fromEntries([...rules, 'no-sunset-todo'].map((rule) => [rule, reportEveryLiteral])) } },
        rules: Object.fromEntries(Object.entries(configuredLevels).map(([rule, level]) => [`sunset/${rule}`, level])),
        languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
        linterOptions: { reportUnusedDisableDirectives: 'off', reportUnusedInlineConfigs: 'off' },
      },
    ],
    'file.js',
  );
  return messages
    // Only the rules' reports: ESLint's own problems about a comment (unknown rule, invalid config) are not findings.
    .filter((message) => ruleIds.has(message.ruleId ?? '') && message.message.startsWith('literal '))
    .map((message) => `${message.ruleId!}@${message.line}:${message.column}`)
    .sort();
}

function engineProblems(text: string): string[] {
  const parsed = parseSource(text, 'file.js');
  if (!parsed.ok) throw new Error(parsed.error.message);
  const lines = lineIndexOf(parsed.file.text);
  const directives = readDirectives(parsed.file.comments, lines);
  const literals: number[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    const node = value as { type?: unknown };
    if (node.type === 'Literal') literals.push(startOf(node as typeof parsed.file.program));
    for (const child of Object.values(node)) visit(child);
  };
  visit(parsed.file.program);
  const problems: string[] = [];
  for (const rule of [...rules, 'no-sunset-todo']) {
    const level = directives.inlineRules.get(`sunset/${rule}`)?.level ?? configuredLevels[rule];
    if (level === 'off') continue;
    for (const offset of literals) {
      const { line, column } = lines.position(offset);
      if (!directives.isSuppressed(`sunset/${rule}`, line, column)) problems.push(`sunset/${rule}@${line}:${column}`);
    }
  }
  return problems.sort();
}

const arrangements: Record<string, string> = {
  'no directive': "a('x');\nb('y');",
  'disable all, then enable all': "/* eslint-disable */\na('x');\n/* eslint-enable */\nb('y');",
  'disable one rule': "/* eslint-disable sunset/no-legacy-rest-path */\na('x');",
  'disable two rules, quoted and spaced': "/* eslint-disable 'sunset/no-legacy-rest-path' ,  \"sunset/no-retired-soap-operation\" */\na('x');",
  'disable only another plugin': "/* eslint-disable other/rule, no-console */\na('x');",
  'disable all, enable one rule': "/* eslint-disable */\na('x');\n/* eslint-enable sunset/no-legacy-rest-path */\nb('y');",
  'disable one, enable all': "/* eslint-disable sunset/no-legacy-rest-path */\na('x');\n/* eslint-enable */\nb('y');",
  'disable mid-line covers the rest of the line only': "a('x'); /* eslint-disable */ b('y');\nc('z');",
  'enable mid-line': "/* eslint-disable */\na('x'); /* eslint-enable */ b('y');",
  'eslint-disable as a line comment does nothing': "// eslint-disable\na('x');",
  'eslint-enable as a line comment does nothing': "/* eslint-disable */\n// eslint-enable\na('x');",
  'disable-line, line comment': "a('x'); // eslint-disable-line\nb('y');",
  'disable-line, block comment': "a('x'); /* eslint-disable-line sunset/no-legacy-rest-path */\nb('y');",
  'disable-line before the code': "/* eslint-disable-line */ a('x');\nb('y');",
  'disable-line in a multi-line block comment is ignored': "a('x'); /* eslint-disable-line\n*/ b('y');\nc('z');",
  'disable-next-line, line comment': "// eslint-disable-next-line\na('x');\nb('y');",
  'disable-next-line naming one rule': "// eslint-disable-next-line sunset/no-retired-soap-operation\na('x');",
  'disable-next-line, block comment': "/* eslint-disable-next-line */\na('x');\nb('y');",
  'disable-next-line in a multi-line block comment': "/* eslint-disable-next-line\n  sunset/no-legacy-rest-path */\na('x');\nb('y');",
  'disable-next-line after code on the line': "a('x'); // eslint-disable-next-line\nb('y');\nc('z');",
  'justification after --': "// eslint-disable-next-line sunset/no-legacy-rest-path -- the old API is still up for us\na('x');",
  'justification without rule names': "a('x'); // eslint-disable-line -- reason\nb('y');",
  'single dash is part of the rule list': "// eslint-disable-next-line sunset/no-legacy-rest-path - reason\na('x');",
  'no space before the label': "//eslint-disable-next-line\na('x');",
  'label followed by text without space is not a directive': "// eslint-disable-next-lines\na('x');",
  'upper-case label is not a directive': "// ESLINT-DISABLE-NEXT-LINE\na('x');",
  'directive text after a word is not a directive': "// note: eslint-disable-next-line\na('x');",
  'JSDoc-style block comment': "/**\n * eslint-disable\n */\na('x');",
  'CRLF lines': "// eslint-disable-next-line\r\na('x');\r\nb('y');",
  'CR lines': "a('x'); // eslint-disable-line\rb('y');",
  'U+2028 ends a line': "a('x'); /* eslint-disable-line */\u2028b('y');",
  'nested disable of the same rule and one enable': "/* eslint-disable sunset/no-legacy-rest-path */\n/* eslint-disable sunset/no-legacy-rest-path */\na('x');\n/* eslint-enable sunset/no-legacy-rest-path */\nb('y');",
  'line directive inside a disabled block, then enable': "/* eslint-disable */\na('x'); // eslint-disable-line sunset/no-legacy-rest-path\n/* eslint-enable */\nb('y'); // eslint-disable-line sunset/no-retired-soap-operation",
  'enable without disable': "/* eslint-enable */\na('x');",
  'inline config turns a rule off': "/* eslint sunset/no-legacy-rest-path: off */\na('x');",
  'inline config with 0 at the end of the file': "a('x');\n/* eslint sunset/no-retired-soap-operation: 0 */",
  'inline config with an array and quotes': "/* eslint \"sunset/no-legacy-rest-path\": [\"off\"], sunset/no-retired-soap-operation: 'warn' */\na('x');",
  'inline config in braces': "/* eslint { 'sunset/no-legacy-rest-path': 0 } */\na('x');",
  'inline config turns an off rule on': "/* eslint sunset/no-sunset-todo: error */\na('x');",
  'inline config as a line comment does nothing': "// eslint sunset/no-legacy-rest-path: off\na('x');",
  'inline config with an invalid severity is ignored': "/* eslint sunset/no-legacy-rest-path: nope */\na('x');",
  'two inline configs for one rule, the first wins': "/* eslint sunset/no-legacy-rest-path: off */\n/* eslint sunset/no-legacy-rest-path: error */\na('x');",
  'an invalid inline config does not hide a later valid one': "/* eslint sunset/no-legacy-rest-path: true */\n/* eslint sunset/no-legacy-rest-path: off */\na('x');",
  'inline config naming an unknown rule only': "/* eslint other/rule: off */\na('x');",
  'inline config without a comma between rules is ignored': "/* eslint sunset/no-legacy-rest-path: off sunset/no-retired-soap-operation: off */\na('x');",
  'inline config with numbers, no comma (the JSON fallback)': "/* eslint sunset/no-legacy-rest-path: 0 \"sunset/no-retired-soap-operation\": 0 */\na('x');",
  'inline config with a justification': "/* eslint sunset/no-legacy-rest-path: off -- migrated elsewhere */\na('x');",
  'template and JSX do not hold comments': "const s = `/* eslint-disable */`;\na('x');\nconst j = <div>{/* eslint-disable-line */ 'y'}</div>;",
};

describe('eslint-disable comments are honoured exactly as ESLint 10 honours them', () => {
  it.each(Object.entries(arrangements))('%s', (_name, text) => {
    expect(engineProblems(text)).toEqual(eslintProblems(text));
  });
});

// The options an inline config gives a rule, as ESLint 10 hands them to it (`context.options`); valid
// ones: a comment whose options the rule refuses is dropped (tests/check-source.test.ts).
const optionArrangements: Record<string, string> = {
  'an options object in JSON': '/* eslint sunset/no-legacy-rest-path: ["error", { "apiHosts": ["gw.example.com"] }] */\na(\'x\');',
  'an options object with unquoted keys and words': "/* eslint sunset/no-legacy-rest-path: [error, { apiHosts: [gw.example.com, '*.example.org'], reportScheduled: true }] */\na('x');",
  'an options object with a boolean and a number': "/* eslint sunset/no-legacy-rest-path: [warn, { reportScheduled: true, scheduledWithinDays: 30 }] */\na('x');",
  'two rules, each with options': "/* eslint sunset/no-legacy-rest-path: [error, { asOf: '2026-01-01' }], sunset/no-retired-soap-operation: [1, { apiHosts: ['*'] }] */\na('x');",
  'a severity alone: the configured options stay': "/* eslint sunset/no-legacy-rest-path: error */\na('x');",
};

function eslintOptions(text: string): Record<string, unknown> {
  const seen: Record<string, unknown> = {};
  const recordOptions = (rule: string): Rule.RuleModule => ({
    // No schema: ESLint then passes any options (the plugin's rules validate theirs; here the reading is under test).
    meta: { type: 'problem', schema: false },
    create: (context) => {
      seen[rule] = context.options;
      return {};
    },
  });
  new Linter({ configType: 'flat' }).verify(
    text,
    [
      {
        files: ['**/*.js'],
        plugins: { sunset: { rules: Object.fromEntries(rules.map((rule) => [rule, recordOptions(rule)])) } },
        rules: Object.fromEntries(rules.map((rule) => [`sunset/${rule}`, 'error'])),
        linterOptions: { reportUnusedInlineConfigs: 'off' },
      },
    ],
    'file.js',
  );
  return seen;
}

function engineOptions(text: string): Record<string, unknown> {
  const parsed = parseSource(text, 'file.js');
  if (!parsed.ok) throw new Error(parsed.error.message);
  const directives = readDirectives(parsed.file.comments, lineIndexOf(parsed.file.text));
  return Object.fromEntries(rules.map((rule) => [rule, directives.inlineRules.get(`sunset/${rule}`)?.options ?? []]));
}

describe('the options of an inline config are the ones ESLint 10 gives the rule', () => {
  it.each(Object.entries(optionArrangements))('%s', (_name, text) => {
    expect(engineOptions(text)).toEqual(eslintOptions(text));
  });

  it('reads an options object as an object, not as its text', () => {
    expect(engineOptions(optionArrangements['an options object in JSON']!)['no-legacy-rest-path']).toEqual([{ apiHosts: ['gw.example.com'] }]);
  });
});
