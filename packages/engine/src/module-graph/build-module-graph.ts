import { analysisCore, type AnalysisCore, type AnalysisOptions, type SourceFile } from '../analysis-contract.js';
import { lineIndexOf } from '../parse/lines.js';
import { parseSource } from '../parse/parse-source.js';
import { createCrossFileResolver, type CrossFileResolver } from './cross-file-resolver.js';
import { readModuleExports, type ExportedValue, type ModuleExports } from './exported-values.js';
import { resolveRelativeModule, scanModuleReferences } from './scan-imports.js';

/** Everything a module exports by name (re-exports followed), as another file imports it. */
export type ExportTable = Readonly<Record<string, ExportedValue>>;

/**
 * The light cross-file resolver of the default mode, as plain data (it crosses to worker threads):
 * which files import values from a module holding a retired path or operation, and those values.
 */
export interface ModuleGraphData {
  /** Files the needle prefilter alone would skip that import from a needle-holding module: they need analysis too. */
  readonly importers: readonly string[];
  /** For each file importing from the graph: its relative specifiers and the module each leads to. */
  readonly links: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The export tables of the modules `links` lead to. */
  readonly modules: Readonly<Record<string, ExportTable>>;
}

/** Barrels re-exporting barrels: how many `export … from` hops are followed from a needle-holding module. */
const maxReexportHops = 4;
/** How many modules deep a chain of imported constants is evaluated (`A` from a, built from `B` of b, …). */
const maxImportDepth = 8;

/**
 * Builds the default mode's module graph from a cheap scan of every file (one regex for relative
 * specifiers, the needle test) and a parse of only the modules that matter: files holding a needle
 * that another file imports, and the barrels that re-export them. `readText` gives a file's text
 * (undefined: unreadable, left out). Only relative specifiers between `files` are followed.
 */
export function buildModuleGraph(
  files: readonly string[],
  readText: (file: string) => string | undefined,
  options: AnalysisOptions,
  core: Partial<AnalysisCore> = {},
): ModuleGraphData {
  const known = new Set(files);
  const needleFiles = new Set<string>();
  const targetsOf = new Map<string, Map<string, string>>();
  const reexportTargets = new Map<string, string[]>();
  for (const file of files) {
    const text = readText(file);
    if (text === undefined) continue;
    if (options.catalog.needlePattern.test(text)) needleFiles.add(file);
    const references = scanModuleReferences(text);
    if (references.imports.length === 0) continue;
    const targets = new Map<string, string>();
    for (const specifier of references.imports) {
      const target = resolveRelativeModule(file, specifier, known);
      if (target !== undefined && target !== file) targets.set(specifier, target);
    }
    if (targets.size > 0) targetsOf.set(file, targets);
    const reexported = references.reexports.flatMap((specifier) => targets.get(specifier) ?? []);
    if (reexported.length > 0) reexportTargets.set(file, reexported);
  }

  const sources = new Set(needleFiles);
  for (let hop = 0; hop < maxReexportHops; hop++) {
    const added = [...reexportTargets].filter(([file, targets]) => !sources.has(file) && targets.some((target) => sources.has(target)));
    if (added.length === 0) break;
    for (const [file] of added) sources.add(file);
  }

  const links: Record<string, Record<string, string>> = {};
  const importers: string[] = [];
  for (const [file, targets] of targetsOf) {
    const linked = [...targets].filter(([, target]) => sources.has(target));
    if (linked.length === 0) continue;
    links[file] = Object.fromEntries(linked);
    if (!needleFiles.has(file)) importers.push(file);
  }

  const tables = exportTables(readText, known, options, analysisCore(core));
  const modules: Record<string, ExportTable> = {};
  for (const targets of Object.values(links)) for (const target of Object.values(targets)) modules[target] ??= tables(target);
  return { importers: importers.sort(), links, modules };
}

/** Export tables computed on demand, each module parsed and indexed once; a cycle of imports gives an empty table. */
function exportTables(readText: (file: string) => string | undefined, known: ReadonlySet<string>, options: AnalysisOptions, core: AnalysisCore): (file: string) => ExportTable {
  const done = new Map<string, ExportTable>();
  const inProgress = new Set<string>();

  const moduleExports = (file: string, depth: number): ModuleExports | undefined => {
    const text = readText(file);
    const parsed = text === undefined ? undefined : parseSource(text, file);
    if (parsed === undefined || !parsed.ok) return undefined;
    const resolver = createCrossFileResolver(parsed.file.program, (specifier, name) => {
      const target = resolveRelativeModule(file, specifier, known);
      return target === undefined || depth >= maxImportDepth ? undefined : valueIn(target, name, depth + 1);
    });
    const index = core.indexFile(parsed.file, resolver === undefined ? options : { ...options, resolveIdentifier: resolver.resolveIdentifier });
    return readModuleExports(file, index, lineIndexOf(parsed.file.text));
  };

  const valueIn = (file: string, name: string, depth: number): ExportedValue | undefined => {
    const table = tableOf(file, depth);
    if (name !== '*') return table[name];
    return { kind: 'object', members: table, declaration: { file, name: '*', range: [0, 0], line: 1, column: 1, endLine: 1, endColumn: 1 } };
  };

  const tableOf = (file: string, depth: number): ExportTable => {
    const cached = done.get(file);
    if (cached !== undefined) return cached;
    if (inProgress.has(file)) return {};
    inProgress.add(file);
    try {
      const exports = moduleExports(file, depth);
      const table: Record<string, ExportedValue> = {};
      for (const specifier of exports?.stars ?? []) {
        const target = resolveRelativeModule(file, specifier, known);
        if (target === undefined) continue;
        for (const [name, value] of Object.entries(tableOf(target, depth + 1))) if (name !== 'default') table[name] = value;
      }
      for (const [name, value] of exports?.named ?? []) {
        if (value.kind !== 'forwarded') table[name] = value;
        else {
          const target = resolveRelativeModule(file, value.specifier, known);
          const forwarded = target === undefined || depth >= maxImportDepth ? undefined : valueIn(target, value.name, depth + 1);
          if (forwarded !== undefined) table[name] = forwarded;
        }
      }
      done.set(file, table);
      return table;
    } finally {
      inProgress.delete(file);
    }
  };

  return (file) => tableOf(file, 0);
}

/** The resolver of `file`'s imports over the graph; undefined when the file imports nothing from it. */
export function moduleGraphResolver(graph: ModuleGraphData, file: string, program: SourceFile['program']): CrossFileResolver | undefined {
  const links = graph.links[file];
  if (links === undefined) return undefined;
  return createCrossFileResolver(program, (specifier, name) => {
    const target = links[specifier];
    const table = target === undefined ? undefined : graph.modules[target];
    if (table === undefined) return undefined;
    if (name !== '*') return table[name];
    return { kind: 'object', members: table, declaration: { file: target!, name: '*', range: [0, 0], line: 1, column: 1, endLine: 1, endColumn: 1 } };
  });
}
