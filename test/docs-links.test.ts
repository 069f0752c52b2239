import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks } from './support/markdown-links.js';
import { makeTempDir } from './support/cli.js';
import { repoRoot } from './support/legacy-app.js';

// Every relative link and #anchor of the user docs resolves: README.md, docs/*.md, each package's
// README and its rule pages, and bench/README.md.

const markdownIn = (folder: string): string[] =>
  existsSync(path.join(repoRoot, folder))
    ? readdirSync(path.join(repoRoot, folder))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `${folder}/${name}`)
    : [];
const packages = readdirSync(path.join(repoRoot, 'packages')).sort();
const files = [
  'README.md',
  ...markdownIn('docs'),
  ...packages.map((name) => `packages/${name}/README.md`).filter((file) => existsSync(path.join(repoRoot, file))),
  ...packages.flatMap((name) => markdownIn(`packages/${name}/docs/rules`)),
  'bench/README.md',
];

describe('links in the docs', () => {
  it('covers the README, every docs/ page and every package README', () => {
    expect(files.filter((file) => file.startsWith('docs/'))).toEqual(
      ['architecture', 'check-and-fix', 'ci', 'configuration', 'editor', 'openapi', 'org-inventory', 'performance', 'project-mode', 'report', 'requests', 'runtime', 'schedule', 'what-is-checked'].map((page) => `docs/${page}.md`),
    );
    expect(files.filter((file) => /^packages\/[^/]+\/README\.md$/.test(file))).toHaveLength(10);
  });

  it.each(files)('%s: every relative link and #anchor resolves', (file) => {
    expect(brokenLinks(path.join(repoRoot, file), repoRoot)).toEqual([]);
  });
});

describe('the link check itself', () => {
  let cleanup: () => Promise<void> = () => Promise.resolve();
  afterAll(() => cleanup());

  it('gives headings the ids GitHub gives them', () => {
    expect([...anchorsOf('# `sunset check` and `sunset fix`\n## What `check` sees\n## Sharing `sunset.config.json`\n## Issue 12: `sunset check --project`\n## Exit codes\n## Exit codes\n')]).toEqual([
      'sunset-check-and-sunset-fix',
      'what-check-sees',
      'sharing-sunsetconfigjson',
      'issue-12-sunset-check---project',
      'exit-codes',
      'exit-codes-1',
    ]);
  });

  it('reports a missing file, a missing anchor and an anchor into a folder, and ignores code and absolute URLs', async () => {
    const temp = await makeTempDir('links');
    cleanup = temp.cleanup;
    const page = path.join(temp.dir, 'page.md');
    writeFileSync(path.join(temp.dir, 'other.md'), '# Other\n\n## Real heading\n');
    writeFileSync(
      page,
      [
        '# Page',
        '',
        '[ok](other.md#real-heading) [self](#page) [folder](.) [web](https://example.com/missing.md)',
        '[gone](missing.md) [bad anchor](other.md#no-such-heading) [folder anchor](./#x)',
        '',
        '```md',
        '[in code](nowhere.md)',
        '```',
        '`[inline code](nowhere.md)`',
      ].join('\n'),
    );
    expect(brokenLinks(page, temp.dir)).toEqual([
      { file: 'page.md', line: 4, target: 'missing.md', problem: 'missing.md does not exist' },
      { file: 'page.md', line: 4, target: 'other.md#no-such-heading', problem: 'other.md has no heading with the id "no-such-heading"' },
      { file: 'page.md', line: 4, target: './#x', problem: 'an anchor into something that is not a Markdown file' },
    ]);
  });
});
