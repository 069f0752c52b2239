import { moduleTextFacts, type AnalysisCore, type AnalysisOptions } from '../analysis-contract.js';
import { readSource } from '../files/read-source.js';
import { looksMinified, nestsTooDeeply } from '../files/source-shape.js';
import path from 'node:path';
import { findGitRoot } from '../files/git.js';
import { isInside } from '../files/paths.js';
import { createWalkFilter, type WalkOptions } from '../files/walk.js';
import type { ModuleFacts } from './build-module-graph.js';
import type { ModuleAliases } from '../analysis-contract.js';
import { resolveModule, scanModuleReferences } from './scan-imports.js';

/** How many imports away from a checked file the graph can take a value from (its `maxImportDepth`, plus the first import). */
const maxHops = 9;

/** How a file outside the run is judged and read: whether the walk would list it, and its text. */
export interface ImportedModuleSources {
  /** Whether a walk of the run's paths would list the file, in the run's config scope. */
  readonly admits: (file: string) => boolean;
  readonly maxFileSize: number | undefined;
  readonly checkMinified: boolean;
  /** The project's path aliases: what a file imports through one is followed too. */
  readonly aliases?: ModuleAliases;
}

/**
 * The folders whose walk judges what files named on the command line import: the working directory, and
 * for a named file outside it (`sunset check ../api/src/list.ts`), its repository's root (the folder
 * holding `.git`), or its own folder when it is in none, as a check of that folder would read them.
 */
export function namedFileRoots(cwd: string, named: readonly string[]): string[] {
  const roots = new Set([cwd]);
  for (const file of named) {
    if (isInside(cwd, file)) continue;
    const folder = path.dirname(file);
    roots.add(findGitRoot(folder) ?? folder);
  }
  return [...roots];
}

/**
 * Whether a walk of `roots` (absolute folders) would list a file, in the run's config scope (`inScope`,
 * default: every file): `ImportedModuleSources.admits` for a run of some files.
 */
export function walkAdmits(roots: readonly string[], walkOptions: WalkOptions, inScope?: (file: string) => boolean): (file: string) => boolean {
  const listed = createWalkFilter(roots, walkOptions);
  return (file) => listed(file) === 'listed' && (inScope?.(file) ?? true);
}

/**
 * The files a run of some files only (`sunset check --changed-since`, or files named on the command
 * line) must know for its module graph to resolve them as a walk of the whole tree would: what `from`
 * (default: every file of the run) imports by relative path (or alias), then what needle files, client
 * modules and barrels among those import, as far as the graph follows values. Each is read once for its
 * facts, as the walk's first pass would give them (a minified or too deeply nested needle file offers no
 * value; a file over `maxFileSize` is not read); none is checked or reported.
 */
export function importedModules(
  runFacts: ReadonlyMap<string, ModuleFacts>,
  sources: ImportedModuleSources,
  options: AnalysisOptions,
  core: Pick<AnalysisCore, 'mightNeedAnalysis'>,
  from?: readonly string[],
): Map<string, ModuleFacts> {
  const found = new Map<string, ModuleFacts>();
  const admitted = new Map<string, boolean>();
  const known = {
    has: (file: string): boolean => {
      if (runFacts.has(file)) return true;
      let admits = admitted.get(file);
      if (admits === undefined) admitted.set(file, (admits = sources.admits(file)));
      return admits;
    },
  };
  const starts = from === undefined ? [...runFacts.keys()] : from.filter((file) => runFacts.has(file));
  let frontier = starts.map((file) => ({ file, facts: runFacts.get(file)! }));
  for (let hop = 0; hop < maxHops && frontier.length > 0; hop++) {
    const next: { file: string; facts: ModuleFacts }[] = [];
    for (const { file, facts } of frontier) {
      for (const specifier of facts.imports) {
        const target = resolveModule(file, specifier, known, sources.aliases);
        if (target === undefined || runFacts.has(target) || found.has(target)) continue;
        const targetFacts = factsOf(target, sources, options, core);
        found.set(target, targetFacts);
        // Only a needle file, a client's module or a barrel passes values on: what other files import is never read by the graph.
        if (targetFacts.needle || targetFacts.clientSource === true || targetFacts.reexports.length > 0) next.push({ file: target, facts: targetFacts });
      }
    }
    frontier = next;
  }
  return found;
}

/** A file's facts as the walk's first pass gives them (`checkOneFile`), from its text alone. */
function factsOf(file: string, sources: ImportedModuleSources, options: AnalysisOptions, core: Pick<AnalysisCore, 'mightNeedAnalysis'>): ModuleFacts {
  const read = readSource(file, sources.maxFileSize);
  if (read.kind !== 'text') return { needle: false, imports: [], reexports: [] };
  const references = scanModuleReferences(read.text, sources.aliases?.prefixesOf([file]));
  const parsable = (sources.checkMinified || !looksMinified(read.text)) && !nestsTooDeeply(read.text);
  const needle = parsable && core.mightNeedAnalysis(read.text, options) && options.catalog.needlePattern.test(read.text);
  return { needle, ...references, ...moduleTextFacts(read.text, options) };
}
