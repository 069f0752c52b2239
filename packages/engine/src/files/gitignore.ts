import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { isInside, relativePosix } from './paths.js';

/** The `.gitignore` files that apply below `root`, each with the folder its patterns are relative to. */
export interface GitignoreRules {
  /** Deepest last, so later rules override earlier ones as in git. */
  readonly layers: readonly { readonly dir: string; readonly matcher: Ignore }[];
}

/**
 * Reads the `.gitignore` files in `root` and below it (`nested`, as `listTree` found them), and those
 * in the folders between `root` and the top of its git work tree (`stopAt`), so scanning a
 * sub-folder honours the repository's root file; and the repository's `.git/info/exclude`, as a
 * root-level file read before the root `.gitignore` (git's order) when `stopAt` is given.
 *
 * The `ignore` package implements the gitignore spec (negation, anchoring, `dir/` patterns, a
 * pattern excluding a parent folder hiding everything beneath it) — the same semantics git uses,
 * so "what git ignores" and "what sunset skips" never disagree.
 */
export async function loadGitignoreRules(root: string, stopAt: string | undefined, nested: readonly string[]): Promise<GitignoreRules> {
  const files = [...ancestorGitignores(root, stopAt), ...nested];
  const exclude = infoExcludeOf(stopAt);
  const read = async (file: string): Promise<string | undefined> => readFile(file, 'utf8').catch(() => undefined);
  return rulesOf([
    ...(exclude === undefined ? [] : [{ ...exclude, text: await read(exclude.file) }]),
    ...(await Promise.all(files.map(async (file) => ({ file, text: await read(file) })))),
  ]);
}

/** `loadGitignoreRules`, reading synchronously (for a few folders at a time). */
export function loadGitignoreRulesSync(root: string, stopAt: string | undefined, nested: readonly string[]): GitignoreRules {
  const read = (file: string): string | undefined => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  };
  const exclude = infoExcludeOf(stopAt);
  return rulesOf([
    ...(exclude === undefined ? [] : [{ ...exclude, text: read(exclude.file) }]),
    ...[...ancestorGitignores(root, stopAt), ...nested].map((file) => ({ file, text: read(file) })),
  ]);
}

/**
 * The repository's own exclude file, `.git/info/exclude`, whose patterns are relative to the top of
 * the work tree (`gitRoot`) as the root `.gitignore`'s are, and yield to them (it comes first among
 * the root's rules). In a linked work tree (`.git` is a file naming its git folder) it is the main
 * repository's, as git reads it. `undefined` outside a git work tree.
 */
function infoExcludeOf(gitRoot: string | undefined): { readonly file: string; readonly dir: string } | undefined {
  if (gitRoot === undefined) return undefined;
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
  return { file: path.join(gitDir, 'info', 'exclude'), dir: gitRoot };
}

/** The rules of the `.gitignore` files read (an unreadable one has no text and no rules), deepest last. */
function rulesOf(files: readonly { readonly file: string; readonly text: string | undefined; readonly dir?: string }[]): GitignoreRules {
  // The sort is stable: the exclude file, given first, stays before the root `.gitignore`.
  const layers = files.flatMap(({ file, text, dir }) => (text === undefined ? [] : [{ dir: dir ?? path.dirname(file), matcher: ignore().add(text) }]));
  layers.sort((a, b) => depthOf(a.dir) - depthOf(b.dir));
  return { layers };
}

/** Whether git would ignore `file` (absolute): the deepest `.gitignore` with an opinion wins. */
export function isGitignored(rules: GitignoreRules, file: string): boolean {
  let ignored = false;
  for (const { dir, matcher } of rules.layers) {
    if (!isInside(dir, file) || dir === file) continue;
    const verdict = matcher.test(relativePosix(dir, file));
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
