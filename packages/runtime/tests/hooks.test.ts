import axios from 'axios';
import got from 'got';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RetiredEndpointError } from '../src/errors.js';
import { installSunsetAxios } from '../src/hooks/axios.js';
import { withSunset } from '../src/hooks/fetch.js';
import { sunsetGotHandler } from '../src/hooks/got.js';
import { createObserver, type RuntimeObserver } from '../src/observer.js';
import type { RuntimeMode } from '../src/options.js';
import { startApiServer, type ApiServer } from './support/api-server.js';
import { siteOf } from './support/call-sites.js';

const here = import.meta.url;
let server: ApiServer;
let lines: string[];

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  lines = [];
});

const observer = (mode: RuntimeMode): RuntimeObserver => createObserver({ mode, asOf: '2026-03-01', apiHosts: ['127.0.0.1'] }, { warn: (line) => lines.push(line) });
const at = (marker: string, callee: string): string => {
  const site = siteOf(here, marker, callee);
  return `${site.file}:${site.line}:${site.column}`;
};
const retiredLine = (where: string, url: string): string =>
  `[sunset] ${where}: GET /v1/campaigns/{campaignId}/orders/{orderId} is retired (support ended 2019-10-01): replace GET /v1/campaigns/{campaignId}/orders/{orderId} with GET /v1/buyer/orders/{orderId} (request GET ${url})`;
const headerLine = (where: string, url: string): string =>
  `[sunset] ${where}: the server marks GET ${url} as deprecated since 2026-01-01T00:00:00.000Z with a sunset on 2027-01-01T00:00:00.000Z (response headers); see https://developer.example.com/v2-deprecation`;

describe('withSunset (fetch wrapper)', () => {
  it('reports a retired call once with its caller, a new-API call not at all, and deprecation headers', async () => {
    const sunsetFetch = withSunset(fetch, observer('warn'));
    for (let round = 0; round < 2; round++) await (await sunsetFetch(`${server.base}/v1/campaigns/3/orders/9?access_token=secret`)).text(); // site: fetch-retired
    await (await sunsetFetch(`${server.base}/v1/buyer/orders/9`)).text();
    await (await sunsetFetch(new Request(`${server.base}/v2/reports`))).text(); // site: fetch-headers
    expect(lines).toEqual([
      retiredLine(at('fetch-retired', 'sunsetFetch'), `${server.base}/v1/campaigns/3/orders/9?access_token=…`),
      headerLine(at('fetch-headers', 'await sunsetFetch'), `${server.base}/v2/reports`),
    ]);
    expect(server.requests).toEqual(['GET /v1/campaigns/3/orders/9?access_token=secret', 'GET /v1/campaigns/3/orders/9?access_token=secret', 'GET /v1/buyer/orders/9', 'GET /v2/reports']);
  });

  it('rejects in error mode before anything is sent', async () => {
    const sunsetFetch = withSunset(fetch, observer('error'));
    await expect(sunsetFetch(`${server.base}/v1/campaigns/3/orders/9`)).rejects.toThrow(RetiredEndpointError);
    await expect(sunsetFetch(`${server.base}/CampaignService.asmx`, { method: 'POST', body: '<soap:Envelope><soap:Body><CreateCampaign/></soap:Body></soap:Envelope>' })).rejects.toThrow(
      /^CreateCampaign is retired \(support ended 2019-10-01\): migrate CreateCampaign: /,
    );
    expect(server.requests).toEqual([]);
    expect(server.bytesReceived()).toBe(0);
  });
});

describe('an observer whose output throws', () => {
  it('never reaches the request: fetch, axios and got get their responses, and the failure is said once', async () => {
    const failures: string[] = [];
    const broken = createObserver(
      { mode: 'warn', asOf: '2026-03-01', apiHosts: ['127.0.0.1'] },
      {
        warn: () => {
          throw new Error('output broke');
        },
        failed: (line) => failures.push(line),
      },
    );
    const response = await withSunset(fetch, broken)(`${server.base}/v1/campaigns/3/orders/9`);
    expect(response.status).toBe(200);
    const client = axios.create({ baseURL: server.base });
    installSunsetAxios(client, broken);
    expect((await client.get('/v1/campaigns/4/orders/9')).status).toBe(200);
    expect((await client.get('/v2/reports')).status).toBe(200);
    const api = got.extend({ prefixUrl: server.base, handlers: [sunsetGotHandler(broken)] });
    expect((await api.get('v1/campaigns/5/orders/9')).statusCode).toBe(200);
    expect((await api.get('v2/reports')).statusCode).toBe(200);
    expect(server.requests).toEqual(['GET /v1/campaigns/3/orders/9', 'GET /v1/campaigns/4/orders/9', 'GET /v2/reports', 'GET /v1/campaigns/5/orders/9', 'GET /v2/reports']);
    expect(failures).toEqual([expect.stringMatching(/^\[sunset\] the observer failed .*: Error: output broke\n/s)]);
  });
});

describe('installSunsetAxios', () => {
  it('reports a retired call once with its caller, a new-API call not at all, and deprecation headers', async () => {
    const client = axios.create({ baseURL: server.base });
    installSunsetAxios(client, observer('warn'));
    for (let round = 0; round < 2; round++) await client.get('/v1/campaigns/3/orders/9', { params: { access_token: 'secret' } }); // site: axios-retired
    await client.get('/v1/buyer/orders/9');
    await client.get('v2/reports'); // site: axios-headers
    expect(lines).toEqual([retiredLine(at('axios-retired', 'get'), `${server.base}/v1/campaigns/3/orders/9`), headerLine(at('axios-headers', 'get'), `${server.base}/v2/reports`)]);
    expect(server.requests).toEqual(['GET /v1/campaigns/3/orders/9?access_token=secret', 'GET /v1/campaigns/3/orders/9?access_token=secret', 'GET /v1/buyer/orders/9', 'GET /v2/reports']);
  });

  it('rejects in error mode before anything is sent, and can be removed', async () => {
    const client = axios.create();
    const uninstall = installSunsetAxios(client, observer('error'));
    await expect(client.get(`${server.base}/v1/campaigns/3/orders/9`)).rejects.toThrow(RetiredEndpointError);
    const soap = client.post(`${server.base}/CampaignService.asmx`, '<x/>', { headers: { SOAPAction: '"http://www.example.com/api/2010/06/ICampaignService/UpdateCampaign"' } });
    await expect(soap).rejects.toThrow(/^UpdateCampaign is retired/);
    expect(server.requests).toEqual([]);
    expect(server.bytesReceived()).toBe(0);
    uninstall();
    await client.get(`${server.base}/v1/campaigns/3/orders/9`);
    expect(server.requests).toEqual(['GET /v1/campaigns/3/orders/9']);
  });
});

describe('installSunsetAxios on the object axios.create is called on', () => {
  const retiredPath = '/v1/campaigns/3/orders/9';

  it('hooks the instances axios.create makes after the install (and theirs), not one made before, and removes them all', async () => {
    const originalCreate = axios.create;
    const before = axios.create({ baseURL: server.base });
    const uninstall = installSunsetAxios(axios, observer('error'));
    try {
      const after = axios.create({ baseURL: server.base });
      const madeByAfter = after.create();
      await expect(after.get(retiredPath)).rejects.toThrow(RetiredEndpointError);
      await expect(madeByAfter.get(retiredPath)).rejects.toThrow(RetiredEndpointError);
      expect(server.bytesReceived()).toBe(0);
      await before.get(retiredPath);
      expect(server.requests).toEqual([`GET ${retiredPath}`]);
      uninstall();
      expect(axios.create).toBe(originalCreate);
      await after.get(retiredPath);
      await madeByAfter.get(retiredPath);
      await axios.create({ baseURL: server.base }).get(retiredPath);
      expect(server.requests).toEqual([`GET ${retiredPath}`, `GET ${retiredPath}`, `GET ${retiredPath}`, `GET ${retiredPath}`]);
    } finally {
      uninstall();
    }
  });

  it('hooks the instances new axios.Axios(config) makes after the install (and subclasses of it), and puts the class back on removal', async () => {
    const OriginalAxios = axios.Axios;
    const before = new axios.Axios({ baseURL: server.base });
    const uninstall = installSunsetAxios(axios, observer('error'));
    try {
      const after = new axios.Axios({ baseURL: server.base });
      class ApiClient extends axios.Axios {}
      const subclassed = new ApiClient({ baseURL: server.base });
      expect([after instanceof OriginalAxios, subclassed instanceof OriginalAxios, axios.Axios.prototype === OriginalAxios.prototype]).toEqual([true, true, true]);
      await expect(after.get(retiredPath)).rejects.toThrow(RetiredEndpointError);
      await expect(subclassed.get(retiredPath)).rejects.toThrow(RetiredEndpointError);
      expect(server.bytesReceived()).toBe(0);
      await before.get(retiredPath);
      expect(server.requests).toEqual([`GET ${retiredPath}`]);
      uninstall();
      expect(axios.Axios).toBe(OriginalAxios);
      await after.get(retiredPath);
      await new axios.Axios({ baseURL: server.base }).get(retiredPath);
      expect(server.requests).toEqual([`GET ${retiredPath}`, `GET ${retiredPath}`, `GET ${retiredPath}`]);
    } finally {
      uninstall();
    }
  });

  it('hooks an instance once per observer, also when it is installed on again', async () => {
    const warnings = observer('warn');
    const parent = axios.create({ baseURL: server.base });
    const uninstall = installSunsetAxios(parent, warnings);
    expect(installSunsetAxios(parent, warnings)).toBe(uninstall);
    const child = parent.create();
    installSunsetAxios(child, warnings);
    await child.get(retiredPath); // site: axios-child
    expect(lines).toEqual([retiredLine(at('axios-child', 'get'), `${server.base}${retiredPath}`)]);
    expect(warnings.sites().map((site) => site.count)).toEqual([1]);
  });
});

describe('sunsetGotHandler', () => {
  it('reports a retired call once with its caller, a new-API call not at all, and deprecation headers', async () => {
    const client = got.extend({ handlers: [sunsetGotHandler(observer('warn'))] });
    for (let round = 0; round < 2; round++) await client(`${server.base}/v1/campaigns/3/orders/9?access_token=secret`).text(); // site: got-retired
    await client(`${server.base}/v1/buyer/orders/9`).text();
    await client.get(`${server.base}/v2/reports`).text(); // site: got-headers
    expect(lines).toEqual([
      retiredLine(at('got-retired', 'client('), `${server.base}/v1/campaigns/3/orders/9?access_token=…`),
      headerLine(at('got-headers', 'get'), `${server.base}/v2/reports`),
    ]);
    expect(server.requests).toEqual(['GET /v1/campaigns/3/orders/9?access_token=secret', 'GET /v1/campaigns/3/orders/9?access_token=secret', 'GET /v1/buyer/orders/9', 'GET /v2/reports']);
  });

  it('throws in error mode before got starts the request', () => {
    const client = got.extend({ handlers: [sunsetGotHandler(observer('error'))] });
    expect(() => client(`${server.base}/v1/campaigns/3/orders/9`)).toThrow(RetiredEndpointError);
    expect(() => client.post(`${server.base}/LabelService.svc/GetCampaignLabelsAsJson`, { json: {} })).toThrow(/^GetCampaignLabelsAsJson is retired/);
    expect(server.requests).toEqual([]);
    expect(server.bytesReceived()).toBe(0);
  });
});
