import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImportOpenApi, type ImportOpenApiIo } from '@sunset/openapi';
import { locateJsonPointers } from '../src/description/json-locator.js';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sunset-openapi-limits-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: readonly string[], limits?: ImportOpenApiIo['limits']): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runImportOpenApi(argv, {
    cwd: dir,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    now: () => new Date('2026-11-01T12:00:00Z'),
    ...(limits === undefined ? {} : { limits }),
  });
  return { code, stdout, stderr };
}

/** A "billion laughs": each level is nine aliases of the one before, `levels` deep (9^levels strings). */
function aliasBomb(levels: number): string {
  const lines = ["openapi: 3.0.3\ninfo:\n  title: Bomb\n  version: '1'\npaths: {}\nx-lol:", '  l0: &l0 "lol"'];
  for (let level = 1; level <= levels; level++) lines.push(`  l${level}: &l${level} [${Array.from({ length: 9 }, () => `*l${level - 1}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

describe('limits on what a description may cost', () => {
  it('stops at the YAML alias limit of a "billion laughs" with exit 2, before expanding it', async () => {
    const bomb = aliasBomb(12);
    expect(bomb.length).toBeLessThan(1000);
    writeFileSync(path.join(dir, 'bomb.yaml'), bomb);
    expect(await run(['openapi', 'bomb.yaml'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'sunset: bomb.yaml: uses YAML aliases (*name) that would expand to more than 10000 copies, which is how a "billion laughs" file exhausts memory; Sunset stops reading it. Write the repeated parts out, or use $ref.\n',
    });
  });

  it('reads a description that uses an anchor many times', async () => {
    const uses = Array.from({ length: 300 }, (_, index) => `  /v1/things/n${index}:\n    get: *listing`).join('\n');
    writeFileSync(
      path.join(dir, 'anchors.yaml'),
      `openapi: 3.0.3\ninfo:\n  title: Anchors\n  version: '1'\nservers:\n  - url: https://api.anchors.example\nx-templates:\n  listing: &listing\n    deprecated: true\n    responses:\n      '200':\n        description: OK.\npaths:\n${uses}\n`,
    );
    const result = await run(['openapi', 'anchors.yaml', '--out', 'anchors.json']);
    expect([result.code, result.stdout]).toEqual([0, 'Wrote anchors.json: 300 entries from anchors.yaml (300 deprecated, 0 removed) for the API anchors on api.anchors.example.\n']);
  });

  it('refuses a file over the size limit with a sentence that says what to do', async () => {
    writeFileSync(path.join(dir, 'large.json'), JSON.stringify({ openapi: '3.0.3', info: { title: 'Large', version: '1' }, paths: {}, 'x-padding': 'x'.repeat(2000) }));
    expect(await run(['openapi', 'large.json'], { maxBytes: 1000 })).toEqual({
      code: 2,
      stdout: '',
      stderr: "sunset: large.json: cannot be read: it is larger than Sunset's limit of 1000 bytes per description file (2084 bytes); split it, or import the part with the deprecated operations.\n",
    });
  });

  it('names the line and column of a syntax error', async () => {
    writeFileSync(path.join(dir, 'broken.json'), '{\n  "openapi": "3.0.3",\n  "paths": {,}\n}\n');
    const result = await run(['openapi', 'broken.json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^sunset: broken\.json:3:13: is not valid JSON: .+\n$/);
  });
});

describe('locateJsonPointers', () => {
  it('finds keys, array items and the deepest member of a pointer that does not exist, in one pass', () => {
    const text = '{\n  "a": {"b~c": [1, {"d/e": "x\\"y"}],\n    "s": "{not [an] object}"},\n  "z": true\n}';
    expect(Object.fromEntries(locateJsonPointers(text, ['#/a/b~0c/1/d~1e', '#/a/s', '#/z', '#/a/missing/deeper', '#']))).toEqual({
      '#/a/b~0c/1/d~1e': { line: 2, column: 21 },
      '#/a/s': { line: 3, column: 5 },
      '#/z': { line: 4, column: 3 },
      '#/a/missing/deeper': { line: 2, column: 3 },
      '#': { line: 1, column: 1 },
    });
  });
});
