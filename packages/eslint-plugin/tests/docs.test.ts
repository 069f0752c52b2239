import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repositoryBrowseUrl, SUNSET_REPOSITORY } from '../../rule-data/src/rule-docs.js';
import plugin from '../src/index.js';
import type { SunsetRuleName } from '../src/index.js';
// A plain ESM script (checked as JS); it runs eslint-doc-generator on the built plugin.
import { runDocGenerator } from '../scripts/docs.mjs';

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

  it('links every rule to its doc through the one repository address (rule-data/src/rule-docs.ts)', () => {
    const packageJson = JSON.parse(readFileSync(`${packageDir}package.json`, 'utf8')) as { repository?: unknown };
    // No public repository yet: package.json has no `repository`; once it does, it must be the constant's.
    if (packageJson.repository !== undefined) expect(packageJson.repository).toEqual(SUNSET_REPOSITORY);
    expect(repositoryBrowseUrl({ type: 'git', url: 'git+https://github.com/o/r.git', directory: 'packages/p' })).toBe(
      'https://github.com/o/r/blob/main/packages/p/',
    );
    for (const name of ruleNames) {
      expect(plugin.rules[name].meta.docs?.url).toBe(`${repositoryBrowseUrl(SUNSET_REPOSITORY)}docs/rules/${name}.md`);
    }
  });

  // Headers and the README table are eslint-doc-generator's (`node packages/eslint-plugin/scripts/docs.mjs`
  // after `npx tsc -b tsconfig.build.json` regenerates them); --check fails on any drift from the rules' meta.
  it('keeps the generated rule doc headers and the README rules table in step with the built plugin (eslint-doc-generator --check)', () => {
    const result = runDocGenerator({ check: true });
    expect(`${result.stdout}${result.stderr}`).toBe('');
    expect(result.status).toBe(0);
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
