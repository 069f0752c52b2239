import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { sunsetBin } from './cli.js';
import { git } from './org-repos.js';

// Runs the organisation recipes of docs/recipes/ here, against local repositories: every `run:` /
// `script:` line verbatim in bash (as the runners do), the CI's own steps emulated: a checkout is a
// clone of a local bare remote, an upload copies into a local artifact store, a download copies
// back, a Pages deployment is skipped. `npx -y @sunset/cli` is a shim that runs the built CLI.

export interface StepRun {
  readonly job: string;
  readonly step: string;
  readonly code: number | null;
  readonly output: string;
}

export interface RecipeWorld {
  /** Holds remotes/<owner>/<name>.git (makeOrgRemotes). */
  readonly root: string;
  /** The repository that runs the recipe (its remote is under root/remotes). */
  readonly inventory: string;
}

/** A folder with an `npx` that knows one package: `npx -y @sunset/cli …` runs the built CLI. */
function npxShim(): string {
  const bin = mkdtempSync(path.join(tmpdir(), 'sunset-npx-'));
  const script = `#!/bin/sh\n[ "$1" = "-y" ] && shift\nif [ "$1" = "@sunset/cli" ]; then shift; exec "${process.execPath}" "${sunsetBin}" "$@"; fi\necho "npx shim: only npx -y @sunset/cli is known here, not: $*" >&2\nexit 127\n`;
  writeFileSync(path.join(bin, 'npx'), script);
  chmodSync(path.join(bin, 'npx'), 0o755);
  return bin;
}

/** The environment of a job: this process's, without CI variables of whoever runs the tests. */
function baseEnv(shim: string, extra: Readonly<Record<string, string>>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || /^(GITHUB_|GITLAB_|CI_|RUNNER_)/.test(name) || name === 'CI') continue;
    env[name] = value;
  }
  return { ...env, PATH: `${shim}${path.delimiter}${process.env.PATH ?? ''}`, NO_COLOR: '1', GIT_TERMINAL_PROMPT: '0', CI: 'true', ...extra };
}

function runBash(script: string, cwd: string, env: Readonly<Record<string, string>>, flags: readonly string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', ...flags, '-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

// ---- GitHub Actions --------------------------------------------------------------------------

interface GithubStep {
  readonly name?: string;
  readonly id?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly with?: Record<string, unknown>;
  readonly env?: Record<string, string>;
  readonly 'working-directory'?: string;
}

interface GithubJob {
  readonly needs?: string | string[];
  readonly if?: string;
  readonly strategy?: { readonly matrix?: Record<string, unknown[]> };
  readonly steps: readonly GithubStep[];
}

type Context = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** `${{ a.b }}` with values of the context; any other expression fails the test (the recipe stays simple). */
function expand(text: string, context: Context): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expression: string) => {
    const [scope, key, ...rest] = expression.split('.');
    const value = rest.length === 0 && scope !== undefined && key !== undefined ? context[scope]?.[key] : undefined;
    if (value === undefined) throw new Error(`The recipe emulator does not know the expression ${expression}.`);
    return value;
  });
}

export interface GithubRun {
  readonly steps: readonly StepRun[];
  readonly artifacts: string;
  readonly pages: string | undefined;
  readonly summary: string;
}

/** Runs the jobs of a workflow that are not a deployment: each matrix job in its own process, in parallel; then the jobs that need them. */
export async function runGithubWorkflow(file: string, world: RecipeWorld): Promise<GithubRun> {
  const workflow = parse(readFileSync(file, 'utf8')) as { jobs: Record<string, GithubJob> };
  const shim = npxShim();
  const artifacts = mkdtempSync(path.join(tmpdir(), 'sunset-artifacts-'));
  const summaryFile = path.join(artifacts, '..', `${path.basename(artifacts)}-summary.md`);
  writeFileSync(summaryFile, '');
  const steps: StepRun[] = [];
  let pages: string | undefined;
  const done = new Set<string>();
  for (const [name, job] of orderByNeeds(workflow.jobs)) {
    if (job.steps.every((step) => step.uses?.startsWith('actions/deploy-pages@') === true)) continue;
    if (job.if !== undefined && job.if.replace(/\s/g, '') !== '${{!cancelled()}}') throw new Error(`The emulator does not evaluate if: ${job.if}`);
    const needs = [job.needs ?? []].flat();
    if (!needs.every((need) => done.has(need))) throw new Error(`${name} needs ${needs.join(', ')}, which did not run.`);
    const matrix = job.strategy?.matrix ?? {};
    const keys = Object.keys(matrix);
    if (keys.length > 1) throw new Error('The emulator expands a matrix of one key.');
    const values = keys.length === 0 ? [undefined] : matrix[keys[0]!]!;
    const runs = values.map(async (value, index) => {
      const workspace = mkdtempSync(path.join(tmpdir(), `sunset-gh-${name}-`));
      const temp = mkdtempSync(path.join(tmpdir(), 'sunset-runner-temp-'));
      const context: Context = {
        matrix: keys.length === 0 ? {} : { [keys[0]!]: String(value) },
        strategy: { 'job-index': String(index) },
        runner: { temp },
        secrets: { SUNSET_READ_TOKEN: 'test-read-token' },
        github: { workspace },
      };
      const env = baseEnv(shim, { GITHUB_ACTIONS: 'true', GITHUB_REPOSITORY: world.inventory, GITHUB_WORKSPACE: workspace, GITHUB_SERVER_URL: 'https://github.com', GITHUB_STEP_SUMMARY: summaryFile, RUNNER_TEMP: temp });
      for (const step of job.steps) {
        const label = `${name}${keys.length === 0 ? '' : ` (${String(value)})`}: ${step.name ?? step.uses ?? step.run ?? ''}`;
        const result = await githubStep(step, context, workspace, env, world, artifacts, (dir) => (pages = dir));
        steps.push({ job: name, step: label, ...result });
        if (result.code !== 0) throw new Error(`${label} failed (exit ${String(result.code)}):\n${result.output}`);
      }
    });
    await Promise.all(runs);
    done.add(name);
  }
  return { steps, artifacts, pages, summary: readFileSync(summaryFile, 'utf8') };
}

function orderByNeeds(jobs: Record<string, GithubJob>): [string, GithubJob][] {
  const ordered: [string, GithubJob][] = [];
  const placed = new Set<string>();
  while (ordered.length < Object.keys(jobs).length) {
    const next = Object.entries(jobs).find(([name, job]) => !placed.has(name) && [job.needs ?? []].flat().every((need) => placed.has(need)));
    if (next === undefined) throw new Error('The jobs\' needs form a cycle.');
    ordered.push(next);
    placed.add(next[0]);
  }
  return ordered;
}

async function githubStep(
  step: GithubStep,
  context: Context,
  workspace: string,
  env: Readonly<Record<string, string>>,
  world: RecipeWorld,
  artifacts: string,
  publish: (dir: string) => void,
): Promise<{ code: number | null; output: string }> {
  const input = (name: string): string | undefined => (step.with?.[name] === undefined ? undefined : expand(String(step.with[name]), context));
  if (step.run !== undefined) {
    if (step.run.includes('${{')) throw new Error(`A run: script should read expressions through env:, not inline (script injection): ${step.run}`);
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, expand(value, context)]));
    const cwd = path.resolve(workspace, expand(step['working-directory'] ?? '.', context));
    return runBash(step.run, cwd, { ...env, ...stepEnv }, ['-eo', 'pipefail']);
  }
  const [action] = (step.uses ?? '').split('@');
  switch (action) {
    case 'actions/checkout': {
      const repository = input('repository') ?? world.inventory;
      const target = path.resolve(workspace, input('path') ?? '.');
      git(workspace, 'clone', '-q', path.join(world.root, 'remotes', `${repository}.git`), target);
      // actions/checkout leaves origin at the repository's address; the inventory's own checkout pushes to its (local) remote.
      if (repository !== world.inventory) git(target, 'remote', 'set-url', 'origin', `https://github.com/${repository}`);
      return { code: 0, output: `cloned ${repository}` };
    }
    case 'actions/setup-node':
      return { code: 0, output: `node ${process.version} is here` };
    case 'actions/upload-artifact': {
      const name = input('name')!;
      const from = path.resolve(workspace, input('path')!);
      if (!existsSync(from)) return { code: input('if-no-files-found') === 'error' ? 1 : 0, output: `no file at ${from}` };
      mkdirSync(path.join(artifacts, name), { recursive: true });
      cpSync(from, path.join(artifacts, name, path.basename(from)));
      return { code: 0, output: `uploaded ${name}` };
    }
    case 'actions/download-artifact': {
      const pattern = new RegExp(`^${(input('pattern') ?? '*').replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
      if (input('merge-multiple') !== 'true') throw new Error('The emulator downloads with merge-multiple: true only.');
      const into = path.resolve(workspace, input('path') ?? '.');
      mkdirSync(into, { recursive: true });
      for (const name of readdirSync(artifacts).filter((candidate) => pattern.test(candidate))) cpSync(path.join(artifacts, name), into, { recursive: true });
      return { code: 0, output: `downloaded into ${into}` };
    }
    case 'actions/upload-pages-artifact': {
      const dir = path.resolve(workspace, input('path')!);
      if (!existsSync(dir)) return { code: 1, output: `no folder ${dir}` };
      publish(dir);
      return { code: 0, output: `pages from ${dir}` };
    }
    default:
      throw new Error(`The emulator does not know the action ${String(step.uses)}.`);
  }
}

// ---- GitLab CI -------------------------------------------------------------------------------

interface GitlabJob {
  readonly stage?: string;
  readonly needs?: readonly string[];
  readonly parallel?: { readonly matrix: readonly Record<string, readonly string[]>[] };
  readonly script: readonly string[];
  readonly artifacts?: { readonly paths?: readonly string[] };
}

export interface GitlabRun {
  readonly steps: readonly StepRun[];
  /** Each job's artifacts, by job name (`sunset-check: [REPOSITORY=acme/web]`). */
  readonly artifacts: ReadonlyMap<string, string>;
}

/**
 * Runs a pipeline's jobs stage by stage, each in a fresh clone of the inventory project, its script
 * as one bash session with errexit (as GitLab's shell does); a parallel:matrix job runs once per
 * combination, in parallel. Clones and pushes of https://…@gitlab.example.com/ go to the local
 * remotes (git's url.<base>.insteadOf, in a config of the test's own).
 */
export async function runGitlabPipeline(file: string, world: RecipeWorld, secrets: Readonly<Record<string, string>>): Promise<GitlabRun> {
  const pipeline = parse(readFileSync(file, 'utf8')) as Record<string, unknown> & { stages: string[] };
  const shim = npxShim();
  const gitConfig = path.join(mkdtempSync(path.join(tmpdir(), 'sunset-gitconfig-')), 'config');
  const remotes = `${path.join(world.root, 'remotes')}/`;
  writeFileSync(gitConfig, `[url "${remotes}"]\n\tinsteadOf = https://gitlab-ci-token:test-job-token@gitlab.example.com/\n\tinsteadOf = https://sunset:${secrets['SUNSET_PUSH_TOKEN'] ?? ''}@gitlab.example.com/\n`);
  const jobs = Object.entries(pipeline).filter((entry): entry is [string, GitlabJob] => typeof entry[1] === 'object' && entry[1] !== null && 'script' in entry[1]);
  const steps: StepRun[] = [];
  const artifacts = new Map<string, string>();
  let jobId = 1000;
  for (const stage of pipeline.stages) {
    const runs = jobs
      .filter(([, job]) => (job.stage ?? 'test') === stage)
      .flatMap(([name, job]) => matrixOf(job).map((variables) => ({ name, job, variables, id: String((jobId += 1)) })))
      .map(async ({ name, job, variables, id }) => {
        const label = Object.keys(variables).length === 0 ? name : `${name}: [${Object.values(variables).join(', ')}]`;
        const dir = mkdtempSync(path.join(tmpdir(), 'sunset-gl-'));
        git(dir, 'clone', '-q', path.join(world.root, 'remotes', `${world.inventory}.git`), 'project');
        const project = path.join(dir, 'project');
        git(project, 'checkout', '-q', '--detach');
        for (const need of job.needs ?? []) {
          for (const [from, files] of artifacts) if (from === need || from.startsWith(`${need}: `)) cpSync(files, project, { recursive: true });
        }
        const env = baseEnv(shim, {
          GITLAB_CI: 'true',
          GIT_CONFIG_GLOBAL: gitConfig,
          CI_JOB_ID: id,
          CI_JOB_TOKEN: 'test-job-token',
          CI_SERVER_HOST: 'gitlab.example.com',
          CI_PROJECT_PATH: world.inventory,
          CI_PROJECT_DIR: project,
          CI_PROJECT_URL: `https://gitlab.example.com/${world.inventory}`,
          CI_COMMIT_BRANCH: 'main',
          CI_PIPELINE_SOURCE: 'schedule',
          ...secrets,
          ...variables,
        });
        const result = await runBash(job.script.join('\n'), project, env, ['-eo', 'pipefail']);
        steps.push({ job: name, step: label, ...result });
        if (result.code !== 0) throw new Error(`${label} failed (exit ${String(result.code)}):\n${result.output}`);
        const kept = mkdtempSync(path.join(tmpdir(), 'sunset-gl-artifacts-'));
        for (const artifact of job.artifacts?.paths ?? []) {
          if (existsSync(path.join(project, artifact))) cpSync(path.join(project, artifact), path.join(kept, artifact), { recursive: true });
        }
        artifacts.set(label, kept);
      });
    await Promise.all(runs);
  }
  return { steps, artifacts };
}

function matrixOf(job: GitlabJob): Record<string, string>[] {
  if (job.parallel === undefined) return [{}];
  return job.parallel.matrix.flatMap((row) => {
    let combinations: Record<string, string>[] = [{}];
    for (const [name, values] of Object.entries(row)) combinations = combinations.flatMap((combination) => [values].flat().map((value) => ({ ...combination, [name]: value })));
    return combinations;
  });
}
