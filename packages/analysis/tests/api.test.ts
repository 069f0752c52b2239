import { readFileSync } from 'node:fs';
import { analyzeFile, checks, indexFile, mightNeedAnalysis, planFix } from '@sunset/analysis';
import { ConfigError } from '@sunset/config';
import { builtinEntries, createCatalog, ruleNames } from '@sunset/rule-data';
import type { TSESTree } from '@typescript-eslint/types';
import { describe, expect, it } from 'vitest';
import { httpCallFormCases } from './cases/http-call-forms.js';
import { editCases, hidingPlaceCases } from './cases/hiding-places.js';
import { soapCases } from './cases/soap.js';
import { analyze, type Case } from './harness.js';
import { analysisOptions, parseWith } from './parsers.js';

const options = analysisOptions();

describe('finding fields', () => {
  const code = [
    'export class Reports {',
    '  async run(query) {',
    "    const response = await fetch(`${this.base}/v1/reportingstats/agency/reportdata`, { method: 'POST', body: query });",
    '    return response.json();',
    '  }',
    '}',
  ].join('\n');

  it.each([
    ['typescript-estree', 'a.ts'],
    ['espree', 'a.js'],
    ['oxc', 'a.js'],
  ] as const)('carry rule, message, data, range, suggestions and the retirement facts (%s)', (parser, filename) => {
    const findings = analyzeFile(parseWith(parser, code, filename), analysisOptions({ asOf: '2019-11-15' }));
    const urlStart = code.indexOf('`${this.base}');
    const urlEnd = code.indexOf('`, { method') + 1;
    const statementStart = code.indexOf('const response');
    const todoText =
      'TODO(sunset:reporting-sync-reportdata): migrate POST /v1/reportingstats/agency/reportdata: the asynchronous workflow is different: start the report with POST, poll the operation, then read the data, under other limits\ncandidates POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations, GET /v1/buyer/stats/data\ngeneral availability ended 2019-10-31, support ends 2020-01-31';
    const entry = builtinEntries.find((candidate) => candidate.id === 'reporting-sync-reportdata')!;
    expect(findings).toEqual([
      {
        rule: 'no-sync-reporting',
        messageId: 'retiredTodo',
        data: {
          retiredKey: 'POST /v1/reportingstats/agency/reportdata',
          phase: 'deprecated',
          schedule: 'general availability ended 2019-10-31, support ends 2020-01-31',
          replacements: 'use one of POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations or GET /v1/buyer/stats/data',
        },
        message:
          'POST /v1/reportingstats/agency/reportdata is deprecated (general availability ended 2019-10-31, support ends 2020-01-31): use one of POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations or GET /v1/buyer/stats/data; this call needs a manual migration.',
        range: [urlStart, urlEnd],
        suggestions: [
          {
            messageId: 'insertTodo',
            data: { entryId: 'reporting-sync-reportdata' },
            message: 'Insert a TODO(sunset:reporting-sync-reportdata) comment above the statement.',
            edits: [
              {
                range: [code.indexOf('    const response'), code.indexOf('    const response')],
                text: [
                  '    // TODO(sunset:reporting-sync-reportdata): migrate POST /v1/reportingstats/agency/reportdata:',
                  '    //     the asynchronous workflow is different: start the report with POST, poll the operation,',
                  '    //     then read the data, under other limits',
                  '    //   candidates POST /v1/buyer/stats/data,',
                  '    //     GET /v1/buyer/stats/operations, GET /v1/buyer/stats/data',
                  '    //   general availability ended 2019-10-31, support ends 2020-01-31',
                  '',
                ].join('\n'),
              },
            ],
          },
          // No switch to POST /v1/buyer/stats/data: the replacements are a workflow (start, poll, read), none of them alone this call's.
        ],
        related: [],
        retirement: {
          entry,
          retiredKey: 'POST /v1/reportingstats/agency/reportdata',
          method: 'POST',
          replacements: entry.replacements,
          phase: 'deprecated',
          migration: 'todo',
          form: 'fetch',
          todoText,
          statementStart,
          candidates: [],
        },
      },
    ]);
  });

  it('carries the autofix of a one-to-one rewrite, and no suggestions then', () => {
    const source = "fetch('/v1/campaigns/dictionaries/clients');";
    const [finding, ...rest] = analyzeFile(parseWith('oxc', source, 'a.js'), options);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      rule: 'no-legacy-rest-path',
      messageId: 'retiredRewrite',
      message: 'GET /v1/campaigns/dictionaries/clients is retired (support ended 2019-10-01): use GET /v1/buyer/advertisers.',
      fix: [{ range: [source.indexOf('campaigns'), source.indexOf("');")], text: 'buyer/advertisers' }],
      suggestions: [],
      retirement: { migration: 'rewrite', form: 'fetch', method: 'GET' },
    });
  });

  it('leaves out the TODO suggestion when the statement already has its marker', () => {
    const source = '// TODO(sunset:campaigns-legacy-get): pick one\nfetch(`/v1/campaigns/${id}`);';
    const [finding] = analyzeFile(parseWith('oxc', source, 'a.js'), options, { 'no-legacy-rest-path': [] });
    expect(finding?.suggestions.map((suggestion) => suggestion.message)).toEqual(['Switch to GET /v1/buyer/campaigns/{id}.', 'Switch to GET /v1/buyer/campaigns/{id}/rtbSettings.']);
  });

  it('computes the phase at asOf: scheduled before the GA end (reported only when asked), retired from the support end', () => {
    const source = "fetch('/v1/campaigns/dictionaries/clients');";
    const phaseAt = (asOf: string, reportScheduled = false): string | undefined =>
      analyzeFile(parseWith('espree', source, 'a.js'), analysisOptions({ asOf, reportScheduled, scheduledWithinDays: 90 }))[0]?.retirement?.phase;
    expect(phaseAt('2018-09-30')).toBeUndefined();
    expect(phaseAt('2018-09-30', true)).toBe('scheduled');
    expect(phaseAt('2018-06-01', true)).toBeUndefined();
    expect(phaseAt('2018-10-01')).toBe('deprecated');
    expect(phaseAt('2019-10-01')).toBe('retired');
  });

  it('lets the rule options of a retirement rule override the analysis options', () => {
    const source = "fetch('https://other.example/v1/campaigns/dictionaries/clients');";
    const file = parseWith('oxc', source, 'a.js');
    expect(analyzeFile(file, options, { 'no-legacy-rest-path': [{ apiHosts: ['api.example.com'] }] })).toEqual([]);
    expect(analyzeFile(file, options, { 'no-legacy-rest-path': [{ asOf: '2019-01-01' }] })[0]?.data.phase).toBe('deprecated');
  });

  it('validates the rule options before it reads the file, with the message of every other place', () => {
    const file = parseWith('oxc', 'const nothingRetiredHere = 1;', 'a.js');
    expect(() => analyzeFile(file, options, { 'no-legacy-rest-path': [{ asOf: '2026-13-01' }] })).toThrow(ConfigError);
    expect(() => analyzeFile(file, options, { 'no-legacy-rest-path': [{ asOf: '2026-13-01' }] })).toThrow(
      'Invalid Sunset option `rules.sunset/no-legacy-rest-path[1].asOf`: "2026-13-01" is not a day on the calendar. Fix it where the rule\'s options are set (eslint.config.* or an inline /* eslint */ comment for ESLint, .oxlintrc.json for oxlint).',
    );
  });

  it('takes a statement start of a class member for a finding in a field initializer', () => {
    const source = "class A {\n  api = axios.create({ baseURL: B });\n  list = () => this.api.get('/v1/campaigns/dictionaries/clients');\n}";
    for (const parser of ['typescript-estree', 'oxc'] as const) {
      const [finding] = analyze(parser, 'a.ts', source);
      expect(finding?.retirement?.statementStart).toBe(source.indexOf('list ='));
    }
  });

  it("takes the chain's statement for a one-line callback on a chain's continuation line; a statement after another in a block keeps its own", () => {
    const chained = [
      'export function list() {',
      "  return soap.createClientAsync('https://api.adform.com/Services/AdvertiserService.svc?wsdl')",
      '    .then(function (c) { return c.GetAdvertisersAsync({}); })',
      '    .then((res) => res[0]);',
      '}',
    ].join('\n');
    const block = ['export function list(done) {', "  soap.createClient('https://api.adform.com/Services/AdvertiserService.svc?wsdl', (err, c) => {", '    log(c); c.GetAdvertisers({}, done);', '  });', '}'].join('\n');
    for (const parser of ['typescript-estree', 'oxc'] as const) {
      expect(analyze(parser, 'a.ts', chained).map((finding) => finding.retirement?.statementStart)).toEqual([chained.indexOf('return soap')]);
      expect(analyze(parser, 'a.ts', block).map((finding) => finding.retirement?.statementStart)).toEqual([block.indexOf('c.GetAdvertisers')]);
    }
  });
});

describe('checks', () => {
  it('has one check per rule name, alphabetically, each naming itself', () => {
    expect(Object.keys(checks)).toEqual([...ruleNames]);
    for (const name of ruleNames) expect(checks[name].meta.name).toBe(name);
  });

  it('moves the options of reporting-request-limits into its meta', () => {
    const { meta } = checks['reporting-request-limits'];
    expect(meta.defaultOptions).toEqual([{}]);
    expect(meta.optionsSchema).toHaveLength(1);
    expect(Object.keys((meta.optionsSchema[0] as { properties: object }).properties)).toEqual([
      'datePeriodFilterPattern',
      'metricsKeys',
      'dimensionsKeys',
      'pagingKeys',
      'pagingLimitKeys',
    ]);
  });

  it('runs every recommended check by default, sorted by position', () => {
    const source = "// TODO(sunset:nope): x\nconst CLIENT_SECRET = 's3cr3t';\nfetch('/v1/campaigns/dictionaries/clients');";
    expect(analyzeFile(parseWith('oxc', source, 'a.js'), options).map((finding) => finding.rule)).toEqual([
      'no-sunset-todo',
      'no-client-secret-in-source',
      'no-legacy-rest-path',
    ]);
  });

  it('shares one index between checks: the retirement findings are computed once per asOf and host list', () => {
    const source = "fetch('/v1/campaigns/dictionaries/clients');";
    const index = indexFile(parseWith('oxc', source, 'a.js'), options);
    const first = checks['no-legacy-rest-path'].run(index, options, []);
    expect(checks['no-legacy-rest-path'].run(index, options, [])).toEqual(first);
    expect(index.cached<{ calls: unknown[] } | undefined>(`retired-calls:${JSON.stringify([options.asOf, null])}`, () => undefined)?.calls).toHaveLength(1);
  });
});

describe('the index of a tree indexed twice', () => {
  const source = "const base = '/v1/campaigns';\nfunction load(id) {\n  const base = '/v2/other';\n  return fetch(base + '/dictionaries/clients');\n}\nfetch(base + '/dictionaries/clients');";

  it('gives the second index the same scopes and parents as the first, and the first keeps them', () => {
    const file = parseWith('oxc', source, 'a.js');
    const first = indexFile(file, options);
    const second = indexFile(file, options);
    for (const index of [first, second]) {
      expect(index.scope.calls).toHaveLength(2);
      const [inner, outer] = index.scope.calls.map((call) => (call.arguments[0] as TSESTree.BinaryExpression).left as TSESTree.Identifier);
      expect(index.scope.resolve(inner!)?.init).toMatchObject({ value: '/v2/other' });
      expect(index.scope.resolve(outer!)?.init).toMatchObject({ value: '/v1/campaigns' });
      expect(index.scope.parentOf(inner!)?.type).toBe('BinaryExpression');
      expect(index.scope.parentOf(file.program)).toBeUndefined();
    }
    expect(analyzeFile(file, options).map((finding) => [finding.rule, finding.range])).toEqual([['no-legacy-rest-path', [134, 164]]]);
  });

  it('leaves no key on the nodes that a key-walking traverser (ESLint) would follow', () => {
    const file = parseWith('typescript-estree', source, 'a.js');
    const keysBefore = JSON.stringify(file.program, (key, value: unknown) => (key === 'parent' ? undefined : value));
    indexFile(file, options);
    expect(JSON.stringify(file.program, (key, value: unknown) => (key === 'parent' ? undefined : value))).toBe(keysBefore);
  });
});

describe('coverage of the tables', () => {
  it('finds every built-in entry in at least one case', () => {
    const all: Case[] = [...httpCallFormCases, ...hidingPlaceCases, ...editCases, ...soapCases];
    const found = new Set(all.flatMap((testCase) => testCase.expected.map((expected) => expected.id)));
    expect(builtinEntries.filter((entry) => !found.has(entry.id)).map((entry) => entry.id)).toEqual([]);
  });
});

describe('mightNeedAnalysis', () => {
  it('passes files that mention a retired path segment or operation and skips the rest', () => {
    expect(mightNeedAnalysis("fetch('/v1/Campaigns')", options)).toBe(true);
    expect(mightNeedAnalysis('client.GetUsersAsync()', options)).toBe(true);
    expect(mightNeedAnalysis("fetch('/v1/orders')", options)).toBe(false);
  });

  it('passes files a request check or no-sunset-todo may report on', () => {
    expect(mightNeedAnalysis("fetch('/v1/buyer/stats/data', { method: 'POST' })", options)).toBe(true);
    expect(mightNeedAnalysis('const CLIENT_SECRET = x;', options)).toBe(true);
    expect(mightNeedAnalysis('// TODO(sunset:campaigns-legacy-get): later', options)).toBe(true);
    expect(mightNeedAnalysis('// TODO: later', options)).toBe(false);
  });

  // Why the prefilter passes a whole file and has no second filter per rule family: a family's finding
  // does not need that family's needle when another needle made the file a candidate.
  it.each([
    {
      name: 'a report request whose path is split, in a file that names only the identity endpoint',
      code: [
        "const STATS = 'https://api.adform.com/v1/buyer/stats';",
        "export const LOGIN = 'https://id.adform.com/sts/connect/authorize';",
        "fetch(STATS + '/data', { method: 'POST', body: JSON.stringify({ metrics: ['impressions'] }) });",
      ],
      rule: 'reporting-request-limits',
      text: "JSON.stringify({ metrics: ['impressions'] })",
    },
    {
      name: "a Basic credential after a tab, in a file that names only the report endpoint with GET (no 'basic ' needle)",
      code: ["fetch('https://api.adform.com/v1/buyer/stats/data');", 'const headers = { Authorization: `Basic\tY2xpZW50OnNlY3JldA==` };'],
      rule: 'no-client-secret-in-source',
      text: '`Basic\tY2xpZW50OnNlY3JldA==`',
    },
  ])('passes, and the analysis reports, $name', ({ code, rule, text }) => {
    const source = code.join('\n');
    expect(mightNeedAnalysis(source, options)).toBe(true);
    const findings = analyzeFile(parseWith('oxc', source, 'a.ts'), analysisOptions({ asOf: '2026-11-21' }));
    expect(findings.map((finding) => [finding.rule, source.slice(finding.range[0], finding.range[1])])).toEqual([[rule, text]]);
  });

  it('honours custom entries from the catalog option', () => {
    const catalog = createCatalog([{ id: 'old-proxy', retired: 'GET /proxy/legacyreports', gaEnds: '2025-01-01', supportEnds: '2025-06-01' }]);
    expect(mightNeedAnalysis("fetch('/proxy/legacyreports')", options)).toBe(false);
    expect(mightNeedAnalysis("fetch('/proxy/legacyreports')", analysisOptions({ catalog }))).toBe(true);
  });

  it('passes every file in type-aware mode, where a retired path may come from another file', () => {
    expect(mightNeedAnalysis("fetch('/v1/orders')", analysisOptions({ resolveIdentifier: () => undefined }))).toBe(true);
  });
});

describe('findings and fix planning', () => {
  it('plan the codemod fixture of a SOAP request: one TODO above the request, one above the lone envelope', () => {
    const fixture = (name: string): string => readFileSync(new URL(`../../../fixtures/codemod/soap-operations/envelope-and-action.${name}.js`, import.meta.url), 'utf8');
    const input = fixture('input');
    const findings = analyzeFile(parseWith('oxc', input, 'envelope-and-action.js'), options);
    expect(findings.map((finding) => [finding.rule, finding.related.length])).toEqual([
      ['no-retired-soap-operation', 1],
      ['no-retired-soap-operation', 0],
    ]);
    expect(planFix(input, findings, 'envelope-and-action.js').output).toBe(fixture('output'));
  });
});
