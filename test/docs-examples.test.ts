import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolveOptions } from '@sunset/config';
import { fixSource } from '@sunset/engine';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eslintWithPlugin } from './support/eslint-with-plugin.js';
import fg from 'fast-glob';
import { parse as parseYaml } from 'yaml';
import { ensureBuilt, git, initGitRepo, makeTempDir, parseJson, repoRootPath, runSunset } from './support/cli.js';
import { fixtureAsOf } from './support/legacy-app.js';

// The examples the docs show are what the tools do: the README's `check` output and `fix --print`
// diff on fixtures/cli/small, and the table in docs/check-and-fix.md of what `sunset check` and ESLint
// with the plugin see of a constant imported from another file, run on its own two files.

const readDoc = (file: string): Promise<string> => readFile(repoRootPath(file), 'utf8');

/** The body of each fenced block of a language, in order. */
function codeBlocks(text: string, language: string): string[] {
  return [...text.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((match) => match[1]!);
}

beforeAll(ensureBuilt);

describe("the README's examples", () => {
  it('shows a part of what `sunset check` prints on fixtures/cli/small, as it prints it', async () => {
    const [sample] = codeBlocks(await readDoc('README.md'), 'text');
    const result = await runSunset(['check', '--as-of', fixtureAsOf], { cwd: repoRootPath('fixtures/cli/small'), env: { NO_COLOR: '1' } });
    expect(result.code).toBe(1);
    expect(result.stdout.startsWith(sample!)).toBe(true);
  });

  it('shows lines of the diff `sunset fix --dry --print` gives there', async () => {
    const [sample] = codeBlocks(await readDoc('README.md'), 'diff');
    const diff = await readFile(path.join(import.meta.dirname, '__snapshots__/cli-small.fix.diff'), 'utf8');
    const changed = sample!.split('\n').filter((line) => line !== '');
    expect(changed.map((line) => line[0])).toEqual(['-', '+']);
    expect(changed.filter((line) => !diff.split('\n').includes(line))).toEqual([]);
  });
});

describe('docs/check-and-fix.md: the TODO `fix` writes', () => {
  it('is what sunset fix writes above the example\'s statement', async () => {
    const page = await readDoc('docs/check-and-fix.md');
    const [sample] = codeBlocks(page.slice(page.indexOf('## `fix`')).replace(/^ {2}/gm, ''), 'ts');
    const input = sample!.split('\n').filter((line) => !line.trimStart().startsWith('//')).join('\n');
    expect(input).not.toBe(sample);
    expect(fixSource(input, 'labels.ts', resolveOptions([{ asOf: fixtureAsOf }])).output).toBe(sample);
  });
});

describe('docs/check-and-fix.md: values and clients from other files', () => {
  let dir = '';
  let cleanup: () => Promise<void> = () => Promise.resolve();
  /** The table's rows: the finding's place, and whether ESLint and `sunset check` report it ("yes …" or "—"). */
  let rows: { place: string; eslint: string; check: string }[] = [];

  beforeAll(async () => {
    ({ dir, cleanup } = await makeTempDir('docs-cross-file'));
    const page = await readDoc('docs/check-and-fix.md');
    const section = page.slice(page.indexOf('## Values and clients from other files'), page.indexOf('## `fix`'));
    for (const block of codeBlocks(section, 'ts')) {
      const file = /^\/\/ (\S+)\n/.exec(block)![1]!;
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), block);
    }
    rows = [...section.matchAll(/^\| `([^`]+)` [^|]*\| ([^|]+) \| ([^|]+) \|$/gm)].map((match) => ({ place: match[1]!, eslint: match[2]!.trim(), check: match[3]!.trim() }));
  });

  afterAll(() => cleanup());

  it('lists two findings: the declaration, seen by ESLint only, and the request, seen by both', () => {
    expect(rows.map((row) => [row.eslint.startsWith('yes'), row.check.startsWith('yes')])).toEqual([
      [true, false],
      [true, true],
    ]);
  });

  it('sunset check reports the request only, with the `see` line the table quotes', async () => {
    const json = await runSunset(['check', '--format', 'json', '--as-of', fixtureAsOf], { cwd: dir });
    const findings = parseJson<{ findings: { file: string; line: number; column: number; fix: string }[] }>(json).findings;
    expect(findings.map((finding) => `${finding.file}:${finding.line}:${finding.column}`)).toEqual(rows.filter((row) => row.check.startsWith('yes')).map((row) => row.place));
    // "a rewrite": sunset fix rewrites the declaration, which migrates the request.
    expect(findings.map((finding) => finding.fix)).toEqual(rows.filter((row) => row.check.startsWith('yes')).map((row) => (row.check.startsWith('yes, a rewrite') ? 'rewrite' : 'todo')));
    const stylish = await runSunset(['check', '--as-of', fixtureAsOf], { cwd: dir, env: { NO_COLOR: '1' } });
    const quoted = rows.flatMap((row) => [.../`(see [^`]+)`/.exec(row.check)?.slice(1) ?? []]);
    expect(quoted).toHaveLength(1);
    expect(stylish.stdout.split('\n').map((line) => line.trim())).toContain(quoted[0]);
  });

  it('ESLint with the plugin reports both, reading the imported file for the request', async () => {
    const results = await eslintWithPlugin(dir, fixtureAsOf).lintFiles(['src/**/*.ts']);
    const places = results.flatMap((result) => result.messages.map((message) => `${path.relative(dir, result.filePath)}:${message.line}:${message.column}`));
    expect(places).toEqual(rows.filter((row) => row.eslint.startsWith('yes')).map((row) => row.place));
  });
});

describe("docs/ci.md's pre-commit recipes", () => {
  let dir = '';
  let cleanup: () => Promise<void> = () => Promise.resolve();
  let section = '';

  beforeAll(async () => {
    ({ dir, cleanup } = await makeTempDir('docs-pre-commit'));
    const page = await readDoc('docs/ci.md');
    section = page.slice(page.indexOf('## Pre-commit: the staged files'), page.indexOf('## Adopting the gate'));
    await mkdir(path.join(dir, 'src/api'), { recursive: true });
    await writeFile(path.join(dir, 'package.json'), '{}\n');
    await writeFile(path.join(dir, 'README.md'), '# app\n');
    await writeFile(path.join(dir, 'src/api/paths.ts'), "export const CAMPAIGNS = '/v1/campaigns';\n");
    await writeFile(path.join(dir, 'src/list.ts'), 'export const list = () => [];\n');
    initGitRepo(dir);
    // The commit stages a request that reads the constant of a file it does not touch, and a README.
    await writeFile(path.join(dir, 'src/list.ts'), "import { CAMPAIGNS } from './api/paths';\nexport async function list() {\n  return fetch(`https://api.adform.com${CAMPAIGNS}`);\n}\n");
    await writeFile(path.join(dir, 'README.md'), '# app\n\nLists campaigns.\n');
    git(dir, ['add', '--all']);
  });

  afterAll(() => cleanup());

  const staged = (): string[] => git(dir, ['diff', '--cached', '--name-only']).split('\n').filter((file) => file !== '');
  /** The arguments after the `sunset` executable (`sunset`, `node_modules/.bin/sunset`) in a hook's command. */
  const sunsetArgs = (command: string): string[] => {
    const words = command.split(' ');
    return words.slice(words.findIndex((word) => path.basename(word) === 'sunset') + 1);
  };
  /** What `sunset check src` prints, but for the files it scanned: the hook's run must report the same finding. */
  const folderCheck = async (): Promise<string> => (await runSunset(['check', 'src'], { cwd: dir })).stdout.replace('(2 files scanned', '(1 file scanned');

  it('lint-staged: the command, given the staged files its glob matches as absolute paths, fails on the request', async () => {
    const config = (JSON.parse(codeBlocks(section, 'json')[0]!) as { 'lint-staged': Record<string, string> })['lint-staged'];
    const [[glob, command]] = Object.entries(config) as [[string, string]];
    // lint-staged matches a glob without a slash against the file's name, and passes absolute paths.
    const matching = new Set(fg.sync(glob, { cwd: dir, baseNameMatch: true }));
    const files = staged().filter((file) => matching.has(file));
    expect(files).toEqual(['src/list.ts']);
    const result = await runSunset([...sunsetArgs(command), ...files.map((file) => path.join(dir, file))], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('see src/api/paths.ts:1:26: The value is declared here as CAMPAIGNS.');
    expect(result.stdout).toBe(await folderCheck());
  });

  it('pre-commit: the entry, given the staged files its pattern matches as relative paths, fails on the request', async () => {
    const config = parseYaml(codeBlocks(section, 'yaml')[0]!) as { repos: { hooks: { entry: string; files: string; language: string }[] }[] };
    const hook = config.repos[0]!.hooks[0]!;
    expect(hook.language).toBe('system');
    const files = staged().filter((file) => new RegExp(hook.files).test(file));
    expect(files).toEqual(['src/list.ts']);
    const result = await runSunset([...sunsetArgs(hook.entry), ...files], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(await folderCheck());
  });
});

// Found in a trial (2026-11-27): the type-aware config set no parser, so ESLint read every .ts file as JavaScript.
describe.each([
  ['docs/editor.md', '## Type-aware mode'],
  ['packages/eslint-plugin/README.md', '### Type-aware mode'],
])('%s: the type-aware config', (doc, heading) => {
  let dir = '';
  let cleanup: () => Promise<void> = () => Promise.resolve();

  beforeAll(async () => {
    ({ dir, cleanup } = await makeTempDir('docs-type-aware'));
    const page = await readDoc(doc);
    const section = page.slice(page.indexOf(heading), page.indexOf('\n#', page.indexOf(heading) + heading.length));
    const [config] = codeBlocks(section, 'js');
    // As written, but for where the packages are: this repository's build and its typescript-eslint.
    const typescriptEslint = createRequire(repoRootPath('package.json')).resolve('typescript-eslint');
    const resolved = config!
      .replace("from '@sunset/eslint-plugin'", `from '${pathToFileURL(repoRootPath('packages/eslint-plugin/dist/index.js')).href}'`)
      .replace("from 'typescript-eslint'", `from '${pathToFileURL(typescriptEslint).href}'`);
    expect(resolved).not.toBe(config);
    await writeFile(path.join(dir, 'eslint.config.mjs'), resolved);
    // A TypeScript project: a client whose URLs come from constants of another module, and a tsconfig alias.
    await cp(repoRootPath('packages/eslint-plugin/tests/fixtures/type-aware'), dir, { recursive: true });
  });

  afterAll(() => cleanup());

  it('parses TypeScript and reports the requests through the TypeScript checker, as written', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const results = await new ESLint({ cwd: dir }).lintFiles(['*.ts']);
      const messages = results.flatMap((result) =>
        result.messages.map((message) => `${path.basename(result.filePath)}:${message.line}:${message.column} ${message.ruleId ?? 'fatal'} ${message.message.slice(0, 60)}`),
      );
      // The constants' declarations too: linting endpoints.ts alone, ESLint cannot know that client.ts reads them (docs/editor.md).
      expect(messages).toEqual([
        'aliased-client.ts:4:30 sunset/no-legacy-rest-path GET /v1/campaigns is retired (support ended 2019-10-01): use',
        'client.ts:5:32 sunset/no-legacy-rest-path GET /v1/campaigns is retired (support ended 2019-10-01): use',
        'client.ts:5:55 sunset/no-legacy-rest-path GET /v1/campaigns/dictionaries/clients is retired (support e',
        'client.ts:5:76 sunset/no-legacy-rest-path GET /v1/campaigns/{campaignId}/orders is retired (support en',
        'client.ts:5:115 sunset/no-legacy-rest-path GET /v1/campaigns/dictionaries/managers is retired (support ',
        'endpoints.ts:6:31 sunset/no-legacy-rest-path /v1/campaigns (GET or PATCH) is retired (support ended 2019-',
        'endpoints.ts:7:29 sunset/no-legacy-rest-path /v1/campaigns/dictionaries/clients is retired (support ended',
        'endpoints.ts:8:28 sunset/no-legacy-rest-path /v1/campaigns/{campaignId}/orders is retired (support ended ',
        'endpoints.ts:9:32 sunset/no-legacy-rest-path /v1/campaigns/dictionaries/managers is retired (support ende',
      ]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((warning) => warning.includes('typeAware'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
