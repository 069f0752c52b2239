import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { validateXML } from 'xmllint-wasm';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { formatGitlab, type GitlabIssue } from '../src/format/gitlab.js';
import { escapeXml, formatJunit } from '../src/format/junit.js';
import type { CheckReport } from '../src/check/types.js';
import { captureIo, makeTree } from './helpers.js';
import { context, report } from './report-fixture.js';

// `--format gitlab` (GitLab Code Quality) and `--format junit` (Jenkins, Azure DevOps, CircleCI, GitLab
// test reports), each validated against its schema (see schemas/README.md for where each comes from).

const schemasDir = path.join(import.meta.dirname, 'schemas');
const gitlabSchema = JSON.parse(readFileSync(path.join(schemasDir, 'gitlab-code-quality.schema.json'), 'utf8')) as object;
const junitXsd = readFileSync(path.join(schemasDir, 'junit-10.xsd'), 'utf8');
const validateGitlab = new Ajv.default({ allErrors: true, strictRequired: false }).compile(gitlabSchema);

async function validateJunit(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: { fileName: 'sunset.xml', contents: xml }, schema: { fileName: 'junit-10.xsd', contents: junitXsd } });
  return result.errors.map((error) => error.rawMessage);
}

async function check(root: string, argv: readonly string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(root);
  const code = await main(['check', '.', '--as-of', '2026-01-15', ...argv], io);
  return { code, out: io.out(), err: io.err() };
}

describe('--format gitlab', () => {
  it('writes one Code Quality issue per finding and per file not checked, valid against the documented format', () => {
    const issues = JSON.parse(formatGitlab(report, context)) as GitlabIssue[];
    expect(validateGitlab(issues), JSON.stringify(validateGitlab.errors)).toBe(true);
    expect(issues[0]).toStrictEqual({
      type: 'issue',
      description: 'GET /v1/campaigns is retired (support ended 2019-10-01); use GET /v1/buyer/campaigns. Replacement: GET /v1/buyer/campaigns.',
      check_name: 'sunset/no-legacy-rest-path/campaigns-legacy-list',
      fingerprint: 'f1',
      severity: 'critical',
      categories: ['Compatibility'],
      location: { path: 'src/api/campaigns.ts', lines: { begin: 3, end: 3 } },
    });
    // deprecated under --fail-on retired: below the gate → minor; a TODO marker at error → major; the parse error → blocker.
    expect(issues.map((issue) => [issue.check_name, issue.severity, issue.location.lines.begin])).toStrictEqual([
      ['sunset/no-legacy-rest-path/campaigns-legacy-list', 'critical', 3],
      ['sunset/no-sync-reporting/reporting-sync-reportdata', 'minor', 2],
      ['sunset/no-sunset-todo', 'major', 1],
      ['sunset/file-not-checked', 'blocker', 4],
    ]);
  });

  it('the schema rejects what GitLab would reject (the validator is live)', () => {
    expect(validateGitlab([{ description: 'x', check_name: 'c', fingerprint: 'f', severity: 'error', location: { path: 'a.ts', lines: { begin: 1 } } }])).toBe(false);
    expect(validateGitlab([{ description: 'x', check_name: 'c', fingerprint: 'f', severity: 'major', location: { path: '/abs/a.ts', lines: { begin: 1 } } }])).toBe(false);
    expect(validateGitlab([{ description: 'x', check_name: 'c', severity: 'major', location: { path: 'a.ts', lines: { begin: 1 } } }])).toBe(false);
  });

  it('keeps every fingerprint across runs and when unrelated lines move the findings, and they are unique', async () => {
    const root = makeTree({
      'src/a.ts': "export const list = () => fetch('/v1/campaigns');\nexport const again = () => fetch('/v1/campaigns');\n",
      'src/b.ts': "export const one = () => fetch('/v1/campaigns/7');\n",
    });
    const first = JSON.parse((await check(root, ['--format', 'gitlab'])).out) as GitlabIssue[];
    const second = JSON.parse((await check(root, ['--format', 'gitlab'])).out) as GitlabIssue[];
    writeFileSync(path.join(root, 'src/a.ts'), `// a header\n\n${readFileSync(path.join(root, 'src/a.ts'), 'utf8')}`);
    const moved = JSON.parse((await check(root, ['--format', 'gitlab'])).out) as GitlabIssue[];

    expect(validateGitlab(first), JSON.stringify(validateGitlab.errors)).toBe(true);
    expect(first.map((issue) => issue.location.lines.begin)).toStrictEqual([1, 2, 1]);
    expect(moved.map((issue) => issue.location.lines.begin)).toStrictEqual([3, 4, 1]);
    expect(second.map((issue) => issue.fingerprint)).toStrictEqual(first.map((issue) => issue.fingerprint));
    expect(moved.map((issue) => issue.fingerprint)).toStrictEqual(first.map((issue) => issue.fingerprint));
    expect(new Set(first.map((issue) => issue.fingerprint)).size).toBe(3);
  });

  it('writes an empty array when nothing is found', async () => {
    const root = makeTree({ 'src/a.ts': "fetch('/v1/buyer/campaigns');\n" });
    const result = await check(root, ['--format', 'gitlab']);
    expect(result).toStrictEqual({ code: 0, out: '[]\n', err: '' });
  });
});

describe('--format junit', () => {
  it('writes one test case per file and one failure per finding at or past --fail-on, valid against the JUnit XSD', async () => {
    const xml = formatJunit(report, { ...context, checkedFiles: ['src/api/campaigns.ts', 'src/clean.ts', 'src/reports/daily report.ts', 'src/todo.ts'] });
    expect(await validateJunit(xml)).toStrictEqual([]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="sunset check" tests="5" failures="2" errors="1">',
        '  <testsuite name="sunset" tests="5" failures="2" errors="1" skipped="0">',
        '    <properties>',
        '      <property name="asOf" value="2019-11-01"/>',
        '      <property name="failOn" value="retired"/>',
        '    </properties>',
        '    <testcase name="src/api/campaigns.ts" classname="sunset">',
        '      <failure type="sunset/no-legacy-rest-path (campaigns-legacy-list)" message="3:16 GET /v1/campaigns is retired (support ended 2019-10-01); use GET /v1/buyer/campaigns.">src/api/campaigns.ts:3:16 sunset/no-legacy-rest-path [retired] GET /v1/campaigns is retired (support ended 2019-10-01); use GET /v1/buyer/campaigns.',
        'Replacement: GET /v1/buyer/campaigns</failure>',
        '    </testcase>',
        '    <testcase name="src/broken.ts" classname="sunset">',
        '      <error type="sunset/file-not-checked" message="Parsing error: Unexpected token )">src/broken.ts:4: Parsing error: Unexpected token )</error>',
        '    </testcase>',
        '    <testcase name="src/clean.ts" classname="sunset"/>',
        '    <testcase name="src/reports/daily report.ts" classname="sunset">',
        '      <system-out>src/reports/daily report.ts:2:3 sunset/no-sync-reporting [deprecated] The synchronous report endpoint is deprecated.',
        'Replacement: POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations, GET /v1/buyer/stats/data</system-out>',
        '    </testcase>',
        '    <testcase name="src/todo.ts" classname="sunset">',
        '      <failure type="sunset/no-sunset-todo" message="1:4 Finish TODO(sunset:campaigns-legacy-status).">src/todo.ts:1:4 sunset/no-sunset-todo Finish TODO(sunset:campaigns-legacy-status).</failure>',
        '    </testcase>',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
  });

  it('escapes markup and drops characters XML cannot carry, and the XSD still validates', async () => {
    const hostile: CheckReport = {
      findings: [{ ...report.findings[2]!, file: 'src/<a & "b">.ts', message: "it's <b>bold</b> & \u0001odd\uD800" }],
      errors: [],
      notScanned: [],
      summary: { ...report.summary, findings: 1, failing: 1, errors: 0 },
    };
    const xml = formatJunit(hostile, context);
    expect(await validateJunit(xml)).toStrictEqual([]);
    expect(xml).toContain('name="src/&lt;a &amp; &quot;b&quot;&gt;.ts"');
    expect(escapeXml("it's <b>bold</b> & \u0001odd\uD800")).toBe('it&apos;s &lt;b&gt;bold&lt;/b&gt; &amp; odd');
  });

  it('the XSD rejects a test case without a name (the validator is live)', async () => {
    expect(await validateJunit('<testsuites><testsuite tests="1"><testcase classname="x"/></testsuite></testsuites>')).not.toStrictEqual([]);
  });

  it("the XSD is xUnit's current revision: it refuses a test case's file attribute, which Sunset wrote before", async () => {
    const suite = (attributes: string): string => `<testsuites><testsuite name="sunset" tests="1" failures="0" errors="0"><testcase name="src/a.ts" classname="sunset"${attributes}/></testsuite></testsuites>`;
    expect([await validateJunit(suite('')), await validateJunit(suite(' file="src/a.ts"'))]).toStrictEqual([
      [],
      ["sunset.xml:1: Schemas validity error : Element 'testcase', attribute 'file': The attribute 'file' is not allowed."],
    ]);
  });

  it('writes one passing test case when no file needed parsing, so a JUnit publisher does not fail a clean repository for want of results', async () => {
    const root = makeTree({ 'src/a.ts': "fetch('/v1/buyer/campaigns');\n", 'src/b.ts': 'export {};\n' });
    const result = await check(root, ['--format', 'junit']);
    expect(result.code).toBe(0);
    expect(await validateJunit(result.out)).toStrictEqual([]);
    expect(result.out).toContain('<testsuites name="sunset check" tests="1" failures="0" errors="0">');
    expect(result.out).toContain(
      '    <testcase name="sunset check" classname="sunset">\n      <system-out>2 files scanned; none names anything a rule looks for (a retired path or operation, a reporting or identity endpoint, an OAuth parameter, a TODO marker), so none needed parsing.</system-out>\n    </testcase>',
    );
  });

  it('runs end to end: the parsed files are test cases, the exit code is the gate', async () => {
    // b.ts mentions a retired path in a comment: it passes the prefilter, is parsed, and has no finding.
    const root = makeTree({ 'src/a.ts': "fetch('/v1/campaigns');\n", 'src/b.ts': "// was /v1/campaigns\nfetch('/v1/buyer/campaigns');\n", 'src/c.ts': 'export {};\n' });
    const result = await check(root, ['--format', 'junit']);
    expect(result.code).toBe(1);
    expect(await validateJunit(result.out)).toStrictEqual([]);
    expect(result.out.match(/<testcase name="[^"]+"/g)).toStrictEqual(['<testcase name="src/a.ts"', '<testcase name="src/b.ts"']);
    expect(result.out.match(/<failure /g)).toHaveLength(1);
  });
});

describe('the CI formats from a folder of a repository (a monorepo job with working-directory)', () => {
  // GitHub and GitLab read an annotation's path from the repository's root, wherever the job ran.
  const monorepo = (): string => {
    const root = makeTree({
      'packages/web/src/a.ts': "export const list = () => fetch('/v1/campaigns');\nexport const other = () => fetch('/v1/campaigns/dictionaries/clients');\n",
      'packages/web/src/bad.ts': "fetch('/v1/campaigns');\nconst = ;\n",
    });
    mkdirSync(path.join(root, '.git'));
    return path.join(root, 'packages/web');
  };

  it('github: file= from the root', async () => {
    const result = await check(monorepo(), ['--format', 'github']);
    expect(result.code).toBe(1);
    expect(result.out.split('\n').filter(Boolean).map((line) => /file=([^,]+),/.exec(line)?.[1])).toStrictEqual(['packages/web/src/a.ts', 'packages/web/src/a.ts', 'packages/web/src/bad.ts']);
  });

  it('gitlab: location.path from the root, as a run at the root writes it', async () => {
    const web = monorepo();
    const issues = JSON.parse((await check(web, ['--format', 'gitlab'])).out) as GitlabIssue[];
    expect(validateGitlab(issues), JSON.stringify(validateGitlab.errors)).toBe(true);
    expect(issues.map((issue) => issue.location.path)).toStrictEqual(['packages/web/src/a.ts', 'packages/web/src/a.ts', 'packages/web/src/bad.ts']);
    const fromRoot = captureIo(path.dirname(path.dirname(web)));
    await main(['check', 'packages/web', '--as-of', '2026-01-15', '--format', 'gitlab'], fromRoot);
    expect((JSON.parse(fromRoot.out()) as GitlabIssue[]).map((issue) => [issue.location.path, issue.location.lines.begin])).toStrictEqual(issues.map((issue) => [issue.location.path, issue.location.lines.begin]));
  });

  it('sarif: artifact URIs from the root (%SRCROOT% is the repository); json and stylish stay relative to the working directory', async () => {
    const web = monorepo();
    const sarif = JSON.parse((await check(web, ['--format', 'sarif'])).out) as { runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[]; invocations: { toolExecutionNotifications: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] }[] };
    expect(sarif.runs[0]!.results.map((result) => result.locations[0]!.physicalLocation.artifactLocation.uri)).toStrictEqual(['packages/web/src/a.ts', 'packages/web/src/a.ts']);
    expect(sarif.runs[0]!.invocations[0]!.toolExecutionNotifications.map((note) => note.locations[0]!.physicalLocation.artifactLocation.uri)).toStrictEqual(['packages/web/src/bad.ts']);
    const json = JSON.parse((await check(web, ['--format', 'json'])).out) as { findings: { file: string }[] };
    expect(json.findings.map((finding) => finding.file)).toStrictEqual(['src/a.ts', 'src/a.ts']);
  });

  it('outside git, paths stay relative to the working directory', async () => {
    const root = makeTree({ 'web/src/a.ts': "fetch('/v1/campaigns');\n" });
    const result = await check(path.join(root, 'web'), ['--format', 'github']);
    expect(/file=([^,]+),/.exec(result.out)?.[1]).toBe('src/a.ts');
  });
});
