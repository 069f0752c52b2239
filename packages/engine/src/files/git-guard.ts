import path from 'node:path';
import { UsageError } from '../errors.js';
import { runGit } from './git.js';

/** What `git status` says about the work trees holding some folders. */
export interface WorkTreeStatus {
  /** Top folder of the work tree. */
  readonly root: string;
  /** `git status --porcelain` lines: uncommitted changes, tracked or untracked. */
  readonly changes: readonly string[];
}

/** The status of every git work tree that holds one of `folders` (folders outside git are left out). */
export async function gitWorkTreeStatus(folders: readonly string[]): Promise<WorkTreeStatus[]> {
  const roots = new Set<string>();
  for (const folder of folders) {
    const root = await workTreeRoot(folder);
    if (root !== undefined) roots.add(root);
  }
  const statuses: WorkTreeStatus[] = [];
  for (const root of roots) {
    const status = await runGit(['status', '--porcelain'], root);
    if (status.code !== 0) {
      throw new UsageError(`git status failed in ${root}: ${status.stderr.trim()}. Fix the repository, or pass --force to skip this check.`);
    }
    statuses.push({ root, changes: status.stdout.split('\n').filter((line) => line.trim() !== '') });
  }
  return statuses;
}

/**
 * Refuses to rewrite files in a git work tree with uncommitted changes (tracked or untracked),
 * so the fix stays one reviewable, revertible diff. A folder outside git is fine.
 */
export async function assertCleanWorkTrees(folders: readonly string[]): Promise<void> {
  for (const { root, changes } of await gitWorkTreeStatus(folders)) {
    if (changes.length === 0) continue;
    const listed = changes.slice(0, 5).map((line) => `  ${line.slice(3)}`);
    if (changes.length > 5) listed.push(`  … and ${changes.length - 5} more`);
    throw new UsageError(
      [
        `Refusing to rewrite files: the git work tree ${root} has uncommitted changes:`,
        ...listed,
        'sunset fix edits files in place; starting from a clean tree keeps its changes a diff you can review and revert.',
        'Commit or stash your changes first, or pass --force to run anyway (or --dry to only preview).',
      ].join('\n'),
    );
  }
}

async function workTreeRoot(folder: string): Promise<string | undefined> {
  let result;
  try {
    result = await runGit(['rev-parse', '--show-toplevel'], folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new UsageError(
        'git is not installed or not on PATH; sunset fix uses `git status` to make sure there are no uncommitted changes. ' +
          'Install git, or pass --force to skip this check.',
      );
    }
    throw error;
  }
  if (result.code !== 0) return undefined;
  return path.resolve(result.stdout.trim());
}
