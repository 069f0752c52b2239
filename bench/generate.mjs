#!/usr/bin/env node
// @ts-check
// Deterministic generator of synthetic client repositories for the Sunset benchmarks.
//
// A repo of N files is a realistic mix of .ts/.tsx/.js/.mjs application code (imports, types,
// classes, JSX components, utilities, HTTP calls to the new /v1/buyer endpoints and to unrelated
// APIs). Exactly round(N * share) of them also contain retired calls, in the forms the recognizer
// must see through. The retired paths and operations below are benchmark input copied from the
// contracts table; the tools under test get theirs from @sunset/rule-data.
//
//   node bench/generate.mjs --files 1000 --seed 42 --share 0.01 --out /tmp/x
//   node bench/generate.mjs --files 100000 --change 20 --out /tmp/y   (a git repo; branch `change` edits 20 files since `main`)
//
// File i depends only on (seed, i), so the 1k repo's files are the first 1k files of the 10k repo;
// only the choice of retired files depends on N.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** @typedef {'ts' | 'tsx' | 'js' | 'mjs'} Extension */
/** @typedef {{ readonly ts: boolean, readonly jsx: boolean }} Flavour */
/** @typedef {{ readonly resource: string, readonly method: string, readonly url: string, readonly params: readonly string[] }} CleanUrl */
/**
 * @typedef {object} Random A file's random stream and the helpers built on it.
 * @property {() => number} next
 * @property {(min: number, max: number) => number} int
 * @property {<T>(items: readonly T[]) => T} pick
 * @property {(p: number) => boolean} chance
 * @property {(name: string) => string} unique A top-level name not yet declared in this file.
 * @property {readonly CleanUrl[]} urls The URLs this file's data layer calls.
 */
/** @typedef {{ readonly lines: string[], readonly imports?: readonly string[] }} RetiredBlock */
/**
 * @typedef {object} RetiredForm A way of calling a retired endpoint that the recognizer must see through.
 * @property {string} id
 * @property {boolean} [tsOnly]
 * @property {boolean} [jsOnly]
 * @property {(r: Random, flavour: Flavour) => RetiredBlock} build
 */
/**
 * @typedef {object} GenerateOptions
 * @property {number} files
 * @property {number} [seed]
 * @property {number} [share]
 */
/**
 * @typedef {object} GeneratedFile
 * @property {string} path
 * @property {Extension} ext
 * @property {string} content
 * @property {boolean} retired
 * @property {string[]} forms Ids of the retired call forms the file contains (empty for a clean file).
 */
/**
 * @typedef {object} RepoManifest
 * @property {string} generator
 * @property {number} files
 * @property {number} seed
 * @property {number} share
 * @property {number} bytes
 * @property {{ path: string, forms: string[] }[]} retiredFiles
 * @property {Record<string, number>} extensions
 */

export const MANIFEST_NAME = '.sunset-bench-manifest.json';
/**
 * This generator's identity in a manifest: the hash of this file, so that a repo an older generator
 * wrote (kept with `--work`) is made again instead of measured as if it were today's.
 */
export const GENERATOR_ID = `sunset-bench/2+${createHash('sha256').update(readFileSync(fileURLToPath(import.meta.url))).digest('hex').slice(0, 12)}`;

/**
 * The manifest of the repo in `dir` when this generator wrote it with these parameters, else undefined.
 * @param {string} dir
 * @param {{ files: number, seed: number, share: number }} spec
 * @returns {RepoManifest | undefined}
 */
export function currentManifest(dir, spec) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, MANIFEST_NAME), 'utf8'));
  } catch {
    return undefined;
  }
  const same = manifest !== null && typeof manifest === 'object' && manifest.generator === GENERATOR_ID && manifest.files === spec.files && manifest.seed === spec.seed && manifest.share === spec.share;
  return same ? /** @type {RepoManifest} */ (manifest) : undefined;
}
export const DEFAULT_SHARE = 0.01;
export const DEFAULT_SEED = 42;

/**
 * mulberry32: a tiny, fast, well-distributed 32-bit PRNG.
 * @param {number} seed
 * @returns {() => number} the next number in [0, 1)
 */
function mulberry32(seed) {
  let state = seed >>> 0;
  return function next() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Mixes a seed and an index into a new 32-bit seed (so every file has its own stream).
 * @param {number} seed
 * @param {number} index
 */
function mixSeed(seed, index) {
  let h = Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * @param {() => number} next
 * @param {readonly CleanUrl[]} [urls]
 * @returns {Random}
 */
function randomTools(next, urls = []) {
  /** @type {Random['int']} */
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  /** @type {Random['pick']} */
  const pick = (items) => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('pick() needs a non-empty list');
    return item;
  };
  /** @type {Random['chance']} */
  const chance = (p) => next() < p;
  /** @type {Set<string>} */
  const declared = new Set();
  /** @type {Random['unique']} */
  const unique = (name) => {
    let candidate = name;
    for (let n = 2; declared.has(candidate); n += 1) candidate = `${name}${n}`;
    declared.add(candidate);
    return candidate;
  };
  return { next, int, pick, chance, unique, urls };
}

// ---------------------------------------------------------------------------------------------
// Vocabulary. Clean code must never contain a retired needle: no /v1/campaigns, no
// /v1/reportingstats, no .svc, no SOAP words, no retired operation names in any casing.

const NOUNS = [
  'campaign', 'order', 'advertiser', 'placement', 'lineItem', 'creative', 'budget', 'audience',
  'invoice', 'segment', 'publisher', 'channel', 'metric', 'schedule', 'label', 'account', 'target',
  'deal', 'inventory', 'forecast', 'pacing', 'bid', 'flight', 'agency', 'contact', 'asset',
];
const VERBS = [
  'load', 'save', 'format', 'compute', 'normalize', 'merge', 'filter', 'group', 'validate', 'sync',
  'resolve', 'build', 'parse', 'sort', 'summarize', 'prepare', 'refresh', 'archive', 'restore', 'export',
];
const ADJECTIVES = ['active', 'pending', 'daily', 'weekly', 'remote', 'cached', 'draft', 'shared', 'primary', 'stale'];
const AREAS = [
  'campaigns', 'orders', 'advertisers', 'reporting', 'billing', 'inventory', 'auth', 'admin',
  'dashboard', 'creatives', 'audiences', 'settings', 'shared', 'forecasts', 'deals', 'labels',
];
const MODULE_KINDS = ['services', 'hooks', 'utils', 'store', 'api', 'models', 'selectors', 'validation'];
const UI_KINDS = ['components', 'views', 'widgets'];
/** Module kinds whose files make HTTP calls (the data layer). */
const HTTP_KINDS = ['services', 'api', 'store'];
const FIELD_TYPES = ['string', 'number', 'boolean', 'string[]', 'Date', 'number | null', 'Record<string, string>'];

/** @type {readonly CleanUrl[]} New endpoints and unrelated APIs that ordinary code calls (never retired), by the resource they serve. */
const CLEAN_URLS = [
  { resource: 'campaigns', method: 'GET', url: '#{API_BASE}/v1/buyer/campaigns', params: [] },
  { resource: 'campaigns', method: 'GET', url: '#{API_BASE}/v1/buyer/campaigns/#{id}', params: ['id'] },
  { resource: 'campaigns', method: 'GET', url: '#{API_BASE}/v1/buyer/campaigns/#{id}/rtbSettings', params: ['id'] },
  { resource: 'campaigns', method: 'PUT', url: '#{API_BASE}/v1/buyer/campaigns/#{id}/status', params: ['id'] },
  { resource: 'campaigns', method: 'GET', url: '#{API_BASE}/v1/buyer/campaigns/#{id}/labels', params: ['id'] },
  { resource: 'orders', method: 'GET', url: '#{API_BASE}/v1/buyer/orders/#{orderId}', params: ['orderId'] },
  { resource: 'orders', method: 'GET', url: '#{API_BASE}/v1/buyer/orders?page=#{page}', params: ['page'] },
  { resource: 'people', method: 'GET', url: '#{API_BASE}/v1/buyer/classifiers/managers', params: [] },
  { resource: 'advertisers', method: 'GET', url: '#{API_BASE}/v1/buyer/advertisers', params: [] },
  { resource: 'advertisers', method: 'PUT', url: '#{API_BASE}/v1/buyer/advertisers/#{id}/campaignLabels', params: ['id'] },
  { resource: 'advertisers', method: 'PUT', url: '#{API_BASE}/v1/buyer/direct/lineitems/#{uuid}/labels', params: ['uuid'] },
  { resource: 'stats', method: 'POST', url: '#{API_BASE}/v1/buyer/stats/data', params: [] },
  { resource: 'stats', method: 'GET', url: '#{API_BASE}/v1/buyer/stats/operations?id=#{operationId}', params: ['operationId'] },
  { resource: 'stats', method: 'GET', url: '#{API_BASE}/v1/buyer/stats/data?operationId=#{operationId}', params: ['operationId'] },
  { resource: 'session', method: 'POST', url: '#{AUTH_URL}/sts/connect/token', params: [] },
  { resource: 'session', method: 'GET', url: '/api/session', params: [] },
  { resource: 'other', method: 'GET', url: 'https://api.github.com/repos/#{owner}/#{repo}/issues', params: ['owner', 'repo'] },
  { resource: 'other', method: 'GET', url: '/health', params: [] },
  { resource: 'other', method: 'GET', url: 'https://maps.example.org/geocode?q=#{query}', params: ['query'] },
  { resource: 'other', method: 'POST', url: 'https://telemetry.example.net/v2/events', params: [] },
];
/** @type {Readonly<Record<string, readonly string[]>>} The resources a feature area's data layer talks to (a service file focuses on its own area). */
const AREA_RESOURCES = {
  campaigns: ['campaigns', 'other'], orders: ['orders', 'other'], advertisers: ['advertisers', 'other'],
  labels: ['advertisers', 'other'], reporting: ['stats', 'other'], forecasts: ['stats', 'other'],
  admin: ['people', 'session'], settings: ['people', 'session', 'other'], auth: ['session'],
};

/** @param {string} area */
function urlPoolFor(area) {
  const resources = AREA_RESOURCES[area] ?? ['other', 'advertisers'];
  return CLEAN_URLS.filter((u) => resources.includes(u.resource));
}

// ---------------------------------------------------------------------------------------------
// Small helpers for writing code. Templates write `#{` where the output needs `${`.

/** @param {string} text */
const out = (text) => text.replace(/#\{/g, '${');
/** @param {string} word */
const cap = (word) => word.charAt(0).toUpperCase() + word.slice(1);
/** @param {string} word */
const kebab = (word) => word.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * @param {Extension} ext
 * @returns {Flavour}
 */
function fileFlavour(ext) {
  return { ts: ext === 'ts' || ext === 'tsx', jsx: ext === 'tsx' };
}

/**
 * The annotation in TypeScript files, nothing in JavaScript files.
 * @param {Flavour} flavour
 * @param {string} annotation
 */
function typed(flavour, annotation) {
  return flavour.ts ? annotation : '';
}

/**
 * @param {Random} r
 * @param {string} area
 * @param {string} name
 */
function headerComment(r, area, name) {
  const lines = ['/**', ` * ${cap(area)} ${kebab(name).replace(/-/g, ' ')} module.`, ' *'];
  for (let i = r.int(1, 3); i > 0; i -= 1) {
    lines.push(` * ${r.pick(['Keeps', 'Builds', 'Loads', 'Caches', 'Formats'])} ${r.pick(NOUNS)} data for the ${area} screens.`);
  }
  lines.push(' */');
  return lines;
}

/**
 * @param {Random} r
 * @param {Flavour} flavour
 * @param {string} area
 */
function importLines(r, flavour, area) {
  const lines = [];
  if (flavour.jsx) lines.push(`import { useCallback, useEffect, useMemo, useState } from 'react';`);
  if (r.chance(0.5)) lines.push(`import axios from 'axios';`);
  lines.push(`import { ${r.pick(VERBS)}${cap(r.pick(NOUNS))} } from '../${r.pick(AREAS)}/${r.pick(MODULE_KINDS)}/${kebab(r.pick(NOUNS))}.js';`);
  if (flavour.ts) lines.push(`import type { ${cap(r.pick(NOUNS))}Dto } from '../../types/${kebab(r.pick(NOUNS))}.js';`);
  if (r.chance(0.4)) lines.push(`import { formatDistance, parseISO } from 'date-fns';`);
  if (r.chance(0.3)) lines.push(`import { groupBy, sortBy } from 'lodash-es';`);
  lines.push(`import { logger } from '../../${area === 'shared' ? 'core' : 'shared'}/logger.js';`);
  return lines;
}

/**
 * @param {Random} r
 */
function configLines(r) {
  return [
    `const API_BASE = process.env.API_BASE ?? 'https://api.adform.com';`,
    `const AUTH_URL = process.env.AUTH_URL ?? 'https://id.adform.com';`,
    `const PAGE_SIZE = ${r.pick([25, 50, 100, 250])};`,
  ];
}

/**
 * @param {Random} r
 */
function interfaceBlock(r) {
  const name = r.unique(`${cap(r.pick(ADJECTIVES))}${cap(r.pick(NOUNS))}`);
  const lines = [`export interface ${name} {`];
  const fields = new Set();
  for (let i = r.int(4, 10); i > 0; i -= 1) fields.add(`${r.pick(NOUNS)}${cap(r.pick(['id', 'name', 'count', 'total', 'label', 'updatedAt']))}`);
  for (const field of fields) {
    if (r.chance(0.3)) lines.push(`  /** The ${kebab(field).replace(/-/g, ' ')} as the server sends it. */`);
    lines.push(`  ${r.chance(0.2) ? 'readonly ' : ''}${field}${r.chance(0.25) ? '?' : ''}: ${r.pick(FIELD_TYPES)};`);
  }
  lines.push('}', '');
  if (r.chance(0.6)) {
    lines.push(`export type ${name}Status = ${['active', 'paused', 'archived', 'draft'].slice(0, r.int(2, 4)).map((s) => `'${s}'`).join(' | ')};`, '');
  }
  if (r.chance(0.25)) {
    lines.push(`export enum ${name}Kind {`, `  Standard = 'standard',`, `  Premium = 'premium',`, `  Programmatic = 'programmatic',`, '}', '');
  }
  return lines;
}

/**
 * @param {Random} r
 * @param {Flavour} flavour
 */
function utilityFunction(r, flavour) {
  const noun = r.pick(NOUNS);
  const verb = r.pick(VERBS);
  const name = r.unique(`${verb}${cap(noun)}${cap(r.pick(['list', 'map', 'totals', 'rows', 'entries']))}`);
  const item = typed(flavour, `: { ${noun}Id: string; amount: number; updatedAt: string }`);
  const shape = r.int(0, 3);
  if (shape === 0) {
    return [
      `/** ${cap(verb)}s ${noun} rows into totals keyed by id. */`,
      `export function ${name}(rows${typed(flavour, `: readonly { ${noun}Id: string; amount: number }[]`)})${typed(flavour, ': Map<string, number>')} {`,
      `  const totals = new Map${typed(flavour, '<string, number>')}();`,
      `  for (const row of rows) {`,
      `    const previous = totals.get(row.${noun}Id) ?? 0;`,
      `    totals.set(row.${noun}Id, previous + row.amount);`,
      `  }`,
      `  return totals;`,
      `}`,
      '',
    ];
  }
  if (shape === 1) {
    return [
      `export function ${name}(items${typed(flavour, `: ${'{'} ${noun}Id: string; amount: number; updatedAt: string }[]`)}, limit = ${r.int(5, 50)}) {`,
      `  return [...items]`,
      `    .filter((item${item}) => item.amount > ${r.int(0, 10)})`,
      `    .sort((a${item}, b${item}) => b.amount - a.amount || a.updatedAt.localeCompare(b.updatedAt))`,
      `    .slice(0, limit)`,
      `    .map((item${item}) => ({ ...item, label: \`#{item.${noun}Id} (#{item.amount.toFixed(2)})\` }));`,
      `}`,
      '',
    ].map(out);
  }
  if (shape === 2) {
    return [
      `export function ${name}(value${typed(flavour, ': unknown')})${typed(flavour, ': string')} {`,
      `  if (value === null || value === undefined) {`,
      `    return '—';`,
      `  }`,
      `  if (typeof value === 'number') {`,
      `    return new Intl.NumberFormat('en-US', { maximumFractionDigits: ${r.int(0, 3)} }).format(value);`,
      `  }`,
      `  if (value instanceof Date) {`,
      `    return value.toISOString().slice(0, 10);`,
      `  }`,
      `  // Fall back to the string form; objects are summarised by their keys.`,
      `  if (typeof value === 'object') {`,
      `    return Object.keys(value).sort().join(', ');`,
      `  }`,
      `  return String(value);`,
      `}`,
      '',
    ];
  }
  return [
    `export function ${name}(kind${typed(flavour, ': string')}, amount${typed(flavour, ': number')})${typed(flavour, ': number')} {`,
    `  switch (kind) {`,
    `    case '${r.pick(ADJECTIVES)}':`,
    `      return amount * ${(r.next() * 2).toFixed(2)};`,
    `    case '${r.pick(NOUNS)}':`,
    `      return Math.round(amount / ${r.int(2, 12)});`,
    `    case 'none':`,
    `      return 0;`,
    `    default: {`,
    `      const factor = amount > ${r.int(100, 1000)} ? 0.9 : 1;`,
    `      return amount * factor;`,
    `    }`,
    `  }`,
    `}`,
    '',
  ];
}

/**
 * @param {Random} r
 * @param {Flavour} flavour
 * @param {'fetch' | 'axios' | 'http'} client
 * @param {number} indent
 */
function cleanCall(r, flavour, client, indent) {
  const target = r.pick(r.urls);
  const url = '`' + target.url + '`';
  const pad = ' '.repeat(indent);
  const body = target.method === 'GET' ? '' : ', payload';
  if (client === 'axios') {
    return out(`${pad}const response = await axios.${target.method.toLowerCase()}${typed(flavour, '<unknown>')}(${url}${body}, { headers: this.headers() });\n${pad}return response.data;`).split('\n');
  }
  if (client === 'http') {
    return out(`${pad}return this.http.${target.method.toLowerCase()}${typed(flavour, '<unknown>')}(${url}${body});`).split('\n');
  }
  return out([
    `${pad}const response = await fetch(${url}, {`,
    `${pad}  method: '${target.method}',`,
    `${pad}  headers: { Authorization: \`Bearer #{this.token}\`, 'Content-Type': 'application/json' },`,
    target.method === 'GET' ? null : `${pad}  body: JSON.stringify(payload),`,
    `${pad}});`,
    `${pad}if (!response.ok) {`,
    `${pad}  throw new Error(\`Request failed with #{response.status}\`);`,
    `${pad}}`,
    `${pad}return response.json();`,
  ].filter((line) => line !== null).join('\n')).split('\n');
}

/**
 * @param {Random} r
 * @param {Flavour} flavour
 * @param {boolean} http whether the class talks HTTP (a data-layer file)
 */
function classBlock(r, flavour, http) {
  const noun = r.pick(NOUNS);
  const name = r.unique(`${cap(noun)}${r.pick(['Service', 'Repository', 'Gateway', 'Client', 'Store'])}`);
  const client = r.pick(/** @type {const} */ (['fetch', 'axios', 'fetch']));
  const lines = [
    `/** Talks to the buyer API about ${noun} records. */`,
    `export class ${name} {`,
    `  ${typed(flavour, 'private readonly ')}cache${typed(flavour, ' = new Map<string, unknown>()')}${flavour.ts ? ';' : ' = new Map();'}`,
    '',
    `  constructor(${flavour.ts ? 'private readonly token: string, private readonly tenant: string' : 'token, tenant'}) {`,
  ];
  if (!flavour.ts) lines.push('    this.token = token;', '    this.tenant = tenant;');
  lines.push('  }', '');
  lines.push(`  headers()${typed(flavour, ': Record<string, string>')} {`, `    return { Authorization: \`Bearer \${this.token}\`, 'X-Tenant': this.tenant };`, '  }', '');
  const params = flavour.ts
    ? 'id: string, orderId: string, page: number, operationId: string, uuid: string, owner: string, repo: string, query: string, payload?: unknown'
    : 'id, orderId, page, operationId, uuid, owner, repo, query, payload';
  const methods = new Set();
  for (let i = r.int(3, 6); i > 0; i -= 1) {
    const method = `${r.pick(VERBS)}${cap(r.pick(NOUNS))}${cap(r.pick(ADJECTIVES))}`;
    if (methods.has(method)) continue;
    methods.add(method);
    if (!http || r.chance(0.35)) {
      lines.push(`  ${method}(items${typed(flavour, ': readonly number[]')})${typed(flavour, ': number')} {`,
        `    let total = 0;`,
        `    for (const item of items) {`,
        `      total += item > ${r.int(1, 99)} ? item : item / 2;`,
        `    }`,
        `    return total;`,
        `  }`, '');
      continue;
    }
    lines.push(`  async ${method}(${params})${typed(flavour, ': Promise<unknown>')} {`);
    lines.push(`    const key = [id, orderId, page].join(':');`, `    if (this.cache.has(key)) {`, `      return this.cache.get(key);`, `    }`);
    lines.push(...cleanCall(r, flavour, client, 4));
    lines.push('  }', '');
  }
  lines.push('}', '');
  return lines;
}

/**
 * @param {Random} r
 * @param {Flavour} flavour
 */
function apiFunctionBlock(r, flavour) {
  const target = r.pick(r.urls);
  const name = r.unique(`${r.pick(VERBS)}${cap(r.pick(NOUNS))}${cap(r.pick(['page', 'details', 'summary', 'feed']))}`);
  const params = target.params.map((p) => `${p}${typed(flavour, p === 'page' ? ': number' : ': string')}`).join(', ');
  return out([
    `export async function ${name}(${params}${params ? ', ' : ''}signal${typed(flavour, '?: AbortSignal')}) {`,
    `  logger.debug('requesting ${name}');`,
    `  const response = await fetch(\`${target.url}\`, { method: '${target.method}', signal });`,
    `  if (response.status === 404) {`,
    `    return undefined;`,
    `  }`,
    `  const data = await response.json();`,
    `  return data${typed(flavour, ' as unknown')};`,
    `}`,
    '',
  ].join('\n')).split('\n');
}

/**
 * @param {Random} r
 * @param {Flavour} flavour
 */
function reducerBlock(r, flavour) {
  const noun = r.unique(r.pick(NOUNS));
  const state = flavour.ts ? `{ items: string[]; loading: boolean; error?: string }` : '';
  const action = flavour.ts ? `{ type: 'loaded'; items: string[] } | { type: 'failed'; error: string } | { type: 'reset' }` : '';
  return [
    `const initial${cap(noun)}State${flavour.ts ? `: ${state}` : ''} = { items: [], loading: false };`,
    '',
    `export function ${noun}Reducer(state${flavour.ts ? `: ${state}` : ''} = initial${cap(noun)}State, action${flavour.ts ? `: ${action}` : ''}) {`,
    `  switch (action.type) {`,
    `    case 'loaded':`,
    `      return { ...state, items: action.items, loading: false };`,
    `    case 'failed':`,
    `      return { ...state, error: action.error, loading: false };`,
    `    case 'reset':`,
    `      return initial${cap(noun)}State;`,
    `    default:`,
    `      return state;`,
    `  }`,
    `}`,
    '',
  ];
}

/**
 * @param {Random} r
 * @param {boolean} http whether the component fetches its rows
 */
function componentBlock(r, http) {
  const noun = r.pick(NOUNS);
  const name = r.unique(`${cap(noun)}${r.pick(['Table', 'Panel', 'List', 'Card', 'Summary'])}`);
  const target = r.pick(r.urls.filter((u) => u.params.length === 0).concat(CLEAN_URLS.filter((u) => u.url === '/health')));
  const load = http
    ? [
      `    const controller = new AbortController();`,
      `    fetch(\`${target.url}\`, { signal: controller.signal })`,
      `      .then((response) => response.json())`,
      `      .then((data) => setRows(data.items ?? []))`,
      `      .catch((error: unknown) => logger.warn('${noun} list failed', error));`,
      `    return () => controller.abort();`,
    ]
    : [
      `    const timer = setTimeout(() => setRows(initialRows ?? []), ${r.int(0, 300)});`,
      `    return () => clearTimeout(timer);`,
    ];
  return out([
    `interface ${name}Props {`,
    `  readonly title: string;`,
    `  readonly onSelect?: (id: string) => void;`,
    `  readonly initialRows?: { id: string; name: string; amount: number }[];`,
    `}`,
    '',
    `export function ${name}({ title, onSelect, initialRows }: ${name}Props) {`,
    `  const [rows, setRows] = useState<{ id: string; name: string; amount: number }[]>([]);`,
    `  const [query, setQuery] = useState('');`,
    '',
    `  useEffect(() => {`,
    ...load,
    `  }, [${http ? '' : 'initialRows'}]);`,
    '',
    `  const visible = useMemo(() => rows.filter((row) => row.name.includes(query)), [rows, query]);`,
    `  const handleClick = useCallback((id: string) => onSelect?.(id), [onSelect]);`,
    '',
    `  return (`,
    `    <section className="${kebab(noun)}-panel">`,
    `      <h2>{title}</h2>`,
    `      <input value={query} onChange={(event) => setQuery(event.target.value)} placeholder="Filter" />`,
    `      {visible.length === 0 ? (`,
    `        <p className="empty">No ${kebab(noun).replace(/-/g, ' ')} records yet.</p>`,
    `      ) : (`,
    `        <ul>`,
    `          {visible.map((row) => (`,
    `            <li key={row.id} onClick={() => handleClick(row.id)}>`,
    `              <strong>{row.name}</strong> <span>{row.amount.toFixed(${r.int(0, 2)})}</span>`,
    `            </li>`,
    `          ))}`,
    `        </ul>`,
    `      )}`,
    `    </section>`,
    `  );`,
    `}`,
    '',
  ].join('\n')).split('\n');
}

/**
 * @param {Random} r
 */
function constantsBlock(r) {
  const noun = r.pick(NOUNS);
  const lines = [`// Display names for ${noun} states; keep in sync with the design system.`, `export const ${r.unique(`${noun.toUpperCase()}_LABELS`)} = {`];
  for (const adjective of ADJECTIVES.slice(0, r.int(3, 8))) lines.push(`  ${adjective}: '${cap(adjective)} ${noun}',`);
  lines.push('};', '');
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Retired call forms. Each returns the lines to add, and any extra import lines.

const RETIRED_PATH_SHAPES = [
  { method: 'GET', url: '#{API_BASE}/v1/campaigns', params: '' },
  { method: 'GET', url: '#{API_BASE}/v1/campaigns?active=true', params: '' },
  { method: 'GET', url: '#{API_BASE}/v1/campaigns/#{campaignId}', params: 'campaignId' },
  { method: 'GET', url: '#{API_BASE}/v1/campaigns/#{campaignId}/orders', params: 'campaignId' },
  { method: 'GET', url: '#{API_BASE}/v1/campaigns/#{campaignId}/orders/#{orderId}', params: 'campaignId, orderId' },
  { method: 'GET', url: '#{API_BASE}/v1/campaigns/dictionaries/managers', params: '' },
  { method: 'GET', url: '#{API_BASE}/v1/campaigns/dictionaries/comanagers/', params: '' },
  { method: 'GET', url: '#{API_BASE}/v1/campaigns/dictionaries/labels', params: '' },
  { method: 'GET', url: '#{API_BASE}/v1/campaigns/dictionaries/clients', params: '' },
];
const CAMPAIGN_OPERATIONS = ['GetCampaigns', 'GetCampaignsAsJson', 'CreateCampaign', 'CreateCampaignsAsJson', 'UpdateCampaign', 'UpdateCampaignsAsJson', 'GetCampaignCategories'];
const OTHER_OPERATIONS = [
  { service: 'IUserService', operation: 'GetUsers' },
  { service: 'IAdvertiserService', operation: 'GetAdvertisers' },
  { service: 'IAdvertiserService', operation: 'GetAdvertisersAsJson' },
];
const LABEL_OPERATIONS = [
  'GetCampaignLabelsAsJson', 'GetAdvertiserLabelsAsJson', 'GetPlacementsLabelsAsJson', 'AddAdvertiserLabelsAsJson',
  'AddAdvertiserLabelsAsJsonp', 'RemoveAdvertiserLabelsAsJsonp', 'SetPlacementsLabelsAsJson',
];
const SOAP_NAMESPACE = 'http://www.example.com/api/2010/06/';

/**
 * @param {Random} r
 */
function anyOperation(r) {
  if (r.chance(0.5)) return { service: 'ICampaignService', operation: r.pick(CAMPAIGN_OPERATIONS) };
  return r.pick(OTHER_OPERATIONS);
}

/** @type {readonly RetiredForm[]} */
const RETIRED_FORMS = [
  {
    id: 'fetch-template',
    build(r, flavour) {
      const shape = r.pick(RETIRED_PATH_SHAPES);
      const params = shape.params ? shape.params.split(', ').map((p) => `${p}${typed(flavour, ': string')}`).join(', ') : '';
      return {
        lines: out([
          `export async function loadLegacy${cap(r.pick(NOUNS))}(${params}) {`,
          `  const response = await fetch(\`${shape.url}\`, { headers: { Accept: 'application/json' } });`,
          `  return response.json();`,
          `}`,
          '',
        ].join('\n')).split('\n'),
      };
    },
  },
  {
    id: 'axios-instance',
    build(r, flavour) {
      const shape = r.pick(RETIRED_PATH_SHAPES.filter((s) => !s.params));
      return {
        imports: [`import axios from 'axios';`],
        lines: out([
          `const legacyApi = axios.create({ baseURL: API_BASE, timeout: ${r.int(5, 30) * 1000} });`,
          '',
          `export async function listLegacy${cap(r.pick(NOUNS))}s()${typed(flavour, ': Promise<unknown>')} {`,
          `  const { data } = await legacyApi.get('${shape.url.replace('#{API_BASE}', '')}');`,
          `  return data;`,
          `}`,
          '',
        ].join('\n')).split('\n'),
      };
    },
  },
  {
    id: 'angular-httpclient',
    tsOnly: true,
    build(r) {
      const shape = r.pick(RETIRED_PATH_SHAPES);
      const params = shape.params ? shape.params.split(', ').map((p) => `${p}: string`).join(', ') : '';
      return {
        imports: [`import { Injectable } from '@angular/core';`, `import { HttpClient } from '@angular/common/http';`, `import type { Observable } from 'rxjs';`],
        lines: out([
          `@Injectable({ providedIn: 'root' })`,
          `export class Legacy${cap(r.pick(NOUNS))}Service {`,
          `  private readonly base = API_BASE;`,
          '',
          `  constructor(private readonly http: HttpClient) {}`,
          '',
          `  fetchLegacy(${params}): Observable<unknown[]> {`,
          `    return this.http.get<unknown[]>(\`${shape.url.replace('#{API_BASE}', '#{this.base}')}\`);`,
          `  }`,
          `}`,
          '',
        ].join('\n')).split('\n'),
      };
    },
  },
  {
    id: 'node-soap-client',
    build(r, flavour) {
      const { operation } = anyOperation(r);
      const asyncCall = r.chance(0.6);
      const lines = asyncCall
        ? [
          `export async function call${operation}Legacy(args${typed(flavour, ': Record<string, unknown>')}) {`,
          `  const client = await soap.createClientAsync(\`#{API_BASE}/services/legacy?wsdl\`);`,
          `  const [result] = await client.${operation}Async(args);`,
          `  return result;`,
          `}`,
          '',
        ]
        : [
          `export function call${operation}Legacy(args${typed(flavour, ': Record<string, unknown>')}, done${typed(flavour, ': (error: unknown, result?: unknown) => void')}) {`,
          `  soap.createClient(\`#{API_BASE}/services/legacy?wsdl\`, (error${typed(flavour, ': unknown')}, client${typed(flavour, ': any /* node-soap clients are untyped */')}) => {`,
          `    if (error) {`,
          `      done(error);`,
          `      return;`,
          `    }`,
          `    client.${operation}(args, done);`,
          `  });`,
          `}`,
          '',
        ];
      return { imports: [`import soap from 'soap';`], lines: out(lines.join('\n')).split('\n') };
    },
  },
  {
    id: 'soap-envelope',
    build(r, flavour) {
      const { operation } = anyOperation(r);
      return {
        lines: out([
          `export function build${operation}Envelope(filter${typed(flavour, ': string')})${typed(flavour, ': string')} {`,
          `  return \`<?xml version="1.0" encoding="utf-8"?>`,
          `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">`,
          `  <soap:Body>`,
          `    <${operation} xmlns="${SOAP_NAMESPACE}">`,
          `      <filter>#{filter}</filter>`,
          `    </${operation}>`,
          `  </soap:Body>`,
          `</soap:Envelope>\`;`,
          `}`,
          '',
        ].join('\n')).split('\n'),
      };
    },
  },
  {
    id: 'soap-action-header',
    build(r, flavour) {
      const { service, operation } = anyOperation(r);
      return {
        lines: out([
          `export async function post${operation}(envelope${typed(flavour, ': string')}) {`,
          `  const response = await fetch(\`#{API_BASE}/services/${service.slice(1)}.svc\`, {`,
          `    method: 'POST',`,
          `    headers: {`,
          `      'Content-Type': 'text/xml; charset=utf-8',`,
          `      SOAPAction: '${SOAP_NAMESPACE}${service}/${operation}',`,
          `    },`,
          `    body: envelope,`,
          `  });`,
          `  return response.text();`,
          `}`,
          '',
        ].join('\n')).split('\n'),
      };
    },
  },
  {
    id: 'wcf-svc-url',
    build(r, flavour) {
      const operation = r.pick(LABEL_OPERATIONS);
      return {
        lines: out([
          `export async function ${operation.charAt(0).toLowerCase()}${operation.slice(1)}Legacy(advertiserId${typed(flavour, ': string')}) {`,
          `  const response = await fetch(\`#{API_BASE}/LabelService.svc/${operation}?advertiserId=#{advertiserId}\`);`,
          `  return response.json();`,
          `}`,
          '',
        ].join('\n')).split('\n'),
      };
    },
  },
  {
    id: 'sync-reporting-post',
    build(r, flavour) {
      const viaAxios = r.chance(0.5);
      const call = viaAxios
        ? `  const { data } = await axios.post(\`#{API_BASE}/v1/reportingstats/agency/reportdata\`, request);\n  return data;`
        : `  const response = await fetch(\`#{API_BASE}/v1/reportingstats/agency/reportdata\`, { method: 'POST', body: JSON.stringify(request) });\n  return response.json();`;
      return {
        imports: viaAxios ? [`import axios from 'axios';`] : [],
        lines: out([
          `export async function runSyncReport(dimensions${typed(flavour, ': string[]')}, metrics${typed(flavour, ': string[]')}) {`,
          `  const request = { dimensions, metrics, dateFilter: { from: '2019-01-01', to: '2019-01-31' }, paging: { limit: PAGE_SIZE } };`,
          call,
          `}`,
          '',
        ].join('\n')).split('\n'),
      };
    },
  },
  {
    id: 'concatenation',
    build(r, flavour) {
      const withOrders = r.chance(0.5);
      return {
        lines: [
          `export function fetchLegacyCampaign${withOrders ? 'Orders' : ''}(campaignId${typed(flavour, ': string')}) {`,
          `  return fetch(API_BASE + '/v1/campaigns/' + campaignId${withOrders ? ` + '/orders'` : ''}).then((response) => response.json());`,
          `}`,
          '',
        ],
      };
    },
  },
  {
    id: 'constant',
    build(r, flavour) {
      if (r.chance(0.5)) {
        return {
          lines: [
            `const LEGACY_CAMPAIGNS_PATH = '/v1/campaigns';`,
            '',
            `export function pauseCampaigns(ids${typed(flavour, ': string[]')}) {`,
            `  return fetch(API_BASE + LEGACY_CAMPAIGNS_PATH, { method: 'PATCH', body: JSON.stringify({ ids, status: 'paused' }) });`,
            `}`,
            '',
          ],
        };
      }
      return {
        imports: [`import axios from 'axios';`],
        lines: [
          `const LEGACY_CLIENTS_URL = \`\${API_BASE}/v1/campaigns/dictionaries/clients\`;`,
          '',
          `export async function loadClientDictionary() {`,
          `  const { data } = await axios.get(LEGACY_CLIENTS_URL);`,
          `  return data;`,
          `}`,
          '',
        ],
      };
    },
  },
  {
    id: 'jquery-ajax',
    build(r) {
      const shape = r.pick(RETIRED_PATH_SHAPES.filter((s) => !s.params));
      return {
        lines: out([
          `export function loadLegacyDictionary(onDone) {`,
          `  $.ajax({ url: \`${shape.url}\`, method: 'GET', dataType: 'json', success: onDone });`,
          `}`,
          '',
        ].join('\n')).split('\n'),
      };
    },
    jsOnly: true,
  },
  {
    id: 'split-instance',
    build(r, flavour) {
      // The base ends where the retired path's first segment does: the path at the call holds no needle.
      const shape = r.pick(RETIRED_PATH_SHAPES.filter((s) => !s.params));
      return {
        imports: [`import axios from 'axios';`],
        lines: out([
          `const adformApi = axios.create({ baseURL: \`#{API_BASE}/v1\`, timeout: ${r.int(5, 30) * 1000} });`,
          '',
          `export async function loadLegacy${cap(r.pick(NOUNS))}()${typed(flavour, ': Promise<unknown>')} {`,
          `  const { data } = await adformApi.get('${shape.url.replace('#{API_BASE}/v1', '')}');`,
          `  return data;`,
          `}`,
          '',
        ].join('\n')).split('\n'),
      };
    },
  },
  {
    id: 'sdk-class',
    build(r, flavour) {
      // An SDK-like class: the base is a constructor parameter's default, the instance a field.
      const shape = r.pick(RETIRED_PATH_SHAPES.filter((s) => !s.params));
      const name = `${cap(r.pick(NOUNS))}Client`;
      return {
        imports: [`import axios from 'axios';`],
        lines: out([
          `export class ${name} {`,
          ...(flavour.ts ? [`  private readonly http;`, ''] : []),
          `  constructor(token${typed(flavour, ': string')}, baseURL = 'https://api.adform.com/v1') {`,
          `    this.http = axios.create({ baseURL, headers: { Authorization: \`Bearer #{token}\` } });`,
          `  }`,
          '',
          `  legacy() {`,
          `    return this.http.get('${shape.url.replace('#{API_BASE}/v1', '')}');`,
          `  }`,
          `}`,
          '',
        ].join('\n')).split('\n'),
      };
    },
  },
  {
    id: 'new-url',
    build(r, flavour) {
      return {
        lines: [
          `export function legacyOrdersUrl(campaignId${typed(flavour, ': string')})${typed(flavour, ': URL')} {`,
          `  return new URL(\`/v1/campaigns/\${campaignId}/orders\`, API_BASE);`,
          `}`,
          '',
        ],
      };
    },
  },
];

export const RETIRED_FORM_IDS = RETIRED_FORMS.map((form) => form.id);

/**
 * Other vendors' APIs with the same path shapes (an ad platform's `/v1/campaigns/{id}`, a fundraising
 * API's `/v1/campaigns`): their host is written, so they are not the API's. Clean files hold them.
 * @param {Random} r
 * @param {Flavour} flavour
 * @returns {string[]}
 */
function otherVendorBlock(r, flavour) {
  const vendor = r.pick(['https://adsapi.othervendor.example', 'https://api.givebutter.example']);
  return out([
    `const OTHER_VENDOR = '${vendor}';`,
    '',
    `export async function loadPartner${cap(r.pick(NOUNS))}(id${typed(flavour, ': string')}) {`,
    `  const list = await fetch(\`#{OTHER_VENDOR}/v1/campaigns\`);`,
    `  const one = await fetch(\`#{OTHER_VENDOR}/v1/campaigns/#{id}\`);`,
    `  return [await list.json(), await one.json()];`,
    `}`,
    '',
  ].join('\n')).split('\n');
}

/**
 * @param {Extension} ext
 */
function formsFor(ext) {
  const flavour = fileFlavour(ext);
  return RETIRED_FORMS.filter((form) => (!form.tsOnly || flavour.ts) && (!form.jsOnly || !flavour.ts));
}

// ---------------------------------------------------------------------------------------------
// Files.

/** @type {readonly { ext: Extension, weight: number }[]} */
const EXTENSIONS = [
  { ext: 'ts', weight: 40 },
  { ext: 'tsx', weight: 25 },
  { ext: 'js', weight: 25 },
  { ext: 'mjs', weight: 10 },
];

/**
 * @param {Random} r
 * @returns {Extension}
 */
function pickExtension(r) {
  let roll = r.next() * 100;
  for (const { ext, weight } of EXTENSIONS) {
    roll -= weight;
    if (roll < 0) return ext;
  }
  return 'ts';
}

/**
 * Path of file `index` (stable for a seed, independent of N).
 * @param {Random} r
 * @param {number} index
 * @param {Extension} ext
 */
function filePath(r, index, ext) {
  const area = AREAS[index % AREAS.length] ?? 'shared';
  const kind = ext === 'tsx' ? r.pick(UI_KINDS) : r.pick(MODULE_KINDS);
  const group = Math.floor(index / (AREAS.length * 20));
  const base = `${kebab(r.pick(VERBS))}-${kebab(r.pick(NOUNS))}-${index}`;
  return { area, path: `src/${area}/${kind}/g${group}/${base}.${ext}` };
}

/**
 * Builds file `index` of the repo for `seed`. `retiredOrdinal` is the file's rank among retired
 * files (or -1 for a clean file); the forms used rotate with it so every form appears early.
 * @param {number} seed
 * @param {number} index
 * @param {number} [retiredOrdinal]
 * @returns {GeneratedFile}
 */
function generateFile(seed, index, retiredOrdinal = -1) {
  const r = randomTools(mulberry32(mixSeed(seed, index)));
  const ext = pickExtension(r);
  const flavour = fileFlavour(ext);
  const { area, path } = filePath(r, index, ext);
  r.urls = urlPoolFor(area);
  const targetLines = r.int(120, 400);

  const imports = importLines(r, flavour, area);
  const body = [...configLines(r), ''];
  // Only the data layer talks HTTP; components fetch now and then; the rest is plain logic.
  const kind = path.split('/')[2] ?? '';
  const http = HTTP_KINDS.includes(kind);
  const fetchingComponent = flavour.jsx && r.chance(0.3);
  const blockKinds = flavour.jsx
    ? ['component', 'component', 'util', 'interface', 'constants']
    : [...(http ? ['class', 'api', 'api'] : ['class', 'util']), 'util', 'reducer', 'constants', ...(flavour.ts ? ['interface'] : [])];
  const boundaries = [body.length];
  let lineCount = imports.length + body.length + 8;
  while (lineCount < targetLines) {
    const blockKind = r.pick(blockKinds);
    const block = blockKind === 'component' ? componentBlock(r, fetchingComponent)
      : blockKind === 'class' ? classBlock(r, flavour, http)
        : blockKind === 'interface' ? interfaceBlock(r)
          : blockKind === 'api' ? apiFunctionBlock(r, flavour)
            : blockKind === 'reducer' ? reducerBlock(r, flavour)
              : blockKind === 'constants' ? constantsBlock(r)
                : utilityFunction(r, flavour);
    body.push(...block);
    boundaries.push(body.length);
    lineCount += block.length;
  }

  /** @type {string[]} */
  const forms = [];
  if (retiredOrdinal >= 0) {
    // Retired calls use their own stream so a clean file and its retired twin share the clean code.
    const rr = randomTools(mulberry32(mixSeed(seed ^ 0x5eed, index)));
    const available = formsFor(ext);
    const count = 1 + (retiredOrdinal % 3);
    /** @type {string[][]} */
    const insertAt = [];
    for (let j = 0; j < count; j += 1) {
      const form = available[(retiredOrdinal + j * 5) % available.length];
      if (!form || forms.includes(form.id)) continue;
      forms.push(form.id);
      const built = form.build(rr, flavour);
      for (const line of built.imports ?? []) if (!imports.includes(line)) imports.push(line);
      insertAt.push(built.lines);
    }
    // Splice the retired blocks between top-level blocks, spread over the file (last first, so
    // the earlier boundaries stay valid).
    const positions = insertAt.map((_, j) => boundaries[Math.floor(((j + 1) * boundaries.length) / (insertAt.length + 1))] ?? body.length);
    for (let j = insertAt.length - 1; j >= 0; j -= 1) body.splice(positions[j] ?? body.length, 0, ...(insertAt[j] ?? []));
  }

  // One file in fifty calls another vendor's API with the same path shapes (its own stream: the clean code stays).
  if (index % 50 === 7) {
    const vr = randomTools(mulberry32(mixSeed(seed ^ 0x07e0, index)));
    body.splice(boundaries[1] ?? body.length, 0, ...otherVendorBlock(vr, flavour));
  }

  const baseName = path.slice(path.lastIndexOf('/') + 1).split('.')[0] ?? '';
  const content = [...headerComment(r, area, baseName), ...imports, '', ...body].join('\n') + '\n';
  return { path, ext, content, retired: forms.length > 0, forms };
}

/**
 * The indexes of the retired files: exactly round(files * share), chosen by a seeded shuffle.
 * @param {number} seed
 * @param {number} files
 * @param {number} share
 */
function retiredIndexes(seed, files, share) {
  const count = Math.round(files * share);
  const r = mulberry32(mixSeed(seed ^ 0x0badc0de, files));
  const order = Array.from({ length: files }, (_, i) => i);
  for (let i = 0; i < count; i += 1) {
    const j = i + Math.floor(r() * (files - i));
    const [atI, atJ] = [order[i] ?? i, order[j] ?? j];
    order[i] = atJ;
    order[j] = atI;
  }
  return order.slice(0, count).sort((a, b) => a - b);
}

/**
 * Yields every application file of the repo, in index order.
 * @param {GenerateOptions} options
 * @returns {Generator<GeneratedFile, void, undefined>}
 */
export function* generateRepoFiles({ files, seed = DEFAULT_SEED, share = DEFAULT_SHARE }) {
  const retired = new Map(retiredIndexes(seed, files, share).map((index, ordinal) => [index, ordinal]));
  for (let index = 0; index < files; index += 1) {
    yield generateFile(seed, index, retired.get(index) ?? -1);
  }
}

/**
 * Files a real repo has besides its sources: they must be skipped (they hold retired calls on purpose).
 * @returns {{ path: string, content: string }[]}
 */
function ignoredFiles() {
  /** @param {string} name */
  const vendored = (name) => [
    `// Vendored legacy SDK ${name}; not application code.`,
    `module.exports.load = function load(base) {`,
    `  return fetch(base + '/v1/campaigns/dictionaries/managers').then(function (r) { return r.json(); });`,
    `};`,
    `module.exports.action = 'http://www.example.com/api/2010/06/ICampaignService/GetCampaigns';`,
    '',
  ].join('\n');
  return [
    { path: '.gitignore', content: ['node_modules/', 'dist/', 'coverage/', MANIFEST_NAME, ''].join('\n') },
    { path: 'package.json', content: JSON.stringify({ name: 'synthetic-client', private: true, type: 'module' }, null, 2) + '\n' },
    { path: 'node_modules/legacy-ad-sdk/package.json', content: JSON.stringify({ name: 'legacy-ad-sdk', version: '1.0.0', main: 'index.js' }, null, 2) + '\n' },
    { path: 'node_modules/legacy-ad-sdk/index.js', content: vendored('index') },
    { path: 'node_modules/legacy-ad-sdk/lib/campaigns.js', content: vendored('campaigns') },
    { path: 'node_modules/legacy-ad-sdk/lib/labels.mjs', content: `export const url = '/LabelService.svc/GetCampaignLabelsAsJson';\n` },
    { path: 'node_modules/other-lib/index.ts', content: `export const legacy = '/v1/reportingstats/agency/reportdata';\n` },
    { path: 'dist/app.bundle.js', content: vendored('bundle') },
  ];
}

/**
 * Writes the repo into `outDir` (which must be empty or absent) and returns the manifest
 * (also written to `<outDir>/.sunset-bench-manifest.json`, which the repo's .gitignore lists).
 * @param {string} outDir
 * @param {GenerateOptions} options
 * @returns {RepoManifest}
 */
export function writeRepo(outDir, { files, seed = DEFAULT_SEED, share = DEFAULT_SHARE }) {
  validateOptions({ files, seed, share });
  const root = resolve(outDir);
  if (existsSync(root) && readdirSync(root).length > 0) {
    throw new Error(`Output directory ${root} is not empty; choose a new directory or pass --clean to replace a previously generated repo.`);
  }
  /** @type {Set<string>} */
  const madeDirs = new Set();
  /**
   * @param {string} relative
   * @param {string} content
   */
  const write = (relative, content) => {
    const full = join(root, relative);
    const dir = dirname(full);
    if (!madeDirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      madeDirs.add(dir);
    }
    writeFileSync(full, content);
  };
  /** @type {RepoManifest} */
  const manifest = { generator: GENERATOR_ID, files, seed, share, bytes: 0, retiredFiles: [], extensions: {} };
  for (const file of generateRepoFiles({ files, seed, share })) {
    write(file.path, file.content);
    manifest.bytes += Buffer.byteLength(file.content);
    manifest.extensions[file.ext] = (manifest.extensions[file.ext] ?? 0) + 1;
    if (file.retired) manifest.retiredFiles.push({ path: file.path, forms: file.forms });
  }
  for (const file of ignoredFiles()) write(file.path, file.content);
  writeFileSync(join(root, MANIFEST_NAME), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/**
 * A pull request on a generated repo (`sunset check --changed-since`'s bench row): makes `root` a git
 * repository whose `main` holds every file, then commits on branch `change` an edit of `count` files
 * chosen by the seed. Half of them gain a function calling a retired endpoint (one finding each), the
 * other half a function calling a new one. Returns the edited paths and how many retired calls were added.
 * @param {string} root a repo `writeRepo` wrote, not yet under git
 * @param {{ files: number, count?: number, seed?: number }} options
 * @returns {{ base: string, changed: string[], retiredCalls: number }}
 */
export function commitChange(root, { files, count = 20, seed = DEFAULT_SEED }) {
  if (!Number.isInteger(count) || count < 1 || count > files) {
    throw new Error(`--change must be a whole number from 1 to --files (${files}), got ${String(count)}; pass e.g. --change 20.`);
  }
  const git = (/** @type {string[]} */ ...args) => {
    const result = spawnSync('git', ['-c', 'user.name=Sunset Bench', '-c', 'user.email=bench@example.com', '-c', 'init.defaultBranch=main', '-c', 'core.autocrlf=false', ...args], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed in ${root}: ${result.stderr || String(result.error)}`);
    return result.stdout;
  };
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'generated repo');
  git('checkout', '-q', '-b', 'change');
  const r = mulberry32(mixSeed(seed ^ 0xc4a9, files));
  /** @type {Set<number>} */
  const chosen = new Set();
  while (chosen.size < count) chosen.add(Math.floor(r() * files));
  /** @type {string[]} */
  const changed = [];
  let retiredCalls = 0;
  for (const [ordinal, index] of [...chosen].sort((x, y) => x - y).entries()) {
    const file = generateFile(seed, index);
    const retired = ordinal % 2 === 0;
    const name = retired ? `loadLegacyManagers${ordinal}` : `loadBuyerManagers${ordinal}`;
    const path = retired ? '/v1/campaigns/dictionaries/managers' : '/v1/buyer/classifiers/managers';
    const block = ['', `export async function ${name}() {`, `  const response = await fetch(\`\${API_BASE}${path}\`);`, '  return response.json();', '}', ''].join('\n');
    appendFileSync(join(root, file.path), block);
    changed.push(file.path);
    if (retired) retiredCalls += 1;
  }
  git('add', '-A');
  git('commit', '-q', '-m', `change ${count} files`);
  return { base: 'main', changed, retiredCalls };
}

/**
 * Throws an error naming the option when files, seed or share is out of range.
 * @param {{ files: number, seed: number, share: number }} options
 */
function validateOptions({ files, seed, share }) {
  if (!Number.isInteger(files) || files < 1) {
    throw new Error(`--files must be a positive whole number, got ${String(files)}; pass e.g. --files 1000.`);
  }
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new Error(`--seed must be a whole number from 0 to 4294967295, got ${String(seed)}; pass e.g. --seed 42.`);
  }
  if (typeof share !== 'number' || !(share >= 0 && share <= 1)) {
    throw new Error(`--share must be a fraction from 0 to 1, got ${String(share)}; pass e.g. --share 0.01 for 1 %.`);
  }
}

/**
 * @param {readonly string[]} argv
 */
function parseCli(argv) {
  /** @type {{ files: number, seed: number, share: number, out: string | undefined, clean: boolean, change: number | undefined }} */
  const options = { files: 1000, seed: DEFAULT_SEED, share: DEFAULT_SHARE, out: undefined, clean: false, change: undefined };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      const next = argv[i + 1];
      if (next === undefined) throw new Error(`${arg} needs a value.`);
      i += 1;
      return next;
    };
    if (arg === '--files') options.files = Number(value());
    else if (arg === '--seed') options.seed = Number(value());
    else if (arg === '--share') options.share = Number(value());
    else if (arg === '--out') options.out = value();
    else if (arg === '--clean') options.clean = true;
    else if (arg === '--change') options.change = Number(value());
    else throw new Error(`Unknown option ${arg}; use --files N --seed S --share F --out DIR [--clean] [--change 20].`);
  }
  const { out } = options;
  if (!out) throw new Error('--out is required: pass the directory to write the repo into, e.g. --out /tmp/sunset-repo.');
  return { ...options, out };
}

function main() {
  try {
    const options = parseCli(process.argv.slice(2));
    const root = resolve(options.out);
    if (options.clean && existsSync(root)) {
      if (readdirSync(root).length > 0 && !existsSync(join(root, MANIFEST_NAME))) {
        throw new Error(`Refusing to --clean ${root}: it was not generated by this script (no ${MANIFEST_NAME}).`);
      }
      rmSync(root, { recursive: true, force: true });
    }
    const started = process.hrtime.bigint();
    const manifest = writeRepo(root, options);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    process.stdout.write(`wrote ${manifest.files} files (${(manifest.bytes / 1e6).toFixed(1)} MB, ${manifest.retiredFiles.length} with retired calls) to ${root} in ${(ms / 1000).toFixed(2)} s\n`);
    if (options.change !== undefined) {
      const change = commitChange(root, { files: options.files, count: options.change, seed: options.seed });
      process.stdout.write(`committed on branch change: ${change.changed.length} files edited since ${change.base}, ${change.retiredCalls} retired calls added\n`);
    }
  } catch (error) {
    process.stderr.write(`generate: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
