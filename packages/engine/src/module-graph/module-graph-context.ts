import type { FileIndex, Finding, SourceFile } from '../analysis-contract.js';
import type { CheckContext, LocatedFinding } from '../check/check-source.js';
import { moduleGraphResolver, type ModuleGraphData } from './build-module-graph.js';
import { withCrossFileFacts, withCrossFileTodo, type CrossFileResolution } from './cross-file-resolver.js';

/** One file's check over the module graph: the context to check it with, and how to annotate what it found. */
export interface ModuleGraphCheck {
  readonly context: CheckContext;
  annotate(findings: readonly LocatedFinding[]): LocatedFinding[];
  /** For `fix`: the TODO of each finding read through an import names the constants and their files. */
  annotateFix(findings: readonly Finding[]): Finding[];
}

/**
 * The check context of `file` with the graph's resolver for its imports (the context itself when
 * the file imports nothing from the graph). `displayPath` names declaring files in `data.declaredIn`.
 */
export function moduleGraphCheck(context: CheckContext, graph: ModuleGraphData, file: string, displayPath: (file: string) => string): ModuleGraphCheck {
  if (graph.links[file] === undefined) return { context, annotate: (findings) => [...findings], annotateFix: (findings) => [...findings] };
  let resolutions: readonly CrossFileResolution[] = [];
  const indexFile = (source: SourceFile, options: CheckContext['analysisOptions']): FileIndex => {
    const resolver = moduleGraphResolver(graph, file, source.program);
    if (resolver === undefined) return context.core.indexFile(source, options);
    // The resolver fills its list while the checks evaluate; `annotate` reads it after they ran.
    resolutions = resolver.resolutions;
    return context.core.indexFile(source, { ...options, resolveIdentifier: resolver.resolveIdentifier });
  };
  return {
    context: { ...context, core: { ...context.core, indexFile } },
    annotate: (findings) => findings.map((finding) => withCrossFileFacts(finding, resolutions, displayPath)),
    annotateFix: (findings) => findings.map((finding) => withCrossFileTodo(finding, resolutions, displayPath)),
  };
}
