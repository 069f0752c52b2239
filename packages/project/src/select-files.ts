import path from 'node:path';
import { ts } from 'ts-morph';

/** How many calls deep a wrapper is followed: `getResource(p)` → `apiGet(p)` → `fetch(p)` is two levels. */
export const wrapperDepth = 3;
/** Barrels re-exporting barrels: how many hops of importers are followed from a needle-holding module. */
const maxImporterHops = 4;

/** Every module specifier a file names (imports, re-exports, `require`, `import()`): a superset read with one regex. */
const moduleSpecifier = /\b(?:from|import)\s*\(?\s*['"]([^'"\n]+)['"]|\brequire\s*\(\s*['"]([^'"\n]+)['"]/g;

export interface ProjectFiles {
  /** Files the analysis runs on: those holding a needle and those importing them (through barrels and aliases). */
  readonly analysed: readonly string[];
  /** What ts-morph loads: the analysed files plus the files they call into, to the wrapper depth. */
  readonly loaded: readonly string[];
  /** Resolved imports of every scanned file (absolute paths, scanned files only). */
  readonly importsOf: ReadonlyMap<string, readonly string[]>;
}

/**
 * Chooses the subgraph worth giving to ts-morph: a retired URL or operation must appear as text
 * somewhere, so the files holding a needle, who imports them (following barrels and path aliases),
 * and the files those importers call into for wrappers. Module specifiers are resolved as the
 * tsconfig says (`paths`, `baseUrl`, extensions, `index` files); only scanned files count.
 */
export function selectProjectFiles(texts: ReadonlyMap<string, string>, hasNeedle: (text: string) => boolean, compilerOptions: ts.CompilerOptions): ProjectFiles {
  const cache = ts.createModuleResolutionCache(process.cwd(), (name) => name, compilerOptions);
  const importsOf = new Map<string, string[]>();
  const importersOf = new Map<string, string[]>();
  const needleFiles: string[] = [];
  for (const [file, text] of texts) {
    if (hasNeedle(text)) needleFiles.push(file);
    const targets = new Set<string>();
    for (const match of text.matchAll(moduleSpecifier)) {
      const specifier = (match[1] ?? match[2])!;
      const resolved = ts.resolveModuleName(specifier, file, compilerOptions, ts.sys, cache).resolvedModule?.resolvedFileName;
      const target = resolved === undefined ? undefined : path.resolve(resolved);
      if (target !== undefined && target !== file && texts.has(target)) targets.add(target);
    }
    if (targets.size === 0) continue;
    importsOf.set(file, [...targets]);
    for (const target of targets) importersOf.set(target, [...(importersOf.get(target) ?? []), file]);
  }

  const analysed = new Set(needleFiles);
  let frontier = needleFiles;
  for (let hop = 0; hop < maxImporterHops && frontier.length > 0; hop++) {
    const next: string[] = [];
    for (const file of frontier) {
      for (const importer of importersOf.get(file) ?? []) {
        if (analysed.has(importer)) continue;
        analysed.add(importer);
        // Only a module that exports something can pass the value on to its own importers.
        if (/\bexport\b/.test(texts.get(importer)!)) next.push(importer);
      }
    }
    frontier = next;
  }

  const loaded = new Set(analysed);
  let callees = [...analysed];
  for (let level = 0; level < wrapperDepth && callees.length > 0; level++) {
    const next: string[] = [];
    for (const target of callees.flatMap((file) => importsOf.get(file) ?? [])) {
      if (loaded.has(target)) continue;
      loaded.add(target);
      next.push(target);
    }
    callees = next;
  }
  return { analysed: [...analysed].sort(), loaded: [...loaded].sort(), importsOf };
}
