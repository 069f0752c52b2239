import { readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { sourceExtensions, unscannedScriptExtensions } from './paths.js';

/** What one pass over a folder tree finds: the source files to scan and the `.gitignore` files. */
export interface TreeListing {
  /** Absolute paths of the JS/TS files (any case of the extension, dot files included). */
  readonly sources: readonly string[];
  /** Absolute paths of the `.gitignore` files. */
  readonly gitignores: readonly string[];
  /** Absolute paths of files that hold scripts in a form not read yet (`.vue`, `.svelte`, `.astro`). */
  readonly unscanned: readonly string[];
  /** Folders that could not be listed (permissions), with the reason; their files were not seen. */
  readonly unreadable: readonly { readonly path: string; readonly error: unknown }[];
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

const readFolder: ReadFolder = (dir) => readdirSync(dir, { withFileTypes: true });

/**
 * A `ReadFolder` that lists each folder once, for one run: the CLI's search for nested configs and
 * the walk pass over the same folders, and on a 10k-file repo the second pass was 30-200 ms of
 * `readdir` before any file was read. A folder that could not be listed throws again, the same error.
 */
export function createFolderCache(): ReadFolder {
  const listed = new Map<string, { readonly entries: readonly Dirent[] } | { readonly error: unknown }>();
  return (dir) => {
    let found = listed.get(dir);
    if (found === undefined) {
      try {
        found = { entries: readFolder(dir) };
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
 * event loop). Symlinks are neither followed nor listed: a linked folder is not entered and a
 * linked file is not a source file, so every listed path's folders are real folders below `root`.
 */
export function listTree(root: string, read: ReadFolder = readFolder, onSource?: (found: number) => void): TreeListing {
  const sources: string[] = [];
  const gitignores: string[] = [];
  const unscanned: string[] = [];
  const unreadable: { path: string; error: unknown }[] = [];
  const pending: { dir: string; scanned: boolean }[] = [{ dir: root, scanned: true }];
  while (pending.length > 0) {
    const { dir, scanned } = pending.pop()!;
    for (const entry of entriesOf(dir, read, unreadable)) {
      const { name } = entry;
      if (entry.isDirectory()) {
        if (!isSkippedFolder(name)) pending.push({ dir: path.join(dir, name), scanned: scanned && !isUnscannedFolder(name) });
      } else if (entry.isFile()) {
        if (name === '.gitignore') gitignores.push(path.join(dir, name));
        if (scanned && sourceName.test(name)) {
          const found = sources.push(path.join(dir, name));
          onSource?.(found);
        }
        else if (scanned && unscannedName.test(name)) unscanned.push(path.join(dir, name));
      }
    }
  }
  return { sources, gitignores, unscanned, unreadable };
}
