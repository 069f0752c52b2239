import { describe, expect, it } from 'vitest';
import { sharedWithSilencedCause } from '@sunset/analysis';
import { checkSource } from '../src/check/check-source.js';
import { fakeCore, sunsetOptions } from './helpers.js';

// The engine is tested with a fake rule core; the analysis' own index is not loaded.

const options = sunsetOptions();
const summary = (text: string, file = 'a.js', opts = options): string[] =>
  checkSource(text, `/repo/${file}`, opts, fakeCore).findings.map((finding) => `${finding.rule}@${finding.line}:${finding.column}-${finding.endLine}:${finding.endColumn} ${finding.severity}`);

describe('checkSource', () => {
  it('gives each finding ESLint positions: 1-based lines, 1-based UTF-16 columns, the end after the node', () => {
    const result = checkSource("const a = 1;\nfetch('/v1/campaigns');\n", '/repo/a.js', options, fakeCore);

    expect(result).toEqual({
      findings: [
        expect.objectContaining({
          file: '/repo/a.js',
          rule: 'no-legacy-rest-path',
          message: 'GET /v1/campaigns is retired.',
          line: 2,
          column: 7,
          endLine: 2,
          endColumn: 22,
          severity: 'error',
          relatedLocations: [],
        }),
      ],
    });
  });

  it.each([
    { name: 'CRLF', text: "a();\r\nb();\r\nfetch('/v1/campaigns');", position: '3:7' },
    { name: 'a lone CR', text: "a();\rfetch('/v1/campaigns');", position: '2:7' },
    { name: 'U+2028 in a comment', text: "// a\u2028b\nfetch('/v1/campaigns');", position: '3:7' },
    { name: 'U+2029 in a string', text: "const s = 'a\u2029b'; fetch('/v1/campaigns');", position: '2:11' },
    { name: 'an emoji before it on the line', text: "const s = '😀'; fetch('/v1/campaigns');", position: '1:23' },
    { name: 'a BOM', text: "\uFEFFfetch('/v1/campaigns');", position: '1:7' },
    { name: 'a hashbang', text: "#!/usr/bin/env node\nfetch('/v1/campaigns');", position: '2:7' },
  ])('counts lines and columns like ESLint with $name', ({ text, position }) => {
    expect(summary(text).map((finding) => finding.split('@')[1]!.split('-')[0])).toEqual([position]);
  });

  it('honours eslint-disable comments for its rules and ignores those for other rules', () => {
    const text = [
      "fetch('/v1/campaigns'); // eslint-disable-line sunset/no-legacy-rest-path -- migrating in PR 12",
      "fetch('/v1/campaigns'); // eslint-disable-line no-console",
      '// eslint-disable-next-line',
      "fetch('/v1/campaigns');",
      '/* eslint-disable sunset/no-legacy-rest-path */',
      "fetch('/v1/campaigns');",
      '/* eslint-enable */',
      "fetch('/v1/campaigns');",
    ].join('\n');

    expect(summary(text)).toEqual(['no-legacy-rest-path@2:7-2:22 error', 'no-legacy-rest-path@8:7-8:22 error']);
  });

  it('says a TODO, not a rewrite, for a call whose constant a silenced call reads too (as sunset fix leaves it)', () => {
    const text = [
      "const CAMPAIGNS = '/v1/campaigns';",
      '// eslint-disable-next-line sunset/no-legacy-rest-path -- the partner proxy serves v1 until Q3',
      'export const partner = () => fetch(CAMPAIGNS);',
      'export const list = () => fetch(CAMPAIGNS);',
    ].join('\n');
    const said = (source: string): unknown[] =>
      checkSource(source, '/repo/a.ts', options).findings.map((finding) => [finding.line, finding.column, finding.messageId, finding.fix === undefined, finding.retirement?.todoCause]);

    expect(said(text)).toEqual([[4, 33, 'retiredTodo', true, sharedWithSilencedCause]]);
    expect(said(text.replace(/^\/\/ eslint-disable.*$/m, '//'))).toEqual([
      [3, 36, 'retiredRewrite', false, undefined],
      [4, 33, 'retiredRewrite', false, undefined],
    ]);
  });

  it('runs every recommended check at error by default, and a rule at the level the options give', () => {
    const text = "fetch('/v1/campaigns'); send('secret');";

    expect(summary(text)).toEqual(['no-legacy-rest-path@1:7-1:22 error']);
    expect(
      summary(text, 'a.js', sunsetOptions({ rules: { 'no-legacy-rest-path': { level: 'warn', options: [] }, 'no-client-secret-in-source': { level: 'error', options: [] } } })),
    ).toEqual(['no-legacy-rest-path@1:7-1:22 warn', 'no-client-secret-in-source@1:30-1:38 error']);
    expect(summary(text, 'a.js', sunsetOptions({ rules: { 'no-legacy-rest-path': { level: 'off', options: [] } } }))).toEqual([]);
  });

  it('passes each check its options merged over the defaults', () => {
    const run = (opts = options): unknown => checkSource("fetch('/v1/campaigns');", '/repo/a.js', opts, fakeCore).findings[0]?.data.options;

    expect(run()).toBe('[{"checkStrings":true}]');
    expect(run(sunsetOptions({ rules: { 'no-legacy-rest-path': { level: 'error', options: [{ extra: 1 }] } } }))).toBe('[{"checkStrings":true,"extra":1}]');
  });

  it('applies /* eslint sunset/<rule>: … */ comments like ESLint: off, on, and a severity keeping the options', () => {
    expect(summary("/* eslint sunset/no-legacy-rest-path: off */\nfetch('/v1/campaigns');")).toEqual([]);
    expect(summary("/* eslint sunset/no-client-secret-in-source: warn */\nsend('secret');")).toEqual(['no-client-secret-in-source@2:6-2:14 warn']);
    const withOptions = sunsetOptions({ rules: { 'no-legacy-rest-path': { level: 'error', options: [{ extra: 1 }] } } });
    expect(checkSource("/* eslint sunset/no-legacy-rest-path: 1 */\nfetch('/v1/campaigns');", '/repo/a.js', withOptions, fakeCore).findings[0]).toMatchObject({
      severity: 'warn',
      data: { options: '[{"checkStrings":true,"extra":1}]' },
    });
  });

  it('gives a rule the options object of its /* eslint */ comment, and ignores a comment whose options the rule refuses, as ESLint does', () => {
    const withOptions = sunsetOptions({ rules: { 'no-legacy-rest-path': { level: 'error', options: [{ extra: 1 }] } } });
    const dataOf = (comment: string): unknown[] => checkSource(`${comment}\nfetch('/v1/campaigns');`, '/repo/a.js', withOptions, fakeCore).findings.map((finding) => [finding.severity, finding.data?.options]);
    expect(dataOf('/* eslint sunset/no-legacy-rest-path: [warn, { apiHosts: [gw.example.com], reportScheduled: true }] */')).toEqual([
      ['warn', '[{"checkStrings":true,"apiHosts":["gw.example.com"],"reportScheduled":true}]'],
    ]);
    // ESLint: "Inline configuration for rule … is invalid", and the rule runs at its configured level and options.
    expect(dataOf('/* eslint sunset/no-legacy-rest-path: ["warn", { "apiHosts": 5 }] */')).toEqual([['error', '[{"checkStrings":true,"extra":1}]']]);
    expect(dataOf('/* eslint sunset/no-legacy-rest-path: [warn, { notAnOption: 1 }] */')).toEqual([['error', '[{"checkStrings":true,"extra":1}]']]);
    // Turned off, the options are not read.
    expect(dataOf('/* eslint sunset/no-legacy-rest-path: [off, { apiHosts: 5 }] */')).toEqual([]);
    // A refused comment does not count as the first: the next one for the rule applies.
    expect(dataOf("/* eslint sunset/no-legacy-rest-path: [warn, { apiHosts: 5 }] */\n/* eslint sunset/no-legacy-rest-path: [warn, { apiHosts: ['gw.example.com'] }] */")).toEqual([
      ['warn', '[{"checkStrings":true,"apiHosts":["gw.example.com"]}]'],
    ]);
  });

  it('sorts by line, column, then rule', () => {
    const all = sunsetOptions({ rules: { 'no-client-secret-in-source': { level: 'error', options: [] } } });
    expect(summary("send('secret'); fetch('/v1/campaigns');\nfetch('/v1/campaigns');", 'a.js', all)).toEqual([
      'no-client-secret-in-source@1:6-1:14 error',
      'no-legacy-rest-path@1:23-1:38 error',
      'no-legacy-rest-path@2:7-2:22 error',
    ]);
  });

  it('reports a syntax error with its 1-based line and column, and no finding', () => {
    expect(checkSource("fetch('/v1/campaigns');\nconst = ;", '/repo/a.ts', options, fakeCore)).toEqual({
      findings: [],
      error: { file: '/repo/a.ts', line: 2, column: 7, message: 'Could not parse: Unexpected token' },
    });
  });

  it('does not parse a file the prefilter rules out, so its syntax errors do not matter', () => {
    expect(checkSource('const = ;', '/repo/a.ts', options, fakeCore)).toEqual({ findings: [] });
  });

  it('reads JSX in .js files and TypeScript in .ts files', () => {
    expect(summary("const a = <a href={'/v1/campaigns'} />;", 'a.js')).toEqual(['no-legacy-rest-path@1:20-1:35 error']);
    expect(summary("const a = <string>'/v1/campaigns';", 'a.ts')).toEqual(['no-legacy-rest-path@1:19-1:34 error']);
  });
});
