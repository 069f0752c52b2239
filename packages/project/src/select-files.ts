import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { CheckOptions } from '@sunset/config';
import { exportsPattern, scanModuleSpecifiersOfLatin1, type ReadFolder } from '@sunset/engine';
import { createModuleAliases, isRelativeSpecifier } from '@sunset/analysis';
import { baseEndingPattern } from '@sunset/rule-data';
import { ts } from 'ts-morph';

/** How many calls deep a wrapper is followed: `getResource(p)` → `apiGet(p)` → `fetch(p)` is two levels. */
export const wrapperDepth = 3;
/** Barrels re-exporting barrels: how many hops of importers are followed from a needle-holding module. */
const maxImporterHops = 4;

/** What the selection needs of a file it reads: the engine's first pass gives it for every scanned file (`ModuleSummary`). */
export interface FileSummary {
  /** Every module specifier the file names, bare ones included. */
  readonly specifiers: readonly string[];
  readonly needle: boolean;
  /** The file exports (`export`, `module.exports`, `exports.x`). */
  readonly exports: boolean;
  /** The file exports and holds a base a retired path can be split at (`SeedTests.holdsBase`). */
  readonly holdsBase: boolean;
}

export interface ProjectFiles {
  /** Files the analysis runs on: those holding a needle and those importing them (through barrels and aliases). */
  readonly analysed: readonly string[];
  /** What ts-morph loads: the analysed files plus the files they call into, to the wrapper depth. */
  readonly loaded: readonly string[];
  /** Resolved imports of every file read (absolute paths). */
  readonly importsOf: ReadonlyMap<string, readonly string[]>;
}

/** What the selection keeps of one file once its text is read: the text itself is dropped. */
interface FileFacts {
  readonly hasNeedle: boolean;
  readonly holdsBase: boolean;
  readonly exports: boolean;
  /** The file imports or exports: a module, whose declarations no other file sees unless it imports them. */
  readonly module: boolean;
  readonly imports: readonly string[];
}

/** What makes a file a seed of the selection, tested on its text. */
export interface SeedTests {
  /** A retired path or operation name. */
  readonly hasNeedle: (text: string) => boolean;
  /** A base a retired path can be split at: a string ending in a path's first segment or an API's server path (`…/v1'`). */
  readonly holdsBase: (text: string) => boolean;
}

/**
 * The text of a base a client instance can be made with, so that a retired path may be split
 * between it and a path in another file (`axios.create({ baseURL: 'https://api.adform.com/v1' })`
 * exported, `api.get('/campaigns')` elsewhere): a string ending in the first segment of an entry's
 * path or in an API's server path (the catalog's split-path tests). A host alone is no seed: the
 * path's whole retired text is then in the file that makes the request, a needle file, whose imports
 * are loaded anyway; seeding on hosts loaded every file that keeps an `API_BASE` of its own.
 */
export function baseTestOf(options: Pick<CheckOptions, 'catalog'>): (text: string) => boolean {
  const pattern = basePatternOf(options);
  return (text) => pattern !== undefined && pattern.test(text);
}

/** `baseTestOf`'s one pattern (undefined when no entry can be split): a RegExp crosses to the engine's worker threads. */
export function basePatternOf(options: Pick<CheckOptions, 'catalog'>): RegExp | undefined {
  const serverPaths = [...options.catalog.apis.values()].flatMap((api) => api.basePaths ?? []).filter((basePath) => basePath.replace(/\//g, '') !== '');
  const sources = [
    ...options.catalog.splitPathTests.map((test) => test.base.source),
    ...serverPaths.map((basePath) => baseEndingPattern(basePath.replace(/\/+$/, ''))),
  ];
  // One pattern, as the needles are: the split-path tests spell case-insensitivity in the pattern itself.
  return sources.length === 0 ? undefined : new RegExp(sources.join('|'));
}

/**
 * A file's summary from its text, for the files the engine's first pass did not summarize. The text may
 * be the file's bytes read as Latin-1 (needles, `export` and module specifiers are ASCII): a specifier
 * with other bytes is decoded again as UTF-8.
 */
export function summaryOfText(text: string, seeds: SeedTests): FileSummary {
  const specifiers = scanModuleSpecifiersOfLatin1(text);
  const exports = exportsPattern.test(text);
  // A base counts only where its module exports it: the test runs only there.
  return { specifiers, needle: seeds.hasNeedle(text), exports, holdsBase: exports && seeds.holdsBase(text) };
}

/**
 * The folder every place a relative (or absolute) specifier may resolve to lies in: the folder it
 * names for `.`, `..` or `lib/` (its index, its package.json), else the folder of its last segment.
 */
function folderOf(file: string, specifier: string): string {
  const target = path.resolve(path.dirname(file), specifier);
  return specifier === '.' || specifier === '..' || /\/\.{0,2}$/.test(specifier) ? target : path.dirname(target);
}

/**
 * Which bare specifiers can name a scanned file: those a `paths` pattern matches, and, with a `baseUrl`,
 * those whose first segment is an entry of that folder. Every other bare specifier is a dependency
 * (`axios`, `react`), whose resolution walks `node_modules` folders for nothing.
 */
function projectSpecifierTest(compilerOptions: ts.CompilerOptions): (specifier: string) => boolean {
  const patterns = Object.keys(compilerOptions.paths ?? {}).map((key) => {
    const star = key.indexOf('*');
    return star === -1 ? (specifier: string) => specifier === key : (specifier: string) => specifier.startsWith(key.slice(0, star)) && specifier.endsWith(key.slice(star + 1));
  });
  let baseEntries: ReadonlySet<string> = new Set();
  if (compilerOptions.baseUrl !== undefined) {
    try {
      baseEntries = new Set(readdirSync(compilerOptions.baseUrl).map((entry) => entry.replace(/\.[cm]?[jt]sx?$/, '')));
    } catch {
      // An unreadable baseUrl resolves nothing.
    }
  }
  return (specifier) => {
    if (isRelativeSpecifier(specifier) || path.isAbsolute(specifier)) return true;
    if (patterns.some((matches) => matches(specifier))) return true;
    return baseEntries.has(specifier.split('/')[0]!);
  };
}

/** One TypeScript module resolution cache per compiler options (a solution config's projects each have theirs), made on first use. */
export function moduleResolutionCaches(): (options: ts.CompilerOptions) => ts.ModuleResolutionCache {
  const caches = new Map<ts.CompilerOptions, ts.ModuleResolutionCache>();
  return (options) => {
    let cache = caches.get(options);
    if (cache === undefined) caches.set(options, (cache = ts.createModuleResolutionCache(process.cwd(), (name) => name, options)));
    return cache;
  };
}

/**
 * Chooses the subgraph worth giving to ts-morph: a retired URL or operation must appear as text
 * somewhere, whole or split between a client's base and a path, so the files holding a needle or
 * exporting a base (`FileSummary.holdsBase`; only when they import a project file or are imported), who
 * imports them (following barrels and path aliases),
 * and the files those importers call into for wrappers. Module specifiers are resolved as the
 * tsconfig says (`paths`, `baseUrl`, extensions, `index` files; `compilerOptions` may give each file
 * its own, those of the referenced project that takes it), through `host` (which may answer from
 * folder listings the walk made). A needle file the first pass settled (`settledInFirstPass`: every
 * retired path there went to another API's host, nothing found) is a seed only when it imports a project
 * file or is imported. Files outside `files` that they import are summarized too (not under
 * node_modules, not `.d.ts`): a value may be declared there. `summaryOf` gives each file's summary
 * without keeping its text, so memory does not grow with the repository's size. A bare specifier
 * naming a package of the repository (a workspace package linked into node_modules) is resolved too,
 * to its real path; `readFolder` (the walk's listings) answers where those links are.
 */
export function selectProjectFiles(
  files: readonly string[],
  summaryOf: (file: string) => FileSummary | undefined,
  compilerOptions: ts.CompilerOptions | ((file: string) => ts.CompilerOptions),
  host: ts.ModuleResolutionHost = ts.sys,
  settledInFirstPass: (file: string) => boolean = () => false,
  readFolder?: ReadFolder,
): ProjectFiles {
  const scanned = new Set(files);
  // Each file's specifiers resolve with the options of the project that takes it (a solution config's references).
  const optionsOf = typeof compilerOptions === 'function' ? compilerOptions : () => compilerOptions;
  const cacheOf = moduleResolutionCaches();
  const specifierTests = new Map<ts.CompilerOptions, (specifier: string) => boolean>();
  const maySpecifyProjectFile = (options: ts.CompilerOptions, specifier: string): boolean => {
    let test = specifierTests.get(options);
    if (test === undefined) specifierTests.set(options, (test = projectSpecifierTest(options)));
    return test(specifier);
  };
  // A package of the repository imported by its name (a workspace package linked into node_modules).
  const workspace = createModuleAliases(readFolder);
  const mayNameProjectFile = (file: string, specifier: string, options: ts.CompilerOptions): boolean => maySpecifyProjectFile(options, specifier) || workspace.targetsOf(file, specifier).length > 0;
  // A relative or absolute path whose folder does not exist names no file (every place resolution tries lies
  // in that folder): not resolved (at 50k most of 1 s of resolution, and its garbage). `rootDirs` may map it elsewhere.
  const inMissingFolder = (file: string, specifier: string, options: ts.CompilerOptions): boolean =>
    options.rootDirs === undefined && host.directoryExists !== undefined && (isRelativeSpecifier(specifier) || path.isAbsolute(specifier)) && !host.directoryExists(folderOf(file, specifier));
  const facts = new Map<string, FileFacts>();
  const importersOf = new Map<string, string[]>();
  // Scanned files first; then the files outside the scanned paths they import (a constant declared in
  // src/api while only src/services is scanned), as far as barrels go: read for their values, never reported.
  const queue: { file: string; hops: number }[] = files.map((file) => ({ file, hops: 0 }));
  const queued = new Set(files);
  // The queue grows while it is read: an array iterator sees the files pushed on the way.
  for (const { file, hops } of queue) {
    const summary = summaryOf(file);
    if (summary === undefined) continue;
    const targets = new Set<string>();
    const options = optionsOf(file);
    for (const specifier of summary.specifiers) {
      if (!mayNameProjectFile(file, specifier, options) || inMissingFolder(file, specifier, options)) continue;
      const resolved = ts.resolveModuleName(specifier, file, options, host, cacheOf(options)).resolvedModule;
      // Through node_modules only to a workspace package: its real path (the host's `realpath`) lies outside every node_modules.
      if (resolved === undefined || resolved.extension === ts.Extension.Dts) continue;
      const target = path.resolve(resolved.resolvedFileName);
      if (target === file || target.split(path.sep).includes('node_modules')) continue;
      if (!scanned.has(target)) {
        if (hops >= maxImporterHops) continue;
        if (!queued.has(target)) {
          queued.add(target);
          queue.push({ file: target, hops: hops + 1 });
        }
      }
      targets.add(target);
    }
    facts.set(file, { hasNeedle: summary.needle, holdsBase: summary.holdsBase, exports: summary.exports, module: summary.exports || summary.specifiers.length > 0, imports: [...targets] });
    for (const target of targets) importersOf.set(target, [...(importersOf.get(target) ?? []), file]);
  }

  // A base travels only when its module exports it (the instance, its factory, or the constant), and only
  // to a file it shares something with: a module that imports no project file and that no file imports
  // meets no path of another file, and its own requests are the first pass's, as in a module that does not export.
  const sharesWithOthers = (file: string, fact: FileFacts): boolean => fact.imports.length > 0 || importersOf.has(file);
  // A needle the first pass settled in its own file (every retired path there went to another API's host
  // it names, nothing was found, no base is written there) in a module that imports no project file and
  // that no file imports travels nowhere and takes nothing in: not a seed.
  const settledAlone = (file: string, fact: FileFacts): boolean => fact.module && fact.imports.length === 0 && !importersOf.has(file) && settledInFirstPass(file);
  const seedFiles = [...facts]
    .filter(([file, fact]) => (fact.hasNeedle && !settledAlone(file, fact)) || (fact.holdsBase && fact.exports && sharesWithOthers(file, fact)))
    .map(([file]) => file);
  const analysed = new Set(seedFiles);
  let frontier = seedFiles;
  for (let hop = 0; hop < maxImporterHops && frontier.length > 0; hop++) {
    const next: string[] = [];
    for (const file of frontier) {
      for (const importer of importersOf.get(file) ?? []) {
        if (analysed.has(importer)) continue;
        analysed.add(importer);
        // Only a module that exports something can pass the value on to its own importers.
        if (facts.get(importer)?.exports === true) next.push(importer);
      }
    }
    frontier = next;
  }

  const importsOf = new Map([...facts].filter(([, fact]) => fact.imports.length > 0).map(([file, fact]) => [file, fact.imports] as const));
  const loaded = new Set(analysed);
  let callees = [...analysed];
  for (let level = 0; level < wrapperDepth && callees.length > 0; level++) {
    const next: string[] = [];
    for (const target of callees.flatMap((file) => importsOf.get(file) ?? [])) {
      if (loaded.has(target)) continue;
      loaded.add(target);
      next.push(target);
    }
    callees = next;
  }
  return { analysed: [...analysed].sort(), loaded: [...loaded].sort(), importsOf };
}
