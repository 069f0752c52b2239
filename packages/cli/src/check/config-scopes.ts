import { statSync } from 'node:fs';
import path from 'node:path';
import {
  addNotScanned,
  countNotScanned,
  createFolderCache,
  findConfig,
  resolveConfig,
  toPosix,
  type ConfigOverrides,
  type ConfigProblems,
  type NotScannedCounts,
  type ReadFolder,
  type ResolvedConfig,
  type SkippedFile,
} from '@sunset/engine';

/** The files one config governs: the paths to scan with it, and the folders of nested configs to leave out. */
export interface ConfigScope {
  readonly config: ResolvedConfig;
  /** Paths to scan with this config: as given on the command line, or (nested config folders) relative to the working directory. */
  readonly paths: readonly string[];
  /** `config.ignores` plus the folders that have their own config (gitignore patterns, relative to `config.baseDir`). */
  readonly ignores: readonly string[];
}

export interface ConfigScopes {
  /** The config found from the working directory (or `--config`): it decides the run (`failOn`, `baseline`). */
  readonly primary: ResolvedConfig;
  /** One scope per config that governs some scanned file, in path order. */
  readonly scopes: readonly ConfigScope[];
  /** Folders left out of an outer scope because their own config's scope scans them (absolute). */
  readonly carvedOut: readonly string[];
  /**
   * package.json files in the folders above the scanned paths that do not parse (passed over as no
   * config): the walk lists those inside the scanned folders itself, unless they are ignored.
   */
  readonly configProblems: readonly SkippedFile[];
}

/**
 * Which config governs which files, as ESLint 10 looks up `eslint.config.js`: for every scanned path the
 * nearest `sunset.config.json` (or package.json with a `sunset` key) in its folder or above, up to the
 * top of the git work tree; a folder below a scanned folder with its own config is governed by that
 * one. The nearest file wins whole (no cascading). `--config FILE` governs everything. A package.json
 * that does not parse is no config: the lookup passes over it.
 */
export async function resolveConfigScopes(
  cwd: string,
  paths: readonly string[],
  overrides: ConfigOverrides,
  now: Date = new Date(),
  readFolder: ReadFolder = createFolderCache(),
): Promise<ConfigScopes> {
  const problems: ConfigProblems = new Map();
  const primary = await resolveConfig(cwd, overrides, now, problems);
  if (overrides.config !== undefined) return { primary, scopes: [{ config: primary, paths, ignores: primary.ignores }], carvedOut: [], configProblems: [] };

  const byFile = new Map<string, { config: ResolvedConfig; paths: string[]; roots: string[] }>();
  const scopeOf = async (configFile: string | undefined): Promise<{ config: ResolvedConfig; paths: string[]; roots: string[] }> => {
    const key = configFile ?? '';
    let scope = byFile.get(key);
    if (scope === undefined) {
      const config = configFile === primary.file ? primary : await resolveConfig(cwd, { ...overrides, ...(configFile === undefined ? {} : { config: configFile }) }, now, problems);
      byFile.set(key, (scope = { config, paths: [], roots: [] }));
    }
    return scope;
  };

  const scannedFolders: string[] = [];
  for (const given of paths) {
    const absolute = path.resolve(cwd, given);
    const isFolder = isDirectory(absolute);
    if (isFolder) scannedFolders.push(absolute);
    const found = await findConfig(isFolder ? absolute : path.dirname(absolute), undefined, problems);
    const own = await scopeOf(found?.file);
    own.paths.push(given);
    own.roots.push(absolute);
    if (!isFolder) continue;
    for (const nested of nestedConfigFolders(absolute, readFolder)) {
      const nestedConfig = await findConfig(nested, undefined, problems);
      if (nestedConfig === undefined || nestedConfig.file === found?.file) continue;
      const scope = await scopeOf(nestedConfig.file);
      if (scope.roots.some((scanned) => isInside(scanned, nested))) continue;
      scope.paths.push(path.relative(cwd, nested) || '.');
      scope.roots.push(nested);
    }
  }

  const ownFolders = [...byFile.values()].flatMap(({ config }) => (config.file === undefined ? [] : [path.dirname(config.file)]));
  const carvedOut = new Set<string>();
  const scopes = [...byFile.values()].map(({ config, paths: scoped, roots }) => {
    const own = config.file === undefined ? undefined : path.dirname(config.file);
    const nested = ownFolders.filter((folder) => folder !== own && isInside(config.baseDir, folder) && roots.some((scanned) => isInside(scanned, folder) && scanned !== folder));
    for (const folder of nested) carvedOut.add(folder);
    return { config, paths: scoped, ignores: [...config.ignores, ...nested.map((folder) => `/${toPosix(path.relative(config.baseDir, folder))}/`)] };
  });
  const configProblems = [...problems.values()].filter((problem) => !scannedFolders.some((folder) => isInside(folder, problem.file)));
  return { primary, scopes, carvedOut: [...carvedOut], configProblems };
}

/**
 * The not-scanned list and counts of a run: without the files of carved-out folders (an outer scope
 * skips them as excluded by its ignores, but their own config's scope scans them), with the package.json
 * files above the scanned paths that the lookup passed over. Sorted by file.
 */
export function notScannedOfRun(
  skipped: readonly SkippedFile[],
  counts: NotScannedCounts,
  scopes: Pick<ConfigScopes, 'carvedOut' | 'configProblems'>,
): { skipped: SkippedFile[]; counts: NotScannedCounts } {
  const kept = skipped.filter((entry) => entry.reason !== 'excluded-by-config' || !scopes.carvedOut.some((folder) => isInside(folder, entry.file)));
  const carved = { ...counts, excludedByConfig: counts.excludedByConfig - (skipped.length - kept.length) };
  return {
    skipped: [...kept, ...scopes.configProblems].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)),
    counts: addNotScanned([carved, countNotScanned(scopes.configProblems, 0)]),
  };
}

/** True when `child` is `parent` or lies under it (both absolute). */
function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false; // the walk reports an unreadable path with the path named
  }
}

/** Folders below `root` (listed through `readFolder`, which the walk then reuses) holding a sunset.config.json or a package.json (checked for a `sunset` key by findConfig); node_modules and dot folders are not entered. */
function nestedConfigFolders(root: string, readFolder: ReadFolder): string[] {
  const found: string[] = [];
  const visit = (folder: string): void => {
    let entries;
    try {
      entries = readFolder(folder);
    } catch {
      return; // the walk reports unreadable folders
    }
    if (folder !== root && entries.some((entry) => entry.isFile() && (entry.name === 'sunset.config.json' || entry.name === 'package.json'))) found.push(folder);
    for (const entry of entries) {
      if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.')) visit(path.join(folder, entry.name));
    }
  };
  visit(root);
  return found;
}
