import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveOptions, validateOptions } from '@sunset/config';
import { matchUrlShape, RuleDataError } from '@sunset/rule-data';
import { importOpenApi, OpenApiImportError, type ImportOpenApiOptions } from '@sunset/openapi';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sunset-openapi-unit-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a small OpenAPI 3.0 description with these operations under `paths`. */
function writeSpec(name: string, paths: string, servers = '  - url: https://api.example.com/api'): string {
  writeFileSync(path.join(dir, name), `openapi: 3.0.3\ninfo:\n  title: Users API\n  version: '1'\nservers:\n${servers}\npaths:\n${paths}`);
  return name;
}

const ok = "      responses:\n        '200':\n          description: OK.\n";

async function importErrors(options: Omit<ImportOpenApiOptions, 'today' | 'cwd'>): Promise<string[]> {
  try {
    await importOpenApi({ today: '2026-11-01', cwd: dir, ...options });
  } catch (error) {
    if (error instanceof OpenApiImportError) return error.message.split('\n');
    throw error;
  }
  throw new Error('expected an OpenApiImportError');
}

describe('importOpenApi', () => {
  it('names the file, line and JSON pointer of a date that is not one', async () => {
    const spec = writeSpec('soon.yaml', `  /v1/users:\n    get:\n      deprecated: true\n      x-sunset: soon\n${ok}`);
    expect(await importErrors({ spec })).toEqual([
      'soon.yaml:11:7: #/paths/~1v1~1users/get/x-sunset: "soon" is not a date; write YYYY-MM-DD (2026-06-30), an RFC 3339 date-time or an HTTP-date (Tue, 30 Jun 2026 00:00:00 GMT).',
    ]);
  });

  it('names a successor that is not in the description, and a deprecation dated after the sunset', async () => {
    const spec = writeSpec(
      'successor.yaml',
      `  /v1/users:\n    get:\n      deprecated: true\n      x-deprecated-at: 2026-08-01\n      x-sunset: 2026-07-01\n      x-successor: [listUsersV3, GET /v3/users]\n${ok}`,
    );
    expect(await importErrors({ spec })).toEqual([
      'successor.yaml:11:7: #/paths/~1v1~1users/get/x-deprecated-at: 2026-08-01 is after the end of support 2026-07-01 (x-sunset); an operation is deprecated before it is removed.',
    ]);
    const unknown = writeSpec('unknown.yaml', `  /v1/users:\n    get:\n      deprecated: true\n      x-successor: [listUsersV3, GET /v3/users, 12]\n${ok}`);
    expect(await importErrors({ spec: unknown })).toEqual([
      'unknown.yaml:11:21: #/paths/~1v1~1users/get/x-successor/0: "listUsersV3" is not an operationId of unknown.yaml.',
      'unknown.yaml:11:34: #/paths/~1v1~1users/get/x-successor/1: "GET /v3/users" is not an operation of unknown.yaml.',
      'unknown.yaml:11:49: #/paths/~1v1~1users/get/x-successor/2: must be an operationId or "METHOD /path" (or a list of them), got 12.',
    ]);
  });

  it('writes the description\'s path as an entry of its own API, whose server path it follows', async () => {
    const spec = writeSpec('items.yaml', `  /v1/items:\n    get:\n      operationId: listItems\n      deprecated: true\n      x-sunset: 2026-06-30\n${ok}`);
    const { entries, config, warnings } = await importOpenApi({ spec, today: '2026-11-01', cwd: dir });
    expect(entries).toEqual([
      { id: 'list-items', retired: 'GET /v1/items', api: 'users-api', gaEnds: '2026-06-30', supportEnds: '2026-06-30', migration: 'todo', reason: 'the description names no successor', service: 'Users API (openapi:items.yaml)' },
    ]);
    expect(config['apis']).toEqual({ 'users-api': { name: 'Users API', hosts: ['api.example.com'], basePaths: ['/api'] } });
    expect(config['apiHosts']).toBeUndefined();
    expect(warnings).toEqual([]);
    const { catalog } = resolveOptions([validateOptions(config, 'sunset.config.json')]);
    expect(catalog.apiOf(catalog.byId('list-items')!)).toEqual({ id: 'users-api', name: 'Users API', hosts: ['api.example.com'], basePaths: ['/api'] });
    const found = (...parts: ({ kind: 'text'; value: string } | { kind: 'hole' })[]): string[] => matchUrlShape(parts, 'GET', catalog).map((match) => match.entry.id);
    expect(found({ kind: 'text', value: 'https://api.example.com/api/v1/items?limit=5' })).toEqual(['list-items']);
    expect(found({ kind: 'text', value: '/api/v1/items' })).toEqual(['list-items']);
    expect(found({ kind: 'hole' }, { kind: 'text', value: '/v1/items' })).toEqual(['list-items']);
    expect(found({ kind: 'text', value: 'https://api.example.com/api/v1/items/archive' })).toEqual([]);
  });

  it('lists the other live methods of a deprecated operation\'s path', async () => {
    const spec = writeSpec(
      'tracks.yaml',
      `  /me/tracks:\n    get:\n${ok}    put:\n      deprecated: true\n${ok}    delete:\n      deprecated: true\n${ok}    head:\n${ok}  /me/tracks/{id}:\n    get:\n${ok}`,
    );
    const { entries } = await importOpenApi({ spec, today: '2026-11-01', cwd: dir });
    expect(entries.map((entry) => [entry.retired, entry.liveMethods])).toEqual([
      ['PUT /me/tracks', ['GET']],
      ['DELETE /me/tracks', ['GET']],
    ]);
  });

  it('lists the description\'s more specific paths that a URL matches before a deprecated templated one (GitHub\'s shape)', async () => {
    const param = (name: string): string => `        - { name: ${name}, in: path, required: true, schema: { type: string } }\n`;
    const spec = writeSpec(
      'orgs.yaml',
      [
        `  /orgs/{org}/{security_product}/{enablement}:\n    post:\n      deprecated: true\n      parameters:\n${param('org')}${param('security_product')}${param('enablement')}${ok}`,
        `  /orgs/{org}/actions/runner-groups:\n    get:\n      parameters:\n${param('org')}${ok}    post:\n      parameters:\n${param('org')}${ok}`,
        `  /orgs/{org}/actions/variables:\n    post:\n      parameters:\n${param('org')}${ok}`,
        `  /orgs/{org}/actions/runners/{runner_id}:\n    delete:\n      parameters:\n${param('org')}${param('runner_id')}${ok}`,
        `  /orgs/{org}/{team}/members:\n    get:\n      parameters:\n${param('org')}${param('team')}${ok}`,
        `  /orgs/{org}/hooks:\n    get:\n      parameters:\n${param('org')}${ok}`,
        `  /users/{user}/actions/variables:\n    post:\n      parameters:\n${param('user')}${ok}`,
        `  /orgs/{org}/{kind}/{name}:\n    get:\n      parameters:\n${param('org')}${param('kind')}${param('name')}${ok}`,
      ].join(''),
    );
    const { entries, config } = await importOpenApi({ spec, today: '2026-11-01', cwd: dir });
    expect(entries.map((entry) => [entry.retired, entry.liveMethods, entry.shadowedBy])).toEqual([
      ['POST /orgs/{org}/{security_product}/{enablement}', ['GET'], ['/orgs/{org}/actions/runner-groups', '/orgs/{org}/actions/variables', '/orgs/{org}/{team}/members']],
    ]);
    const { catalog } = resolveOptions([validateOptions(config, 'sunset.config.json')]);
    const found = (url: string): string[] => matchUrlShape([{ kind: 'text', value: url }], 'POST', catalog).map((match) => match.entry.id);
    expect(found('https://api.example.com/api/orgs/acme/actions/runner-groups')).toEqual([]);
    expect(found('https://api.example.com/api/orgs/acme/devs/members')).toEqual([]);
    expect(found('https://api.example.com/api/orgs/acme/secret_scanning/enable_all')).toEqual(['post-orgs-org-security-product-enablement']);
  });

  it('warns where a deprecated operation documents a Sunset response header but gives no date, and points to --sunset-on', async () => {
    const headers = (name: string): string =>
      `      responses:\n        '200':\n          description: OK.\n          headers:\n            ${name}:\n              schema: { type: string, example: 'Sat, 31 Oct 2026 23:59:59 GMT' }\n`;
    const spec = writeSpec(
      'header.yaml',
      `  /v1/legacy:\n    get:\n      deprecated: true\n${headers('Sunset')}  /v1/old:\n    get:\n      deprecated: true\n${headers('Sunset-Policy')}  /v1/dated:\n    get:\n      deprecated: true\n      x-sunset: 2026-10-31\n${headers('sunset')}`,
    );
    const { entries, warnings } = await importOpenApi({ spec, today: '2026-11-01', cwd: dir });
    expect(entries.map((entry) => [entry.retired, entry.supportEnds])).toEqual([
      ['GET /v1/legacy', '9999-12-31'],
      ['GET /v1/old', '9999-12-31'],
      ['GET /v1/dated', '2026-10-31'],
    ]);
    expect(warnings).toEqual([
      {
        file: 'header.yaml',
        pointer: '#/paths/~1v1~1legacy/get/responses/200/headers/Sunset',
        line: 15,
        column: 13,
        message:
          'documents a Sunset response header (its example: "Sat, 31 Oct 2026 23:59:59 GMT"), whose date the server sends only when called: the entry says "no removal announced". Pass --sunset-on YYYY-MM-DD (or ask the vendor for x-sunset) to give it the date.',
      },
    ]);
    const flagged = await importOpenApi({ spec, today: '2026-11-01', cwd: dir, sunsetOn: '2026-12-31' });
    expect(flagged.warnings).toEqual([]);
  });

  it('keeps the day of the first import as the GA end on later imports', async () => {
    const spec = writeSpec('sticky.yaml', `  /v1/users:\n    get:\n      operationId: listUsers\n      deprecated: true\n${ok}`);
    const first = await importOpenApi({ spec, today: '2026-11-01', cwd: dir });
    const later = await importOpenApi({ spec, today: '2027-01-15', cwd: dir, existingConfig: first.config });
    expect(later.config).toEqual(first.config);
    expect(later.entries.map((entry) => [entry.gaEnds, entry.supportEnds])).toEqual([['2026-11-01', '9999-12-31']]);
  });

  it('keeps entries written by hand and those of other descriptions; a hand entry for the same call wins', async () => {
    const spec = writeSpec(
      'users.yaml',
      `  /v1/users:\n    get:\n      operationId: listUsers\n      deprecated: true\n${ok}  /v1/users/{id}:\n    get:\n      operationId: getUser\n      deprecated: true\n      parameters:\n        - { name: id, in: path, required: true, schema: { type: string } }\n${ok}`,
    );
    const mine = { id: 'list-users', retired: 'GET /v1/users/{id}', gaEnds: '2026-01-01', supportEnds: '2026-12-31', service: 'Mine' };
    const other = { id: 'get-user', retired: 'GET /v2/users', gaEnds: '2026-01-01', supportEnds: '2026-12-31', service: 'Other API (openapi:other.yaml)' };
    const result = await importOpenApi({ spec, today: '2026-11-01', cwd: dir, existingConfig: { apiHosts: ['api.example.com'], customEntries: [mine, other] } });
    expect((result.config['customEntries'] as { id: string }[]).map((entry) => entry.id)).toEqual(['list-users', 'get-user', 'list-users-2']);
    expect(result.entries.map((entry) => entry.retired)).toEqual(['GET /v1/users']);
    expect(result.warnings.map((warning) => `${warning.pointer ?? ''}: ${warning.message}`)).toEqual([
      '#/paths/~1v1~1users~1{id}/get: is not imported: the entry "list-users" of sunset.config.json already retires GET /v1/users/{id}, and it is kept.',
    ]);
  });

  it('needs both dates with a previous description, and names a file that is not there', async () => {
    const spec = writeSpec('plain.yaml', `  /v1/users:\n    get:\n${ok}`);
    await expect(importOpenApi({ spec, previous: spec, deprecatedOn: '2026-01-01', today: '2026-11-01', cwd: dir })).rejects.toThrow(
      expect.objectContaining({ name: RuleDataError.name, field: 'sunsetOn', message: 'sunsetOn is required with previous: a removed operation\'s description gives no dates.' }),
    );
    expect(await importErrors({ spec: 'missing.yaml' })).toEqual(['missing.yaml: cannot be read: there is no such file.']);
    writeFileSync(path.join(dir, 'other.yaml'), "asyncapi: '2.6.0'\ninfo:\n  title: Events\n  version: '1'\n");
    expect(await importErrors({ spec: 'other.yaml' })).toEqual(['other.yaml:1:1: #: is not an OpenAPI description: it has no "openapi" (3.x) or "swagger" ("2.0") field.']);
  });
});
