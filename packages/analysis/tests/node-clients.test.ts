import { describe, expect, it } from 'vitest';
import { hostParsers as parsers, hostRows, rewriteMessage as rewrite, todoMessage as todo } from './host-rows.js';

// Trial 48, BUG 4, 5, 7 and 8: server-side Node clients whose base or method the code shows: undici's
// Pool and Client, a client a class getter returns, a SOAP client a lazy method caches in a field, and
// node-soap's endpoint. Re-trial 48, NB 1 and 2: a client a base class makes in its constructor from
// the base its subclass's `super(…)` passes, and the getter shapes SDKs write.

const apiHosts = ['api.adform.com'];
const rules = { 'no-legacy-rest-path': [{ apiHosts }], 'no-retired-soap-operation': [{ apiHosts }] } as const;

const { findings, otherHostCount } = hostRows(apiHosts, rules);
const list = rewrite('GET /v1/campaigns', 'GET /v1/buyer/campaigns');
const labels = todo('GET /v1/campaigns/dictionaries/labels', 'GET /v1/buyer/advertisers/{id}/campaignLabels');
const eitherMethod = todo('/v1/campaigns (GET or PATCH)', 'one of GET /v1/buyer/campaigns or PUT /v1/buyer/campaigns/{id}/status');
const getCampaigns = todo('GetCampaigns', 'GET /v1/buyer/campaigns');

describe.each(parsers)('with %s (%s)', (parser, filename) => {
  describe("undici's Pool and Client", () => {
    it("send to the origin they are made for, with the method their options write: another vendor's is counted, ours reported and rewritten", () => {
      const code = [
        "const { Pool, Client } = require('undici');",
        "const snap = new Pool('https://adsapi.snapchat.com');",
        "const ours = new Client('https://api.adform.com/v1');",
        "export const a = () => snap.request({ path: '/v1/campaigns', method: 'GET' });",
        "export const b = () => ours.request({ path: '/v1/campaigns', method: 'GET' });",
        "export const c = () => ours.stream({ path: '/v1/campaigns/dictionaries/labels', method: 'GET' }, factory);",
        "export const d = () => ours.request({ path: '/v1/campaigns' });",
        "export const e = () => snap.pipeline({ path: '/v1/campaigns', method: 'GET' }, handler);",
      ].join('\n');
      expect(findings(parser, filename, code)).toEqual([
        { rule: 'no-legacy-rest-path', line: 5, column: 44, message: list, host: 'api.adform.com', output: code.replace("ours.request({ path: '/v1/campaigns', method: 'GET' })", "ours.request({ path: '/v1/buyer/campaigns', method: 'GET' })") },
        { rule: 'no-legacy-rest-path', line: 6, column: 43, message: labels, host: 'api.adform.com' },
        // undici's dispatch options require a method: one they do not write is not known.
        { rule: 'no-legacy-rest-path', line: 7, column: 44, message: eitherMethod, host: 'api.adform.com' },
      ]);
      expect(otherHostCount(parser, filename, code)).toBe(2);
    });

    it('are read imported by name, through the namespace and in a class field', () => {
      const code = [
        "import * as undici from 'undici';",
        "import { Pool } from 'undici';",
        "const snap = new undici.Pool('https://adsapi.snapchat.com');",
        "export const a = () => snap.request({ path: '/v1/campaigns', method: 'GET' });",
        'export class Api {',
        "  pool = new Pool('https://api.adform.com');",
        "  list() { return this.pool.request({ path: '/v1/campaigns', method: 'GET' }); }",
        '}',
      ].join('\n');
      expect(findings(parser, filename, code)).toEqual([
        { rule: 'no-legacy-rest-path', line: 7, column: 44, message: list, host: 'api.adform.com', output: code.replace("path: '/v1/campaigns', method: 'GET' }); }", "path: '/v1/buyer/campaigns', method: 'GET' }); }") },
      ]);
      expect(otherHostCount(parser, filename, code)).toBe(1);
    });

    it('is read where the request is chained on the new Pool itself', () => {
      const code = [
        "const { Pool } = require('undici');",
        "export const a = () => new Pool('https://adsapi.snapchat.com').request({ path: '/v1/campaigns', method: 'GET' });",
        "export const b = () => new Pool('https://api.adform.com').request({ path: '/v1/campaigns/dictionaries/labels', method: 'GET' });",
      ].join('\n');
      expect(findings(parser, filename, code)).toEqual([{ rule: 'no-legacy-rest-path', line: 3, column: 74, message: labels, host: 'api.adform.com' }]);
      expect(otherHostCount(parser, filename, code)).toBe(1);
    });

    it("a Pool of another library is no undici dispatcher: its constructor's argument is no base", () => {
      const code = [
        "import { Pool } from 'generic-pool';",
        "const pool = new Pool('https://adsapi.snapchat.com');",
        "export const a = () => pool.request({ path: '/v1/campaigns', method: 'GET' });",
      ].join('\n');
      expect(findings(parser, filename, code).map(({ line, column, host }) => ({ line, column, host }))).toEqual([{ line: 3, column: 44, host: undefined }]);
      expect(otherHostCount(parser, filename, code)).toBe(0);
    });
  });

  describe('a client a class getter returns (a lazy singleton)', () => {
    it("has the base of the client the getter makes: another vendor's is counted, ours reported and rewritten", () => {
      const code = [
        "import axios from 'axios';",
        'class SnapApi {',
        '  static #inst;',
        '  get client() {',
        "    if (!SnapApi.#inst) SnapApi.#inst = axios.create({ baseURL: 'https://adsapi.snapchat.com' });",
        '    return SnapApi.#inst;',
        '  }',
        "  campaigns() { return this.client.get('/v1/campaigns'); }",
        '}',
        'class Ours {',
        '  _client = null;',
        '  get client() {',
        "    if (!this._client) this._client = axios.create({ baseURL: 'https://api.adform.com' });",
        '    return this._client;',
        '  }',
        "  campaigns() { return this.client.get('/v1/campaigns'); }",
        '}',
        'class Private {',
        '  #http;',
        "  get http() { return (this.#http ??= axios.create({ baseURL: 'https://adsapi.snapchat.com' })); }",
        "  campaigns() { return this.http.get('/v1/campaigns'); }",
        '}',
        'export { SnapApi, Ours, Private };',
      ].join('\n');
      expect(findings(parser, filename, code)).toEqual([
        { rule: 'no-legacy-rest-path', line: 16, column: 39, message: list, host: 'api.adform.com', output: code.replace("  campaigns() { return this.client.get('/v1/campaigns'); }\n}\nclass Private", "  campaigns() { return this.client.get('/v1/buyer/campaigns'); }\n}\nclass Private") },
      ]);
      expect(otherHostCount(parser, filename, code)).toBe(2);
    });

    it("is not guessed where the slot is given two clients, nor from another class's getter", () => {
      const code = [
        "import axios from 'axios';",
        'class Two {',
        '  get client() { return this._client; }',
        "  useSnap() { this._client = axios.create({ baseURL: 'https://adsapi.snapchat.com' }); }",
        "  useOurs() { this._client = axios.create({ baseURL: 'https://api.adform.com' }); }",
        "  campaigns() { return this.client.get('/v1/campaigns'); }",
        '}',
        "class Snap { get client() { return axios.create({ baseURL: 'https://adsapi.snapchat.com' }); } }",
        "class Other { campaigns() { return this.client.get('/v1/campaigns'); } }",
        'export { Two, Snap, Other };',
      ].join('\n');
      expect(findings(parser, filename, code).map(({ line, column, host }) => ({ line, column, host }))).toEqual([
        { line: 6, column: 39, host: undefined },
        { line: 9, column: 51, host: undefined },
      ]);
      expect(otherHostCount(parser, filename, code)).toBe(0);
    });
  });

  describe('a getter or field whose value is not one (re-trial 48, REG 1 and 2)', () => {
    it('a getter with a return besides its last has no one client, in either order: our call is reported with no host', () => {
      const code = [
        "import axios from 'axios';",
        "const snap = axios.create({ baseURL: 'https://adsapi.snapchat.com' });",
        "const ours = axios.create({ baseURL: 'https://api.adform.com' });",
        'export class A {',
        '  get client() {',
        '    if (this.flag) return ours;',
        '    return snap;',
        '  }',
        "  campaigns() { return this.client.get('/v1/campaigns'); }",
        '}',
        'export class B {',
        '  get client() {',
        '    for (const each of this.list) { if (each) return snap; }',
        '    return ours;',
        '  }',
        "  campaigns() { return this.client.get('/v1/campaigns'); }",
        '}',
      ].join('\n');
      expect(findings(parser, filename, code).map(({ line, column, host }) => ({ line, column, host }))).toEqual([
        { line: 9, column: 39, host: undefined },
        { line: 16, column: 39, host: undefined },
      ]);
      expect(otherHostCount(parser, filename, code)).toBe(0);
    });

    it("a subclass of the file that gives the member its own value (a getter, a field, this.x = …) makes it more than one; a subclass that does not leaves another vendor's base known", () => {
      const code = [
        "import axios from 'axios';",
        'class Vendor {',
        "  get client() { return axios.create({ baseURL: 'https://adsapi.snapchat.com' }); }",
        "  campaigns() { return this.client.get('/v1/campaigns'); }",
        '}',
        "class Ours extends Vendor { get client() { return axios.create({ baseURL: 'https://api.adform.com' }); } }",
        'class Base {',
        "  http = axios.create({ baseURL: 'https://adsapi.snapchat.com' });",
        "  host = 'https://adsapi.snapchat.com';",
        "  campaigns() { return this.http.get('/v1/campaigns'); }",
        '  list() { return fetch(`${this.host}/v1/campaigns`); }',
        '}',
        'class Middle extends Base {}',
        "class Deep extends Middle { constructor() { super(); this.http = axios.create({ baseURL: 'https://api.adform.com' }); this.host = 'https://api.adform.com'; } }",
        'class Snap {',
        "  http = axios.create({ baseURL: 'https://adsapi.snapchat.com' });",
        "  campaigns() { return this.http.get('/v1/campaigns'); }",
        '}',
        'class SnapAds extends Snap { pause() { return 1; } }',
        'export { Vendor, Ours, Base, Middle, Deep, Snap, SnapAds };',
      ].join('\n');
      expect(findings(parser, filename, code).map(({ line, column, host }) => ({ line, column, host }))).toEqual([
        { line: 4, column: 39, host: undefined },
        { line: 10, column: 37, host: undefined },
        { line: 11, column: 24, host: undefined },
      ]);
      expect(otherHostCount(parser, filename, code)).toBe(1);
    });
  });

  describe("a client a base class's constructor makes from its parameter (re-trial 48, NB 1)", () => {
    /** Base classes that make `this.http` from the base they are given, and subclasses that pass `host` with `super(…)`. */
    const sdk = (host: string): string =>
      [
        "import axios from 'axios';",
        'class BaseClient {',
        '  constructor(baseURL) { this.http = axios.create({ baseURL }); }',
        '}',
        'class SnapClient extends BaseClient {',
        `  constructor() { super('https://${host}'); }`,
        "  campaigns() { return this.http.get('/v1/campaigns'); }",
        '}',
        'class Spelled { constructor(baseURL) { this.http = axios.create({ baseURL: baseURL }); } }',
        'class Middle extends Spelled { constructor(url) { super(url); } }',
        `class Leaf extends Middle { constructor() { super('https://${host}'); } campaigns() { return this.http.get('/v1/campaigns'); } }`,
        'export { SnapClient, Leaf };',
      ].join('\n');

    it("takes the base the subclass's super(…) passes, also two classes up: another vendor's is counted, not reported", () => {
      const code = sdk('adsapi.snapchat.com');
      expect(findings(parser, filename, code)).toEqual([]);
      expect(otherHostCount(parser, filename, code)).toBe(2);
    });

    it('our API\'s host passed that way is ours: each call reported with the host and rewritten', () => {
      const code = sdk('api.adform.com');
      expect(findings(parser, filename, code)).toEqual([
        { rule: 'no-legacy-rest-path', line: 7, column: 37, message: list, host: 'api.adform.com', output: code.replace("  campaigns() { return this.http.get('/v1/campaigns'); }", "  campaigns() { return this.http.get('/v1/buyer/campaigns'); }") },
        { rule: 'no-legacy-rest-path', line: 11, column: 114, message: list, host: 'api.adform.com', output: code.replace("campaigns() { return this.http.get('/v1/campaigns'); } }", "campaigns() { return this.http.get('/v1/buyer/campaigns'); } }") },
      ]);
      expect(otherHostCount(parser, filename, code)).toBe(0);
    });

    it("is not one base where the base class's own method reads it for subclasses of two hosts, or a constructor has two super calls: our call is reported with no host", () => {
      const code = [
        "import axios from 'axios';",
        'class BaseClient {',
        '  constructor(baseURL) { this.http = axios.create({ baseURL }); }',
        "  campaigns() { return this.http.get('/v1/campaigns'); }",
        '}',
        "class SnapClient extends BaseClient { constructor() { super('https://adsapi.snapchat.com'); } }",
        "class Ours extends BaseClient { constructor() { super('https://api.adform.com'); } }",
        'class Either extends BaseClient {',
        "  constructor(snap) { if (snap) super('https://adsapi.snapchat.com'); else super('https://api.adform.com'); }",
        "  list() { return this.http.get('/v1/campaigns'); }",
        '}',
        'export { SnapClient, Ours, Either };',
      ].join('\n');
      expect(findings(parser, filename, code).map(({ line, column, host }) => ({ line, column, host }))).toEqual([
        { line: 4, column: 37, host: undefined },
        { line: 10, column: 32, host: undefined },
      ]);
      expect(otherHostCount(parser, filename, code)).toBe(0);
    });

    it("reads a string the base class builds from its parameter (`this.api = `${host}/v1``) as that subclass's, also two classes up", () => {
      const code = (host: string): string =>
        [
          'class Base { constructor(host) { this.api = `${host}/v1`; } }',
          'class Middle extends Base { constructor(host) { super(host); } }',
          `class Snap extends Middle { constructor() { super('https://${host}'); } campaigns() { return fetch(this.api + '/campaigns'); } }`,
          'export { Snap };',
        ].join('\n');
      expect(findings(parser, filename, code('adsapi.snapchat.com'))).toEqual([]);
      expect(otherHostCount(parser, filename, code('adsapi.snapchat.com'))).toBe(1);
      expect(findings(parser, filename, code('api.adform.com'))).toEqual([
        { rule: 'no-legacy-rest-path', line: 3, column: 106, message: list, host: 'api.adform.com', output: code('api.adform.com').replace("'/campaigns'", "'/buyer/campaigns'") },
      ]);
    });

    it.runIf(filename.endsWith('.ts'))('reads a parameter property the base class makes its client from (`axios.create({ baseURL: this.base })`)', () => {
      const code = (host: string): string =>
        [
          "import axios, { AxiosInstance } from 'axios';",
          'class BaseClient {',
          '  protected http: AxiosInstance;',
          '  constructor(protected base: string) { this.http = axios.create({ baseURL: this.base }); }',
          '}',
          'export class SnapClient extends BaseClient {',
          `  constructor() { super('https://${host}'); }`,
          "  campaigns() { return this.http.get('/v1/campaigns'); }",
          '}',
        ].join('\n');
      expect(findings(parser, filename, code('adsapi.snapchat.com'))).toEqual([]);
      expect(otherHostCount(parser, filename, code('adsapi.snapchat.com'))).toBe(1);
      expect(findings(parser, filename, code('api.adform.com'))).toEqual([
        { rule: 'no-legacy-rest-path', line: 8, column: 37, message: list, host: 'api.adform.com', output: code('api.adform.com').replace("'/v1/campaigns'", "'/v1/buyer/campaigns'") },
      ]);
    });
  });

  describe('getter shapes of SDK classes (re-trial 48, NB 2)', () => {
    /** `||` and `??` lazy getters, a static getter read through the class's name, a getter returning the base string, and `const { client } = this`. */
    const getters = (host: string): string =>
      [
        "import axios from 'axios';",
        'class OrFilled {',
        `  get client() { return this._c || (this._c = axios.create({ baseURL: 'https://${host}' })); }`,
        "  campaigns() { return this.client.get('/v1/campaigns'); }",
        '}',
        'class NullishFilled {',
        `  get client() { return this._c ?? (this._c = axios.create({ baseURL: 'https://${host}' })); }`,
        "  campaigns() { const { client } = this; return client.get('/v1/campaigns'); }",
        '}',
        'class Static {',
        '  static #c;',
        `  static get client() { return (Static.#c ??= axios.create({ baseURL: 'https://${host}' })); }`,
        "  static campaigns() { return Static.client.get('/v1/campaigns'); }",
        '}',
        'class BaseString {',
        `  get base() { return 'https://${host}'; }`,
        '  campaigns() { return fetch(`${this.base}/v1/campaigns`); }',
        '}',
        'class Field {',
        `  http = axios.create({ baseURL: 'https://${host}' });`,
        "  campaigns() { const { http } = this; return http.get('/v1/campaigns'); }",
        '}',
        "export const outside = () => Static.client.get('/v1/campaigns');",
        'export { OrFilled, NullishFilled, Static, BaseString, Field };',
      ].join('\n');

    it("has the base of the client or string the getter gives: another vendor's is counted, not reported", () => {
      const code = getters('adsapi.snapchat.com');
      expect(findings(parser, filename, code)).toEqual([]);
      expect(otherHostCount(parser, filename, code)).toBe(6);
    });

    it("our API's host given that way is ours: each call reported with the host and rewritten", () => {
      const code = getters('api.adform.com');
      const rewritten = (at: string): string => code.replace(at, at.replace('/v1/campaigns', '/v1/buyer/campaigns'));
      expect(findings(parser, filename, code)).toEqual([
        { rule: 'no-legacy-rest-path', line: 4, column: 39, message: list, host: 'api.adform.com', output: rewritten("  campaigns() { return this.client.get('/v1/campaigns'); }") },
        { rule: 'no-legacy-rest-path', line: 8, column: 59, message: list, host: 'api.adform.com', output: rewritten("const { client } = this; return client.get('/v1/campaigns');") },
        { rule: 'no-legacy-rest-path', line: 13, column: 48, message: list, host: 'api.adform.com', output: rewritten("  static campaigns() { return Static.client.get('/v1/campaigns'); }") },
        { rule: 'no-legacy-rest-path', line: 17, column: 29, message: list, host: 'api.adform.com', output: rewritten('fetch(`${this.base}/v1/campaigns`)') },
        { rule: 'no-legacy-rest-path', line: 21, column: 55, message: list, host: 'api.adform.com', output: rewritten("const { http } = this; return http.get('/v1/campaigns');") },
        { rule: 'no-legacy-rest-path', line: 23, column: 47, message: list, host: 'api.adform.com', output: rewritten("export const outside = () => Static.client.get('/v1/campaigns');") },
      ]);
      expect(otherHostCount(parser, filename, code)).toBe(0);
    });

    it('is not one value where the getter fills another slot, the slot is given two clients, a static getter is read on an instance, the getter has an early return or a subclass of the file overrides it: our call is reported with no host', () => {
      const code = [
        "import axios from 'axios';",
        "const snap = axios.create({ baseURL: 'https://adsapi.snapchat.com' });",
        "const ours = axios.create({ baseURL: 'https://api.adform.com' });",
        'class OtherSlot {',
        "  get client() { return this._c || (this._d = snap); }",
        "  campaigns() { return this.client.get('/v1/campaigns'); }",
        '}',
        'class TwoClients {',
        "  get client() { return this._c ?? (this._c = snap); }",
        '  useOurs() { this._c = ours; }',
        "  campaigns() { const { client } = this; return client.get('/v1/campaigns'); }",
        '}',
        'class StaticOnly {',
        '  static get client() { return snap; }',
        "  campaigns() { return this.client.get('/v1/campaigns'); }",
        '}',
        'class EarlyReturn {',
        '  get base() {',
        "    if (this.ours) return 'https://api.adform.com';",
        "    return 'https://adsapi.snapchat.com';",
        '  }',
        '  campaigns() { return fetch(`${this.base}/v1/campaigns`); }',
        '}',
        'class Vendor {',
        "  get base() { return 'https://adsapi.snapchat.com'; }",
        '  campaigns() { return fetch(`${this.base}/v1/campaigns`); }',
        "  list() { const { client } = this; return client.get('/v1/campaigns'); }",
        '  get client() { return snap; }',
        '}',
        "class OursToo extends Vendor { get base() { return 'https://api.adform.com'; } get client() { return ours; } }",
        'export { OtherSlot, TwoClients, StaticOnly, EarlyReturn, Vendor, OursToo };',
      ].join('\n');
      expect(findings(parser, filename, code).map(({ line, column, host }) => ({ line, column, host }))).toEqual([
        { line: 6, column: 39, host: undefined },
        { line: 11, column: 59, host: undefined },
        { line: 15, column: 39, host: undefined },
        { line: 22, column: 29, host: undefined },
        { line: 26, column: 29, host: undefined },
        { line: 27, column: 54, host: undefined },
      ]);
      expect(otherHostCount(parser, filename, code)).toBe(0);
    });
  });

  describe('a getter that reads itself back', () => {
    it('ends, and leaves the base unknown', () => {
      const code = [
        "import axios from 'axios';",
        'export class Loop {',
        '  get client() { return this._client; }',
        '  reset() { this._client = this.client; }',
        "  campaigns() { return this.client.get('/v1/campaigns'); }",
        '}',
      ].join('\n');
      expect(findings(parser, filename, code).map(({ line, column, host }) => ({ line, column, host }))).toEqual([{ line: 5, column: 39, host: undefined }]);
    });
  });

  describe('a SOAP client a lazy method caches in a field', () => {
    it("is the host's of the address it is made from: another vendor's is counted, ours reported", () => {
      const code = [
        "import * as soap from 'soap';",
        'export class DspSoap {',
        '  client = undefined;',
        '  async campaigns() {',
        '    if (!this.client) {',
        "      this.client = await soap.createClientAsync('https://api.example-dsp.com/CampaignService.svc?wsdl');",
        '    }',
        '    return this.client;',
        '  }',
        '  async list() {',
        '    const client = await this.campaigns();',
        '    await client.GetCampaignsAsync({});',
        '    return (await this.campaigns()).GetCampaignsAsync({});',
        '  }',
        '}',
        'export class Ours {',
        '  #client = null;',
        '  async getClient() {',
        "    this.#client ??= await soap.createClientAsync('https://api.adform.com/Services/CampaignService.svc?wsdl');",
        '    return this.#client;',
        '  }',
        '  async list() { return (await this.getClient()).GetCampaignsAsync({}); }',
        '}',
      ].join('\n');
      expect(findings(parser, filename, code)).toEqual([{ rule: 'no-retired-soap-operation', line: 22, column: 49, message: getCampaigns, host: 'api.adform.com' }]);
      expect(otherHostCount(parser, filename, code)).toBe(2);
    });

    it('has no host where the field is given clients of two addresses', () => {
      const code = [
        "import * as soap from 'soap';",
        'export class Two {',
        "  async dsp() { this.client = await soap.createClientAsync('https://api.example-dsp.com/CampaignService.svc?wsdl'); return this.client; }",
        "  async ours() { this.client = await soap.createClientAsync('https://api.adform.com/Services/CampaignService.svc?wsdl'); return this.client; }",
        '  async list() { return (await this.dsp()).GetCampaignsAsync({}); }',
        '}',
      ].join('\n');
      expect(findings(parser, filename, code).map(({ line, column, host }) => ({ line, column, host }))).toEqual([{ line: 5, column: 43, host: undefined }]);
    });
  });

  describe("node-soap's endpoint", () => {
    it("replaces the WSDL's address: the third argument of createClientAsync, options.endpoint, the last argument of createClient and setEndpoint", () => {
      const code = [
        "import * as soap from 'soap';",
        'export async function a() {',
        "  const client = await soap.createClientAsync('./wsdl/CampaignService.wsdl', {}, 'https://api.example-dsp.com/CampaignService.svc');",
        '  return client.GetCampaignsAsync({});',
        '}',
        'export async function b() {',
        "  const client = await soap.createClientAsync('./wsdl/CampaignService.wsdl', { endpoint: 'https://api.example-dsp.com/CampaignService.svc' });",
        '  return client.GetCampaignsAsync({});',
        '}',
        "soap.createClient('./wsdl/CampaignService.wsdl', {}, (err, client) => client.GetCampaigns({}, done), 'https://api.example-dsp.com/CampaignService.svc');",
        "soap.createClient('./wsdl/CampaignService.wsdl', (err, client) => client.GetCampaigns({}, done), 'https://api.adform.com/Services/CampaignService.svc');",
        'export async function c() {',
        "  const client = await soap.createClientAsync('https://api.adform.com/Services/CampaignService.svc?wsdl');",
        "  client.setEndpoint('https://api.example-dsp.com/CampaignService.svc');",
        '  return client.GetCampaignsAsync({});',
        '}',
        'export async function d() {',
        "  const client = await soap.createClientAsync('https://api.example-dsp.com/CampaignService.svc?wsdl', { endpoint: 'https://api.adform.com/Services/CampaignService.svc' }, 'https://api.example-dsp.com/CampaignService.svc');",
        '  return client.GetCampaignsAsync({});',
        '}',
      ].join('\n');
      expect(findings(parser, filename, code)).toEqual([
        { rule: 'no-retired-soap-operation', line: 11, column: 73, message: getCampaigns, host: 'api.adform.com' },
        { rule: 'no-retired-soap-operation', line: 19, column: 16, message: getCampaigns, host: 'api.adform.com' },
      ]);
      expect(otherHostCount(parser, filename, code)).toBe(4);
    });

    it('an endpoint the code does not show, or two setEndpoint calls of two addresses, leave the host unknown', () => {
      const code = [
        "import * as soap from 'soap';",
        'export async function a() {',
        "  const client = await soap.createClientAsync('https://api.example-dsp.com/CampaignService.svc?wsdl', {}, process.env.SOAP_ENDPOINT);",
        '  return client.GetCampaignsAsync({});',
        '}',
        'export async function b(useOurs) {',
        "  const client = await soap.createClientAsync('https://api.example-dsp.com/CampaignService.svc?wsdl');",
        "  if (useOurs) client.setEndpoint('https://api.adform.com/Services/CampaignService.svc');",
        "  else client.setEndpoint('https://api.example-dsp.com/v2/CampaignService.svc');",
        '  return client.GetCampaignsAsync({});',
        '}',
      ].join('\n');
      expect(findings(parser, filename, code).map(({ line, column, host }) => ({ line, column, host }))).toEqual([
        { line: 4, column: 16, host: undefined },
        { line: 10, column: 16, host: undefined },
      ]);
      expect(otherHostCount(parser, filename, code)).toBe(0);
    });
  });
});
