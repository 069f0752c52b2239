import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importHelp, runImportOpenApi } from '@sunset/openapi';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sunset-openapi-command-'));
  writeFileSync(
    path.join(dir, 'users.yaml'),
    "openapi: 3.0.3\ninfo:\n  title: Users API\n  version: '1'\npaths:\n  /v1/users:\n    get:\n      operationId: listUsers\n      deprecated: true\n      x-sunset: 2027-01-31\n      responses:\n        '200':\n          description: OK.\n",
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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

describe('sunset import openapi', () => {
  it('writes the config, then says it is up to date; --check agrees', async () => {
    const unknownHosts = 'sunset: warning: users.yaml:1:1: #: names no server, so its paths are relative to wherever the description is served: apis.users-api.hosts is ["*"], every host.\n';
    expect(await run(['openapi', 'users.yaml', '--out', 'config/../sunset.config.json'])).toEqual({
      code: 0,
      stdout: 'Wrote config/../sunset.config.json: 1 entry from users.yaml (1 deprecated, 0 removed) for the API users-api on every host.\n',
      stderr: unknownHosts,
    });
    expect(readFileSync(path.join(dir, 'sunset.config.json'), 'utf8')).toBe(`{
  "apis": {
    "users-api": {
      "name": "Users API",
      "hosts": [
        "*"
      ],
      "basePaths": [
        ""
      ]
    }
  },
  "customEntries": [
    {
      "id": "list-users",
      "retired": "GET /v1/users",
      "api": "users-api",
      "gaEnds": "2026-11-01",
      "supportEnds": "2027-01-31",
      "migration": "todo",
      "reason": "the description names no successor",
      "service": "Users API (openapi:users.yaml)"
    }
  ]
}
`);
    expect((await run(['openapi', 'users.yaml'])).stdout).toBe('sunset.config.json is up to date: 1 entry from users.yaml (1 deprecated, 0 removed) for the API users-api on every host.\n');
    expect(await run(['openapi', 'users.yaml', '--check'])).toEqual({ code: 0, stdout: 'sunset.config.json is up to date with users.yaml.\n', stderr: unknownHosts });
    expect(await run(['openapi', 'users.yaml', '--check', '--out', 'missing.json'])).toEqual({
      code: 1,
      stdout: 'missing.json is out of date with users.yaml: the file does not exist. Run the same command without --check to update it.\n',
      stderr: unknownHosts,
    });
  });

  it('prints its help', async () => {
    expect(await run(['openapi', '--help'])).toEqual({ code: 0, stdout: importHelp, stderr: '' });
    expect(importHelp).toBe(`Usage: sunset import openapi <spec> [options]

Writes the deprecated operations of an OpenAPI 3.x or Swagger 2.0 description (YAML or JSON, a file or
an http(s) URL) into the config's customEntries, as entries of the description's own API under apis
(its servers' hosts and paths). Entries you wrote yourself are kept; a second import with the same
inputs writes the same file.

Options:
      --previous <FILE|URL>         An older version: its operations that <spec> lacks become entries (needs both dates).
      --out <FILE>                  The config file to update (default sunset.config.json).
      --deprecated-on <YYYY-MM-DD>  GA end where x-deprecated-at is missing, and of removed operations (default: import day).
      --sunset-on <YYYY-MM-DD>      Support end where x-sunset is missing, and of removed operations.
      --check                       Write nothing; exit 1 when the config is out of date (for CI).
      --verbose                     List every skipped $ref to a remote file, and every problem past the first 20 (by default counts).
  -h, --help                        Show this help.

Exit codes: 0 written (with --check: up to date), 1 with --check: out of date, 2 usage, config or
description error.
`);
  });

  it.each([
    [[], 'Missing what to import: use `sunset import openapi <spec>` (see `sunset import openapi --help`).'],
    [['swagger', 'x.yaml'], 'Unknown import source "swagger": use `sunset import openapi <spec>` (see `sunset import openapi --help`).'],
    [['openapi'], 'Missing the OpenAPI description: `sunset import openapi <spec>` (a YAML or JSON file, or its URL).'],
    [['openapi', 'a.yaml', 'b.yaml'], 'Expected one OpenAPI description, got 2: a.yaml, b.yaml. Use --previous for an older version.'],
    [['openapi', 'users.yaml', '--sunset'], 'Unknown option --sunset for `sunset import openapi`. Allowed options: --previous, --out, --deprecated-on, --sunset-on, --check, --verbose, --help. Run `sunset import openapi --help` for details.'],
    [['openapi', 'users.yaml', '--out'], 'Option --out needs a value (FILE). Run `sunset import openapi --help` for details.'],
    [['openapi', 'users.yaml', '--deprecated-on', '2026-02-30'], 'Invalid value for --deprecated-on: "2026-02-30". Write a day on the calendar as YYYY-MM-DD (for example 2026-11-21).'],
    [['openapi', 'users.yaml', '--deprecated-on', '2026-05-01', '--sunset-on', '2026-04-01'], '--sunset-on (2026-04-01) must not be before --deprecated-on (2026-05-01).'],
    [['openapi', 'users.yaml', '--previous', 'old.yaml', '--sunset-on', '2026-04-01'], '--previous needs --deprecated-on: the operations removed since old.yaml carry no dates of their own.'],
    [['openapi', 'nowhere.yaml'], 'nowhere.yaml: cannot be read: there is no such file.'],
  ])('exits 2 on %j, naming the flag or file', async (argv, message) => {
    expect(await run(argv)).toEqual({ code: 2, stdout: '', stderr: `sunset: ${message}\n` });
  });

  it('exits 2 when the config is not JSON, and writes nothing', async () => {
    writeFileSync(path.join(dir, 'broken.json'), '{ "customEntries": [');
    const result = await run(['openapi', 'users.yaml', '--out', 'broken.json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^sunset: The config broken\.json is not valid JSON \(.+\); fix it or choose another file with --out\.\n$/);
    expect(readFileSync(path.join(dir, 'broken.json'), 'utf8')).toBe('{ "customEntries": [');
  });

  it('--out creates missing folders, and a write that fails names the file, never its temporary twin', async () => {
    const result = await run(['openapi', 'users.yaml', '--out', 'new/deeper/sunset.config.json']);
    expect([result.code, result.stdout]).toEqual([0, 'Wrote new/deeper/sunset.config.json: 1 entry from users.yaml (1 deprecated, 0 removed) for the API users-api on every host.\n']);
    expect(JSON.parse(readFileSync(path.join(dir, 'new/deeper/sunset.config.json'), 'utf8'))).toMatchObject({ customEntries: [{ id: 'list-users' }] });
    // The temporary file's place is taken by a folder: writing it fails.
    mkdirSync(path.join(dir, `clash/sunset.config.json.${process.pid}.tmp`), { recursive: true });
    const blocked = await run(['openapi', 'users.yaml', '--out', 'clash/sunset.config.json']);
    expect(blocked).toEqual({
      code: 2,
      stdout: '',
      stderr: `sunset: warning: users.yaml:1:1: #: names no server, so its paths are relative to wherever the description is served: apis.users-api.hosts is ["*"], every host.\nsunset: Cannot write the config clash/sunset.config.json: EISDIR: illegal operation on a directory, open '${path.join(dir, 'clash/sunset.config.json')}'. Choose another --out path.\n`,
    });
  });

  it('shows the first 20 problems of a description and counts the rest, unless --verbose', async () => {
    const paths = Array.from({ length: 23 }, (_, index) => `  /v1/items${index}:\n    get:\n      deprecated: true\n      x-sunset: soon\n      responses:\n        '200':\n          description: OK.\n`).join('');
    writeFileSync(path.join(dir, 'many.yaml'), `openapi: 3.0.3\ninfo:\n  title: Many\n  version: '1'\nservers:\n  - url: https://api.many.example\npaths:\n${paths}`);
    const problem = (index: number): string =>
      `sunset: many.yaml:${11 + index * 7}:7: #/paths/~1v1~1items${index}/get/x-sunset: "soon" is not a date; write YYYY-MM-DD (2026-06-30), an RFC 3339 date-time or an HTTP-date (Tue, 30 Jun 2026 00:00:00 GMT).\n`;
    const first20 = Array.from({ length: 20 }, (_, index) => problem(index)).join('');
    expect(await run(['openapi', 'many.yaml', '--out', 'many.json'])).toEqual({ code: 2, stdout: '', stderr: `${first20}sunset: … and 3 more problems (23 in all; --verbose lists every one).\n` });
    expect(await run(['openapi', 'many.yaml', '--out', 'many.json', '--verbose'])).toEqual({ code: 2, stdout: '', stderr: `${first20}${problem(20)}${problem(21)}${problem(22)}` });
  });

  it('--check does not call the config up to date when another description\'s entries stand for every operation', async () => {
    await run(['openapi', 'users.yaml', '--out', 'renamed.json']);
    writeFileSync(path.join(dir, 'users-v2.yaml'), readFileSync(path.join(dir, 'users.yaml'), 'utf8').replace('x-sunset: 2027-01-31', 'x-sunset: 2027-01-31\n      x-successor: GET /v2/users').concat("  /v2/users:\n    get:\n      responses:\n        '200':\n          description: OK.\n"));
    const before = readFileSync(path.join(dir, 'renamed.json'), 'utf8');
    expect(await run(['openapi', 'users-v2.yaml', '--out', 'renamed.json', '--check'])).toEqual({
      code: 1,
      stdout:
        'renamed.json is not checked against users-v2.yaml: none of its operations is imported, because entries another description gave retire the same calls (list-users). ' +
        "If it is a new version of that description, import it under the name it was imported from (the entries' service label names it), or remove those entries and import it.\n",
      stderr:
        'sunset: warning: users-v2.yaml:7:5: #/paths/~1v1~1users/get: is not imported: the entry "list-users" of renamed.json already retires GET /v1/users, and it is kept.\n',
    });
    expect(readFileSync(path.join(dir, 'renamed.json'), 'utf8')).toBe(before);
  });
});
