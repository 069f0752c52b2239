import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintFiles } from '../src/check/lint-files.js';
import type { CheckReport } from '../src/check/types.js';
import { resolveConfig } from '../src/config/load.js';
import { formatJson } from '../src/format/json.js';
import { formatSarif } from '../src/format/sarif.js';
import { context } from './report-fixture.js';

// Issue 7: findings of the request rules (report limits, OAuth usage) through the real linter and
// the JSON and SARIF formatters, in files that name no retired endpoint. (The targets sit under the
// working directory: ESLint's Linter does not lint files outside its cwd.)
const files: Readonly<Record<string, string>> = {
  'src/google.ts': "export const google = () => axios.post('https://oauth2.googleapis.com/sts/connect/token', { grant_type: 'client_credentials' });\n",
  'src/report.ts': "export const start = () => axios.post('/v1/buyer/stats/data', { datePeriod: { from: '2026-01-01' }, metrics: ['clicks'], paging: { limit: 200000 } });\n",
  'src/token.ts': "export const token = () => axios.post('https://login.example.com/sts/connect/token', { grant_type: 'client_credentials' });\n",
};

/** 1-based column of `needle` in a one-line file. */
const columnOf = (file: string, needle: string): number => files[file]!.indexOf(needle) + 1;

async function check(apiHosts?: string[]): Promise<CheckReport> {
  const config = await resolveConfig(process.cwd(), { config: undefined, asOf: '2026-01-15', apiHosts }, new Date('2026-01-15T12:00:00Z'));
  const targets = Object.entries(files).map(([file, source]) => ({ path: path.join(process.cwd(), file), displayPath: file, source }));
  const { findings, errors } = await lintFiles(targets, config);
  return { findings, errors, summary: { asOf: '2026-01-15', failOn: 'deprecated', files: 3, candidates: 3, findings: findings.length, failing: findings.length, baselined: 0, errors: 0 } };
}

const tokenMessage =
  'The token endpoint (POST /sts/connect/token) takes an application/x-www-form-urlencoded body; this request sends JSON (plain object). Send URLSearchParams or a form-encoded string instead.';
const reportMessage =
  'The asynchronous reporting workflow (POST /v1/buyer/stats/data) allows at most 100,000 rows per page; paging.limit is 200,000. Use 0 for an unlimited response.';

describe('sunset check with the request rules', () => {
  it('prints their findings in JSON with rule, file, line, column and message, and no entry or retired key', async () => {
    const report = JSON.parse(formatJson(await check(), context)) as { findings: unknown[] };
    expect(report.findings).toEqual([
      { file: 'src/google.ts', line: 1, column: columnOf('src/google.ts', '{ grant_type'), rule: 'sunset/oauth-token-form-body', message: tokenMessage },
      { file: 'src/report.ts', line: 1, column: columnOf('src/report.ts', '200000'), rule: 'sunset/reporting-request-limits', message: reportMessage },
      { file: 'src/token.ts', line: 1, column: columnOf('src/token.ts', '{ grant_type'), rule: 'sunset/oauth-token-form-body', message: tokenMessage },
    ]);
  });

  it('skips other OAuth providers when apiHosts lists the hosts', async () => {
    const report = await check(['api.example.com', 'login.example.com']);
    expect(report.findings.map((finding) => finding.file)).toEqual(['src/report.ts', 'src/token.ts']);
  });

  it('describes each rule in SARIF with help text and its docs link', async () => {
    const log = JSON.parse(formatSarif(await check(), { ...context, fingerprints: ['f1', 'f2', 'f3'] })) as { runs: [{ tool: { driver: { rules: Record<string, unknown>[] } }; results: Record<string, unknown>[] }] };
    const [run] = log.runs;
    const docs = 'https://github.com/sunset-tools/sunset/blob/main/packages/eslint-plugin/docs/rules/oauth-token-form-body.md';
    expect(run.tool.driver.rules.map((rule) => rule.id)).toEqual(['sunset/oauth-token-form-body', 'sunset/reporting-request-limits']);
    expect(run.tool.driver.rules[0]).toEqual({
      id: 'sunset/oauth-token-form-body',
      name: 'oauth-token-form-body',
      shortDescription: { text: 'Require `application/x-www-form-urlencoded` bodies in token requests.' },
      help: {
        text: `Require \`application/x-www-form-urlencoded\` bodies in token requests. The message names the limit or rule broken. What the rule checks and what it assumes: ${docs}`,
        markdown: `Require \`application/x-www-form-urlencoded\` bodies in token requests. The message names the limit or rule broken.\n\nWhat the rule checks and what it assumes: [sunset/oauth-token-form-body](${docs}).`,
      },
      helpUri: docs,
      defaultConfiguration: { level: 'error' },
      properties: { tags: ['request-check'], precision: 'high' },
    });
    expect(run.results.map((result) => [result.ruleId, result.ruleIndex, result.level, (result.message as { text: string }).text])).toEqual([
      ['sunset/oauth-token-form-body', 0, 'error', tokenMessage],
      ['sunset/reporting-request-limits', 1, 'error', reportMessage],
      ['sunset/oauth-token-form-body', 0, 'error', tokenMessage],
    ]);
  });
});
