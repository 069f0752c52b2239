import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { codemodBin, copyFixture, ensureBuilt, git, initGitRepo, makeTempDir, parseJson, repoRootPath, runNode, runSunset } from './support/cli.js';
import { fixtureAsOf } from './support/legacy-app.js';

// `sunset fix` (and `npx @sunset/codemod`), end to end with the built binaries.

const asOf = ['--as-of', fixtureAsOf] as const;
const smallFiles = ['src/campaigns.ts', 'src/report, 100%.js'] as const;

beforeAll(ensureBuilt);

/** A copy of fixtures/cli/small in a temp folder, optionally as a committed git repository. */
async function smallProject(options: { git: boolean }): Promise<{ project: string; cleanup: () => Promise<void> }> {
  const { dir, cleanup } = await makeTempDir('fix');
  const project = await copyFixture('fixtures/cli/small', path.join(dir, 'small'));
  if (options.git) initGitRepo(project);
  return { project, cleanup };
}

async function readAll(project: string): Promise<string[]> {
  return Promise.all(smallFiles.map((file) => readFile(path.join(project, file), 'utf8')));
}

/** What `sunset fix` must make of fixtures/cli/small: one rewrite, two TODO comments, nothing else. */
async function expectedSmallOutput(): Promise<string[]> {
  const [campaigns, report] = await readAll(repoRootPath('fixtures/cli/small'));
  return [
    campaigns!
      .replace('/v1/campaigns/dictionaries/managers', '/v1/buyer/classifiers/managers')
      .replace(
        '  await axios.patch(',
        '  // TODO(sunset:campaigns-legacy-status): migrate PATCH /v1/campaigns: the new endpoint changes one campaign per call: ' +
          'it needs the campaign id in the path; candidates PUT /v1/buyer/campaigns/{id}/status; support ended 2019-10-01\n  await axios.patch(',
      ),
    report!.replace(
      '  return client.GetCampaignsAsJson(',
      '  // TODO(sunset:campaigns-service-get-campaigns-as-json): migrate GetCampaignsAsJson: the call changes from a SOAP/WCF operation ' +
        'to a REST request with its own payload (not shown in the spec); candidates GET /v1/buyer/campaigns; support ended 2019-10-01\n' +
        '  return client.GetCampaignsAsJson(',
    ),
  ];
}

describe.concurrent('the git guard', () => {
  it('refuses to write in a dirty work tree, says why and how, and exits 2', async () => {
    const { project, cleanup } = await smallProject({ git: true });
    try {
      await writeFile(path.join(project, 'notes.txt'), 'work in progress\n');
      const before = await readAll(project);
      const result = await runSunset(['fix', ...asOf], { cwd: project });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('Refusing to rewrite files: the git work tree');
      expect(result.stderr).toContain('has uncommitted changes:\n  notes.txt\n');
      expect(result.stderr).toContain('starting from a clean tree keeps its changes a diff you can review and revert');
      expect(result.stderr).toContain('Commit or stash your changes first, or pass --force to run anyway (or --dry to only preview).');
      expect(await readAll(project)).toEqual(before);
    } finally {
      await cleanup();
    }
  });

  it('writes in a dirty work tree with --force', async () => {
    const { project, cleanup } = await smallProject({ git: true });
    try {
      await writeFile(path.join(project, 'notes.txt'), 'work in progress\n');
      const result = await runSunset(['fix', '--force', ...asOf], { cwd: project });
      expect(result.code).toBe(0);
      expect(await readAll(project)).toEqual(await expectedSmallOutput());
    } finally {
      await cleanup();
    }
  });

  it('runs in a clean work tree and leaves one reviewable diff; a second run changes nothing', async () => {
    const { project, cleanup } = await smallProject({ git: true });
    try {
      const result = await runSunset(['fix', ...asOf], { cwd: project });
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(
        [
          '2 files scanned, 2 candidates, 2 changed.',
          '1 site rewritten, 2 left with a TODO, 0 skipped.',
          '',
          'Sites a person must finish:',
          '  src/campaigns.ts:11:21  todo  campaigns-legacy-status  the new endpoint changes one campaign per call: it needs the campaign id in the path',
          '  src/report, 100%.js:2:17  todo  campaigns-service-get-campaigns-as-json  the call changes from a SOAP/WCF operation to a REST request with its own payload (not shown in the spec)',
          '',
        ].join('\n'),
      );
      expect(git(project, ['status', '--porcelain']).split('\n').filter(Boolean).sort()).toEqual([' M "src/report, 100%.js"', ' M src/campaigns.ts']);
      expect(await readAll(project)).toEqual(await expectedSmallOutput());
      git(project, ['commit', '--quiet', '--all', '--message', 'sunset fix']);
      const again = await runSunset(['fix', ...asOf], { cwd: project });
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(/^2 files scanned, 2 candidates, 0 changed\.\n/);
      expect(git(project, ['status', '--porcelain'])).toBe('');
    } finally {
      await cleanup();
    }
  });

  it('does not apply to a folder outside git', async () => {
    const { project, cleanup } = await smallProject({ git: false });
    try {
      const result = await runSunset(['fix', ...asOf], { cwd: project });
      expect(result.code).toBe(0);
      expect(await readAll(project)).toEqual(await expectedSmallOutput());
    } finally {
      await cleanup();
    }
  });
});

describe.concurrent('previews and reports', () => {
  it('--dry --print prints a unified diff on stdout, the summary on stderr, and writes nothing', async () => {
    const { project, cleanup } = await smallProject({ git: true });
    try {
      await writeFile(path.join(project, 'notes.txt'), 'dirty, but --dry writes nothing\n');
      const before = await readAll(project);
      const result = await runSunset(['fix', '--dry', '--print', ...asOf], { cwd: project });
      expect(result.code).toBe(0);
      expect(await readAll(project)).toEqual(before);
      expect(result.stderr).toMatch(/^2 files scanned, 2 candidates, 2 would change\.\n1 site rewritten, 2 left with a TODO, 0 skipped\.\n/);
      await expect(result.stdout).toMatchFileSnapshot('__snapshots__/cli-small.fix.diff');
      // The diff applies: git turns the copy into exactly what `sunset fix` would write.
      await writeFile(path.join(project, 'sunset.diff'), result.stdout);
      git(project, ['apply', '-p0', 'sunset.diff']);
      expect(await readAll(project)).toEqual(await expectedSmallOutput());
    } finally {
      await cleanup();
    }
  });

  it('--format json prints the per-site report', async () => {
    const result = await runSunset(['fix', '--dry', '--format', 'json', ...asOf], { cwd: repoRootPath('fixtures/cli/small') });
    expect(result.code).toBe(0);
    expect(parseJson(result)).toStrictEqual({
      sites: [
        {
          file: 'src/campaigns.ts',
          line: 6,
          column: 47,
          entry: 'campaign-dictionary-managers',
          retired: 'GET /v1/campaigns/dictionaries/managers',
          action: 'rewritten',
          reason: 'GET /v1/campaigns/dictionaries/managers → GET /v1/buyer/classifiers/managers',
        },
        {
          file: 'src/campaigns.ts',
          line: 11,
          column: 21,
          entry: 'campaigns-legacy-status',
          retired: 'PATCH /v1/campaigns',
          action: 'todo',
          reason: 'the new endpoint changes one campaign per call: it needs the campaign id in the path',
        },
        {
          file: 'src/report, 100%.js',
          line: 2,
          column: 17,
          entry: 'campaigns-service-get-campaigns-as-json',
          retired: 'GetCampaignsAsJson',
          action: 'todo',
          reason: 'the call changes from a SOAP/WCF operation to a REST request with its own payload (not shown in the spec)',
        },
      ],
      changedFiles: ['src/campaigns.ts', 'src/report, 100%.js'],
      errors: [],
      notScanned: [],
      summary: {
        files: 2,
        candidates: 2,
        changed: 2,
        // --dry writes nothing.
        written: 0,
        notWritten: 0,
        rewritten: 1,
        todo: 2,
        skipped: 0,
        errors: 0,
        dry: true,
        interrupted: false,
        notScanned: { unreadable: 0, tooLarge: 0, minified: 0, unscannedExtension: 0, excludedByConfig: 0, invalidPackageJson: 0, symbolicLink: 0 },
      },
    });
  });

  it('--fail-on-todo exits 1 when a site was left with a TODO', async () => {
    const result = await runSunset(['fix', '--dry', '--fail-on-todo', ...asOf], { cwd: repoRootPath('fixtures/cli/small') });
    expect(result.code).toBe(1);
  });

  it('exits 2 on an unknown flag, naming it', async () => {
    const result = await runSunset(['fix', '--dry-run', '.'], { cwd: repoRootPath('fixtures/cli/small') });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^sunset: Unknown option --dry-run for `sunset fix`\. Allowed options: --dry, --print, /);
  });

  it('exits 2 on a path that does not exist, naming it', async () => {
    const result = await runSunset(['fix', '--dry', 'src/missing'], { cwd: repoRootPath('fixtures/cli/small') });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^sunset: .*src\/missing/);
  });
});

describe.concurrent('a file that does not parse (fixtures/broken)', () => {
  it('is reported with its line and left byte-identical; the other file is fixed; exit 1', async () => {
    const { dir, cleanup } = await makeTempDir('broken');
    try {
      const project = await copyFixture('fixtures/broken', path.join(dir, 'broken'));
      const original = await readFile(path.join(project, 'syntax-error.ts'));
      const result = await runSunset(['fix', '--format', 'json', ...asOf], { cwd: project });
      expect(result.code).toBe(1);
      const report = parseJson<{ errors: unknown[]; changedFiles: string[] }>(result);
      expect(report.errors).toEqual([{ file: 'syntax-error.ts', line: 10, message: expect.any(String) as unknown }]);
      expect(report.changedFiles).toEqual(['valid.ts']);
      expect((await readFile(path.join(project, 'syntax-error.ts'))).equals(original)).toBe(true);
      expect(await readFile(path.join(project, 'valid.ts'), 'utf8')).toContain('`${API_BASE}/v1/buyer/classifiers/managers`');
    } finally {
      await cleanup();
    }
  });
});

describe.concurrent('npx @sunset/codemod (packages/codemod/dist/bin.js) is sunset fix', () => {
  it.each([[['--dry']], [['--dry', '--format', 'json']], [['--dry', '--fail-on-todo']]])('prints the same summary and exit code as sunset fix %j', async (flags) => {
    const cwd = repoRootPath('fixtures/cli/small');
    const args = [...flags, ...asOf];
    const [viaCodemod, viaCli] = await Promise.all([runNode(codemodBin, args, { cwd }), runSunset(['fix', ...args], { cwd })]);
    expect(viaCodemod).toEqual(viaCli);
    expect(viaCodemod.code).toBe(flags.includes('--fail-on-todo') ? 1 : 0);
  });

  it('leaves --print (a unified diff) to sunset fix, and says so', async () => {
    const result = await runNode(codemodBin, ['--dry', '--print'], { cwd: repoRootPath('fixtures/cli/small') });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'sunset-codemod: Unknown option --print. Allowed options: --dry, --force, --format, --fail-on-todo, --config, --as-of, --api-host, --identity-host, --help. For a unified diff of the changes, run `npx @sunset/cli fix --dry --print`.\n',
    );
  });

  it('rewrites files like sunset fix and takes the same flags', async () => {
    const { project, cleanup } = await smallProject({ git: true });
    try {
      await writeFile(path.join(project, 'notes.txt'), 'dirty\n');
      const refused = await runNode(codemodBin, [...asOf], { cwd: project });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('pass --force to run anyway');
      const forced = await runNode(codemodBin, ['--force', ...asOf], { cwd: project });
      expect(forced.code).toBe(0);
      expect(await readAll(project)).toEqual(await expectedSmallOutput());
    } finally {
      await cleanup();
    }
  });
});
