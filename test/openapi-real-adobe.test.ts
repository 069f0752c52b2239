import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImportOpenApi } from '@sunset/openapi';

// Issue 22: a real description whose `$ref`s lead nowhere, as its vendor published it
// (fixtures/openapi/real/adobe-customer-profile, Adobe's Real-time Customer Profile API from npm's
// @adobe/aio-lib-customer-profile 3.0.2: 126 parameter $refs name two header parameters the file
// lacks). It imports with one warning per missing component; the macros endpoint that Adobe
// deprecates in prose is in the client's hand-written config, which the import keeps, and
// `sunset check` over the client (fixtures/openapi/real/adobe-customer-profile-client) finds
// exactly its calls of it.

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const realDir = path.join(repoRoot, 'fixtures/openapi/real/adobe-customer-profile');
const clientDir = path.join(repoRoot, 'fixtures/openapi/real/adobe-customer-profile-client');
const bin = path.join(repoRoot, 'packages/cli/dist/bin.js');
const spec = 'api.json';
const missing = ['authorization', 'x-api-key'];

interface Finding {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly rule: string;
  readonly entry: string;
}

let work = '';
let imported: { code: number; stdout: string; stderr: string };
beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'sunset-openapi-adobe-'));
  cpSync(path.join(realDir, spec), path.join(work, spec));
  cpSync(path.join(clientDir, 'sunset.config.json'), path.join(work, 'sunset.config.json'));
  let stdout = '';
  let stderr = '';
  const code = await runImportOpenApi(['openapi', spec], {
    cwd: work,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    now: () => new Date('2026-11-01T09:30:00Z'),
  });
  imported = { code, stdout, stderr };
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const escapePointer = (token: string | number): string => String(token).replaceAll('~', '~0').replaceAll('/', '~1');

/** The pointers of the `$ref` members naming `#/components/parameters/<name>`, in the order the file writes them. */
function refsTo(name: string, value: unknown, pointer = '#'): string[] {
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  if (record['$ref'] === `#/components/parameters/${name}`) return [`${pointer}/$ref`];
  return Object.entries(record).flatMap(([key, child]) => refsTo(name, child, `${pointer}/${escapePointer(key)}`));
}

/** Line and column of every `"$ref": "#/components/parameters/<name>"` in the text, found without Sunset's locator. */
function placesOf(name: string, text: string): string[] {
  const places: string[] = [];
  for (const match of text.matchAll(new RegExp(`"\\$ref": "#/components/parameters/${name}"`, 'g'))) {
    const before = text.slice(0, match.index);
    places.push(`${before.split('\n').length}:${match.index - before.lastIndexOf('\n')}`);
  }
  return places;
}

function check(): { findings: Finding[]; otherHosts: number } {
  const run = spawnSync(process.execPath, [bin, 'check', path.relative(repoRoot, clientDir), '--config', path.join(work, 'sunset.config.json'), '--format', 'json'], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  // look-alikes.ts calls another platform's host: left out, and the run says so once.
  expect(run.stderr).toBe(
    "Hint: 1 request to a retired path or operation names a host that is not its API's, so it was not reported. " +
      'If a proxy or gateway of yours serves the API, add its host to apiHosts (or to the API under apis); "apiHosts": ["*"] checks every host.\n' +
      '  In fixtures/openapi/real/adobe-customer-profile-client/src/look-alikes.ts (1); --format json lists them (otherHostsByFile).\n',
  );
  expect(run.status).toBe(1);
  const report = JSON.parse(run.stdout) as { findings: Finding[]; otherHosts: number };
  return { findings: report.findings.map(({ file, line, column, rule, entry }) => ({ file: path.basename(file), line, column, rule, entry })), otherHosts: report.otherHosts };
}

describe("a real description with $refs that lead nowhere: Adobe's Real-time Customer Profile API, @adobe/aio-lib-customer-profile 3.0.2 (fixtures/openapi/real/adobe-customer-profile)", () => {
  it('keeps the description and its licence byte for byte as the package ships them: the SHA-256 its README records', () => {
    const readme = readFileSync(path.join(realDir, 'README.md'), 'utf8');
    const sha256 = (file: string): string => createHash('sha256').update(readFileSync(path.join(realDir, file))).digest('hex');
    expect(sha256(spec)).toBe(/SHA-256 of the file \| `([0-9a-f]{64})`/.exec(readme)?.[1]);
    expect(sha256('LICENSE')).toBe(/kept here byte for byte as `LICENSE`, SHA-256 `([0-9a-f]{64})`/.exec(readme)?.[1]);
  });

  it('imports it: the 126 parameter $refs to the two missing header parameters are skipped, one warning per parameter, each listing its 63 $refs', () => {
    const text = readFileSync(path.join(realDir, spec), 'utf8');
    const description = JSON.parse(text) as unknown;
    const warnings = missing.map((name) => {
      const pointers = refsTo(name, description);
      const places = placesOf(name, text);
      expect([pointers.length, places.length]).toEqual([63, 63]);
      return [
        `sunset: warning: api.json: api.json#/components/parameters/${name} does not exist: there is no #/components/parameters/${name} in api.json. Sunset does not need it, so the 63 $refs that name it are skipped:`,
        ...pointers.map((pointer, index) => `  api.json:${places[index]!}: ${pointer}`),
      ].join('\n');
    });
    expect(imported).toEqual({
      code: 0,
      stdout: 'sunset.config.json is up to date: 0 entries from api.json (0 deprecated, 0 removed); 6 other entries kept.\n',
      stderr: warnings.map((warning) => `${warning}\n`).join(''),
    });
    // The first $ref of each warning, as a reader finds it in the file.
    expect(imported.stderr).toContain('\n  api.json:81:13: #/paths/~1config~1computedAttributes/get/parameters/0/$ref\n');
    expect(imported.stderr).toContain('\n  api.json:84:13: #/paths/~1config~1computedAttributes/get/parameters/1/$ref\n');
  });

  it('writes no entry (Adobe marks no operation deprecated) and keeps the hand-written API and entries of the macros endpoint byte for byte', () => {
    expect(readFileSync(path.join(work, 'sunset.config.json'), 'utf8')).toBe(readFileSync(path.join(clientDir, 'sunset.config.json'), 'utf8'));
  });

  // macros.ts: fetch with a constant base, an axios instance with baseURL, fetch with the full URL
  // and method PUT, and a base the code does not show. Not found: every call in look-alikes.ts
  // (merge policies and computed attributes of the same API, a path one segment below a macro,
  // another service's base path on platform.adobe.io, another host).
  it('sunset check over a client of it finds exactly its six calls of the macros endpoint, not their look-alikes', () => {
    const rule = 'sunset/no-legacy-rest-path';
    expect(check()).toEqual({
      findings: [
        { file: 'macros.ts', line: 19, column: 32, rule, entry: 'adobe-list-macros' },
        { file: 'macros.ts', line: 26, column: 37, rule, entry: 'adobe-create-macro' },
        { file: 'macros.ts', line: 30, column: 36, rule, entry: 'adobe-get-macro' },
        { file: 'macros.ts', line: 34, column: 15, rule, entry: 'adobe-replace-macro' },
        { file: 'macros.ts', line: 38, column: 23, rule, entry: 'adobe-update-macro' },
        { file: 'macros.ts', line: 43, column: 22, rule, entry: 'adobe-delete-macro' },
      ],
      otherHosts: 1,
    });
  });
});
