import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runImportOpenApi } from '@sunset/openapi';

// The servers that apply to an operation (operation, else path item, else document level) are the
// ones its entry needs: a server of an operation Sunset does not import changes nothing, and one that
// cannot be read is then a warning, not the end of the import.

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sunset-openapi-servers-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function run(name: string, text: string): Promise<{ code: number; stdout: string; stderr: string }> {
  writeFileSync(path.join(dir, name), text);
  let stdout = '';
  let stderr = '';
  const code = await runImportOpenApi(['openapi', name], {
    cwd: dir,
    stdout: { write: (chunk: string) => (stdout += chunk) },
    stderr: { write: (chunk: string) => (stderr += chunk) },
    now: () => new Date('2026-11-27T12:00:00Z'),
  });
  return { code, stdout, stderr };
}

const apisWritten = (): unknown => (JSON.parse(readFileSync(path.join(dir, 'sunset.config.json'), 'utf8')) as { apis: unknown }).apis;

const ok = '      responses: {"200": {description: ok}}\n';
const header = 'openapi: 3.0.0\ninfo: {title: Min, version: "1"}\nservers: [{url: "https://api.min.example"}]\npaths:\n';

describe('a server Sunset cannot read', () => {
  it('is left out with a warning when only an operation that is not imported is served from it', async () => {
    const upload = `  /v2/old:\n    get:\n      deprecated: true\n${ok}  /<upload_url>:\n    put:\n      servers: [{url: "https://"}]\n${ok}`;
    expect(await run('srv.yaml', header + upload)).toEqual({
      code: 0,
      stdout: 'Wrote sunset.config.json: 1 entry from srv.yaml (1 deprecated, 0 removed) for the API min on api.min.example.\n',
      stderr:
        'sunset: warning: srv.yaml:11:18: #/paths/~1<upload_url>/put/servers/0/url: "https://" (with its variables replaced) is not a URL. Sunset does not need this server (no deprecated or removed operation Sunset imports, and no successor, is served from it), so it is left out.\n',
    });
    expect(apisWritten()).toEqual({ min: { name: 'Min', hosts: ['api.min.example'], basePaths: [''] } });
  });

  it('stops the import when the deprecated operation, or its successor, is served from it', async () => {
    const deprecated = `  /v2/old:\n    get:\n      deprecated: true\n      servers: [{url: "https://"}]\n${ok}`;
    expect(await run('old.yaml', header + deprecated)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'sunset: old.yaml:8:18: #/paths/~1v2~1old/get/servers/0/url: "https://" (with its variables replaced) is not a URL. Sunset needs this server for the deprecated operation GET /v2/old.\n',
    });
    const successor = `  /v2/old:\n    get:\n      deprecated: true\n      x-successor: GET /v3/new\n${ok}  /v3/new:\n    servers: [{url: "https://{tenant}.min.example"}]\n    get:\n${ok}`;
    expect(await run('new.yaml', header + successor)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'sunset: new.yaml:11:16: #/paths/~1v3~1new/servers/0/url: the variable {tenant} has no enum and no default under variables. Sunset needs this server for GET /v3/new, the successor of the deprecated operation GET /v2/old.\n',
    });
  });
});

describe('the hosts and server paths of the API', () => {
  it('come from the servers of the imported operations: a live operation\'s variable host does not make them every host', async () => {
    const chat = `  /v2/old:\n    get:\n      deprecated: true\n${ok}  /chat:\n    post:\n      servers: [{url: "https://{agent}/agents", variables: {agent: {default: "your-agent"}}}]\n${ok}`;
    expect(await run('var.yaml', header + chat)).toEqual({
      code: 0,
      stdout: 'Wrote sunset.config.json: 1 entry from var.yaml (1 deprecated, 0 removed) for the API min on api.min.example.\n',
      stderr: '',
    });
    expect(apisWritten()).toEqual({ min: { name: 'Min', hosts: ['api.min.example'], basePaths: [''] } });
  });

  it('follow the operation\'s own servers over the path item\'s and the document\'s', async () => {
    const own = [
      '  /v2/old:',
      '    servers: [{url: "https://paths.min.example/p"}]',
      '    get:',
      '      deprecated: true',
      '      servers: [{url: "https://ops.min.example/o"}]',
      ok.trimEnd(),
      '    put:',
      '      deprecated: true',
      ok.trimEnd(),
      '  /v2/live:',
      '    get:',
      ok,
    ].join('\n');
    const result = await run('own.yaml', header + own);
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect(apisWritten()).toEqual({ min: { name: 'Min', hosts: ['ops.min.example', 'paths.min.example'], basePaths: ['/o', '/p'] } });
  });

  it('are every host when the imported operation\'s own host comes from a variable without enum', async () => {
    const tenant = `  /v2/old:\n    get:\n      deprecated: true\n      servers: [{url: "https://{tenant}.min.example", variables: {tenant: {default: acme}}}]\n${ok}`;
    expect(await run('tenant.yaml', header + tenant)).toEqual({
      code: 0,
      stdout: 'Wrote sunset.config.json: 1 entry from tenant.yaml (1 deprecated, 0 removed) for the API min on every host.\n',
      stderr:
        'sunset: warning: tenant.yaml:8:76: #/paths/~1v2~1old/get/servers/0/variables/tenant/default: its host comes from {tenant}, which lists no enum, only the default "acme" (each installation has its own): apis.min.hosts is ["*"], every host.\n',
    });
  });
});
