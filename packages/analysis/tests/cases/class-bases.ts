import type { RequestCase } from '../run-request-cases.js';

// SDK-style client classes of server-side integrations: where a class keeps its base. A TypeScript
// parameter property's default is `this.base = base` from `constructor(base = '…')`; a subclass hands
// its base to the class it extends with `super(…)`.

const lines = (...text: string[]): string => text.join('\n');
const listRetired = 'GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns.';
const listRewrite = (code: string, occurrence = 1): string => {
  let seen = 0;
  return code.replace(/\/v1\/campaigns(?=['`])/g, (match) => (++seen === occurrence ? '/v1/buyer/campaigns' : match));
};

/** A parameter property with each modifier, its default the base the class's requests are sent to. */
const parameterProperties = (host: string): string =>
  lines(
    'export class Campaigns {',
    `  constructor(private readonly base: string = 'https://${host}') {}`,
    '  list() { return fetch(`${this.base}/v1/campaigns`); }',
    '}',
    'export class Orders {',
    `  constructor(public base = 'https://${host}', protected token?: string) {}`,
    "  list() { return fetch(this.base + '/v1/campaigns'); }",
    '}',
    'export class Managers {',
    `  constructor(readonly host = '${host}') {}`,
    "  list() { return fetch(`https://${this.host}/v1/campaigns/dictionaries/managers`, { method: 'GET' }); }",
    '}',
    // A subclass that gave `base` a value of its own would make Campaigns' `this.base` more than one (node-clients.test.ts).
    'export class Reports extends Orders {',
    "  constructor(override readonly token = 'reports') { super(); }",
    '  all() { return fetch(`${this.base}/v1/campaigns`); }',
    '}',
  );

/** Parameter properties whose value the file does not show: no default, or a `new` that passes another. */
const parameterPropertiesNotShown = lines(
  'export class Bare {',
  '  constructor(private readonly base: string) {}',
  '  list() { return fetch(`${this.base}/v1/campaigns`); }',
  '}',
  'export class Passed {',
  '  constructor(private readonly base: string) {}',
  '  list() { return fetch(`${this.base}/v1/campaigns`); }',
  '}',
  "export const passed = new Passed('https://api.criteo.com');",
  'export class Overridden {',
  "  constructor(private readonly base = 'https://api.adform.com') {}",
  '  list() { return fetch(`${this.base}/v1/campaigns`); }',
  '}',
  "export const overridden = new Overridden('https://api.criteo.com');",
);

/** A base class whose constructor takes the host, and subclasses that pass it with `super(…)`. */
const superHost = (host: string): string =>
  lines(
    'class Base {',
    '  constructor(host) { this.host = host; }',
    '  get(path) { return fetch(this.host + path); }',
    '}',
    'class Campaigns extends Base {',
    `  constructor() { super('https://${host}'); }`,
    "  list() { return this.get('/v1/campaigns'); }",
    '}',
    'class Orders extends Base {',
    `  constructor() { super('https://${host}'); }`,
    '  get(path) { return super.get(path); }',
    "  list() { return this.get('/v1/campaigns/dictionaries/comanagers'); }",
    '}',
    'class Origin {',
    "  constructor(origin = 'https://api.criteo.com') { this.origin = origin; }",
    '}',
    'class Managers extends Origin {',
    `  constructor(origin = 'https://${host}') { super(origin); }`,
    '  list() { return fetch(`${this.origin}/v1/campaigns/dictionaries/managers`); }',
    '}',
    'class Clients extends Origin {',
    `  constructor() { super(undefined); }`,
    '  list() { return fetch(`${this.origin}/v1/campaigns/dictionaries/clients`); }',
    '}',
  );

/** Subclasses whose `super(…)` does not show the base: a parameter without a default, two calls, a spread. */
const superHostNotShown = lines(
  'class Base {',
  '  constructor(host) { this.host = host; }',
  '  get(path) { return fetch(this.host + path); }',
  '}',
  'class Given extends Base {',
  '  constructor(host) { super(host); }',
  "  list() { return this.get('/v1/campaigns'); }",
  '}',
  'class Either extends Base {',
  "  constructor(local) { if (local) super('http://localhost'); else super('https://api.criteo.com'); }",
  "  list() { return this.get('/v1/campaigns'); }",
  '}',
  'class Spread extends Base {',
  "  constructor(...args) { super(...args); }",
  "  list() { return this.get('/v1/campaigns'); }",
  '}',
);

/** Criteo's SDK shape: `send(o)` sends the options, `request(opts)` and `call(x)` hand them on. */
const forwardedOptions = (host: string): string =>
  lines(
    "const https = require('https');",
    'class Client {',
    `  constructor(host = '${host}') { this.host = host; }`,
    '  send(o) { return https.request({ hostname: this.host, path: o.path, method: o.method }); }',
    '  request(opts) { return this.send(opts); }',
    '  call(x) { return this.request(x); }',
    "  list() { return this.request({ method: 'GET', path: '/v1/campaigns' }); }",
    "  pause(ids) { return this.call({ method: 'PATCH', path: '/v1/campaigns', body: ids }); }",
    '}',
    'class Positional {',
    `  constructor(base = 'https://${host}') { this.base = base; }`,
    '  req(method, path) { return fetch(this.base + path, { method }); }',
    "  get(path) { return this.req('GET', path); }",
    "  list() { return this.get('/v1/campaigns/dictionaries/clients'); }",
    '}',
  );

/** Options handed on where a call cannot tell which helper sends them, round a cycle, or past four helpers. */
const forwardedOptionsNotFollowed = lines(
  "const https = require('https');",
  'class Client {',
  "  constructor(host = 'api.criteo.com') { this.host = host; }",
  '  send(o) { return https.request({ hostname: this.host, path: o.path, method: o.method }); }',
  '  other(o) { return https.request({ hostname: this.host, path: o.path, method: o.method }); }',
  '  either(o) { return o.retry ? this.send(o) : this.other(o); }',
  "  list() { return this.either({ method: 'get', path: '/v1/campaigns' }); }",
  '  ping(o) { return this.pong(o); }',
  '  pong(o) { return this.ping(o); }',
  "  loop() { return this.ping({ method: 'get', path: '/v1/campaigns' }); }",
  '  f1(o) { return this.send(o); }',
  '  f2(o) { return this.f1(o); }',
  '  f3(o) { return this.f2(o); }',
  '  f4(o) { return this.f3(o); }',
  '  f5(o) { return this.f4(o); }',
  "  deep() { return this.f5({ method: 'get', path: '/v1/campaigns' }); }",
  "  four() { return this.f4({ method: 'get', path: '/v1/campaigns/dictionaries/clients' }); }",
  '}',
);

export const classBaseCases: RequestCase[] = [
  {
    name: "a parameter property's default (private, public, readonly, override) is the base its class's requests are sent to: another vendor's is that vendor's",
    code: parameterProperties('api.criteo.com'),
    options: { apiHosts: ['api.adform.com'] },
    expected: [],
  },
  {
    name: "the same parameter properties defaulting to the API's host are the API's: each request rewritten where its path is written",
    code: parameterProperties('api.adform.com'),
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'rewrite', at: '`${this.base}/v1/campaigns`',
        message: listRetired, host: 'api.adform.com', output: listRewrite(parameterProperties('api.adform.com'), 1),
      },
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'rewrite', at: "this.base + '/v1/campaigns'",
        message: listRetired, host: 'api.adform.com', output: listRewrite(parameterProperties('api.adform.com'), 2),
      },
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'fetch', migration: 'rewrite', at: '`https://${this.host}/v1/campaigns/dictionaries/managers`',
        message: 'GET /v1/campaigns/dictionaries/managers is retired (support ended 2019-10-01): use GET /v1/buyer/classifiers/managers.', host: 'api.adform.com',
        output: parameterProperties('api.adform.com').replace('/v1/campaigns/dictionaries/managers', '/v1/buyer/classifiers/managers'),
      },
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'rewrite', at: '`${this.base}/v1/campaigns`', occurrence: 2,
        message: listRetired, host: 'api.adform.com', output: listRewrite(parameterProperties('api.adform.com'), 3),
      },
    ],
  },
  {
    name: 'a parameter property without a default, or one a `new` of the file passes, does not show the host: the call counts, as `this.base = base` would',
    code: parameterPropertiesNotShown,
    options: { apiHosts: ['api.adform.com'] },
    expected: [1, 2, 3].map((occurrence) => ({
      id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET' as const, form: 'fetch' as const, migration: 'rewrite' as const, at: '`${this.base}/v1/campaigns`', occurrence,
      message: listRetired, output: listRewrite(parameterPropertiesNotShown, occurrence),
    })),
  },
  {
    name: "a subclass's `super('https://…')` gives the base's constructor its host, read through an inherited helper and in the subclass's own requests: another vendor's is that vendor's",
    code: superHost('api.criteo.com'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [],
  },
  {
    name: "the same subclasses passing the API's host are the API's: the inherited helper's call (also through an override that calls `super.get`) rewritten at the subclass's path, the method the helper's; `super(undefined)` leaves the base's default, another vendor's",
    code: superHost('api.adform.com'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'fetch', migration: 'rewrite', at: "'/v1/campaigns'",
        message: listRetired, host: 'api.adform.com', output: listRewrite(superHost('api.adform.com')),
      },
      {
        id: 'campaign-dictionary-comanagers', key: 'GET /v1/campaigns/dictionaries/comanagers', method: 'GET', form: 'fetch', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/comanagers'",
        message: 'GET /v1/campaigns/dictionaries/comanagers is retired (support ended 2019-10-01): use GET /v1/buyer/classifiers/managers.', host: 'api.adform.com',
        output: superHost('api.adform.com').replace('/v1/campaigns/dictionaries/comanagers', '/v1/buyer/classifiers/managers'),
      },
      {
        id: 'campaign-dictionary-managers', key: 'GET /v1/campaigns/dictionaries/managers', method: 'GET', form: 'fetch', migration: 'rewrite', at: '`${this.origin}/v1/campaigns/dictionaries/managers`',
        message: 'GET /v1/campaigns/dictionaries/managers is retired (support ended 2019-10-01): use GET /v1/buyer/classifiers/managers.', host: 'api.adform.com',
        output: superHost('api.adform.com').replace('/v1/campaigns/dictionaries/managers', '/v1/buyer/classifiers/managers'),
      },
    ],
  },
  {
    name: 'a `super(…)` that passes its own parameter, one of two `super` calls, or a spread does not show the host: each call counts, its method the helper\'s',
    code: superHostNotShown,
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [1, 2, 3].map((occurrence) => ({
      id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET' as const, form: 'fetch' as const, migration: 'rewrite' as const, at: "'/v1/campaigns'", occurrence,
      message: listRetired, output: listRewrite(superHostNotShown, occurrence),
    })),
  },
  {
    name: "options handed on unchanged by helpers of the class (`request(opts) { return this.send(opts) }`, two deep) are the sending helper's request at each call: another vendor's host is that vendor's",
    code: forwardedOptions('api.criteo.com'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [],
  },
  {
    name: "the same chains over the API's host are the API's: the method beside the path in the caller's object (or the positional helper's), rewritten there",
    code: forwardedOptions('api.adform.com'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-legacy-list', key: 'GET /v1/campaigns', method: 'GET', form: 'node-http', migration: 'rewrite', at: "'/v1/campaigns'",
        message: listRetired, host: 'api.adform.com', output: listRewrite(forwardedOptions('api.adform.com')),
      },
      {
        id: 'campaigns-legacy-status', key: 'PATCH /v1/campaigns', method: 'PATCH', form: 'node-http', migration: 'todo', at: "'/v1/campaigns'", occurrence: 2,
        message: 'PATCH /v1/campaigns is retired (support ended 2019-10-01): use PUT /v1/buyer/campaigns/{id}/status; this call needs a manual migration.', host: 'api.adform.com',
      },
      {
        id: 'campaign-dictionary-clients', key: 'GET /v1/campaigns/dictionaries/clients', method: 'GET', form: 'fetch', migration: 'rewrite', at: "'/v1/campaigns/dictionaries/clients'",
        message: 'GET /v1/campaigns/dictionaries/clients is retired (support ended 2019-10-01): use GET /v1/buyer/advertisers.', host: 'api.adform.com',
        output: forwardedOptions('api.adform.com').replace('/v1/campaigns/dictionaries/clients', '/v1/buyer/advertisers'),
      },
    ],
  },
  {
    name: 'options handed to one of two helpers, round a cycle, or past four helpers are not followed: the path counts, its method and host unknown; four helpers deep are followed',
    code: forwardedOptionsNotFollowed,
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [1, 2, 3].map((occurrence) => ({
      id: 'campaigns-legacy-list', key: '/v1/campaigns', methods: ['GET' as const, 'PATCH' as const], form: 'url-string' as const, migration: 'todo' as const, at: "'/v1/campaigns'", occurrence,
      message: '/v1/campaigns (GET or PATCH) is retired (support ended 2019-10-01): use one of GET /v1/buyer/campaigns or PUT /v1/buyer/campaigns/{id}/status; this call needs a manual migration.',
      cause: 'the code does not say its method, so this may be GET /v1/campaigns or PATCH /v1/campaigns',
      candidates: [listRewrite(forwardedOptionsNotFollowed, occurrence)],
    })),
  },
];
