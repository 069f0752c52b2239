import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { formatGithub, escapeData, escapeProperty } from '../src/format/github.js';
import type { Provenance } from '@sunset/report';
import { formatJson } from '../src/format/json.js';
import { formatSarif } from '../src/format/sarif.js';
import { formatStylish } from '../src/format/stylish.js';
import type { CheckReport, Finding } from '../src/check/types.js';
import { createCatalog } from '@sunset/rule-data';
import { context, report } from './report-fixture.js';

/** One SOAP request reported once, at the operation name, with its SOAPAction header as a related location. */
const soapFinding: Finding = {
  file: 'src/soap.js',
  line: 7,
  column: 6,
  endLine: 7,
  endColumn: 18,
  rule: 'sunset/no-retired-soap-operation',
  message: 'GetCampaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns; this call needs a manual migration.',
  entry: 'campaigns-service-get-campaigns',
  retired: 'GetCampaigns',
  replacements: ['GET /v1/buyer/campaigns'],
  phase: 'retired',
  fix: 'todo',
  host: 'unknown',
  related: [{ line: 12, column: 73, endLine: 12, endColumn: 139, message: "the same SOAP request's SOAPAction header" }],
  severity: 'error',
};
const soapReport: CheckReport = {
  findings: [soapFinding, report.findings[2]!],
  errors: [],
  notScanned: [],
  summary: { ...report.summary, findings: 2, failing: 2, baselined: 0, errors: 0 },
};

describe('json format', () => {
  const provenance: Provenance = {
    repository: 'acme/web',
    repositoryFrom: 'flag',
    commit: '0123456789abcdef0123456789abcdef01234567',
    directory: '',
    date: '2019-11-01T10:00:00.000Z',
    tool: 'sunset check',
    toolVersion: '0.1.0',
    ruleDataVersion: '0.1.0',
    configFile: null,
    configDigest: 'sha256:0123456789abcdef',
    ownership: 'codeowners',
  };
  // Owners by folder, as a CODEOWNERS file would give them.
  const ownersOf = (file: string): string[] => (file.startsWith('src/api/') ? ['@acme/api'] : file.startsWith('src/reports/') ? ['@acme/data', '@alice'] : []);
  const jsonContext = { ...context, provenance, ownersOf };

  it('prints exactly the documented shape: the format, where it comes from, the findings with their owners', () => {
    expect(JSON.parse(formatJson(report, jsonContext))).toStrictEqual({
      tool: 'sunset check',
      version: 1,
      provenance,
      findings: [
        {
          file: 'src/api/campaigns.ts',
          line: 3,
          column: 16,
          rule: 'sunset/no-legacy-rest-path',
          message: 'GET /v1/campaigns is retired (support ended 2019-10-01); use GET /v1/buyer/campaigns.',
          entry: 'campaigns-legacy-list',
          retired: 'GET /v1/campaigns',
          replacements: ['GET /v1/buyer/campaigns'],
          phase: 'retired',
          fix: 'rewrite',
          host: 'unknown',
          owners: ['@acme/api'],
        },
        {
          file: 'src/reports/daily report.ts',
          line: 2,
          column: 3,
          rule: 'sunset/no-sync-reporting',
          message: 'The synchronous report endpoint is deprecated.',
          entry: 'reporting-sync-reportdata',
          retired: '/v1/reportingstats/agency/reportdata',
          replacements: ['POST /v1/buyer/stats/data', 'GET /v1/buyer/stats/operations', 'GET /v1/buyer/stats/data'],
          phase: 'deprecated',
          fix: 'todo',
          host: 'unknown',
          owners: ['@acme/data', '@alice'],
        },
        { file: 'src/todo.ts', line: 1, column: 4, rule: 'sunset/no-sunset-todo', message: 'Finish TODO(sunset:campaigns-legacy-status).', owners: [] },
      ],
      errors: [{ file: 'src/broken.ts', line: 4, message: 'Parsing error: Unexpected token )' }],
      notScanned: [],
      summary: {
        asOf: '2019-11-01',
        failOn: 'retired',
        files: 12,
        candidates: 4,
        findings: 3,
        failing: 2,
        baselined: 1,
        errors: 1,
        notScanned: { unreadable: 0, tooLarge: 0, minified: 0, unscannedExtension: 0, excludedByConfig: 0, invalidPackageJson: 0, symbolicLink: 0, nodeModules: 0, gitFolder: 0 },
      },
    });
  });

  it('keeps the documented key order', () => {
    expect(Object.keys(JSON.parse(formatJson(report, jsonContext)) as object)).toEqual(['tool', 'version', 'provenance', 'findings', 'errors', 'notScanned', 'summary']);
    const [first] = (JSON.parse(formatJson(report, jsonContext)) as { findings: object[] }).findings;
    expect(Object.keys(first!)).toEqual(['file', 'line', 'column', 'rule', 'message', 'entry', 'retired', 'replacements', 'phase', 'fix', 'host', 'owners']);
  });

  it('adds the related locations of a finding before its owners, and only when it has some', () => {
    const findings = JSON.parse(formatJson(soapReport, jsonContext)) as { findings: object[] };
    expect(findings.findings).toStrictEqual([
      {
        file: 'src/soap.js',
        line: 7,
        column: 6,
        rule: 'sunset/no-retired-soap-operation',
        message: soapFinding.message,
        entry: 'campaigns-service-get-campaigns',
        retired: 'GetCampaigns',
        replacements: ['GET /v1/buyer/campaigns'],
        phase: 'retired',
        fix: 'todo',
        host: 'unknown',
        related: [{ line: 12, column: 73, endLine: 12, endColumn: 139, message: "the same SOAP request's SOAPAction header" }],
        owners: [],
      },
      { file: 'src/todo.ts', line: 1, column: 4, rule: 'sunset/no-sunset-todo', message: 'Finish TODO(sunset:campaigns-legacy-status).', owners: [] },
    ]);
  });
});

describe('github format', () => {
  it('prints one workflow command per finding and per file not checked', () => {
    expect(formatGithub(report, context).split('\n')).toEqual([
      '::error file=src/api/campaigns.ts,line=3,col=16,endLine=3,endColumn=36,title=sunset/no-legacy-rest-path (campaigns-legacy-list)::' +
        'GET /v1/campaigns is retired (support ended 2019-10-01); use GET /v1/buyer/campaigns.%0AReplacement: GET /v1/buyer/campaigns',
      '::warning file=src/reports/daily report.ts,line=2,col=3,title=sunset/no-sync-reporting (reporting-sync-reportdata)::' +
        'The synchronous report endpoint is deprecated.%0AReplacement: POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations, GET /v1/buyer/stats/data',
      '::error file=src/todo.ts,line=1,col=4,endLine=1,endColumn=40,title=sunset/no-sunset-todo::Finish TODO(sunset:campaigns-legacy-status).',
      '::error file=src/broken.ts,line=4,title=sunset%3A file not checked::Parsing error: Unexpected token )',
      '',
    ]);
  });

  it('escapes %, CR and LF in messages and also : and , in properties', () => {
    expect(escapeData('100% done\r\nnext: a,b')).toBe('100%25 done%0D%0Anext: a,b');
    expect(escapeProperty('C:\\src\\a,b.ts 50%\n')).toBe('C%3A\\src\\a%2Cb.ts 50%25%0A');
    const weird = { ...report, findings: [{ ...report.findings[2]!, file: 'src/a,b:c.ts' }], errors: [] };
    expect(formatGithub(weird, context)).toBe(
      '::error file=src/a%2Cb%3Ac.ts,line=1,col=4,endLine=1,endColumn=40,title=sunset/no-sunset-todo::Finish TODO(sunset:campaigns-legacy-status).\n',
    );
  });
});

describe('stylish format', () => {
  it('groups by file with a code frame, the phase and date, the replacement and a summary', () => {
    expect(formatStylish(report, context)).toBe(
      [
        'src/api/campaigns.ts',
        '  3:16  error  GET /v1/campaigns is retired (support ended 2019-10-01); use GET /v1/buyer/campaigns.  sunset/no-legacy-rest-path',
        '    3 | \tconst list = () => fetch(`${API}/v1/campaigns`);',
        '      | \t              ^^^^^^^^^^^^^^^^^^^^',
        '    retired · support ended 2019-10-01',
        '    use GET /v1/buyer/campaigns (sunset fix rewrites it)',
        '',
        'src/reports/daily report.ts',
        '  2:3  warning  The synchronous report endpoint is deprecated.  sunset/no-sync-reporting',
        '    2 |   post(REPORT_URL, body);',
        '      |   ^^^^^^^^^^^^^^^^^^^^^^^',
        '    deprecated · general availability ended 2019-10-31, support ends 2020-01-31',
        '    candidates POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations, GET /v1/buyer/stats/data (a person decides; sunset fix leaves a TODO)',
        '    why: the asynchronous workflow is different: start the report with POST, poll the operation, then read the data, under other limits',
        '',
        'src/todo.ts',
        '  1:4  error  Finish TODO(sunset:campaigns-legacy-status).  sunset/no-sunset-todo',
        '    1 | // TODO(sunset:campaigns-legacy-status): decide',
        '      |    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
        '',
        'Files that could not be checked',
        '  src/broken.ts:4  Parsing error: Unexpected token )',
        '',
        '✖ 3 findings in 3 files, 1 at or past retired, 1 failing by rule severity, 1 baselined, 1 file not checked (12 files scanned, as of 2019-11-01)',
        '',
      ].join('\n'),
    );
  });

  it("gives the dates of the finding's own phase (its rule's asOf, e.g. inline), not of the run's day", () => {
    // An inline `/* eslint sunset/no-legacy-rest-path: [error, { asOf: '2019-01-01' }] */`: deprecated there, retired on the run's day (2019-11-01).
    const deprecated: Finding = { ...report.findings[0]!, phase: 'deprecated', message: 'GET /v1/campaigns is deprecated (general availability ended 2018-10-01, support ends 2019-10-01): use GET /v1/buyer/campaigns.' };
    const lines = formatStylish({ ...report, findings: [deprecated], errors: [] }, context).split('\n');
    expect(lines.filter((line) => line.includes(' · '))).toEqual(['    deprecated · general availability ended 2018-10-01, support ends 2019-10-01']);
  });

  it('sends the reader to a related place only in another file: one in its own file, named as --project names it, is not "the other file"', () => {
    const sameFile: Finding = { ...soapFinding, related: [{ file: 'src/soap.js', line: 3, column: 3, endLine: 3, endColumn: 40, message: 'env() makes the request here.' }] };
    const otherFile: Finding = { ...soapFinding, related: [{ file: 'src/envelopes.js', line: 3, column: 3, endLine: 3, endColumn: 40, message: 'env() makes the request here.' }] };
    const linesOf = (finding: Finding): string[] =>
      formatStylish({ ...soapReport, findings: [finding] }, context)
        .split('\n')
        .filter((line) => /^ {4}(see|candidates) /.test(line));
    expect(linesOf(sameFile)).toEqual(['    candidates GET /v1/buyer/campaigns (a person decides; sunset fix leaves a TODO)']);
    expect(linesOf(otherFile)).toEqual([
      '    see src/envelopes.js:3:3: env() makes the request here.',
      '    candidates GET /v1/buyer/campaigns (a person decides; the value is written in the other file named above)',
    ]);
  });

  it('does not say the value is written elsewhere when only the client is made in another file (the path is written here)', () => {
    const clientOnly: Finding = { ...soapFinding, related: [{ file: 'src/api/http.ts', line: 2, column: 14, endLine: 2, endColumn: 20, message: 'The client is created here as adform.' }] };
    const lines = formatStylish({ ...soapReport, findings: [clientOnly] }, context)
      .split('\n')
      .filter((line) => /^ {4}(see|candidates) /.test(line));
    expect(lines).toEqual(['    see src/api/http.ts:2:14: The client is created here as adform.', '    candidates GET /v1/buyer/campaigns (a person decides; sunset fix leaves a TODO)']);
  });

  it('colours the output only when asked', () => {
    const coloured = formatStylish(report, { ...context, color: true });
    expect(coloured).toContain('\u001b[31merror\u001b[39m');
    expect(formatStylish(report, context)).not.toContain('\u001b[');
  });

  it('prints a green summary line when nothing fails', () => {
    const clean = { findings: [], errors: [], notScanned: [], summary: { ...report.summary, findings: 0, failing: 0, baselined: 0, errors: 0 } };
    expect(formatStylish(clean, context)).toBe('✔ 0 findings in 0 files, 0 at or past retired (12 files scanned, as of 2019-11-01)\n');
  });

  it('counts files not scanned in the summary, and marks it ! (yellow) when more than the config ignores were left out', () => {
    const clean: CheckReport = { findings: [], errors: [], notScanned: [], summary: { ...report.summary, findings: 0, failing: 0, baselined: 0, errors: 0 } };
    const excluded: CheckReport = {
      ...clean,
      notScanned: [{ file: 'src/fixtures/f.ts', reason: 'excluded-by-config', message: "Not scanned: excluded by the config's ignores." }],
      summary: { ...clean.summary, notScanned: { ...clean.summary.notScanned, excludedByConfig: 1 } },
    };
    expect(formatStylish(excluded, context)).toBe(
      '✔ 0 findings in 0 files, 0 at or past retired, 1 file not scanned (1 excluded by config) (12 files scanned, as of 2019-11-01)\n',
    );
    const partial: CheckReport = {
      ...clean,
      notScanned: [
        ...excluded.notScanned,
        { file: 'dist/app.min.js', reason: 'minified', message: 'Not scanned: it looks minified.' },
        { file: 'data/huge.js', reason: 'too-large', message: 'Not scanned: too large.' },
      ],
      summary: { ...clean.summary, notScanned: { ...clean.summary.notScanned, tooLarge: 1, minified: 1, excludedByConfig: 1 } },
    };
    expect(formatStylish(partial, context)).toBe(
      '! 0 findings in 0 files, 0 at or past retired, 3 files not scanned (1 too large, 1 minified, 1 excluded by config) (10 files scanned, as of 2019-11-01)\n',
    );
    expect(formatStylish(partial, { ...context, color: true })).toMatch(/^\u001b\[33m!\u001b\[39m /);
    // An unreadable file is an error too ("not checked", exit 1): counted once, as not checked.
    const unreadable: CheckReport = {
      ...clean,
      errors: [{ file: 'src/secret.ts', message: 'Cannot read the file: permission denied.' }],
      summary: { ...clean.summary, errors: 1, notScanned: { ...clean.summary.notScanned, unreadable: 1 } },
    };
    expect(formatStylish(unreadable, context).split('\n').at(-2)).toBe(
      '✖ 0 findings in 0 files, 0 at or past retired, 1 file not checked (12 files scanned, as of 2019-11-01)',
    );
  });
});

describe('sarif format', () => {
  // The official OASIS SARIF 2.1.0 (rtm.5) schema, as shipped by @microsoft/jest-sarif; it is draft-04.
  const schemaPath = createRequire(import.meta.url).resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
  const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as object;
  const ajv = new AjvDraft04.default({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats.default(ajv);
  const validate = ajv.compile(schema);

  it('validates against the SARIF 2.1.0 schema', () => {
    const log: unknown = JSON.parse(formatSarif(report, { ...context, docsUrl: 'https://example.com/sunset/README.md' }));
    const valid = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('validates with related locations, which become relatedLocations in the same file', () => {
    const log = JSON.parse(formatSarif(soapReport, context)) as { runs: [{ results: Record<string, unknown>[] }] };
    const valid = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(log.runs[0].results[0]).toEqual({
      ruleId: 'campaigns-service-get-campaigns',
      ruleIndex: 0,
      level: 'error',
      message: { text: `${soapFinding.message} Replacement: GET /v1/buyer/campaigns.` },
      locations: [
        { physicalLocation: { artifactLocation: { uri: 'src/soap.js', uriBaseId: '%SRCROOT%' }, region: { startLine: 7, startColumn: 6, endLine: 7, endColumn: 18 } } },
      ],
      relatedLocations: [
        {
          id: 0,
          message: { text: "the same SOAP request's SOAPAction header" },
          physicalLocation: { artifactLocation: { uri: 'src/soap.js', uriBaseId: '%SRCROOT%' }, region: { startLine: 12, startColumn: 73, endLine: 12, endColumn: 139 } },
        },
      ],
      partialFingerprints: { 'sunsetFingerprint/v1': 'f1' },
      properties: { eslintRule: 'sunset/no-retired-soap-operation', phase: 'retired', fix: 'todo' },
    });
    expect(Object.keys(log.runs[0].results[1]!)).toEqual(['ruleId', 'ruleIndex', 'level', 'message', 'locations', 'partialFingerprints', 'properties']);
  });

  it('words an imported entry\'s rule by its phase and its API, and says when no removal is announced', () => {
    const catalog = createCatalog(
      [{ id: 'get-legacy', retired: 'GET /legacy', api: 'vendor', gaEnds: '2026-11-27', supportEnds: '9999-12-31', service: 'Vendor API (openapi:vendor.yaml)' }],
      'customEntries',
      [{ id: 'vendor', name: 'Vendor API', hosts: ['api.vendor.example'], basePaths: [''] }],
    );
    const finding: Finding = {
      file: 'src/api/campaigns.ts',
      line: 3,
      column: 16,
      rule: 'sunset/no-legacy-rest-path',
      message: 'GET /legacy is deprecated (general availability ended 2026-11-27, no removal announced): GET /legacy has no replacement; this call needs a manual migration.',
      entry: 'get-legacy',
      retired: 'GET /legacy',
      replacements: [],
      phase: 'deprecated',
      fix: 'todo',
      severity: 'error',
    };
    const imported = { ...report, findings: [finding], errors: [], summary: { ...report.summary, asOf: '2026-11-28', findings: 1, failing: 1, errors: 0 } };
    const log = JSON.parse(formatSarif(imported, { ...context, asOf: '2026-11-28', catalog, fingerprints: ['f1'] })) as { runs: [{ tool: { driver: { rules: Record<string, unknown>[] } } }] };
    const [rule] = log.runs[0].tool.driver.rules;
    expect([rule!['shortDescription'], rule!['fullDescription'], rule!['help']]).toEqual([
      { text: 'GET /legacy is deprecated (general availability ended 2026-11-27, no removal announced).' },
      { text: 'Vendor API (openapi:vendor.yaml): GET /legacy. General availability ends 2026-11-27; no removal announced. Replacement: none named by the spec.' },
      {
        text: [
          'GET /legacy (Vendor API (openapi:vendor.yaml)) is deprecated by Vendor API.',
          'General availability ends 2026-11-27; no removal announced.',
          'Replacement: none named by the spec.',
          'A person must decide: a person must choose how to migrate this call. `sunset fix` leaves a TODO(sunset:get-legacy) comment.',
        ].join('\n'),
        markdown: [
          '**GET /legacy** (Vendor API (openapi:vendor.yaml)) is deprecated by Vendor API.',
          '',
          '| General availability ends | Support ends |',
          '|---|---|',
          '| 2026-11-27 | no removal announced |',
          '',
          'Replacement: none named by the spec.',
          '',
          'A person must decide: a person must choose how to migrate this call. `sunset fix` leaves a TODO(sunset:get-legacy) comment.',
        ].join('\n'),
      },
    ]);
    const stylish = formatStylish(imported, { ...context, asOf: '2026-11-28', catalog });
    expect(stylish).toContain('    deprecated · general availability ended 2026-11-27, no removal announced\n');
    expect(stylish).not.toContain('9999');
  });

  it('the schema rejects a log without runs (it can fail)', () => {
    expect(validate({ version: '2.1.0' })).toBe(false);
    expect(validate({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, level: 'fatal' }] }] })).toBe(false);
  });

  it("without a docs URL, points the driver at the CLI's README and each rule at its rule's page, at the project's one address", () => {
    const log = JSON.parse(formatSarif(report, context)) as { runs: [{ tool: { driver: { informationUri: string; rules: { id: string; helpUri?: string }[] } } }] };
    const { driver } = log.runs[0].tool;
    const site = 'https://github.com/sunset-tools/sunset/blob/main/packages';
    expect([driver.informationUri, driver.rules.map((rule) => [rule.id, rule.helpUri])]).toEqual([
      `${site}/cli/README.md`,
      [
        ['campaigns-legacy-list', `${site}/eslint-plugin/docs/rules/no-legacy-rest-path.md`],
        ['reporting-sync-reportdata', `${site}/eslint-plugin/docs/rules/no-sync-reporting.md`],
        ['sunset/no-sunset-todo', `${site}/eslint-plugin/docs/rules/no-sunset-todo.md`],
      ],
    ]);
  });

  it('has one rule per entry with schedule and replacements, and results with regions and fingerprints', () => {
    const log = JSON.parse(formatSarif(report, { ...context, docsUrl: 'https://example.com/docs' })) as {
      runs: [{ tool: { driver: { rules: Record<string, unknown>[] } }; results: Record<string, unknown>[]; invocations: unknown[] }];
    };
    const [run] = log.runs;
    expect(run.tool.driver.rules.map((rule) => rule.id)).toEqual(['campaigns-legacy-list', 'reporting-sync-reportdata', 'sunset/no-sunset-todo']);
    expect(run.tool.driver.rules[1]).toEqual({
      id: 'reporting-sync-reportdata',
      name: 'POST /v1/reportingstats/agency/reportdata',
      shortDescription: { text: 'POST /v1/reportingstats/agency/reportdata is deprecated (general availability ended 2019-10-31, support ends 2020-01-31).' },
      fullDescription: {
        text:
          'Synchronous reporting API: POST /v1/reportingstats/agency/reportdata. General availability ends 2019-10-31; support ends 2020-01-31. ' +
          'Replacement: POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations, GET /v1/buyer/stats/data.',
      },
      help: {
        text: [
          'POST /v1/reportingstats/agency/reportdata (Synchronous reporting API) is deprecated by the platform.',
          'General availability ends 2019-10-31; support ends 2020-01-31.',
          'Replacement: POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations, GET /v1/buyer/stats/data.',
          'A person must decide: the asynchronous workflow is different: start the report with POST, poll the operation, then read the data, under other limits. `sunset fix` leaves a TODO(sunset:reporting-sync-reportdata) comment.',
        ].join('\n'),
        markdown: [
          '**POST /v1/reportingstats/agency/reportdata** (Synchronous reporting API) is deprecated by the platform.',
          '',
          '| General availability ends | Support ends |',
          '|---|---|',
          '| 2019-10-31 | 2020-01-31 |',
          '',
          'Replacement: `POST /v1/buyer/stats/data`, `GET /v1/buyer/stats/operations`, `GET /v1/buyer/stats/data`.',
          '',
          'A person must decide: the asynchronous workflow is different: start the report with POST, poll the operation, then read the data, under other limits. `sunset fix` leaves a TODO(sunset:reporting-sync-reportdata) comment.',
        ].join('\n'),
      },
      helpUri: 'https://example.com/docs#reporting-sync-reportdata',
      defaultConfiguration: { level: 'error' },
      properties: { tags: ['retired-api', 'reporting'], precision: 'high', gaEnds: '2019-10-31', supportEnds: '2020-01-31', migration: 'todo' },
    });
    expect(run.results[0]).toEqual({
      ruleId: 'campaigns-legacy-list',
      ruleIndex: 0,
      level: 'error',
      message: { text: 'GET /v1/campaigns is retired (support ended 2019-10-01); use GET /v1/buyer/campaigns. Replacement: GET /v1/buyer/campaigns.' },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'src/api/campaigns.ts', uriBaseId: '%SRCROOT%' },
            region: { startLine: 3, startColumn: 16, endLine: 3, endColumn: 36 },
          },
        },
      ],
      partialFingerprints: { 'sunsetFingerprint/v1': 'f1' },
      properties: { eslintRule: 'sunset/no-legacy-rest-path', phase: 'retired', fix: 'rewrite' },
    });
    expect(run.results.map((result) => [result.ruleIndex, result.level])).toEqual([[0, 'error'], [1, 'warning'], [2, 'error']]);
    expect((run.results[1]!.locations as [{ physicalLocation: { artifactLocation: { uri: string } } }])[0].physicalLocation.artifactLocation.uri).toBe(
      'src/reports/daily%20report.ts',
    );
    expect(run.invocations).toEqual([
      {
        executionSuccessful: true,
        toolExecutionNotifications: [
          {
            level: 'error',
            message: { text: 'Parsing error: Unexpected token )' },
            locations: [{ physicalLocation: { artifactLocation: { uri: 'src/broken.ts', uriBaseId: '%SRCROOT%' }, region: { startLine: 4 } } }],
          },
        ],
      },
    ]);
  });
});
