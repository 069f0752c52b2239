import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as FileIndexModule from '../../analysis/src/file-index/file-index.ts';
import { createPlugin } from '../src/index.js';

// Count the indexes built: the spy wraps the real indexFile, which the plugin's memo calls.
const builds = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../analysis/src/file-index/file-index.ts', async (importOriginal) => {
  const original = await importOriginal<typeof FileIndexModule>();
  return {
    ...original,
    indexFile: (...args: Parameters<typeof original.indexFile>) => {
      builds.count += 1;
      return original.indexFile(...args);
    },
  };
});

type EslintPlugin = NonNullable<Linter.Config['plugins']>[string];

// A retired call (retirement check), a report request (report check) and an authorize URL
// without state (OAuth check): every family of rules has work in this file.
const code = [
  'export async function load(API: string, AUTH: string) {',
  '  const list = await fetch(`${API}/v1/campaigns?active=true`);',
  "  const report = await fetch(`${API}/v1/buyer/stats/data`, { method: 'POST', body: JSON.stringify({ metrics: ['clicks'], paging: { limit: 200000 } }) });",
  "  location.assign(`${AUTH}/sts/connect/authorize?client_id=app&response_type=code&redirect_uri=https://app.example/cb`);",
  '  return [list, report];',
  '}',
].join('\n');

function lint(source: string, plugin = createPlugin() as unknown as EslintPlugin & { configs: { recommended: Linter.Config } }): string[] {
  const config: Linter.Config[] = [
    { ...plugin.configs.recommended },
    { files: ['**/*.ts'], languageOptions: { parser: tsParser } },
    { settings: { sunset: { asOf: '2024-06-01' } } },
  ];
  return new Linter().verify(source, config, 'client.ts').map((message) => `${message.ruleId ?? 'fatal'}@${message.line}`);
}

describe('the ten rules of one file share one index of it', () => {
  afterEach(() => {
    builds.count = 0;
  });

  it('indexes the file once while the retirement, report and OAuth rules all report', () => {
    expect(lint(code)).toEqual([
      'sunset/no-legacy-rest-path@2',
      'sunset/reporting-request-limits@3',
      'sunset/reporting-request-limits@3',
      'sunset/oauth-authorize-state@4',
    ]);
    expect(builds.count).toBe(1);
  });

  it('indexes each file of a run once, with one plugin instance', () => {
    const plugin = createPlugin() as unknown as EslintPlugin & { configs: { recommended: Linter.Config } };
    lint(code, plugin);
    lint(code.replace('v1/campaigns', 'v1/campaigns/dictionaries/managers'), plugin);
    expect(builds.count).toBe(2);
  });

  it('does not index a file that the needle test rules out', () => {
    expect(lint("export const list = () => fetch('/v1/buyer/campaigns');")).toEqual([]);
    expect(builds.count).toBe(0);
  });
});
