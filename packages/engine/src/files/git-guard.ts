import { realpathSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../errors.js';
import { findGitRoot, runGit } from './git.js';

/** How a file differs from its last commit, as `git status` says it. */
export type UncommittedKind = 'untracked' | 'staged' | 'modified' | 'staged and modified';

/** A file `fix` is about to change that has uncommitted changes. */
export interface UncommittedFile {
  /** As the caller named it (absolute). */
  readonly file: string;
  readonly kind: UncommittedKind;
}

/** Files named in one work tree's `git status`, relative to its top folder; a folder entry ends with `/`. */
interface WorkTreeStatus {
  readonly files: ReadonlyMap<string, UncommittedKind>;
  /** Untracked folders (`?? dir/`): every file below one is untracked. */
  readonly untrackedFolders: readonly string[];
}

/** The kind of change of one `git status --porcelain` entry (`XY`), undefined for a clean or ignored one. */
function kindOf(xy: string): UncommittedKind | undefined {
  if (xy === '??') return 'untracked';
  if (xy === '!!') return undefined;
  const staged = xy[0] !== ' ';
  const modified = xy[1] !== ' ';
  if (staged && modified) return 'staged and modified';
  return staged ? 'staged' : modified ? 'modified' : undefined;
}

/** `git status --porcelain=v1 -z` of the work tree at `root`: every file with a change that is not committed. */
async function workTreeStatus(root: string): Promise<WorkTreeStatus> {
  let status;
  try {
    status = await runGit(['status', '--porcelain=v1', '-z', '--untracked-files=normal'], root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new UsageError(
        `git is not installed or not on PATH; sunset fix runs \`git status\` in ${root} to make sure it changes no file with uncommitted changes. ` +
          'Install git, or pass --force to skip this check.',
      );
    }
    throw error;
  }
  if (status.code !== 0) {
    throw new UsageError(`git status failed in ${root}: ${status.stderr.trim()}. Fix the repository, or pass --force to skip this check.`);
  }
  const files = new Map<string, UncommittedKind>();
  const untrackedFolders: string[] = [];
  const records = status.stdout.split('\0');
  for (let at = 0; at < records.length; at++) {
    const record = records[at]!;
    if (record.length < 4) continue;
    const xy = record.slice(0, 2);
    const file = record.slice(3);
    // A rename or copy is followed by its source path, which is gone from the work tree (or unchanged).
    if (xy.includes('R') || xy.includes('C')) at += 1;
    const kind = kindOf(xy);
    if (kind === undefined) continue;
    if (kind === 'untracked' && file.endsWith('/')) untrackedFolders.push(file);
    else files.set(file, kind);
  }
  return { files, untrackedFolders };
}

/** The real path of a file that exists (a symlink is written through to its target), else the path as given. */
function realPathOf(file: string): string {
  try {
    return realpathSync.native(file);
  } catch {
    return file;
  }
}

/**
 * Which of `files` (absolute paths) have uncommitted changes in their git work tree: staged, not
 * staged, or untracked. Files outside git have none. One `git status` per work tree involved; git is
 * run only when some file lies in a work tree.
 */
export async function uncommittedFiles(files: readonly string[]): Promise<UncommittedFile[]> {
  const rootOfFolder = new Map<string, string | undefined>();
  const byRoot = new Map<string, { file: string; real: string }[]>();
  for (const file of files) {
    const real = realPathOf(file);
    const folder = path.dirname(real);
    if (!rootOfFolder.has(folder)) rootOfFolder.set(folder, findGitRoot(folder));
    const root = rootOfFolder.get(folder);
    if (root === undefined) continue;
    byRoot.set(root, [...(byRoot.get(root) ?? []), { file, real }]);
  }
  const found: UncommittedFile[] = [];
  for (const [root, inTree] of byRoot) {
    const status = await workTreeStatus(root);
    for (const { file, real } of inTree) {
      const relative = path.relative(root, real).split(path.sep).join('/');
      const kind = status.files.get(relative) ?? (status.untrackedFolders.some((folder) => relative.startsWith(folder)) ? 'untracked' : undefined);
      if (kind !== undefined) found.push({ file, kind });
    }
  }
  return found;
}

/** Files listed by name in the refusal; the rest are counted. */
const maxListed = 20;

/**
 * Refuses (a UsageError, exit 2) when a file `fix` is about to change has uncommitted changes, naming
 * each one, so the fix stays its own reviewable, revertible diff and mixes with no unsaved work. Other
 * uncommitted changes (a new report, notes, work in other files) do not matter; nor do files outside git.
 * `shown` gives the path a message shows.
 */
export async function assertChangesCommitted(files: readonly string[], shown: (file: string) => string): Promise<void> {
  const dirty = await uncommittedFiles(files);
  if (dirty.length === 0) return;
  const listed = dirty.slice(0, maxListed).map(({ file, kind }) => `  ${shown(file)} (${kind})`);
  if (dirty.length > maxListed) listed.push(`  … and ${dirty.length - maxListed} more`);
  const these = dirty.length === 1 ? 'this file, which has' : `these ${dirty.length} files, which have`;
  throw new UsageError(
    [
      `Refusing to rewrite files: sunset fix would change ${these} uncommitted changes:`,
      ...listed,
      'sunset fix edits files in place; keeping its edits apart from your own keeps them a diff you can review and revert.',
      `Commit or stash the changes to ${dirty.length === 1 ? 'this file' : 'these files'} first, or pass --force to run anyway (or --dry to only preview).`,
    ].join('\n'),
  );
}
