import { analyzeFile, type AnalysisOptions, type Finding } from '@sunset/analysis';
import { builtinEntries, createCatalog } from '@sunset/rule-data';
import { describe, expect, it } from 'vitest';
import { analysisOptions, parseWith, type ParserName } from './parsers.js';

// Each case lists the problems as (kind, the reported source text, workflow/limit/actual or detail),
// read back from the findings of the request checks; every case runs under typescript-estree and oxc.
const parsers: readonly [ParserName, string][] = [
  ['typescript-estree', 'case.ts'],
  ['oxc', 'case.ts'],
];
const asOf = '2026-11-21';
/** The synchronous reporting API's schedule in rule-data: served until support ends, retired from that day. */
const syncSchedule = builtinEntries.find((entry) => entry.id === 'reporting-sync-reportdata')!.schedule;
const syncRetired = syncSchedule.supportEnds;
const syncStillServed = '2020-01-15';

const kindOf: Readonly<Record<string, string>> = {
  missingDatePeriodFilter: 'missing-date-period-filter',
  missingMetric: 'missing-metric',
  tooManyDimensions: 'too-many-dimensions',
  tooManyMetrics: 'too-many-metrics',
  pageLimitTooLarge: 'page-limit-too-large',
  startDateTooFarBack: 'start-date-too-far-back',
  redirectUriNotHttps: 'redirect-uri-not-https',
  missingState: 'missing-state',
  missingNonce: 'missing-nonce',
  offlineAccessWithoutCodeFlow: 'offline-access-without-code-flow',
  clientSecretLiteral: 'client-secret-literal',
  basicCredentialLiteral: 'basic-credential-literal',
  clientSecretInImplicitFlow: 'client-secret-in-implicit-flow',
  tokenRequestJsonBody: 'token-request-json-body',
  tokenRequestSecretInUrl: 'token-request-secret-in-url',
};

const oauthRules = {
  'no-client-secret-in-source': [],
  'oauth-authorize-state': [],
  'oauth-offline-access-code-flow': [],
  'oauth-redirect-uri-https': [],
  'oauth-token-form-body': [],
} as const;

/** The order the OAuth analysis listed its problems in: by place, then by kind. */
const byRangeThenKind = (a: Finding, b: Finding): number => a.range[0] - b.range[0] || a.range[1] - b.range[1] || kindOf[a.messageId]!.localeCompare(kindOf[b.messageId]!);

function reportProblems(code: string, options: Partial<AnalysisOptions> = {}, ruleOptions: object = {}): unknown[][] {
  return parsers.map(([parser, filename]) =>
    analyzeFile(parseWith(parser, code, filename), analysisOptions({ asOf, ...options }), { 'reporting-request-limits': [ruleOptions] }).map((finding) => [
      kindOf[finding.messageId],
      code.slice(finding.range[0], finding.range[1]),
      finding.data.workflow,
      finding.data.limit,
      finding.data.actual,
    ]),
  );
}

function oauthProblems(code: string, options: Partial<AnalysisOptions> = {}): unknown[][] {
  return parsers.map(([parser, filename]) =>
    analyzeFile(parseWith(parser, code, filename), analysisOptions({ asOf, ...options }), oauthRules)
      .sort(byRangeThenKind)
      .map((finding) => [kindOf[finding.messageId], code.slice(finding.range[0], finding.range[1]), (finding.data.actual ?? finding.data.responseType) || undefined]),
  );
}

/** The findings of no-client-secret-in-source as (rule, line, column from 1, message id, message data). */
function secretFindings(code: string): unknown[][] {
  return parsers.map(([parser, filename]) =>
    analyzeFile(parseWith(parser, code, filename), analysisOptions({ asOf }), { 'no-client-secret-in-source': [] }).map((finding) => {
      const before = code.slice(0, finding.range[0]);
      return [finding.rule, before.split('\n').length, finding.range[0] - before.lastIndexOf('\n'), finding.messageId, finding.data];
    }),
  );
}

/** The plugin formatted counts for messages (`100,000`) and left unknown ones empty. */
const formatted = (value: unknown): unknown => (typeof value === 'number' ? value.toLocaleString('en-US') : (value ?? ''));

const both = <T,>(value: T): T[] => [value, value];

/** Report rows as the messages' data show them. */
const reportRows = (rows: readonly (readonly unknown[])[]): unknown[][][] =>
  both(rows.map(([kind, text, workflow, limit, actual]) => [kind, text, workflow, formatted(limit), formatted(actual)]));


describe('reporting-request-limits', () => {
  it('reports too many dimensions and metrics, a page limit and an old start date in a synchronous request', () => {
    const code = [
      "await axios.post(`${API}/v1/reportingstats/agency/reportdata`, {",
      "  datePeriod: { from: '2019-01-01', to: '2019-02-01' },",
      "  dimensions: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'],",
      "  metrics: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11'],",
      '  paging: { limit: 5000, offset: 0 },',
      '});',
    ].join('\n');
    expect(reportProblems(code, { asOf: syncStillServed })).toEqual(
      reportRows([
        ['start-date-too-far-back', "'2019-01-01'", 'synchronous', 365, '2019-01-01'],
        ['too-many-dimensions', "['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']", 'synchronous', 8, 9],
        ['too-many-metrics', "['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11']", 'synchronous', 10, 11],
        ['page-limit-too-large', '5000', 'synchronous', 3000, 5000],
      ]),
    );
  });

  it("leaves a synchronous request to no-sync-reporting once that API is retired: one request, one finding", () => {
    const code = [
      "axios.post('/v1/reportingstats/agency/reportdata', { dimensions: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'], paging: { limit: 5000 } });",
      "axios.post('/v1/reportingstats/agency/reportdata', {});",
    ].join('\n');
    expect(syncStillServed < syncRetired).toBe(true);
    expect(reportProblems(code, { asOf: syncStillServed })).toEqual(
      reportRows([
        ['missing-date-period-filter', "{ dimensions: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'], paging: { limit: 5000 } }", 'synchronous', undefined, undefined],
        ['missing-metric', "{ dimensions: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'], paging: { limit: 5000 } }", 'synchronous', 1, 0],
        ['too-many-dimensions', "['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']", 'synchronous', 8, 9],
        ['page-limit-too-large', '5000', 'synchronous', 3000, 5000],
        ['missing-date-period-filter', '{}', 'synchronous', undefined, undefined],
        ['missing-metric', '{}', 'synchronous', 1, 0],
      ]),
    );
    // The day support ends (the entry's schedule) and after: the retirement rule's finding alone.
    expect(reportProblems(code, { asOf: syncRetired })).toEqual(both([]));
    expect(reportProblems(code)).toEqual(both([]));
    for (const [parser, filename] of parsers) {
      const findings = analyzeFile(parseWith(parser, code, filename), analysisOptions({ asOf }));
      expect(findings.map((finding) => `${finding.rule} ${code.slice(finding.range[0], finding.range[1])}`)).toEqual([
        "no-sync-reporting '/v1/reportingstats/agency/reportdata'",
        "no-sync-reporting '/v1/reportingstats/agency/reportdata'",
      ]);
    }
  });

  it('applies the asynchronous limits: no dimension or metric cap, 100 000 rows, 0 for unlimited, 397 days', () => {
    const code = [
      'const request = {',
      "  dateFrom: '2025-10-20',",
      "  dimensions: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'],",
      "  metrics: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11'],",
      '  paging: { limit: 0 },',
      '};',
      "fetch('/v1/buyer/stats/data', { method: 'POST', body: JSON.stringify(request) });",
      "fetch('/v1/buyer/stats/data', { method: 'POST', body: JSON.stringify({ ...request, paging: { limit: 100001 } }) });",
      "fetch('/v1/buyer/stats/data', { method: 'POST', body: JSON.stringify({ dateFrom: '2025-10-19', metrics: ['m'], paging: { limit: 100000 } }) });",
    ].join('\n');
    expect(reportProblems(code)).toEqual(
      reportRows([
        ['page-limit-too-large', '100001', 'asynchronous', 100000, 100001],
        ['start-date-too-far-back', "'2025-10-19'", 'asynchronous', 397, '2025-10-19'],
      ]),
    );
  });

  it('requires a date period filter and a metric when the whole body is known', () => {
    const code = [
      "const URL = 'https://api.example.com/v1/reportingstats/agency/reportdata';",
      "axios.post(URL, { dimensions: ['campaign'], paging: { limit: 100 } });",
      "axios.post(URL, { metrics: [], period: { last: 7 } });",
    ].join('\n');
    expect(reportProblems(code, { asOf: syncStillServed })).toEqual(
      reportRows([
        ['missing-date-period-filter', "{ dimensions: ['campaign'], paging: { limit: 100 } }", 'synchronous', undefined, undefined],
        ['missing-metric', "{ dimensions: ['campaign'], paging: { limit: 100 } }", 'synchronous', 1, 0],
        ['missing-metric', '[]', 'synchronous', 1, 0],
      ]),
    );
  });

  it('judges nothing it cannot see: parameters, spreads, opaque fields, GET reads, other hosts and unknown lengths', () => {
    const code = [
      "axios.post('/v1/reportingstats/agency/reportdata', query);",
      "axios.post('/v1/reportingstats/agency/reportdata', { ...query, paging: { limit: size } });",
      "axios.post('/v1/reportingstats/agency/reportdata', { metrics: ['m'], filters: buildFilters() });",
      "axios.post('/v1/reportingstats/agency/reportdata', { metrics: [...base, 'x'], dates: range, dimensions: dims });",
      "axios.get('/v1/buyer/stats/data', { params: { paging: { limit: 200000 } } });",
      "axios.post('https://reports.other.example/v1/buyer/stats/data', { paging: { limit: 200000 } });",
      "axios.post('/v1/buyer/stats/dataArchive', { paging: { limit: 200000 } });",
    ].join('\n');
    expect(reportProblems(code, { apiHosts: ['api.example.com'] })).toEqual(both([]));
  });

  it('reads the field names it is given', () => {
    const code = "got.post('/v1/buyer/stats/data', { json: { window: { start: '2020-01-01' }, measures: ['a'] } });";
    expect(reportProblems(code)).toEqual(
      reportRows([
        ['missing-date-period-filter', "{ window: { start: '2020-01-01' }, measures: ['a'] }", 'asynchronous', undefined, undefined],
        ['missing-metric', "{ window: { start: '2020-01-01' }, measures: ['a'] }", 'asynchronous', 1, 0],
      ]),
    );
    expect(reportProblems(code, {}, { datePeriodFilterPattern: '^window$', metricsKeys: ['measures'] })).toEqual(reportRows([['start-date-too-far-back', "'2020-01-01'", 'asynchronous', 397, '2020-01-01']]));
  });
});

describe('the OAuth checks', () => {
  it('checks an authorization URL template: https redirect_uri, state, nonce and offline_access', () => {
    const code = [
      'const AUTH = process.env.AUTH_BASE;',
      'window.location.href = `${AUTH}/sts/connect/authorize?client_id=${id}&response_type=id_token%20token&scope=openid%20offline_access&redirect_uri=http%3A%2F%2Fapp.example.com%2Fcb`;',
    ].join('\n');
    const url = code.slice(code.indexOf('`'), code.lastIndexOf('`') + 1);
    expect(oauthProblems(code)).toEqual(
      both([
        ['missing-nonce', url, 'id_token token'],
        ['missing-state', url, undefined],
        ['offline-access-without-code-flow', url, 'response_type=id_token token'],
        ['redirect-uri-not-https', url, 'http'],
      ]),
    );
  });

  it('reads a redirect_uri given through encodeURIComponent or encodeURI, where the code shows the value', () => {
    const code = [
      "const REDIRECT = 'http://dashboard.example.com/callback';",
      "const SECURE = 'https://dashboard.example.com/cb?a=1&b=2';",
      'export const a = `${AUTH}/sts/connect/authorize?client_id=${id}&response_type=code&state=${state}&redirect_uri=${encodeURIComponent(REDIRECT)}`;',
      'export const b = `${AUTH}/sts/connect/authorize?client_id=${id}&response_type=code&state=${state}&redirect_uri=${encodeURIComponent(SECURE)}`;',
      'export const c = `${AUTH}/sts/connect/authorize?client_id=${id}&response_type=code&state=${state}&redirect_uri=${encodeURI(`${origin}/cb`)}`;',
      'export const d = (encodeURIComponent) => `${AUTH}/sts/connect/authorize?client_id=${id}&response_type=code&state=${state}&redirect_uri=${encodeURIComponent(REDIRECT)}`;',
    ].join('\n');
    const first = code.split('\n')[2]!;
    expect(oauthProblems(code)).toEqual(both([['redirect-uri-not-https', first.slice(first.indexOf('`'), first.lastIndexOf('`') + 1), 'http']]));
  });

  it('reads URLSearchParams objects with their set calls, new URL with searchParams, and params objects', () => {
    const code = [
      "const params = new URLSearchParams({ client_id: id, response_type: 'code', scope: 'eapi offline_access' });",
      "params.set('redirect_uri', 'https://app.example.com/cb');",
      'location.assign(`${AUTH}/sts/connect/authorize?${params}`);',
      "const url = new URL('/sts/connect/authorize', AUTH);",
      "url.searchParams.set('response_type', 'token');",
      "url.searchParams.set('state', state);",
      "url.searchParams.set('redirect_uri', 'http://localhost:3000/cb');",
      "axios.get(`${AUTH}/sts/connect/authorize`, { params: { client_id: id, response_type: 'code', state, redirect_uri: redirect } });",
    ].join('\n');
    expect(oauthProblems(code)).toEqual(
      both([
        ['missing-state', '`${AUTH}/sts/connect/authorize?${params}`', undefined],
        ['redirect-uri-not-https', "'http://localhost:3000/cb'", 'http'],
      ]),
    );
  });

  it('reads a helper given the authorize URL and an object of parameters, inline or a constant, and nothing else of other calls', () => {
    const code = [
      'const AUTHORIZE_URL = `${AUTH}/sts/connect/authorize`;',
      "openLogin(AUTHORIZE_URL, { client_id: id, response_type: 'code', redirect_uri: 'http://localhost/cb' });",
      "const login = { client_id: id, response_type: 'id_token', state };",
      'openLogin(login, AUTHORIZE_URL);',
      'openLogin(AUTHORIZE_URL);',
      'openLogin(AUTHORIZE_URL, options);',
      "openLogin(AUTHORIZE_URL, 'client_id=a&response_type=code');",
    ].join('\n');
    expect(oauthProblems(code)).toEqual(
      both([
        ['missing-state', 'AUTHORIZE_URL', undefined],
        ['redirect-uri-not-https', "'http://localhost/cb'", 'http'],
        ['missing-nonce', 'AUTHORIZE_URL', 'id_token'],
      ]),
    );
  });

  it('does not report a missing state when parameters may come from elsewhere', () => {
    const code = [
      'location.assign(`${AUTH}/sts/connect/authorize?client_id=${id}&response_type=code${extra}`);',
      'location.assign(`${AUTH}/sts/connect/authorize?${buildQuery(options)}`);',
      "const p = new URLSearchParams({ client_id: id, response_type: 'code' });",
      'addState(p);',
      'location.assign(`${AUTH}/sts/connect/authorize?${p}`);',
      "export const AUTHORIZE_URL = `${AUTH}/sts/connect/authorize`;",
    ].join('\n');
    expect(oauthProblems(code)).toEqual(both([]));
  });

  it('skips other providers when identity hosts are listed, and checks the listed ones', () => {
    const code = [
      "location.assign('https://accounts.other.example/sts/connect/authorize?client_id=a&response_type=token&redirect_uri=http://x');",
      "location.assign('https://login.example.com/sts/connect/authorize?client_id=a&response_type=code&state=s&redirect_uri=http://x');",
    ].join('\n');
    expect(oauthProblems(code, { apiHosts: ['api.adform.com'], identityHosts: ['login.example.com'] })).toEqual(
      both([['redirect-uri-not-https', "'https://login.example.com/sts/connect/authorize?client_id=a&response_type=code&state=s&redirect_uri=http://x'", 'http']]),
    );
  });

  it('checks a local identity host (a dev proxy) as one the code does not show, unless another API under apis lists it', () => {
    const code = [
      "location.assign('http://localhost:4200/sts/connect/authorize?client_id=a&response_type=code&state=s&redirect_uri=http://x');",
      "location.assign('http://localhost.example.com/sts/connect/authorize?client_id=a&response_type=code&state=s&redirect_uri=http://x');",
    ].join('\n');
    const hosts = { apiHosts: ['api.adform.com'], identityHosts: ['id.adform.com'] };
    expect(oauthProblems(code, hosts)).toEqual(
      both([['redirect-uri-not-https', "'http://localhost:4200/sts/connect/authorize?client_id=a&response_type=code&state=s&redirect_uri=http://x'", 'http']]),
    );
    const devServer = createCatalog([], 'customEntries', [{ id: 'dev', name: 'Dev server', hosts: ['localhost:4200'], basePaths: undefined }]);
    expect(oauthProblems(code, { ...hosts, catalog: devServer })).toEqual(both([]));
  });

  it('reports client secrets written out: keys, variables, fields, set calls, query text and Basic headers', () => {
    const code = [
      "const CLIENT_SECRET = 's3cr3t';",
      "const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: 'app', client_secret: 'abc123' });",
      "body.set('client_secret', 'abc123');",
      "class Api { private clientSecret = 'xyz'; }",
      "const form = 'grant_type=client_credentials&client_id=app&client_secret=abc';",
      "const headers = { Authorization: 'Basic YXBwOnNlY3JldA==' };",
      "const fromEnv = { clientSecret: process.env.CLIENT_SECRET ?? '', client_secret: '' };",
      "const label = { clientSecretHeader: 'X-Client-Secret', Authorization: 'Basic realm' };",
    ].join('\n');
    expect(oauthProblems(code)).toEqual(
      both([
        ['client-secret-literal', "'s3cr3t'", undefined],
        ['client-secret-literal', "'abc123'", undefined],
        ['client-secret-literal', "'abc123'", undefined],
        ['client-secret-literal', "'xyz'", undefined],
        ['client-secret-literal', "'grant_type=client_credentials&client_id=app&client_secret=abc'", undefined],
        ['basic-credential-literal', "'Basic YXBwOnNlY3JldA=='", undefined],
      ]),
    );
  });

  it('does not take a placeholder, a one-letter value or a field-name map for a secret written out', () => {
    const code = [
      "const ui = { clientSecret: 'your_client_secret_here', client_secret: '<<CLIENT_SECRET>>', CLIENT_SECRET: '{{clientSecret}}' };",
      "const names = { clientSecret: 'client_secret', clientSecretAlias: 'x', secret: 's' };",
      "const tests = { client_secret: 'sample_client_secret', clientSecret: 'xxxxxxxx', CLIENT_SECRET: '********', ADV_CLIENT_SECRET: 'yourClientSecret' };",
      "const more = { client_secret: '${CLIENT_SECRET}', clientSecret: '%CLIENT_SECRET%', CLIENT_SECRET: 'replace me', ADV_CLIENT_SECRET: 's' };",
      "const forms = ['client_secret=<secret>&grant_type=client_credentials', 'client_secret=YOUR_SECRET', 'client_secret=example'];",
      "const spelt = { clientSecret: 'my-client-secret', client_secret: 'client-credentials-secret', CLIENT_SECRET: 'super_secret' };",
      // Real-looking values, also where a stand-in's word is only part of a word.
      "const real = { client_secret: 'kq8Jx2vN5r', clientSecret: 'hereford-42', CLIENT_SECRET: 'sampler9x', ADV_CLIENT_SECRET: 'ab', secret_client_secret: 'secretive-key', x_client_secret: 'kq8Jx-secret' };",
    ].join('\n');
    expect(oauthProblems(code)).toEqual(
      both([
        ['client-secret-literal', "'kq8Jx2vN5r'", undefined],
        ['client-secret-literal', "'hereford-42'", undefined],
        ['client-secret-literal', "'sampler9x'", undefined],
        ['client-secret-literal', "'ab'", undefined],
        ['client-secret-literal', "'secretive-key'", undefined],
        ['client-secret-literal', "'kq8Jx-secret'", undefined],
      ]),
    );
  });

  it('reads a form-encoded value as the words it decodes to, as OAuth encodes id and secret before Basic (RFC 6749 2.3.1)', () => {
    const code = [
      "const basics = [",
      "  { Authorization: 'Basic dGhlK2NsaWVudCtpZDp0aGUrY2xpZW50K3NlY3JldA==' },", // the+client+id:the+client+secret
      "  { Authorization: 'Basic dGhlKyUyQitjbGllbnQrJTJCK2lkKyUyNitzeW1ib2xzOnRoZSslMkIrY2xpZW50KyUyQitzZWNyZXQrJTI2K3N5bWJvbHM=' },", // the+%2B+client+%2B+id+%26+symbols:…
      "  { Authorization: 'Basic SSUyN20rdGhlX2NsaWVudC1pZCUyMSslMjYrJTI4c3ltYm9scyUyQSUyOTpJJTI3bSt0aGVfY2xpZW50LXNlY3JldCUyMSslMjYrJTI4c3ltYm9scyUyQSUyOQ==' },", // I%27m+the_client-id%21+…
      "  { Authorization: 'Basic YW4lM0FpZGVudGlmaWVyOnNvbWUrc2VjdXJlKyUyNitub24tc3RhbmRhcmQrc2VjcmV0' },", // an%3Aidentifier:some+secure+%26+non-standard+secret
      "];",
      "const fields = { client_secret: 'the+client+secret', clientSecret: 'the+%2B+client+%2B+secret+%26+symbols', CLIENT_SECRET: 'I%27m+the_client-secret%21+%26+%28symbols%2A%29' };",
      "const spelt = { client_secret: 'my%2Dclient%2Dsecret', clientSecret: 'your%5Fsecret' };",
      "const form = 'grant_type=client_credentials&client_id=the+client+id&client_secret=the+client+secret';",
    ].join('\n');
    expect(secretFindings(code)).toEqual(both([]));
  });

  it('still reports a real-looking secret with a `+` or `%XX` in it, a value that does not decode, and weak single words', () => {
    const code = [
      "const weak = { client_secret: 'secure', clientSecret: 'barbaz' };",
      "const plus = { client_secret: 'kq8J+x2vN5r/Ab+=', clientSecret: 'Tr0ub4dor+3', CLIENT_SECRET: 'aBcD+eFgH', ADV_CLIENT_SECRET: 'abc%2Bdef', x_client_secret: '100%' };",
      "const headers = [{ Authorization: 'Basic YXBwOmtxOEoreDJ2TjVy' }, { Authorization: 'Basic aWRlbnRpZmllcjpzZWN1cmU=' }];", // app:kq8J+x2vN5r, identifier:secure
      "const form = 'grant_type=client_credentials&client_id=app&client_secret=kq8J+x2vN5r';",
      "const standInId = { Authorization: 'Basic dGhlK2NsaWVudCtpZDprcThKK3gydk41cg==' };", // the+client+id:kq8J+x2vN5r: a real secret beside a stand-in id
    ].join('\n');
    const data = { clientSecret: 'client_secret', clientId: 'client_id', responseTypeParam: 'response_type', code: 'code' };
    const secret = (line: number, column: number): unknown[] => ['no-client-secret-in-source', line, column, 'clientSecretLiteral', data];
    const basic = (line: number, column: number): unknown[] => ['no-client-secret-in-source', line, column, 'basicCredentialLiteral', data];
    expect(secretFindings(code)).toEqual(
      both([secret(1, 31), secret(1, 55), secret(2, 31), secret(2, 65), secret(2, 95), secret(2, 127), secret(2, 157), basic(3, 35), basic(3, 84), secret(4, 14), basic(5, 36)]),
    );
  });

  it('reports every client secret in a file that runs the implicit flow', () => {
    const code = [
      "const secret = config.clientSecret;",
      'location.assign(`/sts/connect/authorize?client_id=app&response_type=token&state=${state}`);',
    ].join('\n');
    expect(oauthProblems(code)).toEqual(both([['client-secret-in-implicit-flow', 'config.clientSecret', undefined]]));
    const codeFlow = code.replace('response_type=token', 'response_type=code');
    expect(oauthProblems(codeFlow)).toEqual(both([]));
  });

  it('reports JSON bodies sent to the token endpoint and offline_access with client credentials', () => {
    const code = [
      "fetch(`${AUTH}/sts/connect/token`, { method: 'POST', body: JSON.stringify({ grant_type: 'client_credentials' }) });",
      "axios.post(`${AUTH}/sts/connect/token`, { grant_type: 'client_credentials', scope: 'eapi offline_access' });",
      "got.post(`${AUTH}/sts/connect/token`, { json: { grant_type: 'refresh_token' } });",
      "fetch(`${AUTH}/sts/connect/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: form });",
      "fetch(`${AUTH}/sts/connect/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: 'http://app/cb' }) });",
      "axios.post(`${AUTH}/sts/connect/token`, { grant_type: 'client_credentials' }, { headers: { 'content-type': 'application/x-www-form-urlencoded' } });",
      "axios.post(`${AUTH}/sts/connect/token`, qs.stringify({ grant_type: 'client_credentials' }));",
    ].join('\n');
    expect(oauthProblems(code)).toEqual(
      both([
        ['token-request-json-body', "JSON.stringify({ grant_type: 'client_credentials' })", 'JSON.stringify'],
        ['token-request-json-body', "{ grant_type: 'client_credentials', scope: 'eapi offline_access' }", 'plain object'],
        ['offline-access-without-code-flow', "'eapi offline_access'", 'grant_type=client_credentials'],
        ['token-request-json-body', "{ grant_type: 'refresh_token' }", 'json option'],
        ['token-request-json-body', "'application/json'", 'Content-Type: application/json'],
        ['redirect-uri-not-https', "'http://app/cb'", 'http'],
      ]),
    );
  });

  it("reads the bodies of Node ETL clients: Node's req.write/end, the request package's body/json/form, needle's data", () => {
    const code = [
      "const https = require('https');",
      "const rp = require('request-promise');",
      "const needle = require('needle');",
      "const creds = { grant_type: 'client_credentials', client_id: id, client_secret: secret };",
      "const req = https.request({ hostname: 'id.adform.com', path: '/sts/connect/token', method: 'POST' }, done);",
      'req.write(JSON.stringify(creds));',
      'req.end();',
      "https.request({ hostname: 'id.adform.com', path: '/sts/connect/token', method: 'POST' }, done).end(new URLSearchParams(creds).toString());",
      "rp({ uri: 'https://id.adform.com/sts/connect/token', method: 'POST', body: creds, json: true });",
      "rp.post({ url: 'https://id.adform.com/sts/connect/token', form: creds, json: true });",
      "rp.post('https://id.adform.com/sts/connect/token', { json: { grant_type: 'refresh_token' } });",
      "rp.post({ url: 'https://id.adform.com/sts/connect/token', body: creds, json: true, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });",
      "needle('post', 'https://id.adform.com/sts/connect/token', creds, { json: true });",
      "needle.post('https://id.adform.com/sts/connect/token', creds);",
      "const twice = https.request({ hostname: 'id.adform.com', path: '/sts/connect/token', method: 'POST' });",
      'twice.write(JSON.stringify(part1));',
      'twice.end(JSON.stringify(part2));',
    ].join('\n');
    expect(oauthProblems(code)).toEqual(
      both([
        ['token-request-json-body', 'JSON.stringify(creds)', 'JSON.stringify'],
        ['token-request-json-body', 'creds', 'plain object'],
        ['token-request-json-body', "{ grant_type: 'refresh_token' }", 'json option'],
        ['token-request-json-body', 'creds', 'plain object'],
      ]),
    );
  });

  it("reads a body held in a constant, XMLHttpRequest's send and setRequestHeader, superagent's send, set and type", () => {
    const code = [
      "const TOKEN_URL = 'https://id.adform.com/sts/connect/token';",
      "const payload = JSON.stringify({ grant_type: 'client_credentials', client_id: id });",
      "fetch(TOKEN_URL, { method: 'POST', body: payload });",
      'async function shorthand(body = JSON.stringify(creds)) {',
      "  const b = JSON.stringify({ grant_type: 'refresh_token' });",
      "  return fetch(TOKEN_URL, { method: 'POST', body: b });",
      '}',
      'const xhr = new XMLHttpRequest();',
      "xhr.open('POST', TOKEN_URL);",
      "xhr.setRequestHeader('Content-Type', 'application/json');",
      'xhr.send(form);',
      "superagent.post(TOKEN_URL).send({ grant_type: 'client_credentials' });",
      "superagent.post(TOKEN_URL).type('form').send({ grant_type: 'client_credentials' });",
      "superagent.post(TOKEN_URL).set({ 'Content-Type': 'application/x-www-form-urlencoded' }).send({ grant_type: 'client_credentials' });",
      "superagent.post(TOKEN_URL, { grant_type: 'client_credentials' }).set('Accept', 'application/json');",
    ].join('\n');
    expect(oauthProblems(code)).toEqual(
      both([
        ['token-request-json-body', 'payload', 'JSON.stringify'],
        ['token-request-json-body', 'b', 'JSON.stringify'],
        ['token-request-json-body', "'application/json'", 'Content-Type: application/json'],
        ['token-request-json-body', "{ grant_type: 'client_credentials' }", 'plain object'],
        ['token-request-json-body', "{ grant_type: 'client_credentials' }", 'plain object'],
      ]),
    );
  });

  it('reports a client_secret a token request puts in its URL: the query string, a params option, url.searchParams', () => {
    const code = [
      "fetch(`https://id.adform.com/sts/connect/token?grant_type=client_credentials&client_id=${id}&client_secret=${secret}`, { method: 'POST' });",
      "axios.post('https://id.adform.com/sts/connect/token', null, { params: { grant_type: 'client_credentials', client_id: id, client_secret } });",
      "const url = new URL('https://id.adform.com/sts/connect/token');",
      "url.searchParams.set('grant_type', 'client_credentials');",
      "url.searchParams.set('client_secret', process.env.CLIENT_SECRET ?? '');",
      "await fetch(url, { method: 'POST' });",
      "got.post(TOKEN_URL, { searchParams: new URLSearchParams({ client_secret: secret }) });",
      "const TOKEN_URL = `${AUTH}/sts/connect/token`;",
      "axios.get(`${AUTH}/sts/connect/token?client_secret=${secret}`);",
    ].join('\n');
    expect(oauthProblems(code)).toEqual(
      both([
        ['token-request-secret-in-url', '`https://id.adform.com/sts/connect/token?grant_type=client_credentials&client_id=${id}&client_secret=${secret}`', 'query string'],
        ['token-request-secret-in-url', 'client_secret', 'params option'],
        ["token-request-secret-in-url", "process.env.CLIENT_SECRET ?? ''", 'searchParams'],
        ['token-request-secret-in-url', 'secret', 'searchParams option'],
        ['token-request-secret-in-url', '`${AUTH}/sts/connect/token?client_secret=${secret}`', 'query string'],
      ]),
    );
  });

  it('leaves a client_secret in the token request body, in a Basic header, and in URLs that are no token request', () => {
    const code = [
      "fetch('https://id.adform.com/sts/connect/token', { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_id: id, client_secret: secret }) });",
      "axios.post(`${AUTH}/sts/connect/token`, `grant_type=client_credentials&client_id=${id}&client_secret=${secret}`);",
      "fetch(`${AUTH}/sts/connect/token?grant_type=client_credentials`, { method: 'POST', headers: { Authorization: `Basic ${basic}` } });",
      "fetch(`${AUTH}/sts/connect/userinfo?client_secret=${secret}`);",
      "fetch(`https://api.example.com/v1/buyer/campaigns?client_secret=${secret}`);",
      "location.assign(`${AUTH}/sts/connect/authorize?client_id=app&response_type=code&state=${state}&redirect_uri=${encodeURIComponent('https://app.example.com/cb?client_secret=' + secret)}`);",
      "const callback = new URL('https://app.example.com/callback');",
      "callback.searchParams.set('client_secret', secret);",
      "fetch(callback);",
      "axios.post(`${AUTH}/sts/connect/token`, form, { params: { grant_type: 'client_credentials', not_client_secret: x } });",
    ].join('\n');
    expect(oauthProblems(code)).toEqual(both([]));
  });

  it('looks for identity requests only where the text names sts/connect, whatever else the file holds', () => {
    // The prefilter would not parse this file for the split URL alone; a client secret in it must not change that.
    const split = "const TOKEN = `${AUTH}/sts` + '/connect/token';\nfetch(TOKEN, { method: 'POST', body: JSON.stringify({ grant_type: 'client_credentials' }) });";
    expect(oauthProblems(`${split}\nconst clientSecret = 'abc';`)).toEqual(both([['client-secret-literal', "'abc'", undefined]]));
    const whole = "const TOKEN = `${AUTH}/sts/connect/token`;\nfetch(TOKEN, { method: 'POST', body: JSON.stringify({ grant_type: 'client_credentials' }) });";
    expect(oauthProblems(whole)).toEqual(both([['token-request-json-body', "JSON.stringify({ grant_type: 'client_credentials' })", 'JSON.stringify']]));
  });
});
