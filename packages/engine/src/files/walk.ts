import { constants, lstatSync, realpathSync } from 'node:fs';
import { access, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import ignore from 'ignore';
import { compareText, describeFileError, UsageError, type FileProblem } from '../errors.js';
import { findGitRoot } from './git.js';
import { isGitignored, loadGitignoreRules, loadGitignoreRulesSync, type GitignoreRules } from './gitignore.js';
import { listTree, type ReadFolder } from './list-tree.js';
import { displayPath, hasSourceExtension, isInAlwaysSkippedFolder, isInside, relativePosix, sourceExtensions } from './paths.js';
import { excludedByConfigMessage, unscannedExtensionMessage, type SkippedFile } from './source-shape.js';

export interface WalkOptions {
  /** Paths are resolved against it and reported relative to it. */
  readonly cwd: string;
  /** Gitignore-style patterns from the config, relative to `ignoresBase`. */
  readonly ignores?: readonly string[];
  readonly ignoresBase?: string;
  /** How folders are listed (default: `readdirSync`; a `createFolderCache()` shared with other passes of the same run). */
  readonly readFolder?: ReadFolder;
  /** Told, while folders are walked, how many source files were found so far (before `.gitignore` and `ignores` leave some out). */
  readonly onFound?: (found: number) => void;
}

/** A file to scan: its absolute path and the path reports show. */
export interface FoundSource {
  readonly path: string;
  /** Relative to the working directory, forward slashes. */
  readonly displayPath: string;
  /** Named on the command line: read whatever its size or shape (`maxFileSize` and minified detection do not apply). */
  readonly explicit: boolean;
}

export interface SourceListing {
  /** Sorted by display path. */
  readonly files: readonly FoundSource[];
  /** Folders below a given path that could not be listed: their files were not checked. */
  readonly unreadable: readonly FileProblem[];
  /** Files found but not to be read: excluded by the config's `ignores`, or of an extension not read yet. Sorted by path. */
  readonly skipped: readonly SkippedFile[];
}

/**
 * The JS/TS files under `paths` (folders are walked, files taken as given), sorted by display path.
 * Folders skip `node_modules`, `.git`, what `.gitignore` files exclude, the config's `ignores`,
 * and symlinks (a linked folder is not entered, a linked file not listed). A given path that cannot
 * be read is a UsageError; a folder below it that cannot be listed is returned in `unreadable`.
 * Source files the config's `ignores` exclude, and `.vue`/`.svelte`/`.astro` files, are returned in
 * `skipped` so the run can say it did not read them (what `.gitignore` excludes is not listed).
 */
export async function findSourceFiles(paths: readonly string[], options: WalkOptions): Promise<SourceListing> {
  const configIgnores = ignore().add([...(options.ignores ?? [])]);
  const ignoresBase = options.ignoresBase ?? options.cwd;
  const isConfigIgnored = (file: string): boolean =>
    (options.ignores ?? []).length > 0 && isInside(ignoresBase, file) && file !== ignoresBase && configIgnores.ignores(relativePosix(ignoresBase, file));

  const byRealPath = new Map<string, FoundFile>();
  const unreadable: FileProblem[] = [];
  const skipped = new Map<string, SkippedFile>();
  for (const given of paths) {
    const absolute = path.resolve(options.cwd, given);
    const kind = await pathKind(given, absolute);
    const counted = byRealPath.size;
    const onSource = options.onFound === undefined ? undefined : (found: number): void => options.onFound?.(counted + found);
    const found = kind === 'file' ? await explicitFile(given, absolute) : await walkFolder(absolute, isConfigIgnored, unreadable, skipped, options.readFolder, onSource);
    for (const file of found) {
      const earlier = byRealPath.get(file.real);
      // A file both named and found in a named folder counts as named.
      if (earlier === undefined || (file.explicit && !earlier.explicit)) byRealPath.set(file.real, file);
    }
  }
  const files = [...byRealPath.values()]
    .map(({ file, explicit }) => ({ path: file, displayPath: displayPath(options.cwd, file), explicit }))
    .sort((a, b) => compareText(a.displayPath, b.displayPath));
  return {
    files,
    unreadable: unreadable.sort((a, b) => compareText(a.file, b.file)),
    skipped: [...skipped.values()].sort((a, b) => compareText(a.file, b.file)),
  };
}

async function pathKind(given: string, absolute: string): Promise<'file' | 'folder'> {
  let stats;
  try {
    stats = await stat(absolute);
  } catch (error) {
    throw new UsageError(`Cannot read path ${JSON.stringify(given)}: ${describeFileError(error)}. Check the path and try again.`);
  }
  const kind = stats.isDirectory() ? 'folder' : stats.isFile() ? 'file' : undefined;
  if (kind === undefined) {
    throw new UsageError(`Cannot scan ${JSON.stringify(given)}: it is neither a file nor a folder. Pass a folder or a source file.`);
  }
  try {
    // A folder must be listed and entered; a file read. (Root passes every check: mode bits do not bind it.)
    await access(absolute, kind === 'folder' ? constants.R_OK | constants.X_OK : constants.R_OK);
  } catch (error) {
    throw new UsageError(`Cannot read path ${JSON.stringify(given)}: ${describeFileError(error)}. Check its permissions and try again.`);
  }
  return kind;
}

/** A file found, with its real path (symlinks resolved) so a file reached twice is listed once. */
interface FoundFile {
  readonly file: string;
  readonly real: string;
  readonly explicit: boolean;
}

/** An explicit file is taken as given (even if gitignored), unless it sits in node_modules or is not JS/TS. */
async function explicitFile(given: string, absolute: string): Promise<FoundFile[]> {
  if (isInAlwaysSkippedFolder(absolute)) return [];
  if (!hasSourceExtension(absolute)) {
    throw new UsageError(
      `Cannot scan ${JSON.stringify(given)}: only ${sourceExtensions.join(' ')} files are scanned. Pass a source file or a folder.`,
    );
  }
  return [{ file: absolute, real: await realpath(absolute), explicit: true }];
}

async function walkFolder(
  root: string,
  isConfigIgnored: (file: string) => boolean,
  unreadable: FileProblem[],
  skipped: Map<string, SkippedFile>,
  readFolder: ReadFolder | undefined,
  onSource?: (found: number) => void,
): Promise<FoundFile[]> {
  const realRoot = await realpath(root);
  const listing = listTree(root, readFolder, onSource);
  const gitignore = await loadGitignoreRules(root, findGitRoot(root), listing.gitignores);
  for (const folder of listing.unreadable) {
    if (isGitignored(gitignore, folder.path) || isConfigIgnored(folder.path)) continue;
    unreadable.push({ file: folder.path, message: `Cannot read the folder: ${describeFileError(folder.error)}; its files were not checked.` });
  }
  const files: FoundFile[] = [];
  for (const file of listing.sources) {
    if (isGitignored(gitignore, file)) continue;
    if (isConfigIgnored(file)) {
      skipped.set(file, { file, reason: 'excluded-by-config', message: excludedByConfigMessage });
      continue;
    }
    // listTree follows no symlink, so every folder between the root and the file is a real one:
    // the file's real path is the root's real path plus the same relative path.
    files.push({ file, real: realRoot === root ? file : path.join(realRoot, path.relative(root, file)), explicit: false });
  }
  for (const file of listing.unscanned) {
    if (isGitignored(gitignore, file)) continue;
    skipped.set(
      file,
      isConfigIgnored(file)
        ? { file, reason: 'excluded-by-config', message: excludedByConfigMessage }
        : { file, reason: 'unscanned-extension', message: unscannedExtensionMessage(path.extname(file).toLowerCase()) },
    );
  }
  return files;
}

/**
 * Which of `candidates` (absolute paths, e.g. the files a change touches) the walk of `paths` would
 * list, without walking: under a given folder (or given themselves), a source extension, no
 * `node_modules`/`.git` folder on the way, no symlink, not excluded by a `.gitignore` on the way
 * (read per folder, once) — and those the config's `ignores` exclude listed as skipped, as the walk
 * lists them. A file given on the command line counts as named (`explicit`). Files that no longer
 * exist are left out. The result reads as `findSourceFiles`' does.
 */
export async function selectSourceFiles(paths: readonly string[], candidates: readonly string[], options: WalkOptions): Promise<SourceListing> {
  const roots = await Promise.all(paths.map(async (given) => ({ given, absolute: path.resolve(options.cwd, given), kind: await pathKind(given, path.resolve(options.cwd, given)) })));
  const filter = createWalkFilter(roots.filter((root) => root.kind === 'folder').map((root) => root.absolute), options);
  const named = new Set(roots.filter((root) => root.kind === 'file').map((root) => root.absolute));
  const files = new Map<string, FoundSource>();
  const skipped = new Map<string, SkippedFile>();
  for (const candidate of new Set(candidates.map((file) => path.resolve(file)))) {
    if (named.has(candidate)) {
      if (!isInAlwaysSkippedFolder(candidate) && hasSourceExtension(candidate) && isRegularFile(candidate)) {
        files.set(candidate, { path: candidate, displayPath: displayPath(options.cwd, candidate), explicit: true });
      }
      continue;
    }
    const verdict = filter(candidate);
    if (verdict === 'listed') files.set(candidate, { path: candidate, displayPath: displayPath(options.cwd, candidate), explicit: false });
    else if (verdict === 'excluded-by-config') skipped.set(candidate, { file: candidate, reason: 'excluded-by-config', message: excludedByConfigMessage });
  }
  return {
    files: [...files.values()].sort((a, b) => compareText(a.displayPath, b.displayPath)),
    unreadable: [],
    skipped: [...skipped.values()].sort((a, b) => compareText(a.file, b.file)),
  };
}

/** What the walk of some folders does with one file: lists it, lists it as excluded by the config, or never sees it. */
export type WalkVerdict = 'listed' | 'excluded-by-config' | 'unseen';

/**
 * The walk's decision for single files below `folders` (absolute), without listing any folder: the
 * same tests `listTree` and `walkFolder` apply, with the `.gitignore` files of the folders on the way
 * read once each. For the files a change touches and the files they import.
 */
export function createWalkFilter(folders: readonly string[], options: WalkOptions): (file: string) => WalkVerdict {
  const configIgnores = ignore().add([...(options.ignores ?? [])]);
  const ignoresBase = options.ignoresBase ?? options.cwd;
  const rulesByFolder = new Map<string, GitignoreRules>();
  const gitRoots = new Map<string, string | undefined>();
  const gitRootOf = (root: string): string | undefined => {
    if (!gitRoots.has(root)) gitRoots.set(root, findGitRoot(root));
    return gitRoots.get(root);
  };
  const realFolder = new Map<string, string | undefined>();
  const realOf = (folder: string): string | undefined => {
    if (!realFolder.has(folder)) {
      let real: string | undefined;
      try {
        real = realpathSync(folder);
      } catch {
        real = undefined;
      }
      realFolder.set(folder, real);
    }
    return realFolder.get(folder);
  };
  return (file) => {
    const root = folders.find((folder) => isInside(folder, file) && folder !== file);
    if (root === undefined || !hasSourceExtension(file) || !isRegularFile(file)) return 'unseen';
    const below = relativePosix(root, path.dirname(file));
    if (below !== '' && below.split('/').some((name) => name.toLowerCase() === 'node_modules' || name.toLowerCase() === '.git')) return 'unseen';
    // listTree enters no linked folder: the folder must be where the root's real path says.
    const realRoot = realOf(root);
    if (realRoot === undefined || realOf(path.dirname(file)) !== path.join(realRoot, path.relative(root, path.dirname(file)))) return 'unseen';
    const folder = path.dirname(file);
    let rules = rulesByFolder.get(folder);
    if (rules === undefined) rulesByFolder.set(folder, (rules = loadGitignoreRulesSync(root, gitRootOf(root), gitignoresBetween(root, folder).reverse())));
    if (isGitignored(rules, file)) return 'unseen';
    const configIgnored = (options.ignores ?? []).length > 0 && isInside(ignoresBase, file) && file !== ignoresBase && configIgnores.ignores(relativePosix(ignoresBase, file));
    return configIgnored ? 'excluded-by-config' : 'listed';
  };
}

/** The `.gitignore` files from `root` down to `folder` (both included), as the walk of `root` would find them. */
function gitignoresBetween(root: string, folder: string): string[] {
  const found: string[] = [];
  for (let dir = folder; ; dir = path.dirname(dir)) {
    const file = path.join(dir, '.gitignore');
    if (isRegularFile(file)) found.push(file);
    if (dir === root || path.dirname(dir) === dir) break;
  }
  return found;
}

function isRegularFile(file: string): boolean {
  try {
    return lstatSync(file).isFile();
  } catch {
    return false;
  }
}
