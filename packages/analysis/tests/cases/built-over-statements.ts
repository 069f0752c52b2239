import { createCatalog } from '@sunset/rule-data';
import type { Case } from '../harness.js';

// Issue 21 (gaps G2 and G3 of fixtures/openapi/spotify): a URL built in a `let` over several
// statements, held in an object a class gives `this`, or chosen among literals at run time. The
// music API's one-segment paths have live look-alikes nested below other paths (`/albums/{id}/tracks`).

const music = { id: 'music', name: 'Music API', hosts: ['api.music.example'], basePaths: ['/v1'] };
const entry = (id: string, retired: string) => ({ id, retired, api: 'music', gaEnds: '2025-06-01', supportEnds: '9999-12-31' });
const options = {
  catalog: createCatalog(
    [
      entry('several-tracks', 'GET /tracks'),
      entry('several-albums', 'GET /albums'),
      entry('top-tracks', 'GET /artists/{id}/top-tracks'),
      entry('featured', 'GET /browse/featured-playlists'),
      entry('new-releases', 'GET /browse/new-releases'),
      entry('category', 'GET /browse/categories/{category_id}'),
    ],
    'customEntries',
    [music],
  ),
};

export const builtOverStatementsCases: Case[] = [
  {
    name: 'a let extended in one arm of a conditional: the nested look-alike is not the one-segment path',
    code: [
      "const base = 'https://api.music.example/v1';",
      'export function album(get, id, opts) {',
      '  let url = `${base}/albums/${id}`;',
      '  url = opts.tracks ? `${url}/tracks` : url;',
      '  return get(url);',
      '}',
    ].join('\n'),
    js: true,
    options,
    expected: [],
  },
  {
    name: 'a let extended with += in the arms of an if/else-if chain: each arm after the declaration, not after the other arms',
    code: [
      'export function artist(get, base, id, opts) {',
      '  let url = `${base}/artists/${id}`;',
      '  if (opts.albums) {',
      "    url += '/albums';",
      '  } else if (opts.topTracks) {',
      "    url += '/top-tracks';",
      '  }',
      '  return get(url);',
      '}',
    ].join('\n'),
    js: true,
    options,
    expected: [{ id: 'top-tracks', key: '/artists/{id}/top-tracks', form: 'url-string', migration: 'todo', at: "'/top-tracks'" }],
  },
  {
    name: 'straight-line += on a retired path: one request, the path it ends as, reported once where the path is written',
    code: ['export function campaign(id: string) {', "  let url = '/v1/campaigns';", "  url += '/' + id;", '  return fetch(url);', '}'].join('\n'),
    expected: [
      {
        id: 'campaigns-legacy-get',
        key: 'GET /v1/campaigns/{id}',
        method: 'GET',
        form: 'fetch',
        migration: 'todo',
        at: 'url',
        occurrence: 3,
        candidates: ["export function campaign(id: string) {\n  let url = '/v1/buyer/campaigns';\n  url += '/' + id;\n  return fetch(url);\n}"],
      },
    ],
  },
  {
    name: 'a let reassigned in a loop, or by a closure, or read after a conditional write: its value is not guessed',
    code: [
      'export function inLoop(parts: string[]) {',
      "  let url = '/v1';",
      "  for (const part of parts) url += '/' + part;",
      "  return fetch(url + '/x');",
      '}',
      'export function byClosure(list: string[]) {',
      "  let url = '/v1/buyer';",
      "  list.forEach(() => { url = '/v1'; });",
      "  return fetch(`${url}/campaigns`);",
      '}',
      'export function afterBranch(all: boolean) {',
      "  let url = '/v1/buyer';",
      "  if (all) url = '/v2';",
      "  return fetch(url + '/campaigns');",
      '}',
    ].join('\n'),
    expected: [],
  },
  {
    name: 'a let reassigned before the read: the read sees the last write, not the declaration',
    code: ['export function list() {', "  let url = '/v1/buyer';", "  url = '/v1';", "  return fetch(url + '/campaigns');", '}'].join('\n'),
    expected: [
      {
        id: 'campaigns-legacy-list',
        key: 'GET /v1/campaigns',
        method: 'GET',
        form: 'fetch',
        migration: 'rewrite',
        at: "url + '/campaigns'",
        output: "export function list() {\n  let url = '/v1/buyer';\n  url = '/v1';\n  return fetch(url + '/buyer/campaigns');\n}",
      },
    ],
  },
  {
    name: "an object of endpoints the class gives this, built on this.baseURL: this.endpoints.browse + '/categories/' + id",
    code: [
      'export class Client {',
      '  constructor(opts) {',
      "    this.baseURL = opts && opts.url ? opts.url : 'https://api.music.example/v1';",
      '    this.endpoints = { albums: `${this.baseURL}/albums`, browse: `${this.baseURL}/browse` };',
      '  }',
      '  category(id) { return this.fetch(`${this.endpoints.browse}/categories/${id}`); }',
      '  albumTracks(id) { return this.fetch(`${this.endpoints.albums}/${id}/tracks`); }',
      '}',
    ].join('\n'),
    js: true,
    options,
    expected: [
      { id: 'several-albums', key: '/albums', form: 'url-string', migration: 'todo', at: '`${this.baseURL}/albums`' },
      { id: 'category', key: '/browse/categories/{category_id}', form: 'url-string', migration: 'todo', at: '`${this.endpoints.browse}/categories/${id}`' },
    ],
  },
  {
    name: 'this.x given two values, changed through a property, or read in a nested function or a static method: not followed',
    code: [
      'export class Client {',
      '  constructor(other) {',
      "    this.twice = 'https://api.music.example/v1/browse';",
      '    if (other) this.twice = other;',
      "    this.endpoints = { browse: 'https://api.music.example/v1/browse' };",
      "    this.endpoints.browse = 'https://elsewhere.example/browse';",
      "    this.base = 'https://api.music.example/v1/browse';",
      '  }',
      '  a() { return this.fetch(`${this.twice}/featured-playlists`); }',
      '  b() { return this.fetch(`${this.endpoints.browse}/featured-playlists`); }',
      '  c() { return [1].map(function () { return `${this.base}/featured-playlists`; }); }',
      '  static d() { return `${this.base}/featured-playlists`; }',
      '  e() { return this.fetch(`${this.base}/new-releases`); }',
      '}',
    ].join('\n'),
    js: true,
    options,
    expected: [{ id: 'new-releases', key: '/browse/new-releases', form: 'url-string', migration: 'todo', at: '`${this.base}/new-releases`' }],
  },
  {
    name: 'a path chosen at run time among the literals of a constant array: one finding that names every choice',
    code: [
      'export function browse(get, base, to) {',
      "  const permitted = ['featured-playlists', 'new-releases', 'categories'];",
      '  const index = permitted.indexOf(to);',
      '  let url = `${base}/browse`;',
      '  if (index >= 0) {',
      '    url += `/${permitted[index]}`;',
      '  }',
      '  return get(url);',
      '}',
    ].join('\n'),
    js: true,
    options,
    expected: [
      {
        id: 'featured',
        key: '/browse/featured-playlists',
        form: 'url-string',
        migration: 'todo',
        at: '`/${permitted[index]}`',
        cause: 'the code chooses the path at run time: /browse/featured-playlists, /browse/new-releases or a path not retired',
      },
    ],
  },
  {
    name: 'an element at a literal index is that element; an array the code changes is not read',
    code: [
      "const paths = ['/browse/categories', '/browse/new-releases'];",
      'export const second = (get, base) => get(`${base}${paths[1]}`);',
      "const grown = ['/albums/x'];",
      "grown.push('/x');",
      'export const any = (get, base, i) => get(`${base}${grown[i]}`);',
    ].join('\n'),
    js: true,
    options,
    expected: [{ id: 'new-releases', key: '/browse/new-releases', form: 'url-string', migration: 'todo', at: '`${base}${paths[1]}`' }],
  },
];
