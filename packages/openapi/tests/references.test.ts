import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatProblem, importOpenApi, OpenApiImportError, type ImportOpenApiOptions } from '@sunset/openapi';

let dir = '';
beforeAll(() => {
  // The descriptions live one folder down, so `../policies.yaml` names a file beside that folder.
  dir = path.join(mkdtempSync(path.join(tmpdir(), 'sunset-openapi-refs-')), 'specs');
  mkdirSync(dir);
});
afterAll(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

const write = (name: string, text: string): string => {
  writeFileSync(path.join(dir, name), text);
  return name;
};

const ok = "      responses:\n        '200':\n          description: OK.\n";
const header = "openapi: 3.0.3\ninfo:\n  title: Music API\n  version: '1'\nservers:\n  - url: https://api.music.example/v1\n";

async function importErrors(options: Omit<ImportOpenApiOptions, 'today' | 'cwd'>): Promise<string[]> {
  try {
    await importOpenApi({ today: '2026-11-01', cwd: dir, ...options });
  } catch (error) {
    if (error instanceof OpenApiImportError) return error.problems.map(formatProblem);
    throw error;
  }
  throw new Error('expected an OpenApiImportError');
}

describe('$refs: only what Sunset reads must resolve', () => {
  it('imports a description whose vendor extension names a file that was never published, with one warning per target listing every $ref', async () => {
    const spec = write(
      'music.yaml',
      `${header}components:\n  x-music-policy:\n    $ref: '../policies.yaml'\n  schemas:\n    Track:\n      $ref: '#/components/schemas/Missing'\npaths:\n` +
        `  /tracks:\n    get:\n      deprecated: true\n      x-music-policy-list:\n        $ref: '#/components/x-music-policy/metadataPolicyList'\n${ok}` +
        `    put:\n      x-music-policy-list:\n        $ref: '#/components/x-music-policy/metadataPolicyList'\n${ok}` +
        `  /albums:\n    get:\n      deprecated: true\n      responses:\n        '200':\n          description: OK.\n          content:\n            application/json:\n              schema:\n                $ref: '#/components/schemas/Track'\n`,
    );
    const result = await importOpenApi({ spec, today: '2026-11-01', cwd: dir });
    expect(result.entries.map((entry) => [entry.id, entry.retired, entry.liveMethods])).toEqual([
      ['get-tracks', 'GET /tracks', ['PUT']],
      ['get-albums', 'GET /albums', undefined],
    ]);
    expect(result.config['apis']).toEqual({ 'music-api': { name: 'Music API', hosts: ['api.music.example'], basePaths: ['/v1'] } });
    expect(result.warnings.map(formatProblem)).toEqual([
      [
        'music.yaml: ../policies.yaml cannot be read: there is no such file. Sunset does not need it, so the 3 $refs that name it are skipped:',
        '  music.yaml:9:5: #/components/x-music-policy/$ref',
        '  music.yaml:18:9: #/paths/~1tracks/get/x-music-policy-list/$ref',
        '  music.yaml:24:9: #/paths/~1tracks/put/x-music-policy-list/$ref',
      ].join('\n'),
      [
        'music.yaml: music.yaml#/components/schemas/Missing does not exist: there is no #/components/schemas/Missing in music.yaml. Sunset does not need it, so the 2 $refs that name it are skipped:',
        '  music.yaml:12:7: #/components/schemas/Track/$ref',
        '  music.yaml:37:17: #/paths/~1albums/get/responses/200/content/application~1json/schema/$ref',
      ].join('\n'),
    ]);
  });

  it('stops on a $ref Sunset needs, naming the referenced file or pointer and the line and pointer of the $ref', async () => {
    const spec = write(
      'needed.yaml',
      `${header}components:\n  x-successors: {}\npaths:\n  /tracks/{trackId}:\n    get:\n      deprecated: true\n      parameters:\n        - $ref: './params.yaml#/trackId'\n      x-successor:\n        $ref: '#/components/x-successors/tracks'\n${ok}`,
    );
    expect(await importErrors({ spec })).toEqual([
      'needed.yaml:16:9: #/paths/~1tracks~1{trackId}/get/x-successor/$ref: cannot be resolved, and Sunset needs its x-successor: needed.yaml#/components/x-successors/tracks does not exist: there is no #/components/x-successors/tracks in needed.yaml.',
      'needed.yaml:14:11: #/paths/~1tracks~1{trackId}/get/parameters/0/$ref: cannot be resolved, and Sunset needs it for {trackId} of the path /tracks/{trackId} (no parameter it can read declares it in: path, so this one may): params.yaml cannot be read: there is no such file.',
    ]);
  });

  it('follows a needed $ref into another file, and names the chain when that file\'s own $ref fails', async () => {
    write('items.yaml', "item:\n  get:\n    deprecated: true\n    parameters:\n      - $ref: '#/missing'\n    responses:\n      '200':\n        description: OK.\n");
    const spec = write('split.yaml', `${header}paths:\n  /items/{itemId}:\n    $ref: './items.yaml#/item'\n`);
    expect(await importErrors({ spec })).toEqual([
      'items.yaml:5:9: #/item/get/parameters/0/$ref: cannot be resolved, and Sunset needs it for {itemId} of the path /items/{itemId} (no parameter it can read declares it in: path, so this one may): items.yaml#/missing does not exist: there is no #/missing in items.yaml.',
    ]);
  });

  it('names the $ref chain of circular path items', async () => {
    const spec = write('circle.yaml', `${header}paths:\n  /v1/buyer/a:\n    $ref: '#/paths/~1v1~1buyer~1b'\n  /v1/buyer/b:\n    $ref: '#/paths/~1v1~1buyer~1a'\n`);
    expect(await importErrors({ spec })).toEqual([
      'circle.yaml:11:5: #/paths/~1v1~1buyer~1b/$ref: cannot be resolved, and Sunset needs a path item: the $ref chain circle.yaml#/paths/~1v1~1buyer~1a → #/paths/~1v1~1buyer~1b → #/paths/~1v1~1buyer~1a is circular: it comes back to circle.yaml#/paths/~1v1~1buyer~1a.',
      'circle.yaml:9:5: #/paths/~1v1~1buyer~1a/$ref: cannot be resolved, and Sunset needs a path item: the $ref chain circle.yaml#/paths/~1v1~1buyer~1b → #/paths/~1v1~1buyer~1a → #/paths/~1v1~1buyer~1b is circular: it comes back to circle.yaml#/paths/~1v1~1buyer~1b.',
    ]);
  });

  it('names the chain of a $ref that leads to something other than a path item', async () => {
    const spec = write('notes.yaml', `${header}components:\n  x-notes:\n    c: just a note\npaths:\n  /c:\n    $ref: '#/components/x-notes/c'\n`);
    expect(await importErrors({ spec })).toEqual([
      'notes.yaml:9:5: #/components/x-notes/c: is a string, not a path item (through the $ref chain notes.yaml#/paths/~1c → #/components/x-notes/c).',
    ]);
  });
});

describe('parameters Sunset cannot reach', () => {
  // Sunset takes a path's parameters from its template: a parameter object adds nothing it reads,
  // unless a template parameter is declared by no parameter it could read.
  const lines = (...text: string[]): string => `${text.join('\n')}\n`;
  const responses = ['      responses:', "        '200':", '          description: OK.'];

  it('skips a parameter $ref whose file or pointer is missing when every parameter of the path template is declared in: path by one Sunset read', async () => {
    const spec = write(
      'headers.yaml',
      header +
        lines(
          'components:',
          '  parameters:',
          '    trackId: { name: trackId, in: path, required: true, schema: { type: string } }',
          'paths:',
          '  /tracks:',
          '    parameters:',
          "      - $ref: './auth-headers.yaml#/apiKey'",
          '    get:',
          '      deprecated: true',
          '      parameters:',
          "        - $ref: '#/components/parameters/limit'",
          ...responses,
          '  /tracks/{trackId}:',
          '    get:',
          '      deprecated: true',
          '      parameters:',
          "        - $ref: '#/components/parameters/trackId'",
          "        - $ref: '#/components/parameters/limit'",
          ...responses,
          '  /albums/{albumId}:',
          '    parameters:',
          '      - { name: albumId, in: path, required: true, schema: { type: string } }',
          '    get:',
          '      deprecated: true',
          '      parameters:',
          "        - $ref: './auth-headers.yaml#/apiKey'",
          ...responses,
          '  /playlists/{playlistId}:',
          '    get:',
          '      deprecated: true',
          ...responses,
        ),
    );
    const result = await importOpenApi({ spec, today: '2026-11-01', cwd: dir });
    // /playlists/{playlistId} declares no parameter at all and nothing is unreached: the template names it.
    expect(result.entries.map((entry) => [entry.id, entry.retired])).toEqual([
      ['get-tracks', 'GET /tracks'],
      ['get-tracks-track-id', 'GET /tracks/{trackId}'],
      ['get-albums-album-id', 'GET /albums/{albumId}'],
      ['get-playlists-playlist-id', 'GET /playlists/{playlistId}'],
    ]);
    expect(result.warnings.map(formatProblem)).toEqual([
      [
        'headers.yaml: auth-headers.yaml cannot be read: there is no such file. Sunset does not need it, so the 2 $refs that name it are skipped:',
        '  headers.yaml:13:9: #/paths/~1tracks/parameters/0/$ref',
        '  headers.yaml:36:11: #/paths/~1albums~1{albumId}/get/parameters/0/$ref',
      ].join('\n'),
      [
        'headers.yaml: headers.yaml#/components/parameters/limit does not exist: there is no #/components/parameters/limit in headers.yaml. Sunset does not need it, so the 2 $refs that name it are skipped:',
        '  headers.yaml:17:11: #/paths/~1tracks/get/parameters/0/$ref',
        '  headers.yaml:26:11: #/paths/~1tracks~1{trackId}/get/parameters/1/$ref',
      ].join('\n'),
    ]);
  });

  it('stops when a template parameter is declared by no parameter Sunset read and a $ref of its path item or operation leads nowhere: once per $ref', async () => {
    const spec = write(
      'undeclared.yaml',
      header +
        lines(
          'paths:',
          '  /albums/{albumId}:',
          '    parameters:',
          "      - $ref: './album-parameters.yaml#/albumId'",
          '    get:',
          '      deprecated: true',
          ...responses,
          '    delete:',
          '      deprecated: true',
          ...responses,
          '  /artists/{artistId}/albums/{albumId}:',
          '    get:',
          '      deprecated: true',
          '      parameters:',
          "        $ref: '#/components/x-lists/artistAlbum'",
          ...responses,
        ),
    );
    expect(await importErrors({ spec })).toEqual([
      'undeclared.yaml:10:9: #/paths/~1albums~1{albumId}/parameters/0/$ref: cannot be resolved, and Sunset needs it for {albumId} of the path /albums/{albumId} (no parameter it can read declares it in: path, so this one may): album-parameters.yaml cannot be read: there is no such file.',
      'undeclared.yaml:25:9: #/paths/~1artists~1{artistId}~1albums~1{albumId}/get/parameters/$ref: cannot be resolved, and Sunset needs it for {artistId}, {albumId} of the path /artists/{artistId}/albums/{albumId} (no parameter it can read declares them in: path, so this one may): undeclared.yaml#/components/x-lists/artistAlbum does not exist: there is no #/components in undeclared.yaml.',
    ]);
  });
});

describe('Swagger 2.0', () => {
  it('imports like 3.x: host, basePath and schemes are the API\'s servers; deprecated and the x- keys read the same', async () => {
    const spec = write(
      'swagger.json',
      JSON.stringify(
        {
          swagger: '2.0',
          info: { title: 'Legacy Store', version: '1' },
          host: 'api.store.example',
          basePath: '/v1',
          schemes: ['https', 'http'],
          parameters: { limit: { name: 'limit', in: 'query', type: 'integer' } },
          paths: {
            '/orders': {
              get: { operationId: 'listOrders', deprecated: true, 'x-sunset': '2027-03-31', 'x-successor': 'listOrdersV2', parameters: [{ $ref: '#/parameters/limit' }], responses: { 200: { description: 'OK.' } } },
              post: { operationId: 'createOrder', responses: { 201: { description: 'Created.' } } },
            },
            '/v2/orders': { get: { operationId: 'listOrdersV2', responses: { 200: { description: 'OK.' } } } },
          },
        },
        null,
        2,
      ),
    );
    const result = await importOpenApi({ spec, today: '2026-11-01', cwd: dir });
    expect(result.entries).toEqual([
      {
        id: 'list-orders',
        retired: 'GET /orders',
        api: 'legacy-store',
        liveMethods: ['POST'],
        replacements: ['GET /v2/orders'],
        gaEnds: '2026-11-01',
        supportEnds: '2027-03-31',
        migration: 'rewrite',
        service: 'Legacy Store (openapi:swagger.json)',
      },
    ]);
    expect(result.config['apis']).toEqual({ 'legacy-store': { name: 'Legacy Store', hosts: ['api.store.example'], basePaths: ['/v1'] } });
    expect(result.warnings).toEqual([]);
  });

  it('reads a description without host as served from every host, and says so at its basePath', async () => {
    const spec = write('hostless.yaml', "swagger: '2.0'\ninfo:\n  title: Hostless\n  version: '1'\nbasePath: /api\npaths:\n  /old:\n    delete:\n      deprecated: true\n      responses:\n        '204':\n          description: Gone.\n");
    const result = await importOpenApi({ spec, today: '2026-11-01', cwd: dir });
    expect(result.config['apis']).toEqual({ hostless: { name: 'Hostless', hosts: ['*'], basePaths: ['/api'] } });
    expect(result.warnings.map(formatProblem)).toEqual([
      'hostless.yaml:5:1: #/basePath: names no host, so Swagger 2.0 clients call the host that serves the description: apis.hostless.hosts is ["*"], every host.',
    ]);
  });
});
