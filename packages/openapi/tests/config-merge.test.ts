import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatProblem, importOpenApi, OpenApiImportError, runImportOpenApi } from '@sunset/openapi';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sunset-openapi-config-'));
  writeFileSync(
    path.join(dir, 'music.yaml'),
    "openapi: 3.0.3\ninfo:\n  title: Music API\n  version: '1'\nservers:\n  - url: https://api.music.example/v1\npaths:\n  /tracks:\n    get:\n      operationId: getTracks\n      deprecated: true\n      x-sunset: 2027-01-31\n      responses:\n        '200':\n          description: OK.\n",
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entryOfOlderImport = {
  id: 'get-tracks',
  retired: 'GET /tracks',
  gaEnds: '2026-10-01',
  supportEnds: '2027-01-31',
  migration: 'todo',
  reason: 'the description names no successor',
  service: 'Music API (openapi:music.yaml)',
};

async function run(argv: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runImportOpenApi(argv, {
    cwd: dir,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    now: () => new Date('2026-11-01T12:00:00Z'),
  });
  return { code, stdout, stderr };
}

describe('the config the import writes is the config check reads', () => {
  it('exits 2 naming a key check would reject, and writes nothing', async () => {
    const text = `${JSON.stringify({ foo: 1, customEntries: [] }, null, 2)}\n`;
    writeFileSync(path.join(dir, 'foo.json'), text);
    expect(await run(['openapi', 'music.yaml', '--out', 'foo.json'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'sunset: foo.json: cannot be written: Invalid config in foo.json: "foo" is not a known option; the known ones are asOf, apiHosts, identityHosts, ignores, failOn, reportScheduled, scheduledWithinDays, apis, customEntries, baseline, rules, maxFileSize, checkMinified. Fix it and run again.\n',
    });
    expect(readFileSync(path.join(dir, 'foo.json'), 'utf8')).toBe(text);
  });

  it('exits 2 naming the field of an API it does not own that check would reject', async () => {
    writeFileSync(path.join(dir, 'bad-api.json'), JSON.stringify({ apis: { other: { hosts: [] } } }));
    const result = await run(['openapi', 'music.yaml', '--out', 'bad-api.json']);
    expect([result.code, result.stderr]).toEqual([
      2,
      'sunset: bad-api.json: cannot be written: Invalid config in bad-api.json: "apis.other.hosts" is empty: list the hosts the API is served from, or ["*"] for every host. Fix it and run again.\n',
    ]);
    expect(existsSync(path.join(dir, 'bad-api.json.tmp'))).toBe(false);
  });

  it('keeps the keys it does not own as they are, and adds its API beside them', async () => {
    const existing = { asOf: '2026-11-01', apiHosts: ['api.adform.com'], rules: { 'sunset/no-sunset-todo': 'off' }, apis: { other: { hosts: ['api.other.example'] } }, customEntries: [] };
    const { config } = await importOpenApi({ spec: 'music.yaml', today: '2026-11-01', cwd: dir, existingConfig: existing });
    expect(Object.keys(config)).toEqual(['asOf', 'apiHosts', 'rules', 'apis', 'customEntries']);
    expect(config['apiHosts']).toEqual(['api.adform.com']);
    expect(config['rules']).toEqual({ 'sunset/no-sunset-todo': 'off' });
    expect(config['apis']).toEqual({ other: { hosts: ['api.other.example'] }, 'music-api': { name: 'Music API', hosts: ['api.music.example'], basePaths: ['/v1'] } });
  });

  it('takes the API id from the title, unique among the APIs, and keeps it on re-import when the title changes', async () => {
    const first = await importOpenApi({ spec: 'music.yaml', today: '2026-11-01', cwd: dir, existingConfig: { apis: { 'music-api': { hosts: ['api.other.example'] } } } });
    expect(first.entries.map((entry) => entry.api)).toEqual(['music-api-2']);
    writeFileSync(path.join(dir, 'renamed.yaml'), readFileSync(path.join(dir, 'music.yaml'), 'utf8').replace('title: Music API', 'title: Music Web API'));
    const renamed = await importOpenApi({ spec: 'renamed.yaml', specName: 'music.yaml', today: '2026-11-02', cwd: dir, existingConfig: first.config });
    expect(renamed.entries.map((entry) => [entry.api, entry.service])).toEqual([['music-api-2', 'Music Web API (openapi:music.yaml)']]);
    expect(renamed.config['apis']).toEqual({ 'music-api': { hosts: ['api.other.example'] }, 'music-api-2': { name: 'Music Web API', hosts: ['api.music.example'], basePaths: ['/v1'] } });
  });

  it('gives back to apiHosts what an older import added there, saying what changed', async () => {
    const older = { apiHosts: ['api.adform.com', 'api.music.example'], customEntries: [entryOfOlderImport] };
    const result = await importOpenApi({ spec: 'music.yaml', today: '2026-11-01', cwd: dir, existingConfig: older });
    expect(result.config).toEqual({
      apiHosts: ['api.adform.com'],
      apis: { 'music-api': { name: 'Music API', hosts: ['api.music.example'], basePaths: ['/v1'] } },
      customEntries: [{ ...entryOfOlderImport, api: 'music-api' }],
    });
    expect(result.summary.removedApiHosts).toEqual(['api.music.example']);
    expect(result.warnings.map(formatProblem)).toEqual([
      'sunset.config.json: ["api.music.example"] left apiHosts: an older sunset import openapi put the hosts of music.yaml there, which kept the built-in entries and the OAuth rules from every other host. They are the hosts of apis.music-api now; apiHosts is now ["api.adform.com"].',
    ]);

    const onlyImported = await importOpenApi({ spec: 'music.yaml', today: '2026-11-01', cwd: dir, existingConfig: { apiHosts: ['api.music.example'], customEntries: [entryOfOlderImport] } });
    expect(onlyImported.config['apiHosts']).toBeUndefined();
    expect(onlyImported.warnings.map(formatProblem)).toEqual([
      'sunset.config.json: ["api.music.example"] left apiHosts: an older sunset import openapi put the hosts of music.yaml there, which kept the built-in entries and the OAuth rules from every other host. They are the hosts of apis.music-api now; apiHosts is removed, so the built-in entries count on every host again.',
    ]);
    // Written by this importer: nothing to give back, the user's apiHosts stay.
    const again = await importOpenApi({ spec: 'music.yaml', today: '2026-11-01', cwd: dir, existingConfig: { ...result.config, apiHosts: ['api.adform.com', 'api.music.example'] } });
    expect([again.config['apiHosts'], again.warnings]).toEqual([['api.adform.com', 'api.music.example'], []]);
  });

  it('removes its API with its last entry, unless an entry it does not own names it', async () => {
    const first = await importOpenApi({ spec: 'music.yaml', today: '2026-11-01', cwd: dir });
    writeFileSync(path.join(dir, 'quiet.yaml'), readFileSync(path.join(dir, 'music.yaml'), 'utf8').replace('      deprecated: true\n', ''));
    const quiet = await importOpenApi({ spec: 'quiet.yaml', specName: 'music.yaml', today: '2026-11-02', cwd: dir, existingConfig: first.config });
    expect(quiet.config).toEqual({ apis: {}, customEntries: [] });
    const hand = { id: 'mine', retired: 'GET /other', gaEnds: '2026-01-01', supportEnds: '2026-06-01', api: 'music-api', service: 'Mine' };
    const withHand = { ...first.config, customEntries: [...(first.config['customEntries'] as unknown[]), hand] };
    const kept = await importOpenApi({ spec: 'quiet.yaml', specName: 'music.yaml', today: '2026-11-02', cwd: dir, existingConfig: withHand });
    expect(kept.config).toEqual({ apis: first.config['apis'], customEntries: [hand] });
  });

  it('accepts a hand-written entry of the API it writes, and names an entry that names no API', async () => {
    const hand = { id: 'mine', retired: 'GET /other', gaEnds: '2026-01-01', supportEnds: '2026-06-01', api: 'music-api', service: 'Mine' };
    const result = await importOpenApi({ spec: 'music.yaml', today: '2026-11-01', cwd: dir, existingConfig: { customEntries: [hand] } });
    expect((result.config['customEntries'] as { id: string }[]).map((entry) => entry.id)).toEqual(['mine', 'get-tracks']);
    const failure: unknown = await importOpenApi({ spec: 'music.yaml', today: '2026-11-01', cwd: dir, existingConfig: { customEntries: [{ ...hand, api: 'nowhere' }] } }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(failure).toBeInstanceOf(OpenApiImportError);
    expect((failure as OpenApiImportError).message).toBe(
      'sunset.config.json: cannot be written: Invalid config in sunset.config.json: "customEntries[0].api" names no API: "nowhere" is not under apis (there: music-api); define it there with its hosts, or leave api out for the built-in API. Fix it and run again.',
    );
  });
});
