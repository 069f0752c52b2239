import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImportOpenApi } from '@sunset/openapi';

// Issue 22: a real Swagger 2.0 description as its vendor published it (fixtures/openapi/real/netlify,
// Netlify's API from npm's @netlify/open-api 2.5.0 and 2.5.1, between which rolling a site back
// turned from a POST into a PUT), imported with --previous, then `sunset check` over a small client
// written against it (fixtures/openapi/real/netlify-client) finds exactly the POSTs.

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const realDir = path.join(repoRoot, 'fixtures/openapi/real/netlify');
const clientDir = path.join(repoRoot, 'fixtures/openapi/real/netlify-client');
const bin = path.join(repoRoot, 'packages/cli/dist/bin.js');
const before = 'netlify-open-api-2.5.0.json';
const after = 'netlify-open-api-2.5.1.json';
// Netlify announced no dates: the day 2.5.1 was published, for both.
const netlifyImport = ['openapi', after, '--previous', before, '--deprecated-on', '2024-12-11', '--sunset-on', '2024-12-11'];

interface Finding {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly entry: string;
}

let work = '';
let imported: { code: number; stdout: string; stderr: string };
beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'sunset-openapi-netlify-'));
  for (const file of [before, after]) cpSync(path.join(realDir, file), path.join(work, file));
  let stdout = '';
  let stderr = '';
  const code = await runImportOpenApi(netlifyImport, {
    cwd: work,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    now: () => new Date('2026-11-01T09:30:00Z'),
  });
  imported = { code, stdout, stderr };
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function check(): Finding[] {
  const run = spawnSync(process.execPath, [bin, 'check', path.relative(repoRoot, clientDir), '--config', path.join(work, 'sunset.config.json'), '--format', 'json'], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  // look-alikes.ts calls another provider's host: left out, and the run says so once.
  expect(run.stderr).toBe(
    "Hint: 1 request to a retired path or operation names a host that is not its API's, so it was not reported. " +
      'If a proxy or gateway of yours serves the API, add its host to apiHosts (or to the API under apis); "apiHosts": ["*"] checks every host.\n' +
      '  In fixtures/openapi/real/netlify-client/src/look-alikes.ts (1); --format json lists them (otherHostsByFile).\n',
  );
  expect(run.status).toBe(1);
  return (JSON.parse(run.stdout) as { findings: Finding[] }).findings.map(({ file, line, column, entry }) => ({ file: path.basename(file), line, column, entry }));
}

describe("a real Swagger 2.0 description: Netlify's API, @netlify/open-api 2.5.0 → 2.5.1 (fixtures/openapi/real/netlify)", () => {
  it('keeps the descriptions byte for byte as the package ships them: the SHA-256 its README records', () => {
    const readme = readFileSync(path.join(realDir, 'README.md'), 'utf8');
    for (const file of [before, after]) {
      const recorded = new RegExp(`\`${file.replaceAll('.', '\\.')}\` \\|[^\\n]*file SHA-256 \`([0-9a-f]{64})\``).exec(readme)?.[1];
      expect(createHash('sha256').update(readFileSync(path.join(realDir, file))).digest('hex'), file).toBe(recorded);
    }
  });

  it('imports the POST that 2.5.1 replaced by a PUT of the same operationId as one entry of the API on api.netlify.com under /api/v1', () => {
    expect(imported).toEqual({
      code: 0,
      stdout: `Wrote sunset.config.json: 1 entry from ${after} (0 deprecated, 1 removed) for the API netlifys-api-documentation on api.netlify.com.\n`,
      stderr: '',
    });
    const config = JSON.parse(readFileSync(path.join(work, 'sunset.config.json'), 'utf8')) as { apis: unknown; customEntries: unknown };
    expect(config.apis).toEqual({ 'netlifys-api-documentation': { name: "Netlify's API documentation", hosts: ['api.netlify.com'], basePaths: ['/api/v1'] } });
    expect(config.customEntries).toEqual([
      {
        id: 'rollback-site-deploy',
        retired: 'POST /sites/{site_id}/rollback',
        api: 'netlifys-api-documentation',
        liveMethods: ['PUT'],
        replacements: ['PUT /sites/{site_id}/rollback'],
        gaEnds: '2024-12-11',
        supportEnds: '2024-12-11',
        migration: 'rewrite',
        service: `Netlify's API documentation (openapi:${after})`,
      },
    ]);
  });

  // rollback.ts: a fetch with the API's URL, axios with a constant base, an axios instance with
  // baseURL, and a base the code does not show. Not found: its PUT (rollback.ts:33) and every call
  // in look-alikes.ts (another host, the path below /accounts/…, /api/v2, a method the code does not
  // show, another operation).
  it('sunset check over a client of it finds exactly the POSTs of the rollback, not their look-alikes', () => {
    expect(check()).toEqual([
      { file: 'rollback.ts', line: 12, column: 15, entry: 'rollback-site-deploy' },
      { file: 'rollback.ts', line: 19, column: 20, entry: 'rollback-site-deploy' },
      { file: 'rollback.ts', line: 23, column: 22, entry: 'rollback-site-deploy' },
      { file: 'rollback.ts', line: 28, column: 20, entry: 'rollback-site-deploy' },
    ]);
  });
});
