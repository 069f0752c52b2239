import path from 'node:path';
import {
  addNotScanned,
  countNotScanned,
  createFolderCache,
  createGlobalExcludes,
  createWalkFilter,
  findConfig,
  findConfigCandidates,
  findConfigFile,
  isFolder,
  isInside,
  namedFileRoots,
  resolveConfig,
  toPosix,
  type ConfigOverrides,
  type ConfigProblems,
  type GlobalExcludesLookup,
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
 * that does not parse is no config: the lookup passes over it. Nested configs are looked for in the
 * folders the walk lists (`findConfigCandidates`): one in a folder a `.gitignore` excludes is never read.
 */
export async function resolveConfigScopes(
  cwd: string,
  paths: readonly string[],
  overrides: ConfigOverrides,
  now: Date = new Date(),
  readFolder: ReadFolder = createFolderCache(),
  globalExcludes: GlobalExcludesLookup = createGlobalExcludes(),
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

  for (const given of paths) {
    const absolute = path.resolve(cwd, given);
    const folder = isFolder(absolute);
    const found = await findConfig(folder ? absolute : path.dirname(absolute), undefined, problems, cwd);
    const own = await scopeOf(found?.file);
    own.paths.push(given);
    own.roots.push(absolute);
    if (!folder) continue;
    for (const nested of nestedConfigFolders(absolute, { cwd, readFolder, globalExcludes })) {
      const nestedConfig = await findConfig(nested, undefined, problems, cwd);
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
  return { primary, scopes, carvedOut: [...carvedOut], configProblems: configProblemsOutside(problems, cwd, paths) };
}

/** The package.json files the lookups passed over that lie outside the scanned folders: the walk lists those inside itself. */
export function configProblemsOutside(problems: ConfigProblems, cwd: string, paths: readonly string[]): SkippedFile[] {
  const scannedFolders = paths.map((given) => path.resolve(cwd, given)).filter(isFolder);
  return [...problems.values()].filter((problem) => !scannedFolders.some((folder) => isInside(folder, problem.file)));
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


/**
 * Folders below `root` holding a sunset.config.json or a package.json (checked for a `sunset` key by
 * findConfig), among those the walk lists (through its folder cache, which the walk then reuses):
 * not in node_modules or a folder a `.gitignore` excludes; dot folders hold none.
 */
function nestedConfigFolders(root: string, walk: Parameters<typeof findConfigCandidates>[1]): string[] {
  // A folder before those below it, as a walk meets them.
  const folders = [...new Set(findConfigCandidates(root, walk).map((file) => path.dirname(file)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return folders.filter((folder) => folder !== root && !path.relative(root, folder).split(path.sep).some((name) => name.startsWith('.')));
}

/** A config scope of a run over some files only: the files it governs among them, and which other files are its own. */
export interface FileScope extends ConfigScope {
  /** The files (absolute) this config governs among those given. */
  readonly files: readonly string[];
  /** Whether a file (one that `files` import) is governed by this config, as a walk would decide. */
  readonly inScope: (file: string) => boolean;
}

/**
 * The config scopes of a run over some files only (`--changed-since`: the files a change touches),
 * found without listing a folder: a file under a scanned path is governed by the nearest config at or
 * above its folder, as `resolveConfigScopes` decides for every file of a walk (a folder below a scanned
 * folder with its own config is governed by that one; dot folders and node_modules hold none).
 * `--config FILE` governs every file. Files outside the scanned paths belong to no scope, but for what a
 * file named among the paths imports: `inScope` judges that as a run over the working directory does. A
 * package.json that does not parse is passed over, into `problems` (also later, as `inScope` looks up more files).
 * A file the walk would never see (in a folder a `.gitignore` excludes, say) belongs to no scope, so no
 * config is read for it, as the walk's search for nested configs reads none there.
 */
export async function resolveFileScopes(
  cwd: string,
  paths: readonly string[],
  files: readonly string[],
  overrides: ConfigOverrides,
  primary: ResolvedConfig,
  now: Date = new Date(),
  problems?: ConfigProblems,
  globalExcludes: GlobalExcludesLookup = createGlobalExcludes(),
): Promise<FileScope[]> {
  // What a file named among the paths imports is judged as a check of the working directory judges it (`workingDirectoryScope`).
  const namesFile = paths.some((given) => !isFolder(path.resolve(cwd, given)));
  if (overrides.config !== undefined) {
    const inScope = underPaths(cwd, namesFile ? [...paths, '.'] : paths);
    return [{ config: primary, paths, ignores: primary.ignores, files: files.filter(underPaths(cwd, paths)), inScope }];
  }
  const governing = governingConfigs(cwd, paths, problems);
  const fromWorkingDirectory = namesFile ? governingConfigs(cwd, ['.'], problems) : (): undefined => undefined;
  const scopes = new Map<string, { configFile: string | undefined; paths: Set<string>; files: string[] }>();
  const given = new Set(paths.map((scanned) => path.resolve(cwd, scanned)));
  const walkSees = createWalkFilter([...given], { cwd, globalExcludes });
  for (const file of files) {
    if (!given.has(file) && walkSees(file) === 'unseen') continue;
    const found = governing(file);
    if (found === undefined) continue;
    const key = found.configFile ?? '';
    let scope = scopes.get(key);
    if (scope === undefined) scopes.set(key, (scope = { configFile: found.configFile, paths: new Set(), files: [] }));
    scope.paths.add(found.scanned);
    scope.files.push(file);
  }
  const resolved: FileScope[] = [];
  for (const [key, scope] of scopes) {
    const config = scope.configFile === primary.file ? primary : await resolveConfig(cwd, { ...overrides, ...(scope.configFile === undefined ? {} : { config: scope.configFile }) }, now, problems);
    const inScope = (file: string): boolean => ((governing(file) ?? fromWorkingDirectory(file))?.configFile ?? '') === key;
    resolved.push({ config, paths: [...scope.paths], ignores: config.ignores, files: scope.files, inScope });
  }
  return resolved;
}

/** Whether a file lies under the scanned `paths` (a folder's file, or a file given itself). */
function underPaths(cwd: string, paths: readonly string[]): (file: string) => boolean {
  const roots = paths.map((given) => ({ absolute: path.resolve(cwd, given), folder: isFolder(path.resolve(cwd, given)) }));
  return (file) => roots.some((root) => (root.folder ? isInside(root.absolute, file) : root.absolute === file));
}

/** The config governing a file: its file (undefined: none, defaults) and the path its scope scans. */
interface Governing {
  readonly configFile: string | undefined;
  readonly scanned: string;
}

/**
 * The config file governing each file under the scanned `paths` (undefined outside them), found without
 * listing a folder, as `resolveConfigScopes` decides it for every file of a walk: the nearest config at
 * or above the file's folder, where a folder below a scanned folder with its own config is that config's
 * scope (dot folders and node_modules hold none). Lookups meet package.json files that do not parse: into `problems`.
 */
function governingConfigs(cwd: string, paths: readonly string[], problems?: ConfigProblems): (file: string) => Governing | undefined {
  const roots = paths.map((given) => ({ given, absolute: path.resolve(cwd, given), folder: isFolder(path.resolve(cwd, given)) }));
  const rootOf = (file: string): (typeof roots)[number] | undefined => roots.find((root) => (root.folder ? isInside(root.absolute, file) : root.absolute === file));
  const nearest = new Map<string, string | undefined>();
  const configFileOf = (folder: string): string | undefined => {
    if (!nearest.has(folder)) nearest.set(folder, findConfigFile(folder, problems));
    return nearest.get(folder);
  };
  return (file) => {
    const root = rootOf(file);
    if (root === undefined) return undefined;
    const rootFolder = root.folder ? root.absolute : path.dirname(root.absolute);
    const own = configFileOf(rootFolder);
    const near = configFileOf(path.dirname(file));
    if (near === undefined || near === own) return { configFile: own, scanned: root.given };
    const folder = path.dirname(near);
    // A config in a dot folder or node_modules below the scanned folder is not a nested scope (resolveConfigScopes does not look there).
    const between = path.relative(rootFolder, folder).split(path.sep);
    if (!root.folder || folder === rootFolder || !isInside(rootFolder, folder) || between.some((name) => name.startsWith('.') || name === 'node_modules')) {
      return { configFile: own, scanned: root.given };
    }
    return { configFile: near, scanned: path.relative(cwd, folder) || '.' };
  };
}

/**
 * For a run over files named on the command line (`CheckRun.resolveNamedFiles`): whether a file they
 * import is `config`'s, as a run over the working directory decides it (`governingConfigs` of `.`;
 * with `--config`, every file under the working directory). The lookups pass over a package.json that
 * does not parse, as `resolveFileScopes` does (into `problems` when given).
 */
export function workingDirectoryScope(
  cwd: string,
  config: Pick<ResolvedConfig, 'file'>,
  overrides: Pick<ConfigOverrides, 'config'>,
  paths: readonly string[],
  problems?: ConfigProblems,
): (file: string) => boolean {
  // A file named outside the working directory: what it imports is judged as a run over its repository would judge it.
  const named = paths.map((given) => path.resolve(cwd, given)).filter((file) => !isFolder(file));
  const roots = namedFileRoots(cwd, named).map((root) => (root === cwd ? '.' : root));
  if (overrides.config !== undefined) return underPaths(cwd, roots);
  const governing = governingConfigs(cwd, roots, problems);
  return (file) => {
    const found = governing(file);
    return found !== undefined && found.configFile === config.file;
  };
}
