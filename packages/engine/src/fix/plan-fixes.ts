import type { Worker } from 'node:worker_threads';
import { asTodo, migratedByDeclarations, migrationFactsOf, moduleTextFacts, type Declaration, type Finding, type RetirementFacts, type SiteReport } from '../analysis-contract.js';
import { checkCandidate, checkContextOf, isSegmented, type CheckContext } from '../check/check-source.js';
import { emptyTimings } from '../check/timings.js';
import { debitRewrite, readByOtherMigrationCause } from '../module-graph/consumed-declarations.js';
import { fitsWorker } from '../check/check-workers.js';
import { turn } from '../check/steps.js';
import { lineIndexOf } from '../parse/lines.js';
import { parseSource } from '../parse/parse-source.js';
import { compareText, type FileProblem } from '../errors.js';
import { displayPath } from '../files/paths.js';
import { readSource, type SourceEncoding } from '../files/read-source.js';
import { looksMinified, minifiedMessage, tooLargeMessage, type SkippedFile } from '../files/source-shape.js';
import type { FoundSource } from '../files/walk.js';
import { buildModuleGraph, mayOfferRetiredValues, type ModuleFacts } from '../module-graph/build-module-graph.js';
import { importedModules, namedFileRoots, walkAdmits } from '../module-graph/imported-modules.js';
import { readModuleExports, type ExportedValue, type ForwardedExport } from '../module-graph/exported-values.js';
import { moduleGraphCheck, type ModuleGraphCheck } from '../module-graph/module-graph-context.js';
import { createModuleAliases, type ModuleAliases } from '../analysis-contract.js';
import { scanModuleReferences } from '../module-graph/scan-imports.js';
import type { FileChange, FixRun } from './fix-files.js';
import { fixLargeSource } from './fix-large-file.js';
import { fixText, type FixResult } from './fix-source.js';
import { FixLane } from './fix-workers.js';

/** What a fix would do to every file, before anything is written. */
export interface PlannedFixes {
  /** Files whose text changes, in walk order. */
  readonly changes: readonly FileChange[];
  /** Sites in walk order, by line within a file. */
  readonly sites: readonly SiteReport[];
  /** Files that could not be read or parsed (unsorted). */
  readonly errors: readonly FileProblem[];
  /** Files read and left out (too large, minified). */
  readonly skipped: readonly SkippedFile[];
  /** Files that could not be read (they are in `errors` too). */
  readonly unreadable: number;
  readonly candidates: number;
  /** Files looked at: all of them unless the signal stopped the planning. */
  readonly visited: number;
  readonly interrupted: boolean;
}

/** The planned fix of one file (a candidate, or a file that reads a retired value from another). */
interface FilePlan {
  readonly found: FoundSource;
  readonly text: string;
  /** How the file's bytes spell its text (a fixed UTF-16 file is written back in UTF-16). */
  readonly encoding: SourceEncoding;
  readonly result: FixResult;
}

/** A candidate read, as the fix lane hands it back with its result. */
interface ReadCandidate {
  readonly found: FoundSource;
  readonly text: string;
  readonly encoding: SourceEncoding;
}

/** Files between two turns of the event loop, so Ctrl-C is seen within a few milliseconds. */
const signalCheckInterval = 16;

/**
 * Plans the fix of every listed file without writing: read, prefilter, fix each file on its own; then,
 * with `run.crossFile`, the module graph over the fixed texts (so a constant the fix rewrote is no longer
 * retired) and each file that reads a retired value from another file fixed again with it: such a
 * request gets its TODO, naming the constant and its file. Stops between files on `run.signal`.
 */
export async function planFixes(files: readonly FoundSource[], run: FixRun, worker?: Worker, context: CheckContext = checkContextOf(run.options, run.core)): Promise<PlannedFixes> {
  const maxFileSize = run.maxFileSize ?? run.options.maxFileSize;
  const errors: FileProblem[] = [];
  const skipped: SkippedFile[] = [];
  const plans = new Map<string, FilePlan>();
  const facts = new Map<string, ModuleFacts>();
  const writtenFacts = new Map<string, ModuleFacts>();
  let unreadable = 0;
  let candidates = 0;
  let visited = 0;
  // The path aliases of the projects the files are in, as `sunset check` follows them.
  const aliases = run.crossFile === true ? createModuleAliases(run.readFolder) : undefined;
  const aliasPrefixes = aliases?.prefixesOf(files.map((found) => found.path)) ?? [];
  const planned = (found: FoundSource, read: { readonly text: string; readonly encoding: SourceEncoding }, result: FixResult): void => {
    const file = found.path;
    if (result.error !== undefined) errors.push(result.error);
    plans.set(file, { found, text: read.text, encoding: read.encoding, result });
    if (run.crossFile === true) {
      const references = scanModuleReferences(read.text, aliasPrefixes);
      const parsed = result.error === undefined;
      const { needlePattern } = context.analysisOptions.catalog;
      // What it offers other files is read from the fixed text; the paths it reads from the text as written,
      // so a call the first pass rewrote is fixed again with its client (another vendor's is left alone).
      const needle = parsed && needlePattern.test(result.output ?? read.text);
      const { clientSource, restNeedle } = moduleTextFacts(read.text, context.analysisOptions);
      const readsPaths = restNeedle === true || needlePattern.test(read.text);
      if (needle || clientSource === true || references.imports.length > 0) facts.set(file, { needle, ...references, clientSource: parsed && clientSource === true, restNeedle: readsPaths });
      // And what it offered as written (`sharedWithUnreported`).
      const written = parsed && needlePattern.test(read.text);
      if (written || clientSource === true || references.imports.length > 0) writtenFacts.set(file, { needle: written, ...references, clientSource: parsed && clientSource === true, restNeedle: readsPaths });
    }
  };
  // With a worker (from 1,500 files, see `fixFiles`) it fixes the candidates while this thread reads and prefilters the rest.
  const lane =
    worker === undefined
      ? undefined
      : new FixLane<ReadCandidate>(
          worker,
          ({ owner }, result) => planned(owner.found, owner, result),
          ({ owner }) => fixText(owner.text, owner.found.path, context, owner.found.displayPath),
        );
  try {
    for (const found of files) {
      if (run.signal?.aborted === true) break;
      visited += 1;
      const { path: file, explicit } = found;
      const read = readSource(file, explicit ? undefined : maxFileSize);
      if (read.kind === 'error') {
        errors.push({ file, message: read.message });
        unreadable += 1;
      } else if (read.kind === 'too-large') {
        skipped.push({ file, reason: 'too-large', message: tooLargeMessage(read.size, maxFileSize!) });
      } else if (context.core.mightNeedFix(read.text, context.analysisOptions)) {
        if (!explicit && !run.options.checkMinified && looksMinified(read.text)) {
          skipped.push({ file, reason: 'minified', message: minifiedMessage });
        } else {
          candidates += 1;
          // A very large file is fixed in a worker of its own (its memory is collected as it goes), unless a test replaced the core.
          if (run.core === undefined && isSegmented(read.text, file)) planned(found, read, await fixLargeSource(read.text, file, run.options, found.displayPath));
          else if (lane !== undefined && fitsWorker(read.text)) lane.add({ file, text: read.text, sitePath: found.displayPath, owner: { found, text: read.text, encoding: read.encoding } });
          else planned(found, read, fixText(read.text, file, context, found.displayPath));
        }
      } else {
        // A minified file that `sunset check` would have checked (a TODO marker, a reporting or identity
        // endpoint: what check's wider prefilter looks for) is listed as check lists it, so both commands
        // name the same files not scanned on one tree; it holds nothing fix changes either way.
        if (!explicit && !run.options.checkMinified && looksMinified(read.text) && context.core.mightNeedAnalysis(read.text, context.analysisOptions)) {
          skipped.push({ file, reason: 'minified', message: minifiedMessage });
        }
        if (run.crossFile === true) {
          // No needle: its relative imports matter (the graph may find it reads a retired value or a client), and a client it makes; its text is read again then.
          const references = scanModuleReferences(read.text, aliasPrefixes);
          const textFacts = moduleTextFacts(read.text, context.analysisOptions);
          if (references.imports.length > 0 || textFacts.clientSource === true) {
            facts.set(file, { needle: false, ...references, ...textFacts });
            writtenFacts.set(file, facts.get(file)!);
          }
        }
      }
      run.onProgress?.(visited, files.length, found.displayPath);
      // Reading and fixing are synchronous: let a signal handler run now and then.
      if (visited % signalCheckInterval === 0) await turn();
    }
    // Every candidate's fix; an interrupted run writes nothing, so the worker goes at once.
    if (lane !== undefined && visited === files.length) await lane.finish();
  } finally {
    await lane?.close();
  }
  const interrupted = visited < files.length;
  // Files the prefilter passed over that the graph had to parse count as candidates, as in `sunset check`.
  if (run.crossFile === true && !interrupted) candidates += fixImporters(files, plans, facts, writtenFacts, context, run, aliases, namedFileImports(files, facts, context, run, aliases));

  const changes: FileChange[] = [];
  const sites: SiteReport[] = [];
  // The walk lists files by display path; files planned by the module graph come after the others in `plans`.
  const inWalkOrder = [...plans.values()].sort((a, b) => compareText(a.found.displayPath, b.found.displayPath));
  for (const { found, text, encoding, result } of inWalkOrder) {
    for (const site of result.sites) sites.push(site);
    if (result.output !== undefined && result.output !== text) changes.push({ file: found.path, displayPath: found.displayPath, before: text, after: result.output, encoding });
  }
  return { changes, sites, errors, skipped, unreadable, candidates, visited, interrupted };
}

/**
 * With `run.resolveNamedFiles`: the files outside the run that the files named on the command line
 * import, as `sunset check` reads them (`importedModules`, a walk of the working directory in the run's
 * scope), by their facts. They are read for their values, never planned.
 */
function namedFileImports(files: readonly FoundSource[], facts: ReadonlyMap<string, ModuleFacts>, context: CheckContext, run: FixRun, aliases: ModuleAliases | undefined): ReadonlyMap<string, ModuleFacts> {
  const named = run.resolveNamedFiles === true ? files.filter((found) => found.explicit).map((found) => found.path) : [];
  if (named.length === 0) return new Map();
  const listed = new Set(files.map((found) => found.path));
  const walked = walkAdmits(namedFileRoots(run.cwd, named), { cwd: run.cwd, ignores: run.options.ignores, ignoresBase: run.baseDir, readFolder: run.readFolder, globalExcludes: run.globalExcludes }, run.inScope);
  const sources = {
    // A file of the run without facts of its own (no needle, no import) offers nothing: it is not read as another's.
    admits: (file: string): boolean => !listed.has(file) && walked(file),
    maxFileSize: run.maxFileSize ?? run.options.maxFileSize,
    checkMinified: run.options.checkMinified,
    ...(aliases === undefined ? {} : { aliases }),
  };
  return importedModules(facts, sources, context.analysisOptions, context.core, named);
}

/**
 * The default mode's module graph over the planned texts (and the unchanged files the named files
 * import, `outside`), and each file importing a retired value from another scanned file fixed again
 * with its imports resolved; its plan replaces the first. Returns how many of them the first pass had not planned.
 */
function fixImporters(
  files: readonly FoundSource[],
  plans: Map<string, FilePlan>,
  facts: Map<string, ModuleFacts>,
  writtenFacts: ReadonlyMap<string, ModuleFacts>,
  context: CheckContext,
  run: FixRun,
  aliases: ModuleAliases | undefined,
  outside: ReadonlyMap<string, ModuleFacts>,
): number {
  if (![...writtenFacts.values(), ...outside.values()].some(mayOfferRetiredValues)) return 0;
  const byPath = new Map(files.map((found) => [found.path, found]));
  // Candidates as planned; any other file is unchanged on disk.
  const encodings = new Map<string, SourceEncoding>();
  const plannedText = (file: string): string | undefined => {
    const plan = plans.get(file);
    if (plan !== undefined) return plan.result?.output ?? plan.text;
    const read = readSource(file, byPath.get(file)?.explicit === true ? undefined : (run.maxFileSize ?? run.options.maxFileSize));
    if (read.kind !== 'text') return undefined;
    encodings.set(file, read.encoding);
    return read.text;
  };
  // A value that a request without a finding also reads (a POST the entries do not retire) is not
  // rewritten where it is declared: it would move that request too. The graph of the planned texts no
  // longer links a rewritten value, so those requests are read in the graph of the texts as written.
  const { ranges: shared, names: sharedNames, readers, othersOnly, givenRanges } = sharedWithUnreported(byPath, plans, writtenFacts, context, run, plannedText, aliases);
  // By name: the graph reads the planned texts, whose offsets a TODO above a declaration may have moved.
  const isShared = (declaration: Declaration): boolean => sharedNames.get(declaration.file)?.has(declaration.name) === true;
  const asPlanned = (file: string, findings: readonly Finding[]): Finding[] => {
    const ranges = shared.get(file);
    const read = readers.get(file);
    const given = givenRanges.get(file);
    if (ranges === undefined && read === undefined && given === undefined) return [...findings];
    const edits = (finding: Finding, within: readonly (readonly [number, number])[] | undefined): boolean => within !== undefined && finding.fix?.some((edit) => withinAny(within, edit.range)) === true;
    // At such a declaration, or a request of its own file whose fix would rewrite it there (also one given to a helper).
    const moves = (finding: Finding): boolean =>
      (ranges !== undefined && (withinAny(ranges, finding.range) || edits(finding, ranges))) || (given !== undefined && !withinAny(given, finding.range) && edits(finding, given));
    return findings.map((finding) => (moves(finding) ? debitRewrite(finding) : changesOtherReaders(finding, read) ? asTodo(finding, readByOtherMigrationCause) : finding));
  };
  const { needlePattern } = context.analysisOptions.catalog;
  for (const file of new Set([...shared.keys(), ...readers.keys(), ...givenRanges.keys()])) {
    const plan = plans.get(file)!;
    const result = fixText(plan.text, file, context, plan.found.displayPath, (findings) => asPlanned(file, findings));
    if (result.error !== undefined) continue;
    plans.set(file, { ...plan, result });
    // Its value stays retired as written: it still offers it to the files that read it.
    facts.set(file, { ...writtenFacts.get(file)!, needle: needlePattern.test(result.output ?? plan.text) });
  }
  if (![...facts.values(), ...outside.values()].some(mayOfferRetiredValues)) return 0;
  const graph = buildModuleGraph(
    [...byPath.keys(), ...outside.keys()],
    { factsOf: (file) => facts.get(file) ?? outside.get(file), readText: plannedText, ...(aliases === undefined ? {} : { aliases }) },
    context.analysisOptions,
    context.core,
  );
  let added = 0;
  // The names of the values each declaring file offers that a request fixed here reads.
  const consumed = new Map<string, Set<string>>();
  const checkOf = (file: string): ModuleGraphCheck => moduleGraphCheck(context, graph, file, (declaredIn) => displayPath(run.cwd, declaredIn));
  for (const file of Object.keys(graph.links)) {
    // A file read only for its values (what a named file imports) is never fixed.
    const found = byPath.get(file);
    if (found === undefined) continue;
    const text = plans.get(file)?.text ?? plannedText(file);
    // A minified file without a needle is left out, as the first pass leaves out one with a needle.
    if (text === undefined || (!found.explicit && !run.options.checkMinified && looksMinified(text))) continue;
    const check = checkOf(file);
    const read: Declaration[] = [];
    const result = fixText(text, file, check.context, found.displayPath, (findings) => {
      read.push(...check.valuesRead(findings));
      return check.annotateFix(asPlanned(file, findings), isShared);
    });
    if (result.error !== undefined) continue;
    for (const declaration of read) consumed.set(declaration.file, (consumed.get(declaration.file) ?? new Set()).add(declaration.name));
    if (!plans.has(file)) added += 1;
    plans.set(file, { found, text, encoding: plans.get(file)?.encoding ?? encodings.get(file) ?? 'utf8', result });
  }
  // Another vendor's constant (only its requests read it) gets no TODO: nothing of ours calls it.
  for (const [file, names] of othersOnly) for (const name of names) consumed.set(file, (consumed.get(file) ?? new Set()).add(name));
  // One request is one finding: the declaration of a value such a request reads gets no TODO of its own
  // (its file, fixed alone, could not know who reads it), as `sunset check` reports it at the request only.
  for (const [file, names] of consumed) {
    const plan = plans.get(file);
    // A file that does not parse (or nests too deeply) has no plan to change.
    if (plan === undefined || plan.result.error !== undefined) continue;
    const check = checkOf(file);
    const ranges = declarationRanges(plan.text, file, names, check.context).map(({ range }) => range);
    if (ranges.length === 0) continue;
    const result = fixText(plan.text, file, check.context, plan.found.displayPath, (findings) => check.annotateFix(asPlanned(file, findings.filter((finding) => !withinAny(ranges, finding.range))), isShared));
    if (result.error === undefined) plans.set(file, { ...plan, result });
  }
  return added;
}

/**
 * Whether a one-to-one rewrite of `finding` edits a value its file exports that a request of another file
 * reads and that rewrite would not migrate (`fetch(LIST)` here, `fetch(LIST + '/' + id)` there).
 */
function changesOtherReaders(finding: Finding, readers: readonly DeclarationReaders[] | undefined): boolean {
  if (readers === undefined || finding.fix === undefined || finding.retirement?.migration !== 'rewrite') return false;
  const facts = migrationFactsOf(finding.retirement);
  return readers.some(
    ({ range, retirements }) => finding.fix!.some((edit) => withinAny([range], edit.range)) && retirements.some((retirement) => !migratedByDeclarations(retirement, [facts])),
  );
}

/** A declared value of a file, and the retirements of the requests of other files that read it. */
interface DeclarationReaders {
  readonly range: readonly [number, number];
  readonly retirements: readonly RetirementFacts[];
}

/** Whether `range` lies inside one of `ranges` (the declarations of a file's values). */
const withinAny = (ranges: readonly (readonly [number, number])[], range: readonly [number, number]): boolean => ranges.some(([start, end]) => start <= range[0] && range[1] <= end);

/**
 * The declarations (ranges by declaring file with a plan, and names by declaring file) of the exported values that a request without
 * a retirement finding reads, found in the module graph of the texts as written; only when the first
 * pass rewrote something, as nothing else can move such a request.
 */
function sharedWithUnreported(
  byPath: ReadonlyMap<string, FoundSource>,
  plans: ReadonlyMap<string, FilePlan>,
  facts: ReadonlyMap<string, ModuleFacts>,
  context: CheckContext,
  run: FixRun,
  plannedText: (file: string) => string | undefined,
  aliases: ModuleAliases | undefined,
): {
  readonly ranges: Map<string, (readonly [number, number])[]>;
  readonly names: ReadonlyMap<string, ReadonlySet<string>>;
  readonly readers: ReadonlyMap<string, readonly DeclarationReaders[]>;
  /** The values only requests to another API's host read (another vendor's constants), by file and name. */
  readonly othersOnly: ReadonlyMap<string, ReadonlySet<string>>;
  /** Where the values given to a helper of another file are declared, in files with a plan. */
  readonly givenRanges: ReadonlyMap<string, readonly (readonly [number, number])[]>;
} {
  const shared = new Map<string, (readonly [number, number])[]>();
  const names = new Map<string, Set<string>>();
  const readers = new Map<string, DeclarationReaders[]>();
  const othersOnly = new Map<string, Set<string>>();
  const givenRanges = new Map<string, (readonly [number, number])[]>();
  if (![...plans.values()].some((plan) => plan.result.output !== undefined)) return { ranges: shared, names, readers, othersOnly, givenRanges };
  const written = (file: string): string | undefined => plans.get(file)?.text ?? plannedText(file);
  const graph = buildModuleGraph([...byPath.keys()], { factsOf: (file) => facts.get(file), readText: written, ...(aliases === undefined ? {} : { aliases }) }, context.analysisOptions, context.core);
  const add = (into: Map<string, Set<string>>, declaration: Declaration): void => void into.set(declaration.file, (into.get(declaration.file) ?? new Set()).add(declaration.name));
  // A value given to a helper (`postJson(MANAGERS, body)`) counts where a retired request reads it too, as within one file.
  const read = new Map<string, Set<string>>();
  // The retirements of the requests reading each value, by file and name.
  const readBy = new Map<string, RetirementFacts[]>();
  const given: Declaration[] = [];
  // What requests to another API's host read, and what requests and helpers of ours send or are given.
  const otherHosts: Declaration[] = [];
  const ours = new Map<string, Set<string>>();
  for (const file of Object.keys(graph.links)) {
    const text = written(file);
    if (text === undefined || (byPath.get(file)?.explicit !== true && !run.options.checkMinified && looksMinified(text))) continue;
    const check = moduleGraphCheck(context, graph, file, (declaredIn) => displayPath(run.cwd, declaredIn));
    const result = checkCandidate(text, file, check.context, emptyTimings());
    if (result.error !== undefined) continue;
    const { readUnreported, givenToHelpers, readByOtherHosts } = check.valuesSentAndGiven(result.findings);
    for (const declaration of [...readUnreported, ...readByOtherHosts]) add(names, declaration);
    for (const declaration of readUnreported) add(ours, declaration);
    for (const declaration of givenToHelpers) add(ours, declaration);
    otherHosts.push(...readByOtherHosts);
    for (const finding of result.findings) {
      for (const declaration of check.valuesRead([finding])) {
        add(read, declaration);
        const key = `${declaration.file}\u0000${declaration.name}`;
        readBy.set(key, [...(readBy.get(key) ?? []), finding.retirement!]);
      }
    }
    given.push(...givenToHelpers);
  }
  for (const declaration of given) if (read.get(declaration.file)?.has(declaration.name) === true) add(names, declaration);
  // A value given to a helper is not rewritten for a request of its own file that reads it either (`moves` in fixImporters).
  const givenNames = new Map<string, Set<string>>();
  for (const declaration of given) add(givenNames, declaration);
  for (const [file, declared] of givenNames) {
    const plan = plans.get(file);
    if (plan === undefined || plan.result.error !== undefined || plan.result.output === undefined) continue;
    const ranges = declarationRanges(plan.text, file, declared, context).map(({ range }) => range);
    if (ranges.length > 0) givenRanges.set(file, ranges);
  }
  for (const [file, declared] of names) {
    const plan = plans.get(file);
    if (plan === undefined || plan.result.error !== undefined) continue;
    const ranges = declarationRanges(plan.text, file, declared, context).map(({ range }) => range);
    if (ranges.length > 0) shared.set(file, ranges);
  }
  // The values read by requests of other files, where the declaring file's own requests would rewrite them.
  for (const [file, declared] of read) {
    const plan = plans.get(file);
    if (plan === undefined || plan.result.error !== undefined || plan.result.output === undefined) continue;
    const found = declarationRanges(plan.text, file, declared, context).map(({ name, range }) => ({ range, retirements: readBy.get(`${file}\u0000${name}`) ?? [] }));
    if (found.length > 0) readers.set(file, found);
  }
  for (const declaration of otherHosts) if (ours.get(declaration.file)?.has(declaration.name) !== true) add(othersOnly, declaration);
  return { ranges: shared, names, readers, othersOnly, givenRanges };
}

/**
 * Where `text` (as written, before any fix) declares the exported values named `names` (`API.campaigns`
 * for a member): its exports read from its index, as the module graph reads them, without running the checks.
 */
function declarationRanges(text: string, file: string, names: ReadonlySet<string>, context: CheckContext): { readonly name: string; readonly range: readonly [number, number] }[] {
  const ranges: { readonly name: string; readonly range: readonly [number, number] }[] = [];
  const parsed = parseSource(text, file);
  if (!parsed.ok) return ranges;
  const exports = readModuleExports(file, context.core.indexFile(parsed.file, context.analysisOptions), lineIndexOf(parsed.file.text));
  const visit = (value: ExportedValue | ForwardedExport): void => {
    if (value.kind === 'object') for (const member of Object.values(value.members)) visit(member);
    else if (value.kind === 'text' && names.has(value.declaration.name)) ranges.push({ name: value.declaration.name, range: value.declaration.range });
  };
  for (const value of exports.named.values()) visit(value);
  return ranges;
}
