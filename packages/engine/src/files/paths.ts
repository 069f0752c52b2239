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

/**
 * Where `target` is seen from the file `from`, as an import specifier says it (`./paths.ts`,
 * `../api/paths.ts`): what a TODO comment written into `from` names another file by, the same
 * wherever `sunset fix` was run from (a path from the working directory changed with it).
 */
export function pathFromFile(from: string, target: string): string {
  const relative = toPosix(path.relative(path.dirname(from), target));
  return relative.startsWith('../') ? relative : `./${relative}`;
}

/** True when `child` is `parent` or lies under it (both absolute, already resolved). */
export function isInside(parent: string, child: string): boolean {
  if (child === parent || relativeBelow(parent, child) !== undefined) return true;
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The folders never scanned, even when named on the command line: installed dependencies and git's own data. */
export type NeverScannedFolder = 'node_modules' | '.git';

/**
 * The `node_modules` or `.git` folder (in any case, as the walk skips them) that `file` lies in below
 * `base`, or undefined. Only the part of the path below the folder it shares with `base` counts, as
 * ESLint matches its default ignores of those folders from its base path: a repository that itself
 * lives under `/x/node_modules/y` is scanned from there, while `node_modules/sdk`, and from a folder
 * `src` beside it `../node_modules/sdk`, are not. Both paths absolute and resolved.
 */
export function neverScannedFolderOf(base: string, file: string): NeverScannedFolder | undefined {
  for (const segment of relativePosix(base, file).split('/')) {
    const name = segment.toLowerCase();
    if (name === 'node_modules' || name === '.git') return name;
  }
  return undefined;
}

/** Characters a terminal would act on rather than show: C0 and C1 controls, DEL, line separators and bidi overrides. */
const unprintable = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
const unprintableEverywhere = new RegExp(unprintable.source, 'g');
const shortEscapes: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A path as human output prints it: unchanged when every character shows as itself, otherwise quoted
 * with the controls escaped (`"src/new\nline.ts"`, as `git` quotes such names), so a newline or an
 * escape sequence in a file name cannot break a line or drive the terminal. JSON and SARIF carry the
 * path as it is.
 */
export function printablePath(file: string): string {
  if (!unprintable.test(file)) return file;
  const escaped = file
    .replace(/["\\]/g, '\\$&')
    .replace(unprintableEverywhere, (char) => shortEscapes[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `"${escaped}"`;
}
