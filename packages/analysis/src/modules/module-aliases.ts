import path from 'node:path';
import { readFileSync, statSync, type Dirent } from 'node:fs';
import { createFilesMatcher, createPathsMatcher, parseTsconfig, type FileMatcher, type PathsMatcher, type TsConfigJson, type TsConfigResult } from 'get-tsconfig';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';

/**
 * The path aliases of a project's `tsconfig.json` (or `jsconfig.json`): `compilerOptions.paths`
 * (`"@app/*": ["src/app/*"]`) and `baseUrl` (`import … from 'services/api'`), as TypeScript and the
 * bundlers that follow it resolve them. Read with get-tsconfig (JSON with comments, `extends` chains,
 * also into node_modules; nothing is run). The config governing a file is the nearest one above it,
 * as `tsc` finds it; a solution config (`"files": []` with `references`, as `npm create vite` writes
 * it) hands each file to the referenced config that includes it, as tsserver does. A config whose
 * `extends` cannot be read (not installed) maps its own `paths` and `baseUrl`, as `tsc` goes on with
 * them; one that cannot be read at all maps nothing.
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
  readonly matcher: PathsMatcher | undefined;
  readonly prefixes: readonly string[];
  /** `matcher`'s answers so far: a project imports the same few specifiers from many files. */
  readonly targets: Map<string, readonly string[]>;
  /** Whether the config takes the file itself (`files`, `include`, `exclude`). */
  readonly includes: FileMatcher;
  /** The configs its `references` name, for a file it does not include itself. */
  readonly references: readonly string[];
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
  const byFile = new Map<string, AliasConfig | undefined>();

  const read = (configPath: string): AliasConfig | undefined => {
    if (byConfigPath.has(configPath)) return byConfigPath.get(configPath);
    byConfigPath.set(configPath, undefined); // a reference cycle reads nothing twice
    const found = readConfig(configPath, cache);
    let config: AliasConfig | undefined;
    try {
      const matcher = found === undefined ? null : createPathsMatcher(found);
      const references = (found?.config.references ?? []).flatMap((reference) => (typeof reference?.path === 'string' ? [referencedConfig(configPath, reference.path)] : []));
      if (found !== undefined) config = { matcher: matcher ?? undefined, prefixes: matcher === null ? [] : prefixesOfConfig(found), targets: new Map(), includes: createFilesMatcher(found), references };
    } catch {
      config = undefined; // its paths cannot be read: no aliases (see the interface)
    }
    byConfigPath.set(configPath, config);
    return config;
  };

  /** The config that takes `file`: the nearest, or for a solution config the first referenced one that includes it. */
  const configOfFile = (file: string): AliasConfig | undefined => {
    const nearest = configOf(path.dirname(file));
    if (nearest === undefined || nearest.references.length === 0) return nearest;
    if (byFile.has(file)) return byFile.get(file);
    let config: AliasConfig | undefined = nearest;
    if (nearest.includes(file) === undefined) {
      for (const reference of nearest.references) {
        const referenced = read(reference);
        if (referenced !== undefined && referenced.includes(file) !== undefined) {
          config = referenced;
          break;
        }
      }
    }
    byFile.set(file, config);
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
      for (const folder of new Set(files.map((file) => path.dirname(file)))) {
        const config = configOf(folder);
        // A solution config's files take their referenced configs' aliases: every one counts here (a superset).
        const configs = config === undefined ? [] : [config, ...config.references.flatMap((reference) => read(reference) ?? [])];
        for (const prefix of configs.flatMap((each) => each.prefixes)) prefixes.add(prefix);
      }
      return prefixes.has('') ? [''] : [...prefixes];
    },
    targetsOf(fromFile, specifier) {
      if (specifier.startsWith('.') || path.isAbsolute(specifier) || neverAliased.test(specifier)) return [];
      const config = configOfFile(fromFile);
      if (config?.matcher === undefined || !config.prefixes.some((prefix) => specifier.startsWith(prefix))) return [];
      let targets = config.targets.get(specifier);
      if (targets === undefined) config.targets.set(specifier, (targets = config.matcher(specifier)));
      return targets;
    },
  };
}

/**
 * A config as get-tsconfig resolves it; when its `extends` cannot be read, the config alone (what `tsc`
 * goes on with after its error); undefined when the file is not JSON with comments at all.
 */
function readConfig(configPath: string, cache: Map<string, unknown>): TsConfigResult | undefined {
  try {
    return { path: configPath, config: parseTsconfig(configPath, cache as Map<string, string>) };
  } catch {
    try {
      const errors: ParseError[] = [];
      const own = parseJsonc(readFileSync(configPath, 'utf8'), errors, { allowTrailingComma: true }) as TsConfigJson | undefined;
      if (errors.length > 0 || typeof own !== 'object' || own === null) return undefined;
      const alone: TsConfigJson = { ...own };
      delete alone.extends;
      return { path: configPath, config: alone };
    } catch {
      return undefined;
    }
  }
}

/** The config a `references` entry names: a file, or a folder's tsconfig.json. */
function referencedConfig(from: string, reference: string): string {
  const target = path.resolve(path.dirname(from), reference);
  return target.endsWith('.json') ? target : path.join(target, 'tsconfig.json');
}

/** The prefixes a config's aliases start with: each `paths` pattern up to its `*` (the whole of one without), and `''` for a `baseUrl`. */
function prefixesOfConfig(found: TsConfigResult): string[] {
  const options = found.config.compilerOptions;
  if (options?.baseUrl !== undefined) return [''];
  return Object.keys(options?.paths ?? {}).map((pattern) => (pattern.includes('*') ? pattern.slice(0, pattern.indexOf('*')) : pattern));
}
