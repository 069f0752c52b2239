import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnalysisCore, SunsetOptions } from '../analysis-contract.js';
import { compareText, type FileProblem } from '../errors.js';
import { readSource } from '../files/read-source.js';
import { countNotScanned, type NotScannedCounts, type SkippedFile } from '../files/source-shape.js';
import { findSourceFiles, isFolder, selectSourceFiles, type FoundSource, type WalkOptions } from '../files/walk.js';
import { createGlobalExcludes, type GlobalExcludesLookup } from '../files/git.js';
import type { ReadFolder } from '../files/list-tree.js';
import { buildModuleGraph, mayOfferRetiredValues, type ModuleFacts, type ModuleGraphData } from '../module-graph/build-module-graph.js';
import { importedModules, namedFileRoots, walkAdmits } from '../module-graph/imported-modules.js';
import { createModuleAliases, type ModuleAliases } from '../analysis-contract.js';
import { withoutConsumedDeclarations } from '../module-graph/consumed-declarations.js';
import { isFrameworkFile } from '../parse/script-blocks.js';
import { segmentedFromLength } from '../parse/segments.js';
import { checkContextOf, compareFindingsInFile, type CheckContext, type LocatedFinding, type LocatedUnresolvedMethod } from './check-source.js';
import {
  CheckWorker,
  defaultThreadCount,
  largeFileLimits,
  minFilesPerThread,
  startWorkersWhileWalking,
  workerOptionsOf,
  workerUrl,
  type CheckWorkerRecheck,
  type CheckWorkerTask,
} from './check-workers.js';
import type { SourceExcerpt } from './excerpts.js';
import { checkInPipeline } from './pipeline.js';
import { checkClaimedFiles, checkIndexes, claimSize, recheckClaimedFiles } from './claimed-files.js';
import { checkTextSteps, sizeOf, type ReadLimits } from './file-steps.js';
import { drain } from './steps.js';
import { decodeReferences, decodeSummaries, emptyResult, mergeInto, type DeclarationPlace, type FileOutcome, type Gather, type ModuleSummary, type ThreadResult } from './thread-result.js';
import { addTimings, emptyTimings, type PhaseTimings } from './timings.js';

export { defaultThreadCount } from './check-workers.js';
export type { FileOutcome, ModuleSummary, ThreadResult } from './thread-result.js';
export type { ReadLimits } from './file-steps.js';

export interface CheckRun {
  readonly cwd: string;
  readonly options: SunsetOptions;
  /** The folder the config's `ignores` are relative to. */
  readonly baseDir: string;
  /** Threads that read, parse and check (default: see `defaultThreadCount`). */
  readonly threads?: number;
  /** Files larger than this many bytes are skipped and listed (default: `options.maxFileSize`). Files named on the command line are always read. */
  readonly maxFileSize?: number;
  /** Replaces parts of the rule core (tests); a run with a replaced core stays in one thread. */
  readonly core?: Partial<AnalysisCore>;
  /**
   * Also resolve `export const`/`export default` strings and `as const` objects that a scanned file
   * imports by relative path from another scanned file (the module graph of `sunset check`'s default
   * mode). Off by default: the caller opts in (`sunset check`, `sunset report`, whose history scans
   * each commit the same way). `'with-components'`: only when the walk lists a `.vue`/`.svelte`/`.astro`
   * component (`--project`, whose program reads every other file itself).
   */
  readonly crossFile?: CrossFileMode;
  /** How the walk lists folders (see `createFolderCache`). */
  readonly readFolder?: ReadFolder;
  /** Git's global excludes file per work tree, asked once per run (see `createGlobalExcludes`). */
  readonly globalExcludes?: GlobalExcludesLookup;
  /**
   * Check only these files (absolute paths), each as a walk of `paths` would treat it, instead of
   * walking (`sunset check --changed-since`: the files a change touches). With `crossFile`, the files
   * they import by relative path are read for the module graph as a walk would have found them, and
   * never checked or reported.
   */
  readonly onlyFiles?: readonly string[];
  /**
   * With `crossFile` and a walk: resolve the files named in `paths` as a walk of the working directory
   * resolves them (`sunset check src/list.ts` from a pre-commit hook): the files they import by relative
   * path or alias that such a walk would list, in this run's config scope (`inScope`), are read for the
   * module graph as for `onlyFiles`, and never checked or reported. Folders named are walked as ever.
   */
  readonly resolveNamedFiles?: boolean;
  /**
   * With `onlyFiles` or `resolveNamedFiles`: whether a file belongs to this run's config scope (a walk of
   * `paths`, or of the working directory, leaves other scopes' folders out).
   */
  readonly inScope?: (file: string) => boolean;
  /**
   * Also return, for every file read, the module specifiers it names, whether it holds a retired
   * needle and whether it exports (`CheckFilesResult.modules`): what `--project` selects its files
   * from, so it reads no file a second time.
   */
  readonly moduleSummaries?: boolean;
  /** With `moduleSummaries`: the text of a client's base a retired path can be split at (`ModuleSummary.holdsBase`). */
  readonly basePattern?: RegExp;
  /**
   * Called once the walk is done and this thread has read what it reads: at once, or, in a run whose
   * candidates are checked in workers (`checkInPipeline`), once it has read and prefiltered every file.
   */
  readonly onWalked?: () => void;
  /**
   * A run whose peak RSS is elsewhere (`--project`: its program) spends memory for time in a run checked
   * in workers: this thread reads up to 64 MB of candidates ahead of them, and once it has read every
   * file checks candidates too (`PipelineOptions.checkHereOnceRead`).
   */
  readonly spendMemoryForTime?: boolean;
}

export type { SkippedFile };

export interface CheckFilesResult {
  /** Sorted by file, line, column, rule. */
  readonly findings: LocatedFinding[];
  /** Files and folders that could not be checked (unreadable, syntax errors, nested too deeply), sorted by file. */
  readonly errors: FileProblem[];
  /** Files found and not read, with the reason (too large, minified, excluded by config, an extension not read yet), sorted by file. */
  readonly skipped: SkippedFile[];
  /** Every file not scanned, counted by reason (unreadable ones are also in `errors`). */
  readonly notScanned: NotScannedCounts;
  /** Files found by the walk. */
  readonly files: number;
  /** Files that passed the prefilter and were parsed. */
  readonly candidates: number;
  /** The files that passed the prefilter and were parsed (absolute paths, in walk order). */
  readonly candidateFiles: readonly string[];
  /** With `CheckRun.moduleSummaries`: every file read (absolute path), in walk order, with its module summary. */
  readonly modules?: ReadonlyMap<string, ModuleSummary>;
  /**
   * The lines around each finding, by file (absolute path): what code frames, baseline fingerprints
   * and the report's frames read. The rest of each text is dropped once its file is checked.
   */
  readonly excerpts: ReadonlyMap<string, SourceExcerpt>;
  /** Requests not reported because their method is not said and another method of the path stays available, sorted by file. */
  readonly unresolvedMethod: readonly LocatedUnresolvedMethod[];
  /** URLs whose host is another API's than their retired path's: findings that `"*"` hosts would add. */
  readonly otherHostCount: number;
  /** `otherHostCount` by file (absolute path), only files with some: `--project` counts its own files again. */
  readonly otherHostsByFile: ReadonlyMap<string, number>;
  readonly timings: PhaseTimings;
}

/** Whether a run reads the module graph (`CheckRun.crossFile`, `FixRun.crossFile`). */
export type CrossFileMode = boolean | 'with-components';

/** Whether a run over `files` builds the module graph. */
export function crossFileFor(mode: CrossFileMode | undefined, files: readonly string[]): boolean {
  return mode === true || (mode === 'with-components' && files.some(isFrameworkFile));
}

/**
 * `sunset check`'s engine: walk the paths, then read, prefilter, parse, index and check each file
 * (from 1,500 files on, this thread reads and prefilters and worker threads check the candidates:
 * `checkInPipeline`; a very large file in a worker of its own), honouring eslint-disable comments.
 */
export async function checkFiles(paths: readonly string[], run: CheckRun): Promise<CheckFilesResult> {
  const timings = emptyTimings();
  // From the TypeScript sources (tests) there is no compiled worker to start: check in this thread.
  const workersAvailable = run.core === undefined && existsSync(fileURLToPath(workerUrl));
  const walkStarted = performance.now();
  const walkOptions = { cwd: run.cwd, ignores: run.options.ignores, ignoresBase: run.baseDir, readFolder: run.readFolder, globalExcludes: run.globalExcludes ?? createGlobalExcludes() };
  const early = workersAvailable && run.onlyFiles === undefined ? startWorkersWhileWalking(run.threads) : undefined;
  let listing;
  try {
    listing = run.onlyFiles === undefined ? await findSourceFiles(paths, { ...walkOptions, ...(early === undefined ? {} : { onFound: early.onFound }) }) : await selectSourceFiles(paths, run.onlyFiles, walkOptions);
  } catch (error) {
    for (const worker of early?.started ?? []) worker.close();
    run.onWalked?.();
    throw error;
  }
  timings.walk = performance.now() - walkStarted;
  const files = listing.files.map((file) => file.path);
  const maxFileSize = run.maxFileSize ?? run.options.maxFileSize;
  // Only a file named on the command line, or any file when maxFileSize allows it, can be large enough to be analysed in pieces.
  const mayBeLarge = (index: number): boolean => listing.files[index]!.explicit || maxFileSize === undefined || maxFileSize >= segmentedFromLength;
  const limits: ReadLimits = {
    maxFileSize,
    checkMinified: run.options.checkMinified,
    explicit: listing.files.flatMap((file, index) => (file.explicit ? [index] : [])),
    deferred: workersAvailable ? files.flatMap((file, index) => (mayBeLarge(index) && sizeOf(file) >= segmentedFromLength ? [index] : [])) : [],
  };
  const threads = workersAvailable ? Math.min(run.threads ?? defaultThreadCount(files.length), Math.ceil(files.length / claimSize)) : 1;
  // A large run's candidates are checked in workers, whose heaps are capped; this thread reads, prefilters and keeps what they report.
  const inWorkers = workersAvailable && files.length >= minFilesPerThread;
  const workers = [...(early?.started ?? [])];
  const wanted = inWorkers ? threads : threads - 1;
  // The walk started more than the run needs (gitignored files counted), or fewer: adjust.
  for (const extra of workers.splice(wanted)) extra.close();
  while (workers.length < wanted) workers.push(new CheckWorker());
  try {
    const next = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    const crossFile = crossFileFor(run.crossFile, files);
    // The path aliases of the projects the files are in (their tsconfig.json or jsconfig.json): the graph follows imports through them.
    const aliases = crossFile ? createModuleAliases(run.readFolder) : undefined;
    const aliasPrefixes = aliases?.prefixesOf(files) ?? [];
    const gather: Gather = {
      crossFile,
      summaries: run.moduleSummaries === true,
      ...(run.basePattern === undefined ? {} : { basePattern: run.basePattern }),
      ...(aliasPrefixes.length === 0 ? {} : { aliasPrefixes }),
    };
    const task: CheckWorkerTask = { kind: 'check', files, options: workerOptionsOf(run.options), limits, gather, next };
    const context = checkContextOf(run.options, run.core);
    if (!inWorkers) run.onWalked?.();
    const pipeline = { ...(run.onWalked === undefined ? {} : { onRead: run.onWalked }), ...(run.spendMemoryForTime === true ? { waitingBytes: 64 * 1024 * 1024, checkHereOnceRead: true } : {}) };
    const results = inWorkers ? await checkInPipeline(workers, task, context, pipeline) : await checkClaimedAlongside(workers, task, context);
    // Files a worker claimed or was handed but did not report (it left them to this thread, or it died): checked here.
    const deferred = limits.deferred ?? [];
    const reported = new Set([...results.flatMap((result) => result.done), ...deferred]);
    const left = files.flatMap((_file, index) => (reported.has(index) ? [] : [index]));
    if (left.length > 0) results.push(checkIndexes(files, left, context, limits, gather));
    if (deferred.length > 0) results.push(await checkLargeFiles(files, task, context));
    const imported = crossFile ? importedModulesOf(run, paths, listing.files, walkOptions, context, limits, aliases) : undefined;
    const graph = crossFile ? moduleGraphOf(files, results, context, limits, imported, aliases) : undefined;
    // Nothing to check again (the common case): the workers go now, while this thread collects.
    if (graph === undefined) for (const worker of workers) worker.close();
    else results.push(...(await recheckImporters(files, graph, context, limits, run.cwd, workers, !inWorkers)));
    // A run of some files only cannot know every reader of a constant: its declarations stay reported. (Named
    // files are reported whole: a declaration one of their requests reads is reported at that request, as in a walk.)
    // What named files import is not reported, but what it finds where a value is declared settles the request that reads it.
    const declaring = graph === undefined || run.onlyFiles !== undefined ? [] : checkDeclaringModules(files, graph.graph, context, limits, timings);
    return collect(listing.unreadable, listing.skipped, files, results, timings, gather.summaries, run.onlyFiles === undefined, declaring);
  } finally {
    for (const worker of workers) worker.close();
  }
}

/** The main thread and `workers` claim the files from the task's shared counter (a run too small for the pipeline, given more than one thread). */
async function checkClaimedAlongside(workers: readonly CheckWorker[], task: CheckWorkerTask, context: CheckContext): Promise<ThreadResult[]> {
  const pending = workers.map((worker) => worker.run(task));
  const mine = checkClaimedFiles(task.files, task.next, context, task.limits, task.gather);
  return [mine, ...(await Promise.all(pending))];
}

/**
 * The files outside the run its module graph must know (see `importedModules`): with `onlyFiles`, what
 * the run's files import that a walk of `paths` would list (of the working directory, for a file among
 * `paths`); with `resolveNamedFiles`, what the files named on the command line import that a walk of the
 * working directory would list. Undefined otherwise.
 */
function importedModulesOf(
  run: Pick<CheckRun, 'onlyFiles' | 'resolveNamedFiles' | 'inScope'>,
  paths: readonly string[],
  listed: readonly FoundSource[],
  walkOptions: WalkOptions,
  context: CheckContext,
  limits: ReadLimits,
  aliases: ModuleAliases | undefined,
): ((facts: ReadonlyMap<string, ModuleFacts>) => ReadonlyMap<string, ModuleFacts>) | undefined {
  const named = run.onlyFiles === undefined && run.resolveNamedFiles === true ? listed.filter((found) => found.explicit).map((found) => found.path) : [];
  if (run.onlyFiles === undefined && named.length === 0) return undefined;
  // A file named among the paths is resolved as a walk of the working directory resolves it (of its repository, outside it).
  const roots = run.onlyFiles === undefined ? namedFileRoots(walkOptions.cwd, named) : [...new Set(paths.map((given) => path.resolve(walkOptions.cwd, given)).map((root) => (isFolder(root) ? root : walkOptions.cwd)))];
  const walked = walkAdmits(roots, walkOptions, run.inScope);
  // A file of the run without facts of its own (no needle, no import) offers nothing: it is not read as another's.
  const inRun = new Set(listed.map((found) => found.path));
  const admits = (file: string): boolean => !inRun.has(file) && walked(file);
  const sources = { admits, maxFileSize: limits.maxFileSize, checkMinified: limits.checkMinified, ...(aliases === undefined ? {} : { aliases }) };
  return (facts) => importedModules(facts, sources, context.analysisOptions, context.core, run.onlyFiles === undefined ? named : undefined);
}

/**
 * The findings of the modules outside the run (what named files import) whose values the run's files
 * read, each checked alone, as ESLint lints the declaring file: never reported, they say whether
 * `sunset fix` rewrites a value where it is declared, and so whether the request reading it is a rewrite
 * (`withoutConsumedDeclarations`), as in a walk that reads them.
 */
function checkDeclaringModules(files: readonly string[], graph: ModuleGraphData, context: CheckContext, limits: ReadLimits, timings: PhaseTimings): LocatedFinding[] {
  const listed = new Set(files);
  const found: LocatedFinding[] = [];
  for (const file of Object.keys(graph.modules)) {
    if (listed.has(file)) continue;
    const read = readSource(file, limits.maxFileSize);
    if (read.kind !== 'text') continue;
    const outcome = drain(checkTextSteps(read.text, file, -1, context, limits.checkMinified, timings));
    found.push(...outcome.findings);
  }
  return found;
}

/** The module graph with what it was built from; undefined when no scanned file imports a retired value from another. */
interface ModuleGraphRun {
  readonly graph: ModuleGraphData;
  /** Indexes (into the run's files) of the files to check again, in walk order. */
  readonly importers: readonly number[];
  readonly timings: PhaseTimings;
}

/**
 * The default mode's module graph, built after every file was checked once from the facts each
 * thread returned. Undefined in the common case, where no needle file exports a retired value and no
 * file may make a client with a base (one pass over the outcomes), or when no scanned file imports one.
 */
function moduleGraphOf(
  files: readonly string[],
  results: readonly ThreadResult[],
  context: CheckContext,
  limits: ReadLimits,
  imported?: (facts: ReadonlyMap<string, ModuleFacts>) => ReadonlyMap<string, ModuleFacts>,
  aliases?: ModuleAliases,
): ModuleGraphRun | undefined {
  const offered = results.some(
    // An unchecked file that may make a client is flagged `c` (encodeReferences; an alias specifier starting with `c` only costs the graph's first pass).
    (result) => result.references.includes('\u0000c') || result.files.some((outcome) => outcome.module !== undefined && mayOfferRetiredValues(outcome.module)),
  );
  if (imported === undefined && !offered) return undefined;
  const started = performance.now();
  const facts = new Map<string, ModuleFacts>();
  for (const result of results) {
    decodeReferences(result.references, files, facts);
    for (const outcome of result.files) if (outcome.module !== undefined) facts.set(outcome.file, outcome.module);
  }
  const outside = imported?.(facts) ?? new Map<string, ModuleFacts>();
  if (![...facts.values(), ...outside.values()].some(mayOfferRetiredValues)) return undefined;
  // The first pass kept no text: the few files the graph reads (needle files, barrels) are read again.
  const graph = buildModuleGraph(
    outside.size === 0 ? files : [...files, ...outside.keys()],
    {
      factsOf: (file) => facts.get(file) ?? outside.get(file),
      readText: (file) => {
        const read = readSource(file, limits.maxFileSize);
        return read.kind === 'text' ? read.text : undefined;
      },
      ...(aliases === undefined ? {} : { aliases }),
    },
    context.analysisOptions,
    context.core,
  );
  const timings = emptyTimings();
  timings.index += performance.now() - started;
  if (Object.keys(graph.links).length === 0) return undefined;
  const indexOf = new Map(files.map((file, index) => [file, index]));
  // Files read only for their values (beside `onlyFiles`, or what named files import) are never checked.
  const importers = Object.keys(graph.links)
    .flatMap((file) => indexOf.get(file) ?? [])
    .sort((a, b) => a - b);
  if (importers.length === 0) return undefined;
  return { graph, importers, timings };
}

/**
 * Checks the graph's importers again with their imports resolved, shared with the workers as the
 * first pass was (their outcome replaces the first; this thread claims too when it did in the first pass);
 * what a worker leaves or loses, this thread does.
 */
async function recheckImporters(
  files: readonly string[],
  run: ModuleGraphRun,
  context: CheckContext,
  limits: ReadLimits,
  cwd: string,
  workers: readonly CheckWorker[],
  claims: boolean,
): Promise<ThreadResult[]> {
  const next = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const task: CheckWorkerRecheck = { kind: 'recheck', graph: run.graph, importers: run.importers, next, cwd };
  const pending = workers.map((worker) => worker.recheck(task));
  const mine = claims ? recheckClaimedFiles(files, task, context, limits) : emptyResult();
  addTimings(mine.timings, run.timings);
  const results = [mine, ...(await Promise.all(pending))];
  const reported = new Set(results.flatMap((result) => result.done));
  const left = run.importers.filter((index) => !reported.has(index));
  if (left.length > 0) results.push(recheckClaimedFiles(files, { ...task, importers: left, next: new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT) }, context, limits));
  return results;
}

/**
 * The very large files (`limits.deferred`), one at a time, each in a worker of its own whose heap is
 * capped: analysed in pieces, a file's trees are garbage once a piece is done, and in an uncapped heap
 * V8 lets hundreds of MB of it pile up before collecting. A file whose worker fails is checked in this thread.
 */
async function checkLargeFiles(files: readonly string[], task: CheckWorkerTask, context: CheckContext): Promise<ThreadResult> {
  const all = emptyResult();
  const explicit = new Set(task.limits.explicit);
  for (const index of task.limits.deferred ?? []) {
    const worker = new CheckWorker(largeFileLimits);
    const limits = { ...task.limits, explicit: explicit.has(index) ? [0] : [], deferred: [] };
    let result: ThreadResult;
    try {
      result = await worker.run({ ...task, files: [files[index]!], limits, next: new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT), large: true });
    } finally {
      worker.close();
    }
    if (result.done.length === 0) result = checkIndexes(files, [index], context, { ...task.limits, deferred: [] }, task.gather);
    else {
      // The worker saw the file as file 0 of its own run.
      result = {
        done: [index],
        files: result.files.map((outcome) => ({ ...outcome, index })),
        references: result.references.replace(/^0\u0000/, `${index}\u0000`),
        summaries: result.summaries.replace(/^0\u0000/, `${index}\u0000`),
        timings: result.timings,
      };
    }
    mergeInto(all, result);
  }
  return all;
}

function collect(
  unreadable: readonly FileProblem[],
  walkSkipped: readonly SkippedFile[],
  files: readonly string[],
  results: readonly ThreadResult[],
  timings: PhaseTimings,
  summaries: boolean,
  dropConsumed: boolean,
  unreported: readonly LocatedFinding[] = [],
): CheckFilesResult {
  // A file checked again through the module graph (a later result) replaces its first outcome.
  const byIndex = new Map<number, FileOutcome>();
  for (const result of results) for (const outcome of result.files) byIndex.set(outcome.index, outcome);
  const outcomes = [...byIndex.values()].sort((a, b) => a.index - b.index);
  for (const result of results) addTimings(timings, { ...result.timings, walk: 0 });
  const all: LocatedFinding[] = [];
  const errors: FileProblem[] = [...unreadable];
  const skipped: SkippedFile[] = [...walkSkipped];
  const candidateFiles: string[] = [];
  const excerpts = new Map<string, SourceExcerpt>();
  const unresolvedMethod: LocatedUnresolvedMethod[] = [];
  let otherHostCount = 0;
  const otherHostsByFile = new Map<string, number>();
  let unreadableFiles = 0;
  const readUnreported: DeclarationPlace[] = [];
  const givenToHelpers: DeclarationPlace[] = [];
  const readByOtherHosts: DeclarationPlace[] = [];
  for (const outcome of outcomes) {
    for (const finding of outcome.findings) all.push(finding);
    if (outcome.readUnreported !== undefined) readUnreported.push(...outcome.readUnreported);
    if (outcome.givenToHelpers !== undefined) givenToHelpers.push(...outcome.givenToHelpers);
    if (outcome.readByOtherHosts !== undefined) readByOtherHosts.push(...outcome.readByOtherHosts);
    if (outcome.notes !== undefined) {
      unresolvedMethod.push(...outcome.notes.unresolvedMethod);
      otherHostCount += outcome.notes.otherHostCount;
      if (outcome.notes.otherHostCount > 0) otherHostsByFile.set(outcome.file, (otherHostsByFile.get(outcome.file) ?? 0) + outcome.notes.otherHostCount);
    }
    if (outcome.error !== undefined) errors.push(outcome.error);
    if (outcome.unreadable === true) unreadableFiles += 1;
    if (outcome.skipped !== undefined) skipped.push(outcome.skipped);
    if (outcome.candidate === true) candidateFiles.push(outcome.file);
    if (outcome.excerpt !== undefined) excerpts.set(outcome.file, outcome.excerpt);
  }
  // A declaration whose value a request of another file reads is reported at that request only, when
  // the run read every file that may read it (a walk): `--changed-since` reports a changed constant
  // where it is declared, for its readers outside the change, and filters the requests by changed line.
  const outside = new Set(unreported.map((finding) => finding.file));
  const settled = dropConsumed ? withoutConsumedDeclarations([...all, ...unreported], readUnreported, givenToHelpers, readByOtherHosts).filter((finding) => !outside.has(finding.file)) : all;
  const findings = settled.sort((a, b) => compareText(a.file, b.file) || compareFindingsInFile(a, b));
  errors.sort((a, b) => compareText(a.file, b.file));
  skipped.sort((a, b) => compareText(a.file, b.file));
  const notScanned = countNotScanned(skipped, unreadable.length + unreadableFiles);
  unresolvedMethod.sort((a, b) => compareText(a.file, b.file) || a.line - b.line || a.column - b.column);
  return {
    findings, errors, skipped, notScanned, files: files.length, candidates: candidateFiles.length, candidateFiles, excerpts, unresolvedMethod, otherHostCount, otherHostsByFile, timings,
    ...(summaries ? { modules: decodeSummaries(results, files) } : {}),
  };
}

