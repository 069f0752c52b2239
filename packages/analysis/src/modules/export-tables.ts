import type { ImportLookup } from './import-resolver.js';
import type { ExportedValue, ModuleExports } from './module-exports.js';

/** Everything a module exports by name (re-exports followed), as another file imports it. */
export type ExportTable = Readonly<Record<string, ExportedValue>>;

/** How many modules deep a chain of imported values is evaluated (`A` from a, built from `B` of b, …). */
export const maxImportDepth = 8;

/** Barrels re-exporting barrels: how many `export … from` hops from a module with values a barrel may be. */
export const maxReexportHops = 4;

/** How the tables reach modules: which ones they read, where a specifier leads, and a module's own exports. */
export interface ExportTableSources {
  /** Whether `file` is a module whose exports can matter (others have an empty table). */
  readonly isModule: (file: string) => boolean;
  /** The module a relative specifier of `file` leads to, when it is one the tables follow. */
  readonly targetOf: (file: string, specifier: string) => string | undefined;
  /** The module's exports, its own imports read through `lookup`; undefined when it cannot be read or parsed. */
  readonly exportsOf: (file: string, lookup: ImportLookup) => ModuleExports | undefined;
  /**
   * For tables kept from one file to the next (the ESLint plugin, in an editor): a file's version
   * (its mtime and size), undefined when it is gone. A table is built again when a file it was read
   * from, its own or a module it took values from, has another version now.
   */
  readonly versionOf?: (file: string) => string | undefined;
  /** How many tables are kept before they are all dropped (default: no limit). */
  readonly maxTables?: number;
}

/** The value `import { name }` takes from a module's table; `*` is the whole module as an object. */
export function exportedValueOf(table: ExportTable, file: string, name: string): ExportedValue | undefined {
  if (name !== '*') return table[name];
  return { kind: 'object', members: table, declaration: { file, name: '*', range: [0, 0], line: 1, column: 1, endLine: 1, endColumn: 1 } };
}

/** A table, and with `versionOf` the version of each file it was read from. */
interface BuiltTable {
  readonly table: ExportTable;
  readonly reads?: ReadonlyMap<string, string | undefined>;
}

/**
 * Export tables computed on demand, each module once: `export *` and `export { x } from` followed,
 * a module's imports evaluated `maxImportDepth` modules deep. A module in a cycle of imports gives
 * an empty table where the cycle closes.
 */
export function createExportTables(sources: ExportTableSources): (file: string) => ExportTable {
  const { versionOf, maxTables = Infinity } = sources;
  const done = new Map<string, BuiltTable>();
  const inProgress = new Set<string>();
  // The files read by each table being built, innermost last (only with `versionOf`).
  const reading: Map<string, string | undefined>[] = [];

  const noteReads = (reads: ReadonlyMap<string, string | undefined> | undefined): void => {
    const current = reading.at(-1);
    if (current !== undefined && reads !== undefined) for (const [file, version] of reads) current.set(file, version);
  };
  const unchanged = (built: BuiltTable): boolean => versionOf === undefined || [...built.reads!].every(([file, version]) => versionOf(file) === version);
  const readsOf = (file: string): Map<string, string | undefined> | undefined => (versionOf === undefined ? undefined : new Map([[file, versionOf(file)]]));

  const valueIn = (file: string, name: string, depth: number): ExportedValue | undefined => exportedValueOf(tableOf(file, depth), file, name);

  const forwarded = (file: string, specifier: string, name: string, depth: number): ExportedValue | undefined => {
    const target = sources.targetOf(file, specifier);
    return target === undefined || depth >= maxImportDepth ? undefined : valueIn(target, name, depth + 1);
  };

  const tableOf = (file: string, depth: number): ExportTable => {
    const cached = done.get(file);
    if (cached !== undefined && unchanged(cached)) {
      noteReads(cached.reads);
      return cached.table;
    }
    if (!sources.isModule(file) || inProgress.has(file)) {
      noteReads(readsOf(file));
      return {};
    }
    inProgress.add(file);
    const reads = readsOf(file);
    if (reads !== undefined) reading.push(reads);
    try {
      const exports = sources.exportsOf(file, (specifier, name) => forwarded(file, specifier, name, depth));
      const table: Record<string, ExportedValue> = {};
      for (const specifier of exports?.stars ?? []) {
        const target = sources.targetOf(file, specifier);
        if (target === undefined) continue;
        for (const [name, value] of Object.entries(tableOf(target, depth + 1))) if (name !== 'default') table[name] = value;
      }
      for (const [name, value] of exports?.named ?? []) {
        if (value.kind !== 'forwarded') table[name] = value;
        else {
          const found = forwarded(file, value.specifier, value.name, depth);
          if (found !== undefined) table[name] = found;
        }
      }
      if (done.size >= maxTables) done.clear();
      done.set(file, reads === undefined ? { table } : { table, reads });
      return table;
    } finally {
      inProgress.delete(file);
      if (reads !== undefined) {
        reading.pop();
        noteReads(reads);
      }
    }
  };

  return (file) => tableOf(file, 0);
}
