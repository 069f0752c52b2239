import { createCatalog } from '@sunset/rule-data';
import type { Case } from '../harness.js';

// Issue 21: a URL that no known client sends, with its method written right beside it (a request
// object's `method`/`type`, a fetch-like wrapper's options). GET of the path stays live.

const music = { id: 'music', name: 'Music API', hosts: ['api.music.example'], basePaths: ['/v1'] };
const entry = (id: string, retired: string) => ({ id, retired, api: 'music', liveMethods: ['GET'], gaEnds: '2025-06-01', supportEnds: '9999-12-31' });
const options = { catalog: createCatalog([entry('save-tracks', 'PUT /me/tracks'), entry('remove-tracks', 'DELETE /me/tracks')], 'customEntries', [music]) };

export const methodBesideUrlCases: Case[] = [
  {
    name: "a fetch-like wrapper of the project whose options state the method: client.fetch('/me/tracks', { method: 'PUT' })",
    code: "export class Library {\n  constructor(client) { this.client = client; }\n  save(ids) { return this.client.fetch(`/me/tracks`, { method: 'PUT', params: { ids } }); }\n}",
    js: true,
    options,
    expected: [{ id: 'save-tracks', key: 'PUT /me/tracks', method: 'PUT', form: 'url-string', migration: 'todo', at: '`/me/tracks`' }],
  },
  {
    name: "a request object whose type states the method: { url: base + '/me/tracks', type: 'DELETE' }",
    code: "const _baseUri = 'https://api.music.example/v1';\nexport function remove(ids, perform) {\n  const requestData = { type: 'DELETE', url: _baseUri + '/me/tracks', postData: { ids } };\n  return perform(requestData);\n}",
    js: true,
    options,
    expected: [{ id: 'remove-tracks', key: 'DELETE /me/tracks', method: 'DELETE', form: 'url-string', migration: 'todo', at: "_baseUri + '/me/tracks'" }],
  },
  {
    name: "a request object whose method is written in lower case: { url: '/v1/me/tracks', method: 'put' }",
    code: "export const save = { url: '/v1/me/tracks' as string, method: 'put' };",
    options,
    expected: [{ id: 'save-tracks', key: 'PUT /me/tracks', method: 'PUT', form: 'url-string', migration: 'todo', at: "'/v1/me/tracks'" }],
  },
  {
    name: 'nothing where the method beside the URL is the live one, or is not written as a method',
    code: [
      "export const saved = (client) => client.fetch('/me/tracks', { method: 'GET' });",
      "export const page = (client) => client.fetch('/me/tracks', { params: { limit: 50 } });",
      "export const byVerb = (client, verb) => client.fetch('/me/tracks', { method: verb });",
      "export const asJson = { url: '/me/tracks', type: 'json' };",
      "export const readAll = { url: '/me/tracks', method: 'GET' };",
      "export const notTheUrl = { path: '/me/tracks', method: 'PUT' };",
      "export const notAFetch = (cache) => cache.lookup('/me/tracks', { method: 'PUT' });",
    ].join('\n'),
    js: true,
    options,
    expected: [],
  },
];
