import { constants, lstatSync, realpathSync, statSync } from 'node:fs';
import { access, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import ignore from 'ignore';
import { readPackageJson } from '../config-file/package-json.js';
import { compareText, describeFileError, UsageError, type FileProblem } from '../errors.js';
import { createGlobalExcludes, findGitRoot, type GlobalExcludesLookup } from './git.js';
import { addGitignoreFile, infoExcludeOf, isGitignored, isGitignoredFolder, loadGitignoreRulesSync, type GitignoreMatcherCache, type GitignoreRules, type IgnoreSources } from './gitignore.js';
import { listTree, type FolderExclusion, type LinkPolicy, type ReadFolder } from './list-tree.js';
import { displayPath, hasSourceExtension, isInside, neverScannedFolderOf, relativePosix, sourceExtensions } from './paths.js';
import { brokenLinkMessage, excludedByConfigMessage, gitFolderMessage, nodeModulesMessage, outsideLinkMessage, unscannedExtensionMessage, type SkippedFile } from './source-shape.js';

export interface WalkOptions {
  /** Paths are resolved against it and reported relative to it. */
  readonly cwd: string;
  /** Gitignore-style patterns from the config, relative to `ignoresBase`. */
  readonly ignores?: readonly string[];
  /** The config's folder (default `cwd`); when it holds `cwd`, `node_modules` and `.git` folders below it are never scanned, as below `cwd`. */
  readonly ignoresBase?: string;
  /** How folders are listed (default: `readdirSync`; a `createFolderCache()` shared with other passes of the same run). */
  readonly readFolder?: ReadFolder;
  /** Git's global excludes file per work tree (default: asked once per call; a `createGlobalExcludes()` shared by the passes of one run asks once per run). */
  readonly globalExcludes?: GlobalExcludesLookup;
  /**
   * Told, while folders are walked, how many source files were found so far (before `.gitignore` patterns
   * of files and `ignores` leave some out; a folder a `.gitignore` excludes is not walked, its files not counted).
   */
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
  /**
   * Files found but not to be read: excluded by the config's `ignores`, of an extension not read yet, or
   * a package.json that does not parse (so it cannot be a config). Sorted by path.
   */
  readonly skipped: readonly SkippedFile[];
}

/**
 * The JS/TS files under `paths` (folders are walked, files taken as given), sorted by display path.
 * Folders skip `node_modules`, `.git`, what `.gitignore` files exclude and the config's `ignores`; a
 * given path inside a `node_modules` or `.git` folder (below the working directory, or the config's
 * folder above it: `neverScannedFolderOf`) is not scanned either, and returned in `skipped`. A
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

  const neverScanned = createNeverScannedTest(options);
  const given: { given: string; absolute: string; kind: 'file' | 'folder'; real: string }[] = [];
  const skipped = new Map<string, SkippedFile>();
  for (const path_ of paths) {
    const absolute = path.resolve(options.cwd, path_);
    const kind = await pathKind(path_, absolute);
    const real = await realpath(absolute);
    const inFolder = neverScanned.named(absolute, real);
    if (inFolder === undefined) given.push({ given: path_, absolute, kind, real });
    else skipped.set(absolute, inFolder);
  }
  const links: LinkPolicy = {
    entered: new Set(),
    isScanned: (real) => given.some((scanned) => (scanned.kind === 'folder' ? isInside(scanned.real, real) : scanned.real === real)),
    isNeverScanned: neverScanned.real,
    excluded: new Set(),
  };
  const globalExcludes = options.globalExcludes ?? createGlobalExcludes();
  const walk: FolderWalk = { isConfigIgnored, unreadable: [], skipped, readFolder: options.readFolder, links, cwd: options.cwd, ignoreSources: (root) => ignoreSourcesOf(root, options.cwd, globalExcludes) };
  const byRealPath = new Map<string, FoundFile>();
  for (const { given: path_, absolute, kind, real } of given) {
    const counted = byRealPath.size;
    const onSource = options.onFound === undefined ? undefined : (found: number): void => options.onFound?.(counted + found);
    const found = kind === 'file' ? [explicitFile(path_, absolute, real)] : walkFolder(absolute, real, walk, onSource);
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
  readonly ignoreSources: (root: string) => IgnoreSources;
}

/**
 * Where the ignore rules of a walk of `root` come from. In a git work tree, as git: the `.gitignore`
 * files from its top down, after `core.excludesFile` (or git's default global ignore file) and
 * `.git/info/exclude`. Outside git, the `.gitignore` files from the working directory down when it
 * holds `root` (else from `root` down): a nested config's folder, walked on its own, honours the same
 * files as the walk of the working directory that found it, and the search for nested configs
 * (`findConfigCandidates`) leaves out the same folders.
 */
function ignoreSourcesOf(root: string, cwd: string, globalExcludes: GlobalExcludesLookup): IgnoreSources {
  const gitRoot = findGitRoot(root);
  if (gitRoot === undefined) return { top: isInside(cwd, root) ? path.resolve(cwd) : root, excludeFiles: [] };
  const infoExclude = infoExcludeOf(gitRoot);
  return { top: gitRoot, excludeFiles: [globalExcludes(gitRoot), ...(infoExclude === undefined ? [] : [infoExclude])] };
}

/** The rules a walk of `root` starts from, and the exclusion `listTree` leaves folders out by: a folder's own `.gitignore` is added as the walk reaches it. */
function gitignoreExclusionOf(root: string, sources: IgnoreSources): { rules: GitignoreRules; exclusion: FolderExclusion } {
  const rules = loadGitignoreRulesSync(root, sources, []);
  return { rules, exclusion: { addGitignore: (file) => addGitignoreFile(rules, file), isExcluded: (dir) => isGitignoredFolder(rules, dir) } };
}

/**
 * The `sunset.config.json` and `package.json` files in the folders a walk of `root` lists, by the same
 * rules (`node_modules`, `.git` and the folders a `.gitignore` excludes are not listed; no link is
 * followed): for the search for nested configs, so a config in a folder the walk leaves out is never
 * read. Sorted.
 */
export function findConfigCandidates(root: string, options: Pick<WalkOptions, 'cwd' | 'readFolder' | 'globalExcludes'>): string[] {
  const { exclusion } = gitignoreExclusionOf(root, ignoreSourcesOf(root, options.cwd, options.globalExcludes ?? createGlobalExcludes()));
  const listing = listTree(root, { read: options.readFolder, exclusion });
  return [...listing.manifests, ...listing.configFiles].sort(compareText);
}

/** An explicit file is taken as given (even if gitignored), unless it is not JS/TS. */
function explicitFile(given: string, absolute: string, real: string): FoundFile {
  if (!hasSourceExtension(absolute)) {
    throw new UsageError(
      `Cannot scan ${JSON.stringify(given)}: only ${sourceExtensions.join(' ')} files are scanned. Pass a source file or a folder.`,
    );
  }
  return { file: absolute, real, explicit: true };
}

/** Which named paths, and which targets of links, lie in a `node_modules` or `.git` folder that a run never scans. */
interface NeverScannedTest {
  /** A given path (absolute, and its real path): why it is not scanned, or undefined when it is. */
  readonly named: (absolute: string, real: string) => SkippedFile | undefined;
  /** A real path (a link's target): true when it is never scanned. */
  readonly real: (real: string) => boolean;
}

/**
 * Judged from the config's folder when it holds the working directory (ESLint's base path), else from
 * the working directory: run from `/x/node_modules/y` (a repository that lives there), its files are
 * scanned; `node_modules/sdk`, or the working directory `node_modules/sdk` of a project whose config
 * is above it, is not. Real paths are judged from the base's real path.
 */
function createNeverScannedTest(options: WalkOptions): NeverScannedTest {
  const base = options.ignoresBase !== undefined && isInside(options.ignoresBase, options.cwd) ? options.ignoresBase : options.cwd;
  let realBase = base;
  try {
    realBase = realpathSync(base);
  } catch {
    // A base that cannot be resolved (removed while running): its path as given.
  }
  return {
    named: (absolute, real) => {
      const folder = neverScannedFolderOf(base, absolute) ?? neverScannedFolderOf(realBase, real);
      if (folder === undefined) return undefined;
      return folder === 'node_modules' ? { file: absolute, reason: 'node-modules', message: nodeModulesMessage } : { file: absolute, reason: 'git-folder', message: gitFolderMessage };
    },
    real: (real) => neverScannedFolderOf(realBase, real) !== undefined,
  };
}

function walkFolder(root: string, realRoot: string, walk: FolderWalk, onSource?: (found: number) => void): FoundFile[] {
  const { isConfigIgnored, unreadable, skipped } = walk;
  // The rules above the root first; each folder's own .gitignore as the walk reaches it, so a folder
  // they exclude is not listed at all (nothing below it could be re-included, as in git).
  const { rules: gitignore, exclusion } = gitignoreExclusionOf(root, walk.ignoreSources(root));
  const listing = listTree(root, { read: walk.readFolder, links: walk.links, realRoot, onSource, exclusion });
  // A folder listed (or found unreadable) is one no .gitignore excludes.
  for (const folder of listing.unreadable) {
    if (isConfigIgnored(folder.path)) continue;
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

/**
 * Which of `candidates` (absolute paths, e.g. the files a change touches) the walk of `paths` would
 * list, without walking: under a given folder (or given themselves), a source extension, no
 * `node_modules`/`.git` folder on the way, no linked folder, not excluded by a `.gitignore` on the way
 * (read per folder, once) — and, as the walk lists them, as not scanned: those the config's `ignores`
 * exclude, a symbolic link leading outside the scanned paths or nowhere, a package.json that does not
 * parse. A link to a file the walk lists by its own path is left out (the walk lists that file once,
 * by its own path). A file given on the command line counts as named (`explicit`). Files that no
 * longer exist are left out. The result reads as `findSourceFiles`' does.
 */
export async function selectSourceFiles(paths: readonly string[], candidates: readonly string[], options: WalkOptions): Promise<SourceListing> {
  const neverScanned = createNeverScannedTest(options);
  const skipped = new Map<string, SkippedFile>();
  const roots: { absolute: string; kind: 'file' | 'folder' }[] = [];
  for (const given of paths) {
    const absolute = path.resolve(options.cwd, given);
    const kind = await pathKind(given, absolute);
    // As the walk: a named path in node_modules or .git is listed as not scanned, whatever changed.
    const inFolder = neverScanned.named(absolute, await realpath(absolute));
    if (inFolder === undefined) roots.push({ absolute, kind });
    else skipped.set(absolute, inFolder);
  }
  const filter = createWalkFilter(roots.map((root) => root.absolute), options);
  const named = new Set(roots.filter((root) => root.kind === 'file').map((root) => root.absolute));
  const files = new Map<string, FoundSource>();
  for (const candidate of new Set(candidates.map((file) => path.resolve(file)))) {
    if (named.has(candidate)) {
      if (hasSourceExtension(candidate) && isFileOrLinkToFile(candidate)) {
        files.set(candidate, { path: candidate, displayPath: displayPath(options.cwd, candidate), explicit: true });
      }
      continue;
    }
    const verdict = filter(candidate);
    if (verdict === 'listed') files.set(candidate, { path: candidate, displayPath: displayPath(options.cwd, candidate), explicit: false });
    else if (verdict !== 'unseen') skipped.set(candidate, verdict);
  }
  return {
    files: [...files.values()].sort((a, b) => compareText(a.displayPath, b.displayPath)),
    unreadable: [],
    skipped: [...skipped.values()].sort((a, b) => compareText(a.file, b.file)),
  };
}

/** What the walk of some paths does with one file: lists it, lists it as not scanned (with the reason), or never sees it. */
export type WalkVerdict = 'listed' | 'unseen' | SkippedFile;

/**
 * The walk's decision for single files below `roots` (absolute folders, or files given), without
 * listing any folder: the same tests `listTree` and `walkFolder` apply, with the `.gitignore` files of
 * the folders on the way read once each. For the files a change touches and the files they import.
 */
export function createWalkFilter(givenRoots: readonly string[], options: WalkOptions): (file: string) => WalkVerdict {
  const neverScanned = createNeverScannedTest(options);
  // A named path in node_modules or .git is not walked (the walk lists it as not scanned itself).
  const roots = givenRoots.filter((root) => neverScanned.named(root, realpathOrSelf(root)) === undefined);
  const configIgnores = ignore().add([...(options.ignores ?? [])]);
  const ignoresBase = options.ignoresBase ?? options.cwd;
  const rulesByFolder = new Map<string, GitignoreRules>();
  // Each .gitignore file is looked for, read and compiled once, however many folders below it are asked about.
  const matchers: GitignoreMatcherCache = new Map();
  const gitignoreFound = new Map<string, boolean>();
  const globalExcludes = options.globalExcludes ?? createGlobalExcludes();
  const sources = new Map<string, IgnoreSources>();
  const sourcesOf = (root: string): IgnoreSources => {
    let found = sources.get(root);
    if (found === undefined) sources.set(root, (found = ignoreSourcesOf(root, options.cwd, globalExcludes)));
    return found;
  };
  const realPaths = new Map<string, string | undefined>();
  const realOf = (file: string): string | undefined => {
    if (!realPaths.has(file)) {
      let real: string | undefined;
      try {
        real = realpathSync(file);
      } catch {
        real = undefined;
      }
      realPaths.set(file, real);
    }
    return realPaths.get(file);
  };
  const isConfigIgnored = (file: string): boolean =>
    (options.ignores ?? []).length > 0 && isInside(ignoresBase, file) && file !== ignoresBase && configIgnores.ignores(relativePosix(ignoresBase, file));
  // As the walk's link policy: a real path inside a scanned folder, or a file given itself.
  const isScanned = (real: string): boolean => roots.some((root) => {
    const realRoot = realOf(root);
    return realRoot !== undefined && isInside(realRoot, real);
  });
  /** The scanned folder the walk would meet `file` in, by its own path; undefined when it never would. */
  const folderRootOf = (file: string): string | undefined => {
    const root = roots.find((folder) => isInside(folder, file) && folder !== file);
    if (root === undefined) return undefined;
    const below = relativePosix(root, path.dirname(file));
    if (below !== '' && below.split('/').some((name) => name.toLowerCase() === 'node_modules' || name.toLowerCase() === '.git')) return undefined;
    // A linked folder on the way is entered only when its target was not walked already: such paths are left to the target's.
    const realRoot = realOf(root);
    if (realRoot === undefined || realOf(path.dirname(file)) !== path.join(realRoot, path.relative(root, path.dirname(file)))) return undefined;
    const folder = path.dirname(file);
    let rules = rulesByFolder.get(folder);
    if (rules === undefined) rulesByFolder.set(folder, (rules = loadGitignoreRulesSync(root, sourcesOf(root), gitignoresBetween(root, folder, gitignoreFound).reverse(), matchers)));
    return isGitignored(rules, file) ? undefined : root;
  };
  const verdictOf = (file: string): WalkVerdict => {
    const kind = entryKind(file);
    const source = hasSourceExtension(file);
    if (kind === undefined || (kind === 'file' && !source && path.basename(file) !== 'package.json')) return 'unseen';
    if (folderRootOf(file) === undefined) return 'unseen';
    const excluded: SkippedFile = { file, reason: 'excluded-by-config', message: excludedByConfigMessage };
    if (kind === 'link' && !source) {
      // A link to a folder: the walk follows one into the scanned paths (the files through it are not the change's) and lists one out of them.
      const real = realOf(file);
      if (real === undefined && path.extname(file) === '') {
        // Broken, or a loop: one without an extension may have led to a folder, and the walk lists it.
        try {
          realpathSync(file);
        } catch (error) {
          return isConfigIgnored(file) ? excluded : { file, reason: 'symbolic-link', message: brokenLinkMessage(describeFileError(error)) };
        }
      }
      if (real === undefined || !isFolder(real) || neverScanned.real(real) || isScanned(real)) return 'unseen';
      return isConfigIgnored(file) ? excluded : { file, reason: 'symbolic-link', message: outsideLinkMessage(displayPath(options.cwd, real)) };
    }
    if (kind === 'file' && !source) {
      // A package.json of a scanned folder: listed when it does not parse, as the walk lists it.
      if (isConfigIgnored(file)) return 'unseen';
      const read = readPackageJson(file);
      return read.ok ? 'unseen' : read.skipped;
    }
    if (kind === 'file') return isConfigIgnored(file) ? excluded : 'listed';
    let real: string;
    try {
      real = realpathSync(file);
      if (!statSync(real).isFile()) return 'unseen';
    } catch (error) {
      return isConfigIgnored(file) ? excluded : { file, reason: 'symbolic-link', message: brokenLinkMessage(describeFileError(error)) };
    }
    if (neverScanned.real(real)) return 'unseen';
    if (!isScanned(real)) return isConfigIgnored(file) ? excluded : { file, reason: 'symbolic-link', message: outsideLinkMessage(displayPath(options.cwd, real)) };
    // The walk lists a file reached both ways once, by its own path.
    if (roots.includes(real) || verdictOf(real) === 'listed') return 'unseen';
    return isConfigIgnored(file) ? excluded : 'listed';
  };
  return verdictOf;
}

function realpathOrSelf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/** A file, a symbolic link, or something else (or nothing). */
function entryKind(file: string): 'file' | 'link' | undefined {
  try {
    const stats = lstatSync(file);
    return stats.isFile() ? 'file' : stats.isSymbolicLink() ? 'link' : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `file` is a folder (through links); false when it does not exist. */
export function isFolder(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

function isFileOrLinkToFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The `.gitignore` files from `root` down to `folder` (both included), as the walk of `root` would find them. */
function gitignoresBetween(root: string, folder: string, known: Map<string, boolean>): string[] {
  const found: string[] = [];
  for (let dir = folder; ; dir = path.dirname(dir)) {
    const file = path.join(dir, '.gitignore');
    let exists = known.get(file);
    if (exists === undefined) known.set(file, (exists = isRegularFile(file)));
    if (exists) found.push(file);
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
