import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import type { SunsetRuleName } from '../src/index.js';
import { renderRuleDocHeader, renderRulesTable, withRuleDocHeader, withRulesTable } from '../src/docs.js';

// `UPDATE_DOCS=1 npx vitest run packages/eslint-plugin/tests/docs.test.ts` regenerates the headers and the table.
const updating = process.env.UPDATE_DOCS === '1';
const packageDir = fileURLToPath(new URL('../', import.meta.url));
const ruleNames = (Object.keys(plugin.rules) as SunsetRuleName[]).sort();

function docPath(name: string): string {
  return `${packageDir}docs/rules/${name}.md`;
}

function namesIn(folder: string, suffix: string): string[] {
  return readdirSync(`${packageDir}${folder}`)
    .filter((file) => file.endsWith(suffix))
    .map((file) => file.slice(0, -suffix.length))
    .sort();
}

interface ExampleBlock {
  readonly verdict: 'incorrect' | 'correct';
  readonly language: string;
  readonly code: string;
  readonly line: number;
}

/** Code blocks after a `❌` line are incorrect examples, after a `✅` line correct ones, until the next heading. */
function examplesIn(markdown: string): ExampleBlock[] {
  const blocks: ExampleBlock[] = [];
  const lines = markdown.split('\n');
  let verdict: ExampleBlock['verdict'] | undefined;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (line.startsWith('#')) verdict = undefined;
    else if (line.startsWith('❌')) verdict = 'incorrect';
    else if (line.startsWith('✅')) verdict = 'correct';
    else if (line.startsWith('```') && line.length > 3) {
      const close = lines.indexOf('```', index + 1);
      if (verdict !== undefined) {
        blocks.push({ verdict, language: line.slice(3), code: lines.slice(index + 1, close).join('\n'), line: index + 1 });
      }
      index = close;
    }
  }
  return blocks;
}

function lintExample(name: SunsetRuleName, block: ExampleBlock): Linter.LintMessage[] {
  const isTypeScript = block.language === 'ts' || block.language === 'tsx';
  const config: Linter.Config[] = [
    {
      files: ['**/*.*'],
      ...(isTypeScript && { languageOptions: { parser: tsParser } }),
      // The plugin's rule types come from @typescript-eslint/utils; ESLint's Plugin type is structurally narrower.
      plugins: { sunset: plugin as unknown as NonNullable<Linter.Config['plugins']>[string] },
      rules: { [`sunset/${name}`]: 'error' },
      settings: { sunset: { asOf: '2024-06-01' } },
    },
  ];
  return new Linter().verify(block.code, config, `example.${isTypeScript ? 'ts' : 'js'}`);
}

describe('rule docs', () => {
  it('has one doc and one test file per rule, named after the rule', () => {
    expect(namesIn('docs/rules', '.md')).toEqual(ruleNames);
    expect(namesIn('tests/rules', '.test.ts')).toEqual(ruleNames);
  });

  it.each(ruleNames)('keeps the generated header of docs/rules/%s.md in step with the rule meta', (name) => {
    const doc = readFileSync(docPath(name), 'utf8');
    const expected = withRuleDocHeader(doc, renderRuleDocHeader(plugin, name));
    if (updating) writeFileSync(docPath(name), expected);
    expect(doc).toBe(expected);
  });

  it('keeps the README rules table in step with the rule meta', () => {
    const readmePath = `${packageDir}README.md`;
    const readme = readFileSync(readmePath, 'utf8');
    const expected = withRulesTable(readme, renderRulesTable(plugin));
    if (updating) writeFileSync(readmePath, expected);
    expect(readme).toBe(expected);
  });

  describe.each(ruleNames)('examples of %s', (name) => {
    const blocks = examplesIn(readFileSync(docPath(name), 'utf8'));

    it('has incorrect and correct examples', () => {
      expect(blocks.filter((block) => block.verdict === 'incorrect').length).toBeGreaterThan(0);
      expect(blocks.filter((block) => block.verdict === 'correct').length).toBeGreaterThan(0);
    });

    it.each(blocks.map((block) => [block.line, block] as const))('lints the example at line %i as documented', (_line, block) => {
      const messages = lintExample(name, block);
      expect(messages.filter((message) => message.fatal === true)).toEqual([]);
      const ruleIds = messages.map((message) => message.ruleId);
      if (block.verdict === 'incorrect') expect(ruleIds).toContain(`sunset/${name}`);
      else expect(ruleIds).toEqual([]);
    });
  });
});
