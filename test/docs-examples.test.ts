import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eslintWithPlugin } from './support/eslint-with-plugin.js';
import { ensureBuilt, makeTempDir, parseJson, repoRootPath, runSunset } from './support/cli.js';
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
