import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eslintWithPlugin } from './support/eslint-with-plugin.js';
import { codemodBin, ensureBuilt, initGitRepo, makeTempDir, parseJson, runNode, runSunset, type RunResult } from './support/cli.js';
import type { Finding as JsonFinding } from '@sunset/cli';

// `sunset check <file>` and `sunset fix <file>`, as a pre-commit hook or lint-staged runs them on the
// staged files: a named file is resolved as a check of the working directory resolves it (what it
// imports by relative path or alias is read for its values), and only the named files are reported
// or changed. ESLint with the plugin, linting the same file, reads the same imports: the findings agree.

const asOf = '2026-11-27';

interface JsonReport {
  readonly findings: readonly JsonFinding[];
  readonly errors: readonly { readonly file: string; readonly line?: number; readonly message: string }[];
  readonly summary: { readonly files: number };
}

/** `file:line:column rule message`, and ` <- file:line:column: message` for each related place in another file. */
const describeFinding = (finding: JsonFinding): string =>
  `${finding.file}:${finding.line}:${finding.column} ${finding.rule} ${finding.message}${(finding.related ?? [])
    .filter((related) => related.file !== undefined)
    .map((related) => ` <- ${related.file!}:${related.line}:${related.column}: ${related.message}`)
    .join('')}`;

async function check(cwd: string, paths: readonly string[]): Promise<{ result: RunResult; findings: string[]; report: JsonReport }> {
  const result = await runSunset(['check', ...paths, '--as-of', asOf, '--format', 'json'], { cwd });
  const report = parseJson<JsonReport>(result);
  return { result, findings: report.findings.map(describeFinding), report };
}

/** ESLint's findings on the named files, as `file:line:column rule message`. */
async function eslint(cwd: string, files: readonly string[]): Promise<string[]> {
  const results = await eslintWithPlugin(cwd, asOf).lintFiles([...files]);
  return results.flatMap((result) => result.messages.map((message) => `${path.relative(cwd, result.filePath)}:${message.line}:${message.column} ${message.ruleId ?? ''} ${message.message}`));
}

/** The findings without their related places: what ESLint reports of them. */
const withoutRelated = (findings: readonly string[]): string[] => findings.map((finding) => finding.replace(/ <- .*$/, ''));

let root = '';
let cleanup: () => Promise<void> = () => Promise.resolve();
let count = 0;

/** A fresh project holding `files` (a package.json at its root). */
async function project(files: Readonly<Record<string, string>>): Promise<string> {
  const dir = path.join(root, `p${(count += 1)}`);
  for (const [file, text] of Object.entries({ 'package.json': '{}\n', ...files })) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

const campaignsPath = "export const CAMPAIGNS = '/v1/campaigns';\n";
const listing = (specifier: string): string => `import { CAMPAIGNS } from '${specifier}';\nexport async function list() {\n  return fetch(\`https://api.adform.com\${CAMPAIGNS}\`);\n}\n`;
const listMessage = 'sunset/no-legacy-rest-path GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns; this call needs a manual migration.';
const declarationMessage =
  'sunset/no-legacy-rest-path /v1/campaigns (GET or PATCH) is retired (support ended 2019-10-01): use one of GET /v1/buyer/campaigns or PUT /v1/buyer/campaigns/{id}/status; this call needs a manual migration.';

beforeAll(async () => {
  await ensureBuilt();
  ({ dir: root, cleanup } = await makeTempDir('named-files'));
});
afterAll(() => cleanup());

describe('sunset check <file>: a named file is resolved as a check of the working directory resolves it', () => {
  it.each([
    ['a relative path', { 'src/api/paths.ts': campaignsPath, 'src/list.ts': listing('./api/paths') }, 'src/list.ts', 'src/api/paths.ts'],
    ['a path up a folder (..)', { 'src/api/paths.ts': campaignsPath, 'src/features/list.ts': listing('../api/paths') }, 'src/features/list.ts', 'src/api/paths.ts'],
    ["a folder's index", { 'src/api/index.ts': campaignsPath, 'src/list.ts': listing('./api') }, 'src/list.ts', 'src/api/index.ts'],
    [
      'a tsconfig paths alias',
      { 'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@api/*": ["src/api/*"] } } }\n', 'src/api/paths.ts': campaignsPath, 'src/list.ts': listing('@api/paths') },
      'src/list.ts',
      'src/api/paths.ts',
    ],
  ])('reports the request that reads a constant imported by %s, at the request only, as a check of the folder does and ESLint does', async (_how, files, named, declaredIn) => {
    const dir = await project(files);
    const expected = [`${named}:3:16 ${listMessage} <- ${declaredIn}:1:26: The value is declared here as CAMPAIGNS.`];

    const one = await check(dir, [named]);

    expect(one.findings).toEqual(expected);
    expect(one.report.errors).toEqual([]);
    expect(one.report.summary.files).toBe(1);
    expect(one.result.code).toBe(1);
    expect(one.result.stderr).toBe('');
    // The whole folder: the same finding, the declaration consumed by it.
    expect((await check(dir, ['src'])).findings).toEqual(expected);
    expect(await eslint(dir, [named])).toEqual(withoutRelated(expected));
  });

  it('calls the request a rewrite when the declaration, in a file not named, is the one-to-one rewrite it needs (as ESLint does)', async () => {
    const dir = await project({
      'src/api/paths.ts': "export const MANAGERS_PATH = '/v1/campaigns/dictionaries/managers';\n",
      'src/managers.ts': "import axios from 'axios';\nimport { MANAGERS_PATH } from './api/paths';\n\nexport const listManagers = () => axios.get(MANAGERS_PATH);\n",
    });
    const one = await check(dir, ['src/managers.ts']);
    expect(one.findings).toEqual([
      'src/managers.ts:4:45 sunset/no-legacy-rest-path GET /v1/campaigns/dictionaries/managers is retired (support ended 2019-10-01): use GET /v1/buyer/classifiers/managers. <- src/api/paths.ts:1:30: The value is declared here as MANAGERS_PATH; sunset fix rewrites it here.',
    ]);
    expect(one.report.findings.map((finding) => finding.fix)).toEqual(['rewrite']);
    expect(await eslint(dir, ['src/managers.ts'])).toEqual(withoutRelated(one.findings));
  });

  it('reports the declaration where it is written when its file is named alone, as ESLint does', async () => {
    const dir = await project({ 'src/api/paths.ts': campaignsPath, 'src/list.ts': listing('./api/paths') });
    const one = await check(dir, ['src/api/paths.ts']);
    expect(one.findings).toEqual([`src/api/paths.ts:1:26 ${declarationMessage}`]);
    expect(one.result.code).toBe(1);
    expect(await eslint(dir, ['src/api/paths.ts'])).toEqual(one.findings);
  });

  it('reports each request once when two named files import each other, and neither declaration; one of them named, its own declaration too', async () => {
    const dir = await project({
      'src/a.ts': "import { CLIENTS } from './b';\nexport const MANAGERS = '/v1/campaigns/dictionaries/managers';\nexport const clients = () => fetch(CLIENTS);\n",
      'src/b.ts': "import { MANAGERS } from './a';\nexport const CLIENTS = '/v1/campaigns/dictionaries/clients';\nexport const managers = () => fetch(MANAGERS);\n",
    });
    const expected = [
      'src/a.ts:3:36 sunset/no-legacy-rest-path GET /v1/campaigns/dictionaries/clients is retired (support ended 2019-10-01): use GET /v1/buyer/advertisers. <- src/b.ts:2:24: The value is declared here as CLIENTS; sunset fix rewrites it here.',
      'src/b.ts:3:37 sunset/no-legacy-rest-path GET /v1/campaigns/dictionaries/managers is retired (support ended 2019-10-01): use GET /v1/buyer/classifiers/managers. <- src/a.ts:2:25: The value is declared here as MANAGERS; sunset fix rewrites it here.',
    ];
    expect((await check(dir, ['src/a.ts', 'src/b.ts'])).findings).toEqual(expected);
    expect((await check(dir, ['src'])).findings).toEqual(expected);
    // One of them named: its request, and its declaration, which only the file not named reads (as ESLint reports them).
    const one = await check(dir, ['src/b.ts']);
    expect(one.findings).toEqual(['src/b.ts:2:24 sunset/no-legacy-rest-path /v1/campaigns/dictionaries/clients is retired (support ended 2019-10-01): use GET /v1/buyer/advertisers.', expected[1]]);
    expect(await eslint(dir, ['src/b.ts'])).toEqual(withoutRelated(one.findings));
  });

  it('reports a request once when its file is named and so is its folder', async () => {
    const dir = await project({ 'src/api/paths.ts': campaignsPath, 'src/list.ts': listing('./api/paths') });
    const both = await check(dir, ['src', 'src/list.ts']);
    expect(both.findings).toEqual([`src/list.ts:3:16 ${listMessage} <- src/api/paths.ts:1:26: The value is declared here as CAMPAIGNS.`]);
    expect(both.report.summary.files).toBe(2);
  });

  it('keeps the named file’s own findings when an import does not exist or does not parse, and lists no error for the file not named', async () => {
    const direct = "export const clients = () => fetch('/v1/campaigns/dictionaries/clients');\n";
    const dir = await project({
      'src/broken.ts': "export const CAMPAIGNS = '/v1/campaigns';\nexport const = ;\n",
      'src/list.ts': `import { CAMPAIGNS } from './broken';\nimport { MANAGERS } from './missing';\n${direct}export const list = () => fetch(CAMPAIGNS);\nexport const managers = () => fetch(MANAGERS);\n`,
    });
    const expected = ['src/list.ts:3:36 sunset/no-legacy-rest-path GET /v1/campaigns/dictionaries/clients is retired (support ended 2019-10-01): use GET /v1/buyer/advertisers.'];

    const one = await check(dir, ['src/list.ts']);

    expect(one.findings).toEqual(expected);
    expect(one.report.errors).toEqual([]);
    expect(one.result.code).toBe(1);
    expect(one.result.stderr).toBe('');
    expect(await eslint(dir, ['src/list.ts'])).toEqual(expected);
    // The folder checks the broken file too, and says it could not.
    const folder = await check(dir, ['src']);
    expect(folder.findings).toEqual(expected);
    expect(folder.report.errors.map((error) => error.file)).toEqual(['src/broken.ts']);
  });

  it('finds nothing where a named file imports a retired constant it sends in no request, or a look-alike path it does send', async () => {
    const dir = await project({
      'src/api/paths.ts': `${campaignsPath}export const ARCHIVE = '/v1/campaignsArchive';\n`,
      'src/server.ts':
        "import express from 'express';\nimport { ARCHIVE, CAMPAIGNS } from './api/paths';\nconst router = express.Router();\nrouter.get(CAMPAIGNS, (_req, res) => res.end());\nconsole.log(`calling ${CAMPAIGNS}`);\nexport const archive = () => fetch(`https://api.adform.com${ARCHIVE}`);\n",
    });
    const one = await check(dir, ['src/server.ts']);
    expect(one.findings).toEqual([]);
    expect(one.result.code).toBe(0);
    expect(await eslint(dir, ['src/server.ts'])).toEqual([]);
    // The declaration is the declaring file's, reported when that file is checked (no request reads it).
    expect((await check(dir, ['src'])).findings).toEqual([`src/api/paths.ts:1:26 ${declarationMessage}`]);
  });

  it("follows imports within the named file's config scope only, as a check of the working directory does (a nested config)", async () => {
    const dir = await project({
      'packages/app/sunset.config.json': '{}\n',
      'packages/app/src/api/paths.ts': campaignsPath,
      'packages/app/src/list.ts': listing('./api/paths'),
      'shared/paths.ts': "export const CLIENTS = '/v1/campaigns/dictionaries/clients';\n",
      'packages/app/src/clients.ts': "import { CLIENTS } from '../../../shared/paths';\nexport const clients = () => fetch(CLIENTS);\n",
    });
    const request = `packages/app/src/list.ts:3:16 ${listMessage} <- packages/app/src/api/paths.ts:1:26: The value is declared here as CAMPAIGNS.`;
    const named = await check(dir, ['packages/app/src/list.ts', 'packages/app/src/clients.ts']);
    expect(named.findings).toEqual([request]);
    // The whole tree: the app's config scope walks packages/app, so clients.ts does not read shared/ either.
    expect((await check(dir, ['.'])).findings).toEqual([request, 'shared/paths.ts:1:24 sunset/no-legacy-rest-path /v1/campaigns/dictionaries/clients is retired (support ended 2019-10-01): use GET /v1/buyer/advertisers.']);
  });

  it('resolves a file named outside the working directory as a check of its repository does (its .gitignore too), and fix leaves the TODO there', async () => {
    const dir = await project({ 'src/api/paths.ts': campaignsPath, 'src/features/list.ts': listing('../api/paths'), 'lib/ignored/paths.ts': campaignsPath, 'src/other.ts': listing('../lib/ignored/paths') });
    await writeFile(path.join(dir, '.gitignore'), 'lib/ignored/\n');
    initGitRepo(dir);
    const elsewhere = await project({});
    const name = path.basename(dir);
    const outside = await check(elsewhere, [`../${name}/src/features/list.ts`, `../${name}/src/other.ts`]);
    expect(outside.findings).toEqual([`../${name}/src/features/list.ts:3:16 ${listMessage} <- ../${name}/src/api/paths.ts:1:26: The value is declared here as CAMPAIGNS.`]);
    expect(outside.report.summary.files).toBe(2);
    // The same as a check of the repository itself: what its .gitignore leaves out offers no value.
    expect((await check(dir, ['src/features/list.ts', 'src/other.ts'])).findings).toEqual([
      `src/features/list.ts:3:16 ${listMessage} <- src/api/paths.ts:1:26: The value is declared here as CAMPAIGNS.`,
    ]);
    const fixed = await runSunset(['fix', `../${name}/src/features/list.ts`, '--as-of', asOf], { cwd: elsewhere });
    expect([fixed.code, fixed.stdout.split('\n').at(-2)]).toEqual([
      0,
      `  ../${name}/src/features/list.ts:3:16  todo  campaigns-legacy-list  the path is written in another file (CAMPAIGNS of ../${name}/src/api/paths.ts); sunset fix --project rewrites it there when every use is the same one-to-one migration`,
    ]);
    expect(await readFile(path.join(dir, 'src/features/list.ts'), 'utf8')).toContain('  // TODO(sunset:campaigns-legacy-list): replace GET /v1/campaigns');
    expect(await readFile(path.join(dir, 'src/api/paths.ts'), 'utf8')).toBe(campaignsPath);
  });

  it('reads no import that a check of the working directory leaves out (the config’s ignores)', async () => {
    const dir = await project({ 'sunset.config.json': '{ "ignores": ["src/api/"] }\n', 'src/api/paths.ts': campaignsPath, 'src/list.ts': listing('./api/paths') });
    expect((await check(dir, ['src/list.ts'])).findings).toEqual([]);
    expect((await check(dir, ['.'])).findings).toEqual([]);
  });
});

describe('sunset fix <file>: only the named files change', () => {
  const fixed = async (dir: string, paths: readonly string[]): Promise<RunResult> => runSunset(['fix', ...paths, '--as-of', asOf], { cwd: dir });

  it('leaves a TODO at the request that reads a constant of a file not named, and leaves that file byte-identical', async () => {
    const dir = await project({ 'src/api/paths.ts': campaignsPath, 'src/list.ts': listing('./api/paths') });
    initGitRepo(dir);
    const result = await fixed(dir, ['src/list.ts']);
    expect(result.code).toBe(0);
    expect(await readFile(path.join(dir, 'src/list.ts'), 'utf8')).toBe(
      "import { CAMPAIGNS } from './api/paths';\nexport async function list() {\n" +
        '  // TODO(sunset:campaigns-legacy-list): replace GET /v1/campaigns with GET /v1/buyer/campaigns\n  //   support ended 2019-10-01\n  //   the path is CAMPAIGNS of ./api/paths.ts\n' +
        '  return fetch(`https://api.adform.com${CAMPAIGNS}`);\n}\n',
    );
    expect(await readFile(path.join(dir, 'src/api/paths.ts'), 'utf8')).toBe(campaignsPath);
    expect(result.stdout).toBe(
      '1 file scanned, 1 candidate, 1 changed.\n0 sites rewritten, 1 left with a TODO, 0 skipped.\n\nSites a person must finish:\n' +
        '  src/list.ts:3:16  todo  campaigns-legacy-list  the path is written in another file (CAMPAIGNS of src/api/paths.ts); sunset fix --project rewrites it there when every use is the same one-to-one migration\n',
    );
  });

  it('npx @sunset/codemod <file> does the same', async () => {
    const dir = await project({ 'src/api/paths.ts': campaignsPath, 'src/list.ts': listing('./api/paths') });
    initGitRepo(dir);
    const viaSunset = await project({ 'src/api/paths.ts': campaignsPath, 'src/list.ts': listing('./api/paths') });
    initGitRepo(viaSunset);
    expect((await runNode(codemodBin, ['src/list.ts', '--as-of', asOf], { cwd: dir })).code).toBe(0);
    expect((await fixed(viaSunset, ['src/list.ts'])).code).toBe(0);
    expect(await readFile(path.join(dir, 'src/list.ts'), 'utf8')).toBe(await readFile(path.join(viaSunset, 'src/list.ts'), 'utf8'));
    expect(await readFile(path.join(dir, 'src/list.ts'), 'utf8')).toContain('// TODO(sunset:campaigns-legacy-list):');
    expect(await readFile(path.join(dir, 'src/api/paths.ts'), 'utf8')).toBe(campaignsPath);
  });

  it('never rewrites a one-to-one constant in a file not named; named with it, that file is rewritten and the request left alone', async () => {
    const paths = "export const MANAGERS_PATH = '/v1/campaigns/dictionaries/managers';\n";
    const managers = "import axios from 'axios';\nimport { MANAGERS_PATH } from './api/paths';\n\nexport const listManagers = () => axios.get(MANAGERS_PATH);\n";
    const dir = await project({ 'src/api/paths.ts': paths, 'src/managers.ts': managers });
    initGitRepo(dir);

    expect((await fixed(dir, ['src/managers.ts'])).code).toBe(0);
    expect(await readFile(path.join(dir, 'src/api/paths.ts'), 'utf8')).toBe(paths);
    expect(await readFile(path.join(dir, 'src/managers.ts'), 'utf8')).toBe(
      "import axios from 'axios';\nimport { MANAGERS_PATH } from './api/paths';\n\n" +
        '// TODO(sunset:campaign-dictionary-managers): replace GET /v1/campaigns/dictionaries/managers\n//     with GET /v1/buyer/classifiers/managers\n//   support ended 2019-10-01\n//   the path is MANAGERS_PATH of ./api/paths.ts\n' +
        'export const listManagers = () => axios.get(MANAGERS_PATH);\n',
    );

    const other = await project({ 'src/api/paths.ts': paths, 'src/managers.ts': managers });
    initGitRepo(other);
    expect((await fixed(other, ['src/managers.ts', 'src/api/paths.ts'])).code).toBe(0);
    expect(await readFile(path.join(other, 'src/api/paths.ts'), 'utf8')).toBe("export const MANAGERS_PATH = '/v1/buyer/classifiers/managers';\n");
    expect(await readFile(path.join(other, 'src/managers.ts'), 'utf8')).toBe(managers);
  });
});
