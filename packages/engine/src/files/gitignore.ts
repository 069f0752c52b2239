import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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
  /** Deepest last, so later rules override earlier ones as in git. */
  readonly layers: readonly GitignoreLayer[];
  /** The layers by their folder (in the order read). */
  readonly byFolder: ReadonlyMap<string, readonly Ignore[]>;
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
 * Reads the `.gitignore` files in `root` and below it (`nested`, as `listTree` found them), and those
 * in the folders between `root` and the top of its git work tree (`stopAt`), so scanning a
 * sub-folder honours the repository's root file.
 *
 * The `ignore` package implements the gitignore spec (negation, anchoring, `dir/` patterns, a
 * pattern excluding a parent folder hiding everything beneath it) — the same semantics git uses,
 * so "what git ignores" and "what sunset skips" never disagree.
 */
export async function loadGitignoreRules(root: string, stopAt: string | undefined, nested: readonly string[]): Promise<GitignoreRules> {
  const files = [...ancestorGitignores(root, stopAt), ...nested];
  return rulesOf(await Promise.all(files.map(async (file) => ({ file, text: await readFile(file, 'utf8').catch(() => undefined) }))));
}

/**
 * `loadGitignoreRules`, reading synchronously (for a few folders at a time). With `cache`, each
 * `.gitignore` file is read and compiled once however many folders' rules include it.
 */
export function loadGitignoreRulesSync(root: string, stopAt: string | undefined, nested: readonly string[], cache?: GitignoreMatcherCache): GitignoreRules {
  const matcherOf = (file: string): Ignore | undefined => {
    if (cache?.has(file) === true) return cache.get(file);
    let matcher: Ignore | undefined;
    try {
      matcher = ignore().add(readFileSync(file, 'utf8'));
    } catch {
      matcher = undefined;
    }
    cache?.set(file, matcher);
    return matcher;
  };
  return indexed([...ancestorGitignores(root, stopAt), ...nested].flatMap((file) => {
    const matcher = matcherOf(file);
    return matcher === undefined ? [] : [{ dir: path.dirname(file), matcher }];
  }));
}

/** The rules of the `.gitignore` files read (an unreadable one has no text and no rules), deepest last. */
function rulesOf(files: readonly { readonly file: string; readonly text: string | undefined }[]): GitignoreRules {
  return indexed(files.flatMap(({ file, text }) => (text === undefined ? [] : [{ dir: path.dirname(file), matcher: ignore().add(text) }])));
}

function indexed(unsorted: readonly GitignoreLayer[]): GitignoreRules {
  const layers = [...unsorted].sort((a, b) => depthOf(a.dir) - depthOf(b.dir));
  const byFolder = new Map<string, Ignore[]>();
  for (const { dir, matcher } of layers) {
    const own = byFolder.get(dir);
    if (own === undefined) byFolder.set(dir, [matcher]);
    else own.push(matcher);
  }
  return { layers, byFolder, chains: new Map(), excludedFolders: new Map() };
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
  if (rules.layers.length === 0) return false;
  const folder = path.dirname(file);
  return isExcludedFolder(rules, folder) || verdictOf(chainOf(rules, folder), file, '');
}

/** Whether git would not descend into `folder` (absolute, resolved), for a folder that cannot be listed. */
export function isGitignoredFolder(rules: GitignoreRules, folder: string): boolean {
  return rules.layers.length > 0 && isExcludedFolder(rules, folder);
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

function ancestorGitignores(root: string, stopAt: string | undefined): string[] {
  if (stopAt === undefined || !isInside(stopAt, root) || stopAt === root) return [];
  const files = [];
  for (let dir = path.dirname(root); isInside(stopAt, dir); dir = path.dirname(dir)) {
    files.push(path.join(dir, '.gitignore'));
    if (dir === stopAt) break;
  }
  return files;
}

function depthOf(dir: string): number {
  return dir.split(path.sep).length;
}
