import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { copyFixture, ensureBuilt, runCommand, runSunset, sunsetBin, type RunResult } from './support/cli.js';
import { repoRoot } from './support/legacy-app.js';

// The CI templates users include: the composite action (action.yml) and the GitLab template
// (ci/gitlab/sunset.gitlab-ci.yml). Their check script runs here verbatim in bash, as the runners run
// it (`-eo pipefail`), with `npx -y @sunset/cli@<version>` answered by the built CLI. Each report must be
// what `sunset check --format <it>` writes alone, from one run of the check; a CLI from before
// `--format FORMAT=FILE` (its help without it) gets the same reports from one run per format.

const asOf = '2026-11-27';

/** A folder with an `npx` that runs the built CLI for `@sunset/cli[@version]`, logs each call, and can hide `FORMAT[=FILE]` from the help as an older CLI would. */
function npxShim(log: string, older: boolean): string {
  const bin = mkdtempSync(path.join(tmpdir(), 'sunset-ci-npx-'));
  const help = older ? ` | sed 's/FORMAT\\[=FILE\\]/FORMAT/'` : '';
  const script = [
    '#!/bin/bash',
    '[ "$1" = "-y" ] && shift',
    'case "$1" in @sunset/cli|@sunset/cli@*) shift ;; *) echo "npx shim: unknown package $1" >&2; exit 127 ;; esac',
    `echo "$*" >> "${log}"`,
    `if [ "$2" = "--help" ]; then "${process.execPath}" "${sunsetBin}" "$@"${help}; exit "\${PIPESTATUS[0]}"; fi`,
    `exec "${process.execPath}" "${sunsetBin}" "$@"`,
    '',
  ].join('\n');
  writeFileSync(path.join(bin, 'npx'), script);
  chmodSync(path.join(bin, 'npx'), 0o755);
  return bin;
}

/** A script as the runners run it: bash, `-eo pipefail`. */
const runBash = (script: string, cwd: string, env: Readonly<Record<string, string>>): Promise<RunResult> =>
  runCommand('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd, env });

/** This process's environment without the CI variables of whoever runs the tests. */
function jobEnv(shim: string, extra: Readonly<Record<string, string>>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || /^(GITHUB_|GITLAB_|CI_|RUNNER_)/.test(name) || name === 'CI') continue;
    env[name] = value;
  }
  return { ...env, PATH: `${shim}${path.delimiter}${process.env.PATH ?? ''}`, NO_COLOR: '1', CI: 'true', ...extra };
}

describe('the CI templates run the check once and write every report of it', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'sunset-ci-templates-'));
  const alone: Record<string, string> = {};
  beforeAll(async () => {
    await ensureBuilt();
    await copyFixture('fixtures/cli/small', path.join(scratch, 'app'));
    for (const format of ['stylish', 'github', 'sarif', 'gitlab', 'junit']) {
      const run = await runSunset(['check', '.', '--as-of', asOf, '--format', format], { cwd: path.join(scratch, 'app'), env: { CI: 'true' } });
      expect(run.code).toBe(1);
      alone[format] = run.stdout;
    }
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it.each([
    ['a CLI with --format FORMAT=FILE', false, ['check --help', `check . --format github --format sarif=sunset.sarif --as-of ${asOf}`]],
    ['an older CLI', true, ['check --help', `check . --format sarif --output sunset.sarif --as-of ${asOf}`, `check . --format github --as-of ${asOf}`]],
  ])('action.yml, with %s', async (_name, older, calls) => {
    const app = path.join(scratch, older ? 'gh-older' : 'gh');
    await copyFixture('fixtures/cli/small', app);
    const log = path.join(scratch, `${path.basename(app)}.log`);
    const output = path.join(scratch, `${path.basename(app)}.output`);
    writeFileSync(output, '');
    const action = parse(readFileSync(path.join(repoRoot, 'action.yml'), 'utf8')) as { runs: { steps: { id?: string; run?: string }[] } };
    const step = action.runs.steps.find((candidate) => candidate.id === 'check')!;
    const run = await runBash(
      step.run!,
      app,
      jobEnv(npxShim(log, older), { SUNSET_VERSION: 'latest', SUNSET_PATHS: '.', SUNSET_CHANGED_SINCE: '', SUNSET_ARGS: `--as-of ${asOf}`, GITHUB_OUTPUT: output }),
    );
    expect([run.code, run.stdout, readFileSync(output, 'utf8')]).toEqual([0, alone.github, 'exit-code=1\n']);
    expect(readFileSync(path.join(app, 'sunset.sarif'), 'utf8')).toBe(alone.sarif);
    expect(readFileSync(log, 'utf8').trimEnd().split('\n')).toEqual(calls);
  });

  it.each([
    ['a CLI with --format FORMAT=FILE', false, 'check . --format stylish --format gitlab=gl-code-quality-report.json --format junit=sunset-junit.xml'],
    ['an older CLI', true, 'check . --format gitlab --output gl-code-quality-report.json'],
  ])('ci/gitlab/sunset.gitlab-ci.yml, with %s', async (_name, older, firstCheck) => {
    const app = path.join(scratch, older ? 'gl-older' : 'gl');
    await copyFixture('fixtures/cli/small', app);
    const log = path.join(scratch, `${path.basename(app)}.log`);
    const template = parse(readFileSync(path.join(repoRoot, 'ci/gitlab/sunset.gitlab-ci.yml'), 'utf8')) as Record<string, { variables: Record<string, string>; script: string[] }>;
    const job = template['.sunset-check']!;
    const run = await runBash(job.script.join('\n'), app, jobEnv(npxShim(log, older), { ...job.variables, SUNSET_ARGS: `--as-of ${asOf}` }));
    expect([run.code, run.stdout]).toEqual([1, alone.stylish]);
    expect(readFileSync(path.join(app, 'gl-code-quality-report.json'), 'utf8')).toBe(alone.gitlab);
    expect(readFileSync(path.join(app, 'sunset-junit.xml'), 'utf8')).toBe(alone.junit);
    const checks = readFileSync(log, 'utf8').trimEnd().split('\n').filter((call) => call.startsWith('check . '));
    expect(checks).toEqual(older ? [`${firstCheck} --as-of ${asOf}`, `check . --format junit --output sunset-junit.xml --as-of ${asOf}`, `check . --as-of ${asOf}`] : [`${firstCheck} --as-of ${asOf}`]);
  });
});
