import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkCandidate, checkContextOf, type LocatedFinding } from '../src/check/check-source.js';
import { emptyTimings } from '../src/check/timings.js';
import { findSourceFiles } from '../src/files/walk.js';
import { buildModuleGraph, moduleGraphCheck, type CrossFileLocatedFinding, type ModuleGraphData } from '../src/module-graph/index.js';
import type { SunsetOptions } from '../src/analysis-contract.js';

export interface HarnessResult {
  readonly findings: CrossFileLocatedFinding[];
  readonly candidates: readonly string[];
  readonly graph: ModuleGraphData | undefined;
}

/**
 * `sunset check` as check-files.ts runs it once the module graph is wired in (one thread): the needle
 * prefilter or the graph's importers choose the candidates; each is checked with its imports resolved.
 */
export async function checkWithModuleGraph(root: string, options: SunsetOptions, crossFile = true, cwd = root): Promise<HarnessResult> {
  const listing = await findSourceFiles(['.'], { cwd: root, ignores: options.ignores, ignoresBase: root });
  const files = listing.files.map((file) => file.path);
  const texts = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
  const context = checkContextOf(options);
  const graph = crossFile ? buildModuleGraph(files, (file) => texts.get(file), context.analysisOptions) : undefined;
  const importers = new Set(graph?.importers);
  const findings: CrossFileLocatedFinding[] = [];
  const candidates: string[] = [];
  const displayPath = (file: string): string => path.relative(cwd, file).split(path.sep).join('/');
  for (const file of files) {
    const text = texts.get(file)!;
    if (!context.core.mightNeedAnalysis(text, context.analysisOptions) && !importers.has(file)) continue;
    candidates.push(displayPath(file));
    const check = graph === undefined ? undefined : moduleGraphCheck(context, graph, file, displayPath);
    const result = checkCandidate(text, file, check?.context ?? context, emptyTimings());
    findings.push(...(check?.annotate(result.findings) ?? (result.findings as LocatedFinding[])));
  }
  return { findings, candidates, graph };
}
