import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { captureIo, makeTree, withoutOrigin } from './helpers.js';

// Issue 7: findings of the request rules (report limits, OAuth usage) through `sunset check` on the
// real rule core, in the JSON and SARIF formats, in files that name no retired endpoint.
const files: Readonly<Record<string, string>> = {
  'src/google.ts': "export const google = () => axios.post('https://oauth2.googleapis.com/sts/connect/token', { grant_type: 'client_credentials' });\n",
  'src/report.ts': "export const start = () => axios.post('/v1/buyer/stats/data', { datePeriod: { from: '2026-01-01' }, metrics: ['clicks'], paging: { limit: 200000 } });\n",
  'src/token.ts': "export const token = () => axios.post('https://id.adform.com/sts/connect/token', { grant_type: 'client_credentials' });\n",
};

/** The text each finding's range covers. */
const reportedText: Readonly<Record<string, string>> = {
  'src/google.ts': "{ grant_type: 'client_credentials' }",
  'src/report.ts': '200000',
  'src/token.ts': "{ grant_type: 'client_credentials' }",
};

/** 1-based column of `needle` in a one-line file. */
const columnOf = (file: string, needle: string): number => files[file]!.indexOf(needle) + 1;

const tokenMessage =
  'The token endpoint (POST /sts/connect/token) takes an application/x-www-form-urlencoded body; this request sends JSON (plain object). Send URLSearchParams or a form-encoded string instead.';
const reportMessage =
  'The asynchronous reporting workflow (POST /v1/buyer/stats/data) allows at most 100,000 rows per page; paging.limit is 200,000. Use 0 for an unlimited response.';

const googleFinding = { file: 'src/google.ts', line: 1, column: columnOf('src/google.ts', '{ grant_type'), rule: 'sunset/oauth-token-form-body', message: tokenMessage };
const reportFinding = { file: 'src/report.ts', line: 1, column: columnOf('src/report.ts', '200000'), rule: 'sunset/reporting-request-limits', message: reportMessage };
const tokenFinding = { file: 'src/token.ts', line: 1, column: columnOf('src/token.ts', '{ grant_type'), rule: 'sunset/oauth-token-form-body', message: tokenMessage };

async function check(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(makeTree(files));
  const code = await main(['check', '--as-of', '2026-01-15', ...argv], io);
  return { code, out: io.out(), err: io.err() };
}

function summary(findings: number): object {
  const notScanned = { unreadable: 0, tooLarge: 0, minified: 0, unscannedExtension: 0, excludedByConfig: 0, invalidPackageJson: 0, symbolicLink: 0, nodeModules: 0, gitFolder: 0 };
  return { asOf: '2026-01-15', failOn: 'deprecated', files: 3, candidates: 3, findings, failing: findings, baselined: 0, errors: 0, notScanned };
}

describe('sunset check with the request rules', () => {
  it('prints their findings in JSON with rule, file, line, column and message, and no entry or retired key', async () => {
    const { code, out, err } = await check('--format', 'json');
    expect([code, err]).toEqual([1, '']);
    // Google's token endpoint is another provider's (its host is not id.adform.com): not checked.
    expect(withoutOrigin(JSON.parse(out))).toStrictEqual({ findings: [reportFinding, tokenFinding], errors: [], notScanned: [], summary: summary(2) });
  });

  it("checks another provider's host once --identity-host adds it, also as a wildcard", async () => {
    for (const host of ['oauth2.googleapis.com', '*.googleapis.com']) {
      const { out } = await check('--format', 'json', '--identity-host', host);
      expect(withoutOrigin(JSON.parse(out))).toStrictEqual({ findings: [googleFinding, reportFinding, tokenFinding], errors: [], notScanned: [], summary: summary(3) });
    }
  });

  it("checks every host with '*'", async () => {
    const { code, out, err } = await check('--format', 'json', '--identity-host', '*');
    expect([code, err]).toEqual([1, '']);
    expect(withoutOrigin(JSON.parse(out))).toStrictEqual({ findings: [googleFinding, reportFinding, tokenFinding], errors: [], notScanned: [], summary: summary(3) });
  });

  // Their findings have no phase: they fail by their rule's severity, not by --fail-on, and the summary says so.
  it('counts their failing findings apart from the retirement phases in the summary line and the report line', async () => {
    const withRetired = { ...files, 'src/legacy.ts': "export const list = () => fetch('https://api.adform.com/v1/campaigns');\n" };
    const run = async (tree: Record<string, string>, ...argv: string[]): Promise<[number, string, string]> => {
      const io = captureIo(makeTree(tree));
      const code = await main(['check', '--as-of', '2026-01-15', ...argv], io);
      return [code, io.out().trimEnd().split('\n').at(-1)!, io.err()];
    };
    expect(await run(files)).toEqual([1, '✖ 2 findings in 2 files, 0 at or past deprecated, 2 failing by rule severity (3 files scanned, as of 2026-01-15)', '']);
    expect(await run(withRetired)).toEqual([1, '✖ 3 findings in 3 files, 1 at or past deprecated, 2 failing by rule severity (4 files scanned, as of 2026-01-15)', '']);
    // Before the path's support ends (2019-10-01) --fail-on retired lets it pass; the request findings still fail.
    expect(await run(withRetired, '--fail-on', 'retired', '--as-of', '2019-01-15')).toEqual([1, '✖ 3 findings in 3 files, 0 at or past retired, 2 failing by rule severity (4 files scanned, as of 2019-01-15)', '']);
    // At warn they are listed and fail nothing: the line is the retirement count alone.
    const warned = { ...withRetired, 'sunset.config.json': JSON.stringify({ rules: { 'sunset/oauth-token-form-body': 'warn', 'sunset/reporting-request-limits': 'warn' } }) };
    expect(await run(warned)).toEqual([1, '✖ 3 findings in 3 files, 1 at or past deprecated (4 files scanned, as of 2026-01-15)', '']);
    expect(await run(warned, '--fail-on', 'retired', '--as-of', '2019-01-15')).toEqual([0, '✔ 3 findings in 3 files, 0 at or past retired (4 files scanned, as of 2019-01-15)', '']);
    const [, , written] = await run(withRetired, '--format', 'sarif', '--output', 'out.sarif');
    expect(written).toBe('Wrote the sarif report to out.sarif: 3 findings, 1 at or past deprecated, 2 failing by rule severity.\n');
  });

  it('describes each rule in SARIF with help text and its docs link', async () => {
    const log = JSON.parse((await check('--format', 'sarif')).out) as { runs: [{ tool: { driver: { rules: Record<string, unknown>[] } }; results: Record<string, unknown>[] }] };
    const [run] = log.runs;
    const docs = (rule: string): string => `https://github.com/sunset-tools/sunset/blob/main/packages/eslint-plugin/docs/rules/${rule}.md`;
    expect(run.tool.driver.rules).toEqual([
      {
        id: 'sunset/oauth-token-form-body',
        name: 'oauth-token-form-body',
        shortDescription: { text: 'Require `application/x-www-form-urlencoded` bodies in token requests.' },
        help: {
          text: `Require \`application/x-www-form-urlencoded\` bodies in token requests. The message names the limit or rule broken. What the rule checks and what it assumes: ${docs('oauth-token-form-body')}`,
          markdown: `Require \`application/x-www-form-urlencoded\` bodies in token requests. The message names the limit or rule broken.\n\nWhat the rule checks and what it assumes: [sunset/oauth-token-form-body](${docs('oauth-token-form-body')}).`,
        },
        helpUri: docs('oauth-token-form-body'),
        defaultConfiguration: { level: 'error' },
        properties: { tags: ['request-check'], precision: 'high' },
      },
      {
        id: 'sunset/reporting-request-limits',
        name: 'reporting-request-limits',
        shortDescription: { text: 'Enforce the reporting API limits on report requests written in code.' },
        help: {
          text: `Enforce the reporting API limits on report requests written in code. The message names the limit or rule broken. What the rule checks and what it assumes: ${docs('reporting-request-limits')}`,
          markdown: `Enforce the reporting API limits on report requests written in code. The message names the limit or rule broken.\n\nWhat the rule checks and what it assumes: [sunset/reporting-request-limits](${docs('reporting-request-limits')}).`,
        },
        helpUri: docs('reporting-request-limits'),
        defaultConfiguration: { level: 'error' },
        properties: { tags: ['request-check'], precision: 'high' },
      },
    ]);
    expect(run.results.map((result) => [result.ruleId, result.ruleIndex, result.level, (result.message as { text: string }).text, result.locations])).toEqual(
      [reportFinding, tokenFinding].map((finding, index) => [
        finding.rule,
        index === 0 ? 1 : 0,
        'error',
        finding.message,
        [{ physicalLocation: { artifactLocation: { uri: finding.file, uriBaseId: '%SRCROOT%' }, region: { startLine: 1, startColumn: finding.column, endLine: 1, endColumn: finding.column + reportedText[finding.file]!.length } } }],
      ]),
    );
  });
});
