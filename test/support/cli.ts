import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot } from './legacy-app.js';

// Helpers for the end-to-end tests: they run the BUILT `sunset` binary (packages/cli/dist/bin.js)
// as a child process, exactly as a user or a CI job would.

export const sunsetBin = path.join(repoRoot, 'packages/cli/dist/bin.js');
export const codemodBin = path.join(repoRoot, 'packages/codemod/dist/bin.js');
export const cliFixturesDir = path.join(repoRoot, 'fixtures/cli');

/** Every package the build makes: a source change in any of them (the engine, config, project too) makes the build stale. */
const packageNames = Object.keys(JSON.parse(readFileSync(path.join(repoRoot, 'package-graph.json'), 'utf8')) as Record<string, unknown>).filter((key) => !key.startsWith('$'));

export interface RunResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  /** Working directory of the child (default: the repository root). */
  readonly cwd?: string;
  /** Extra environment; NO_COLOR=1 is always set so output is plain text. */
  readonly env?: Readonly<Record<string, string>>;
}

/** Newest modification time of the files under `dir` (0 when it does not exist). */
function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** True when some package has no build, or a source file is newer than its build info. */
export function buildIsStale(): boolean {
  return packageNames.some((name) => {
    const buildInfo = path.join(repoRoot, 'packages', name, 'dist/.tsbuildinfo');
    if (!existsSync(buildInfo)) return true;
    return newestMtime(path.join(repoRoot, 'packages', name, 'src')) > statSync(buildInfo).mtimeMs;
  });
}

/**
 * Builds the packages when dist is missing or older than the sources (CI builds first, so normally
 * this does nothing). Test files run in parallel; a lock folder keeps two builds from racing.
 */
export async function ensureBuilt(): Promise<void> {
  if (!buildIsStale()) return;
  // One lock per checkout (two CI runs side by side build their own trees); it names its holder's pid.
  const lock = path.join(os.tmpdir(), `sunset-e2e-build-${createHash('sha256').update(repoRoot).digest('hex').slice(0, 12)}.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      // Another test file is building; a lock whose process has ended is left over from a killed run.
      if (!holderIsAlive(lock)) rmSync(lock, { recursive: true, force: true });
      else await sleep(200);
    }
  }
  try {
    if (!buildIsStale()) return;
    const build = spawnSync('npx', ['tsc', '-b', 'tsconfig.build.json'], { cwd: repoRoot, encoding: 'utf8' });
    if (build.status === 0) return;
    const report = `The build failed:\n${build.stdout}${build.stderr}`;
    if (!existsSync(sunsetBin) || !existsSync(codemodBin)) throw new Error(report);
    // Sources mid-edit elsewhere in the workspace: test the last good build (CI builds first and fails there).
    console.warn(`${report}\nRunning the end-to-end tests against the previous build in packages/*/dist.`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Whether the process named in the lock still runs (a lock made in the last seconds, its pid not written yet, counts as held). */
function holderIsAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
  } catch {
    // Made a moment ago and its pid not written yet, or its holder died in between.
    try {
      return Date.now() - statSync(lock).mtimeMs < 10_000;
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs a node script as a child process and collects its exit code and output. */
export function runNode(script: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  return runCommand(process.execPath, [script, ...args], options);
}

/** Any command as a child process, colour off, its output collected. */
export function runCommand(command: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `sunset <args>` with the built binary. */
export function runSunset(args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  return runNode(sunsetBin, args, options);
}

/** Parses stdout as JSON, with the output in the error when it is not JSON. */
export function parseJson<T>(result: RunResult): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    throw new Error(`stdout is not JSON (exit ${String(result.code)}):\n${result.stdout}\nstderr:\n${result.stderr}`);
  }
}

/** A fresh temporary folder; `cleanup` removes it. */
export async function makeTempDir(prefix: string): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `sunset-${prefix}-`));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Copies a fixture folder (relative to the repository root) into `target`. */
export async function copyFixture(fixture: string, target: string): Promise<string> {
  await cp(path.join(repoRoot, fixture), target, { recursive: true });
  return target;
}

/** Runs git in `cwd` with a fixed identity; throws with git's output when it fails. */
export function git(cwd: string, args: readonly string[]): string {
  const result = spawnSync('git', ['-c', 'user.name=Sunset Tests', '-c', 'user.email=tests@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed in ${cwd}:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** Turns `cwd` into a git repository with everything committed. */
export function initGitRepo(cwd: string): void {
  git(cwd, ['init', '--quiet', '--initial-branch=main']);
  git(cwd, ['add', '--all']);
  git(cwd, ['commit', '--quiet', '--message', 'initial']);
}

/** An absolute path inside the repository. */
export function repoRootPath(relative: string): string {
  return path.join(repoRoot, relative);
}

/**
 * Every finding `sunset check` reports on fixtures/legacy-app, as the CLI's JSON prints them: a
 * retirement (entry, retired, fix) or, for rules that are not about one entry, a message. They are
 * expected-findings.json (each file checked alone, as ESLint and oxlint report them) without the
 * declarations the calls of expected-cross-file-findings.json read (`legacyAppConsumedDeclarations`),
 * and those calls (reading a constant of src/config/endpoints.ts, found through the module graph).
 */
export interface ExpectedAppFinding {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly rule: string;
  readonly entry?: string;
  readonly retired?: string;
  readonly fix?: string;
  readonly message?: string;
}

interface ExpectedCrossFileFinding extends ExpectedAppFinding {
  readonly related: readonly { readonly file: string; readonly line: number; readonly column: number; readonly message: string }[];
}

const readAppExpected = <T>(name: string): T[] => JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/legacy-app', name), 'utf8')) as T[];

/** `file:line:column` of each declaration a call of expected-cross-file-findings.json names as the value it reads: one request is one finding. */
export function legacyAppConsumedDeclarations(): string[] {
  const places = readAppExpected<ExpectedCrossFileFinding>('expected-cross-file-findings.json').flatMap((finding) =>
    finding.related.filter((place) => place.message.startsWith('The value is declared here')).map((place) => `${place.file}:${place.line}:${place.column}`),
  );
  return [...new Set(places)];
}

export function legacyAppExpected(): ExpectedAppFinding[] {
  const consumed = new Set(legacyAppConsumedDeclarations());
  const ownFile = readAppExpected<ExpectedAppFinding>('expected-findings.json').filter((finding) => !consumed.has(`${finding.file}:${finding.line}:${finding.column}`));
  const crossFile = readAppExpected<ExpectedCrossFileFinding>('expected-cross-file-findings.json').map(({ file, line, column, rule, entry, retired, fix }) => ({ file, line, column, rule, entry, retired, fix }));
  return [...ownFile, ...crossFile];
}

/** File, line, column, then entry, rule and message: a total order for findings of any rule. */
export function inReportOrder(
  a: { file: string; line: number; column: number; entry?: string; rule?: string; message?: string },
  b: { file: string; line: number; column: number; entry?: string; rule?: string; message?: string },
): number {
  return (
    a.file.localeCompare(b.file) ||
    a.line - b.line ||
    a.column - b.column ||
    (a.entry ?? '').localeCompare(b.entry ?? '') ||
    (a.rule ?? '').localeCompare(b.rule ?? '') ||
    (a.message ?? '').localeCompare(b.message ?? '')
  );
}

/**
 * A `sunset check --format json` result without what says where it comes from (`tool`, `version`,
 * `provenance`, each finding's `owners`: their tests are test/org-*.test.ts), for tests about findings.
 */
export function withoutOrigin<T>(report: T): T {
  const origin = new Set(['tool', 'version', 'provenance']);
  const rest = Object.fromEntries(Object.entries(report as Record<string, unknown>).filter(([key]) => !origin.has(key)));
  const findings = (rest['findings'] as Record<string, unknown>[] | undefined)?.map((finding) => {
    const copy = { ...finding };
    delete copy['owners'];
    return copy;
  });
  return (findings === undefined ? rest : { ...rest, findings }) as T;
}
