import type { ImportLookup } from './import-resolver.js';
import type { ExportedValue, ModuleExports } from './module-exports.js';

/** Everything a module exports by name (re-exports followed), as another file imports it. */
export type ExportTable = Readonly<Record<string, ExportedValue>>;

/** How many modules deep a chain of imported values is evaluated (`A` from a, built from `B` of b, …). */
export const maxImportDepth = 8;

/** How the tables reach modules: which ones they read, where a specifier leads, and a module's own exports. */
export interface ExportTableSources {
  /** Whether `file` is a module whose exports can matter (others have an empty table). */
  readonly isModule: (file: string) => boolean;
  /** The module a relative specifier of `file` leads to, when it is one the tables follow. */
  readonly targetOf: (file: string, specifier: string) => string | undefined;
  /** The module's exports, its own imports read through `lookup`; undefined when it cannot be read or parsed. */
  readonly exportsOf: (file: string, lookup: ImportLookup) => ModuleExports | undefined;
}

/** The value `import { name }` takes from a module's table; `*` is the whole module as an object. */
export function exportedValueOf(table: ExportTable, file: string, name: string): ExportedValue | undefined {
  if (name !== '*') return table[name];
  return { kind: 'object', members: table, declaration: { file, name: '*', range: [0, 0], line: 1, column: 1, endLine: 1, endColumn: 1 } };
}

/**
 * Export tables computed on demand, each module once: `export *` and `export { x } from` followed,
 * a module's imports evaluated `maxImportDepth` modules deep. A module in a cycle of imports gives
 * an empty table where the cycle closes.
 */
export function createExportTables(sources: ExportTableSources): (file: string) => ExportTable {
  const done = new Map<string, ExportTable>();
  const inProgress = new Set<string>();

  const valueIn = (file: string, name: string, depth: number): ExportedValue | undefined => exportedValueOf(tableOf(file, depth), file, name);

  const forwarded = (file: string, specifier: string, name: string, depth: number): ExportedValue | undefined => {
    const target = sources.targetOf(file, specifier);
    return target === undefined || depth >= maxImportDepth ? undefined : valueIn(target, name, depth + 1);
  };

  const tableOf = (file: string, depth: number): ExportTable => {
    const cached = done.get(file);
    if (cached !== undefined) return cached;
    if (!sources.isModule(file) || inProgress.has(file)) return {};
    inProgress.add(file);
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
      done.set(file, table);
      return table;
    } finally {
      inProgress.delete(file);
    }
  };

  return (file) => tableOf(file, 0);
}
