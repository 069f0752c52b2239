import path from 'node:path';
import { statSync, type Dirent } from 'node:fs';
import { createPathsMatcher, parseTsconfig, type PathsMatcher, type TsConfigResult } from 'get-tsconfig';

/**
 * The path aliases of a project's `tsconfig.json` (or `jsconfig.json`): `compilerOptions.paths`
 * (`"@app/*": ["src/app/*"]`) and `baseUrl` (`import … from 'services/api'`), as TypeScript and the
 * bundlers that follow it resolve them. Read with get-tsconfig (JSON with comments, `extends` chains,
 * also into node_modules; nothing is run). The config governing a file is the nearest one above it,
 * as `tsc` finds it. A config that cannot be read (an `extends` that is not installed, broken JSON)
 * maps nothing: its files' aliases are followed as no alias, as before this existed.
 */
export interface ModuleAliases {
  /**
   * What a file's bare specifiers may be aliases by: the prefixes every config met so far maps (`@app/`;
   * `''` when a `baseUrl` makes any bare specifier one). Empty when no config maps anything.
   */
  prefixesOf(files: readonly string[]): readonly string[];
  /** The paths (without extension, as written in the config) `specifier`, written in `fromFile`, may name; empty when it is no alias there. */
  targetsOf(fromFile: string, specifier: string): readonly string[];
}

/** One config's aliases: its matcher and the prefixes a specifier must start with to be one of them. */
interface AliasConfig {
  readonly matcher: PathsMatcher;
  readonly prefixes: readonly string[];
  /** `matcher`'s answers so far: a project imports the same few specifiers from many files. */
  readonly targets: Map<string, readonly string[]>;
}

const configNames = ['tsconfig.json', 'jsconfig.json'] as const;

function isFileOnDisk(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false; // a folder it may not look into
  }
}

/** The config file of a folder (`configNames` in order), by `stat`. */
function configFileOnDisk(folder: string): string | undefined {
  return configNames.map((name) => path.join(folder, name)).find(isFileOnDisk);
}

/** The config file of a folder, from its listing. */
function listedConfigFile(folder: string, readFolder: (dir: string) => readonly Dirent[]): string | undefined {
  let entries: readonly Dirent[];
  try {
    entries = readFolder(folder);
  } catch {
    return undefined;
  }
  for (const name of configNames) {
    const entry = entries.find((candidate) => candidate.name === name);
    const file = entry === undefined ? undefined : path.join(folder, name);
    if (file !== undefined && (entry!.isFile() || (entry!.isSymbolicLink() && isFileOnDisk(file)))) return file;
  }
  return undefined;
}

/** A bare specifier that no config can map: a Node built-in by scheme, or a URL. */
const neverAliased = /^(?:node|data|https?|file|npm|jsr|bun):/;

/**
 * Loads configs as folders ask for them (one lookup per folder), caching every read. `readFolder` lists
 * a folder (the walk's cache, `createFolderCache`: the folders it listed cost nothing again); without it
 * each folder costs a `stat` per config name.
 */
export function createModuleAliases(readFolder?: (dir: string) => readonly Dirent[]): ModuleAliases {
  const configFileIn = readFolder === undefined ? configFileOnDisk : (folder: string): string | undefined => listedConfigFile(folder, readFolder);
  const cache = new Map<string, unknown>();
  const byConfigPath = new Map<string, AliasConfig | undefined>();
  const byFolder = new Map<string, AliasConfig | undefined>();

  const read = (configPath: string): AliasConfig | undefined => {
    if (byConfigPath.has(configPath)) return byConfigPath.get(configPath);
    let config: AliasConfig | undefined;
    try {
      const found: TsConfigResult = { path: configPath, config: parseTsconfig(configPath, cache as Map<string, string>) };
      const matcher = createPathsMatcher(found);
      if (matcher !== null) config = { matcher, prefixes: prefixesOfConfig(found), targets: new Map() };
    } catch {
      config = undefined; // unreadable: no aliases (see the interface)
    }
    byConfigPath.set(configPath, config);
    return config;
  };

  // The nearest config above a folder, one folder at a time: a folder without one takes its parent's
  // answer (a large repository has thousands of folders under a few configs).
  const configOf = (folder: string): AliasConfig | undefined => {
    if (byFolder.has(folder)) return byFolder.get(folder);
    const own = configFileIn(folder);
    const parent = path.dirname(folder);
    const config = own !== undefined ? read(own) : parent === folder ? undefined : configOf(parent);
    byFolder.set(folder, config);
    return config;
  };

  return {
    prefixesOf(files) {
      const prefixes = new Set<string>();
      for (const folder of new Set(files.map((file) => path.dirname(file)))) for (const prefix of configOf(folder)?.prefixes ?? []) prefixes.add(prefix);
      return prefixes.has('') ? [''] : [...prefixes];
    },
    targetsOf(fromFile, specifier) {
      if (specifier.startsWith('.') || path.isAbsolute(specifier) || neverAliased.test(specifier)) return [];
      const config = configOf(path.dirname(fromFile));
      if (config === undefined || !config.prefixes.some((prefix) => specifier.startsWith(prefix))) return [];
      let targets = config.targets.get(specifier);
      if (targets === undefined) config.targets.set(specifier, (targets = config.matcher(specifier)));
      return targets;
    },
  };
}

/** The prefixes a config's aliases start with: each `paths` pattern up to its `*` (the whole of one without), and `''` for a `baseUrl`. */
function prefixesOfConfig(found: TsConfigResult): string[] {
  const options = found.config.compilerOptions;
  if (options?.baseUrl !== undefined) return [''];
  return Object.keys(options?.paths ?? {}).map((pattern) => (pattern.includes('*') ? pattern.slice(0, pattern.indexOf('*')) : pattern));
}
