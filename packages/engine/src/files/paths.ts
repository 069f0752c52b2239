import path from 'node:path';
import { frameworkExtensions } from '../parse/script-blocks.js';

/** The extensions `check` and `fix` read (of Vue, Svelte and Astro files the script blocks); everything else is left alone. */
export const sourceExtensions = ['.js', '.jsx', '.mjs', '.cjs', '.ts', '.tsx', '.mts', '.cts', ...frameworkExtensions] as const;

/** Files that hold JavaScript in a form `check` does not read: counted as not scanned, never silently passed (none today). */
export const unscannedScriptExtensions: readonly string[] = [];

export function hasSourceExtension(file: string): boolean {
  return (sourceExtensions as readonly string[]).includes(path.extname(file).toLowerCase());
}

/** `a\b\c.ts` → `a/b/c.ts`: reports, fingerprints and globs always use forward slashes. */
export function toPosix(file: string): string {
  return path.sep === '/' ? file : file.split(path.sep).join('/');
}

/**
 * `child` relative to `parent` when it lies below it, by prefix (both absolute and resolved, on a
 * POSIX system, where paths compare byte for byte); undefined when that cannot tell. The walk asks
 * this for every file, and `path.relative` normalises both paths each time.
 */
function relativeBelow(parent: string, child: string): string | undefined {
  if (path.sep !== '/' || !child.startsWith(parent)) return undefined;
  if (parent.endsWith('/')) return child.slice(parent.length);
  return child.charCodeAt(parent.length) === 0x2f ? child.slice(parent.length + 1) : undefined;
}

/** `child` relative to `parent`, forward slashes (`path.relative`, quicker for a child below its parent). */
export function relativePosix(parent: string, child: string): string {
  return relativeBelow(parent, child) ?? toPosix(path.relative(parent, child));
}

/** The path as reports show it: relative to the working directory, forward slashes. */
export function displayPath(cwd: string, absolute: string): string {
  return relativePosix(cwd, absolute);
}

/** True when `child` is `parent` or lies under it (both absolute, already resolved). */
export function isInside(parent: string, child: string): boolean {
  if (child === parent || relativeBelow(parent, child) !== undefined) return true;
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** True when any segment of the path is `node_modules` or `.git`; those are never scanned. */
export function isInAlwaysSkippedFolder(file: string): boolean {
  return file.split(/[\\/]/).some((segment) => segment === 'node_modules' || segment === '.git');
}
