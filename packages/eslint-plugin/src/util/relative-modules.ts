import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  checks,
  createCrossFileResolver,
  createExportTables,
  createModuleAliases,
  exportedValueOf,
  indexFile,
  isRelativeSpecifier,
  lineColumnAt,
  mayOfferBase,
  maxReexportHops,
  migrationFactsOf,
  readDirectives,
  readModuleExports,
  resolveModuleFile,
  resolveRelativeModuleFile,
  retiredExports,
  scanModuleReferences,
  silences,
  type AnalysisOptions,
  type CrossFileResolver,
  type Declaration,
  type ExportTable,
  type FileDirectives,
  type FileIndex,
  type ImportLookup,
  type MigrationFacts,
  type ModuleExports,
  type SourceFile,
} from '@sunset/analysis';
import type { RuleName } from '@sunset/rule-data';
import type { ParseModule } from './module-parser.js';

/**
 * The modules a linted file imports by relative path or tsconfig paths alias, read from disk (never run), as `sunset check`'s
 * module graph reads them: their exported retired values and HTTP clients answer the analysis'
 * cross-file hooks, so a wrapper class or an instance made in another file has that file's host.
 */
export interface RelativeModules {
  /** The hooks of the linted `file` over the modules it imports; undefined when it takes no value from one. */
  resolverOf(file: string, text: string, program: SourceFile['program']): CrossFileResolver | undefined;
  /**
   * What `rule` finds at a declaration in its own file (linted alone, as the declaring file is when
   * ESLint gets to it): its migration, so a request reading the value can say `sunset fix` rewrites it there.
   */
  findingsAt(declaration: Declaration, rule: RuleName, ruleOptions: readonly unknown[]): MigrationFacts[];
}

/** What a module's text says before it is parsed: a retired needle, a client with a base, re-exports. */
interface ModuleText {
  readonly version: string;
  readonly needle: boolean;
  readonly clientBase: boolean;
  /** It holds the rest of a path split at its needle (`'/campaigns'`): a client's base may complete it. */
  readonly rest: boolean;
  /** The specifiers of its `export … from`. */
  readonly reexports: readonly string[];
}

/** Tables kept between linted files (each checked against the versions of the files it was read from). */
const maxTables = 5000;

/** The file a relative specifier (or an alias' absolute target) names, looked up as `sunset check` looks it up among scanned files (`resolveRelativeModuleFile`). */
function resolveOnDisk(fromFile: string, specifier: string, isFile: (file: string) => boolean): string | undefined {
  return isRelativeSpecifier(specifier) ? resolveRelativeModuleFile(fromFile, specifier, isFile) : resolveModuleFile(path.resolve(path.dirname(fromFile), specifier), isFile);
}

/** A file's version (mtime and size), undefined when it is not a readable file or is larger than `maxFileSize`. */
function versionOnDisk(file: string, maxFileSize: number): string | undefined {
  try {
    const stats = statSync(file, { throwIfNoEntry: false });
    return stats?.isFile() === true && stats.size <= maxFileSize ? `${stats.mtimeMs}:${stats.size}` : undefined;
  } catch {
    return undefined;
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

const isStackOverflow = (error: unknown): boolean => error instanceof RangeError && /call stack/i.test(error.message);

/**
 * The relative modules of one parser and one set of options. A module is read when its text holds a
 * retired needle or makes a client with a base, or it re-exports (the default mode's graph modules);
 * a module that cannot be read or parsed has no values, so what the importer calls stays unknown.
 */
export function createRelativeModules(options: AnalysisOptions, parse: ParseModule, maxFileSize: number): RelativeModules {
  const { needlePattern, splitPathTests } = options.catalog;
  const texts = new Map<string, ModuleText>();
  // The tsconfig.json / jsconfig.json `paths` and `baseUrl` above each file, read once per ESLint run (or editor session).
  const aliases = createModuleAliases();
  // Per linted file: versions and lookups are read once, so an edit between two files is seen.
  let versions = new Map<string, string | undefined>();
  let resolved = new Map<string, string | undefined>();
  let offering = new Map<string, boolean>();

  const versionOf = (file: string): string | undefined => {
    if (!versions.has(file)) versions.set(file, versionOnDisk(file, maxFileSize));
    return versions.get(file);
  };

  /** What `make` makes of a file's text, kept in `cache` until the file's version changes. */
  const byVersion = <T extends { readonly version: string }>(cache: Map<string, T>, file: string, make: (version: string, text: string) => T): T | undefined => {
    const version = versionOf(file);
    if (version === undefined) return undefined;
    const known = cache.get(file);
    if (known?.version === version) return known;
    const text = readText(file);
    if (text === undefined) return undefined;
    const made = make(version, text);
    if (cache.size >= maxTables) cache.clear();
    cache.set(file, made);
    return made;
  };

  const moduleText = (file: string): ModuleText | undefined =>
    byVersion(texts, file, (version, text) => ({
      version,
      needle: needlePattern.test(text),
      clientBase: mayOfferBase(text, options.catalog),
      rest: splitPathTests.some((test) => test.rest.test(text)),
      reexports: scanModuleReferences(text, aliases.prefixesOf([file])).reexports,
    }));

  const isModuleFile = (candidate: string): boolean => versionOf(candidate) !== undefined;
  /** A module a paths alias names: the first of the config's targets that is a file, never one under node_modules (as `sunset check` scans none). */
  const aliasOnDisk = (file: string, specifier: string): string | undefined => {
    for (const target of aliases.targetsOf(file, specifier)) {
      const found = resolveOnDisk(file, target, isModuleFile);
      if (found !== undefined) return found.split(path.sep).includes('node_modules') ? undefined : found;
    }
    return undefined;
  };
  const targetOf = (file: string, specifier: string): string | undefined => {
    const key = `${path.dirname(file)}\u0000${specifier}`;
    if (!resolved.has(key)) resolved.set(key, isRelativeSpecifier(specifier) ? resolveOnDisk(file, specifier, isModuleFile) : aliasOnDisk(file, specifier));
    const target = resolved.get(key);
    return target === file ? undefined : target;
  };

  /** A module with values of its own, or a barrel at most `hops` re-exports away from one (the module graph's barrels). */
  const offersValues = (file: string, hops: number): boolean => {
    const key = `${hops}\u0000${file}`;
    const known = offering.get(key);
    if (known !== undefined) return known;
    const facts = moduleText(file);
    const offers =
      facts !== undefined &&
      (facts.needle ||
        facts.clientBase ||
        (hops > 0 &&
          facts.reexports.some((specifier) => {
            const target = targetOf(file, specifier);
            return target !== undefined && offersValues(target, hops - 1);
          })));
    offering.set(key, offers);
    return offers;
  };
  const isModule = (file: string): boolean => offersValues(file, maxReexportHops);

  const exportsOf = (file: string, lookup: ImportLookup): ModuleExports | undefined => {
    const text = readText(file);
    if (text === undefined) return undefined;
    let source: SourceFile;
    try {
      source = parse(text, file);
    } catch {
      return undefined;
    }
    try {
      const resolver = createCrossFileResolver(source.program, lookup);
      const index = indexFile(source, resolver === undefined ? options : { ...options, resolveIdentifier: resolver.resolveIdentifier, resolveClient: resolver.resolveClient });
      return retiredExports(readModuleExports(file, index, { position: (offset) => lineColumnAt(source.text, offset) }), options.catalog);
    } catch (error) {
      if (isStackOverflow(error)) return undefined;
      throw error;
    }
  };

  const tables = createExportTables({ isModule, targetOf, exportsOf, versionOf, maxTables });

  // The declaring modules indexed on their own (as ESLint lints them), and where each rule found what, by version.
  interface OwnModule {
    readonly version: string;
    readonly index: FileIndex | undefined;
    /** Whether the module's eslint-disable comments (or an inline `off`) silence a finding there, as they do when ESLint lints it. */
    readonly silenced: OwnModuleSilenced;
    readonly found: Map<string, readonly { readonly start: number; readonly facts: MigrationFacts }[]>;
  }
  const ownModules = new Map<string, OwnModule>();
  const ownModuleOf = (file: string): OwnModule | undefined =>
    byVersion(ownModules, file, (version, text) => {
      let source: SourceFile | undefined;
      try {
        source = parse(text, file);
      } catch {
        source = undefined;
      }
      let index: FileIndex | undefined;
      try {
        index = source === undefined ? undefined : indexFile(source, options);
      } catch (error) {
        if (!isStackOverflow(error)) throw error;
      }
      return { version, index, silenced: source === undefined ? () => false : silencedIn(source), found: new Map() };
    });

  return {
    resolverOf(file, text, program) {
      if (!path.isAbsolute(file)) return undefined;
      const { imports } = scanModuleReferences(text, aliases.prefixesOf([file]));
      if (imports.length === 0) return undefined;
      versions = new Map();
      resolved = new Map();
      offering = new Map();
      // A module that only makes clients matters to a file whose paths a client's base may complete.
      const readsPaths = needlePattern.test(text) || splitPathTests.some((test) => test.rest.test(text));
      const links = new Map<string, { readonly target: string; readonly table: ExportTable }>();
      for (const specifier of new Set(imports)) {
        const target = targetOf(file, specifier);
        const facts = target === undefined ? undefined : moduleText(target);
        if (target === undefined || facts === undefined || (!readsPaths && !facts.needle && !facts.rest && facts.clientBase)) continue;
        const table = tables(target);
        if (Object.keys(table).length > 0) links.set(specifier, { target, table });
      }
      if (links.size === 0) return undefined;
      return createCrossFileResolver(program, (specifier, name) => {
        const link = links.get(specifier);
        return link === undefined ? undefined : exportedValueOf(link.table, link.target, name);
      });
    },
    findingsAt(declaration, rule, ruleOptions) {
      const own = ownModuleOf(declaration.file);
      if (own?.index === undefined) return [];
      const key = `${rule}\u0000${JSON.stringify(ruleOptions)}`;
      let found = own.found.get(key);
      if (found === undefined) {
        found = checks[rule]
          .run(own.index, options, ruleOptions)
          .flatMap((finding) => (finding.retirement === undefined || own.silenced(finding) ? [] : [{ start: finding.range[0], facts: migrationFactsOf(finding.retirement) }]));
        own.found.set(key, found);
      }
      return found.filter(({ start }) => start === declaration.range[0]).map(({ facts }) => facts);
    },
  };
}

/** Whether a module's comments silence a finding there. */
type OwnModuleSilenced = (finding: { readonly rule: RuleName; readonly range: readonly [number, number] }) => boolean;

/** What a module's comments silence, read as ESLint reads them when it lints that module: a disable comment, or the rule turned off inline. */
function silencedIn(source: SourceFile): OwnModuleSilenced {
  const positions = { position: (offset: number) => lineColumnAt(source.text, offset) };
  let directives: FileDirectives | undefined;
  return (finding) => {
    directives ??= readDirectives(source.comments, positions);
    return directives.inlineRules.get(`sunset/${finding.rule}`)?.level === 'off' || silences(directives, finding, positions);
  };
}
