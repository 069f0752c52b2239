import { readFileSync } from 'node:fs';
import path from 'node:path';
import { indexFile, mightNeedAnalysis, type AnalysisOptions, type FileIndex, type Finding } from '@sunset/analysis';
import { analysisOptionsOf, type SunsetOptions } from '@sunset/config';
import { checkSource, displayPath, findSourceFiles, UsageError, type LocatedFinding } from '@sunset/engine';
import { Project, ts } from 'ts-morph';
import { selectProjectFiles } from './select-files.js';
import { createValueEvaluator, morphNodeAt, type ValueDeclaration } from './type-resolver.js';
import { wrapperFindings } from './wrapper-findings.js';
import { directWrappers, wrapperCalls, type Wrapper } from './wrappers.js';

/** A related place in another file: the declaration a value comes from, or the request a wrapper makes. */
export interface CrossFileLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly message: string;
}

/** A finding of project mode: a located finding, with the places in other files it was found through. */
export type ProjectFinding = LocatedFinding & {
  readonly crossFileRelated: readonly CrossFileLocation[];
  /** The declarations its value came from (empty when the value is written at the call). */
  readonly declarations: readonly ValueDeclaration[];
};

export interface ProjectRun {
  readonly cwd: string;
  readonly paths: readonly string[];
  readonly options: SunsetOptions;
  /** The folder the config's `ignores` are relative to. */
  readonly baseDir: string;
  /** The tsconfig.json (default: the nearest one above `cwd`). */
  readonly tsconfig?: string;
  /** Phases as they start (`selecting`, `loading 120 files`, …), for progress on a TTY. */
  readonly onProgress?: (message: string) => void;
}

export interface ProjectCheckResult {
  /** Sorted by file, line, column, rule. */
  readonly findings: ProjectFinding[];
  readonly files: number;
  /** Files the analysis ran on, and files ts-morph loaded (the analysed ones plus the wrappers they call). */
  readonly analysed: number;
  readonly loaded: number;
  /** The text of every file ts-morph loaded (absolute path → text). */
  readonly sources: ReadonlyMap<string, string>;
}

/** The compiler options of the tsconfig, and its path. */
function loadTsconfig(run: ProjectRun): { file: string; options: ts.CompilerOptions } {
  const file = run.tsconfig === undefined ? ts.findConfigFile(run.cwd, ts.sys.fileExists) : path.resolve(run.cwd, run.tsconfig);
  if (file === undefined || !ts.sys.fileExists(file)) {
    throw new UsageError(`--project needs a tsconfig.json: none found ${run.tsconfig === undefined ? `in ${run.cwd} or above` : `at ${run.tsconfig}`}. Name one: --project path/to/tsconfig.json.`);
  }
  const read = ts.readConfigFile(file, ts.sys.readFile);
  if (read.error !== undefined) throw new UsageError(`Cannot read ${file}: ${ts.flattenDiagnosticMessageText(read.error.messageText, '\n')}`);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(file), undefined, file);
  return { file, options: { ...parsed.options, allowJs: parsed.options.allowJs ?? true, noEmit: true } };
}

const positionOf = (sourceFile: ts.SourceFile, offset: number): { line: number; column: number } => {
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(offset);
  return { line: line + 1, column: character + 1 };
};

const compareFindings = (a: LocatedFinding, b: LocatedFinding): number =>
  (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.column - b.column || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0);

/** Everything a project run keeps for `fix`: the findings, the project and the indexes. */
export interface ProjectAnalysis extends ProjectCheckResult {
  readonly project: Project;
  readonly scanned: ReadonlySet<string>;
}

/**
 * `sunset check --project`: walk the paths, select the files that can matter, load only those into
 * ts-morph, then run the analysis with the type checker resolving imported values, and report each
 * call of a wrapper whose argument reaches a request sink with a retired value.
 */
export async function analyseProject(run: ProjectRun): Promise<ProjectAnalysis> {
  const tsconfig = loadTsconfig(run);
  run.onProgress?.('walking');
  const listing = await findSourceFiles(run.paths, { cwd: run.cwd, ignores: run.options.ignores, ignoresBase: run.baseDir });
  const texts = new Map<string, string>();
  for (const file of listing.files) texts.set(file.path, readFileSync(file.path, 'utf8'));
  const analysisOptions: AnalysisOptions = analysisOptionsOf(run.options);
  run.onProgress?.(`selecting among ${texts.size} files`);
  // Only a retired path or operation can travel across files: files holding one are the seeds. The other
  // files `sunset check` would check (reporting or OAuth targets, TODO markers) are checked as it does.
  const selection = selectProjectFiles(texts, (text) => analysisOptions.catalog.needlePattern.test(text), tsconfig.options);

  run.onProgress?.(`loading ${selection.loaded.length} files into ts-morph`);
  const project = new Project({ compilerOptions: tsconfig.options, skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: true });
  for (const file of selection.loaded) project.createSourceFile(file, texts.get(file)!, { overwrite: true });
  const checker = project.getTypeChecker().compilerObject;
  const evaluate = createValueEvaluator(checker);

  run.onProgress?.(`checking ${selection.loaded.length} files`);
  const findings: ProjectFinding[] = [];
  const wrappers: Wrapper[] = [];
  const consumedDeclarations = new Set<string>();
  const locationOf = (declaration: ValueDeclaration, message: string): CrossFileLocation => {
    const sourceFile = project.getSourceFile(declaration.file)!.compilerNode;
    const start = positionOf(sourceFile, declaration.range[0]);
    const end = positionOf(sourceFile, declaration.range[1]);
    return { file: declaration.file, line: start.line, column: start.column, endLine: end.line, endColumn: end.column, message };
  };
  const describe = (declarations: readonly ValueDeclaration[]): string =>
    declarations
      .map((declaration) => {
        const { line, column } = locationOf(declaration, '');
        return `${displayPath(run.cwd, declaration.file)}:${line}:${column} (${declaration.name})`;
      })
      .join(', ');

  for (const file of selection.loaded) {
    const sourceFile = project.getSourceFileOrThrow(file);
    const resolved: { range: readonly [number, number]; declarations: readonly ValueDeclaration[] }[] = [];
    let index: FileIndex | undefined;
    const core = {
      mightNeedAnalysis: () => true,
      indexFile: (source: Parameters<typeof indexFile>[0], options: AnalysisOptions): FileIndex => {
        index = indexFile(source, {
          ...options,
          resolveIdentifier: (node) => {
            const tsNode = morphNodeAt(sourceFile, node.range);
            if (tsNode === undefined || !(ts.isIdentifier(tsNode) || ts.isPropertyAccessExpression(tsNode) || ts.isElementAccessExpression(tsNode))) return undefined;
            const value = evaluate(tsNode);
            if (!value.parts.some((part) => part.kind === 'text' && part.value !== '')) return undefined;
            resolved.push({ range: node.range, declarations: value.declarations });
            return value.parts;
          },
        });
        return index;
      },
    };
    const result = checkSource(texts.get(file)!, file, run.options, core);
    for (const finding of result.findings) {
      const declarations = resolved
        .filter(({ range }) => finding.range[0] <= range[0] && range[1] <= finding.range[1])
        .flatMap((entry) => entry.declarations)
        .filter((declaration, at, all) => all.findIndex((other) => other.file === declaration.file && other.range[0] === declaration.range[0]) === at);
      for (const declaration of declarations) consumedDeclarations.add(`${declaration.file}:${declaration.range[0]}:${declaration.range[1]}`);
      findings.push(
        declarations.length === 0
          ? { ...finding, crossFileRelated: [], declarations }
          : {
              ...finding,
              data: { ...finding.data, declaredIn: describe(declarations) },
              crossFileRelated: declarations.map((declaration) => locationOf(declaration, `The value is declared here as ${declaration.name}.`)),
              declarations,
            },
      );
    }
    if (index !== undefined) wrappers.push(...directWrappers(index, file, project, checker));
  }

  const loaded = new Set(selection.loaded);
  for (const [file, text] of texts) {
    if (loaded.has(file) || !mightNeedAnalysis(text, analysisOptions)) continue;
    for (const finding of checkSource(text, file, run.options).findings) findings.push({ ...finding, crossFileRelated: [], declarations: [] });
  }

  for (const { finding, call, sinks } of wrapperFindings(wrapperCalls(wrappers, project, evaluate, checker), analysisOptions)) {
    const sourceFile = call.call.getSourceFile();
    const start = positionOf(sourceFile, finding.range[0]);
    const end = positionOf(sourceFile, finding.range[1]);
    const { declarations } = call.value;
    for (const declaration of declarations) consumedDeclarations.add(`${declaration.file}:${declaration.range[0]}:${declaration.range[1]}`);
    const sinkLocations = sinks.map((sink) =>
      locationOf({ file: sink.file, name: call.wrapper.name, range: sink.range, editable: false }, `${call.wrapper.name}() makes the request here.`),
    );
    const through = sinks.map((sink) => `${call.wrapper.name} (${displayPath(run.cwd, sink.file)}:${locationOf({ file: sink.file, name: '', range: sink.range, editable: false }, '').line})`);
    const data: Finding['data'] = { ...finding.data, through: [...new Set(through)].join(', '), ...(declarations.length === 0 ? {} : { declaredIn: describe(declarations) }) };
    findings.push({
      ...finding,
      data,
      file: sourceFile.fileName,
      line: start.line,
      column: start.column,
      endLine: end.line,
      endColumn: end.column,
      relatedLocations: [],
      severity: run.options.rules[finding.rule]?.level === 'warn' ? 'warn' : 'error',
      crossFileRelated: [...sinkLocations, ...declarations.map((declaration) => locationOf(declaration, `The value is declared here as ${declaration.name}.`))],
      declarations,
    });
  }

  // A constant read by a request in another file is reported there, not again on its own (as within one
  // file); a URL string passed to a wrapper is reported once, as the wrapper's request.
  const wrapperArguments = new Set(findings.filter((finding) => finding.data.through !== undefined).map((finding) => `${finding.file}:${finding.range[0]}:${finding.range[1]}`));
  const kept = findings.filter((finding) => {
    if (finding.retirement?.form !== 'url-string') return true;
    const key = `${finding.file}:${finding.range[0]}:${finding.range[1]}`;
    return !consumedDeclarations.has(key) && !wrapperArguments.has(key);
  });
  kept.sort(compareFindings);
  const sources = new Map([...new Set([...selection.loaded, ...kept.map((finding) => finding.file)])].map((file) => [file, texts.get(file)!]));
  return { findings: kept, files: texts.size, analysed: selection.analysed.length, loaded: selection.loaded.length, sources, project, scanned: new Set(texts.keys()) };
}

/** `sunset check --project`: the findings, and what was loaded. */
export async function runProjectCheck(run: ProjectRun): Promise<ProjectCheckResult> {
  const { findings, files, analysed, loaded, sources } = await analyseProject(run);
  return { findings, files, analysed, loaded, sources };
}
