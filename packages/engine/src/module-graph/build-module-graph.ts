import {
  analysisCore,
  createExportTables,
  exportedValueOf,
  maxReexportHops,
  moduleTextFacts,
  type AnalysisCore,
  type AnalysisOptions,
  type ExportTable,
  type ImportLookup,
  type SourceFile,
} from '../analysis-contract.js';
import { isStackOverflow, nestsTooDeeply } from '../files/source-shape.js';
import { lineIndexOf } from '../parse/lines.js';
import { parseSource } from '../parse/parse-source.js';
import { createCrossFileResolver, type CrossFileResolver } from './cross-file-resolver.js';
import { readModuleExports, retiredExports, type ModuleExports } from './exported-values.js';
import type { ModuleAliases } from '../analysis-contract.js';
import { isRelativeSpecifier, resolveModule, scanModuleReferences, specifierStem, stemsOf } from './scan-imports.js';

export type { ExportTable } from '../analysis-contract.js';

/**
 * The light cross-file resolver of the default mode, as plain data (it crosses to worker threads):
 * which files import values from a module holding a retired path or operation, and those values.
 */
export interface ModuleGraphData {
  /** Files the needle prefilter alone would skip that import from a needle-holding module: they need analysis too. */
  readonly importers: readonly string[];
  /** For each file importing values from the graph: its relative specifiers and the module each leads to. */
  readonly links: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The export tables of the modules `links` lead to (none of them empty). */
  readonly modules: Readonly<Record<string, ExportTable>>;
}

/**
 * What the graph needs to know of one scanned file, as plain data: the check's per-file pass gives
 * it (in any thread) from the text and the index it built anyway, so no file is read twice.
 */
export interface ModuleFacts {
  /** The file holds a retired needle and parses: its exports can carry a retired value. */
  readonly needle: boolean;
  /** The file may create an HTTP client with a base (`baseURL`, `prefixUrl`): its exports can carry one. */
  readonly clientSource?: boolean;
  /** The file holds the rest of a path split at its needle (`'/campaigns…'`): a client's base may complete it. */
  readonly restNeedle?: boolean;
  /** Relative specifiers the file imports, requires or re-exports from. */
  readonly imports: readonly string[];
  /** Relative specifiers of its `export … from`. */
  readonly reexports: readonly string[];
  /** For a needle file the check indexed: its `retiredExports`, read from that index (its own imports unresolved). */
  readonly exports?: ModuleExports;
}

/** How the graph reaches the files: their facts, and their text for the few modules it must parse itself. */
export interface ModuleGraphSources {
  readonly factsOf: (file: string) => ModuleFacts | undefined;
  /** A file's text; undefined when it cannot be read (or is too large): the graph leaves it out. */
  readonly readText: (file: string) => string | undefined;
  /** The project's path aliases (`createModuleAliases`): the facts' bare specifiers lead to files through them. */
  readonly aliases?: Pick<ModuleAliases, 'targetsOf'>;
}

const emptyGraph: ModuleGraphData = { importers: [], links: {}, modules: {} };


/**
 * Whether other files may import a retired value from this file: a needle file, unless its check
 * found no retired value among its exports (only functions, labels…). False lets the graph stop early.
 */
export function mayOfferRetiredValues(facts: ModuleFacts): boolean {
  if (!facts.needle && facts.clientSource !== true) return false;
  return facts.exports === undefined || facts.exports.named.size > 0 || facts.exports.stars.length > 0;
}


/** A file's facts from its text alone (no export table: the graph parses the file if it must). */
export function moduleFactsOf(text: string, options: AnalysisOptions): ModuleFacts {
  return { needle: options.catalog.needlePattern.test(text), ...moduleTextFacts(text, options), ...scanModuleReferences(text) };
}

/**
 * Builds the default mode's module graph. The modules that matter are the files holding a needle
 * (the sources) and the barrels that re-export them; a file links to them by a relative specifier
 * between scanned `files`. Without a source this costs one pass over the facts; otherwise specifiers
 * are resolved only when their last segment names a source, and export tables come from the facts
 * (a module whose values need its own imports, and every barrel, is read and parsed here).
 */
export function buildModuleGraph(files: readonly string[], sources: ModuleGraphSources, options: AnalysisOptions, core: Partial<AnalysisCore> = {}): ModuleGraphData {
  const needleFiles: string[] = [];
  const barrels: string[] = [];
  const clientOnly = new Set<string>();
  for (const file of files) {
    const facts = sources.factsOf(file);
    if (facts?.needle === true || facts?.clientSource === true) needleFiles.push(file);
    else if (facts !== undefined && facts.reexports.length > 0) barrels.push(file);
    if (facts?.needle !== true && facts?.clientSource === true) clientOnly.add(file);
  }
  if (!needleFiles.some((file) => mayOfferRetiredValues(sources.factsOf(file)!))) return emptyGraph;

  const known = new Set(files);
  const modules = new Set(needleFiles);
  const stems = new Set(needleFiles.flatMap(stemsOf));
  const targetOf = (file: string, specifier: string): string | undefined => {
    // An alias (`@app/api`, or `@config` for a folder's index) may name a module by another name than its file's.
    if (isRelativeSpecifier(specifier) && !stems.has(specifierStem(specifier))) return undefined;
    const target = resolveModule(file, specifier, known, sources.aliases);
    return target !== undefined && target !== file && modules.has(target) ? target : undefined;
  };

  for (let hop = 0; hop < maxReexportHops; hop++) {
    const added = barrels.filter((file) => !modules.has(file) && sources.factsOf(file)!.reexports.some((specifier) => targetOf(file, specifier) !== undefined));
    if (added.length === 0) break;
    for (const file of added) {
      modules.add(file);
      for (const stem of stemsOf(file)) stems.add(stem);
    }
  }

  const linked = new Map<string, [string, string][]>();
  for (const file of files) {
    const facts = sources.factsOf(file);
    const imports = facts?.imports;
    if (imports === undefined || imports.length === 0) continue;
    // A module that only makes clients matters to a file whose paths a client's base may complete, its own or the module's (`adform.get(ENDPOINTS.campaigns)`).
    const readsPaths = facts?.needle === true || facts?.restNeedle === true;
    const targets = imports.flatMap((specifier): [string, string][] => {
      const target = targetOf(file, specifier);
      return target === undefined || (!readsPaths && clientOnly.has(target) && sources.factsOf(target)?.restNeedle !== true) ? [] : [[specifier, target]];
    });
    if (targets.length > 0) linked.set(file, targets);
  }
  if (linked.size === 0) return emptyGraph;

  const tables = exportTables(sources, modules, targetOf, options, analysisCore(core));
  const links: Record<string, Record<string, string>> = {};
  const importers: string[] = [];
  const tableOf: Record<string, ExportTable> = {};
  for (const [file, targets] of linked) {
    const withValues = targets.filter(([, target]) => Object.keys((tableOf[target] ??= tables(target))).length > 0);
    if (withValues.length === 0) continue;
    links[file] = Object.fromEntries(withValues);
    if (sources.factsOf(file)?.needle !== true) importers.push(file);
  }
  const used = Object.fromEntries(Object.entries(tableOf).filter(([, table]) => Object.keys(table).length > 0));
  return { importers: importers.sort(), links, modules: used };
}

/**
 * The graph modules' export tables (`createExportTables`): only graph modules have values (another
 * file's imports stay unknown, as in a one-file check). A module whose values need none of its own
 * imports gives the exports its check read; any other is read and parsed here.
 */
function exportTables(
  sources: ModuleGraphSources,
  modules: ReadonlySet<string>,
  targetOf: (file: string, specifier: string) => string | undefined,
  options: AnalysisOptions,
  core: AnalysisCore,
): (file: string) => ExportTable {
  const exportsOf = (file: string, lookup: ImportLookup): ModuleExports | undefined => {
    const facts = sources.factsOf(file);
    const needsImports = facts?.imports.some((specifier) => targetOf(file, specifier) !== undefined) ?? true;
    if (facts?.exports !== undefined && !needsImports) return facts.exports;
    const text = sources.readText(file);
    if (text === undefined || nestsTooDeeply(text)) return undefined;
    try {
      const parsed = parseSource(text, file);
      if (!parsed.ok) return undefined;
      const resolver = createCrossFileResolver(parsed.file.program, lookup);
      const index = core.indexFile(parsed.file, resolver === undefined ? options : { ...options, resolveIdentifier: resolver.resolveIdentifier, resolveClient: resolver.resolveClient });
      return retiredExports(readModuleExports(file, index, lineIndexOf(parsed.file.text)), options.catalog);
    } catch (error) {
      if (isStackOverflow(error)) return undefined;
      throw error;
    }
  };
  return createExportTables({ isModule: (file) => modules.has(file), targetOf, exportsOf });
}

/** The resolver of `file`'s imports over the graph; undefined when the file imports nothing from it. */
export function moduleGraphResolver(graph: ModuleGraphData, file: string, program: SourceFile['program']): CrossFileResolver | undefined {
  const links = graph.links[file];
  if (links === undefined) return undefined;
  return createCrossFileResolver(program, (specifier, name) => {
    const target = links[specifier];
    const table = target === undefined ? undefined : graph.modules[target];
    return table === undefined ? undefined : exportedValueOf(table, target!, name);
  });
}
