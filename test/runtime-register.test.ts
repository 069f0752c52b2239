import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readRuntimeRecord } from '../packages/runtime/src/record/read-record.js';
import { startApiServer, type ApiServer } from '../packages/runtime/tests/support/api-server.js';
import { siteOf } from '../packages/runtime/tests/support/call-sites.js';
import { repoRoot } from './support/legacy-app.js';

// `node --import @sunset/runtime/register app.mjs` against a real local server: the BUILT register
// module, an application with no Sunset code in it, and every HTTP client the issue names.

const runtimeDir = path.join(repoRoot, 'packages/runtime');
const register = path.join(runtimeDir, 'dist/register.js');
const app = path.join(runtimeDir, 'tests/fixtures/apps/clients.mjs');
const appInRepo = path.relative(repoRoot, app);

function newestSource(): number {
  return Math.max(...readdirSync(path.join(runtimeDir, 'src'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => statSync(path.join(entry.parentPath, entry.name)).mtimeMs));
}

/** Builds the runtime when its dist is missing or older than its sources (CI builds first). */
function ensureRuntimeBuilt(): void {
  if (existsSync(register) && statSync(register).mtimeMs >= newestSource()) return;
  const build = spawnSync('npx', ['tsc', '-b', 'packages/runtime'], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npx tsc -b packages/runtime failed:\n${build.stdout}${build.stderr}`);
}

interface AppRun {
  readonly code: number | null;
  /** What happened to each call, as the app saw it. */
  readonly outcomes: string[];
  readonly stderrLines: string[];
}

let server: ApiServer;
/** The local server stands in for the API: its host is added to api.adform.com, as a gateway of the team's would be. */
const onLocalServer = { SUNSET_API_HOSTS: '127.0.0.1' } as const;

/** Runs the app (asynchronously: the server answers from this process) with the register module. */
function runApp(client: string, calls: string, env: Record<string, string> = {}, importVia: 'argument' | 'NODE_OPTIONS' = 'argument'): Promise<AppRun> {
  return new Promise((resolve, reject) => {
    const importArguments = importVia === 'argument' ? ['--import', register] : [];
    const child = spawn(process.execPath, [...importArguments, app, client, calls], {
      cwd: repoRoot,
      env: { PATH: process.env['PATH'] ?? '', API_BASE: server.base, ...env, ...(importVia === 'NODE_OPTIONS' ? { NODE_OPTIONS: `--import ${register}` } : {}) },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, outcomes: stdout.trim() === '' ? [] : (JSON.parse(stdout) as string[]), stderrLines: stderr.split('\n').filter((line) => line !== '') }),
    );
  });
}

const at = (marker: string, callee: string): string => {
  const site = siteOf(app, marker, callee);
  return `${appInRepo}:${site.line}:${site.column}`;
};
const retiredLine = (where: string): string =>
  `[sunset] ${where}: GET /v1/campaigns/{id} is retired (support ended 2019-10-01): migrate GET /v1/campaigns/{id}: the campaign is split into two resources: the campaign and its RTB settings; call the one(s) this code needs (request GET ${server.base}/v1/campaigns/7?access_token=…)`;
const soapLine = (where: string): string =>
  `[sunset] ${where}: GetCampaigns is retired (support ended 2019-10-01): migrate GetCampaigns: the call changes from a SOAP/WCF operation to a REST request with its own payload (not shown in the spec) (request POST ${server.base}/CampaignService.asmx)`;
const headerLine = (): string =>
  `[sunset] unknown caller: the server marks GET ${server.base}/v2/reports as deprecated since 2026-01-01T00:00:00.000Z with a sunset on 2027-01-01T00:00:00.000Z (response headers); see https://developer.example.com/v2-deprecation`;

beforeAll(async () => {
  ensureRuntimeBuilt();
  server = await startApiServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const allCalls = 'retired,retired,current,headers,soap';
const everyRequest = ['GET /v1/campaigns/7?access_token=secret-token', 'GET /v1/campaigns/7?access_token=secret-token', 'GET /v1/buyer/campaigns/7', 'GET /v2/reports', 'POST /CampaignService.asmx'];

describe('warn mode: one stderr line per new site, the request untouched', () => {
  it.each([
    ['fetch', 'fetch(', 'fetch('],
    ['undici-request', 'request(', 'request('],
    ['undici-fetch', 'fetch(', 'fetch('],
    ['http', 'request(', 'request('],
    ['axios', 'get(', 'post('],
    ['axios-instance', 'get(', 'post('],
  ])('%s: the retired call once with its caller, the new-API call not, the headers, the SOAP call', async (client, retiredCallee, soapCallee) => {
    const run = await runApp(client, allCalls, onLocalServer);
    expect(run.code).toBe(0);
    expect(run.outcomes).toEqual(['retired: sent', 'retired: sent', 'current: sent', 'headers: sent', 'soap: sent']);
    expect(run.stderrLines).toEqual([retiredLine(at(`${client}-retired`, retiredCallee)), headerLine(), soapLine(at(`${client}-soap`, soapCallee))]);
    expect(server.requests).toEqual(everyRequest);
  });

  it('got: the same reports, with no caller (got starts its request after an await; sunsetGotHandler gives the line)', async () => {
    const run = await runApp('got', allCalls, onLocalServer);
    expect(run.outcomes).toEqual(['retired: sent', 'retired: sent', 'current: sent', 'headers: sent', 'soap: sent']);
    expect(run.stderrLines).toEqual([retiredLine('unknown caller'), headerLine(), soapLine('unknown caller')]);
    expect(server.requests).toEqual(everyRequest);
  });
});

describe('error mode: the call fails before any byte is sent', () => {
  it.each([
    ['fetch', ['retired: TypeError caused by RetiredEndpointError', 'soap: TypeError caused by RetiredEndpointError']],
    ['undici-request', ['retired: RetiredEndpointError', 'soap: RetiredEndpointError']],
    ['undici-fetch', ['retired: TypeError caused by RetiredEndpointError', 'soap: TypeError caused by RetiredEndpointError']],
    ['http', ['retired: RetiredEndpointError', 'soap: RetiredEndpointError']],
    ['axios', ['retired: RetiredEndpointError', 'soap: RetiredEndpointError']],
    ['axios-instance', ['retired: RetiredEndpointError', 'soap: RetiredEndpointError']],
    ['got', ['retired: RequestError caused by RetiredEndpointError', 'soap: RequestError caused by RetiredEndpointError']],
  ])('%s: the server sees no request', async (client, outcomes) => {
    const run = await runApp(client, 'retired,soap,current', { ...onLocalServer, SUNSET_RUNTIME_MODE: 'error' });
    expect(run.outcomes).toEqual([...outcomes, 'current: sent']);
    expect(server.requests).toEqual(['GET /v1/buyer/campaigns/7']);
    expect(run.stderrLines).toHaveLength(2);
    server.reset();
    const blocked = await runApp(client, 'retired,soap', { ...onLocalServer, SUNSET_RUNTIME_MODE: 'error' });
    expect(blocked.outcomes).toEqual(outcomes);
    expect(server.bytesReceived()).toBe(0);
  });
});

describe('record mode', () => {
  it('appends one JSON line per new site and the repeats at exit, with query values masked and asOf honoured', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'sunset-runtime-')), 'runtime.jsonl');
    const run = await runApp('fetch', allCalls, { ...onLocalServer, SUNSET_RUNTIME_RECORD: file, SUNSET_AS_OF: '2019-06-01' });
    expect(run.stderrLines).toEqual([]);
    const text = readFileSync(file, 'utf8');
    const isoTime = /"time":"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z"/g;
    expect(text.match(isoTime)).toHaveLength(4);
    const retired = siteOf(app, 'fetch-retired', 'fetch(');
    const soap = siteOf(app, 'fetch-soap', 'fetch(');
    const host = server.base.slice('http://'.length);
    const retiredRecord = `{"type":"retired-call","entry":"campaigns-legacy-get","retired":"GET /v1/campaigns/{id}","method":"GET","url":"${server.base}/v1/campaigns/7?access_token=…","host":"${host}","caller":${JSON.stringify(retired)},"phase":"deprecated","replacements":["GET /v1/buyer/campaigns/{id}","GET /v1/buyer/campaigns/{id}/rtbSettings"]`;
    expect(text.replace(isoTime, '"time":"<time>"')).toBe(
      [
        `${retiredRecord},"count":1,"time":"<time>"}`,
        `{"type":"deprecation-header","entry":null,"method":"GET","url":"${server.base}/v2/reports","host":"${host}","caller":null,"deprecation":"2026-01-01T00:00:00.000Z","sunset":"2027-01-01T00:00:00.000Z","links":["https://developer.example.com/v2-deprecation"],"count":1,"time":"<time>"}`,
        `{"type":"retired-call","entry":"campaigns-service-get-campaigns","retired":"GetCampaigns","method":"POST","url":"${server.base}/CampaignService.asmx","host":"${host}","caller":${JSON.stringify(soap)},"phase":"deprecated","replacements":["GET /v1/buyer/campaigns"],"count":1,"time":"<time>"}`,
        `${retiredRecord},"count":1,"time":"<time>"}`,
        '',
      ].join('\n'),
    );
    expect(text).not.toContain('secret-token');
    expect(readRuntimeRecord(file).map((record) => record.count)).toEqual([1, 1, 1, 1]);
  });

  it('stops before the app runs when the record file cannot be written, naming SUNSET_RUNTIME_RECORD, the path and why', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sunset-runtime-'));
    const file = path.join(dir, 'missing-dir/sites.jsonl');
    const run = await runApp('fetch', 'retired', { ...onLocalServer, SUNSET_RUNTIME_RECORD: file });
    expect(run).toEqual({
      code: 2,
      outcomes: [],
      stderrLines: [
        `[sunset] SUNSET_RUNTIME_RECORD (${file}) cannot be written: the folder ${path.join(dir, 'missing-dir')} does not exist. Point SUNSET_RUNTIME_RECORD at a file in a folder that exists and can be written.`,
      ],
    });
    expect(server.requests).toEqual([]);
  });

  it.skipIf(!existsSync('/dev/full'))('a write that fails later (a full disk) is said once; every request goes out and the exit code stays the app\'s', async () => {
    const run = await runApp('fetch', allCalls, { ...onLocalServer, SUNSET_RUNTIME_RECORD: '/dev/full' });
    expect(run).toEqual({
      code: 0,
      outcomes: ['retired: sent', 'retired: sent', 'current: sent', 'headers: sent', 'soap: sent'],
      stderrLines: ['[sunset] could not append to the record file /dev/full (ENOSPC: no space left on device): the record is incomplete; the application goes on unaffected.'],
    });
    expect(server.requests).toEqual(everyRequest);
  });
});

describe('configuration', () => {
  it('counts only api.adform.com by default: the local server is another host, and even in error mode its requests go out', async () => {
    const run = await runApp('fetch', allCalls, { SUNSET_RUNTIME_MODE: 'error' });
    expect(run).toEqual({ code: 0, outcomes: ['retired: sent', 'retired: sent', 'current: sent', 'headers: sent', 'soap: sent'], stderrLines: [] });
    expect(server.requests).toEqual(everyRequest);
  });

  it.each([
    ['api.example.com', 0],
    ['127.0.0.1', 3],
    ['127.0.0.1:1', 0],
    ['*.example.com, 127.0.0.1:PORT', 3],
    ['*', 3],
  ])('SUNSET_API_HOSTS=%s: %i lines', async (hosts, lines) => {
    const run = await runApp('fetch', allCalls, { SUNSET_API_HOSTS: hosts.replace('PORT', new URL(server.base).port) });
    expect(run.stderrLines).toHaveLength(lines);
  });

  /** Writes a sunset.config.json in a new folder; returns its path. */
  const writeConfig = (config: Record<string, unknown>): string => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'sunset-runtime-')), 'sunset.config.json');
    writeFileSync(file, JSON.stringify(config));
    return file;
  };

  it('reads asOf, apiHosts and customEntries from SUNSET_CONFIG, executing nothing', async () => {
    const customEntries = [{ id: 'buyer-campaign-v1', retired: 'GET /v1/buyer/campaigns/{id}', replacements: ['GET /v2/buyer/campaigns/{id}'], gaEnds: '2019-01-01', supportEnds: '2019-05-01' }];
    const config = writeConfig({ asOf: '2019-06-01', apiHosts: ['127.0.0.1'], failOn: 'retired', customEntries });
    const run = await runApp('fetch', 'current', { SUNSET_CONFIG: config });
    expect(run.stderrLines).toEqual([
      `[sunset] ${appInRepo}:${siteOf(app, 'fetch-retired', 'fetch(').line + 1}:20: GET /v1/buyer/campaigns/{id} is retired (support ended 2019-05-01): replace GET /v1/buyer/campaigns/{id} with GET /v2/buyer/campaigns/{id} (request GET ${server.base}/v1/buyer/campaigns/7)`,
    ]);
  });

  it('counts every host for "apiHosts": ["*"] in SUNSET_CONFIG, as sunset check does', async () => {
    const run = await runApp('fetch', allCalls, { SUNSET_CONFIG: writeConfig({ apiHosts: ['*'] }) });
    expect(run.stderrLines).toEqual([retiredLine(at('fetch-retired', 'fetch(')), headerLine(), soapLine(at('fetch-soap', 'fetch('))]);
  });

  it("reads apis from SUNSET_CONFIG: an imported API's entries count on its hosts, the built-in ones stay on theirs", async () => {
    const apis = { local: { name: 'Local API', hosts: ['127.0.0.1'], basePaths: ['/v1'] } };
    const customEntries = [{ id: 'local-buyer-campaign', api: 'local', retired: 'GET /buyer/campaigns/{id}', replacements: ['GET /buyer/campaign-details/{id}'], gaEnds: '2019-01-01', supportEnds: '2019-05-01' }];
    const run = await runApp('fetch', 'retired,current', { SUNSET_CONFIG: writeConfig({ asOf: '2019-06-01', apis, customEntries }) });
    expect(run.stderrLines).toEqual([
      `[sunset] ${appInRepo}:${siteOf(app, 'fetch-retired', 'fetch(').line + 1}:20: GET /buyer/campaigns/{id} is retired (support ended 2019-05-01): replace GET /buyer/campaigns/{id} with GET /buyer/campaign-details/{id} (request GET ${server.base}/v1/buyer/campaigns/7)`,
    ]);
  });

  it('stops before the app runs when a host in SUNSET_CONFIG is wrong, naming the file and the field as @sunset/config does', async () => {
    const config = writeConfig({ apiHosts: ['https://gateway.example.com'] });
    const run = await runApp('fetch', 'retired', { SUNSET_CONFIG: config });
    expect(run).toEqual({
      code: 2,
      outcomes: [],
      stderrLines: [`[sunset] SUNSET_CONFIG (${config}): apiHosts must list hostnames only, like "api.example.com", "localhost:8080" or "*.example.com" (no scheme or path), got "https://gateway.example.com".`],
    });
    expect(server.requests).toEqual([]);
  });

  it('stops before the app runs when SUNSET_CONFIG holds a misspelled field, as sunset check --config does', async () => {
    const config = writeConfig({ apiHost: ['127.0.0.1'] });
    const run = await runApp('fetch', 'retired', { SUNSET_CONFIG: config, SUNSET_RUNTIME_MODE: 'error' });
    expect(run).toEqual({
      code: 2,
      outcomes: [],
      stderrLines: [
        `[sunset] SUNSET_CONFIG (${config}): apiHost is not a known option; did you mean "apiHosts"? The known ones are asOf, apiHosts, identityHosts, ignores, failOn, reportScheduled, scheduledWithinDays, apis, customEntries, baseline, rules, maxFileSize, checkMinified.`,
      ],
    });
    expect(server.requests).toEqual([]);
  });

  it('stops before the app runs when a variable is wrong, naming it', async () => {
    const run = await runApp('fetch', 'retired', { SUNSET_RUNTIME_MODE: 'loud' });
    expect(run).toEqual({ code: 2, outcomes: [], stderrLines: ['[sunset] SUNSET_RUNTIME_MODE must be one of warn, error, record, got "loud".'] });
    expect(server.requests).toEqual([]);
  });

  it('works from NODE_OPTIONS too', async () => {
    const run = await runApp('fetch', 'retired', { ...onLocalServer, SUNSET_RUNTIME_MODE: 'error' }, 'NODE_OPTIONS');
    expect(run.outcomes).toEqual(['retired: TypeError caused by RetiredEndpointError']);
    expect(server.requests).toEqual([]);
  });
});
