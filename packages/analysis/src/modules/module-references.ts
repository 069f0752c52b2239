import path from 'node:path';
import type { Catalog } from '@sunset/rule-data';
import { isRelativeSpecifier } from './specifiers.js';

export { isRelativeSpecifier } from './specifiers.js';

/** What a file says about other modules by relative path (or a project's path alias), read from its text without parsing. */
export interface ModuleReferences {
  /** Every relative (or alias) specifier the file imports, requires or re-exports from. */
  readonly imports: readonly string[];
  /** The specifiers of `export … from` among them (a barrel passes these modules' values on). */
  readonly reexports: readonly string[];
}

const noReferences: ModuleReferences = { imports: [], reexports: [] };

const isSpace = (code: number): boolean => code === 32 || code === 9 || code === 10 || code === 13;
/** A byte of an identifier: ASCII letters, digits, `_`, `$`, and every byte of a character beyond ASCII. */
const isWordByte = (code: number): boolean =>
  (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 36 || code > 127;

/** The index just past the last non-space byte before `end` (0 when there is none). */
function skipSpaceBack(bytes: Uint8Array, end: number): number {
  let at = end;
  while (at > 0 && isSpace(bytes[at - 1]!)) at -= 1;
  return at;
}

/** Whether the ASCII `word` ends at `end` as a whole word. */
function wordEndsAt(bytes: Uint8Array, end: number, word: string): boolean {
  const start = end - word.length;
  if (start < 0 || (start > 0 && isWordByte(bytes[start - 1]!))) return false;
  for (let at = 0; at < word.length; at++) if (bytes[start + at] !== word.charCodeAt(at)) return false;
  return true;
}

/** The index of the last `byte` before `end`, or -1. */
function lastIndexOfByte(bytes: Uint8Array, byte: number, end: number): number {
  for (let at = end - 1; at >= 0; at--) if (bytes[at] === byte) return at;
  return -1;
}

/** Whether the `from` ending at `fromEnd` closes `export {…}`, `export *` or `export * as name` (with an optional `type`). */
function closesReexport(bytes: Uint8Array, fromEnd: number): boolean {
  let at = skipSpaceBack(bytes, fromEnd - 'from'.length);
  const last = at > 0 ? bytes[at - 1]! : -1;
  if (last === 125 /* } */) {
    const open = lastIndexOfByte(bytes, 123 /* { */, at - 1);
    if (open === -1) return false;
    at = skipSpaceBack(bytes, open);
  } else if (last !== -1 && isWordByte(last)) {
    // `export * as name from`: the name, `as`, then the star.
    while (at > 0 && isWordByte(bytes[at - 1]!)) at -= 1;
    at = skipSpaceBack(bytes, at);
    if (!wordEndsAt(bytes, at, 'as')) return false;
    at = skipSpaceBack(bytes, at - 2);
    if (bytes[at - 1] !== 42 /* * */) return false;
    at = skipSpaceBack(bytes, at - 1);
  } else if (last === 42 /* * */) {
    at = skipSpaceBack(bytes, at - 1);
  } else {
    return false;
  }
  if (wordEndsAt(bytes, at, 'type')) at = skipSpaceBack(bytes, at - 4);
  return wordEndsAt(bytes, at, 'export');
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();
const dotSlash = encoder.encode('./');

/** `'.` or `".`: the dot, at the index found, closes `'.'` or `'..'` when the quote after it opens the specifier too. */
const dotQuotes = [encoder.encode(".'"), encoder.encode('."')];
/** `'.'`, `"."`, `'..'` or `".."` somewhere in a text: a specifier of a folder's index may be there. */
const quotedDots = /['"]\.\.?['"]/;

/** Whether a relative specifier can only name a folder (`.`, `..`, `./`, `../..`, `./lib/`): Node and TypeScript look up its index, never a file `<folder>.ts` beside it. */
function namesFolder(specifier: string): boolean {
  return specifier.endsWith('/') || specifier === '.' || specifier === '..' || specifier.endsWith('/.') || specifier.endsWith('/..');
}

/**
 * The module file a relative specifier of `fromFile` names (`resolveModuleFile`), a folder's
 * (`.`, `..`, `../`) by its `index.*` only. `isFile` says which files count; undefined when none does.
 */
export function resolveRelativeModuleFile(fromFile: string, specifier: string, isFile: (file: string) => boolean): string | undefined {
  const target = path.resolve(path.dirname(fromFile), specifier);
  return namesFolder(specifier) ? resolveFolderIndex(target, isFile) : resolveModuleFile(target, isFile);
}

/**
 * The relative module specifiers of a file's text: each `'./`, `"./`, `'../` or `"../` found by
 * `indexOf`, and each `'.'` or `'..'` (either quote), kept when `from`, `import` or `require(` stands before it. A superset (a specifier in a
 * comment counts too), which is safe for a prefilter; a text without one costs a few searches. The
 * specifiers are strings of their own, decoded from the text's bytes: a caller that keeps those of
 * every file (`fix`'s plan, the history's facts per blob) does not keep every text, as slices would.
 * With `aliasPrefixes` (a project's path aliases, `@app/`; `''` for any bare specifier), the bare
 * specifiers starting with one of them are kept too, after the relative ones.
 */
export function scanModuleReferences(text: string, aliasPrefixes: readonly string[] = []): ModuleReferences {
  return text.includes('./') || quotedDots.test(text) || aliasPrefixes.length > 0 ? scanModuleReferencesIn(encoder.encode(text), aliasPrefixes) : noReferences;
}

/**
 * `scanModuleReferences` of a file's UTF-8 bytes, without decoding them: every byte the scan looks
 * at is ASCII, and no byte of a character beyond ASCII is. The specifiers are decoded strings of their own.
 */
export function scanModuleReferencesIn(bytes: Uint8Array, aliasPrefixes: readonly string[] = []): ModuleReferences {
  const found: Found = {};
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The next `./`, `.'` and `."` from where the scan stands, each searched again only once passed: the specifiers in the order they are written.
  const next = [dotSlash, ...dotQuotes].map((needle) => ({ needle, at: buffer.indexOf(needle) }));
  for (let from = 0; ; ) {
    let hit: (typeof next)[number] | undefined;
    for (const each of next) {
      if (each.at !== -1 && each.at < from) each.at = buffer.indexOf(each.needle, from);
      if (each.at !== -1 && (hit === undefined || each.at < hit.at)) hit = each;
    }
    if (hit === undefined) break;
    const dot = hit.at;
    let quoteAt: number;
    if (hit.needle === dotSlash) {
      // `'./` or `'../`: the quote is just before the dot(s).
      quoteAt = dot > 0 && bytes[dot - 1] === 46 /* . */ ? dot - 2 : dot - 1;
    } else {
      // `'.'` or `'..'`: the same quote opens it just before the dot(s).
      const quote = bytes[dot + 1];
      quoteAt = bytes[dot - 1] === quote ? dot - 1 : bytes[dot - 1] === 46 /* . */ && bytes[dot - 2] === quote ? dot - 2 : -1;
    }
    const close = specifierAt(bytes, buffer, quoteAt, found);
    from = close !== -1 ? close + 1 : dot + 1;
  }
  if (aliasPrefixes.length > 0) {
    const latin1 = buffer.toString('latin1');
    for (const match of latin1.matchAll(bareSpecifierStart)) {
      const quoteAt = match.index + match[0].length - 1;
      const close = buffer.indexOf(bytes[quoteAt]!, quoteAt + 1);
      if (close === -1) continue;
      const written = latin1.slice(quoteAt + 1, close);
      if (isRelativeSpecifier(written) || written.startsWith('/')) continue; // relative (read above) or absolute
      if (aliasPrefixes.some((prefix) => written.startsWith(prefix))) specifierAt(bytes, buffer, quoteAt, found);
    }
  }
  return found.imports === undefined ? noReferences : { imports: found.imports, reexports: found.reexports ?? [] };
}

interface Found {
  imports?: string[];
  reexports?: string[];
}

/** A quote that may open a bare specifier: after `from`, `import` or `require(` (`specifierAt` judges what stands before it). */
const bareSpecifierStart = /(?:\bfrom|\bimport|\brequire\s*\()\s*['"]/g;

/**
 * The specifier whose opening quote is at `quoteAt`, added to `found` when `from`, `import` or
 * `require(` stands before it; the index of its closing quote, or -1 when there is none.
 */
function specifierAt(bytes: Uint8Array, buffer: Buffer, quoteAt: number, found: Found): number {
  const quote = quoteAt < 0 ? -1 : bytes[quoteAt];
  if (quote !== 39 /* ' */ && quote !== 34 /* " */) return -1;
  const close = buffer.indexOf(quote, quoteAt + 1);
  if (close === -1) return -1;
  if (buffer.subarray(quoteAt + 1, close).includes(10 /* \n */)) return -1;
  let before = skipSpaceBack(bytes, quoteAt);
  let reexport = false;
  if (wordEndsAt(bytes, before, 'from')) reexport = closesReexport(bytes, before);
  else if (!wordEndsAt(bytes, before, 'import')) {
    if (bytes[before - 1] !== 40 /* ( */) return -1;
    before = skipSpaceBack(bytes, before - 1);
    if (!wordEndsAt(bytes, before, 'require')) return -1;
  }
  const specifier = decoder.decode(bytes.subarray(quoteAt + 1, close));
  (found.imports ??= []).push(specifier);
  if (reexport) (found.reexports ??= []).push(specifier);
  return close;
}

/**
 * The words of text that makes an HTTP client with a base of its own: its exports can carry one. RTK
 * Query's `fetchBaseQuery` makes a base query and `createApi` an API over one (`baseUrl: '/api'` names no origin).
 */
export const clientBaseWords: readonly string[] = ['baseURL', 'prefixUrl', 'baseUrl', 'fetchBaseQuery', 'createApi'];
const clientBasePattern = new RegExp(`\\b(?:${clientBaseWords.join('|')})\\b`);

/** Whether a module's text may create an HTTP client with a base of its own, which the files importing it may call. */
export function mayCreateClientWithBase(text: string): boolean {
  return clientBasePattern.test(text);
}

/** A string that begins with an absolute HTTP URL (`'https://adsapi.snapchat.com'`): a base whose host decides whose requests it starts. */
export const absoluteUrlPattern = /['"`]https?:\/\//;

/**
 * Whether a module may offer a base the files importing it build URLs on: a client with a base, a
 * string that names an origin (`export const API_BASE = 'https://api.adform.com'`: its host says whose
 * API a request is), or a string ending where a retired path may be split (`'…/v1'`). Such a module
 * matters only to the files whose paths it may complete (the module graph's `clientSource`).
 */
export function mayOfferBase(text: string, catalog: Pick<Catalog, 'splitPathTests'>): boolean {
  return mayOfferPathBase(text, catalog) || absoluteUrlPattern.test(text);
}

/**
 * `mayOfferBase` but for an origin alone: a client with a base, or a split path's base. A checked file
 * that may offer one has its exports read from its own index; one that only names origins (most files
 * with a URL in them) is parsed by the module graph only when a file whose paths it may complete imports it.
 */
export function mayOfferPathBase(text: string, catalog: Pick<Catalog, 'splitPathTests'>): boolean {
  return clientBasePattern.test(text) || catalog.splitPathTests.some((test) => test.base.test(text));
}

const scriptExtension = /\.(m|c)?jsx?$/;
const typeScriptFor: Readonly<Record<string, readonly string[]>> = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };
const lookupExtensions = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/**
 * The module file an absolute path names, as TypeScript and bundlers look it up: the path itself,
 * `./x.js` written for `x.ts`, an added extension, then `index.*` of a folder. `isFile` says which
 * files count (`sunset check`: the scanned ones; the ESLint plugin: those on disk); undefined when none does.
 */
export function resolveModuleFile(target: string, isFile: (file: string) => boolean): string | undefined {
  if (isFile(target)) return target;
  const written = scriptExtension.exec(target)?.[0];
  if (written !== undefined) {
    const stem = target.slice(0, -written.length);
    for (const extension of typeScriptFor[written] ?? []) if (isFile(stem + extension)) return stem + extension;
  }
  for (const extension of lookupExtensions) if (isFile(target + extension)) return target + extension;
  return resolveFolderIndex(target, isFile);
}

/** The `index.*` of the folder `target`, in `resolveModuleFile`'s order of extensions. */
function resolveFolderIndex(target: string, isFile: (file: string) => boolean): string | undefined {
  for (const extension of lookupExtensions) {
    const index = path.join(target, `index${extension}`);
    if (isFile(index)) return index;
  }
  return undefined;
}
