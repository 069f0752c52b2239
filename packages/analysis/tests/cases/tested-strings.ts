import type { Case, ExpectedFinding } from '../harness.js';

// URL-shaped strings the code tests or asserts on, not ones it requests (requests/tested-strings.ts):
// a test's assertions, HttpTestingController's expectations, what a string method looks for, the
// operands of a comparison and the cases of a switch. None is a finding, so none is rewritten; the
// requests written next to them are still found, at the same place and with the same rewrite.

const withLine = (lines: readonly string[], at: number, text: string): string => lines.map((line, index) => (index === at ? text : line)).join('\n');

const managersGet = { id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', migration: 'rewrite' } as const;
const clientsGet = { id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', migration: 'rewrite' } as const;
const clientsString = { id: 'campaign-dictionary-clients', key: '/v1/campaigns/dictionaries/clients', form: 'url-string', migration: 'rewrite' } as const;

const JEST_EXPECT = [
  "it('loads the managers', async () => {",
  "  await expect(fetch('/v1/campaigns/dictionaries/managers')).resolves.toBeDefined();",
  "  expect(buildUrl()).not.toContain('/v1/campaigns/dictionaries/managers');",
  "  expect(buildUrl()).not.toBe('https://api.adform.com/v1/campaigns');",
  "  expect(lastUrl).toBe('https://api.adform.com/v1/campaigns/dictionaries/managers');",
  "  expect(fetchMock).toHaveBeenCalledWith('https://api.adform.com/v1/campaigns');",
  "  expect(fetchMock).toHaveBeenCalledWith('/v1/campaigns', expect.objectContaining({ method: 'PATCH' }));",
  "  expect(fetchMock).toHaveBeenLastCalledWith(expect.stringContaining('/v1/campaigns/dictionaries/clients'));",
  "  expect(requests).toEqual([{ url: '/v1/campaigns', method: 'PATCH' }]);",
  "  expect.soft(buildUrl()).toMatch(flag ? '/v1/campaigns/dictionaries/labels' : '/v1/campaigns/dictionaries/clients');",
  '});',
];

const NODE_AND_CHAI_ASSERT = [
  "const assert = require('node:assert');",
  "test('no legacy paths', async () => {",
  "  const res = await axios.get('https://api.adform.com/v1/campaigns/dictionaries/clients');",
  '  assert.equal(res.status, 200);',
  "  assert.notEqual(buildUrl(), 'https://api.adform.com/v1/campaigns/dictionaries/clients');",
  "  assert.strictEqual(buildUrl(), '/v1/campaigns/dictionaries/managers');",
  "  assert.ok(!buildUrl().startsWith('https://api.adform.com/v1/campaigns/dictionaries/labels'));",
  "  assert(buildUrl() !== '/v1/campaigns');",
  "  chai.assert.include(buildUrl(), '/v1/campaigns/dictionaries/comanagers');",
  "  chai.expect(buildUrl()).to.not.equal('/v1/campaigns/dictionaries/managers');",
  "  buildUrl().should.not.equal('/v1/campaigns/dictionaries/clients');",
  "  sinon.assert.calledWith(fetchStub, '/v1/campaigns/dictionaries/clients');",
  '});',
];

const HTTP_TESTING_CONTROLLER = [
  'export class ManagersService {',
  '  constructor(private readonly http: HttpClient) {}',
  "  load() { return this.http.get<Manager[]>('https://api.adform.com/v1/campaigns/dictionaries/managers'); }",
  '}',
  "it('requests the managers', () => {",
  '  service.load().subscribe();',
  "  httpMock.expectOne('https://api.adform.com/v1/campaigns/dictionaries/managers').flush([]);",
  "  httpMock.expectOne((r) => r.url === 'https://api.adform.com/v1/campaigns');",
  "  httpMock.expectOne({ url: '/v1/campaigns', method: 'PATCH' });",
  "  httpTestingController.expectNone('/v1/campaigns/dictionaries/clients');",
  '  httpMock.verify();',
  '});',
];

const INTERCEPTOR_SHIM = [
  "import { HttpInterceptorFn } from '@angular/common/http';",
  'export const legacyCampaignsInterceptor: HttpInterceptorFn = (req, next) => {',
  "  if (req.url.includes('/v1/campaigns/dictionaries/managers')) {",
  "    return next(req.clone({ url: req.url.replace('/v1/campaigns/dictionaries/managers', '/v1/buyer/classifiers/managers') }));",
  '  }',
  "  if (req.url.startsWith('/v1/campaigns') || req.url.endsWith('/v1/campaigns/dictionaries/clients')) return next(req);",
  "  if (req.url.indexOf('/v1/campaigns/dictionaries/labels') >= 0 || req.url.lastIndexOf('/v1/campaigns') > 0) return next(req);",
  "  const [, rest] = req.url.split('/v1/campaigns/dictionaries/');",
  "  const matched = req.url.match('/v1/campaigns/dictionaries/comanagers') ?? req.url?.replaceAll('/v1/campaigns/dictionaries/clients', '/v1/buyer/advertisers');",
  "  return req.url.localeCompare('/v1/campaigns') === 0 ? next(req) : next(req.clone({ url: req.url.replace('/v1/buyer/advertisers', '/v1/campaigns/dictionaries/clients') }));",
  '};',
];

const COMPARISONS = [
  'export function route(url: string) {',
  "  if (url === '/v1/campaigns/dictionaries/managers' || 'https://api.adform.com/v1/campaigns' !== url) return 1;",
  "  if (url == `${base}/v1/campaigns/dictionaries/clients` || (url as string) != '/v1/campaigns/dictionaries/labels') return 2;",
  '  switch (url) {',
  "    case '/v1/campaigns':",
  "    case '/v1/campaigns/dictionaries/comanagers':",
  '      return 3;',
  '  }',
  "  return fetch('/v1/campaigns/dictionaries/clients');",
  '}',
];

const SHARED_CONSTANT = [
  "const MANAGERS = '/v1/campaigns/dictionaries/managers';",
  'export async function load(url: string) {',
  '  if (url === MANAGERS || url.includes(MANAGERS)) console.log(url);',
  '  expect(fetchMock).toHaveBeenCalledWith(MANAGERS);',
  '  return fetch(MANAGERS);',
  '}',
];

const CONSTANTS = [
  "const LEGACY = '/v1/campaigns/dictionaries/managers';",
  "const LEGACY_CLIENTS = 'https://api.adform.com/v1/campaigns/dictionaries/clients';",
  "it('never calls the legacy paths', () => {",
  '  expect(fetchMock).not.toHaveBeenCalledWith(LEGACY);',
  '  expect(buildUrl()).not.toBe(`${LEGACY_CLIENTS}?page=2`);',
  '  if (buildUrl().startsWith(LEGACY)) fail();',
  '});',
  "const LOGGED = '/v1/campaigns/dictionaries/clients';",
  'if (url === LOGGED) console.log(LOGGED);',
  "export const EXPORTED = '/v1/campaigns/dictionaries/clients';",
  'if (url === EXPORTED) go();',
  "const GIVEN = '/v1/campaigns/dictionaries/clients';",
  'if (url === GIVEN) send({ GIVEN });',
  "const UNREAD = '/v1/campaigns/dictionaries/clients';",
];

const LOG_LINES = [
  "const OLD = '/v1/campaigns/dictionaries/clients';",
  'console.warn(`${OLD} is no longer called; using the advertisers API`);',
  "const MANAGERS = 'https://api.adform.com/v1/campaigns/dictionaries/managers';",
  "logger.info('skipping', MANAGERS);",
  'this.log.debug({ url: MANAGERS });',
  'auditLogger.error(`${OLD}?page=2`);',
  "console.log('/v1/campaigns/dictionaries/comanagers');",
];

const LOGGED_AND_READ = [
  "const SENT = '/v1/campaigns/dictionaries/clients';",
  'console.warn(`calling ${SENT}`);',
  'load(SENT);',
  "export const SHARED = '/v1/campaigns/dictionaries/managers';",
  'console.log(SHARED);',
  "const NOT_A_LOGGER = '/v1/campaigns/dictionaries/comanagers';",
  'api.error(NOT_A_LOGGER);',
  "const FETCHED = '/v1/campaigns/dictionaries/clients';",
  'export async function go() { logger.info(await fetch(FETCHED)); }',
];

const SOAP = [
  "const ACTION = 'http://www.example.com/api/2010/06/ICampaignService/GetCampaigns';",
  "it('sends the envelope', async () => {",
  "  await axios.post('https://api.adform.com/Services/CampaignService.svc', '<GetCampaigns xmlns=\"http://www.example.com/api/2010/06/\"/>', { headers: { SOAPAction: ACTION } });",
  "  expect(lastBody).toContain('<GetCampaigns xmlns=\"http://www.example.com/api/2010/06/\"/>');",
  "  expect(lastHeaders.SOAPAction).toBe('http://www.example.com/api/2010/06/ICampaignService/GetCampaigns');",
  "  if (action === 'http://www.example.com/api/2010/06/ICampaignService/GetCampaigns') done();",
  '});',
];

const CHAINS = [
  "cy.request('/v1/campaigns/dictionaries/clients').its('status').should('eq', 200);",
  "cy.url().should('include', '/v1/campaigns/dictionaries/clients');",
  "expect(await api.get('/v1/campaigns/dictionaries/clients', { params })).toEqual([]);",
  "expect(buildUrl('/v1/campaigns/dictionaries/clients')).toBe(url);",
  "location.replace('https://api.adform.com/v1/campaigns/dictionaries/clients');",
  "assertOk(load('/v1/campaigns/dictionaries/clients'));",
];

const envelopeFinding: ExpectedFinding = {
  id: 'campaigns-service-get-campaigns', key: 'GetCampaigns', form: 'soap-envelope', migration: 'todo', at: 'GetCampaigns', occurrence: 2,
  related: [{ at: "'http://www.example.com/api/2010/06/ICampaignService/GetCampaigns'", message: "the same SOAP request's SOAPAction header" }],
};

export const testedStringCases: Case[] = [
  {
    name: "jest and vitest expect chains (.not, matchers, asymmetric matchers, an object's values) assert; a request inside expect() is still found",
    code: JEST_EXPECT.join('\n'),
    js: true,
    expected: [
      {
        ...managersGet, form: 'fetch', at: "'/v1/campaigns/dictionaries/managers'",
        output: withLine(JEST_EXPECT, 1, "  await expect(fetch('/v1/buyer/classifiers/managers')).resolves.toBeDefined();"),
      },
    ],
  },
  {
    name: "node:assert's and chai's assert, chai's expect and should, and sinon.assert assert; the request beside them is still found",
    code: NODE_AND_CHAI_ASSERT.join('\n'),
    js: true,
    expected: [
      {
        ...clientsGet, form: 'axios', at: "'https://api.adform.com/v1/campaigns/dictionaries/clients'",
        output: withLine(NODE_AND_CHAI_ASSERT, 2, "  const res = await axios.get('https://api.adform.com/v1/buyer/advertisers');"),
      },
    ],
  },
  {
    name: "HttpTestingController's expectOne (a URL, a predicate, a match object) and expectNone expect; the service's request is still found",
    code: HTTP_TESTING_CONTROLLER.join('\n'),
    expected: [
      {
        ...managersGet, form: 'angular-http', at: "'https://api.adform.com/v1/campaigns/dictionaries/managers'",
        output: withLine(HTTP_TESTING_CONTROLLER, 2, "  load() { return this.http.get<Manager[]>('https://api.adform.com/v1/buyer/classifiers/managers'); }"),
      },
    ],
  },
  {
    name: "what a string method looks for, and the pattern replace() replaces, are tests of a URL; the URL replace() puts in is still read",
    code: INTERCEPTOR_SHIM.join('\n'),
    expected: [
      {
        ...clientsString, at: "'/v1/campaigns/dictionaries/clients'", occurrence: 3,
        output: withLine(INTERCEPTOR_SHIM, 9, "  return req.url.localeCompare('/v1/campaigns') === 0 ? next(req) : next(req.clone({ url: req.url.replace('/v1/buyer/advertisers', '/v1/buyer/advertisers') }));"),
      },
    ],
  },
  {
    name: 'the operands of ===, !==, == and != and the cases of a switch are tests of a URL; the request after them is still found',
    code: COMPARISONS.join('\n'),
    expected: [
      {
        ...clientsGet, form: 'fetch', at: "'/v1/campaigns/dictionaries/clients'",
        output: withLine(COMPARISONS, 8, "  return fetch('/v1/buyer/advertisers');"),
      },
    ],
  },
  {
    name: 'a constant compared, looked for and asserted on and also sent is found at the request, and still rewritten where it is written',
    code: SHARED_CONSTANT.join('\n'),
    expected: [
      {
        ...managersGet, form: 'fetch', at: 'MANAGERS', occurrence: 5,
        output: withLine(SHARED_CONSTANT, 0, "const MANAGERS = '/v1/buyer/classifiers/managers';"),
      },
    ],
  },
  {
    name: 'a constant only tested, asserted on or logged is no request; one also exported, given to a function or read nowhere is read as any string',
    code: CONSTANTS.join('\n'),
    expected: [
      { ...clientsString, at: "'/v1/campaigns/dictionaries/clients'", occurrence: 2, output: withLine(CONSTANTS, 9, "export const EXPORTED = '/v1/buyer/advertisers';") },
      { ...clientsString, at: "'/v1/campaigns/dictionaries/clients'", occurrence: 3, output: withLine(CONSTANTS, 11, "const GIVEN = '/v1/buyer/advertisers';") },
      { ...clientsString, at: "'/v1/campaigns/dictionaries/clients'", occurrence: 4, output: withLine(CONSTANTS, 13, "const UNREAD = '/v1/buyer/advertisers';") },
    ],
  },
  {
    name: "a URL only log lines read (console's, a logger's method) is no request: a constant or a literal, alone, in a template or an object",
    code: LOG_LINES.join('\n'),
    js: true,
    expected: [],
  },
  {
    name: 'a constant also given to a function, exported, or read by a request is read as before; so is one a method not of a logger reads (api.error)',
    code: LOGGED_AND_READ.join('\n'),
    js: true,
    expected: [
      { ...clientsString, at: "'/v1/campaigns/dictionaries/clients'", output: withLine(LOGGED_AND_READ, 0, "const SENT = '/v1/buyer/advertisers';") },
      {
        id: 'campaign-dictionary-managers', key: '/v1/campaigns/dictionaries/managers', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/managers'",
        output: withLine(LOGGED_AND_READ, 3, "export const SHARED = '/v1/buyer/classifiers/managers';"),
      },
      {
        id: 'campaign-dictionary-comanagers', key: '/v1/campaigns/dictionaries/comanagers', form: 'url-string', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/comanagers'",
        output: withLine(LOGGED_AND_READ, 5, "const NOT_A_LOGGER = '/v1/buyer/classifiers/managers';"),
      },
      { ...clientsGet, form: 'fetch', at: 'FETCHED', occurrence: 2, output: withLine(LOGGED_AND_READ, 7, "const FETCHED = '/v1/buyer/advertisers';") },
    ],
  },
  {
    name: 'an envelope and a SOAPAction a test asserts on, or an action compared, are no SOAP request; the one the test sends is',
    code: SOAP.join('\n'),
    js: true,
    expected: [envelopeFinding],
  },
  {
    name: 'only the call that takes the string decides: a request before an assertion, a function given it inside one, and location.replace() are still read',
    code: CHAINS.join('\n'),
    js: true,
    expected: [
      { ...clientsString, at: "'/v1/campaigns/dictionaries/clients'", output: withLine(CHAINS, 0, "cy.request('/v1/buyer/advertisers').its('status').should('eq', 200);") },
      {
        ...clientsGet, form: 'http-client', at: "'/v1/campaigns/dictionaries/clients'", occurrence: 3,
        output: withLine(CHAINS, 2, "expect(await api.get('/v1/buyer/advertisers', { params })).toEqual([]);"),
      },
      { ...clientsString, at: "'/v1/campaigns/dictionaries/clients'", occurrence: 4, output: withLine(CHAINS, 3, "expect(buildUrl('/v1/buyer/advertisers')).toBe(url);") },
      { ...clientsString, at: "'https://api.adform.com/v1/campaigns/dictionaries/clients'", output: withLine(CHAINS, 4, "location.replace('https://api.adform.com/v1/buyer/advertisers');") },
      { ...clientsString, at: "'/v1/campaigns/dictionaries/clients'", occurrence: 5, output: withLine(CHAINS, 5, "assertOk(load('/v1/buyer/advertisers'));") },
    ],
  },
];
