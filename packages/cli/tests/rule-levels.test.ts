import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { captureIo, makeTree } from './helpers.js';

// Found in a trial of the ESLint plugin (2026-11-27): a retirement rule at "warn" was a warning in ESLint
// (through configsFor) but an error in `sunset check`, which failed the gate. A rule's level counts for
// every rule now: at "warn" its findings are warnings in every format and fail nothing, whatever --fail-on.

const request = "export const list = () => fetch('https://api.adform.com/v1/campaigns');\n";
const message = 'GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns.';
const atWarn = { 'sunset.config.json': JSON.stringify({ rules: { 'sunset/no-legacy-rest-path': 'warn' } }), 'src/list.js': request };

async function check(files: Readonly<Record<string, string>>, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(makeTree(files));
  const code = await main(['check', '--as-of', '2026-01-15', ...argv], io);
  return { code, out: io.out(), err: io.err() };
}

const lastLine = (out: string): string => out.trimEnd().split('\n').at(-1)!;

describe('a retirement rule at "warn" in sunset check', () => {
  it('lists its finding as a warning in stylish output and exits 0, whatever --fail-on', async () => {
    for (const failOn of ['deprecated', 'retired']) {
      const { code, out, err } = await check(atWarn, '--fail-on', failOn);
      expect([code, err]).toEqual([0, '']);
      expect(out.split('\n')[1]).toBe(`  1:33  warning  ${message}  sunset/no-legacy-rest-path`);
      expect(lastLine(out)).toBe(`✔ 1 finding in 1 file, 0 at or past ${failOn}, 1 more at a rule set to "warn" (1 file scanned, as of 2026-01-15)`);
    }
  });

  it('fails as before at "error" (the default): the control', async () => {
    const { code, out } = await check({ 'src/list.js': request });
    expect(code).toBe(1);
    expect(out.split('\n')[1]).toBe(`  1:33  error  ${message}  sunset/no-legacy-rest-path`);
    expect(lastLine(out)).toBe('✖ 1 finding in 1 file, 1 at or past deprecated (1 file scanned, as of 2026-01-15)');
  });

  it('counts it as not failing in JSON', async () => {
    const { code, out } = await check(atWarn, '--format', 'json');
    const report = JSON.parse(out) as { findings: { rule: string; phase: string }[]; summary: { findings: number; failing: number } };
    expect([code, report.findings.map((finding) => [finding.rule, finding.phase]), report.summary.findings, report.summary.failing]).toEqual([
      0,
      [['sunset/no-legacy-rest-path', 'retired']],
      1,
      0,
    ]);
  });

  it('is a SARIF warning, a GitHub ::warning, a GitLab minor issue and JUnit system-out', async () => {
    const sarif = JSON.parse((await check(atWarn, '--format', 'sarif')).out) as { runs: [{ results: { level: string }[] }] };
    expect(sarif.runs[0].results.map((result) => result.level)).toEqual(['warning']);
    const github = await check(atWarn, '--format', 'github');
    expect([github.code, github.out]).toEqual([
      0,
      `::warning file=src/list.js,line=1,col=33,endLine=1,endColumn=70,title=sunset/no-legacy-rest-path (campaigns-legacy-list)::${message}%0AReplacement: GET /v1/buyer/campaigns\n`,
    ]);
    const gitlab = JSON.parse((await check(atWarn, '--format', 'gitlab')).out) as { severity: string }[];
    expect(gitlab.map((issue) => issue.severity)).toEqual(['minor']);
    const junit = await check(atWarn, '--format', 'junit');
    expect(junit.code).toBe(0);
    expect(junit.out).toContain('<testsuites name="sunset check" tests="1" failures="0" errors="0">');
    expect(junit.out).toContain(
      `<testcase name="src/list.js" classname="sunset">\n      <system-out>src/list.js:1:33 sunset/no-legacy-rest-path [retired] ${message}\nReplacement: GET /v1/buyer/campaigns</system-out>\n    </testcase>`,
    );
  });

  it('says so in the line --output writes to stderr', async () => {
    const { code, err } = await check(atWarn, '--format', 'sarif', '--output', 'out.sarif');
    expect([code, err]).toEqual([0, 'Wrote the sarif report to out.sarif: 1 finding, 0 at or past deprecated, 1 more at a rule set to "warn".\n']);
  });

  it('takes the level of an inline /* eslint sunset/<rule>: warn */ comment for its file only', async () => {
    const files = { 'src/list.js': `/* eslint sunset/no-legacy-rest-path: warn */\n${request}`, 'src/other.js': request };
    const { code, out } = await check(files, '--format', 'sarif');
    const results = (JSON.parse(out) as { runs: [{ results: { level: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }] }).runs[0].results;
    expect([code, results.map((result) => [result.locations[0]!.physicalLocation.artifactLocation.uri, result.level])]).toEqual([
      1,
      [
        ['src/list.js', 'warning'],
        ['src/other.js', 'error'],
      ],
    ]);
    // With the comment in every file nothing fails.
    const allWarned = await check({ 'src/list.js': files['src/list.js'] });
    expect([allWarned.code, lastLine(allWarned.out)]).toEqual([0, '✔ 1 finding in 1 file, 0 at or past deprecated, 1 more at a rule set to "warn" (1 file scanned, as of 2026-01-15)']);
  });

  it('lists a scheduled finding of a rule at "warn" as a notice, as at "error"', async () => {
    const files = {
      'sunset.config.json': JSON.stringify({ reportScheduled: true, rules: { 'sunset/no-legacy-rest-path': 'warn' } }),
      'src/list.js': request,
    };
    const { code, out } = await check(files, '--format', 'github', '--as-of', '2018-09-01');
    expect([code, out.split('::')[1]!.split(' ')[0]]).toEqual([0, 'notice']);
  });
});
