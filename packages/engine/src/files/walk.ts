import { constants } from 'node:fs';
import { access, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import ignore from 'ignore';
import { readPackageJson } from '../config-file/package-json.js';
import { compareText, describeFileError, UsageError, type FileProblem } from '../errors.js';
import { findGitRoot } from './git.js';
import { isGitignored, loadGitignoreRules } from './gitignore.js';
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
  /**
   * Files found but not to be read: excluded by the config's `ignores`, of an extension not read yet, or
   * a package.json that does not parse (so it cannot be a config). Sorted by path.
   */
  readonly skipped: readonly SkippedFile[];
}

/**
 * The JS/TS files under `paths` (folders are walked, files taken as given), sorted by display path.
 * Folders skip `node_modules`, `.git`, what `.gitignore` files exclude, the config's `ignores`,
 * and symlinks (a linked folder is not entered, a linked file not listed). A given path that cannot
 * be read is a UsageError; a folder below it that cannot be listed is returned in `unreadable`.
 * Source files the config's `ignores` exclude, and package.json files that do not parse, are returned
 * in `skipped` so the run can say it did not read them (what `.gitignore` excludes is not listed).
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
    const found = kind === 'file' ? await explicitFile(given, absolute) : await walkFolder(absolute, isConfigIgnored, unreadable, skipped, options.readFolder);
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
): Promise<FoundFile[]> {
  const realRoot = await realpath(root);
  const listing = listTree(root, readFolder);
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
  for (const file of listing.manifests) {
    if (isGitignored(gitignore, file) || isConfigIgnored(file)) continue;
    const read = readPackageJson(file);
    if (!read.ok) skipped.set(file, read.skipped);
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
