import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** The top of the git work tree containing `dir` (the folder holding `.git`), found without running git. */
export function findGitRoot(dir: string): string | undefined {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    if (existsSync(path.join(current, '.git'))) return current;
    if (path.dirname(current) === current) return undefined;
  }
}

export interface GitResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs git with arguments (never a shell). Rejects with `code: 'ENOENT'` when git is not installed. */
export function runGit(args: readonly string[], cwd: string): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    execFile('git', [...args], { cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error !== null && typeof error.code === 'string') {
        reject(error);
        return;
      }
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
    });
  });
}

/** The global excludes file git reads for a work tree (by its top): `core.excludesFile`, or git's default. */
export type GlobalExcludesLookup = (gitRoot: string) => string;

/**
 * Git's global excludes file, looked up once per work tree for one run: `core.excludesFile` as
 * `git config --path --get` gives it (the repository's, the global and the system config, with their
 * includes, `~` expanded; a relative path from the work tree's top, where git runs), else
 * `$XDG_CONFIG_HOME/git/ignore` or `~/.config/git/ignore`. Asking git (one spawn, 5-10 ms, once per
 * run and work tree) rather than parsing config files gives git's own answer; `git config` reads files
 * only, it runs nothing of the repository. Without git installed, the default file.
 */
export function createGlobalExcludes(env: Readonly<Record<string, string | undefined>> = process.env): GlobalExcludesLookup {
  const known = new Map<string, string>();
  return (gitRoot) => {
    let file = known.get(gitRoot);
    if (file === undefined) known.set(gitRoot, (file = globalExcludesFile(gitRoot, env)));
    return file;
  };
}

function globalExcludesFile(gitRoot: string, env: Readonly<Record<string, string | undefined>>): string {
  const asked = spawnSync('git', ['config', '--path', '--get', 'core.excludesFile'], { cwd: gitRoot, env: { ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const configured = asked.status === 0 ? asked.stdout.replace(/\n$/, '') : '';
  if (configured !== '') return path.resolve(gitRoot, configured);
  const home = env.HOME !== undefined && env.HOME !== '' ? env.HOME : homedir();
  const xdg = env.XDG_CONFIG_HOME !== undefined && env.XDG_CONFIG_HOME !== '' ? env.XDG_CONFIG_HOME : path.join(home, '.config');
  return path.join(xdg, 'git', 'ignore');
}
