import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { ESLint, type Linter } from 'eslint';
import { ESLint as ESLint9 } from 'eslint9';
import { describe, expect, it } from 'vitest';
import sunset from '@sunset/eslint-plugin';
import { repoRoot } from './support/legacy-app.js';
import type { Finding as JsonFinding } from '@sunset/cli';

// Found in a trial of the ESLint plugin (2026-11-27): `sunset check` read an inline comment's `asOf` but
// dropped the scheduled findings an inline `reportScheduled` / `scheduledWithinDays` asked for (and those
// a `rules` entry's options asked for), which ESLint reports: it filtered them again by the config's
// top-level settings. Every rule option counts now, wherever it is set, as in ESLint.

const bin = path.join(repoRoot, 'packages/cli/dist/bin.js');
const managers = "fetch('/v1/campaigns/dictionaries/managers');\n";
const onGateway = "fetch('https://gw.example.com/v1/campaigns/dictionaries/managers');\n";
const inline = (options: string, level = 'error'): string => `/* eslint sunset/no-legacy-rest-path: [${level}, ${options}] */\n`;

// At 2018-09-01 GET /v1/campaigns/dictionaries/managers is scheduled: its general availability ends 2018-10-01, in 30 days.
const files: Readonly<Record<string, string>> = {
  'sunset.config.json': `${JSON.stringify({ asOf: '2018-09-01', rules: { 'sunset/no-sync-reporting': ['error', { reportScheduled: true, scheduledWithinDays: 500 }] } })}\n`,
  'none.js': managers,
  'report-scheduled.js': `${inline('{ reportScheduled: true }')}${managers}`,
  'report-scheduled-off.js': `${inline('{ reportScheduled: false }')}${managers}`,
  'within-10-days.js': `${inline('{ reportScheduled: true, scheduledWithinDays: 10 }')}${managers}`,
  'as-of-153-days-before.js': `${inline("{ asOf: '2018-05-01', reportScheduled: true }")}${managers}`,
  'within-200-days.js': `${inline("{ asOf: '2018-05-01', reportScheduled: true, scheduledWithinDays: 200 }")}${managers}`,
  'gateway.js': `${inline("{ asOf: '2019-01-01', apiHosts: ['gw.example.com'] }")}${onGateway}`,
  'gateway-not-named.js': `${inline("{ asOf: '2019-01-01' }")}${onGateway}`,
  'warn-deprecated.js': `${inline("{ asOf: '2019-01-01' }", 'warn')}${managers}`,
  // The synchronous reporting API's general availability ends 2019-10-31, 425 days after asOf: the rule's options in sunset.config.json report it.
  'sync-report.js': "axios.post('/v1/reportingstats/agency/reportdata', { period: 'lastMonth', metrics: ['clicks'] });\n",
};

const scheduledManagers = 'GET /v1/campaigns/dictionaries/managers is scheduled for retirement (general availability ends 2018-10-01, support ends 2019-10-01): use GET /v1/buyer/classifiers/managers.';
const deprecatedManagers = 'GET /v1/campaigns/dictionaries/managers is deprecated (general availability ended 2018-10-01, support ends 2019-10-01): use GET /v1/buyer/classifiers/managers.';

/** Each finding: file:line:column, the rule, its phase and level in `sunset check` (ESLint: its severity), the message. */
const expected = [
  'gateway.js:2:7 sunset/no-legacy-rest-path',
  'report-scheduled.js:2:7 sunset/no-legacy-rest-path',
  'sync-report.js:1:12 sunset/no-sync-reporting',
  'warn-deprecated.js:2:7 sunset/no-legacy-rest-path',
  'within-200-days.js:2:7 sunset/no-legacy-rest-path',
];

function tree(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sunset-inline-options-'));
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

describe('every rule option an inline comment sets counts in sunset check, as in ESLint', () => {
  const dir = tree();

  it('sunset check reports exactly the findings those options ask for, at their levels', () => {
    const json = spawnSync(process.execPath, [bin, 'check', '--format', 'json'], { cwd: dir, encoding: 'utf8' });
    const sarif = spawnSync(process.execPath, [bin, 'check', '--format', 'sarif'], { cwd: dir, encoding: 'utf8' });
    // gateway.js's deprecated finding fails the gate; warn-deprecated.js's is at "warn", and scheduled ones never fail.
    expect([json.status, sarif.status]).toEqual([1, 1]);
    // Known gap: the other-host hint counts by the settings' hosts, not a rule's own apiHosts, so it still names gateway.js.
    expect(json.stderr).toBe(
      'Hint: 2 requests to a retired path or operation name a host that is not their API\'s, so they were not reported. If a proxy or gateway of yours serves the API, add its host to apiHosts (or to the API under apis); "apiHosts": ["*"] checks every host.\n' +
        '  In gateway-not-named.js (1), gateway.js (1); --format json lists them (otherHostsByFile).\n',
    );
    const findings = (JSON.parse(json.stdout) as { findings: JsonFinding[] }).findings;
    const levels = (JSON.parse(sarif.stdout) as { runs: [{ results: { level: string }[] }] }).runs[0].results.map((result) => result.level);
    expect(findings.map((finding, at) => [`${finding.file}:${finding.line}:${finding.column} ${finding.rule}`, finding.phase, levels[at], finding.message])).toEqual([
      [expected[0], 'deprecated', 'error', 'GET /v1/campaigns/dictionaries/managers is deprecated (general availability ended 2018-10-01, support ends 2019-10-01): use GET /v1/buyer/classifiers/managers.'],
      [expected[1], 'scheduled', 'note', scheduledManagers],
      [
        expected[2],
        'scheduled',
        'note',
        'POST /v1/reportingstats/agency/reportdata is scheduled for retirement (general availability ends 2019-10-31, support ends 2020-01-31): use one of POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations or GET /v1/buyer/stats/data; this call needs a manual migration.',
      ],
      [expected[3], 'deprecated', 'warning', deprecatedManagers],
      [expected[4], 'scheduled', 'note', scheduledManagers],
    ]);
  });

  it("sunset check's stylish output dates each finding as its phase reads, at the rule's asOf, not the run's", () => {
    // The run is at 2018-09-01 (scheduled); gateway.js's and warn-deprecated.js's rule reads 2019-01-01 (deprecated).
    const stylish = spawnSync(process.execPath, [bin, 'check'], { cwd: dir, encoding: 'utf8' });
    expect(stylish.stdout.split('\n').filter((line) => / · /.test(line))).toEqual([
      '    deprecated · general availability ended 2018-10-01, support ends 2019-10-01',
      '    scheduled · general availability ends 2018-10-01, support ends 2019-10-01',
      '    scheduled · general availability ends 2019-10-31, support ends 2020-01-31',
      '    deprecated · general availability ended 2018-10-01, support ends 2019-10-01',
      '    scheduled · general availability ends 2018-10-01, support ends 2019-10-01',
    ]);
  });

  it.each([
    ['ESLint 10', ESLint],
    ['ESLint 9', ESLint9],
  ] as const)('%s with configsFor(sunset.config.json) reports the same', async (_name, Engine) => {
    const configFile = path.join(dir, 'sunset.config.json');
    const eslint = new Engine({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tsParser } }, ...(sunset.configsFor(JSON.parse(readFileSync(configFile, 'utf8')), { configFile }) as unknown as Linter.Config[])],
    });
    const results = await eslint.lintFiles(['*.js']);
    const reported = results.flatMap((result) => result.messages.map((message) => [`${path.relative(dir, result.filePath)}:${message.line}:${message.column} ${message.ruleId ?? 'fatal'}`, message.severity]));
    // ESLint gives a rule's every problem its one severity: the scheduled findings are errors there (docs/editor.md).
    expect(reported.sort()).toEqual([
      [expected[0], 2],
      [expected[1], 2],
      [expected[2], 2],
      [expected[3], 1],
      [expected[4], 2],
    ]);
  });
});
