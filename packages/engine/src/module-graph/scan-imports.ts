import path from 'node:path';
import { isRelativeSpecifier, resolveModuleFile, resolveRelativeModuleFile, type ModuleAliases } from '../analysis-contract.js';

export { isRelativeSpecifier, scanModuleReferences, scanModuleReferencesIn, type ModuleReferences } from '../analysis-contract.js';

/**
 * The scanned file a relative specifier names, as TypeScript and bundlers look it up: the path itself,
 * `./x.js` written for `x.ts`, an added extension, then `index.*` of a folder (only that for `.`, `..`
 * or `../`, which name a folder). Only files `known` has count (the default mode follows scanned files
 * only); undefined otherwise.
 */
export function resolveRelativeModule(fromFile: string, specifier: string, known: Pick<ReadonlySet<string>, 'has'>): string | undefined {
  return resolveRelativeModuleFile(fromFile, specifier, (file) => known.has(file));
}

/**
 * `resolveRelativeModule`, and for a bare specifier the first of the paths the project's aliases map it
 * to (`ModuleAliases.targetsOf`, in the config's order) that leads to a known file.
 */
export function resolveModule(fromFile: string, specifier: string, known: Pick<ReadonlySet<string>, 'has'>, aliases?: Pick<ModuleAliases, 'targetsOf'>): string | undefined {
  if (isRelativeSpecifier(specifier)) return resolveRelativeModule(fromFile, specifier, known);
  for (const target of aliases?.targetsOf(fromFile, specifier) ?? []) {
    const found = resolvePath(target, known);
    if (found !== undefined) return found;
  }
  return undefined;
}

function resolvePath(target: string, known: Pick<ReadonlySet<string>, 'has'>): string | undefined {
  return resolveModuleFile(target, (file) => known.has(file));
}

const moduleExtensions = new Set(['.js', '.jsx', '.mjs', '.cjs', '.ts', '.tsx', '.mts', '.cts']);

/**
 * The name a specifier can resolve to a file by: its last segment without a script extension
 * (`../api/paths.js` → `paths`), or `index` for `.`/`..`. `stemsOf` gives a file's names the same way,
 * so a specifier whose name no wanted file has is skipped without resolving its path (string
 * searches only: it runs for every specifier of every file).
 */
export function specifierStem(specifier: string): string {
  const start = specifier.lastIndexOf('/') + 1;
  const end = specifier.length;
  if (start === end || (specifier.charCodeAt(start) === 46 /* . */ && (end - start === 1 || (end - start === 2 && specifier.charCodeAt(start + 1) === 46)))) return 'index';
  const dot = specifier.lastIndexOf('.');
  return dot > start && moduleExtensions.has(specifier.slice(dot)) ? specifier.slice(start, dot) : specifier.slice(start);
}

/** The names a relative specifier can reach `file` by: its name with and without its extension, and its folder's name for an `index.*` file. */
export function stemsOf(file: string): string[] {
  const base = path.basename(file);
  const stem = base.lastIndexOf('.') > 0 ? base.slice(0, base.lastIndexOf('.')) : base;
  return stem === 'index' ? [base, 'index', path.basename(path.dirname(file))] : [base, stem];
}

/** Every module specifier a file names (imports, re-exports, `require`, `import()`): a superset read with one regex. */
const moduleSpecifier = /\b(?:from|import)\s*\(?\s*['"]([^'"\n]+)['"]|\brequire\s*\(\s*['"]([^'"\n]+)['"]/g;

/** The module specifiers of a file's text, relative and bare (`axios`, `@/api/paths`), in order; a specifier in a comment counts too. */
export function scanModuleSpecifiers(text: string): string[] {
  const specifiers: string[] = [];
  for (const match of text.matchAll(moduleSpecifier)) specifiers.push((match[1] ?? match[2])!);
  return specifiers;
}

/**
 * `scanModuleSpecifiers` of a file's UTF-8 bytes read as Latin-1 (a byte a character: cheaper than
 * decoding, and what surrounds a specifier is ASCII): a specifier holding other bytes is decoded again as UTF-8.
 */
export function scanModuleSpecifiersOfLatin1(text: string): string[] {
  return scanModuleSpecifiers(text).map((written) => (/[^\x00-\x7f]/.test(written) ? Buffer.from(written, 'latin1').toString('utf8') : written));
}
