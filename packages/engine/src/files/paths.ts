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
  return file.split(path.sep).join('/');
}

/** The path as reports show it: relative to the working directory, forward slashes. */
export function displayPath(cwd: string, absolute: string): string {
  return toPosix(path.relative(cwd, absolute));
}

/** True when `child` is `parent` or lies under it (both absolute, already resolved). */
export function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** True when any segment of the path is `node_modules` or `.git`; those are never scanned. */
export function isInAlwaysSkippedFolder(file: string): boolean {
  return file.split(/[\\/]/).some((segment) => segment === 'node_modules' || segment === '.git');
}
