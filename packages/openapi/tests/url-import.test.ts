import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runImportOpenApi } from '@sunset/openapi';

// `sunset import openapi <URL>` against a local HTTP server: a redirect, the relative $refs Sunset
// needs (fetched) and one it does not (not fetched), --previous by URL, a 404, a server that never
// answers (the timeout ends it) and a response larger than the limit.

const current = `openapi: 3.0.3
info:
  title: Music API
  version: '2'
servers:
  - url: https://api.music.example/v1
components:
  x-policy:
    $ref: './policies.yaml'
paths:
  /tracks:
    $ref: './paths/tracks.yaml#/tracks'
  /v2/tracks:
    get:
      operationId: listTracksV2
      responses:
        '200':
          description: OK.
`;
const tracks = `tracks:
  get:
    operationId: listTracks
    deprecated: true
    x-sunset: 2027-01-31
    x-successor: listTracksV2
    responses:
      '200':
        description: OK.
`;
const previous = current
  .replace("version: '2'", "version: '1'")
  .replace('paths:\n', "paths:\n  /albums:\n    get:\n      operationId: listAlbums\n      responses:\n        '200':\n          description: OK.\n");

// A header parameter in a file the server does not have, beside a path parameter written in place.
const withHeaders = `openapi: 3.0.3
info:
  title: Music API
  version: '4'
servers:
  - url: https://api.music.example/v1
paths:
  /tracks/{trackId}:
    get:
      deprecated: true
      parameters:
        - { name: trackId, in: path, required: true, schema: { type: string } }
        - $ref: './headers.yaml#/apiKey'
      responses:
        '200':
          description: OK.
`;

let server: Server;
let base = '';
let requests: string[] = [];
let dir = '';

function send(response: ServerResponse, text: string): void {
  response.writeHead(200, { 'content-type': 'application/yaml' });
  response.end(text);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'sunset-openapi-url-'));
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    switch (request.url) {
      case '/latest':
        response.writeHead(302, { location: '/v2/openapi.yaml' }).end();
        return;
      case '/v2/openapi.yaml':
        return send(response, current);
      case '/v2/paths/tracks.yaml':
      case '/v1/paths/tracks.yaml':
        return send(response, tracks);
      case '/v1/openapi.yaml':
        return send(response, previous);
      case '/v3/openapi.yaml':
        return send(response, current.replace('./paths/tracks.yaml', './paths/gone.yaml'));
      case '/v4/openapi.yaml':
        return send(response, withHeaders);
      case '/slow.yaml':
        // Never answers: the client's timeout must end the import.
        return;
      case '/huge.json':
        response.writeHead(200, { 'content-type': 'application/json' });
        for (let chunk = 0; chunk < 10; chunk++) response.write(`${' '.repeat(999)}\n`);
        response.end('{}');
        return;
      default:
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  requests = [];
});

/**
 * The import with the size limit of these tests. The time limit is long (a loaded machine answers a
 * local request late, and that must not fail a test); only the slow route's test sets a short one, as
 * that server never answers.
 */
async function run(argv: readonly string[], timeoutMs = 300_000): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runImportOpenApi(argv, {
    cwd: dir,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    now: () => new Date('2026-11-01T12:00:00Z'),
    limits: { timeoutMs, maxBytes: 5000 },
  });
  return { code, stdout, stderr };
}

describe('sunset import openapi <URL>', () => {
  it('follows a redirect, fetches the relative $refs it needs (not the others) and takes --previous by URL', async () => {
    const result = await run(['openapi', `${base}/latest`, '--previous', `${base}/v1/openapi.yaml`, '--deprecated-on', '2026-06-01', '--sunset-on', '2026-12-31']);
    expect(result).toEqual({
      code: 0,
      stdout: `Wrote sunset.config.json: 2 entries from ${base}/latest (1 deprecated, 1 removed) for the API music-api on api.music.example.\n`,
      stderr: [
        `sunset: warning: ${base}/latest: 1 $ref in 1 file names 1 remote file that Sunset did not fetch, so it is skipped: it fetches a remote file only for what it reads, and needs nothing there (--verbose lists them).`,
        `sunset: warning: ${base}/v1/openapi.yaml: 1 $ref in 1 file names 1 remote file that Sunset did not fetch, so it is skipped: it fetches a remote file only for what it reads, and needs nothing there (--verbose lists them).`,
        '',
      ].join('\n'),
    });
    expect(requests.sort()).toEqual(['/latest', '/v1/openapi.yaml', '/v1/paths/tracks.yaml', '/v2/openapi.yaml', '/v2/paths/tracks.yaml']);
    const config = JSON.parse(readFileSync(path.join(dir, 'sunset.config.json'), 'utf8')) as { customEntries: Record<string, unknown>[] };
    expect(config.customEntries.map((entry) => [entry['id'], entry['retired'], entry['replacements'], entry['service']])).toEqual([
      ['list-tracks', 'GET /tracks', ['GET /v2/tracks'], `Music API (openapi:${base}/latest)`],
      ['list-albums', 'GET /albums', undefined, `Music API (openapi:${base}/latest)`],
    ]);
    const verbose = await run(['openapi', `${base}/latest`, '--previous', `${base}/v1/openapi.yaml`, '--deprecated-on', '2026-06-01', '--sunset-on', '2026-12-31', '--verbose', '--check']);
    expect(verbose).toEqual({
      code: 0,
      stdout: `sunset.config.json is up to date with ${base}/latest.\n`,
      stderr: [
        `sunset: warning: ${base}/latest: ${base}/v2/policies.yaml cannot be read: it is a remote file, which Sunset fetches only for what it reads. Sunset does not need it, so the $ref that names it is skipped:`,
        `  ${base}/latest:9:5: #/components/x-policy/$ref`,
        `sunset: warning: ${base}/v1/openapi.yaml: ${base}/v1/policies.yaml cannot be read: it is a remote file, which Sunset fetches only for what it reads. Sunset does not need it, so the $ref that names it is skipped:`,
        `  ${base}/v1/openapi.yaml:9:5: #/components/x-policy/$ref`,
        '',
      ].join('\n'),
    });
  });

  it.each([
    ['/missing.yaml', 'cannot be read: the server answered HTTP 404 Not Found.'],
    ['/slow.yaml', 'cannot be read: it did not arrive within 0.5 s; check the URL, or download the file and import it from disk.'],
    ['/huge.json', "cannot be read: it is larger than Sunset's limit of 5000 bytes per description file (more than 5000 bytes received); split it, or import the part with the deprecated operations."],
  ])('exits 2 on %s, naming the URL and what went wrong, and writes nothing', async (route, message) => {
    const result = await run(['openapi', `${base}${route}`, '--out', 'untouched.json'], route === '/slow.yaml' ? 500 : undefined);
    expect(result).toEqual({ code: 2, stdout: '', stderr: `sunset: ${base}${route}: ${message}\n` });
    expect(() => readFileSync(path.join(dir, 'untouched.json'))).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });

  it('exits 2 on a $ref Sunset needs that the server does not have, naming its URL and the line and pointer of the $ref', async () => {
    const result = await run(['openapi', `${base}/v3/openapi.yaml`, '--out', 'untouched.json']);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `sunset: ${base}/v3/openapi.yaml:12:5: #/paths/~1tracks/$ref: cannot be resolved, and Sunset needs a path item: ${base}/v3/paths/gone.yaml cannot be read: the server answered HTTP 404 Not Found.\n`,
    });
  });

  it('skips a parameter $ref the server does not have when the path template does not need it, with the warning that names the URL', async () => {
    const result = await run(['openapi', `${base}/v4/openapi.yaml`, '--out', 'headers.json']);
    expect(result).toEqual({
      code: 0,
      stdout: `Wrote headers.json: 1 entry from ${base}/v4/openapi.yaml (1 deprecated, 0 removed) for the API music-api on api.music.example.\n`,
      stderr: [
        `sunset: warning: ${base}/v4/openapi.yaml: ${base}/v4/headers.yaml cannot be read: the server answered HTTP 404 Not Found. Sunset does not need it, so the $ref that names it is skipped:`,
        `  ${base}/v4/openapi.yaml:13:11: #/paths/~1tracks~1{trackId}/get/parameters/1/$ref`,
        '',
      ].join('\n'),
    });
    expect(requests).toEqual(['/v4/openapi.yaml', '/v4/headers.yaml']);
  });

  it('exits 2 when --previous is a URL that is not there', async () => {
    const result = await run(['openapi', `${base}/v2/openapi.yaml`, '--previous', `${base}/v0/openapi.yaml`, '--deprecated-on', '2026-06-01', '--sunset-on', '2026-12-31', '--out', 'untouched.json']);
    expect(result).toEqual({ code: 2, stdout: '', stderr: `sunset: ${base}/v0/openapi.yaml: cannot be read: the server answered HTTP 404 Not Found.\n` });
  });
});
