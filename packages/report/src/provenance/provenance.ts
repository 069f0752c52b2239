import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { findGitRoot, toPosix, type ResolvedConfig } from '@sunset/engine';
import type { OwnershipSource } from '../inventory/types.js';
import { repositoryFromRemote, type RemoteRepository } from './remote-url.js';

/** Where the repository name came from, in the order they are tried. */
export type RepositorySource = 'flag' | 'GITHUB_REPOSITORY' | 'CI_PROJECT_PATH' | 'origin' | 'folder';

/** What a result knows of where it comes from: `provenance` in `sunset check --format json` and `sunset report --format json`. */
export interface Provenance {
  /** `acme/web`: --repo-name, the CI's variable, the origin remote's path, or the folder's name. */
  readonly repository: string;
  readonly repositoryFrom: RepositorySource;
  /** The repository's web address (`https://github.com/acme/web`), without credentials, when known. */
  readonly url?: string;
  /** `github` or `gitlab` when the address says so: the merge links files at their commit with it. */
  readonly platform?: 'github' | 'gitlab';
  /** HEAD of the work tree (40 hex), or null outside git or before the first commit. */
  readonly commit: string | null;
  /** Committer date of that commit, ISO 8601. */
  readonly committedAt?: string;
  /** The working directory relative to the repository root ('' at the root): the results' paths start there. */
  readonly directory: string;
  /** When the result was made, ISO 8601 (UTC). */
  readonly date: string;
  readonly tool: 'sunset check' | 'sunset report';
  readonly toolVersion: string;
  readonly ruleDataVersion: string;
  /** The config file, relative to the repository root; null when none was found. */
  readonly configFile: string | null;
  /** `sha256:` + 16 hex of every option that changes which findings there are (not asOf: see summary). */
  readonly configDigest: string;
  /** How the owners of each site were found (`sunset report`'s resolution). */
  readonly ownership: OwnershipSource;
  /** `sunset check --changed-since REF`: the result holds only findings on lines changed since REF. */
  readonly changedSince?: string;
}

export interface ProvenanceInput {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly now: Date;
  readonly repoName: string | undefined;
  readonly config: ResolvedConfig;
  readonly ownership: OwnershipSource;
  readonly tool: Provenance['tool'];
  readonly toolVersion: string;
  readonly ruleDataVersion: string;
  readonly changedSince?: string | undefined;
}

/** The CI variables that name the repository a pipeline runs for, and the folder it checked that repository out to. */
const ciRepositories = [
  { name: 'GITHUB_REPOSITORY', workspace: 'GITHUB_WORKSPACE', url: (env: Env) => joinUrl(env['GITHUB_SERVER_URL'] ?? 'https://github.com', env['GITHUB_REPOSITORY']), platform: 'github' },
  { name: 'CI_PROJECT_PATH', workspace: 'CI_PROJECT_DIR', url: (env: Env) => env['CI_PROJECT_URL'], platform: 'gitlab' },
] as const;

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The result's provenance. The repository: `--repo-name`; else a CI variable, but only when the work
 * tree is the one that CI checked out (an organisation's matrix job checks other repositories out
 * into sub-folders, where GITHUB_REPOSITORY names the wrong one); else the origin remote; else the
 * folder's name. The commit is read from git, never from CI variables, for the same reason. The
 * remote is read as configured (not through `url.<base>.insteadOf` rewrites), and a remote on the CI's
 * own server counts as that platform (a self-hosted GitLab or GitHub).
 */
export async function provenanceOf(input: ProvenanceInput): Promise<Provenance> {
  const gitRoot = findGitRoot(input.cwd);
  const root = gitRoot ?? input.cwd;
  const [head, origin] = gitRoot === undefined ? [undefined, undefined] : await Promise.all([gitOutput(gitRoot, ['log', '-1', '--format=%H%n%cI']), gitOutput(gitRoot, ['config', '--get', 'remote.origin.url'])]);
  const [commit, committedAt] = head === undefined ? [] : head.split('\n');
  const fromRemote = origin === undefined ? undefined : withCiPlatform(repositoryFromRemote(origin), input.env);
  const named = repositoryName(input, root, fromRemote?.name);
  const web = named.from === 'GITHUB_REPOSITORY' || named.from === 'CI_PROJECT_PATH' ? ciWeb(input.env, named.from) : fromRemote;
  return {
    repository: named.name,
    repositoryFrom: named.from,
    ...(web?.url === undefined ? {} : { url: web.url }),
    ...(web?.platform === undefined ? {} : { platform: web.platform }),
    commit: commit === undefined || commit === '' ? null : commit,
    ...(committedAt === undefined || committedAt === '' ? {} : { committedAt: new Date(committedAt).toISOString() }),
    directory: toPosix(path.relative(realpath(root), realpath(input.cwd))),
    date: input.now.toISOString(),
    tool: input.tool,
    toolVersion: input.toolVersion,
    ruleDataVersion: input.ruleDataVersion,
    configFile: input.config.file === undefined ? null : toPosix(path.relative(realpath(root), realpath(input.config.file))),
    configDigest: configDigestOf(input.config),
    ownership: input.ownership,
    ...(input.changedSince === undefined ? {} : { changedSince: input.changedSince }),
  };
}

/** A remote on the CI's own server (a self-hosted GitHub or GitLab) is on that platform too. */
function withCiPlatform(remote: RemoteRepository | undefined, env: Env): RemoteRepository | undefined {
  if (remote?.url === undefined || remote.platform !== undefined) return remote;
  const host = new URL(remote.url).hostname;
  const githubServer = env['GITHUB_SERVER_URL'];
  if (githubServer !== undefined && URL.canParse(githubServer) && new URL(githubServer).hostname === host) return { ...remote, platform: 'github' };
  if (env['CI_SERVER_HOST'] !== undefined && env['CI_SERVER_HOST'].split(':')[0] === host) return { ...remote, platform: 'gitlab' };
  return remote;
}

function repositoryName(input: ProvenanceInput, root: string, fromRemote: string | undefined): { name: string; from: RepositorySource } {
  if (input.repoName !== undefined) return { name: input.repoName, from: 'flag' };
  for (const ci of ciRepositories) {
    const name = input.env[ci.name];
    if (name === undefined || name === '') continue;
    const workspace = input.env[ci.workspace];
    if (workspace === undefined || workspace === '' || realpath(workspace) === realpath(root)) return { name, from: ci.name };
  }
  if (fromRemote !== undefined) return { name: fromRemote, from: 'origin' };
  return { name: path.basename(realpath(root)), from: 'folder' };
}

function ciWeb(env: Env, from: 'GITHUB_REPOSITORY' | 'CI_PROJECT_PATH'): { url?: string; platform: 'github' | 'gitlab' } {
  const ci = ciRepositories.find((candidate) => candidate.name === from)!;
  const url = ci.url(env);
  return url === undefined || url === '' ? { platform: ci.platform } : { url: url.replace(/\/+$/, ''), platform: ci.platform };
}

function joinUrl(server: string, repository: string | undefined): string | undefined {
  return repository === undefined ? undefined : `${server.replace(/\/+$/, '')}/${repository}`;
}

/** Every option that changes which findings a run has, hashed: two results with the same digest were checked alike. */
export function configDigestOf(config: ResolvedConfig): string {
  const options = {
    apiHosts: config.apiHosts,
    identityHosts: config.identityHosts,
    apis: config.apis,
    reportScheduled: config.reportScheduled,
    scheduledWithinDays: config.scheduledWithinDays,
    customEntries: config.customEntries,
    rules: config.rules,
    ignores: config.ignores,
    failOn: config.failOn,
  };
  return `sha256:${createHash('sha256').update(JSON.stringify(options)).digest('hex').slice(0, 16)}`;
}

function realpath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}

/** git's trimmed output, or undefined when git fails (no commit yet, no such remote). */
function gitOutput(cwd: string, args: readonly string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', [...args], { cwd, encoding: 'utf8', env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } }, (error, stdout) => resolve(error === null ? stdout.trim() : undefined));
  });
}
