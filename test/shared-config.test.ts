import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { ESLint, type Linter } from 'eslint';
import { ESLint as ESLint9 } from 'eslint9';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '@sunset/config';
import sunset from '@sunset/eslint-plugin';
import { repoRoot } from './support/legacy-app.js';
import type { Finding as JsonFinding } from '@sunset/cli';

// Issue 23: the editor and CI read one config. `sunset.configsFor(<parsed sunset.config.json>)` gives
// ESLint every option it can use (settings, rule levels and options, ignores), so ESLint with it and
// `sunset check` report the same findings on fixtures/shared-config, whose config sets identityHosts,
// rules (one off, two at warn, one of them a retirement rule, one with options) and ignores: exactly these, at these levels.

const fixture = path.join(repoRoot, 'fixtures/shared-config');
const fixtureInRepository = 'fixtures/shared-config/';
const configFile = path.join(fixture, 'sunset.config.json');
const sunsetConfig = JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>;
const bin = path.join(repoRoot, 'packages/cli/dist/bin.js');

const expected = [
  'src/campaigns.ts:3:37 error sunset/no-legacy-rest-path GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns.',
  'src/campaigns.ts:6:4 warn sunset/no-sunset-todo TODO(sunset:campaigns-legacy-get) is still open: GET /v1/campaigns/{id} is retired (support ended 2019-10-01); use one of GET /v1/buyer/campaigns/{id} or GET /v1/buyer/campaigns/{id}/rtbSettings, then remove the marker.',
  'src/campaigns.ts:8:49 error sunset/no-legacy-rest-path GET /v1/campaigns/{id} is retired (support ended 2019-10-01): use one of GET /v1/buyer/campaigns/{id} or GET /v1/buyer/campaigns/{id}/rtbSettings; this call needs a manual migration.',
  'src/report.ts:15:15 error sunset/reporting-request-limits A report request of the asynchronous workflow (POST /v1/buyer/stats/data) needs at least 1 metric; this one has 0.',
  // A retirement rule at "warn": a warning in ESLint and in `sunset check`, which it does not fail.
  'src/report.ts:21:14 warn sunset/no-sync-reporting POST /v1/reportingstats/agency/reportdata is retired (support ended 2020-01-31): use one of POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations or GET /v1/buyer/stats/data; this call needs a manual migration.',
  'src/sign-in.ts:10:26 error sunset/oauth-redirect-uri-https redirect_uri in a request to GET /sts/connect/authorize must use the https scheme (it must be registered and use HTTPS); this one uses http.',
  'src/sign-in.ts:5:26 error sunset/oauth-redirect-uri-https redirect_uri in a request to GET /sts/connect/authorize must use the https scheme (it must be registered and use HTTPS); this one uses http.',
];

interface SarifResult {
  readonly level: string;
  readonly properties: { readonly eslintRule: string };
  readonly locations: readonly { readonly physicalLocation: { readonly artifactLocation: { readonly uri: string }; readonly region: { readonly startLine: number; readonly startColumn: number } } }[];
}

function runCheck(format: 'json' | 'sarif'): string {
  const result = spawnSync(process.execPath, [bin, 'check', '--format', format], { cwd: fixture, encoding: 'utf8' });
  if (result.status !== 1) throw new Error(`sunset check exited ${String(result.status)}: ${result.stderr}`);
  return result.stdout;
}

/** `sunset check` in the fixture: each finding with its level (SARIF's `warning` as ESLint's `warn`). */
function sunsetCheck(): string[] {
  const findings = (JSON.parse(runCheck('json')) as { findings: JsonFinding[] }).findings;
  const levels = new Map(
    (JSON.parse(runCheck('sarif')) as { runs: [{ results: SarifResult[] }] }).runs[0].results.map((result) => {
      const { artifactLocation, region } = result.locations[0]!.physicalLocation;
      // SARIF names files from the repository's root (fixtures/shared-config/src/…); JSON from the working directory.
      expect(artifactLocation.uri.startsWith(fixtureInRepository)).toBe(true);
      return [`${artifactLocation.uri.slice(fixtureInRepository.length)}:${region.startLine}:${region.startColumn} ${result.properties.eslintRule}`, result.level === 'warning' ? 'warn' : result.level];
    }),
  );
  return findings.map((finding) => `${finding.file}:${finding.line}:${finding.column} ${levels.get(`${finding.file}:${finding.line}:${finding.column} ${finding.rule}`) ?? '?'} ${finding.rule} ${finding.message}`).sort();
}

/** ESLint (10, or 9) over the fixture's source files with the given config objects after the TypeScript parser's. */
async function eslintCheck(Engine: typeof ESLint | typeof ESLint9, configs: readonly unknown[]): Promise<string[]> {
  const eslint = new Engine({
    cwd: fixture,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tsParser } }, ...(configs as Linter.Config[])],
  });
  const results = await eslint.lintFiles(['src/**/*.ts', 'generated/**/*.ts']);
  const severity = ['off', 'warn', 'error'];
  return results
    .flatMap((result) =>
      result.messages.map((message) => `${path.relative(fixture, result.filePath)}:${message.line}:${message.column} ${severity[message.severity]} ${message.ruleId ?? 'fatal'} ${message.message}`),
    )
    .sort();
}

describe('sunset.configsFor: the editor reads sunset.config.json as sunset check does', () => {
  it('sunset check reports exactly the expected findings at their levels', () => {
    expect(sunsetCheck()).toEqual(expected);
  });

  it.each([
    ['ESLint 10', ESLint],
    ['ESLint 9', ESLint9],
  ] as const)('%s with configsFor(sunset.config.json) reports the same', async (_name, Engine) => {
    expect(await eslintCheck(Engine, sunset.configsFor(sunsetConfig, { configFile }))).toEqual(expected);
  });

  it('sharing only asOf, apiHosts and customEntries (the old recipe) does not: the OAuth host, the rule settings and ignores differ', async () => {
    const { asOf, apiHosts, customEntries } = sunsetConfig;
    const findings = await eslintCheck(ESLint, [sunset.configs.recommended, { settings: { sunset: { asOf, apiHosts, customEntries } } }]);
    const extra = findings.filter((finding) => !expected.includes(finding)).map((finding) => finding.split(' ').slice(0, 3).join(' '));
    const missing = expected.filter((finding) => !findings.includes(finding)).map((finding) => finding.split(' ').slice(0, 3).join(' '));
    expect({ extra, missing }).toEqual({
      extra: [
        'generated/client.ts:2:39 error sunset/no-legacy-rest-path',
        'src/campaigns.ts:6:4 error sunset/no-sunset-todo',
        // Without the metricsKeys option, neither request has `metrics`.
        'src/report.ts:13:60 error sunset/reporting-request-limits',
        // The rule levels are not shared: the synchronous reporting call is an error, not a warning.
        'src/report.ts:21:14 error sunset/no-sync-reporting',
        'src/report.ts:5:60 error sunset/reporting-request-limits',
        // The rules setting (oauth-authorize-state off) is not shared; the second provider is not checked at all.
        'src/sign-in.ts:5:26 error sunset/oauth-authorize-state',
      ],
      // identityHosts is not shared: the team's second provider (login.example.org) is not checked.
      missing: [
        'src/campaigns.ts:6:4 warn sunset/no-sunset-todo',
        'src/report.ts:15:15 error sunset/reporting-request-limits',
        'src/report.ts:21:14 warn sunset/no-sync-reporting',
        'src/sign-in.ts:10:26 error sunset/oauth-redirect-uri-https',
      ],
    });
  });

  it('turns every option ESLint can use into settings, rule levels and options, and the ignored files off', () => {
    const [main, ignored, ...rest] = sunset.configsFor(sunsetConfig, { configFile });
    expect(rest).toEqual([]);
    expect(main!.settings).toEqual({ sunset: { asOf: '2026-11-21', apiHosts: ['api.adform.com'], identityHosts: ['login.example.org'] } });
    expect(main!.rules).toEqual({
      'sunset/no-client-secret-in-source': 'error',
      'sunset/no-legacy-rest-path': 'error',
      'sunset/no-retired-soap-operation': 'error',
      'sunset/no-sunset-todo': 'warn',
      'sunset/no-sync-reporting': 'warn',
      'sunset/oauth-authorize-state': 'off',
      'sunset/oauth-offline-access-code-flow': 'error',
      'sunset/oauth-redirect-uri-https': 'error',
      'sunset/oauth-token-form-body': 'error',
      'sunset/reporting-request-limits': ['error', { metricsKeys: ['measures'] }],
    });
    const isIgnored = ignored!.files![0];
    expect([path.join(fixture, 'generated/client.ts'), path.join(fixture, 'src/generated/x.ts'), path.join(fixture, 'src/report.ts'), path.join(repoRoot, 'generated/x.ts')].map(isIgnored)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(Object.values(ignored!.rules).every((level) => level === 'off')).toBe(true);
  });

  it('without ignores gives one object, stamped with today when asOf is not set', () => {
    const configs = sunset.configsFor({ rules: { 'no-sync-reporting': 'off' } });
    expect(configs.map((config) => [config.name, config.settings?.sunset.asOf, config.rules['sunset/no-sync-reporting']])).toEqual([
      ['sunset/sunset.config.json', sunset.configs.recommended.settings.sunset.asOf, 'off'],
    ]);
  });

  it.each([
    [{ identityHosts: ['https://id.adform.com'] }, undefined, 'Invalid config in sunset.config.json: "identityHosts" must list hostnames only, like "api.example.com", "localhost:8080" or "*.example.com" (no scheme or path), got "https://id.adform.com". Fix it and run again.'],
    [{ rules: { 'sunset/no-such-rule': 'off' } }, undefined, 'Invalid config in sunset.config.json: "rules.sunset/no-such-rule" is not a Sunset rule'],
    [{ rules: { 'no-sync-reporting': 'on' } }, path.join(fixture, 'package.json'), 'Invalid config in fixtures/shared-config/package.json ("sunset" key): "rules.no-sync-reporting" must be "off", "warn" or "error"'],
    [{ asOf: '2026-11-21', typo: true }, undefined, 'Invalid config in sunset.config.json: "typo" is not a known option'],
    [
      { rules: { 'sunset/no-legacy-rest-path': ['error', { asOf: '2026-13-01' }] } },
      undefined,
      'Invalid config in sunset.config.json: "rules.sunset/no-legacy-rest-path[1].asOf": "2026-13-01" is not a day on the calendar. Fix it and run again.',
    ],
    [
      { rules: { 'no-legacy-rest-path': ['error', { apiHosts: ['https://gw.example.com/adform'] }] } },
      configFile,
      'Invalid config in fixtures/shared-config/sunset.config.json: "rules.no-legacy-rest-path[1].apiHosts" must list hostnames only, like "api.example.com", "localhost:8080" or "*.example.com" (no scheme or path), got "https://gw.example.com/adform". Fix it and run again.',
    ],
  ])('rejects %j with a ConfigError naming the file and the option', (config, file, message) => {
    const call = (): unknown => sunset.configsFor(config, file === undefined ? {} : { configFile: file });
    expect(call).toThrow(ConfigError);
    expect(call).toThrow(message);
  });
});
