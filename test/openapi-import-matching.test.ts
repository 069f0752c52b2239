import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runImportOpenApi } from '@sunset/openapi';

// What imported entries match, end to end: a small hand-written description (the shapes a user trial
// of `sunset import openapi` met in real descriptions) is imported into a temporary config, then the
// repository's own CLI (packages/cli/dist/bin.js) checks and fixes a small client with it.

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repoRoot, 'packages/cli/dist/bin.js');

interface JsonFinding {
  readonly line: number;
  readonly column: number;
  readonly rule: string;
  readonly message: string;
}

let work = '';
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'sunset-openapi-matching-'));
  writeFileSync(path.join(work, 'sunset.config.json'), '{ "asOf": "2026-11-27" }\n');
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

async function importDescription(name: string, text: string): Promise<{ code: number; stderr: string }> {
  writeFileSync(path.join(work, name), text);
  let stderr = '';
  const code = await runImportOpenApi(['openapi', name], {
    cwd: work,
    stdout: { write: () => undefined },
    stderr: { write: (chunk: string) => (stderr += chunk) },
    now: () => new Date('2026-11-27T09:00:00Z'),
  });
  return { code, stderr };
}

/** `sunset check` of one client file: the findings as line, column, rule and message. */
function check(client: string): { status: number | null; findings: JsonFinding[] } {
  writeFileSync(path.join(work, 'client.ts'), client);
  const run = spawnSync(process.execPath, [bin, 'check', 'client.ts', '--format', 'json'], { cwd: work, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const findings = (JSON.parse(run.stdout) as { findings: JsonFinding[] }).findings.map(({ line, column, rule, message }) => ({ line, column, rule, message }));
  return { status: run.status, findings };
}

/** `sunset fix` of the client file written by `check`: the file as it is afterwards. */
function fix(): string {
  const run = spawnSync(process.execPath, [bin, 'fix', 'client.ts', '--force'], { cwd: work, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  expect(run.status).toBe(0);
  return readFileSync(path.join(work, 'client.ts'), 'utf8');
}

describe('an imported path begins right after one of the API\'s server paths where the code writes the origin', () => {
  const vendor = [
    'openapi: 3.0.3',
    'info: {title: Vendor, version: "2"}',
    'servers: [{url: "https://api.vendor.example/v2"}]',
    'paths:',
    '  /items/{itemId}:',
    '    get:',
    '      deprecated: true',
    '      x-sunset: "2026-01-15"',
    '      x-successor: getItemV3',
    '      parameters: [{name: itemId, in: path, required: true, schema: {type: string}}]',
    '      responses: {"200": {description: ok}}',
    '  /items-v3/{itemId}:',
    '    get:',
    '      operationId: getItemV3',
    '      parameters: [{name: itemId, in: path, required: true, schema: {type: string}}]',
    '      responses: {"200": {description: ok}}',
    '',
  ].join('\n');
  const client = [
    'export const withBase = (id: string) => fetch(`https://api.vendor.example/v2/items/${id}`);',
    'export const withoutBase = (id: string) => fetch(`https://api.vendor.example/items/${id}`);',
    'export const unseenBase = (API: string, id: string) => fetch(`${API}/items/${id}`);',
    'export const otherBase = (id: string) => fetch(`https://api.vendor.example/v3/items/${id}`);',
    '',
  ].join('\n');
  const message = 'GET /items/{itemId} is retired (support ended 2026-01-15): use GET /items-v3/{itemId}.';

  it('reports the URL with the server path and the one whose base the code does not show, not the one without it', async () => {
    expect(await importDescription('vendor.yaml', vendor)).toEqual({ code: 0, stderr: '' });
    expect(check(client)).toEqual({
      status: 1,
      findings: [
        { line: 1, column: 47, rule: 'sunset/no-legacy-rest-path', message },
        { line: 3, column: 62, rule: 'sunset/no-legacy-rest-path', message },
      ],
    });
  });

  it('sunset fix rewrites only those two calls', async () => {
    await importDescription('vendor.yaml', vendor);
    check(client);
    expect(fix()).toBe(client.replace('v2/items/', 'v2/items-v3/').replace('${API}/items/', '${API}/items-v3/'));
  });

  it('reads a Swagger 2.0 basePath the same way', async () => {
    const swagger = JSON.stringify({
      swagger: '2.0',
      info: { title: 'Chat', version: '1' },
      host: 'chat.vendor.example',
      basePath: '/api',
      schemes: ['https'],
      paths: { '/channels.history': { get: { deprecated: true, 'x-sunset': '2026-01-15', responses: { 200: { description: 'ok' } } } } },
    });
    expect(await importDescription('chat.json', swagger)).toEqual({ code: 0, stderr: '' });
    const found = check(
      [
        "fetch('https://chat.vendor.example/api/channels.history?channel=C1');",
        "fetch('https://chat.vendor.example/channels.history?channel=C1');",
        "fetch('https://chat.vendor.example/api/v2/channels.history');",
        '',
      ].join('\n'),
    );
    expect(found).toEqual({
      status: 1,
      findings: [
        {
          line: 1,
          column: 7,
          rule: 'sunset/no-legacy-rest-path',
          message: 'GET /channels.history is retired (support ended 2026-01-15): GET /channels.history has no replacement; this call needs a manual migration.',
        },
      ],
    });
  });
});

describe('a deprecated templated path is not reported where the description serves a more specific path', () => {
  // GitHub's shape (@octokit/openapi 23.0.2): `POST /orgs/{org}/{security_product}/{enablement}` is deprecated,
  // and live four-segment paths of the same organisation are other operations.
  const orgs = JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Orgs', version: '1' },
    servers: [{ url: 'https://api.orgs.example' }],
    paths: {
      '/orgs/{org}/{security_product}/{enablement}': { post: { deprecated: true, responses: { 204: { description: 'ok' } } } },
      '/orgs/{org}/actions/runner-groups': { get: { responses: { 200: { description: 'ok' } } }, post: { responses: { 201: { description: 'ok' } } } },
      '/orgs/{org}/actions/hosted-runners': { post: { responses: { 201: { description: 'ok' } } } },
      '/orgs/{org}/actions/variables': { post: { responses: { 201: { description: 'ok' } } } },
    },
  });
  const client = [
    "const apiBaseUrl = 'https://api.orgs.example';",
    'async function request(path: string, o: { method?: string } = {}) {',
    '  return fetch(`${apiBaseUrl}${path}`, { method: o.method || \'GET\' });',
    '}',
    'export const runners = (org: string) => request(`/orgs/${org}/actions/hosted-runners`, { method: \'POST\' });',
    'export const groups = (org: string) => request(`/orgs/${org}/actions/runner-groups`, { method: \'POST\' });',
    'export const variables = (org: string) => fetch(`https://api.orgs.example/orgs/${org}/actions/variables`, { method: \'POST\' });',
    'export const enable = (org: string) => fetch(`https://api.orgs.example/orgs/${org}/secret_scanning/enable_all`, { method: \'POST\' });',
    '',
  ].join('\n');

  it('reports only the call of the deprecated operation', async () => {
    expect(await importDescription('orgs.json', orgs)).toEqual({ code: 0, stderr: '' });
    const config = JSON.parse(readFileSync(path.join(work, 'sunset.config.json'), 'utf8')) as { customEntries: { shadowedBy?: string[] }[] };
    expect(config.customEntries.map((entry) => entry.shadowedBy)).toEqual([['/orgs/{org}/actions/hosted-runners', '/orgs/{org}/actions/runner-groups', '/orgs/{org}/actions/variables']]);
    expect(check(client)).toEqual({
      status: 1,
      findings: [
        {
          line: 8,
          column: 46,
          rule: 'sunset/no-legacy-rest-path',
          message:
            'POST /orgs/{org}/{security_product}/{enablement} is deprecated (general availability ended 2026-11-27, no removal announced): POST /orgs/{org}/{security_product}/{enablement} has no replacement; this call needs a manual migration.',
        },
      ],
    });
  });
});
