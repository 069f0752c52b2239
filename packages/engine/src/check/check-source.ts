import { analysisCore, analysisOptionsOf, type AnalysisCore, type AnalysisOptions, type FileIndex, type Finding, type SunsetOptions } from '../analysis-contract.js';
import { readDirectives } from '../directives/file-directives.js';
import type { FileProblem } from '../errors.js';
import { lineIndexOf, type LineIndex } from '../parse/lines.js';
import { parseSource } from '../parse/parse-source.js';
import { enabledRules } from './rule-settings.js';
import { emptyTimings, type PhaseTimings } from './timings.js';

/** A finding with ESLint's positions: 1-based lines, 1-based UTF-16 columns; the end is exclusive like ESLint's. */
export interface LocatedFinding extends Finding {
  /** Absolute path. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  /** Other places of the same request in this file (a SOAP envelope's SOAPAction header). */
  readonly relatedLocations: readonly RelatedPosition[];
  /** Places in other files the finding was found through (the declaration of an imported constant); absent when none. */
  readonly crossFileRelated?: readonly CrossFileRelatedLocation[];
  readonly severity: 'error' | 'warn';
}

export interface RelatedPosition {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly message: string;
}

/** A related place in another file than the finding's. */
export interface CrossFileRelatedLocation extends RelatedPosition {
  /** Absolute path. */
  readonly file: string;
}

/** A request the retirement rules did not report because its method is not said and another method of its path stays available. */
export interface LocatedUnresolvedMethod {
  /** Absolute path. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** The path as the entries write it. */
  readonly path: string;
  readonly retiredMethods: readonly string[];
  readonly liveMethods: readonly string[];
  readonly entries: readonly string[];
}

/** What the retirement rules left unreported in a file, for the faces to say. */
export interface CheckNotes {
  readonly unresolvedMethod: readonly LocatedUnresolvedMethod[];
  /** URLs that name another API's host than their retired path's (what `"*"` hosts would add). */
  readonly otherHostCount: number;
}

export interface CheckSourceResult {
  readonly findings: LocatedFinding[];
  /** The file does not parse: no finding, and this says where. */
  readonly error?: FileProblem;
  /** Absent when there is nothing to say. */
  readonly notes?: CheckNotes;
}

/** What one file's check needs besides its text: options and rule core, prepared once per run. */
export interface CheckContext {
  readonly options: SunsetOptions;
  readonly analysisOptions: AnalysisOptions;
  readonly core: AnalysisCore;
}

export function checkContextOf(options: SunsetOptions, core: Partial<AnalysisCore> = {}): CheckContext {
  return { options, analysisOptions: analysisOptionsOf(options), core: analysisCore(core) };
}

/**
 * Checks one file's text as `sunset check` does: prefilter, parse, index, the enabled checks, then
 * the file's eslint-disable comments. Findings are sorted by line, column and rule.
 */
export function checkSource(text: string, filePath: string, options: SunsetOptions, core: Partial<AnalysisCore> = {}): CheckSourceResult {
  const context = checkContextOf(options, core);
  if (!context.core.mightNeedAnalysis(text, context.analysisOptions)) return { findings: [] };
  return checkCandidate(text, filePath, context, emptyTimings());
}

/**
 * `checkSource` after the prefilter said yes; adds the time of each phase to `timings`. `onIndexed`
 * sees the file's index once it is built (the module graph reads a module's exports from it).
 */
export function checkCandidate(
  text: string,
  filePath: string,
  context: CheckContext,
  timings: PhaseTimings,
  onIndexed?: (index: FileIndex, lines: LineIndex) => void,
): CheckSourceResult {
  let started = performance.now();
  const parsed = parseSource(text, filePath);
  let now = performance.now();
  timings.parse += now - started;
  if (!parsed.ok) return { findings: [], error: { file: filePath, ...parsed.error } };
  const { file } = parsed;

  started = now;
  const lines = lineIndexOf(file.text);
  const directives = readDirectives(file.comments, lines);
  const rules = enabledRules(context.core.checks, context.options.rules, directives.inlineRules);
  if (rules.length === 0) return { findings: [] };
  const index = context.core.indexFile(file, context.analysisOptions);
  onIndexed?.(index, lines);
  now = performance.now();
  timings.index += now - started;

  started = now;
  const findings: LocatedFinding[] = [];
  for (const rule of rules) {
    for (const finding of rule.check.run(index, context.analysisOptions, rule.options)) {
      const located = locate(finding, filePath, rule.severity, lines);
      if (!directives.isSuppressed(`sunset/${finding.rule}`, located.line, located.column)) findings.push(located);
    }
  }
  findings.sort(compareFindingsInFile);
  const notes = rules.some((rule) => retirementRules.has(rule.check.meta.name)) ? notesOf(context.core.retirementNotes(index, context.analysisOptions), filePath, lines) : undefined;
  timings.checks += performance.now() - started;
  return notes === undefined ? { findings } : { findings, notes };
}

const retirementRules = new Set(['no-legacy-rest-path', 'no-retired-soap-operation', 'no-sync-reporting']);

function notesOf(notes: ReturnType<AnalysisCore['retirementNotes']>, file: string, lines: LineIndex): CheckNotes | undefined {
  if (notes.unresolvedMethod.length === 0 && notes.otherHostCount === 0) return undefined;
  const unresolvedMethod = notes.unresolvedMethod.map((site) => ({
    file,
    ...lines.position(site.range[0]),
    path: site.path,
    retiredMethods: site.retiredMethods,
    liveMethods: site.liveMethods,
    entries: site.entryIds,
  }));
  return { unresolvedMethod, otherHostCount: notes.otherHostCount };
}

function locate(finding: Finding, file: string, severity: 'error' | 'warn', lines: LineIndex): LocatedFinding {
  const start = lines.position(finding.range[0]);
  const end = lines.position(finding.range[1]);
  const relatedLocations = finding.related.map((related) => {
    const relatedStart = lines.position(related.range[0]);
    const relatedEnd = lines.position(related.range[1]);
    return { line: relatedStart.line, column: relatedStart.column, endLine: relatedEnd.line, endColumn: relatedEnd.column, message: related.message };
  });
  return { ...finding, file, line: start.line, column: start.column, endLine: end.line, endColumn: end.column, relatedLocations, severity };
}

/** Line, column, then rule: the order ESLint's output has within one file. */
export function compareFindingsInFile(a: LocatedFinding, b: LocatedFinding): number {
  return a.line - b.line || a.column - b.column || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0);
}
