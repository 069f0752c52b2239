import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { configFileName } from '../config-file/load.js';
import { sourceExtensions, unscannedScriptExtensions } from './paths.js';

/** What one pass over a folder tree finds, outside the folders it leaves out (`FolderExclusion`): the source files to scan and what it cannot scan. */
export interface TreeListing {
  /** Absolute paths of the JS/TS files (any case of the extension, dot files included). */
  readonly sources: readonly string[];
  /** Absolute paths of the `package.json` files in scanned folders (each may hold a config). */
  readonly manifests: readonly string[];
  /** Absolute paths of the `sunset.config.json` files in scanned folders. */
  readonly configFiles: readonly string[];
  /** Absolute paths of files that hold scripts in a form not read yet (`.vue`, `.svelte`, `.astro`). */
  readonly unscanned: readonly string[];
  /** Folders that could not be listed (permissions), with the reason; their files were not seen. */
  readonly unreadable: readonly { readonly path: string; readonly error: unknown }[];
  /** Source files reached through a symbolic link whose target lies inside the scanned paths: the path through the link, and the real one. */
  readonly linkedSources: readonly { readonly path: string; readonly real: string }[];
  /** Links to a folder, or to a file with a source extension, whose target lies outside the scanned paths (real path of the target). */
  readonly outsideLinks: readonly { readonly path: string; readonly target: string }[];
  /** Links named like a source file, or without an extension (perhaps a folder), whose target cannot be reached (missing, a loop), with the reason. */
  readonly brokenLinks: readonly { readonly path: string; readonly error: unknown }[];
}

/** How a walk treats symbolic links: it follows those into the scanned paths, each real folder once. */
export interface LinkPolicy {
  /** Real paths of the folders listed so far, by every walk of the run: a link to one is not entered again (cycles, folders reached twice). */
  readonly entered: Set<string>;
  /** True when a real path lies inside the paths the run scans. */
  readonly isScanned: (real: string) => boolean;
  /** True when a real path lies in a `node_modules` or `.git` folder the run never scans (`neverScannedFolderOf`). */
  readonly isNeverScanned: (real: string) => boolean;
  /**
   * Real paths of the folders walks of the run left out because a `.gitignore` excludes them: a folder
   * in one counts as entered (a walk that listed the excluded folder had entered everything below it),
   * so a link into it is not followed.
   */
  readonly excluded: Set<string>;
}

/**
 * Which folders a walk leaves out, unlisted: those a `.gitignore` excludes (git does not descend into
 * them either, so nothing below one can be re-included). The walk goes down, so a folder's own
 * `.gitignore` is known before anything in it is judged.
 */
export interface FolderExclusion {
  /** Takes the `.gitignore` file of the folder being listed, before its entries are judged. */
  readonly addGitignore: (file: string) => void;
  /** Whether a folder (by the path the walk reached it through, a link's too) is excluded. */
  readonly isExcluded: (dir: string) => boolean;
}

/** How `listTree` lists: the defaults list every folder with `readdirSync`, follow no link and leave nothing out. */
export interface ListTreeOptions {
  readonly read?: ReadFolder;
  readonly links?: LinkPolicy;
  /** The root's real path (default: `root`). */
  readonly realRoot?: string;
  /** Hears how many source files were found so far, as they are found. */
  readonly onSource?: (found: number) => void;
  readonly exclusion?: FolderExclusion;
}

const sourceName = new RegExp(`\\.(?:${sourceExtensions.map((extension) => extension.slice(1)).join('|')})$`, 'i');
const unscannedName =
  unscannedScriptExtensions.length === 0 ? /(?!)/ : new RegExp(`\\.(?:${unscannedScriptExtensions.map((extension) => extension.slice(1)).join('|')})$`, 'i');

/** Folders never entered: dependencies and git's own data. */
const isSkippedFolder = (name: string): boolean => name === 'node_modules' || name === '.git';
/** Folders whose files are never scanned, in any case (`Node_Modules`); their `.gitignore` files still count. */
const isUnscannedFolder = (name: string): boolean => {
  const lower = name.toLowerCase();
  return lower === 'node_modules' || lower === '.git';
};

/** A folder's entries, as `readdirSync(dir, { withFileTypes: true })` gives them (and throws). */
export type ReadFolder = (dir: string) => readonly Dirent[];

/** Lists a folder, each time asked: `createFolderCache`'s default way. */
export const listFolder: ReadFolder = (dir) => readdirSync(dir, { withFileTypes: true });

/**
 * A `ReadFolder` that lists each folder once, for one run: the CLI's search for nested configs and
 * the walk pass over the same folders, and on a 10k-file repo the second pass was 30-200 ms of
 * `readdir` before any file was read. A folder that could not be listed throws again, the same error.
 * `read` lists a folder not listed yet (default: `readdirSync`; tests count the listings).
 */
export function createFolderCache(read: ReadFolder = listFolder): ReadFolder {
  const listed = new Map<string, { readonly entries: readonly Dirent[] } | { readonly error: unknown }>();
  return (dir) => {
    let found = listed.get(dir);
    if (found === undefined) {
      try {
        found = { entries: read(dir) };
      } catch (error) {
        found = { error };
      }
      listed.set(dir, found);
    }
    if ('error' in found) throw found.error;
    return found.entries;
  };
}

function entriesOf(dir: string, read: ReadFolder, unreadable: { path: string; error: unknown }[]): readonly Dirent[] {
  try {
    return read(dir);
  } catch (error) {
    // An unreadable folder is skipped and listed, so a run can say it did not look inside.
    unreadable.push({ path: dir, error });
    return [];
  }
}

/**
 * Walks `root` once, synchronously (the files are read right after; nothing else waits on the
 * event loop). Real folders first; then each symbolic link: one into the scanned paths (`links`) is
 * followed (a folder not entered before is walked, a source file listed by the path through the
 * link), one leading outside them is listed, not followed. Without `links`, no link is followed or listed.
 * A folder `exclusion` excludes (the root too, a linked one by the link's path) is not listed: nothing
 * in it or below it is found, an unreadable folder or a link there included, and its real path joins
 * `links.excluded`.
 */
export function listTree(root: string, options: ListTreeOptions = {}): TreeListing {
  const { read = listFolder, links, realRoot = root, onSource, exclusion } = options;
  const sources: string[] = [];
  const manifests: string[] = [];
  const configFiles: string[] = [];
  const unscanned: string[] = [];
  const unreadable: { path: string; error: unknown }[] = [];
  const linkedSources: { path: string; real: string }[] = [];
  const outsideLinks: { path: string; target: string }[] = [];
  const brokenLinks: { path: string; error: unknown }[] = [];
  /** Folders to list: `real` is the folder's real path, `linked` whether a link led to it. */
  const pending: { dir: string; real: string; scanned: boolean; linked: boolean }[] = [];
  const found: { path: string; scanned: boolean }[] = [];
  const leaveOut = (real: string): void => {
    links?.excluded.add(real);
  };
  const list = ({ dir, real, scanned, linked }: (typeof pending)[number]): void => {
    links?.entered.add(real);
    const entries = entriesOf(dir, read, unreadable);
    // The folder's own .gitignore first: it decides about the folders and files listed with it.
    if (exclusion !== undefined && entries.some((entry) => entry.name === '.gitignore' && entry.isFile())) exclusion.addGitignore(path.join(dir, '.gitignore'));
    for (const entry of entries) {
      const { name } = entry;
      if (entry.isDirectory()) {
        if (isSkippedFolder(name)) continue;
        const folder = { dir: path.join(dir, name), real: path.join(real, name), scanned: scanned && !isUnscannedFolder(name), linked };
        if (exclusion?.isExcluded(folder.dir) === true) leaveOut(folder.real);
        else pending.push(folder);
      } else if (entry.isFile()) {
        if (name === 'package.json' && scanned && !linked) manifests.push(path.join(dir, name));
        else if (name === configFileName && scanned && !linked) configFiles.push(path.join(dir, name));
        if (scanned && sourceName.test(name)) {
          if (linked) linkedSources.push({ path: path.join(dir, name), real: path.join(real, name) });
          else sources.push(path.join(dir, name));
          onSource?.(sources.length + linkedSources.length);
        } else if (scanned && !linked && unscannedName.test(name)) unscanned.push(path.join(dir, name));
      } else if (links !== undefined && scanned && entry.isSymbolicLink()) {
        found.push({ path: path.join(dir, name), scanned });
      }
    }
  };
  const follow = (link: { path: string; scanned: boolean }, policy: LinkPolicy): void => {
    const isSource = sourceName.test(path.basename(link.path));
    let real: string;
    let isFolder: boolean;
    try {
      real = realpathSync(link.path);
      const stats = statSync(real);
      if (!stats.isDirectory() && !stats.isFile()) return;
      isFolder = stats.isDirectory();
    } catch (error) {
      // A link without an extension may have led to a folder of sources: listed too, as one with a source extension.
      if (isSource || path.extname(link.path) === '') brokenLinks.push({ path: link.path, error });
      return;
    }
    if (!isFolder && !isSource) return;
    // Dependencies and git's data are never scanned, through a link either.
    if (policy.isNeverScanned(real)) return;
    if (!policy.isScanned(real)) outsideLinks.push({ path: link.path, target: real });
    else if (!isFolder) {
      linkedSources.push({ path: link.path, real });
      onSource?.(sources.length + linkedSources.length);
    }
    else if (!policy.entered.has(real) && !isInsideExcluded(policy.excluded, real)) {
      if (exclusion?.isExcluded(link.path) === true) leaveOut(real);
      else pending.push({ dir: link.path, real, scanned: link.scanned, linked: true });
    }
  };
  const first = { dir: root, real: realRoot, scanned: true, linked: false };
  if (exclusion?.isExcluded(root) === true) leaveOut(realRoot);
  else pending.push(first);
  // Real folders first, so a file reached both ways is listed by its own path and a link to a folder
  // already walked is not entered again.
  for (let next = 0; pending.length > 0 || next < found.length; ) {
    if (pending.length > 0) list(pending.pop()!);
    else follow(found[next++]!, links!);
  }
  return { sources, manifests, configFiles, unscanned, unreadable, linkedSources, outsideLinks, brokenLinks };
}

/** Whether `real` is, or lies below, a folder in `excluded`. */
function isInsideExcluded(excluded: ReadonlySet<string>, real: string): boolean {
  if (excluded.size === 0) return false;
  for (let folder = real; ; folder = path.dirname(folder)) {
    if (excluded.has(folder)) return true;
    if (path.dirname(folder) === folder) return false;
  }
}
