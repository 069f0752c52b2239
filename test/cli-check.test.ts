import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, inReportOrder, legacyAppConsumedDeclarations, legacyAppExpected, makeTempDir, parseJson, repoRootPath, runSunset, type ExpectedAppFinding, type RunResult } from './support/cli.js';
import { fixtureAsOf, legacyAppSourceFiles } from './support/legacy-app.js';
import { fingerprintFindings, splitLines } from '../packages/cli/src/baseline/fingerprint.js';
import type { Finding } from '../packages/cli/src/check/types.js';
import type { Finding as JsonFinding } from '@sunset/cli';

// Issue 5's acceptance, end to end: the BUILT `sunset` binary run as a child process.

interface JsonReport {
  findings: JsonFinding[];
  errors: { file: string; line?: number; message: string }[];
  summary: Record<string, unknown>;
}

const asOf = ['--as-of', fixtureAsOf] as const;

/** The fields expected-findings.json records: entry, retired and fix for a retirement, else the message. */
function comparable(finding: JsonFinding | ExpectedAppFinding): Record<string, unknown> & { file: string; line: number; column: number; entry?: string } {
  const { file, line, column, rule } = finding;
  if (finding.entry === undefined) return { file, line, column, rule, message: 'message' in finding ? finding.message : undefined };
  return { file, line, column, rule, entry: finding.entry, retired: finding.retired, fix: finding.fix };
}

beforeAll(ensureBuilt);

describe('sunset check fixtures/legacy-app --format json', () => {
  // One run shared by the assertions below (each run of the binary takes a second or two).
  let legacyRun: Promise<RunResult> | undefined;
  const run = (): Promise<RunResult> => (legacyRun ??= runSunset(['check', 'fixtures/legacy-app', '--format', 'json', ...asOf]));

  it('lists exactly the expected findings, with paths relative to the working directory, and exits 1', async () => {
    const result = await run();
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const report = parseJson<JsonReport>(result);
    const expected = legacyAppExpected().map((finding) => comparable({ ...finding, file: `fixtures/legacy-app/${finding.file}` }));
    expect(report.findings.map(comparable).sort(inReportOrder)).toEqual(expected.sort(inReportOrder));
    expect(report.errors).toEqual([]);
  });

  it('reports the two constants of src/config/endpoints.ts that other files request at those requests only (one request, one finding)', async () => {
    const report = parseJson<JsonReport>(await run());
    expect(legacyAppConsumedDeclarations()).toEqual(['src/config/endpoints.ts:9:37', 'src/config/endpoints.ts:12:32']);
    const at = (place: string): boolean => report.findings.some((finding) => `${finding.file}:${finding.line}:${finding.column}` === `fixtures/legacy-app/${place}`);
    expect(legacyAppConsumedDeclarations().filter(at)).toEqual([]);
    // Each request reading one of them is reported, with the declaration as its related place.
    const readers = report.findings.filter((finding) => JSON.stringify(finding).includes('The value is declared here'));
    // The JSON bridge's WCF calls read WCF_BASE (`process.env.ADV_WCF_BASE ?? 'https://api.adform.com/api'`), as they read it without the fallback.
    expect(readers.map((finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.entry}`)).toEqual([
      'fixtures/legacy-app/src/etl/campaign-json-bridge.ts:33:11 campaigns-service-get-campaigns-as-json',
      'fixtures/legacy-app/src/etl/campaign-json-bridge.ts:44:13 campaigns-service-create-campaigns-as-json',
      'fixtures/legacy-app/src/etl/campaign-json-bridge.ts:65:20 campaigns-service-update-campaigns-as-json',
      'fixtures/legacy-app/src/etl/campaign-sync.ts:85:56 campaign-dictionary-clients',
      'fixtures/legacy-app/src/etl/report-runner.ts:76:53 reporting-sync-reportdata',
    ]);
  });

  it('prints findings in file, line, column order with exactly the documented keys', async () => {
    const report = parseJson<JsonReport>(await run());
    const byPosition = (a: JsonFinding, b: JsonFinding): number => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column;
    expect([...report.findings].sort(byPosition)).toEqual(report.findings);
    for (const finding of report.findings) {
      // A retirement finding, or (a rule not about one entry) a finding with its message.
      // `entries` and `pathEndUnknown` only where the code does not show the method (of several) or the end of the path.
      const unshown = ['entries', 'pathEndUnknown'].filter((key) => key in finding);
      const keys = finding.entry === undefined ? ['file', 'line', 'column', 'rule', 'message'] : ['file', 'line', 'column', 'rule', 'message', 'entry', 'retired', 'replacements', 'phase', 'fix', 'host', ...unshown];
      // `related`: the other places of the same request (the SOAPAction header of a SOAP envelope); then the file's owners.
      expect(Object.keys(finding)).toEqual('related' in finding ? [...keys, 'related', 'owners'] : [...keys, 'owners']);
    }
    const unshownOf = (finding: JsonFinding): unknown[] => ['entries' in finding ? finding.entries : null, 'pathEndUnknown' in finding ? finding.pathEndUnknown : null];
    expect(report.findings.filter((finding) => 'entries' in finding || 'pathEndUnknown' in finding).map((finding) => ['retired' in finding ? finding.retired : '', ...unshownOf(finding)])).toEqual([
      ['/v1/campaigns', ['campaigns-legacy-list', 'campaigns-legacy-status'], null],
    ]);
  });

  it('carries the replacements and phase the spec gives each entry', async () => {
    const report = parseJson<JsonReport>(await run());
    const byEntry = (entry: string): JsonFinding => {
      const found = report.findings.find((finding) => finding.entry === entry);
      if (found === undefined) throw new Error(`no finding for ${entry}`);
      return found;
    };
    // From the Versioning part of the vendor spec; on 2026-11-21 every support end is long past.
    expect(byEntry('campaign-dictionary-clients')).toMatchObject({ replacements: ['GET /v1/buyer/advertisers'], phase: 'retired' });
    expect(byEntry('campaigns-legacy-status')).toMatchObject({ replacements: ['PUT /v1/buyer/campaigns/{id}/status'], phase: 'retired' });
    expect(byEntry('campaigns-legacy-get')).toMatchObject({
      replacements: ['GET /v1/buyer/campaigns/{id}', 'GET /v1/buyer/campaigns/{id}/rtbSettings'],
      phase: 'retired',
    });
    expect(byEntry('campaigns-service-get-campaign-categories')).toMatchObject({ replacements: [], phase: 'retired', fix: 'todo' });
    expect(byEntry('reporting-sync-reportdata').replacements).toContain('POST /v1/buyer/stats/data');
    expect(new Set(report.findings.filter((finding) => finding.entry !== undefined).map((finding) => finding.phase))).toEqual(new Set(['retired']));
  });

  it('prints the exact summary', async () => {
    const { summary } = parseJson<JsonReport>(await run());
    const expected = legacyAppExpected();
    // 72 findings in the files checked alone, less the two declarations read by a request of another file.
    expect(expected).toHaveLength(70);
    expect(summary).toStrictEqual({
      asOf: fixtureAsOf,
      failOn: 'deprecated',
      // The walk honours the app's .gitignore (dist/) and skips node_modules, as the editor does.
      files: legacyAppSourceFiles().length,
      // Every file but three passes the prefilter: src/config/env.ts and src/lib/logger.ts name no endpoint,
      // and src/negatives/buyer-dashboard.tsx only the new /v1/buyer API.
      candidates: legacyAppSourceFiles().length - 3,
      findings: expected.length,
      // Every retirement here is past its support end, and request problems are errors.
      failing: expected.length,
      baselined: 0,
      errors: 0,
      // Nothing is too large, minified or ignored by a config; dist/ is gitignored, which is not counted.
      notScanned: { unreadable: 0, tooLarge: 0, minified: 0, unscannedExtension: 0, excludedByConfig: 0, invalidPackageJson: 0, symbolicLink: 0, nodeModules: 0, gitFolder: 0 },
    });
    expect(legacyAppSourceFiles().length).toBe(30);
  });
});

describe.concurrent('exit codes and usage errors', () => {
  it('exits 0 on a clean folder and says so', async () => {
    const result = await runSunset(['check', 'fixtures/cli/clean', ...asOf]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`✔ 0 findings in 0 files, 0 at or past deprecated (2 files scanned, as of ${fixtureAsOf})\n`);
    expect(result.stderr).toBe('');
  });

  it('exits 2 on an unknown flag and names it', async () => {
    const result = await runSunset(['check', '--formt', 'json', 'fixtures/cli/clean']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^sunset: Unknown option --formt for `sunset check`\. Did you mean --format\? Allowed options: --format, --output, /);
    expect(result.stderr).toContain('Run `sunset check --help` for details.');
  });

  it('exits 2 on a bad flag value and names the flag and the allowed values', async () => {
    const result = await runSunset(['check', '--format', 'xml', 'fixtures/cli/clean']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('sunset: Invalid value for --format: "xml". Allowed: stylish, json, sarif, github, gitlab, junit.\n');
  });

  it('exits 2 on a bad --as-of and names it', async () => {
    const result = await runSunset(['check', '--as-of', '2026-13-01', 'fixtures/cli/clean']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('sunset: Invalid value for --as-of: "2026-13-01" is not a day on the calendar. Fix it and run again.\n');
  });

  it('exits 2 on an unknown subcommand', async () => {
    const result = await runSunset(['audit', '.']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('sunset: Unknown command "audit". Use `sunset check`, `sunset fix`, `sunset report`, `sunset import openapi` or `sunset explain` (see `sunset --help`).\n');
  });

  it('exits 2 with the usage on stderr when no command is given', async () => {
    const result = await runSunset([]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Usage: sunset <command> \[options\] \[paths\.\.\.\]/);
  });

  it('exits 2 on a path that does not exist and names it', async () => {
    const result = await runSunset(['check', 'fixtures/no-such-folder']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^sunset: .*fixtures\/no-such-folder/);
    expect(result.stdout).toBe('');
  });

  it('prints the help with every option and exits 0', async () => {
    const main = await runSunset(['--help']);
    expect(main.code).toBe(0);
    expect(main.stdout).toMatch(/^Usage: sunset <command>/);
    const check = await runSunset(['check', '--help']);
    expect(check.code).toBe(0);
    expect(check.stdout).toContain('--format <FORMAT[=FILE]>         Report format: stylish, json, sarif, github, gitlab, junit (default stylish). Repeat with =FILE for more reports of the same run');
    const checkFlags = ['--output <FILE>', '--fail-on <deprecated|retired>', '--as-of <YYYY-MM-DD>', '--api-host <HOST>', '--identity-host <HOST>', '--config <FILE>'];
    const baselineFlags = ['--update-baseline', '--baseline <FILE>', '--baseline-expires <YYYY-MM-DD>'];
    for (const flag of [...checkFlags, ...baselineFlags, '--stats', '--changed-since <GIT-REF>', '--concurrency <N|auto>']) {
      expect(check.stdout).toContain(flag);
    }
    const fix = await runSunset(['fix', '--help']);
    expect(fix.code).toBe(0);
    for (const flag of ['--dry', '--print', '--format <human|json>', '--force', '--fail-on-todo']) expect(fix.stdout).toContain(flag);
  });

  it('prints the version of @sunset/cli', async () => {
    const manifest = JSON.parse(readFileSync(repoRootPath('packages/cli/package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) {
      const result = await runSunset([flag]);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(`${manifest.version}\n`);
    }
  });
});

describe.concurrent('identity provider hosts', () => {
  const tokenCalls = [
    "const form = { 'Content-Type': 'application/json' };",
    "export const a = () => fetch('https://login.other-provider.com/sts/connect/token', { method: 'POST', headers: form, body: JSON.stringify({ grant_type: 'client_credentials' }) });",
    "export const b = () => fetch('https://login.example.com/sts/connect/token', { method: 'POST', headers: form, body: JSON.stringify({ grant_type: 'client_credentials' }) });",
    "export const c = () => fetch('https://id.adform.com/sts/connect/token', { method: 'POST', headers: form, body: JSON.stringify({ grant_type: 'client_credentials' }) });",
    "export const d = () => fetch('/sts/connect/token', { method: 'POST', headers: form, body: JSON.stringify({ grant_type: 'client_credentials' }) });",
    '',
  ].join('\n');

  it("check the spec's identity host and URLs without one, add --identity-host's, and every host with '*'", async () => {
    const { dir, cleanup } = await makeTempDir('sunset-identity-');
    try {
      writeFileSync(path.join(dir, 'token.ts'), tokenCalls);
      const lines = async (extra: string[]): Promise<number[]> =>
        parseJson<JsonReport>(await runSunset(['check', '.', '--format', 'json', ...asOf, ...extra], { cwd: dir })).findings
          .filter((finding) => finding.rule === 'sunset/oauth-token-form-body')
          .map((finding) => finding.line);
      expect(await lines([])).toEqual([4, 5]);
      expect(await lines(['--identity-host', 'login.example.com'])).toEqual([3, 4, 5]);
      expect(await lines(['--identity-host', '*'])).toEqual([2, 3, 4, 5]);
    } finally {
      await cleanup();
    }
  });
});

describe.concurrent('paths outside the working directory', () => {
  it('are linted like any other: a folder named by its absolute path from another directory', async () => {
    const result = await runSunset(['check', repoRootPath('fixtures/broken'), '--format', 'json', ...asOf], { cwd: tmpdir() });
    expect(result.code).toBe(1);
    const report = parseJson<JsonReport>(result);
    const relative = path.relative(tmpdir(), repoRootPath('fixtures/broken')).split(path.sep).join('/');
    expect(report.findings.map(({ file, line, column, entry }) => ({ file, line, column, entry }))).toEqual([
      { file: `${relative}/valid.ts`, line: 6, column: 47, entry: 'campaign-dictionary-managers' },
    ]);
    expect(report.errors.map(({ file, line }) => ({ file, line }))).toEqual([{ file: `${relative}/syntax-error.ts`, line: 10 }]);
  });
});

describe.concurrent('a path named inside node_modules', () => {
  const call = "export const f = () => fetch('https://api.adform.com/v1/campaigns/dictionaries/managers');\n";
  const notScanned =
    'Not scanned: it is inside node_modules (installed dependencies), which sunset never scans or changes, even when named. Migrate a dependency in its own repository.';

  it('is not checked, is named as not scanned (stylish, json, github), and the run says it checked nothing', async () => {
    const { dir, cleanup } = await makeTempDir('check-node-modules');
    try {
      mkdirSync(path.join(dir, 'node_modules/some-sdk/src'), { recursive: true });
      writeFileSync(path.join(dir, 'node_modules/some-sdk/src/index.js'), call);
      const stylish = await runSunset(['check', ...asOf, 'node_modules/some-sdk'], { cwd: dir });
      expect(stylish).toEqual({
        code: 0,
        stdout: [
          'Named paths not scanned',
          `  node_modules/some-sdk  warning  ${notScanned}`,
          '',
          `! 0 findings in 0 files, 0 at or past deprecated, 1 named path not scanned (1 in node_modules) (0 files scanned, as of ${fixtureAsOf})`,
          '',
        ].join('\n'),
        stderr: 'Nothing was checked: node_modules/some-sdk is inside node_modules, which sunset never scans. Check the path.\n',
      });
      const json = await runSunset(['check', ...asOf, '--format', 'json', 'node_modules/some-sdk/src/index.js'], { cwd: dir });
      const report = parseJson<{ notScanned: unknown; summary: { files: number; notScanned: { nodeModules: number } } }>(json);
      expect([json.code, report.notScanned, report.summary.files, report.summary.notScanned.nodeModules]).toEqual([
        0,
        [{ file: 'node_modules/some-sdk/src/index.js', reason: 'node-modules', message: notScanned }],
        0,
        1,
      ]);
      const github = await runSunset(['check', ...asOf, '--format', 'github', 'node_modules/some-sdk'], { cwd: dir });
      expect([github.code, github.stdout]).toEqual([0, `::warning file=node_modules/some-sdk,title=sunset%3A path not scanned::${notScanned}\n`]);
    } finally {
      await cleanup();
    }
  });
});

describe.concurrent('a file that does not parse (fixtures/broken)', () => {
  it('is listed in errors with its file and line, the rest is still checked, and the run exits 1', async () => {
    const result = await runSunset(['check', 'fixtures/broken', '--format', 'json', ...asOf]);
    expect(result.code).toBe(1);
    const report = parseJson<JsonReport>(result);
    expect(report.errors).toEqual([{ file: 'fixtures/broken/syntax-error.ts', line: 10, message: expect.stringMatching(/^Could not parse: /) as unknown }]);
    expect(report.findings.map(({ file, line, column, entry }) => ({ file, line, column, entry }))).toEqual(
      JSON.parse(readFileSync(repoRootPath('fixtures/broken/expected-findings.json'), 'utf8')).map(
        ({ file, line, column, entry }: JsonFinding) => ({ file: `fixtures/broken/${file}`, line, column, entry }),
      ),
    );
    expect(report.summary).toMatchObject({ files: 2, findings: 1, errors: 1 });
  });

  it('exits 1 even when nothing else fails', async () => {
    const result = await runSunset(['check', 'fixtures/broken/syntax-error.ts', '--fail-on', 'retired', ...asOf]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Files that could not be checked\n  fixtures/broken/syntax-error.ts:10  Could not parse: ');
  });
});

describe('stylish output', () => {
  it('matches the snapshot exactly, without colour', async () => {
    const result = await runSunset(['check', 'fixtures/cli/small', ...asOf], { env: { NO_COLOR: '1' } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    expect(result.stdout).not.toContain('\u001b[');
    await expect(result.stdout).toMatchFileSnapshot('__snapshots__/cli-small.stylish.txt');
  });
});

describe.concurrent('--format sarif', () => {
  // The official OASIS SARIF 2.1.0 (rtm.5) schema, as shipped by @microsoft/jest-sarif; it is draft-04.
  const schemaPath = createRequire(import.meta.url).resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
  const ajv = new AjvDraft04.default({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats.default(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')) as object);

  interface SarifLog {
    runs: {
      tool: { driver: { name: string; rules: { id: string; help: { text: string }; properties: Record<string, unknown> }[] } };
      results: {
        ruleId: string;
        ruleIndex: number;
        level: string;
        locations: { physicalLocation: { artifactLocation: { uri: string }; region: Record<string, number> } }[];
      }[];
    }[];
  }

  it('writes a file with --output that validates against the SARIF 2.1.0 schema, one rule per entry, results with regions', async () => {
    const { dir, cleanup } = await makeTempDir('sarif');
    try {
      const output = path.join(dir, 'reports', 'sunset.sarif');
      const result = await runSunset(['check', 'fixtures/legacy-app', '--format', 'sarif', '--output', output, ...asOf]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      const all = legacyAppExpected();
      // The OAuth, secret and report-limit findings have no phase: they fail by their rule's severity.
      const phased = all.filter((finding) => finding.entry !== undefined).length;
      expect(result.stderr).toBe(`Wrote the sarif report to ${output}: ${all.length} findings, ${phased} at or past deprecated, ${all.length - phased} failing by rule severity.\n`);
      const log = JSON.parse(await readFile(output, 'utf8')) as SarifLog;
      expect(validate(log)).toBe(true);
      expect(validate.errors ?? []).toEqual([]);

      const [run] = log.runs;
      if (run === undefined) throw new Error('no run');
      const expected = legacyAppExpected().sort(inReportOrder);
      // One SARIF rule per retirement entry (per ESLint rule for findings that are not about one entry).
      const ruleIdOf = (finding: ExpectedAppFinding): string => finding.entry ?? finding.rule;
      expect(run.tool.driver.rules.map((rule) => rule.id)).toEqual([...new Set(expected.map(ruleIdOf))].sort());
      expect(run.results).toHaveLength(expected.length);
      for (const sarifResult of run.results) {
        expect(run.tool.driver.rules[sarifResult.ruleIndex]?.id).toBe(sarifResult.ruleId);
        expect(sarifResult.level).toBe('error');
      }
      const located = run.results.map((sarifResult) => {
        const { artifactLocation, region } = sarifResult.locations[0]!.physicalLocation;
        return `${artifactLocation.uri}:${region.startLine}:${region.startColumn} ${sarifResult.ruleId}`;
      });
      expect(located.sort()).toEqual(expected.map((finding) => `fixtures/legacy-app/${finding.file}:${finding.line}:${finding.column} ${ruleIdOf(finding)}`).sort());
      for (const sarifResult of run.results) {
        const { region } = sarifResult.locations[0]!.physicalLocation;
        expect(region.endLine).toBeGreaterThanOrEqual(region.startLine!);
      }
      const managers = run.tool.driver.rules.find((rule) => rule.id === 'campaign-dictionary-managers');
      expect(managers?.properties).toMatchObject({ gaEnds: '2018-10-01', supportEnds: '2019-10-01', migration: 'rewrite' });
      expect(managers?.help.text).toContain('Replacement: GET /v1/buyer/classifiers/managers.');
    } finally {
      await cleanup();
    }
  });

  it('gives a file that does not parse an error notification with its place, keeps executionSuccessful (the run finished) and validates', async () => {
    const [sarif, json] = await Promise.all([runSunset(['check', 'fixtures/broken', '--format', 'sarif', ...asOf]), runSunset(['check', 'fixtures/broken', '--format', 'json', ...asOf])]);
    expect(sarif.code).toBe(1);
    const log = parseJson<SarifLog & { runs: { invocations: unknown }[] }>(sarif);
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    // The same words as the other formats: the parser's message, said once.
    const [notParsed] = parseJson<JsonReport>(json).errors;
    expect(notParsed?.message).toMatch(/^Could not parse: /);
    expect(log.runs[0]!.invocations).toStrictEqual([
      {
        executionSuccessful: true,
        toolExecutionNotifications: [
          {
            level: 'error',
            message: { text: notParsed!.message },
            locations: [{ physicalLocation: { artifactLocation: { uri: 'fixtures/broken/syntax-error.ts', uriBaseId: '%SRCROOT%' }, region: { startLine: 10 } } }],
          },
        ],
      },
    ]);
    // The other file is still checked: its finding is a result.
    expect(log.runs[0]!.results.map((result) => result.locations[0]!.physicalLocation.artifactLocation.uri)).toEqual(['fixtures/broken/valid.ts']);
  });

  it('percent-encodes file names in artifact URIs and keeps exact regions (small fixture)', async () => {
    const result = await runSunset(['check', 'fixtures/cli/small', '--format', 'sarif', ...asOf]);
    const log = parseJson<SarifLog>(result);
    expect(validate(log)).toBe(true);
    expect(
      log.runs[0]!.results.map((sarifResult) => ({ ruleId: sarifResult.ruleId, ...sarifResult.locations[0]!.physicalLocation })),
    ).toEqual([
      {
        ruleId: 'campaign-dictionary-managers',
        artifactLocation: { uri: 'fixtures/cli/small/src/campaigns.ts', uriBaseId: '%SRCROOT%' },
        region: { startLine: 6, startColumn: 47, endLine: 6, endColumn: 95 },
      },
      {
        ruleId: 'campaigns-legacy-status',
        artifactLocation: { uri: 'fixtures/cli/small/src/campaigns.ts', uriBaseId: '%SRCROOT%' },
        region: { startLine: 11, startColumn: 21, endLine: 11, endColumn: 47 },
      },
      {
        ruleId: 'campaigns-service-get-campaigns-as-json',
        artifactLocation: { uri: 'fixtures/cli/small/src/report%2C%20100%25.js', uriBaseId: '%SRCROOT%' },
        region: { startLine: 2, startColumn: 17, endLine: 2, endColumn: 35 },
      },
    ]);
  });
});

describe.concurrent('--format github', () => {
  // Workflow command syntax: `::error file={name},line={line},col={col},endLine={n},endColumn={n},title={t}::{message}`;
  // in the message `%`, CR and LF are escaped as %25, %0D, %0A; in properties also `:` as %3A and `,` as %2C.
  it('prints one exact annotation line per finding, escaping properties and message', async () => {
    const result = await runSunset(['check', 'fixtures/cli/small', '--format', 'github', ...asOf]);
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n')).toEqual([
      '::error file=fixtures/cli/small/src/campaigns.ts,line=6,col=47,endLine=6,endColumn=95,title=sunset/no-legacy-rest-path (campaign-dictionary-managers)::' +
        'GET /v1/campaigns/dictionaries/managers is retired (support ended 2019-10-01): use GET /v1/buyer/classifiers/managers.%0AReplacement: GET /v1/buyer/classifiers/managers',
      '::error file=fixtures/cli/small/src/campaigns.ts,line=11,col=21,endLine=11,endColumn=47,title=sunset/no-legacy-rest-path (campaigns-legacy-status)::' +
        'PATCH /v1/campaigns is retired (support ended 2019-10-01): use PUT /v1/buyer/campaigns/{id}/status; this call needs a manual migration.%0AReplacement: PUT /v1/buyer/campaigns/{id}/status',
      '::error file=fixtures/cli/small/src/report%2C 100%25.js,line=2,col=17,endLine=2,endColumn=35,title=sunset/no-retired-soap-operation (campaigns-service-get-campaigns-as-json)::' +
        'GetCampaignsAsJson is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns; this call needs a manual migration.%0AReplacement: GET /v1/buyer/campaigns',
      '',
    ]);
  });

  it('follows the documented workflow-command grammar on every line of the legacy app', async () => {
    const result = await runSunset(['check', 'fixtures/legacy-app', '--format', 'github', ...asOf]);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(legacyAppExpected().length);
    const property = '[^,:\\r\\n]+';
    const grammar = new RegExp(
      `^::(error|warning|notice) file=${property},line=\\d+,col=\\d+,endLine=\\d+,endColumn=\\d+,title=${property}::[^\\r\\n]+$`,
    );
    for (const line of lines) expect(line).toMatch(grammar);
  });

  it('annotates a file that could not be checked', async () => {
    const result = await runSunset(['check', 'fixtures/broken/syntax-error.ts', '--format', 'github', ...asOf]);
    expect(result.stdout).toMatch(/^::error file=fixtures\/broken\/syntax-error\.ts,line=10,title=sunset%3A file not checked::Could not parse: /);
  });
});

describe.concurrent('a finding through another file (fixtures/project-app, the default mode)', () => {
  // services/dictionaries.ts:11 builds its URL from two members of an enum exported by api/endpoints.ts;
  // services/campaigns.ts:16 reads MANAGERS_PATH of api/paths.ts through the api/index.ts barrel.
  const check = (format: string): Promise<RunResult> => runSunset(['check', 'fixtures/project-app/src', '--format', format, ...asOf]);
  const orders = 'fixtures/project-app/src/services/dictionaries.ts';
  const declaredCampaigns = { file: 'fixtures/project-app/src/api/endpoints.ts', line: 2, column: 15, endLine: 2, endColumn: 30, message: 'The value is declared here as LegacyEndpoint.Campaigns.' };
  const declaredOrders = { file: 'fixtures/project-app/src/api/endpoints.ts', line: 3, column: 12, endLine: 3, endColumn: 21, message: 'The value is declared here as LegacyEndpoint.Orders.' };

  it('lists the declarations as related places with their file in --format json, and nothing more on other findings', async () => {
    const report = parseJson<JsonReport>(await check('json'));
    expect(report.findings.find((finding) => finding.file === orders)).toEqual({
      file: orders,
      line: 11,
      column: 17,
      rule: 'sunset/no-legacy-rest-path',
      message: '/v1/campaigns/{campaignId}/orders is retired (support ended 2019-10-01): use GET /v1/buyer/orders; this call needs a manual migration.',
      entry: 'campaigns-legacy-orders',
      retired: '/v1/campaigns/{campaignId}/orders',
      replacements: ['GET /v1/buyer/orders'],
      phase: 'retired',
      fix: 'todo',
      host: 'unknown',
      related: [declaredCampaigns, declaredOrders],
      // No CODEOWNERS in this repository, which is a pnpm workspace: the nearest package.json names the owner.
      owners: ['project-app'],
    });
    // Seven findings are found through another file; the five declarations they read are reported there only, and
    // the two declarations no request of another file reads (API.clients, a reassigned let) carry no related place.
    expect(report.findings.map((finding) => `${finding.file.replace('fixtures/project-app/src/', '')}:${finding.line} ${finding.related?.map((related) => related.file?.replace('fixtures/project-app/src/', '')).join(',') ?? '-'}`)).toEqual([
      'api/paths.ts:7 -',
      'api/paths.ts:11 -',
      'services/campaigns.ts:8 api/paths.ts',
      'services/campaigns.ts:12 api/paths.ts',
      'services/campaigns.ts:16 api/paths.ts',
      // Through the tsconfig's `@api/*` alias and a namespace import.
      'services/campaigns.ts:24 api/endpoints.ts',
      'services/campaigns.ts:33 api/paths.ts',
      'services/campaigns.ts:37 api/report-path.ts',
      'services/dictionaries.ts:11 api/endpoints.ts,api/endpoints.ts',
    ]);
  });

  it('points SARIF relatedLocations at the declaring file, and the log still validates against the schema', async () => {
    const schemaPath = createRequire(import.meta.url).resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
    const ajv = new AjvDraft04.default({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats.default(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')) as object);
    const log = parseJson<{ runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[]; relatedLocations?: unknown[] }[] }[] }>(await check('sarif'));
    expect(validate(log)).toBe(true);
    const result = log.runs[0]!.results.find((sarifResult) => sarifResult.locations[0]!.physicalLocation.artifactLocation.uri === orders);
    const endpoints = { uri: 'fixtures/project-app/src/api/endpoints.ts', uriBaseId: '%SRCROOT%' };
    expect(result?.relatedLocations).toEqual([
      { id: 0, message: { text: declaredCampaigns.message }, physicalLocation: { artifactLocation: endpoints, region: { startLine: 2, startColumn: 15, endLine: 2, endColumn: 30 } } },
      { id: 1, message: { text: declaredOrders.message }, physicalLocation: { artifactLocation: endpoints, region: { startLine: 3, startColumn: 12, endLine: 3, endColumn: 21 } } },
    ]);
  });

  it('names the declaration under the code frame in stylish output, and whether sunset fix rewrites it there', async () => {
    const { stdout } = await check('stylish');
    const blockAt = (place: string): string[] | undefined => stdout.split('\n\n').find((text) => text.includes(`  ${place}  error`))?.split('\n');
    // MANAGERS_PATH's own finding is a one-to-one rewrite: sunset fix makes it in paths.ts, which migrates this GET.
    expect(blockAt('16:20')).toEqual([
      '  16:20  error  GET /v1/campaigns/dictionaries/managers is retired (support ended 2019-10-01): use GET /v1/buyer/classifiers/managers.  sunset/no-legacy-rest-path',
      '    16 |   return axios.get(MANAGERS_PATH);',
      '       |                    ^^^^^^^^^^^^^',
      '    see fixtures/project-app/src/api/paths.ts:2:30: The value is declared here as MANAGERS_PATH; sunset fix rewrites it here.',
      '    retired · support ended 2019-10-01',
      '    use GET /v1/buyer/classifiers/managers (sunset fix rewrites it where the other file named above declares it)',
      '    host: not shown in the code, matched by its path',
    ]);
    // API.labels needs an advertiser id: a person decides, whichever file the value is written in.
    expect(blockAt('33:16')).toEqual([
      '  33:16  error  GET /v1/campaigns/dictionaries/labels is retired (support ended 2019-10-01): use GET /v1/buyer/advertisers/{id}/campaignLabels; this call needs a manual migration.  sunset/no-legacy-rest-path',
      '    33 |   return fetch(`https://api.adform.com${API.labels}`);',
      '       |                ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
      '    see fixtures/project-app/src/api/paths.ts:8:11: The value is declared here as API.labels.',
      '    retired · support ended 2019-10-01',
      '    candidates GET /v1/buyer/advertisers/{id}/campaignLabels (a person decides; the value is written in the other file named above)',
      '    why: the new endpoint lists labels per advertiser: it needs an advertiser id the old call did not have',
    ]);
  });

  it('says sunset fix rewrites it here, not in the other file, where only the client comes from there (fixtures/client-shapes)', async () => {
    const { stdout } = await runSunset(['check', 'fixtures/client-shapes/src', ...asOf], { env: { NO_COLOR: '1' } });
    const block = stdout.split('\n\n').find((text) => text.includes('see fixtures/client-shapes/src/api/http.ts:4:23'))?.split('\n');
    // The path literal '/campaigns' is in features/campaigns.ts: the rewrite is there; http.ts only makes the client.
    expect(block?.slice(-4)).toEqual([
      '      |                                                           ^^^^^^^^^^^^',
      '    see fixtures/client-shapes/src/api/http.ts:4:23: The client is created here as adform.',
      '    retired · support ended 2019-10-01',
      '    use GET /v1/buyer/campaigns (sunset fix rewrites it)',
    ]);
  });

  it('adds the declaration to the GitHub annotation, the GitLab description and the JUnit failure', async () => {
    const [github, gitlab, junit] = await Promise.all([check('github'), check('gitlab'), check('junit')]);
    const see = 'See fixtures/project-app/src/api/endpoints.ts:2:15: The value is declared here as LegacyEndpoint.Campaigns.';
    const seeOrders = 'See fixtures/project-app/src/api/endpoints.ts:3:12: The value is declared here as LegacyEndpoint.Orders.';
    expect(github.stdout.split('\n').find((line) => line.includes(orders))).toBe(
      `::error file=${orders},line=11,col=17,endLine=11,endColumn=84,title=sunset/no-legacy-rest-path (campaigns-legacy-orders)::` +
        `/v1/campaigns/{campaignId}/orders is retired (support ended 2019-10-01): use GET /v1/buyer/orders; this call needs a manual migration.%0AReplacement: GET /v1/buyer/orders%0A${see}%0A${seeOrders}`,
    );
    const issue = parseJson<{ description: string; location: { path: string } }[]>(gitlab).find((entry) => entry.location.path === orders);
    expect(issue?.description).toBe(
      `/v1/campaigns/{campaignId}/orders is retired (support ended 2019-10-01): use GET /v1/buyer/orders; this call needs a manual migration. Replacement: GET /v1/buyer/orders. ${see} ${seeOrders}`,
    );
    expect(junit.stdout).toContain(`Replacement: GET /v1/buyer/orders\n${see}\n${seeOrders}</failure>`);
  });
});

describe('baseline fingerprints with the module graph', () => {
  it('keeps the fingerprint of every finding a one-file check also reports, so baselines recorded before still match', async () => {
    const [json, sarif] = await Promise.all([
      runSunset(['check', 'fixtures/legacy-app', '--format', 'json', ...asOf]),
      runSunset(['check', 'fixtures/legacy-app', '--format', 'sarif', ...asOf]),
    ]);
    const findings = parseJson<{ findings: (Finding & { related?: { file?: string }[] })[] }>(json).findings;
    const prints = parseJson<{ runs: { results: { partialFingerprints: Record<string, string> }[] }[] }>(sarif).runs[0]!.results.map((result) => result.partialFingerprints['sunsetFingerprint/v1']);
    const throughAnotherFile = (finding: (typeof findings)[number]): boolean => finding.related?.some((related) => related.file !== undefined) ?? false;
    const oneFile = findings.filter((finding) => !throughAnotherFile(finding));
    // What the fingerprints were before the graph: computed over the one-file findings alone.
    const before = fingerprintFindings(oneFile, (file) => splitLines(readFileSync(repoRootPath(file), 'utf8')));
    expect(findings.flatMap((finding, index) => (throughAnotherFile(finding) ? [] : [prints[index]]))).toEqual(before);
    expect(findings.length - oneFile.length).toBe(5);
  });
});
