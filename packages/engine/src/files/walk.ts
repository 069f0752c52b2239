import { constants } from 'node:fs';
import { access, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import ignore from 'ignore';
import { readPackageJson } from '../config-file/package-json.js';
import { compareText, describeFileError, UsageError, type FileProblem } from '../errors.js';
import { findGitRoot } from './git.js';
import { isGitignored, loadGitignoreRules } from './gitignore.js';
import { listTree, type LinkPolicy, type ReadFolder } from './list-tree.js';
import { displayPath, hasSourceExtension, isInAlwaysSkippedFolder, isInside, relativePosix, sourceExtensions } from './paths.js';
import { brokenLinkMessage, excludedByConfigMessage, outsideLinkMessage, unscannedExtensionMessage, type SkippedFile } from './source-shape.js';

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
 * Folders skip `node_modules`, `.git`, what `.gitignore` files exclude and the config's `ignores`. A
 * symbolic link whose target lies inside the scanned paths is followed (a file reached several ways
 * is listed once, by its own path when the walk meets it there); one that leads outside them, or
 * nowhere, is returned in `skipped`. A given path that cannot be read is a UsageError; a folder below
 * it that cannot be listed is returned in `unreadable`. Source files the config's `ignores` exclude,
 * and package.json files that do not parse, are returned in `skipped` too so the run can say it did
 * not read them (what `.gitignore` excludes is not listed).
 */
export async function findSourceFiles(paths: readonly string[], options: WalkOptions): Promise<SourceListing> {
  const configIgnores = ignore().add([...(options.ignores ?? [])]);
  const ignoresBase = options.ignoresBase ?? options.cwd;
  const isConfigIgnored = (file: string): boolean =>
    (options.ignores ?? []).length > 0 && isInside(ignoresBase, file) && file !== ignoresBase && configIgnores.ignores(relativePosix(ignoresBase, file));

  const given: { given: string; absolute: string; kind: 'file' | 'folder'; real: string }[] = [];
  for (const path_ of paths) {
    const absolute = path.resolve(options.cwd, path_);
    const kind = await pathKind(path_, absolute);
    given.push({ given: path_, absolute, kind, real: await realpath(absolute) });
  }
  const links: LinkPolicy = {
    entered: new Set(),
    isScanned: (real) => given.some((scanned) => (scanned.kind === 'folder' ? isInside(scanned.real, real) : scanned.real === real)),
  };
  const walk: FolderWalk = { isConfigIgnored, unreadable: [], skipped: new Map(), readFolder: options.readFolder, links, cwd: options.cwd };
  const byRealPath = new Map<string, FoundFile>();
  for (const { given: path_, absolute, kind, real } of given) {
    const found = kind === 'file' ? explicitFile(path_, absolute, real) : await walkFolder(absolute, real, walk);
    for (const file of found) {
      const earlier = byRealPath.get(file.real);
      // A file both named and found in a named folder counts as named; one found directly and through a link, by its own path.
      if (earlier === undefined || rank(file) > rank(earlier)) byRealPath.set(file.real, file);
    }
  }
  const files = [...byRealPath.values()]
    .map(({ file, explicit }) => ({ path: file, displayPath: displayPath(options.cwd, file), explicit }))
    .sort((a, b) => compareText(a.displayPath, b.displayPath));
  return {
    files,
    unreadable: walk.unreadable.sort((a, b) => compareText(a.file, b.file)),
    skipped: [...walk.skipped.values()].sort((a, b) => compareText(a.file, b.file)),
  };
}

const rank = (file: FoundFile): number => (file.explicit ? 2 : file.linked ? 0 : 1);

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
  /** Found through a symbolic link. */
  readonly linked?: true;
}

/** What the walks of one run share: the filters, what they collect, and the link policy. */
interface FolderWalk {
  readonly isConfigIgnored: (file: string) => boolean;
  readonly unreadable: FileProblem[];
  readonly skipped: Map<string, SkippedFile>;
  readonly readFolder: ReadFolder | undefined;
  readonly links: LinkPolicy;
  /** For the targets links name in messages. */
  readonly cwd: string;
}

/** An explicit file is taken as given (even if gitignored), unless it sits in node_modules or is not JS/TS. */
function explicitFile(given: string, absolute: string, real: string): FoundFile[] {
  if (isInAlwaysSkippedFolder(absolute)) return [];
  if (!hasSourceExtension(absolute)) {
    throw new UsageError(
      `Cannot scan ${JSON.stringify(given)}: only ${sourceExtensions.join(' ')} files are scanned. Pass a source file or a folder.`,
    );
  }
  return [{ file: absolute, real, explicit: true }];
}

async function walkFolder(root: string, realRoot: string, walk: FolderWalk): Promise<FoundFile[]> {
  const { isConfigIgnored, unreadable, skipped } = walk;
  const listing = listTree(root, walk.readFolder, walk.links, realRoot);
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
    // Every folder between the root and a file listed by its own path is a real one (links come
    // separately): the file's real path is the root's real path plus the same relative path.
    files.push({ file, real: realRoot === root ? file : path.join(realRoot, path.relative(root, file)), explicit: false });
  }
  for (const { path: file, real } of listing.linkedSources) {
    if (isGitignored(gitignore, file)) continue;
    if (isConfigIgnored(file)) skipped.set(file, { file, reason: 'excluded-by-config', message: excludedByConfigMessage });
    else files.push({ file, real, explicit: false, linked: true });
  }
  const links = [
    ...listing.outsideLinks.map(({ path: file, target }) => ({ file, message: outsideLinkMessage(displayPath(walk.cwd, target)) })),
    ...listing.brokenLinks.map(({ path: file, error }) => ({ file, message: brokenLinkMessage(describeFileError(error)) })),
  ];
  for (const { file, message } of links) {
    if (isGitignored(gitignore, file)) continue;
    skipped.set(file, isConfigIgnored(file) ? { file, reason: 'excluded-by-config', message: excludedByConfigMessage } : { file, reason: 'symbolic-link', message });
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
