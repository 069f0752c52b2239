import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npx @sunset/codemod` is packages/codemod/dist/bin.js: it is built first (with the packages it
// imports), then run as a child process, as a user would, in a temp folder outside any git work tree.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const bin = path.join(repoRoot, 'packages/codemod/dist/bin.js');

const files: Readonly<Record<string, string>> = {
  'src/campaigns.js': [
    "import axios from 'axios';",
    '',
    "export const list = () => axios.get('/v1/campaigns');",
    'export function pause(ids) {',
    "  return axios.patch('/v1/campaigns', { ids, status: 'paused' });",
    '}',
    '',
  ].join('\n'),
  'src/clean.ts': "export const list = () => fetch('/v1/buyer/campaigns');\n",
  'README.md': "fetch('/v1/campaigns')\n",
};

let root: string;

beforeAll(() => {
  const build = spawnSync('npx', ['tsc', '-b', 'packages/codemod'], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npx tsc -b packages/codemod failed:\n${build.stdout}${build.stderr}`);
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'sunset-codemod-bin-')));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

function runBin(args: readonly string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function readTree(): Record<string, string> {
  return Object.fromEntries(Object.keys(files).map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));
}

describe('npx @sunset/codemod (packages/codemod/dist/bin.js)', () => {
  it('prints the per-site report with --dry --format json and writes nothing', () => {
    const result = runBin(['--dry', '--format', 'json', '--as-of', '2026-11-21']);
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect(JSON.parse(result.stdout)).toStrictEqual({
      sites: [
        {
          file: 'src/campaigns.js',
          line: 3,
          column: 37,
          entry: 'campaigns-legacy-list',
          retired: 'GET /v1/campaigns',
          action: 'rewritten',
          reason: 'GET /v1/campaigns → GET /v1/buyer/campaigns',
        },
        {
          file: 'src/campaigns.js',
          line: 5,
          column: 22,
          entry: 'campaigns-legacy-status',
          retired: 'PATCH /v1/campaigns',
          action: 'todo',
          reason: 'the new endpoint changes one campaign per call: it needs the campaign id in the path',
        },
      ],
      changedFiles: ['src/campaigns.js'],
      errors: [],
      notScanned: [],
      summary: { files: 2, candidates: 1, changed: 1, written: 0, notWritten: 0, rewritten: 1, todo: 1, skipped: 0, errors: 0, dry: true, interrupted: false, notScanned: { unreadable: 0, tooLarge: 0, minified: 0, unscannedExtension: 0, excludedByConfig: 0, invalidPackageJson: 0, symbolicLink: 0, nodeModules: 0, gitFolder: 0 } },
    });
    expect(readTree()).toEqual(files);
  });

  it('exits 2 naming an unknown flag, and writes nothing', () => {
    const result = runBin(['--dyr', '--as-of', '2026-11-21']);
    expect([result.code, result.stdout]).toEqual([2, '']);
    // The middle of the sentence is node's own parseArgs text (it varies between node versions).
    expect(result.stderr).toBe(
      'sunset-codemod: Unknown option --dyr. Allowed options: --dry, --print, --force, --format, --fail-on-todo, --config, --as-of, --api-host, --identity-host, --help. Run `npx @sunset/codemod --help` for details.\n',
    );
    expect(readTree()).toEqual(files);
  });

  it('exits 2 naming a flag value outside the allowed ones', () => {
    expect(runBin(['--dry', '--format', 'xml'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'sunset-codemod: Invalid value for --format: "xml". Allowed: human, json.\n',
    });
  });
});
