import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProjectCheck, runProjectFix, type ProjectFinding } from '@sunset/project';
import { sunsetOptions, writeTree } from '../../engine/tests/helpers.js';

// What --project takes for a wrapper (issue 21, client-shapes G4): a function whose parameter reaches a
// request made in it (a URL, a SOAP string or SOAPAction header the request sends, a SOAP request's
// body). A function that only builds and returns a string is a value builder: the request that sends
// its result is the one finding, as the per-file analysis reports it.

const options = sunsetOptions();

const tsconfig = JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', strict: true, allowJs: true, noEmit: true, types: [] }, include: ['src'] });

/** A temporary project with a tsconfig and `files`. */
function writeWork(files: Record<string, string>): string {
  const work = mkdtempSync(path.join(tmpdir(), 'sunset-project-wrappers-'));
  writeFileSync(path.join(work, 'tsconfig.json'), tsconfig);
  writeTree(work, files);
  return work;
}

/** `file:line:column key [via …]`, then each related place (`file:line:column message`, the file left out when it is the finding's). */
const describeFinding = (root: string, finding: ProjectFinding): string[] => {
  const shown = (file: string): string => path.relative(root, file).split(path.sep).join('/');
  const through = finding.data.through === undefined ? '' : ` via ${finding.data.through}`;
  return [
    `${shown(finding.file)}:${finding.line}:${finding.column} ${finding.retirement?.retiredKey}${through}`,
    ...finding.relatedLocations.map((place) => `${place.line}:${place.column} ${place.message}`),
    ...(finding.crossFileRelated ?? []).map((place) => `${shown(place.file)}:${place.line}:${place.column} ${place.message}`),
  ];
};

async function check(files: Record<string, string>): Promise<string[][]> {
  const work = writeWork(files);
  const { findings } = await runProjectCheck({ cwd: work, paths: ['src'], options, baseDir: work });
  return findings.map((finding) => describeFinding(work, finding));
}

const ns = 'http://www.example.com/api/2010/06';
const envelopeHelper = (name: string): string =>
  `export const ${name} = (body: string): string =>\n  \`<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>\${body}</soap:Body></soap:Envelope>\`;\n`;
const serviceUrl = "const SERVICE_URL = 'https://api.adform.com/api/2010/06/CampaignService.svc';\n";

describe('--project: a helper that builds a string is no wrapper', () => {
  it('an envelope helper in the file of its request: one finding at the operation, the SOAPAction header related, nothing through the helper', async () => {
    const found = await check({
      'src/create.ts': [
        "import axios from 'axios';",
        serviceUrl + envelopeHelper('env'),
        'export const create = () =>',
        `  axios.post(SERVICE_URL, env('<CreateCampaign xmlns="${ns}/"/>'), { headers: { SOAPAction: '${ns}/ICampaignService/CreateCampaign' } });`,
        '',
      ].join('\n'),
    });
    expect(found).toEqual([['src/create.ts:7:33 CreateCampaign', "7:122 the same SOAP request's SOAPAction header"]]);
  });

  it('an envelope helper imported by the file of the request, and used by two requests: one finding each, at the operation', async () => {
    const found = await check({
      'src/soap/envelope.ts': envelopeHelper('envelope'),
      'src/create.ts': [
        "import axios from 'axios';",
        "import { envelope } from './soap/envelope';",
        serviceUrl,
        `export const create = () => axios.post(SERVICE_URL, envelope('<CreateCampaign xmlns="${ns}/"/>'), { headers: { SOAPAction: '${ns}/ICampaignService/CreateCampaign' } });`,
        `export const list = () => axios.post(SERVICE_URL, envelope('<GetCampaigns xmlns="${ns}/"/>'));`,
        '',
      ].join('\n'),
    });
    expect(found).toEqual([
      ['src/create.ts:5:64 CreateCampaign', "5:153 the same SOAP request's SOAPAction header"],
      ['src/create.ts:6:62 GetCampaigns'],
    ]);
  });

  it('a function that returns a SOAP-shaped string and sends nothing: a call of it with an operation name is no request', async () => {
    const found = await check({
      'src/soap/element.ts': `export const element = (operation: string): string => \`<\${operation} xmlns="${ns}/"/>\`;\n`,
      'src/log.ts': "import { element } from './soap/element';\nexport const shown = element('GetCampaigns');\n",
    });
    expect(found).toEqual([]);
  });
});

describe('--project: wrappers that make the request are still found', () => {
  // The per-file analysis reads a call of a same-file helper as that helper's request (helper-calls.ts);
  // --project follows the helper as a wrapper: the caller's call is one request, with its own method.
  it("a same-file helper that another helper calls with 'GET': the caller's PATCH is one finding, PATCH only", async () => {
    const found = await check({
      'src/api.ts': [
        "import axios from 'axios';",
        "const API = 'https://api.adform.com';",
        'function send(method: string, path: string) {',
        '  return axios({ method, url: API + path });',
        '}',
        'function getJson(path: string) {',
        "  return send('GET', path);",
        '}',
        "export const managers = () => getJson('/v1/buyer/classifiers/managers');",
        "export const pause = () => send('PATCH', '/v1/campaigns');",
        '',
      ].join('\n'),
    });
    expect(found.map((lines) => lines[0])).toEqual(['src/api.ts:10:42 PATCH /v1/campaigns via send (src/api.ts:4)']);
  });

  const soapClient = [
    serviceUrl + envelopeHelper('envelope'),
    '/** Sends the action as its SOAPAction header and the body inside the envelope. */',
    'export function call(action: string, body: string): Promise<Response> {',
    "  return fetch(SERVICE_URL, { method: 'POST', headers: { SOAPAction: action }, body: envelope(body) });",
    '}',
    '',
    '/** Sends its body as it is: the body of a SOAP request is its envelope. */',
    'export function post(action: string, body: string): Promise<Response> {',
    "  return fetch(SERVICE_URL, { method: 'POST', headers: { SOAPAction: action }, body });",
    '}',
    '',
    '/** Names the operation in the SOAPAction header it sends. */',
    'export function request(operation: string): Promise<Response> {',
    `  return fetch(SERVICE_URL, { method: 'POST', headers: { SOAPAction: \`${ns}/ICampaignService/\${operation}\` } });`,
    '}',
    '',
    '/** Builds the operation element from its parameter and hands it to call(). */',
    'export function send(operation: string): Promise<Response> {',
    `  return call('urn:none', \`<\${operation} xmlns="${ns}/"/>\`);`,
    '}',
    '',
  ].join('\n');

  it("the body a wrapper wraps with a helper, and the body it sends as it is: found at the caller's argument, the request related", async () => {
    const found = await check({
      'src/soap/client.ts': soapClient,
      'src/use.ts': [
        "import { call, post } from './soap/client';",
        `export const list = () => call('urn:none', '<GetCampaigns xmlns="${ns}/"/>');`,
        `export const categories = () => post('urn:none', '<GetCampaignCategories xmlns="${ns}/"/>');`,
        '',
      ].join('\n'),
    });
    expect(found).toEqual([
      ['src/use.ts:2:44 GetCampaigns via call (src/soap/client.ts:7)', 'src/soap/client.ts:7:86 call() makes the request here.'],
      ['src/use.ts:3:50 GetCampaignCategories via post (src/soap/client.ts:12)', 'src/soap/client.ts:12:80 post() makes the request here.'],
    ]);
  });

  it('a wrapper of a wrapper that builds the operation element from its own parameter', async () => {
    const found = await check({
      'src/soap/client.ts': soapClient,
      'src/use.ts': "import { send } from './soap/client';\nexport const list = () => send('GetCampaigns');\n",
    });
    expect(found).toEqual([['src/use.ts:2:32 GetCampaigns via send (src/soap/client.ts:7)', 'src/soap/client.ts:7:86 send() makes the request here.']]);
  });

  it('follows wrappers of wrappers 3 levels deep, not 4', async () => {
    const found = await check({
      'src/soap/client.ts': soapClient,
      'src/levels.ts': [
        "import { request } from './soap/client';",
        'export const two = (operation: string) => request(operation);',
        'export const three = (operation: string) => two(operation);',
        'export const four = (operation: string) => three(operation);',
        '',
      ].join('\n'),
      'src/use.ts': [
        "import { two, three, four } from './levels';",
        "export const a = () => two('GetCampaigns');",
        "export const b = () => three('GetCampaignCategories');",
        "export const c = () => four('CreateCampaign');",
        '',
      ].join('\n'),
    });
    expect(found.map((lines) => lines[0])).toEqual([
      'src/use.ts:2:28 GetCampaigns via two (src/soap/client.ts:17)',
      'src/use.ts:3:30 GetCampaignCategories via three (src/soap/client.ts:17)',
    ]);
  });
});

describe("--project: a wrapper function over another vendor's base is that vendor's (trial 48 BUG 10)", () => {
  const http = [
    "const SNAP = 'https://adsapi.snapchat.com';",
    "const ADFORM = 'https://api.adform.com';",
    'export function snapGet(path: string) {',
    '  return fetch(`${SNAP}${path}`);',
    '}',
    'export function adformGet(path: string) {',
    '  return fetch(`${ADFORM}${path}`);',
    '}',
    'export const relative = (path: string) => fetch(path);',
    '',
  ].join('\n');
  const job = [
    "import { snapGet, adformGet, relative } from './http';",
    "const MANAGERS = '/v1/campaigns/dictionaries/managers';",
    "export const a = () => snapGet('/v1/campaigns/dictionaries/managers');",
    'export const b = () => snapGet(MANAGERS);',
    "export const c = () => adformGet('/v1/campaigns/dictionaries/clients');",
    "export const d = () => relative('/v1/campaigns/dictionaries/comanagers');",
    '',
  ].join('\n');

  it("leaves the calls of the Snapchat wrapper unreported and counts them with other hosts; the same wrapper over the API's host and one without a host are reported", async () => {
    const work = writeWork({ 'src/http.ts': http, 'src/job.ts': job });
    const result = await runProjectCheck({ cwd: work, paths: ['src'], options, baseDir: work });
    expect(result.findings.map((finding) => `${describeFinding(work, finding)[0]} host:${finding.retirement?.host ?? '-'} ${finding.retirement?.migration}`)).toEqual([
      'src/job.ts:5:34 GET /v1/campaigns/dictionaries/clients via adformGet (src/http.ts:7) host:api.adform.com rewrite',
      'src/job.ts:6:33 GET /v1/campaigns/dictionaries/comanagers via relative (src/http.ts:9) host:- rewrite',
    ]);
    expect(result.otherHostCount).toBe(2);
  });

  it('fix --project rewrites only the calls of our wrappers', async () => {
    const work = writeWork({ 'src/http.ts': http, 'src/job.ts': job });
    const fix = await runProjectFix({ cwd: work, paths: ['src'], options, baseDir: work, dry: true });
    expect(fix.changes.map((change) => [path.relative(work, change.file), change.after])).toEqual([
      [
        path.join('src', 'job.ts'),
        job
          .replace("adformGet('/v1/campaigns/dictionaries/clients')", "adformGet('/v1/buyer/advertisers')")
          .replace("relative('/v1/campaigns/dictionaries/comanagers')", "relative('/v1/buyer/classifiers/managers')"),
      ],
    ]);
  });
});
