import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { copyFixture, ensureBuilt, runCommand, runSunset, sunsetBin, type RunResult } from './support/cli.js';
import { repoRoot } from './support/legacy-app.js';

// The CI templates users include: the composite action (action.yml) and the GitLab template
// (ci/gitlab/sunset.gitlab-ci.yml). Their script runs here verbatim in bash, as the runners run it
// (`-eo pipefail`), with `npx -y -p @sunset/cli@<version> -c 'command -v sunset'` (the one install of the
// job) answered with a `sunset` that runs the built CLI. Each report must be what `sunset check --format <it>`
// writes alone, from one run of the check; a CLI from before `--format FORMAT=FILE` (its help without it)
// gets the same reports from one run per format. The summary (`sunset report --format md`) must be what
// report writes alone with the flags of the check's args it shares.

const asOf = '2026-11-27';

interface Shim {
  /** The folder to put first on PATH: an `npx` that installs nothing and names the `sunset` below. */
  readonly path: string;
  /** The log: `install <package>`, then each `sunset` call's arguments. */
  readonly log: string;
}

/** An `npx` that answers the install with a `sunset` (outside PATH) that logs each call and runs the built CLI; it can hide `FORMAT[=FILE]` from the help as an older CLI would, or fail as an install that cannot reach the registry. */
function npxShim(scratch: string, name: string, mode: 'current' | 'older' | 'unreachable'): Shim {
  const bin = mkdtempSync(path.join(scratch, `npx-${name}-`));
  const installed = path.join(bin, 'installed');
  mkdirSync(installed);
  const log = path.join(bin, 'calls.log');
  writeFileSync(log, '');
  const help = mode === 'older' ? ` | sed 's/FORMAT\\[=FILE\\]/FORMAT/'` : '';
  const sunset = [
    '#!/bin/bash',
    `echo "$*" >> "${log}"`,
    `if [ "$2" = "--help" ]; then "${process.execPath}" "${sunsetBin}" "$@"${help}; exit "\${PIPESTATUS[0]}"; fi`,
    `exec "${process.execPath}" "${sunsetBin}" "$@"`,
    '',
  ].join('\n');
  const npx = [
    '#!/bin/bash',
    '[ "$1" = "-y" ] && shift',
    'if [ "$1" != "-p" ] || [ "$3" != "-c" ] || [ "$4" != "command -v sunset" ]; then echo "npx shim: not the install: $*" >&2; exit 127; fi',
    'case "$2" in @sunset/cli|@sunset/cli@*) ;; *) echo "npx shim: unknown package $2" >&2; exit 127 ;; esac',
    `echo "install $2" >> "${log}"`,
    mode === 'unreachable' ? `echo "npm error code E404 (npx shim)" >&2; exit 1` : `echo "${path.join(installed, 'sunset')}"`,
    '',
  ].join('\n');
  writeFileSync(path.join(installed, 'sunset'), sunset);
  writeFileSync(path.join(bin, 'npx'), npx);
  chmodSync(path.join(installed, 'sunset'), 0o755);
  chmodSync(path.join(bin, 'npx'), 0o755);
  return { path: bin, log };
}

const callsOf = (shim: Shim): string[] => readFileSync(shim.log, 'utf8').trimEnd().split('\n');

/** A script as the runners run it: bash, `-eo pipefail`. */
const runBash = (script: string, cwd: string, env: Readonly<Record<string, string>>): Promise<RunResult> =>
  runCommand('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd, env });

/** This process's environment without the CI variables of whoever runs the tests. */
function jobEnv(shim: Shim, extra: Readonly<Record<string, string>>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || /^(GITHUB_|GITLAB_|CI_|RUNNER_)/.test(name) || name === 'CI') continue;
    env[name] = value;
  }
  return { ...env, PATH: `${shim.path}${path.delimiter}${process.env.PATH ?? ''}`, NO_COLOR: '1', CI: 'true', ...extra };
}

interface ActionStep {
  readonly id?: string;
  readonly if?: string;
  readonly run?: string;
  readonly with?: Record<string, string>;
}
const action = parse(readFileSync(path.join(repoRoot, 'action.yml'), 'utf8')) as { inputs: Record<string, { default: string }>; runs: { steps: ActionStep[] } };
const checkStep = action.runs.steps.find((step) => step.id === 'check')!;
const gitlab = parse(readFileSync(path.join(repoRoot, 'ci/gitlab/sunset.gitlab-ci.yml'), 'utf8')) as Record<string, { variables: Record<string, string>; script: string[] }>;
const gitlabJob = gitlab['.sunset-check']!;

/** The config of the `--config` case: the legacy REST rule off, so only the SOAP call of the fixture is left (1 against 3 without it). */
const ciConfig = '{ "rules": { "sunset/no-legacy-rest-path": "off" } }\n';

describe('the CI templates install the CLI once, run the check once and write every report of it', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'sunset-ci-templates-'));
  const alone: Record<string, string> = {};
  const aloneWithConfig: Record<string, string> = {};

  /** A copy of the fixture, with the `--config` case's config in ci/. */
  async function app(name: string): Promise<string> {
    const root = path.join(scratch, name);
    await copyFixture('fixtures/cli/small', root);
    mkdirSync(path.join(root, 'ci'));
    writeFileSync(path.join(root, 'ci/sunset.config.json'), ciConfig);
    return root;
  }

  beforeAll(async () => {
    await ensureBuilt();
    const root = await app('alone');
    for (const [reports, extra] of [[alone, []], [aloneWithConfig, ['--config', 'ci/sunset.config.json']]] as const) {
      for (const format of ['stylish', 'github', 'sarif', 'gitlab', 'junit']) {
        const run = await runSunset(['check', '.', '--as-of', asOf, ...extra, '--format', format], { cwd: root, env: { CI: 'true' } });
        expect(run.code).toBe(1);
        reports[format] = run.stdout;
      }
      const report = await runSunset(['report', '.', '--format', 'md', '--as-of', asOf, ...extra], { cwd: root, env: { CI: 'true' } });
      expect(report.code).toBe(0);
      reports.md = report.stdout;
    }
    // The --config case must differ, or it would prove nothing: 1 retired call against 3.
    expect([alone.md!.split('\n')[3], aloneWithConfig.md!.split('\n')[3]]).toEqual([
      `**3 retired calls** left in 2 files (as of ${asOf}): the codemod can do **1 of 3**, 2 need a person.`,
      `**1 retired call** left in 1 file (as of ${asOf}): the codemod can do **0 of 1**, 1 need a person.`,
    ]);
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** The action's check step in `root`: its exit code and stdout, the step's outputs and the job summary. */
  async function runAction(root: string, shim: Shim, env: Readonly<Record<string, string>>): Promise<{ code: number | null; stdout: string; outputs: string; summary: string }> {
    const outputs = path.join(scratch, `${path.basename(root)}.output`);
    const summary = path.join(scratch, `${path.basename(root)}.summary`);
    writeFileSync(outputs, '');
    writeFileSync(summary, '');
    const inputs = { SUNSET_VERSION: 'latest', SUNSET_PATHS: '.', SUNSET_CHANGED_SINCE: '', SUNSET_ARGS: `--as-of ${asOf}`, SUNSET_UPLOAD_SARIF: 'true', SUNSET_SUMMARY: 'true' };
    const run = await runBash(checkStep.run!, root, jobEnv(shim, { ...inputs, ...env, GITHUB_OUTPUT: outputs, GITHUB_STEP_SUMMARY: summary }));
    return { code: run.code, stdout: run.stdout, outputs: readFileSync(outputs, 'utf8'), summary: readFileSync(summary, 'utf8') };
  }

  it.each([
    ['a CLI with --format FORMAT=FILE', 'current', [`check . --format github --format sarif=sunset.sarif --as-of ${asOf}`]],
    ['an older CLI', 'older', [`check . --format sarif --output sunset.sarif --as-of ${asOf}`, `check . --format github --as-of ${asOf}`]],
  ] as const)('action.yml, with %s', async (name, mode, checks) => {
    const root = await app(`gh-${mode}`);
    const shim = npxShim(scratch, `gh-${mode}`, mode);
    const run = await runAction(root, shim, {});
    expect(run).toEqual({ code: 0, stdout: alone.github, outputs: 'exit-code=1\n', summary: alone.md });
    expect(readFileSync(path.join(root, 'sunset.sarif'), 'utf8')).toBe(alone.sarif);
    expect([name, callsOf(shim)]).toEqual([name, ['install @sunset/cli@latest', 'check --help', ...checks, 'report --help', `report . --format md --as-of ${asOf}`]]);
  });

  it('action.yml: the summary reads the config, day and hosts of args, not its check-only flags, and counts what the check found', async () => {
    const root = await app('gh-config');
    const shim = npxShim(scratch, 'gh-config', 'current');
    const args = `--config ci/sunset.config.json --fail-on deprecated --api-host=api.adform.com --as-of ${asOf}`;
    const run = await runAction(root, shim, { SUNSET_ARGS: args });
    expect(run).toEqual({ code: 0, stdout: aloneWithConfig.github, outputs: 'exit-code=1\n', summary: aloneWithConfig.md });
    const sarif = JSON.parse(readFileSync(path.join(root, 'sunset.sarif'), 'utf8')) as { runs: { results: unknown[] }[] };
    expect([sarif.runs[0]!.results.length, run.summary.split('\n')[3]!.slice(0, 17)]).toEqual([1, '**1 retired call*']);
    expect(callsOf(shim).slice(2)).toEqual([
      `check . --format github --format sarif=sunset.sarif ${args}`,
      'report --help',
      `report . --format md --config ci/sunset.config.json --api-host=api.adform.com --as-of ${asOf}`,
    ]);
  });

  it('action.yml: paths one a line keep their spaces; paths on one line are split at spaces', async () => {
    const root = await app('gh-paths');
    const shim = npxShim(scratch, 'gh-paths', 'current');
    const run = await runAction(root, shim, { SUNSET_PATHS: 'src/report, 100%.js\nsrc/campaigns.ts\n' });
    expect(run).toEqual({ code: 0, stdout: alone.github, outputs: 'exit-code=1\n', summary: expect.stringContaining('**3 retired calls**') as unknown });
    // One line: the same path is two words, neither of them a file.
    const split = await runAction(root, shim, { SUNSET_PATHS: 'src/report, 100%.js', SUNSET_SUMMARY: 'false' });
    expect([split.code, split.outputs]).toEqual([2, 'exit-code=2\n']);
  });

  it('action.yml: an install that fails ends as exit code 2 and runs nothing, not as findings', async () => {
    const root = await app('gh-unreachable');
    const shim = npxShim(scratch, 'gh-unreachable', 'unreachable');
    const run = await runAction(root, shim, {});
    expect(run).toEqual({ code: 2, stdout: '::error::Could not install @sunset/cli@latest with npx (see above); nothing was checked.\n', outputs: 'exit-code=2\n', summary: '' });
    expect(callsOf(shim)).toEqual(['install @sunset/cli@latest']);
  });

  it('action.yml: the SARIF upload takes the category input, and is skipped when changed-since makes the log partial', () => {
    const upload = action.runs.steps.find((step) => step.with?.sarif_file !== undefined)!;
    expect([upload.if, upload.with, action.inputs.category?.default]).toEqual([
      "always() && inputs.upload-sarif == 'true' && inputs.changed-since == '' && hashFiles('sunset.sarif') != ''",
      { sarif_file: 'sunset.sarif', category: '${{ inputs.category }}' },
      'sunset',
    ]);
  });

  it('action.yml: with changed-since the step says why the SARIF log is not uploaded', async () => {
    const root = await app('gh-changed');
    const shim = npxShim(scratch, 'gh-changed', 'current');
    for (const command of [['init', '-q'], ['add', '-A'], ['-c', 'user.email=t@example.test', '-c', 'user.name=t', 'commit', '-qm', 'init']]) {
      expect((await runCommand('git', command, { cwd: root })).code).toBe(0);
    }
    const run = await runAction(root, shim, { SUNSET_CHANGED_SINCE: 'HEAD', SUNSET_SUMMARY: 'false' });
    expect(run).toEqual({
      code: 0,
      stdout: "::notice::sunset.sarif holds the findings on changed lines only, so it is not uploaded: code scanning would show the base branch's other alerts as fixed by this pull request.\n",
      outputs: 'exit-code=0\n',
      summary: '',
    });
  });

  /** The GitLab job's script in `root`: exit code, stdout. */
  const runGitlab = (root: string, shim: Shim, args: string): Promise<RunResult> => runBash(gitlabJob.script.join('\n'), root, jobEnv(shim, { ...gitlabJob.variables, SUNSET_ARGS: args }));

  it.each([
    ['a CLI with --format FORMAT=FILE', 'current', [`check . --format stylish --format gitlab=gl-code-quality-report.json --format junit=sunset-junit.xml --as-of ${asOf}`]],
    [
      'an older CLI',
      'older',
      [`check . --format gitlab --output gl-code-quality-report.json --as-of ${asOf}`, `check . --format junit --output sunset-junit.xml --as-of ${asOf}`, `check . --as-of ${asOf}`],
    ],
  ] as const)('ci/gitlab/sunset.gitlab-ci.yml, with %s', async (name, mode, checks) => {
    const root = await app(`gl-${mode}`);
    const shim = npxShim(scratch, `gl-${mode}`, mode);
    const run = await runGitlab(root, shim, `--as-of ${asOf}`);
    expect([run.code, run.stdout]).toEqual([1, alone.stylish]);
    expect(readFileSync(path.join(root, 'gl-code-quality-report.json'), 'utf8')).toBe(alone.gitlab);
    expect(readFileSync(path.join(root, 'sunset-junit.xml'), 'utf8')).toBe(alone.junit);
    expect(readFileSync(path.join(root, 'sunset-report.md'), 'utf8')).toBe(alone.md);
    expect([name, callsOf(shim)]).toEqual([name, ['install @sunset/cli@latest', 'check --help', ...checks, 'report --help', `report . --format md --output sunset-report.md --as-of ${asOf}`]]);
  });

  it('ci/gitlab/sunset.gitlab-ci.yml: sunset-report.md reads the config and day of SUNSET_ARGS and counts what the check found', async () => {
    const root = await app('gl-config');
    const shim = npxShim(scratch, 'gl-config', 'current');
    const run = await runGitlab(root, shim, `--as-of ${asOf} --fail-on=deprecated --config=ci/sunset.config.json`);
    expect([run.code, run.stdout]).toEqual([1, aloneWithConfig.stylish]);
    expect(readFileSync(path.join(root, 'sunset-junit.xml'), 'utf8')).toBe(aloneWithConfig.junit);
    expect(readFileSync(path.join(root, 'sunset-report.md'), 'utf8')).toBe(aloneWithConfig.md);
    expect(callsOf(shim).at(-1)).toBe(`report . --format md --output sunset-report.md --as-of ${asOf} --config=ci/sunset.config.json`);
  });

  it('ci/gitlab/sunset.gitlab-ci.yml: an install that fails ends the job with exit code 2', async () => {
    const root = await app('gl-unreachable');
    const shim = npxShim(scratch, 'gl-unreachable', 'unreachable');
    const run = await runGitlab(root, shim, `--as-of ${asOf}`);
    expect([run.code, run.stdout, run.stderr]).toEqual([2, '', 'npm error code E404 (npx shim)\nCould not install @sunset/cli@latest with npx (see above); nothing was checked.\n']);
    expect(callsOf(shim)).toEqual(['install @sunset/cli@latest']);
  });
});
