import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveOptions, validateOptions } from '@sunset/config';
import { runImportOpenApi } from '@sunset/openapi';
import { withoutOrigin } from './support/cli.js';

// Issue 17's end-to-end test: the fixtures' OpenAPI descriptions are imported into a copy of a user's
// config, which must equal fixtures/openapi/expected.config.json byte for byte (and stay so on a
// second import); then the repository's own CLI (packages/cli/dist/bin.js, built by CI before the
// tests) checks and fixes fixtures/openapi/client-app with it, giving exactly expected-findings.json
// and the client-app-fixed/ tree. Last, a real published description is imported and counted.

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const fixturesDir = path.join(repoRoot, 'fixtures/openapi');
const bin = path.join(repoRoot, 'packages/cli/dist/bin.js');
const importDay = new Date('2026-11-01T09:30:00Z');
const itemsImport = ['openapi', 'items-api.yaml', '--previous', 'items-api.previous.yaml', '--deprecated-on', '2026-03-01', '--sunset-on', '2026-09-30'];
const billingImport = ['openapi', 'billing-api.json'];

/** The custom entries of a config file as `sunset check` reads them. */
const customEntriesOf = (file: string) =>
  resolveOptions([validateOptions(JSON.parse(readFileSync(file, 'utf8')), path.basename(file))]).catalog.entries.filter((entry) => entry.origin === 'custom');

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function runImport(cwd: string, argv: readonly string[], now = importDay): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runImportOpenApi(argv, {
    cwd,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    now: () => now,
  });
  return { code, stdout, stderr };
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();

describe('sunset import openapi over the fixtures', () => {
  let work = '';
  let configPath = '';
  let itemsRun: Run;
  let billingRun: Run;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'sunset-openapi-'));
    for (const file of ['items-api.yaml', 'items-api.previous.yaml', 'billing-api.json']) cpSync(path.join(fixturesDir, file), path.join(work, file));
    configPath = path.join(work, 'sunset.config.json');
    cpSync(path.join(fixturesDir, 'initial.config.json'), configPath);
    itemsRun = await runImport(work, itemsImport);
    billingRun = await runImport(work, billingImport);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('reports what it wrote, and what it left out at the line and JSON pointer of the description', () => {
    expect(itemsRun).toEqual({
      code: 0,
      stdout:
        'Wrote sunset.config.json: 9 entries from items-api.yaml (5 deprecated, 4 removed) for the API items-api on eu.items.example.com, us.items.example.com, localhost; 1 other entry kept.\n',
      stderr: [
        'sunset: warning: items-api.yaml:43:5: #/paths/~1v1~1items~1{itemId}/head: is deprecated but not imported: Sunset matches the methods GET, POST, PUT, PATCH, DELETE only.',
        'sunset: warning: items-api.yaml:91:7: #/paths/~1v2~1items~1{itemId}~1status/put/x-sunset: is ignored: the operation is not deprecated (add deprecated: true to import it).',
        '',
      ].join('\n'),
    });
    expect(billingRun).toEqual({
      code: 0,
      stdout:
        'Wrote sunset.config.json: 3 entries from billing-api.json (3 deprecated, 0 removed) for the API billing-api on api.billing.example.com, sandbox.billing.example.com; 10 other entries kept.\n',
      stderr: '',
    });
  });

  it('writes exactly the expected config: the hand-written entry kept, every generated one marked by its service label', () => {
    expect(readFileSync(configPath, 'utf8')).toBe(readFileSync(path.join(fixturesDir, 'expected.config.json'), 'utf8'));
  });

  it('writes a config that check accepts as it is: each entry of its API, the built-in API\'s hosts untouched', () => {
    const entries = customEntriesOf(configPath);
    expect(entries.map((entry) => entry.api)).toEqual(['builtin', ...Array<string>(9).fill('items-api'), ...Array<string>(3).fill('billing-api')]);
    const config = JSON.parse(readFileSync(configPath, 'utf8')) as Record<string, unknown>;
    expect(config['apiHosts']).toBeUndefined();
    expect(config['apis']).toEqual({
      'items-api': { name: 'Items API', hosts: ['eu.items.example.com', 'us.items.example.com', 'localhost'], basePaths: ['/api', ''] },
      'billing-api': { name: 'Billing API', hosts: ['api.billing.example.com', 'sandbox.billing.example.com'], basePaths: ['/v3'] },
    });
  });

  it('leaves the file byte-identical on a second import with the same inputs, a day later', async () => {
    const before = readFileSync(configPath);
    const nextDay = new Date('2026-11-02T09:30:00Z');
    const again = [await runImport(work, itemsImport, nextDay), await runImport(work, billingImport, nextDay)];
    expect(again.map((run) => [run.code, run.stdout])).toEqual([
      [0, 'sunset.config.json is up to date: 9 entries from items-api.yaml (5 deprecated, 4 removed) for the API items-api on eu.items.example.com, us.items.example.com, localhost; 4 other entries kept.\n'],
      [0, 'sunset.config.json is up to date: 3 entries from billing-api.json (3 deprecated, 0 removed) for the API billing-api on api.billing.example.com, sandbox.billing.example.com; 10 other entries kept.\n'],
    ]);
    expect(readFileSync(configPath).equals(before)).toBe(true);
  });

  it('--check exits 0 when the config is up to date and 1, naming the entries, when the description changed', async () => {
    expect(await runImport(work, [...billingImport, '--check'])).toEqual({ code: 0, stdout: 'sunset.config.json is up to date with billing-api.json.\n', stderr: '' });
    const billing = path.join(work, 'billing-api.json');
    const published = readFileSync(billing, 'utf8');
    writeFileSync(billing, published.replace('"x-sunset": "2026-10-31"', '"x-sunset": "2026-12-31"').replace('"deprecated": true,\n          "x-replaced-by"', '"x-replaced-by"'));
    const before = readFileSync(configPath);
    const check = await runImport(work, [...billingImport, '--check']);
    writeFileSync(billing, published);
    expect(check).toEqual({
      code: 1,
      stdout:
        'sunset.config.json is out of date with billing-api.json: entries to change: list-invoices; entries to remove: void-invoice. Run the same command without --check to update it.\n',
      stderr: '',
    });
    expect(readFileSync(configPath).equals(before)).toBe(true);
  });
});

const otherHostHint =
  "Hint: 1 request to a retired path or operation names a host that is not its API's, so it was not reported. " +
  'If a proxy or gateway of yours serves the API, add its host to apiHosts (or to the API under apis); "apiHosts": ["*"] checks every host.\n' +
  '  In fixtures/openapi/client-app/src/search.ts (1); --format json lists them (otherHostsByFile).\n';

describe('the imported entries through the repository CLI', () => {
  const expectedConfig = path.join(fixturesDir, 'expected.config.json');
  const expectedFindings = (): { findings: { file: string; line: number; entry: string }[] } =>
    JSON.parse(readFileSync(path.join(fixturesDir, 'expected-findings.json'), 'utf8')) as { findings: { file: string; line: number; entry: string }[] };
  const check = (): { status: number | null; stderr: string; json: { findings: { file: string; line: number; entry: string }[] } } => {
    const run = spawnSync(process.execPath, [bin, 'check', 'fixtures/openapi/client-app', '--config', expectedConfig, '--format', 'json'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    return { status: run.status, stderr: run.stderr, json: withoutOrigin(JSON.parse(run.stdout)) as { findings: { file: string; line: number; entry: string }[] } };
  };
  const fixedTree = (): Map<string, string> => {
    const work = mkdtempSync(path.join(tmpdir(), 'sunset-openapi-fix-'));
    try {
      cpSync(path.join(fixturesDir, 'client-app'), path.join(work, 'client-app'), { recursive: true });
      const run = spawnSync(process.execPath, [bin, 'fix', 'client-app', '--config', expectedConfig, '--force'], { cwd: work, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
      expect(run.status).toBe(0);
      return new Map(filesUnder(path.join(work, 'client-app')).map((file) => [file, readFileSync(path.join(work, 'client-app', file), 'utf8')]));
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  };
  const expectedFixedTree = (): Map<string, string> => {
    const expectedDir = path.join(fixturesDir, 'client-app-fixed');
    return new Map(filesUnder(expectedDir).map((file) => [file, readFileSync(path.join(expectedDir, file), 'utf8')]));
  };

  // The other vendor's call (src/search.ts:28) names another host than the API's: not found, and the run says so once.
  it('sunset check finds exactly the expected findings in the client app', () => {
    const run = check();
    expect(run.stderr).toBe(otherHostHint);
    expect(run.status).toBe(1);
    expect(run.json).toEqual(expectedFindings());
  });

  it('sunset fix rewrites the one-to-one calls and leaves TODOs, giving exactly client-app-fixed/', () => {
    expect(fixedTree()).toEqual(expectedFixedTree());
  });
});

describe('a real published description: GitHub Enterprise Server 3.17 (fixtures/openapi/real)', () => {
  it('yields exactly 36 entries, one per deprecated operation, of an API on every host (its host is a placeholder)', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'sunset-openapi-real-'));
    try {
      const run = await runImport(repoRoot, ['openapi', 'fixtures/openapi/real/ghes-3.17.json', '--out', path.join(work, 'sunset.config.json')]);
      expect(run.code).toBe(0);
      expect(run.stderr).toBe(
        'sunset: warning: fixtures/openapi/real/ghes-3.17.json:171:11: #/servers/0/variables/hostname/default: its host comes from {hostname}, which lists no enum, only the default "HOSTNAME" (each installation has its own): apis.githubs-official-openapi-spec-octokit-extension.hosts is ["*"], every host.\n',
      );
      const config = JSON.parse(readFileSync(path.join(work, 'sunset.config.json'), 'utf8')) as { apis: unknown; customEntries: { id: string; retired: string; migration: string }[] };
      expect(config.customEntries).toHaveLength(36);
      expect(new Set(config.customEntries.map((entry) => entry.id)).size).toBe(36);
      expect(config.customEntries.slice(0, 2).map((entry) => [entry.id, entry.retired, entry.migration])).toEqual([
        ['oauth-authorizations-list-grants', 'GET /applications/grants', 'todo'],
        ['oauth-authorizations-get-grant', 'GET /applications/grants/{grant_id}', 'todo'],
      ]);
      expect(config.apis).toEqual({
        'githubs-official-openapi-spec-octokit-extension': { name: "GitHub's official OpenAPI spec + Octokit extension", hosts: ['*'], basePaths: ['/api/v3'] },
      });
      expect(customEntriesOf(path.join(work, 'sunset.config.json'))).toHaveLength(36);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
