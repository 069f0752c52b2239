import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { isInside, relativePosix } from './paths.js';

/** One `.gitignore` file's patterns and the folder they are relative to. */
export interface GitignoreLayer {
  readonly dir: string;
  readonly matcher: Ignore;
}

/** The `.gitignore` files that apply below `root`, each with the folder its patterns are relative to. */
export interface GitignoreRules {
  /**
   * The layers by their folder, in the order read (`.git/info/exclude` before the root `.gitignore`);
   * a walk adds a folder's own as it reaches it (`addGitignoreFile`).
   */
  readonly byFolder: Map<string, Ignore[]>;
  /**
   * The layers that apply to the files of a folder (those of its ancestors and its own, deepest last),
   * worked out once per folder as files are tested: a file is tested against those only, not against
   * every `.gitignore` of the tree (which made the walk quadratic in their number).
   */
  readonly chains: Map<string, readonly GitignoreLayer[]>;
  /** Whether a folder is excluded (by a `.gitignore` above it, or because a folder above it is), worked out once per folder. */
  readonly excludedFolders: Map<string, boolean>;
}

/** Matchers of `.gitignore` files already read (undefined: unreadable), keyed by the file's path, for callers that load rules folder by folder. */
export type GitignoreMatcherCache = Map<string, Ignore | undefined>;

/**
 * Where the rules of a walk come from besides the `.gitignore` files it meets going down: the folder
 * from which the `.gitignore` files above the walked folder count, and, in a git work tree, the files
 * git reads before every `.gitignore` (`walk.ts`' `ignoreSourcesOf` decides both).
 */
export interface IgnoreSources {
  /** The top of the git work tree; outside git, the working directory when it holds the walked folder, else the walked folder. */
  readonly top: string;
  /**
   * Files of patterns relative to `top`, in git's order, each yielding to the next and all to the
   * `.gitignore` files: `core.excludesFile` (or git's default global ignore file), then the repository's
   * `.git/info/exclude`. None outside git.
   */
  readonly excludeFiles: readonly string[];
}

/**
 * Reads, synchronously, the exclude files of `sources` and the `.gitignore` files in the folders between
 * `root` and `sources.top`, so scanning a sub-folder honours the repository's root file; and `nested`
 * ones in `root` and below it. With `cache`, each file is read and compiled once however many folders'
 * rules include it. A walk passes no `nested` and adds each folder's `.gitignore` as it goes down
 * (`addGitignoreFile`), so it can leave out a folder they exclude without listing it.
 *
 * The `ignore` package implements the gitignore spec (negation, anchoring, `dir/` patterns, a
 * pattern excluding a parent folder hiding everything beneath it) — the same semantics git uses,
 * so "what git ignores" and "what sunset skips" never disagree.
 */
export function loadGitignoreRulesSync(root: string, sources: IgnoreSources, nested: readonly string[], cache?: GitignoreMatcherCache): GitignoreRules {
  const matcherOf = (file: string): Ignore | undefined => {
    if (cache?.has(file) === true) return cache.get(file);
    const matcher = readGitignore(file);
    cache?.set(file, matcher);
    return matcher;
  };
  // The exclude files first: they yield to the root `.gitignore`, which sorts after them at the same depth.
  return indexed(
    [...sources.excludeFiles.map((file) => ({ file, dir: sources.top })), ...[...ancestorGitignores(root, sources.top), ...nested].map((file) => ({ file, dir: path.dirname(file) }))].flatMap(
      ({ file, dir }) => {
        const matcher = matcherOf(file);
        return matcher === undefined ? [] : [{ dir, matcher }];
      },
    ),
  );
}

/**
 * Adds the `.gitignore` file of a folder a walk has just reached (an unreadable one adds nothing). It
 * must come before any file or folder below that folder is tested: the rules of a folder are worked
 * out once, from the layers known then. A walk going down meets every folder's `.gitignore` in time.
 */
export function addGitignoreFile(rules: GitignoreRules, file: string): void {
  const matcher = readGitignore(file);
  if (matcher === undefined) return;
  const dir = path.dirname(file);
  const own = rules.byFolder.get(dir);
  if (own === undefined) rules.byFolder.set(dir, [matcher]);
  else own.push(matcher);
}

function readGitignore(file: string): Ignore | undefined {
  try {
    return ignore().add(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The repository's own exclude file, `.git/info/exclude`, whose patterns are relative to the top of
 * the work tree (`gitRoot`) as the root `.gitignore`'s are, and yield to them (it comes first among
 * the root's rules). In a linked work tree (`.git` is a file naming its git folder) it is the main
 * repository's, as git reads it. `undefined` when `.git` names no git folder.
 */
export function infoExcludeOf(gitRoot: string): string | undefined {
  const dotGit = path.join(gitRoot, '.git');
  let gitDir = dotGit;
  try {
    if (!statSync(dotGit).isDirectory()) {
      const named = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, 'utf8'))?.[1];
      if (named === undefined) return undefined;
      gitDir = path.resolve(gitRoot, named);
      const common = readFileSync(path.join(gitDir, 'commondir'), 'utf8').trim();
      if (common !== '') gitDir = path.resolve(gitDir, common);
    }
  } catch {
    // No commondir: the git folder named is the repository's own.
  }
  return path.join(gitDir, 'info', 'exclude');
}

function indexed(layers: readonly GitignoreLayer[]): GitignoreRules {
  // In the order given: the exclude file, given first, stays before the root `.gitignore` of its folder.
  const byFolder = new Map<string, Ignore[]>();
  for (const { dir, matcher } of layers) {
    const own = byFolder.get(dir);
    if (own === undefined) byFolder.set(dir, [matcher]);
    else own.push(matcher);
  }
  return { byFolder, chains: new Map(), excludedFolders: new Map() };
}

/** The layers that apply to the files directly in `folder` (absolute): its own and its ancestors', deepest last. */
function chainOf(rules: GitignoreRules, folder: string): readonly GitignoreLayer[] {
  const known = rules.chains.get(folder);
  if (known !== undefined) return known;
  const parent = path.dirname(folder);
  const above = parent === folder || rules.byFolder.size === 0 ? [] : chainOf(rules, parent);
  const own = rules.byFolder.get(folder);
  const chain = own === undefined ? above : [...above, ...own.map((matcher) => ({ dir: folder, matcher }))];
  rules.chains.set(folder, chain);
  return chain;
}

/**
 * Whether git would ignore `file` (absolute, resolved): when a folder above it is excluded, as git
 * does not descend into one (a `.gitignore` below it, or a negation further down, cannot re-include
 * its files); otherwise the deepest `.gitignore` with an opinion wins. Only the `.gitignore` files of
 * the folders above `file` are asked, each with the path below its folder.
 */
export function isGitignored(rules: GitignoreRules, file: string): boolean {
  if (rules.byFolder.size === 0) return false;
  const folder = path.dirname(file);
  return isExcludedFolder(rules, folder) || verdictOf(chainOf(rules, folder), file, '');
}

/** Whether git would not descend into `folder` (absolute, resolved): the walk does not list it. */
export function isGitignoredFolder(rules: GitignoreRules, folder: string): boolean {
  return rules.byFolder.size > 0 && isExcludedFolder(rules, folder);
}

function isExcludedFolder(rules: GitignoreRules, folder: string): boolean {
  const known = rules.excludedFolders.get(folder);
  if (known !== undefined) return known;
  const parent = path.dirname(folder);
  const excluded = parent !== folder && (isExcludedFolder(rules, parent) || verdictOf(chainOf(rules, parent), folder, '/'));
  rules.excludedFolders.set(folder, excluded);
  return excluded;
}

/** The verdict of `layers` on `entry` (`suffix` '/' for a folder, so `dir/` patterns match it): the last opinion wins. */
function verdictOf(layers: readonly GitignoreLayer[], entry: string, suffix: '' | '/'): boolean {
  let ignored = false;
  for (const { dir, matcher } of layers) {
    const verdict = matcher.test(relativePosix(dir, entry) + suffix);
    if (verdict.ignored) ignored = true;
    else if (verdict.unignored) ignored = false;
  }
  return ignored;
}

function ancestorGitignores(root: string, stopAt: string): string[] {
  if (!isInside(stopAt, root) || stopAt === root) return [];
  const files = [];
  for (let dir = path.dirname(root); isInside(stopAt, dir); dir = path.dirname(dir)) {
    files.push(path.join(dir, '.gitignore'));
    if (dir === stopAt) break;
  }
  return files;
}
