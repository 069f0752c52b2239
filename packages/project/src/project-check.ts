import { readFileSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { indexFile, isOriginOnly, readConfigFiles, otherHostCallsOf, rangeOf, retirementNotesOf, valuesSentAndGiven, type AnalysisOptions, type CallForm, type FileIndex, type Finding } from '@sunset/analysis';
import { analysisOptionsOf, type SunsetOptions } from '@sunset/config';
import {
  checkFiles,
  checkSource,
  createFolderCache,
  debitRewrite,
  decodeSource,
  displayPath,
  excerptOf,
  findSourceFiles,
  isFrameworkFile,
  isStackOverflow,
  parseSource,
  UsageError,
  type CheckFilesResult,
  type CrossFileRelatedLocation,
  type FileProblem,
  type LocatedFinding,
  type ModuleSummary,
  type GlobalExcludesLookup,
  type ReadFolder,
  type SkippedFile,
  type SourceEncoding,
} from '@sunset/engine';
import { crossFileMessages, interpolate, type UrlPart } from '@sunset/rule-data';
import { Project, ts, type ResolutionHostFactory, type SourceFile as MorphSourceFile } from 'ts-morph';
import { createClientResolver, type ClientOrigin } from './client-resolver.js';
import { asFixProjectDoes, declarationGroups } from './declaration-rewrites.js';
import { clientNamesOf, mayHoldClient } from './declared-names.js';
import { holdHeapGrowth, restoreHeapGrowth } from './heap-growth.js';
import { basePatternOf, baseTestOf, moduleResolutionCaches, selectProjectFiles, summaryOfText, wrapperDepth, type FileSummary, type SeedTests } from './select-files.js';
import { createValueEvaluator, morphNodeAt, type ValueDeclaration } from './type-resolver.js';
import { otherHostWrapperCalls, wrapperFindings } from './wrapper-findings.js';
import { directWrappers, wrapperCalls, type Wrapper } from './wrappers.js';

/** A related place in another file: the declaration a value comes from, or the request a wrapper makes. */
export type CrossFileLocation = CrossFileRelatedLocation;

/**
 * A finding of project mode: a located finding (its `crossFileRelated`: the places in other files it
 * was found through, set only when there are some), with the declarations behind it.
 */
export type ProjectFinding = LocatedFinding & {
  /** The declarations its value came from (empty when the value is written at the call). */
  readonly declarations: readonly ValueDeclaration[];
  /** Where its client is made, when that is another file (`adform.get('/campaigns')` with `adform` imported). */
  readonly client?: ClientOrigin;
};

export interface ProjectRun {
  readonly cwd: string;
  readonly paths: readonly string[];
  readonly options: SunsetOptions;
  /** The folder the config's `ignores` are relative to. */
  readonly baseDir: string;
  /** The tsconfig.json (default: the nearest one above `cwd`). */
  readonly tsconfig?: string | undefined;
  /** Phases as they start (`selecting among 10000 files`, `loading 120 files into ts-morph`, …), for progress on a TTY. */
  readonly onProgress?: (message: string) => void;
  /** Threads of the pass that checks every file as `sunset check` does (default: the engine's choice). */
  readonly threads?: number;
  /** How the walks list folders (see the engine's `createFolderCache`). */
  readonly readFolder?: ReadFolder;
  /** Git's global excludes file per work tree, asked once per run (see `createGlobalExcludes`). */
  readonly globalExcludes?: GlobalExcludesLookup;
  /** Called once the first pass's walk is done (the engine's `CheckRun.onWalked`). */
  readonly onWalked?: () => void;
  /**
   * Called once the first pass is over, before the program is built: `sunset check` releases there what
   * it holds for a default-mode run (TurboFan's inlining and allocation-site pretenuring off, the old
   * generation's growth held), which the program, built to last, pays for.
   */
  readonly onFirstPass?: () => void;
  /**
   * A sentence for stderr about the tsconfig: a compiler option (or an option's value) the bundled
   * TypeScript does not know, left out as TypeScript itself leaves it out, the run going on.
   */
  readonly onWarning?: (message: string) => void;
}

/**
 * `sunset check`'s result (errors, files not scanned, counts) with the findings of the files ts-morph
 * loaded replaced by the whole-program ones.
 */
export interface ProjectCheckResult extends CheckFilesResult {
  /** Sorted by file, line, column, rule. */
  readonly findings: ProjectFinding[];
  /** Files the analysis ran on, and files ts-morph loaded (the analysed ones plus the wrappers they call). */
  readonly analysed: number;
  readonly loaded: number;
  /** Where the TypeScript checker failed (`CheckerFailure`), in the order met. */
  readonly checkerFailures: readonly CheckerFailure[];
}

/**
 * A name the TypeScript checker threw on (a compiler bug on some code: `Cannot read properties of
 * undefined (reading 'escapedName')` in its contextual typing): the name is read as without
 * `--project` and the run goes on; the faces say how many there were and where the first was.
 */
export interface CheckerFailure {
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/**
 * `guarded(sourceFile, offset, ask)` runs `ask`, which asks the checker (or the resolvers built on it)
 * about the node at `offset`; where it throws an Error, undefined, the failure pushed to `failures`.
 * A stack overflow is thrown on: it is the analysis' own limit, which the engine reports as nesting.
 */
export function checkerGuard(failures: CheckerFailure[]): <T>(sourceFile: ts.SourceFile, offset: number, ask: () => T) => T | undefined {
  return (sourceFile, offset, ask) => {
    try {
      return ask();
    } catch (error) {
      if (!(error instanceof Error) || isStackOverflow(error)) throw error;
      failures.push({ file: sourceFile.fileName, ...positionOf(sourceFile, offset), message: error.message });
      return undefined;
    }
  };
}

/** One sentence for the faces: how many names the checker failed on, in how many files, and the first. */
export function checkerFailuresSentence(failures: readonly CheckerFailure[], cwd: string): string | undefined {
  const first = failures[0];
  if (first === undefined) return undefined;
  const files = new Set(failures.map((failure) => failure.file)).size;
  const names = failures.length === 1 ? '1 name' : `${failures.length.toLocaleString('en-US')} names`;
  const where = files === 1 ? '1 file' : `${files.toLocaleString('en-US')} files`;
  return `--project: the TypeScript checker threw on ${names} in ${where}; they were read as without --project (first: ${displayPath(cwd, first.file)}:${first.line}:${first.column}: ${first.message}).`;
}

export interface Tsconfig {
  /** The config named (or found): the one `--project` was given. */
  readonly file: string;
  /**
   * The program's options: the config's own, or for a solution config (it takes no file itself:
   * `"files": []`) those of the first project its references name that does.
   */
  readonly options: ts.CompilerOptions;
  /**
   * Every config read: the one named, then the projects its `references` name, depth first (nested
   * references too, each config once, so a cycle ends), as `tsc -b` and the language service reach them.
   */
  readonly projects: readonly TsconfigProject[];
  /**
   * The options a file is resolved with: those of the first of `projects` that takes it (its `files`,
   * `include`, `exclude`), as the language service gives a file to the project that owns it; the named
   * config's own options for a file none takes.
   */
  readonly optionsOf: (file: string) => ts.CompilerOptions;
}

/** One config of a `--project` run. */
export interface TsconfigProject {
  readonly file: string;
  readonly options: ts.CompilerOptions;
  /** Whether it takes files itself (a solution config, `"files": []`, takes none). */
  readonly takesFiles: boolean;
  /** The folders (and files) every file it takes lies under (see the analysis' `readConfigFiles`). */
  readonly roots: readonly string[];
  /** Whether it takes `file` itself. */
  readonly includes: (file: string) => boolean;
}

/** A compiler diagnostic as part of our sentence: its text without the closing full stop. */
const sentenceOf = (diagnostic: ts.Diagnostic): string => ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ').replace(/\.$/, '');

/** The nearest tsconfig.json or jsconfig.json at or above `cwd` (in one folder tsconfig.json, as TypeScript prefers it). */
function nearestConfig(cwd: string): string | undefined {
  const found = ['tsconfig.json', 'jsconfig.json'].flatMap((name) => ts.findConfigFile(cwd, ts.sys.fileExists, name) ?? []);
  return found.reduce<string | undefined>((nearest, file) => (nearest === undefined || path.dirname(file).length > path.dirname(nearest).length ? file : nearest), undefined);
}

/**
 * The compiler options of the tsconfig and of the projects its `references` name, and its path; a
 * UsageError saying what to do when there is none, or it or a config it references is missing or broken
 * (as `tsc -b` stops on a reference to a missing config).
 */
export function loadTsconfig(run: Pick<ProjectRun, 'cwd' | 'tsconfig' | 'onWarning'>): Tsconfig {
  const file = run.tsconfig === undefined ? nearestConfig(run.cwd) : path.resolve(run.cwd, run.tsconfig);
  if (file === undefined) {
    // An Nx workspace keeps its aliases in tsconfig.base.json, which no tool finds by itself.
    const base = ts.findConfigFile(run.cwd, ts.sys.fileExists, 'tsconfig.base.json');
    const hint = base === undefined ? '' : ` (there is ${displayPath(run.cwd, base)}: --project ${displayPath(run.cwd, base)} reads it)`;
    throw new UsageError(`--project found no tsconfig.json or jsconfig.json in ${run.cwd} or above${hint}. Name one (--project path/to/tsconfig.json), or run without --project.`);
  }
  if (!ts.sys.fileExists(file)) throw new UsageError(`--project ${run.tsconfig ?? displayPath(run.cwd, file)}: there is no such file. Name an existing tsconfig.json.`);
  const caches: ConfigCaches = { extended: new Map(), files: new Map(), warn: run.onWarning ?? (() => undefined), warned: new Set() };
  const root = readProjectConfig(file, run.cwd, undefined, caches);
  if (root.references.length === 0) return { file, options: root.project.options, projects: [root.project], optionsOf: () => root.project.options };
  // The referenced projects, depth first; a config met again (a cycle, or two references to one) is read once.
  const projects: TsconfigProject[] = [];
  const seen = new Set<string>();
  const visit = (config: { project: TsconfigProject; references: readonly string[] }): void => {
    projects.push(config.project);
    for (const reference of config.references) {
      if (seen.has(reference)) continue;
      seen.add(reference);
      visit(readProjectConfig(reference, run.cwd, config.project.file, caches));
    }
  };
  seen.add(file);
  visit(root);
  // The projects that may take a file are those with a root at or above it, found folder by folder (an
  // Nx repository has hundreds of configs; the files of one folder share the answer).
  const rootsAt = new Map<string, number[]>();
  projects.forEach((project, at) => {
    for (const under of project.roots) rootsAt.set(under, [...(rootsAt.get(under) ?? []), at]);
  });
  const byFolder = new Map<string, readonly number[]>();
  const candidatesIn = (folder: string): readonly number[] => {
    let found = byFolder.get(folder);
    if (found === undefined) {
      const parent = path.dirname(folder);
      const above = parent === folder ? [] : candidatesIn(parent);
      const own = rootsAt.get(folder);
      byFolder.set(folder, (found = own === undefined ? above : [...new Set([...above, ...own])].sort((a, b) => a - b)));
    }
    return found;
  };
  const owners = new Map<string, ts.CompilerOptions>();
  const optionsOf = (source: string): ts.CompilerOptions => {
    let options = owners.get(source);
    if (options === undefined) {
      const named = rootsAt.get(source);
      const candidates = named === undefined ? candidatesIn(path.dirname(source)) : [...new Set([...candidatesIn(path.dirname(source)), ...named])].sort((a, b) => a - b);
      const owner = candidates.find((at) => projects[at]!.includes(source));
      owners.set(source, (options = (owner === undefined ? root.project : projects[owner]!).options));
    }
    return options;
  };
  return { file, options: (projects.find((project) => project.takesFiles) ?? root.project).options, projects, optionsOf };
}

/** What the configs of one run share: each base they extend is read once. */
interface ConfigCaches {
  readonly extended: Map<string, ts.ExtendedConfigCacheEntry>;
  readonly files: Map<string, unknown>;
  /** Where a config's unknown options are said, each sentence once (a base several configs extend). */
  readonly warn: (message: string) => void;
  readonly warned: Set<string>;
}

/**
 * What TypeScript reports on an option it does not know (5023 `Unknown compiler option 'x'`, 5025 the same
 * with `Did you mean 'y'?`): `tsc` reports it and compiles with the options it did read, the unknown one
 * left out, and so does `--project`, with a warning. A tsconfig written for a newer TypeScript (TypeScript
 * 6's `stableTypeOrdering`) is read by the bundled 5.9 so. A value TypeScript does not know for an option it
 * knows (6046: TypeScript 6's `"target": "es2025"`, `"lib": ["es2025"]`) is left out the same way, with a
 * warning, unless the option decides how imports resolve (`module`, `moduleResolution`): that stays an error.
 */
const unknownOptionCodes: ReadonlySet<number> = new Set([5023, 5025]);
const unknownValueCode = 6046;
/** Options whose value decides how imports resolve: a value the bundled TypeScript does not know stops the run. */
const resolutionOptions: ReadonlySet<string> = new Set(['module', 'moduleResolution']);

/** The option a 6046 diagnostic (`Argument for '--target' option must be: …`) is about. */
const optionOfUnknownValue = (error: ts.Diagnostic): string | undefined => /^Argument for '--([^']+)' option/.exec(sentenceOf(error))?.[1];

/** The text a diagnostic points at in its config (`"es2025"`), when it points at one. */
const quotedAt = (error: ts.Diagnostic): string | undefined =>
  error.file === undefined || error.start === undefined || error.length === undefined ? undefined : error.file.text.slice(error.start, error.start + error.length);

/** One config's options, what it takes and the configs it references; `referencedBy` names the config that led to it, for the errors. */
function readProjectConfig(file: string, cwd: string, referencedBy: string | undefined, caches: ConfigCaches): { project: TsconfigProject; references: readonly string[] } {
  const shown = displayPath(cwd, file);
  const via = referencedBy === undefined ? '' : ` (referenced by ${displayPath(cwd, referencedBy)})`;
  const remedy = referencedBy === undefined ? 'Fix the file, or name another tsconfig.json.' : 'Fix it or the reference, or name the tsconfig of one project (--project path/to/tsconfig.app.json).';
  if (referencedBy !== undefined && !ts.sys.fileExists(file)) {
    throw new UsageError(`--project: ${displayPath(cwd, referencedBy)} references ${shown}, which does not exist. Fix the reference, or name the tsconfig of one project (--project path/to/tsconfig.app.json).`);
  }
  const read = ts.readConfigFile(file, ts.sys.readFile);
  if (read.error !== undefined) throw new UsageError(`--project cannot read ${shown}${via}: ${sentenceOf(read.error)}. ${remedy}`);
  // Only the options matter (the paths scanned decide the files): no folder is listed to expand `include`
  // (1 s of readdir and stat on a 50,000-file repo).
  const optionsOnly: ts.ParseConfigHost = { ...ts.sys, readDirectory: () => [] };
  // Parsed from its text (as tsc does), so that each diagnostic points at the config and the text it is about.
  const source = ts.readJsonConfigFile(file, ts.sys.readFile);
  const parsed = ts.parseJsonSourceFileConfigFileContent(source, optionsOnly, path.dirname(file), undefined, file, undefined, undefined, caches.extended);
  const leftOut = (error: ts.Diagnostic): boolean =>
    unknownOptionCodes.has(error.code) || (error.code === unknownValueCode && !resolutionOptions.has(optionOfUnknownValue(error) ?? ''));
  // "No inputs were found" only means `include` matches nothing: the paths scanned decide the files.
  const fatal = parsed.errors.filter((error) => error.code !== 18003 && !leftOut(error));
  for (const error of parsed.errors.filter(leftOut)) {
    // Named in the config that holds it (a base it extends, too).
    const where = error.file === undefined ? `${shown}${via}` : displayPath(cwd, path.resolve(error.file.fileName));
    let what: string;
    if (error.code === unknownValueCode) {
      const value = quotedAt(error);
      what = `unknown value ${value ?? ''}${value === undefined ? '' : ' '}of compiler option '${optionOfUnknownValue(error)}'`;
    } else {
      const [option, suggestion] = [...sentenceOf(error).matchAll(/'([^']+)'/g)].map((match) => match[1]);
      what = `unknown compiler option '${option}'${suggestion === undefined ? '' : ` (did you mean '${suggestion}'?)`}`;
    }
    const message = `--project: ${where}: ${what}; sunset reads the tsconfig with TypeScript ${ts.version}, which does not know it: it is left out, and the run goes on with the other options.`;
    if (caches.warned.has(message)) continue;
    caches.warned.add(message);
    caches.warn(message);
  }
  if (fatal.length > 0) {
    const reasons = fatal
      .map((error) => {
        const option = error.code === unknownValueCode ? optionOfUnknownValue(error) : undefined;
        if (option === undefined) return sentenceOf(error);
        const value = quotedAt(error);
        const elsewhere = error.file === undefined || path.resolve(error.file.fileName) === file ? undefined : `in ${displayPath(cwd, path.resolve(error.file.fileName))}`;
        const theValue = ['the value', value, elsewhere].filter((part) => part !== undefined).join(' ');
        return `${sentenceOf(error)} (${theValue} is one TypeScript ${ts.version}, which sunset reads the tsconfig with, does not know, and '${option}' decides how imports resolve)`;
      })
      .join('; ');
    throw new UsageError(`--project: ${shown}${via} is not a valid tsconfig: ${reasons}. ${remedy}`);
  }
  const references = (parsed.projectReferences ?? []).map((reference) => path.resolve(ts.resolveProjectReferencePath(reference)));
  // Which files it takes, as the default mode reads it (get-tsconfig: `files`, `include`, `exclude`, through `extends`).
  const own = references.length === 0 && referencedBy === undefined ? undefined : readConfigFiles(file, caches.files);
  const files = (read.config as { files?: unknown }).files;
  const takesFiles = !(Array.isArray(files) && files.length === 0 && (read.config as { include?: unknown }).include === undefined);
  return {
    project: { file, options: { ...parsed.options, allowJs: parsed.options.allowJs ?? true, noEmit: true }, takesFiles, roots: own?.roots ?? [], includes: (source) => own?.includes(source) ?? false },
    references,
  };
}

/**
 * Module resolution for a program holding the files of several projects (a solution config's
 * references): each file's imports resolve with the options of the project that takes it, as each of
 * those projects' own program resolves them, so an alias only tsconfig.app.json declares works in its files.
 */
function perProjectResolution(tsconfig: Tsconfig): ResolutionHostFactory {
  return (host) => {
    const cacheOf = moduleResolutionCaches();
    return {
      resolveModuleNames: (moduleNames, containingFile) => {
        const options = tsconfig.optionsOf(path.resolve(containingFile));
        return moduleNames.map((name) => ts.resolveModuleName(name, containingFile, options, host, cacheOf(options)).resolvedModule);
      },
    };
  };
}

/** A file's text as the engine decodes it (UTF-8, or UTF-16 with its BOM), or undefined when it cannot be read or decoded (the pass that checks every file reports it). */
function readText(file: string): { readonly text: string; readonly encoding: SourceEncoding } | undefined {
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const decoded = decodeSource(bytes);
  return decoded.ok ? decoded : undefined;
}

/**
 * A file's summary for the selection, read from its bytes as a one-byte string: needles, `export` and
 * module specifiers are ASCII (`summaryOfText`). Cheaper than UTF-8 decoding the file; a UTF-16 file (its
 * BOM says so) is decoded. For the files the engine's first pass did not summarize (outside the scanned
 * paths, or every file for `fix --project`).
 */
function readSummary(file: string, seeds: SeedTests): FileSummary | undefined {
  const text = readForScan(file);
  return text === undefined ? undefined : summaryOfText(text, seeds);
}

/** A file's bytes as a one-byte string (a UTF-16 file decoded), for ASCII tests; undefined when it cannot be read or decoded. */
function readForScan(file: string): string | undefined {
  try {
    const bytes = readFileSync(file);
    const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
    if (!utf16) return bytes.toString('latin1');
    const decoded = decodeSource(bytes);
    return decoded.ok ? decoded.text : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a file holds a base a retired path can be split at (`basePatternOf`); true when it cannot be read. */
function holdsBaseText(file: string, basePattern: RegExp | undefined): boolean {
  if (basePattern === undefined) return false;
  const text = readForScan(file);
  return text === undefined || basePattern.test(text);
}

/** A folder that exists but could not be listed (`listingHost` asks `ts.sys` about its entries). */
const unlisted = Symbol('unlisted');

/**
 * A module resolution host that answers `fileExists` and `directoryExists` from folder listings (the
 * walk's `readFolder`: each folder listed once per run), so resolving the specifiers of thousands of
 * files costs no `stat` per candidate path (2.2 s of a 50k run). A folder is listed only when its
 * parent's listing shows it: the places resolution tries that do not exist (`src/a/hooks/` for
 * `../hooks/x`) cost no failed `readdir`, and leave no error in the run's folder cache (150 MB of them
 * at 50k). A symlink, and every question on a file system that ignores case, goes to `ts.sys`.
 */
function listingHost(readFolder: ReadFolder): ts.ModuleResolutionHost {
  if (!ts.sys.useCaseSensitiveFileNames) return ts.sys;
  // A folder's entries by name; undefined when it does not exist, `unlisted` when it could not be listed.
  const folders = new Map<string, ReadonlyMap<string, Dirent> | typeof unlisted | undefined>();
  const entryOf = (target: string): Dirent | undefined => {
    const entries = entriesOf(path.dirname(target));
    return entries === unlisted ? undefined : entries?.get(path.basename(target));
  };
  const isFolder = (folder: string): boolean => {
    const parent = path.dirname(folder);
    if (parent === folder || entriesOf(parent) === unlisted) return ts.sys.directoryExists(folder);
    const entry = entryOf(folder);
    return entry !== undefined && (entry.isDirectory() || (entry.isSymbolicLink() && ts.sys.directoryExists(folder)));
  };
  const entriesOf = (folder: string): ReadonlyMap<string, Dirent> | typeof unlisted | undefined => {
    if (!folders.has(folder)) {
      let entries: ReadonlyMap<string, Dirent> | typeof unlisted | undefined;
      try {
        entries = isFolder(folder) ? new Map(readFolder(folder).map((entry) => [entry.name, entry])) : undefined;
      } catch {
        entries = unlisted;
      }
      folders.set(folder, entries);
    }
    return folders.get(folder);
  };
  return {
    ...ts.sys,
    fileExists: (file) => {
      if (entriesOf(path.dirname(file)) === unlisted) return ts.sys.fileExists(file);
      const entry = entryOf(file);
      return entry === undefined ? false : entry.isSymbolicLink() ? ts.sys.fileExists(file) : entry.isFile();
    },
    directoryExists: (folder) => {
      if (path.dirname(folder) === folder || entriesOf(path.dirname(folder)) === unlisted) return ts.sys.directoryExists(folder);
      const entry = entryOf(folder);
      return entry === undefined ? false : entry.isSymbolicLink() ? ts.sys.directoryExists(folder) : entry.isDirectory();
    },
  };
}

const byteOrderMark = '\uFEFF';

/** Findings in a string that no request of its file reads: a value another file's request (or a wrapper's call) may read. */
const stringForms: ReadonlySet<CallForm> = new Set<CallForm>(['url-string', 'soap-envelope', 'soap-action', 'wcf-url']);

/** The files of the first pass that must not go to ts-morph: those it could not read, parse or was told to skip. */
export function notAnalysable(errors: readonly FileProblem[], skipped: readonly SkippedFile[]): Set<string> {
  return new Set([...errors.map((error) => error.file), ...skipped.map((file) => file.file)]);
}

const positionOf = (sourceFile: ts.SourceFile, offset: number): { line: number; column: number } => {
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(offset);
  return { line: line + 1, column: character + 1 };
};

const compareFindings = (a: LocatedFinding, b: LocatedFinding): number =>
  (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.column - b.column || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0);

/** The whole-program findings of the files ts-morph loaded, with what `fix` needs: the project and the texts. */
export interface ProjectAnalysis {
  /** Findings in the loaded files only (the other files keep what `sunset check` finds), sorted. */
  readonly findings: ProjectFinding[];
  /** Files the analysis ran on. */
  readonly analysed: number;
  /** Files ts-morph loaded (the analysed ones plus the wrappers they call). */
  readonly loaded: ReadonlySet<string>;
  /** The text of every loaded file as read (absolute path → text, byte-order mark kept); some may lie outside the scanned paths. */
  readonly sources: ReadonlyMap<string, string>;
  /** How each loaded file's bytes spell its text (a fix writes it back the same way). */
  readonly encodings: ReadonlyMap<string, SourceEncoding>;
  readonly project: Project;
  /** The files walked, less those the first pass could not read or parse or skipped. */
  readonly scanned: ReadonlySet<string>;
  /** Requests to a retired path on another API's host, in each loaded file the analysis checked (absolute path, only files with some). */
  readonly otherHostsByFile: ReadonlyMap<string, number>;
  /** Where the TypeScript checker threw: those names and wrappers were read as without it. */
  readonly checkerFailures: readonly CheckerFailure[];
}

/**
 * The whole-program part of `--project`: walk the paths, select the files that can matter (leaving
 * out `excluded`), load only those into ts-morph, then run the analysis with the type checker
 * resolving imported values, and report each call of a wrapper whose argument reaches a request sink
 * with a retired value.
 */
export async function analyseProject(
  run: ProjectRun,
  tsconfig: Tsconfig,
  excluded: ReadonlySet<string>,
  modules?: ReadonlyMap<string, ModuleSummary>,
  settledInFirstPass?: (file: string) => boolean,
): Promise<ProjectAnalysis> {
  try {
    return await analyseSelection(run, tsconfig, excluded, modules, settledInFirstPass);
  } finally {
    restoreHeapGrowth();
  }
}

/** `analyseProject` itself; from the built program on, under `holdHeapGrowth`. */
async function analyseSelection(
  run: ProjectRun,
  tsconfig: Tsconfig,
  excluded: ReadonlySet<string>,
  modules: ReadonlyMap<string, ModuleSummary> | undefined,
  settledInFirstPass: ((file: string) => boolean) | undefined,
): Promise<ProjectAnalysis> {
  const readFolder = run.readFolder ?? createFolderCache();
  // The first pass summarized every file it read, in walk order: no second walk, no second read.
  const walked = modules === undefined ? (await findSourceFiles(run.paths, { cwd: run.cwd, ignores: run.options.ignores, ignoresBase: run.baseDir, readFolder, globalExcludes: run.globalExcludes })).files.map((file) => file.path) : [...modules.keys()];
  // A .vue/.svelte/.astro component is no file of a TypeScript program (its markup is no TypeScript,
  // and a program leaves out a root of another extension): it keeps what the first pass found in it.
  const files = walked.filter((file) => !excluded.has(file) && !isFrameworkFile(file));
  const analysisOptions: AnalysisOptions = analysisOptionsOf(run.options);
  run.onProgress?.(`selecting among ${files.length} files`);
  // Only a retired path or operation can travel across files, whole or split between a client's base and
  // a path: files holding one, or exporting such a base, are the seeds. The other files keep the findings
  // of the first pass (reporting or OAuth targets, TODO markers).
  const seeds: SeedTests = { hasNeedle: (text: string) => analysisOptions.catalog.needlePattern.test(text), holdsBase: baseTestOf(analysisOptions) };
  const summaryOf = (file: string): FileSummary | undefined => modules?.get(file) ?? readSummary(file, seeds);
  const selection = selectProjectFiles(files, summaryOf, tsconfig.projects.length > 1 ? tsconfig.optionsOf : tsconfig.options, listingHost(readFolder), settledInFirstPass, readFolder);
  const texts = new Map<string, string>();
  const encodings = new Map<string, SourceEncoding>();
  for (const file of selection.loaded) {
    if (isFrameworkFile(file)) continue;
    const read = readText(file);
    if (read === undefined) continue;
    texts.set(file, read.text);
    encodings.set(file, read.encoding);
  }

  run.onProgress?.(`loading ${texts.size} files into ts-morph`);
  // No default library and no @types: values and wrappers are read from the project's own declarations,
  // and lib.es2022.full.d.ts alone took 1.8 s to load and as long to bind on a 10k run.
  const compilerOptions = { ...tsconfig.options, noLib: true, types: [] };
  const project = new Project({
    compilerOptions,
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    // A solution config's projects in one program: each file's imports resolve as the project that takes it says (its `paths`).
    ...(tsconfig.projects.length > 1 ? { resolutionHost: perProjectResolution(tsconfig) } : {}),
  });
  // The engine parses without the byte-order mark; ts-morph gets the same text, so both trees share
  // offsets. A file without one is added from disk, parsed once (`overwrite` reads and parses it first).
  for (const [file, text] of texts) {
    if (text.startsWith(byteOrderMark)) project.createSourceFile(file, text.slice(1), { overwrite: true });
    else project.addSourceFileAtPath(file);
  }
  const checker = project.getTypeChecker().compilerObject;
  holdHeapGrowth();
  const checkerFailures: CheckerFailure[] = [];
  const guarded = checkerGuard(checkerFailures);
  const evaluate = createValueEvaluator(checker);
  /** `resolveIdentifier` for one file: the URL parts of a name the checker finds a value for, each found value told to `onResolved`. */
  const identifierHook =
    (sourceFile: MorphSourceFile, onResolved?: (range: readonly [number, number], declarations: readonly ValueDeclaration[]) => void) =>
    (node: Parameters<NonNullable<AnalysisOptions['resolveIdentifier']>>[0]): readonly UrlPart[] | undefined => {
      const tsNode = morphNodeAt(sourceFile, rangeOf(node));
      if (tsNode === undefined || !(ts.isIdentifier(tsNode) || ts.isPropertyAccessExpression(tsNode) || ts.isElementAccessExpression(tsNode))) return undefined;
      const value = guarded(sourceFile.compilerNode, tsNode.getStart(), () => evaluate(tsNode));
      if (value === undefined || !value.parts.some((part) => part.kind === 'text' && part.value !== '')) return undefined;
      // An origin (`environment.apiUrl = 'https://api.adform.com'`) is read for its host only: as in the default mode, no finding names it.
      if (!isOriginOnly(value.parts)) onResolved?.(rangeOf(node), value.declarations);
      return value.parts;
    };
  // Where each client a name brought in is made, by the name's place (`file:start:end`): a request's `clientVia`.
  const clientOrigins = new Map<string, ClientOrigin>();
  /** `resolveClient` for one file: the client a name stands for, wherever the checker finds it made. */
  // Most names the analysis asks about hold no client in any file of the program (`rows.filter`, `this.cache`
  // of a Map): the checker is not asked about those (2.7 s of a 10k run). The program holds the loaded files
  // and what they import or reference (declaration files of dependencies).
  const clientNames = clientNamesOf(project.getProgram().compilerObject.getSourceFiles());
  const clientHook: (sourceFile: MorphSourceFile) => NonNullable<AnalysisOptions['resolveClient']> = (sourceFile) => (node, what) => {
    if (!mayHoldClient(clientNames, node.name, what ?? 'value')) return undefined;
    const tsNode = morphNodeAt(sourceFile, rangeOf(node));
    const found = tsNode === undefined ? undefined : guarded(sourceFile.compilerNode, tsNode.getStart(), () => resolveClient(tsNode, what));
    if (found !== undefined) clientOrigins.set(`${sourceFile.getFilePath()}:${rangeOf(node).join(':')}`, found.origin);
    return found?.value;
  };
  // The files a client is made in are indexed once more, for that only, with the same hooks.
  const lookupIndexes = new Map<string, FileIndex | undefined>();
  const lookupIndexOf = (file: string): FileIndex | undefined => {
    if (lookupIndexes.has(file)) return lookupIndexes.get(file);
    const sourceFile = project.getSourceFile(file);
    const text = texts.get(file);
    const parsed = sourceFile === undefined || text === undefined ? undefined : parseSource(text, file);
    const index = parsed?.ok === true ? indexFile(parsed.file, { ...analysisOptions, resolveIdentifier: identifierHook(sourceFile!), resolveClient: clientHook(sourceFile!) }) : undefined;
    lookupIndexes.set(file, index);
    return index;
  };
  // Where the bases of the clients requests read from other files are written: part of those requests.
  const baseRanges: { file: string; range: readonly [number, number] }[] = [];
  const resolveClient = createClientResolver(checker, lookupIndexOf, (file, ranges) => baseRanges.push(...ranges.map((range) => ({ file, range }))));

  let checked = 0;
  const findings: ProjectFinding[] = [];
  const otherHostsByFile = new Map<string, number>();
  const wrappers: Wrapper[] = [];
  const consumedDeclarations = new Set<string>();
  /** Declarations read inside a request that carries no retirement finding (a POST no entry retires): a rewrite there would move it too. */
  const readUnreported = new Set<string>();
  const readUnreportedRanges = new Map<string, (readonly [number, number])[]>();
  /** Declarations read by requests to another API's host, and by requests or helpers of ours without a finding: one only the former read is that vendor's. */
  const readByOtherHosts = new Set<string>();
  const readByOurs = new Set<string>();
  /** Declarations given to a function the analysis does not see into: not rewritten for a request of their file that reads them. */
  const givenRanges = new Map<string, (readonly [number, number])[]>();
  /** The requests each file's own analysis left out as another API's host (counted there already). */
  const otherHostCallRanges = new Map<string, (readonly [number, number])[]>();
  const locationOf = (declaration: ValueDeclaration, message: string): CrossFileLocation => {
    const sourceFile = project.getSourceFile(declaration.file)!.compilerNode;
    const start = positionOf(sourceFile, declaration.range[0]);
    const end = positionOf(sourceFile, declaration.range[1]);
    return { file: declaration.file, line: start.line, column: start.column, endLine: end.line, endColumn: end.column, message };
  };
  const describe = (declarations: readonly Pick<ValueDeclaration, 'file' | 'name' | 'range'>[]): string =>
    declarations
      .map((declaration) => {
        const { line, column } = locationOf({ ...declaration, editable: false }, '');
        return `${displayPath(run.cwd, declaration.file)}:${line}:${column} (${declaration.name})`;
      })
      .join(', ');
  /** Where a finding's client is made, when another file makes it: its origin, said as `sunset check` says it. */
  const clientOf = (file: string, finding: Finding): ClientOrigin | undefined => {
    const via = finding.retirement?.clientVia;
    const origin = via === undefined ? undefined : clientOrigins.get(`${file}:${via.join(':')}`);
    return origin === undefined || origin.file === file ? undefined : origin;
  };
  const clientLocation = (origin: ClientOrigin): CrossFileLocation => ({
    ...locationOf({ ...origin, editable: false }, interpolate(origin.factory ? crossFileMessages.clientMadeBy : crossFileMessages.client, { name: origin.name })),
    role: 'client' as const,
  });
  /** A declaration a finding's value came from, as its related place (the order of `declarations`, which `asFixProjectDoes` relies on). */
  const valueLocation = (declaration: ValueDeclaration): CrossFileLocation => ({ ...locationOf(declaration, interpolate(crossFileMessages.value, { name: declaration.name })), role: 'value' as const });

  for (const file of texts.keys()) {
    run.onProgress?.(`resolving across files: ${(checked += 1)}/${texts.size}`);
    const sourceFile = project.getSourceFileOrThrow(file);
    const resolved: { range: readonly [number, number]; declarations: readonly ValueDeclaration[] }[] = [];
    let index: FileIndex | undefined;
    const core = {
      mightNeedAnalysis: () => true,
      // The index is the real one, so what the retirement rules left out (another API's host) is said too.
      retirementNotes: retirementNotesOf,
      indexFile: (source: Parameters<typeof indexFile>[0], options: AnalysisOptions): FileIndex => {
        index = indexFile(source, {
          ...options,
          resolveIdentifier: identifierHook(sourceFile, (range, declarations) => resolved.push({ range, declarations })),
          resolveClient: clientHook(sourceFile),
        });
        return index;
      },
    };
    const result = checkSource(texts.get(file)!, file, run.options, core);
    if ((result.notes?.otherHostCount ?? 0) > 0) otherHostsByFile.set(file, result.notes!.otherHostCount);
    for (const finding of result.findings) {
      const declarations = resolved
        .filter(({ range }) => finding.range[0] <= range[0] && range[1] <= finding.range[1])
        .flatMap((entry) => entry.declarations)
        .filter((declaration, at, all) => all.findIndex((other) => other.file === declaration.file && other.range[0] === declaration.range[0]) === at);
      for (const declaration of declarations) consumedDeclarations.add(`${declaration.file}:${declaration.range[0]}:${declaration.range[1]}`);
      // As `sunset check` says it: the client's origin first (it is resolved first), then the values'.
      const client = clientOf(file, finding);
      const origins = [...(client === undefined ? [] : [client]), ...declarations];
      findings.push(
        origins.length === 0
          ? { ...finding, declarations }
          : {
              ...finding,
              data: { ...finding.data, declaredIn: describe(origins) },
              crossFileRelated: [
                ...(client === undefined ? [] : [clientLocation(client)]),
                ...declarations.map(valueLocation),
              ],
              declarations,
              ...(client === undefined ? {} : { client }),
            },
      );
    }
    if (index !== undefined) {
      // Read after the helpers' arguments are evaluated (the hook records what they resolve).
      const resolutions = (): { range: readonly [number, number]; declaration: ValueDeclaration }[] =>
        resolved.flatMap(({ range, declarations }) => declarations.map((declaration) => ({ range, declaration })));
      const otherHostCalls = otherHostCallsOf(index, index.options);
      otherHostCallRanges.set(file, otherHostCalls.map(rangeOf));
      const { sent, given, toOtherHosts } = valuesSentAndGiven(index, result.findings, resolutions, otherHostCalls);
      // Requests to another API's host move with a rewrite where the value is declared, as ours do.
      for (const declaration of [...sent, ...toOtherHosts]) {
        readUnreported.add(`${declaration.file}:${declaration.range[0]}:${declaration.range[1]}`);
        readUnreportedRanges.set(declaration.file, [...(readUnreportedRanges.get(declaration.file) ?? []), declaration.range]);
      }
      for (const declaration of [...sent, ...given]) readByOurs.add(`${declaration.file}:${declaration.range[0]}:${declaration.range[1]}`);
      for (const declaration of given) givenRanges.set(declaration.file, [...(givenRanges.get(declaration.file) ?? []), declaration.range]);
      for (const declaration of toOtherHosts) readByOtherHosts.add(`${declaration.file}:${declaration.range[0]}:${declaration.range[1]}`);
    }
    if (index !== undefined) wrappers.push(...(guarded(sourceFile.compilerNode, 0, () => directWrappers(index!, file, project, checker)) ?? []));
  }

  run.onProgress?.(`following wrappers ${wrapperDepth} levels deep`);
  // A wrapper's call the analysis already sees as a request (a method of a wrapper class: `api.get(path)`)
  // is one request: the analysis' finding (its rewrite at the call) gains the wrapper's request as related.
  const requestKey = (file: string, range: readonly [number, number], entryId: string | undefined): string => `${file}:${range[0]}:${range[1]}:${entryId}`;
  const byRequest = new Map(
    findings.flatMap((finding, at) => (finding.retirement === undefined || stringForms.has(finding.retirement.form) ? [] : [[requestKey(finding.file, finding.range, finding.retirement.entry.id), at] as const])),
  );
  const calls = wrappers.length === 0 ? [] : (guarded(wrappers[0]!.declaration.getSourceFile(), wrappers[0]!.declaration.getStart(), () => wrapperCalls(wrappers, project, evaluate, checker, clientNames.called)) ?? []);
  for (const { finding, call, sinks, declarations } of wrapperFindings(calls, analysisOptions)) {
    const sourceFile = call.call.getSourceFile();
    const start = positionOf(sourceFile, finding.range[0]);
    const end = positionOf(sourceFile, finding.range[1]);
    for (const declaration of declarations) consumedDeclarations.add(`${declaration.file}:${declaration.range[0]}:${declaration.range[1]}`);
    const sinkLocations = sinks.map((sink) =>
      locationOf({ file: sink.file, name: call.wrapper.name, range: sink.range, editable: false }, `${call.wrapper.name}() makes the request here.`),
    );
    const through = [...new Set(sinks.map((sink) => `${call.wrapper.name} (${displayPath(run.cwd, sink.file)}:${locationOf({ file: sink.file, name: '', range: sink.range, editable: false }, '').line})`))].join(', ');
    const same = byRequest.get(requestKey(sourceFile.fileName, finding.range, finding.retirement?.entry.id));
    if (same !== undefined) {
      const known = findings[same]!;
      // The host the wrapper's request names, where the call alone does not show it.
      const retirement = known.retirement?.host === undefined && finding.retirement?.host !== undefined ? { ...known.retirement!, host: finding.retirement.host } : known.retirement;
      findings[same] = { ...known, data: { ...known.data, through }, crossFileRelated: [...sinkLocations, ...(known.crossFileRelated ?? [])], ...(retirement === undefined ? {} : { retirement }) };
      continue;
    }
    const data: Finding['data'] = { ...finding.data, through, ...(declarations.length === 0 ? {} : { declaredIn: describe(declarations) }) };
    const relatedLocations = finding.related.map((related) => {
      const relatedStart = positionOf(sourceFile, related.range[0]);
      const relatedEnd = positionOf(sourceFile, related.range[1]);
      return { line: relatedStart.line, column: relatedStart.column, endLine: relatedEnd.line, endColumn: relatedEnd.column, message: related.message };
    });
    findings.push({
      ...finding,
      ...(finding.retirement === undefined ? {} : { retirement: wrapperRetirement(finding, data.through!, declarations.length > 0) }),
      data,
      file: sourceFile.fileName,
      line: start.line,
      column: start.column,
      endLine: end.line,
      endColumn: end.column,
      relatedLocations,
      severity: run.options.rules[finding.rule]?.level === 'warn' ? 'warn' : 'error',
      crossFileRelated: [...sinkLocations, ...declarations.map(valueLocation)],
      declarations,
    });
  }

  // A wrapper's call whose requests all go to another API's host is that vendor's request: not reported at
  // its argument nor where the value it passes is declared, and counted with the other hosts of its file.
  const otherHostArguments = new Map<string, { file: string; range: readonly [number, number] }>();
  for (const call of otherHostWrapperCalls(calls, analysisOptions)) {
    const file = call.call.getSourceFile().fileName;
    const range = [call.argument.getStart(), call.argument.getEnd()] as const;
    for (const declaration of call.value.declarations) readByOtherHosts.add(`${declaration.file}:${declaration.range[0]}:${declaration.range[1]}`);
    const key = `${file}:${range[0]}:${range[1]}`;
    if (otherHostArguments.has(key)) continue;
    otherHostArguments.set(key, { file, range });
    // A method of a wrapper class (`this.client.get(path)`) is a request its file's analysis already counted.
    if (!(otherHostCallRanges.get(file) ?? []).some((known) => known[0] <= range[0] && range[1] <= known[1])) otherHostsByFile.set(file, (otherHostsByFile.get(file) ?? 0) + 1);
  }
  const insideOtherHostArgument = (finding: ProjectFinding): boolean =>
    [...otherHostArguments.values()].some(({ file, range }) => file === finding.file && range[0] <= finding.range[0] && finding.range[1] <= range[1]);

  // A constant read by a request in another file is reported there, not again on its own (as within one
  // file); a string passed to a wrapper (a URL, an envelope) is reported once, as the wrapper's request.
  const wrapperArguments = findings.flatMap((finding) =>
    finding.data.through === undefined ? [] : [finding.range, ...finding.related.map((related) => related.range)].map((range) => ({ file: finding.file, range })),
  );
  const insideWrapperArgument = (finding: ProjectFinding): boolean =>
    wrapperArguments.some(({ file, range }) => file === finding.file && range[0] <= finding.range[0] && finding.range[1] <= range[1]);
  // A client's base is not a request of its own: a string there is reported with the requests it is the base of.
  const insideBase = (finding: ProjectFinding): boolean => baseRanges.some(({ file, range }) => file === finding.file && range[0] <= finding.range[0] && finding.range[1] <= range[1]);
  // Files outside the scanned paths were read for their values and wrappers only: nothing is reported there.
  const scanned = new Set(files);
  const kept = findings.filter((finding) => {
    if (!scanned.has(finding.file)) return false;
    if (finding.retirement === undefined || !stringForms.has(finding.retirement.form) || finding.data.through !== undefined) return true;
    const key = `${finding.file}:${finding.range[0]}:${finding.range[1]}`;
    const otherVendors = readByOtherHosts.has(key) && !readByOurs.has(key);
    return !consumedDeclarations.has(key) && !otherVendors && !insideWrapperArgument(finding) && !insideOtherHostArgument(finding) && !insideBase(finding);
  });
  // A declaration no finding reads, that another file's request without a finding reads: a TODO where it is
  // declared, as in the default mode; so is a request of that file whose fix would rewrite it there.
  const within = (range: readonly [number, number], [start, end]: readonly [number, number]): boolean => start <= range[0] && range[1] <= end;
  const movesShared = (finding: ProjectFinding): boolean => {
    if (finding.fix === undefined) return false;
    const ranges = readUnreportedRanges.get(finding.file) ?? [];
    const given = (givenRanges.get(finding.file) ?? []).filter((range) => !within(finding.range, range));
    return finding.fix.some(({ range }) => [...ranges, ...given].some((shared) => within(range, shared)));
  };
  const settled = kept.map((finding) =>
    finding.retirement !== undefined &&
    ((stringForms.has(finding.retirement.form) && readUnreported.has(`${finding.file}:${finding.range[0]}:${finding.range[1]}`)) || movesShared(finding))
      ? debitRewrite(finding)
      : finding,
  );
  settled.sort(compareFindings);
  return { findings: settled, analysed: selection.analysed.length, loaded: new Set(texts.keys()), sources: texts, encodings, project, scanned, otherHostsByFile, checkerFailures };
}

/**
 * The retirement facts of a wrapper call whose one-to-one move has no edit here (the argument is not a
 * string literal holding the whole path): a TODO, with the reason, rather than the synthetic request's
 * "rewrite". An argument that names constants stays `rewrite`: `fix --project` may rewrite it where it
 * is declared, and gives its own reason when it does not.
 */
function wrapperRetirement(finding: Finding, through: string, fromConstants: boolean): NonNullable<Finding['retirement']> {
  const retirement = finding.retirement!;
  if (retirement.migration !== 'rewrite' || finding.fix !== undefined) return retirement;
  const todoCause = `the path reaches the request through ${through}; sunset fix rewrites a wrapper's argument only where it is a string literal holding the whole path, or a constant whose every use is the same one-to-one migration`;
  return fromConstants ? { ...retirement, todoCause } : { ...retirement, migration: 'todo', todoCause };
}

/**
 * `sunset check --project`: every file checked as `sunset check` checks it (errors, files not scanned,
 * counts), then the files that can matter analysed as one program; their findings replace the first
 * pass's, which stay for every other file.
 */
export async function runProjectCheck(run: ProjectRun): Promise<ProjectCheckResult> {
  const tsconfig = loadTsconfig(run);
  run.onProgress?.('checking every file as sunset check does');
  const readFolder = run.readFolder ?? createFolderCache();
  const basePattern = basePatternOf(run.options);
  const base = await checkFiles(run.paths, {
    cwd: run.cwd,
    options: run.options,
    baseDir: run.baseDir,
    readFolder,
    ...(run.globalExcludes === undefined ? {} : { globalExcludes: run.globalExcludes }),
    moduleSummaries: true,
    // With the default mode's module graph: what the program does not load (a .vue/.svelte/.astro
    // component) keeps the default mode's findings, its imports resolved, not a one-file reading.
    crossFile: 'with-components',
    // Its peak RSS is the program's, built after: the first pass may read further ahead and check in this thread too.
    spendMemoryForTime: true,
    // The first pass also tells which files export a client's base, so the selection reads no file again.
    ...(basePattern === undefined ? {} : { basePattern }),
    ...(run.onWalked === undefined ? {} : { onWalked: run.onWalked }),
    ...(run.threads === undefined ? {} : { threads: run.threads }),
  });
  run.onFirstPass?.();
  // A file the first pass found nothing in while it noted a request to another API's host, and where no
  // base is written (with which the checker might join a path of the same file): its needles are settled there.
  const withFindings = new Set(base.findings.map((finding) => finding.file));
  const settled = (file: string): boolean => !withFindings.has(file) && (base.otherHostsByFile.get(file) ?? 0) > 0 && !holdsBaseText(file, basePattern);
  const analysis = await analyseProject({ ...run, readFolder }, tsconfig, notAnalysable(base.errors, base.skipped), base.modules, settled);
  // What fix --project does with each use of a shared declaration: rewritten there, or a TODO with the reason.
  const said = new Map<ProjectFinding, ProjectFinding>();
  for (const group of declarationGroups(analysis, run.cwd)) for (const use of group.uses) said.set(use, asFixProjectDoes(group, use));
  const findings: ProjectFinding[] = [
    ...base.findings.filter((finding) => !analysis.loaded.has(finding.file)).map((finding) => ({ ...finding, declarations: [] })),
    ...analysis.findings.map((finding) => said.get(finding) ?? finding),
  ].sort(compareFindings);
  // The files ts-morph loaded have new findings: their excerpts are taken again from the texts it read.
  const linesIn = new Map<string, number[]>();
  for (const finding of analysis.findings) linesIn.set(finding.file, [...(linesIn.get(finding.file) ?? []), finding.line]);
  const excerpts = new Map([...base.excerpts].filter(([file]) => !analysis.loaded.has(file)));
  for (const [file, lines] of linesIn) excerpts.set(file, excerptOf(analysis.sources.get(file) ?? '', lines));
  const parsed = new Set(base.candidateFiles);
  const loadedScanned = [...analysis.sources.keys()].filter((file) => analysis.scanned.has(file) && !parsed.has(file));
  // A loaded file's requests left out as another host's are counted as the analysis counted them (it knows more hosts).
  const otherHostsByFile = new Map([...base.otherHostsByFile].filter(([file]) => !analysis.loaded.has(file)));
  for (const [file, count] of analysis.otherHostsByFile) if (analysis.scanned.has(file)) otherHostsByFile.set(file, count);
  const otherHostCount = [...otherHostsByFile.values()].reduce((sum, count) => sum + count, 0);
  return {
    ...base,
    findings,
    candidateFiles: [...base.candidateFiles, ...loadedScanned],
    excerpts,
    analysed: analysis.analysed,
    loaded: analysis.loaded.size,
    otherHostCount,
    otherHostsByFile,
    checkerFailures: analysis.checkerFailures,
  };
}
