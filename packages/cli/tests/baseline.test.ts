import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyBaseline } from '../src/baseline/baseline-file.js';
import { fingerprintFindings } from '../src/baseline/fingerprint.js';
import type { Finding } from '../src/check/types.js';
import { main } from '../src/cli.js';
import { fakeCore } from '../../engine/tests/helpers.js';
import { captureIo, makeTree, withoutOrigin } from './helpers.js';

// The engine's fake rule core: every string literal '/v1/campaigns' is a retired GET /v1/campaigns.
const deps = { core: fakeCore };

function finding(line: number, file = 'src/a.ts'): Finding {
  return { file, line, column: 7, rule: 'sunset/no-legacy-rest-path', message: 'm', entry: 'campaigns-legacy-list', severity: 'error' };
}

describe('fingerprintFindings', () => {
  const before = ["import x from 'x';", "get('/v1/campaigns');", "  get('/v1/campaigns');"];
  const after = ['// a new comment', '', "import x from 'x';", "get('/v1/campaigns');", "get('/v1/campaigns');   "];

  it('keeps fingerprints when unrelated lines shift the findings down and indentation changes', () => {
    const old = fingerprintFindings([finding(2), finding(3)], () => before);
    const shifted = fingerprintFindings([finding(4), finding(5)], () => after);
    expect(shifted).toEqual(old);
  });

  it('tells apart two identical lines in one file by their occurrence index', () => {
    const [first, second] = fingerprintFindings([finding(2), finding(3)], () => before);
    expect(first).not.toBe(second);
  });

  it('changes the fingerprint when the line text, the file or the entry changes', () => {
    const [base] = fingerprintFindings([finding(2)], () => before);
    const [otherText] = fingerprintFindings([finding(2)], () => ['', "get('/v1/campaigns', opts);"]);
    const [otherFile] = fingerprintFindings([finding(2, 'src/b.ts')], () => before);
    const [otherEntry] = fingerprintFindings([{ ...finding(2), entry: 'campaigns-legacy-get' }], () => before);
    expect(new Set([base, otherText, otherFile, otherEntry]).size).toBe(4);
  });
});

describe('applyBaseline', () => {
  const baseline = { version: 1 as const, expires: '2026-01-31', findings: [{ fingerprint: 'a', file: 'f', rule: 'r' }] };

  it('suppresses each recorded fingerprint once, until the expiry day included', () => {
    const outcome = applyBaseline([finding(1), finding(2), finding(3)], ['a', 'a', 'b'], baseline, '2026-01-31');
    expect(outcome).toEqual({ findings: [finding(2), finding(3)], fingerprints: ['a', 'b'], baselined: 1, expired: false });
  });

  it('stops suppressing the day after it expires', () => {
    const outcome = applyBaseline([finding(1)], ['a'], baseline, '2026-02-01');
    expect(outcome).toEqual({ findings: [finding(1)], fingerprints: ['a'], baselined: 0, expired: true });
  });
});

describe('sunset check with a baseline', () => {
  const source = "const a = get('/v1/campaigns');\n";
  const jsonFinding = (line: number): object => ({
    file: 'src/a.ts',
    line,
    column: 15,
    rule: 'sunset/no-legacy-rest-path',
    message: 'GET /v1/campaigns is retired.',
    entry: 'campaigns-legacy-list',
    retired: 'GET /v1/campaigns',
    replacements: ['GET /v1/buyer/campaigns'],
    phase: 'retired',
    fix: 'rewrite',
    host: 'unknown',
  });
  const notScanned = { unreadable: 0, tooLarge: 0, minified: 0, unscannedExtension: 0, excludedByConfig: 0, invalidPackageJson: 0, symbolicLink: 0, nodeModules: 0, gitFolder: 0 };
  const summary = (counts: object): object => ({ asOf: '2026-01-01', failOn: 'deprecated', files: 1, candidates: 1, errors: 0, notScanned, ...counts });

  it('records findings, then fails only on new ones and reports the baselined count', async () => {
    const root = makeTree({ 'src/a.ts': source, 'sunset.config.json': '{ "asOf": "2026-01-01" }' });
    const record = captureIo(root);
    expect(await main(['check', '--update-baseline'], record, deps)).toBe(0);
    expect(record.err()).toBe('Recorded 1 finding in .sunset-baseline.json.\n');
    const baseline = JSON.parse(readFileSync(path.join(root, '.sunset-baseline.json'), 'utf8')) as { findings: unknown[] };
    expect(baseline.findings).toEqual([
      { fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/), file: 'src/a.ts', rule: 'sunset/no-legacy-rest-path', entry: 'campaigns-legacy-list' },
    ]);

    const unchanged = captureIo(root);
    expect(await main(['check', '--format', 'json'], unchanged, deps)).toBe(0);
    expect(withoutOrigin(JSON.parse(unchanged.out()))).toEqual({ findings: [], errors: [], notScanned: [], summary: summary({ findings: 0, failing: 0, baselined: 1 }) });

    // Unrelated lines above shift the old finding; a new call is added below it.
    writeFileSync(path.join(root, 'src/a.ts'), `// header\n\n${source}const b = get('/v1/campaigns');\n`);
    const changed = captureIo(root);
    expect(await main(['check', '--format', 'json'], changed, deps)).toBe(1);
    expect(withoutOrigin(JSON.parse(changed.out()))).toEqual({ findings: [jsonFinding(4)], errors: [], notScanned: [], summary: summary({ findings: 1, failing: 1, baselined: 1 }) });
  });

  it('matches from a subfolder, the baseline found through the config (a monorepo package task), and records the same file names from there', async () => {
    const root = makeTree({ 'packages/web/src/a.ts': source, 'sunset.config.json': '{ "asOf": "2026-01-01" }' });
    expect(await main(['check', '--update-baseline'], captureIo(root), deps)).toBe(0);
    const fromRoot = readFileSync(path.join(root, '.sunset-baseline.json'), 'utf8');
    const web = path.join(root, 'packages/web');
    const inPackage = captureIo(web);
    expect(await main(['check', '.', '--format', 'json'], inPackage, deps)).toBe(0);
    expect((JSON.parse(inPackage.out()) as { summary: { baselined: number; findings: number } }).summary).toMatchObject({ findings: 0, baselined: 1 });
    const named = captureIo(web);
    expect(await main(['check', '.', '--baseline', '../../.sunset-baseline.json'], named, deps)).toBe(0);
    // Recorded from the package, the baseline holds the same fingerprints and file names.
    expect(await main(['check', '.', '--update-baseline'], captureIo(web), deps)).toBe(0);
    expect(readFileSync(path.join(root, '.sunset-baseline.json'), 'utf8')).toBe(fromRoot);
    expect(JSON.parse(fromRoot).findings[0].file).toBe('packages/web/src/a.ts');
  });

  it('says so and reports everything again once the baseline has expired', async () => {
    const root = makeTree({ 'src/a.ts': source });
    const io = captureIo(root, { now: () => new Date('2026-01-10T00:00:00Z') });
    expect(await main(['check', '--update-baseline', '--baseline-expires', '2026-01-31'], io, deps)).toBe(0);
    expect(io.err()).toBe('Recorded 1 finding in .sunset-baseline.json; it stops suppressing after 2026-01-31.\n');

    const later = captureIo(root, { now: () => new Date('2026-02-01T08:00:00Z') });
    expect(await main(['check', '--format', 'json'], later, deps)).toBe(1);
    expect(later.err()).toBe(
      'The baseline .sunset-baseline.json expired on 2026-01-31; its 1 recorded finding is no longer suppressed. ' +
        'Fix them, or record a new baseline with `sunset check --update-baseline --baseline-expires YYYY-MM-DD`.\n',
    );
    expect(withoutOrigin(JSON.parse(later.out()))).toEqual({
      findings: [jsonFinding(1)],
      errors: [],
      notScanned: [],
      summary: { ...summary({ asOf: '2026-02-01', findings: 1, failing: 1, baselined: 0 }), baselineExpired: '2026-01-31' },
    });
    // SARIF says it too, for a dashboard that reads the log and not the job's stderr.
    const sarif = captureIo(root, { now: () => new Date('2026-02-01T08:00:00Z') });
    expect(await main(['check', '--format', 'sarif'], sarif, deps)).toBe(1);
    const run = (JSON.parse(sarif.out()) as { runs: [{ results: unknown[]; invocations: [{ toolExecutionNotifications: unknown[] }] }] }).runs[0];
    expect([run.results.length, run.invocations[0].toolExecutionNotifications]).toEqual([
      1,
      [{ level: 'warning', message: { text: 'The baseline expired on 2026-01-31: the findings it recorded are no longer suppressed.' }, properties: { reason: 'baseline-expired' } }],
    ]);
    // Before it expires, neither says anything.
    const before = captureIo(root, { now: () => new Date('2026-01-31T23:00:00Z') });
    expect(await main(['check', '--format', 'json'], before, deps)).toBe(0);
    expect([before.err(), 'baselineExpired' in (JSON.parse(before.out()) as { summary: object }).summary]).toEqual(['', false]);
  });

  it('says when the baseline --baseline or the config names does not exist, and goes on without one; the default file may be missing quietly', async () => {
    const root = makeTree({ 'src/a.ts': source, 'sunset.config.json': '{ "baseline": "ci/baseline.json" }' });
    const flag = captureIo(root);
    expect(await main(['check', '--baseline', 'baseline.jsn', '--format', 'json'], flag, deps)).toBe(1);
    expect(flag.err()).toBe('The baseline baseline.jsn (--baseline) does not exist, so no finding is suppressed. Fix the path, or record it with `sunset check --update-baseline`.\n');
    const config = captureIo(root);
    expect(await main(['check', '--format', 'json'], config, deps)).toBe(1);
    expect(config.err()).toBe('The baseline ci/baseline.json ("baseline" in sunset.config.json) does not exist, so no finding is suppressed. Fix the path, or record it with `sunset check --update-baseline`.\n');
    expect((JSON.parse(config.out()) as { summary: { findings: number; baselined: number } }).summary).toMatchObject({ findings: 1, baselined: 0 });
    const plain = captureIo(makeTree({ 'src/a.ts': source }));
    expect(await main(['check', '--format', 'json'], plain, deps)).toBe(1);
    expect(plain.err()).toBe('');
  });

  it('rejects a baseline file that is not one, naming it', async () => {
    const root = makeTree({ 'src/a.ts': source, '.sunset-baseline.json': '{"findings": 3}' });
    const io = captureIo(root);
    expect(await main(['check'], io, deps)).toBe(2);
    expect(io.err()).toBe(
      'sunset: The baseline .sunset-baseline.json is not a sunset baseline (version 1 with a "findings" array). ' +
        'Fix it, or delete it and run `sunset check --update-baseline` to record a new one.\n',
    );
  });

  it.each([['"never"'], ['"31-12-2026"'], ['"2026-13-45"'], ['20270101']])('rejects a baseline whose expires is %s, naming the field, rather than letting it never expire', async (expires) => {
    const root = makeTree({ 'src/a.ts': source });
    expect(await main(['check', '--update-baseline'], captureIo(root), deps)).toBe(0);
    const file = path.join(root, '.sunset-baseline.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"version": 1,', `"version": 1,\n  "expires": ${expires},`));
    const io = captureIo(root);
    expect(await main(['check'], io, deps)).toBe(2);
    expect(io.err()).toBe(
      `sunset: The baseline .sunset-baseline.json has "expires": ${expires}, which is not a day written YYYY-MM-DD (for example 2027-03-31). ` +
        'Fix it, or record the baseline again with `sunset check --update-baseline --baseline-expires YYYY-MM-DD`.\n',
    );
  });

  it('rejects a --baseline-expires day in the past (the baseline would suppress nothing), and takes today', async () => {
    const root = makeTree({ 'src/a.ts': source });
    const now = (): Date => new Date('2026-03-10T12:00:00Z');
    const past = captureIo(root, { now });
    expect(await main(['check', '--update-baseline', '--baseline-expires', '2026-03-09'], past, deps)).toBe(2);
    expect(past.err()).toBe('sunset: --baseline-expires 2026-03-09 is in the past: the baseline would suppress nothing. Give today or a later day.\n');
    const today = captureIo(root, { now });
    expect(await main(['check', '--update-baseline', '--baseline-expires', '2026-03-10'], today, deps)).toBe(0);
    expect(today.err()).toBe('Recorded 1 finding in .sunset-baseline.json; it stops suppressing after 2026-03-10.\n');
  });

  it('rejects --baseline-expires without --update-baseline', async () => {
    const io = captureIo(makeTree({}));
    expect(await main(['check', '--baseline-expires', '2026-05-01'], io, deps)).toBe(2);
    expect(io.err()).toBe('sunset: --baseline-expires only applies with --update-baseline. Add --update-baseline or drop the flag.\n');
  });
});
