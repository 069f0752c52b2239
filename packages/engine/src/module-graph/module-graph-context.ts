import { mayOfferPathBase, moduleTextFacts, otherHostCallsOf, valuesReadBy, valuesSentAndGiven, type Declaration, type FileIndex, type Finding, type SourceFile, type SunsetOptions } from '../analysis-contract.js';
import { checkCandidate, checkContextOf, type CheckContext, type CheckSourceResult, type LocatedFinding } from '../check/check-source.js';
import { emptyTimings } from '../check/timings.js';
import type { DeclarationPlace } from '../check/thread-result.js';
import { nestsTooDeeply, tooDeeplyNestedMessage } from '../files/source-shape.js';
import { pathFromFile } from '../files/paths.js';
import { moduleGraphResolver, type ModuleFacts, type ModuleGraphData } from './build-module-graph.js';
import { readModuleExports, retiredExports, type ModuleExports } from './exported-values.js';
import { scanModuleReferences } from './scan-imports.js';
import { withCrossFileFacts, withCrossFileTodo, type CrossFileResolution } from './cross-file-resolver.js';

/** One file's check over the module graph: the context to check it with, and how to annotate what it found. */
export interface ModuleGraphCheck {
  readonly context: CheckContext;
  annotate(findings: readonly LocatedFinding[]): LocatedFinding[];
  /**
   * For `fix`: the TODO of each finding read through an import names the constants and their files, and
   * says why one is not rewritten where it is declared when another request also sends it (`sentOtherwise`).
   */
  annotateFix(findings: readonly Finding[], sentOtherwise?: (declaration: Declaration) => boolean): Finding[];
  /** The values of other files (not clients) that the retirement findings among `findings` read. */
  valuesRead(findings: readonly Finding[]): Declaration[];
  /**
   * The values of other files (not clients) that the file sends otherwise than by its retirement
   * findings among `findings` (`readUnreported`: its requests without one, a POST the entries do not
   * retire, and helpers that say they send otherwise, `postJson`), and those it gives to any function
   * the analysis does not see into that does not GET (`givenToHelpers`): rewriting such a value where it
   * is declared would move those calls too. From one pass, after the checks ran, on the file's last index.
   * `readByOtherHosts`: the values its requests to another API's host read (another vendor's
   * `CAMPAIGNS = '/v1/campaigns'`), which such a rewrite would move as well; a declaration only those
   * read is that vendor's, and no finding (`withoutConsumedDeclarations`).
   */
  valuesSentAndGiven(findings: readonly Pick<Finding, 'range' | 'retirement'>[]): SentAndGiven<Declaration>;
}

/** What `ModuleGraphCheck.valuesSentAndGiven` says of a file. */
export interface SentAndGiven<D> {
  readonly readUnreported: D[];
  readonly givenToHelpers: D[];
  readonly readByOtherHosts: D[];
}

const noneSent = (): SentAndGiven<never> => ({ readUnreported: [], givenToHelpers: [], readByOtherHosts: [] });

/**
 * The check context of `file` with the graph's resolver for its imports (the context itself when
 * the file imports nothing from the graph). `displayPath` names declaring files in `data.declaredIn`.
 */
export function moduleGraphCheck(context: CheckContext, graph: ModuleGraphData, file: string, displayPath: (file: string) => string): ModuleGraphCheck {
  if (graph.links[file] === undefined) return { context, annotate: (findings) => [...findings], annotateFix: (findings) => [...findings], valuesRead: () => [], valuesSentAndGiven: noneSent };
  let resolutions: readonly CrossFileResolution[] = [];
  let index: FileIndex | undefined;
  const indexFile = (source: SourceFile, options: CheckContext['analysisOptions']): FileIndex => {
    const resolver = moduleGraphResolver(graph, file, source.program);
    if (resolver === undefined) return (index = context.core.indexFile(source, options));
    // The resolver fills its list while the checks evaluate; `annotate` reads it after they ran.
    resolutions = resolver.resolutions;
    return (index = context.core.indexFile(source, { ...options, resolveIdentifier: resolver.resolveIdentifier, resolveClient: resolver.resolveClient }));
  };
  return {
    context: { ...context, core: { ...context.core, indexFile } },
    annotate: (findings) => findings.map((finding) => withCrossFileFacts(finding, resolutions, displayPath)),
    annotateFix: (findings, sentOtherwise) => findings.map((finding) => withCrossFileTodo(finding, resolutions, displayPath, (declared) => pathFromFile(file, declared), sentOtherwise)),
    valuesRead: (findings) =>
      findings.flatMap((finding) => (finding.retirement === undefined ? [] : valuesReadBy(finding, resolutions))),
    valuesSentAndGiven: (findings) => {
      if (index === undefined) return noneSent();
      const { sent, given, toOtherHosts } = valuesSentAndGiven(index, findings, () => resolutions, otherHostCallsOf(index, context.analysisOptions));
      return { readUnreported: sent, givenToHelpers: given, readByOtherHosts: toOtherHosts };
    },
  };
}

/**
 * Checks one text as `sunset check` does, with the imports it reads from `graph` resolved (the
 * default mode's second pass, for texts held elsewhere than a work tree: a commit's blobs).
 * Findings that read another file's value say so (`data.declaredIn`, `crossFileRelated`).
 */
export function checkSourceInModuleGraph(
  text: string,
  file: string,
  options: SunsetOptions,
  graph: ModuleGraphData,
  displayPath: (file: string) => string,
): CheckSourceResult & SentAndGiven<DeclarationPlace> {
  if (nestsTooDeeply(text)) return { findings: [], error: { file, message: tooDeeplyNestedMessage }, ...noneSent() };
  const check = moduleGraphCheck(checkContextOf(options), graph, file, displayPath);
  const result = checkCandidate(text, file, check.context, emptyTimings());
  return { ...result, findings: check.annotate(result.findings), ...otherFilesRead(check, result.findings) };
}

/**
 * `ModuleGraphCheck.valuesSentAndGiven` as places: what `sunset check`'s recheck of an importer and the
 * report's history carry to `withoutConsumedDeclarations`.
 */
export function otherFilesRead(check: ModuleGraphCheck, findings: readonly Pick<Finding, 'range' | 'retirement'>[]): SentAndGiven<DeclarationPlace> {
  const place = ({ file, line, column, range }: Declaration): DeclarationPlace => ({ file, line, column, range });
  const { readUnreported, givenToHelpers, readByOtherHosts } = check.valuesSentAndGiven(findings);
  return { readUnreported: readUnreported.map(place), givenToHelpers: givenToHelpers.map(place), readByOtherHosts: readByOtherHosts.map(place) };
}

/**
 * `checkSource`, plus what the module graph needs of the file, gathered as `sunset check`'s first pass
 * gathers it: its relative imports and, for a file holding a needle, the retired values it exports
 * (read from the index the check built). `facts` is undefined for a file that neither holds a needle
 * nor imports by relative path.
 */
export function checkSourceWithModuleFacts(text: string, file: string, options: SunsetOptions, aliasPrefixes?: readonly string[]): CheckSourceResult & { readonly facts?: ModuleFacts } {
  const context = checkContextOf(options);
  // With `aliasPrefixes` (`ModuleAliases.prefixesOf`), bare specifiers that may be path aliases or workspace packages are references too.
  const references = scanModuleReferences(text, aliasPrefixes);
  // As `prefilterText` gathers them for `sunset check`: whether the file may make a client with a base (`axios.create({ baseURL })`) another file calls.
  const textFacts = moduleTextFacts(text, context.analysisOptions);
  const moduleFacts = { clientSource: textFacts.clientSource === true, restNeedle: textFacts.restNeedle === true };
  const imports: ModuleFacts | undefined = references.imports.length === 0 && !moduleFacts.clientSource ? undefined : { needle: false, ...references, ...moduleFacts };
  if (!context.core.mightNeedAnalysis(text, context.analysisOptions)) return { findings: [], ...(imports === undefined ? {} : { facts: imports }) };
  if (nestsTooDeeply(text)) return { findings: [], error: { file, message: tooDeeplyNestedMessage } };
  const { catalog } = context.analysisOptions;
  const { needlePattern } = catalog;
  const needle = needlePattern.test(text);
  const offers = needle || (moduleFacts.clientSource && mayOfferPathBase(text, catalog));
  let exports: ModuleExports | undefined;
  const result = checkCandidate(text, file, context, emptyTimings(), offers ? (index, lines) => (exports = retiredExports(readModuleExports(file, index, lines), catalog)) : undefined);
  // A file that does not parse offers no value to other files.
  const facts = offers && result.error === undefined ? { needle, ...references, ...moduleFacts, ...(exports === undefined ? {} : { exports }) } : imports;
  return { ...result, ...(facts === undefined ? {} : { facts }) };
}
