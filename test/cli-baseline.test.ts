import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, ensureBuilt, legacyAppExpected, makeTempDir, parseJson, runSunset } from './support/cli.js';
import { fixtureAsOf } from './support/legacy-app.js';

// The baseline workflow and the fail threshold, end to end with the built binary.

interface JsonReport {
  findings: { file: string; line: number; column: number; entry?: string; phase?: string }[];
  errors: unknown[];
  summary: { findings: number; failing: number; baselined: number; errors: number; failOn: string; asOf: string };
}

interface BaselineJson {
  version: number;
  expires?: string;
  findings: { fingerprint: string; file: string; rule: string; entry?: string }[];
}

const asOf = ['--as-of', fixtureAsOf] as const;

beforeAll(ensureBuilt);

describe('the baseline workflow on a copy of fixtures/cli/small', () => {
  let project = '';
  let cleanup: () => Promise<void> = () => Promise.resolve();
  const baselineFile = (): string => path.join(project, '.sunset-baseline.json');
  const check = (...extra: string[]): ReturnType<typeof runSunset> => runSunset(['check', ...asOf, ...extra], { cwd: project });

  beforeAll(async () => {
    const temp = await makeTempDir('baseline');
    cleanup = temp.cleanup;
    project = await copyFixture('fixtures/cli/small', path.join(temp.dir, 'small'));
  });
  afterAll(() => cleanup());

  // The steps build on each other, like a team adopting the gate over several commits.
  it('--update-baseline records every current finding, writes the file and exits 0', async () => {
    const result = await check('--update-baseline');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('Recorded 3 findings in .sunset-baseline.json.\n');
    const baseline = JSON.parse(await readFile(baselineFile(), 'utf8')) as BaselineJson;
    expect(baseline.version).toBe(1);
    expect(baseline.expires).toBeUndefined();
    expect(baseline.findings.map(({ file, rule, entry }) => ({ file, rule, entry }))).toEqual([
      { file: 'src/campaigns.ts', rule: 'sunset/no-legacy-rest-path', entry: 'campaign-dictionary-managers' },
      { file: 'src/campaigns.ts', rule: 'sunset/no-legacy-rest-path', entry: 'campaigns-legacy-status' },
      { file: 'src/report, 100%.js', rule: 'sunset/no-retired-soap-operation', entry: 'campaigns-service-get-campaigns-as-json' },
    ]);
    for (const record of baseline.findings) expect(record.fingerprint).toMatch(/^[0-9a-f]{32}$/);
  });

  it('then passes, reporting how many findings the baseline suppressed', async () => {
    const json = await check('--format', 'json');
    expect(json.code).toBe(0);
    expect(parseJson<JsonReport>(json).findings).toEqual([]);
    expect(parseJson<JsonReport>(json).summary).toMatchObject({ findings: 0, failing: 0, baselined: 3 });
    const stylish = await check();
    expect(stylish.code).toBe(0);
    expect(stylish.stdout).toBe(`✔ 0 findings in 0 files, 0 at or past deprecated, 3 baselined (2 files scanned, as of ${fixtureAsOf})\n`);
  });

  it('fails only on a retired call added after the baseline', async () => {
    const file = path.join(project, 'src/campaigns.ts');
    const source = await readFile(file, 'utf8');
    await writeFile(file, `${source}\nexport const listClients = () => axios.get('/v1/campaigns/dictionaries/clients');\n`);
    const result = await check('--format', 'json');
    expect(result.code).toBe(1);
    const report = parseJson<JsonReport>(result);
    expect(report.findings.map(({ file, line, column, entry }) => ({ file, line, column, entry }))).toEqual([
      { file: 'src/campaigns.ts', line: 14, column: 44, entry: 'campaign-dictionary-clients' },
    ]);
    expect(report.summary).toMatchObject({ findings: 1, failing: 1, baselined: 3 });
  });

  it('keeps suppressing the recorded findings when unrelated lines shift them down', async () => {
    for (const name of ['src/campaigns.ts', 'src/report, 100%.js']) {
      const file = path.join(project, name);
      await writeFile(file, `// header added later\n\n\n${await readFile(file, 'utf8')}`);
    }
    const result = await check('--format', 'json');
    expect(result.code).toBe(1);
    const report = parseJson<JsonReport>(result);
    expect(report.findings.map(({ file, line, entry }) => ({ file, line, entry }))).toEqual([
      { file: 'src/campaigns.ts', line: 17, entry: 'campaign-dictionary-clients' },
    ]);
    expect(report.summary.baselined).toBe(3);
  });

  it('still suppresses before its expiry day', async () => {
    const recorded = await check('--update-baseline', '--baseline-expires', '2999-12-31');
    expect(recorded.code).toBe(0);
    expect(recorded.stderr).toBe('Recorded 4 findings in .sunset-baseline.json; it stops suppressing after 2999-12-31.\n');
    const result = await check('--format', 'json');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(parseJson<JsonReport>(result).summary).toMatchObject({ findings: 0, baselined: 4 });
  });

  it('suppresses nothing once expired, and says so', async () => {
    // Expiry is judged by the real calendar (not --as-of): a baseline is a promise about when. A past day
    // is refused when recording, so the recorded one is moved back as the calendar would move past it.
    const refused = await check('--update-baseline', '--baseline-expires', '2020-01-01');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe('sunset: --baseline-expires 2020-01-01 is in the past: the baseline would suppress nothing. Give today or a later day.\n');
    const recorded = await check('--update-baseline', '--baseline-expires', '2999-12-31');
    expect(recorded.code).toBe(0);
    const baseline = JSON.parse(await readFile(baselineFile(), 'utf8')) as BaselineJson;
    expect(baseline.expires).toBe('2999-12-31');
    await writeFile(baselineFile(), `${JSON.stringify({ ...baseline, expires: '2020-01-01' }, null, 2)}\n`);
    const result = await check('--format', 'json');
    expect(result.code).toBe(1);
    expect(parseJson<JsonReport>(result).summary).toMatchObject({ findings: 4, failing: 4, baselined: 0 });
    expect(result.stderr).toBe(
      'The baseline .sunset-baseline.json expired on 2020-01-01; its 4 recorded findings are no longer suppressed. ' +
        'Fix them, or record a new baseline with `sunset check --update-baseline --baseline-expires YYYY-MM-DD`.\n',
    );
  });

  it('rejects --baseline-expires without --update-baseline (exit 2, naming both flags)', async () => {
    const result = await check('--baseline-expires', '2999-12-31');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('sunset: --baseline-expires only applies with --update-baseline. Add --update-baseline or drop the flag.\n');
  });

  it('writes and reads the file named by --baseline', async () => {
    const recorded = await check('--update-baseline', '--baseline', 'ci/baseline.json');
    expect(recorded.code).toBe(0);
    expect(recorded.stderr).toBe('Recorded 4 findings in ci/baseline.json.\n');
    const result = await check('--baseline', 'ci/baseline.json', '--format', 'json');
    expect(result.code).toBe(0);
    expect(parseJson<JsonReport>(result).summary.baselined).toBe(4);
  });

  it('exits 2 on a baseline file that is not a sunset baseline', async () => {
    await writeFile(path.join(project, 'not-a-baseline.json'), '{"findings": "all"}\n');
    const result = await check('--baseline', 'not-a-baseline.json');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^sunset: The baseline not-a-baseline\.json is not a sunset baseline/);
  });
});

describe.concurrent('--fail-on and --as-of decide the exit code', () => {
  // The legacy entries' general availability ended 2018-10-01 and support 2019-10-01 (spec, Versioning);
  // the synchronous reporting API's GA ends 2019-10-31, so on 2019-01-01 it is still scheduled (not reported).
  // fixtures/cli/small holds three legacy (non-reporting) calls.
  const small = (...extra: string[]): ReturnType<typeof runSunset> => runSunset(['check', 'fixtures/cli/small', '--format', 'json', ...extra]);
  const phases = (report: JsonReport): string[] => [...new Set(report.findings.map((finding) => finding.phase ?? 'none'))];

  it('fails on deprecated entries by default', async () => {
    const result = await small('--as-of', '2019-01-01');
    expect(result.code).toBe(1);
    const report = parseJson<JsonReport>(result);
    expect(phases(report)).toEqual(['deprecated']);
    expect(report.summary).toMatchObject({ failOn: 'deprecated', findings: 3, failing: 3 });
  });

  it('passes deprecated entries with --fail-on retired, still listing them', async () => {
    const result = await small('--as-of', '2019-01-01', '--fail-on', 'retired');
    expect(result.code).toBe(0);
    const report = parseJson<JsonReport>(result);
    expect(phases(report)).toEqual(['deprecated']);
    expect(report.summary).toMatchObject({ failOn: 'retired', findings: 3, failing: 0 });
  });

  it('fails with --fail-on retired from the day support ends', async () => {
    const result = await small('--as-of', '2019-10-01', '--fail-on', 'retired');
    expect(result.code).toBe(1);
    const report = parseJson<JsonReport>(result);
    expect(phases(report)).toEqual(['retired']);
    expect(report.summary).toMatchObject({ failOn: 'retired', findings: 3, failing: 3 });
  });

  it('reports nothing before general availability ends', async () => {
    const result = await small('--as-of', '2018-09-30');
    expect(result.code).toBe(0);
    expect(parseJson<JsonReport>(result).summary).toMatchObject({ findings: 0, failing: 0 });
  });

  it('leaves the still-scheduled reporting calls of the legacy app out on 2019-01-01', async () => {
    const result = await runSunset(['check', 'fixtures/legacy-app', '--format', 'json', '--as-of', '2019-01-01']);
    expect(result.code).toBe(1);
    const retirements = parseJson<JsonReport>(result).findings.filter((finding) => finding.entry !== undefined);
    const expected = legacyAppExpected().filter((finding) => finding.entry !== undefined && !finding.entry.startsWith('reporting-'));
    expect(retirements.map(({ file, line, column, entry }) => `${file}:${line}:${column} ${String(entry)}`).sort()).toEqual(
      expected.map(({ file, line, column, entry }) => `fixtures/legacy-app/${file}:${line}:${column} ${String(entry)}`).sort(),
    );
    expect(new Set(retirements.map((finding) => finding.phase))).toEqual(new Set(['deprecated']));
    expect(expected.length).toBeGreaterThan(0);
  });

  it('marks deprecated findings as warnings in stylish output when they do not fail', async () => {
    const result = await runSunset(['check', 'fixtures/cli/small', '--as-of', '2019-01-01', '--fail-on', 'retired']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('  6:47  warning  GET /v1/campaigns/dictionaries/managers is deprecated');
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('✔ 3 findings in 2 files, 0 at or past retired (2 files scanned, as of 2019-01-01)');
  });

  it('takes failOn from the config when no flag is given', async () => {
    const { dir, cleanup } = await makeTempDir('fail-on-config');
    try {
      const project = await copyFixture('fixtures/cli/small', path.join(dir, 'small'));
      await writeFile(path.join(project, 'sunset.config.json'), '{ "asOf": "2019-01-01", "failOn": "retired" }\n');
      const fromConfig = await runSunset(['check', '--format', 'json'], { cwd: project });
      expect(fromConfig.code).toBe(0);
      expect(parseJson<JsonReport>(fromConfig).summary).toMatchObject({ asOf: '2019-01-01', failOn: 'retired', findings: 3, failing: 0 });
      const flagWins = await runSunset(['check', '--fail-on', 'deprecated'], { cwd: project });
      expect(flagWins.code).toBe(1);
    } finally {
      await cleanup();
    }
  });

  it('exits 2 on an unknown --fail-on value, naming the flag', async () => {
    const result = await small('--fail-on', 'scheduled');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('sunset: Invalid value for --fail-on: "scheduled". Allowed: deprecated, retired.\n');
  });
});
