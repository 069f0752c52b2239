import path from 'node:path';
import { readdirSync, readFileSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { createFilesMatcher, createPathsMatcher, parseTsconfig, type FileMatcher, type PathsMatcher, type TsConfigJson, type TsConfigResult } from 'get-tsconfig';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { resolveExports, type PathConditions } from 'resolve-pkg-maps';
import { isRelativeSpecifier } from './specifiers.js';

/**
 * The path aliases of a project's `tsconfig.json` (or `jsconfig.json`): `compilerOptions.paths`
 * (`"@app/*": ["src/app/*"]`) and `baseUrl` (`import … from 'services/api'`), as TypeScript and the
 * bundlers that follow it resolve them. Read with get-tsconfig (JSON with comments, `extends` chains,
 * also into node_modules; nothing is run). The config governing a file is the nearest one above it,
 * as `tsc` finds it; a solution config (`"files": []` with `references`, as `npm create vite` writes
 * it) hands each file to the referenced config that includes it, as tsserver does. A config whose
 * `extends` cannot be read (not installed) maps its own `paths` and `baseUrl`, as `tsc` goes on with
 * them; one that cannot be read at all maps nothing.
 *
 * A package of the repository itself, imported by its name (`@acme/api-client`, a workspace package
 * linked into a node_modules folder above the importing file, as npm, yarn and pnpm link them), names
 * its entry as Node and TypeScript find it: `exports` (conditions `types`, `import`, `module`,
 * `default`, `require`, `node`), then `types`, `module`, `main`, `index`. Only a link whose real
 * folder lies outside every node_modules counts: an installed dependency is never read.
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

/** The config file of a folder (`configNames` in order), from its listing. */
function listedConfigFile(folder: string, listFolder: (dir: string) => readonly Dirent[]): string | undefined {
  const entries = listedOrNone(listFolder, folder);
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
 * each folder is listed once here.
 */
export function createModuleAliases(readFolder?: (dir: string) => readonly Dirent[]): ModuleAliases {
  const cache = new Map<string, unknown>();
  const byConfigPath = new Map<string, AliasConfig | undefined>();
  const byFolder = new Map<string, AliasConfig | undefined>();
  const byFile = new Map<string, AliasConfig | undefined>();
  const listFolder = readFolder ?? listEachFolderOnce();
  const linkedIn = new Map<string, ReadonlyMap<string, string>>();
  const packagesByFolder = new Map<string, ReadonlyMap<string, string>>();
  const packageTargets = new Map<string, readonly string[]>();

  /** The workspace packages linked in one node_modules folder: name → real folder. */
  const linkedPackagesIn = (modulesDir: string): ReadonlyMap<string, string> => {
    let found = linkedIn.get(modulesDir);
    if (found !== undefined) return found;
    const linked = new Map<string, string>();
    const add = (name: string, link: string): void => {
      try {
        const real = realpathSync.native(link);
        if (!real.split(path.sep).includes('node_modules')) linked.set(name, real);
      } catch {
        // a link to nowhere: no package
      }
    };
    for (const entry of listedOrNone(listFolder, modulesDir)) {
      if (entry.name.startsWith('@') && entry.isDirectory()) {
        for (const scoped of listedOrNone(listFolder, path.join(modulesDir, entry.name))) if (scoped.isSymbolicLink()) add(`${entry.name}/${scoped.name}`, path.join(modulesDir, entry.name, scoped.name));
      } else if (entry.isSymbolicLink()) add(entry.name, path.join(modulesDir, entry.name));
    }
    linkedIn.set(modulesDir, (found = linked));
    return found;
  };

  /** The workspace packages a file of `folder` can import by name, the nearest node_modules first (Node's lookup). */
  const packagesOf = (folder: string): ReadonlyMap<string, string> => {
    let found = packagesByFolder.get(folder);
    if (found !== undefined) return found;
    const parent = path.dirname(folder);
    const above = parent === folder ? new Map<string, string>() : packagesOf(parent);
    const hasModules = listedOrNone(listFolder, folder).some((entry) => entry.name === 'node_modules' && (entry.isDirectory() || entry.isSymbolicLink()));
    const own = hasModules && path.basename(folder) !== 'node_modules' ? linkedPackagesIn(path.join(folder, 'node_modules')) : undefined;
    found = own === undefined || own.size === 0 ? above : new Map([...above, ...own]);
    packagesByFolder.set(folder, found);
    return found;
  };

  /** The paths a workspace package's entry (`subpath` `.`) or one of its files (`./paths`) may be at. */
  const targetsInPackage = (dir: string, subpath: string): readonly string[] => {
    const key = `${dir}\u0000${subpath}`;
    let targets = packageTargets.get(key);
    if (targets === undefined) packageTargets.set(key, (targets = entryCandidates(dir, subpath)));
    return targets;
  };

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
    const own = listedConfigFile(folder, listFolder);
    const parent = path.dirname(folder);
    const config = own !== undefined ? read(own) : parent === folder ? undefined : configOf(parent);
    byFolder.set(folder, config);
    return config;
  };

  const packageTargetsOf = (fromFile: string, specifier: string): readonly string[] => {
    const packages = packagesOf(path.dirname(fromFile));
    if (packages.size === 0) return [];
    const slash = specifier.startsWith('@') ? specifier.indexOf('/', specifier.indexOf('/') + 1) : specifier.indexOf('/');
    const name = slash === -1 ? specifier : specifier.slice(0, slash);
    const dir = packages.get(name);
    return dir === undefined ? [] : targetsInPackage(dir, slash === -1 ? '.' : `.${specifier.slice(slash)}`);
  };

  return {
    prefixesOf(files) {
      const prefixes = new Set<string>();
      for (const folder of new Set(files.map((file) => path.dirname(file)))) {
        const config = configOf(folder);
        // A solution config's files take their referenced configs' aliases: every one counts here (a superset).
        const configs = config === undefined ? [] : [config, ...config.references.flatMap((reference) => read(reference) ?? [])];
        for (const prefix of configs.flatMap((each) => each.prefixes)) prefixes.add(prefix);
        for (const name of packagesOf(folder).keys()) prefixes.add(name);
      }
      return prefixes.has('') ? [''] : [...prefixes];
    },
    targetsOf(fromFile, specifier) {
      if (isRelativeSpecifier(specifier) || path.isAbsolute(specifier) || neverAliased.test(specifier)) return [];
      const config = configOfFile(fromFile);
      if (config?.matcher !== undefined && config.prefixes.some((prefix) => specifier.startsWith(prefix))) {
        let targets = config.targets.get(specifier);
        if (targets === undefined) config.targets.set(specifier, (targets = config.matcher(specifier)));
        // A baseUrl maps every bare specifier: a package of the repository may still be what it names.
        if (targets.length > 0 && !config.prefixes.includes('')) return targets;
        const packaged = packageTargetsOf(fromFile, specifier);
        return packaged.length === 0 ? targets : [...targets, ...packaged];
      }
      return packageTargetsOf(fromFile, specifier);
    },
  };
}

/** What a config takes itself and which configs it references (see `readConfigFiles`). */
export interface ConfigFiles {
  /** Whether the config itself takes `file` (absolute): its `files`, `include` and `exclude`, through `extends`. */
  readonly includes: (file: string) => boolean;
  /** The configs its `references` name (absolute paths: a file, or a folder's tsconfig.json), in order. */
  readonly references: readonly string[];
  /**
   * Where every file it can take lies: each `files` entry, and each `include` pattern's folder before its
   * first wildcard (the config's folder when it names neither). A file under none is not taken: a
   * cheap test before `includes` where many configs are read (an Nx repository has hundreds).
   */
  readonly roots: readonly string[];
}

/**
 * A config's own files and references, read as the default mode reads them to hand a solution config's
 * files to the referenced config that takes each (`--project` does the same, so both agree on which
 * config's aliases a file is read with); undefined when the file cannot be read as JSON with comments.
 * `cache` holds the files read (get-tsconfig's cache): configs extending one base read it once.
 */
export function readConfigFiles(configPath: string, cache = new Map<string, unknown>()): ConfigFiles | undefined {
  const found = readConfig(configPath, cache);
  if (found === undefined) return undefined;
  let matcher: FileMatcher;
  try {
    matcher = createFilesMatcher(found);
  } catch {
    return undefined;
  }
  const references = (found.config.references ?? []).flatMap((reference) => (typeof reference?.path === 'string' ? [referencedConfig(configPath, reference.path)] : []));
  const folder = path.dirname(configPath);
  const { files, include } = found.config;
  const patterns = [...(files ?? []), ...(include ?? (files === undefined ? ['**/*'] : []))];
  const roots = patterns.map((pattern) => {
    const segments = pattern.split(/[\\/]/);
    const wild = segments.findIndex((segment) => /[*?]/.test(segment));
    return path.resolve(folder, ...(wild === -1 ? segments : segments.slice(0, wild)));
  });
  return { includes: (file) => matcher(file) !== undefined, references, roots };
}

/** `readdirSync` with file types, each folder listed once (what a run without the walk's cache uses). */
function listEachFolderOnce(): (dir: string) => readonly Dirent[] {
  const listed = new Map<string, readonly Dirent[]>();
  return (dir) => {
    let entries = listed.get(dir);
    if (entries === undefined) listed.set(dir, (entries = readdirSync(dir, { withFileTypes: true })));
    return entries;
  };
}

function listedOrNone(listFolder: (dir: string) => readonly Dirent[], dir: string): readonly Dirent[] {
  try {
    return listFolder(dir);
  } catch {
    return [];
  }
}

/** The conditions an import of a package's source meets, in the order they are tried. */
const entryConditions = ['types', 'import', 'module', 'default', 'require', 'node'];

/** Where a package's entry or one of its files may be, first first (see `createModuleAliases`). */
function entryCandidates(dir: string, subpath: string): string[] {
  let manifest: Record<string, unknown> | undefined;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    manifest = undefined;
  }
  const found: string[] = [];
  if (manifest?.exports !== undefined && manifest.exports !== null) {
    try {
      found.push(...resolveExports(manifest.exports as PathConditions, subpath === '.' ? '' : subpath.slice(2), entryConditions).map((target) => path.join(dir, target)));
    } catch {
      // a subpath the map does not export, or a malformed map
    }
  }
  if (subpath === '.') {
    for (const field of ['types', 'typings', 'module', 'main']) if (typeof manifest?.[field] === 'string') found.push(path.join(dir, manifest[field]));
    found.push(path.join(dir, 'index'));
  } else if (manifest?.exports === undefined) found.push(path.join(dir, subpath));
  return [...new Set(found)];
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
