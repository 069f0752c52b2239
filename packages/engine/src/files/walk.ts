import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import ignore from 'ignore';
import { compareText, describeFileError, UsageError, type FileProblem } from '../errors.js';
import { findGitRoot } from './git.js';
import { isGitignored, loadGitignoreRules } from './gitignore.js';
import { listTree } from './list-tree.js';
import { displayPath, hasSourceExtension, isInAlwaysSkippedFolder, isInside, sourceExtensions, toPosix } from './paths.js';

export interface WalkOptions {
  /** Paths are resolved against it and reported relative to it. */
  readonly cwd: string;
  /** Gitignore-style patterns from the config, relative to `ignoresBase`. */
  readonly ignores?: readonly string[];
  readonly ignoresBase?: string;
}

/** A file to scan: its absolute path and the path reports show. */
export interface FoundSource {
  readonly path: string;
  /** Relative to the working directory, forward slashes. */
  readonly displayPath: string;
}

export interface SourceListing {
  /** Sorted by display path. */
  readonly files: readonly FoundSource[];
  /** Folders below a given path that could not be listed: their files were not checked. */
  readonly unreadable: readonly FileProblem[];
}

/**
 * The JS/TS files under `paths` (folders are walked, files taken as given), sorted by display path.
 * Folders skip `node_modules`, `.git`, what `.gitignore` files exclude, the config's `ignores`,
 * and symlinks (a linked folder is not entered, a linked file not listed). A given path that cannot
 * be read is a UsageError; a folder below it that cannot be listed is returned in `unreadable`.
 */
export async function findSourceFiles(paths: readonly string[], options: WalkOptions): Promise<SourceListing> {
  const configIgnores = ignore().add([...(options.ignores ?? [])]);
  const ignoresBase = options.ignoresBase ?? options.cwd;
  const isConfigIgnored = (file: string): boolean =>
    isInside(ignoresBase, file) && file !== ignoresBase && configIgnores.ignores(toPosix(path.relative(ignoresBase, file)));

  const byRealPath = new Map<string, string>();
  const unreadable: FileProblem[] = [];
  for (const given of paths) {
    const absolute = path.resolve(options.cwd, given);
    const kind = await pathKind(given, absolute);
    const found = kind === 'file' ? await explicitFile(given, absolute) : await walkFolder(absolute, isConfigIgnored, unreadable);
    for (const { file, real } of found) {
      if (!byRealPath.has(real)) byRealPath.set(real, file);
    }
  }
  const files = [...byRealPath.values()]
    .map((file) => ({ path: file, displayPath: displayPath(options.cwd, file) }))
    .sort((a, b) => compareText(a.displayPath, b.displayPath));
  return { files, unreadable: unreadable.sort((a, b) => compareText(a.file, b.file)) };
}

async function pathKind(given: string, absolute: string): Promise<'file' | 'folder'> {
  let stats;
  try {
    stats = await stat(absolute);
  } catch (error) {
    throw new UsageError(`Cannot read path ${JSON.stringify(given)}: ${describeFileError(error)}. Check the path and try again.`);
  }
  if (stats.isDirectory()) return 'folder';
  if (stats.isFile()) return 'file';
  throw new UsageError(`Cannot scan ${JSON.stringify(given)}: it is neither a file nor a folder. Pass a folder or a source file.`);
}

/** A file found, with its real path (symlinks resolved) so a file reached twice is listed once. */
interface FoundFile {
  readonly file: string;
  readonly real: string;
}

/** An explicit file is taken as given (even if gitignored), unless it sits in node_modules or is not JS/TS. */
async function explicitFile(given: string, absolute: string): Promise<FoundFile[]> {
  if (isInAlwaysSkippedFolder(absolute)) return [];
  if (!hasSourceExtension(absolute)) {
    throw new UsageError(
      `Cannot scan ${JSON.stringify(given)}: only ${sourceExtensions.join(' ')} files are scanned. Pass a source file or a folder.`,
    );
  }
  return [{ file: absolute, real: await realpath(absolute) }];
}

async function walkFolder(root: string, isConfigIgnored: (file: string) => boolean, unreadable: FileProblem[]): Promise<FoundFile[]> {
  const realRoot = await realpath(root);
  const listing = listTree(root);
  const gitignore = await loadGitignoreRules(root, findGitRoot(root), listing.gitignores);
  for (const folder of listing.unreadable) {
    if (isGitignored(gitignore, folder.path) || isConfigIgnored(folder.path)) continue;
    unreadable.push({ file: folder.path, message: `Cannot read the folder: ${describeFileError(folder.error)}; its files were not checked.` });
  }
  const files: FoundFile[] = [];
  for (const file of listing.sources) {
    if (isGitignored(gitignore, file) || isConfigIgnored(file)) continue;
    // listTree follows no symlink, so every folder between the root and the file is a real one:
    // the file's real path is the root's real path plus the same relative path.
    files.push({ file, real: path.join(realRoot, path.relative(root, file)) });
  }
  return files;
}
