import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ProgramIndexModule from '../../analysis/src/scope/program-index.ts';
import { createPlugin } from '../src/index.js';
import { AnalysisMemo } from '../src/util/rule-hooks.js';

// Count the analyses' walks of the AST: the spy wraps the real indexProgram, for the memo and for the
// analyses' own fallback alike (both import it from this module).
const walks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../analysis/src/scope/program-index.ts', async (importOriginal) => {
  const original = await importOriginal<typeof ProgramIndexModule>();
  return {
    ...original,
    indexProgram: (...args: Parameters<typeof original.indexProgram>) => {
      walks.count += 1;
      return original.indexProgram(...args);
    },
  };
});

type EslintPlugin = NonNullable<Linter.Config['plugins']>[string];

// A retired call (retirement analysis), a report request (report analysis) and an authorize URL
// without state (OAuth analysis): every analysis has work in this file.
const code = [
  'export async function load(API: string, AUTH: string) {',
  '  const list = await fetch(`${API}/v1/campaigns?active=true`);',
  "  const report = await fetch(`${API}/v1/buyer/stats/data`, { method: 'POST', body: JSON.stringify({ metrics: ['clicks'], paging: { limit: 200000 } }) });",
  "  location.assign(`${AUTH}/sts/connect/authorize?client_id=app&response_type=code&redirect_uri=https://app.example/cb`);",
  '  return [list, report];',
  '}',
].join('\n');

function lint(source: string): string[] {
  const plugin = createPlugin() as unknown as EslintPlugin & { configs: { recommended: Linter.Config } };
  const config: Linter.Config[] = [
    { ...plugin.configs.recommended },
    { files: ['**/*.ts'], languageOptions: { parser: tsParser } },
    { settings: { sunset: { asOf: '2024-06-01' } } },
  ];
  return new Linter().verify(source, config, 'client.ts').map((message) => `${message.ruleId ?? 'fatal'}@${message.line}`);
}

describe('the analyses of one file share one walk of its AST', () => {
  afterEach(() => {
    walks.count = 0;
  });

  it('walks the AST once while the retirement, report and OAuth analyses all report', () => {
    expect(lint(code)).toEqual([
      'sunset/no-legacy-rest-path@2',
      'sunset/reporting-request-limits@3',
      'sunset/reporting-request-limits@3',
      'sunset/oauth-authorize-state@4',
    ]);
    expect(walks.count).toBe(1);
  });

  it('does not walk a file that none of the needle tests lets through', () => {
    expect(lint("export const list = () => fetch('/v1/buyer/campaigns');")).toEqual([]);
    expect(walks.count).toBe(0);
  });
});

describe('AnalysisMemo', () => {
  it('builds the walk once per AST and text and a new one for another AST', () => {
    const memo = new AnalysisMemo();
    const source = 'fetch(url);';
    const program = tsParser.parse(source, { range: true });
    const index = memo.programIndexOf(program, source);
    expect(index.program).toBe(program);
    expect(index.calls).toHaveLength(1);
    expect(memo.programIndexOf(program, source)).toBe(index);
    expect(walks.count).toBe(1);
    const other = tsParser.parse(source, { range: true });
    expect(memo.programIndexOf(other, source).program).toBe(other);
    expect(walks.count).toBe(2);
  });

  it('runs a needle test once per file and key, and again for another key', () => {
    const memo = new AnalysisMemo();
    const sourceCode = {};
    const first = { key: 1 };
    const second = { key: 2 };
    const runs: string[] = [];
    expect(memo.passesNeedleTest(sourceCode, first, () => (runs.push('first'), true))).toBe(true);
    expect(memo.passesNeedleTest(sourceCode, first, () => (runs.push('first again'), false))).toBe(true);
    expect(memo.passesNeedleTest(sourceCode, second, () => (runs.push('second'), false))).toBe(false);
    expect(memo.passesNeedleTest({}, first, () => (runs.push('another file'), false))).toBe(false);
    expect(runs).toEqual(['first', 'second', 'another file']);
  });
});
