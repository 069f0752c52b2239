import { analysisCore, analysisOptionsOf, readDirectives, unsilenced, type AnalysisCore, type AnalysisOptions, type FileIndex, type Finding, type SourceFile, type SunsetOptions } from '../analysis-contract.js';
import { retirementRuleNames } from '@sunset/rule-data';
import type { FileProblem } from '../errors.js';
import { lazyLineIndexOf, lineIndexOf, type LineIndex } from '../parse/lines.js';
import { isFrameworkFile } from '../parse/script-blocks.js';
import { allowsJsx, parsePiece, parseSource } from '../parse/parse-source.js';
import { joinRanges, pieceOf, segmentedFromLength, segmentsOf, type Segment } from '../parse/segments.js';
import { enabledRules } from './rule-settings.js';
import { drain, type Steps } from './steps.js';
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
  /** What is there: a value the finding reads (`consumedDeclarations`), or the client its request is made with. */
  readonly role?: 'value' | 'client';
  /** The declared value's offsets in `file` (set by the module graph): a request of that file whose fix edits inside them rewrites it. */
  readonly range?: readonly [number, number];
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
 * sees the file's index once it is built (the module graph reads a module's exports from it); a file
 * analysed in pieces (`segmentedFromLength`) has one index per piece.
 */
export function checkCandidate(
  text: string,
  filePath: string,
  context: CheckContext,
  timings: PhaseTimings,
  onIndexed?: (index: FileIndex, lines: LineIndex) => void,
): CheckSourceResult {
  return drain(checkCandidateSteps(text, filePath, context, timings, onIndexed));
}

/** `checkCandidate` in steps: one step per piece of a very large file, none for any other. */
export function* checkCandidateSteps(
  text: string,
  filePath: string,
  context: CheckContext,
  timings: PhaseTimings,
  onIndexed?: (index: FileIndex, lines: LineIndex) => void,
): Steps<CheckSourceResult> {
  if (isSegmented(text, filePath)) return yield* checkInSegments(text, filePath, context, timings, onIndexed);
  let started = performance.now();
  const parsed = parseSource(text, filePath);
  let now = performance.now();
  timings.parse += now - started;
  if (!parsed.ok) return { findings: [], error: { file: filePath, ...parsed.error } };
  const { file } = parsed;

  started = now;
  const lines = lazyLineIndexOf(file.text);
  const directives = readDirectives(file.comments, lines);
  const rules = enabledRules(context.core.checks, context.options.rules, directives.inlineRules);
  if (rules.length === 0) return { findings: [] };
  const index = context.core.indexFile(file, context.analysisOptions);
  onIndexed?.(index, lines);
  now = performance.now();
  timings.index += now - started;

  started = now;
  const located: LocatedFinding[] = [];
  for (const rule of rules) for (const finding of rule.check.run(index, context.analysisOptions, rule.options)) located.push(locate(finding, filePath, rule.severity, lines));
  const findings = unsilenced(located, (finding) => directives.isSuppressed(`sunset/${finding.rule}`, finding.line, finding.column));
  findings.sort(compareFindingsInFile);
  const notes = rules.some((rule) => retirementRules.has(rule.check.meta.name)) ? notesOf(context.core.retirementNotes(index, context.analysisOptions), filePath, lines) : undefined;
  timings.checks += performance.now() - started;
  return notes === undefined ? { findings } : { findings, notes };
}

const retirementRules: ReadonlySet<string> = new Set(retirementRuleNames);

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

/** Files this long are analysed in pieces (`parse/segments.ts`); the script blocks of a Vue, Svelte or Astro file never are. */
export function isSegmented(text: string, filePath: string): boolean {
  return text.length >= segmentedFromLength && !isFrameworkFile(filePath);
}

/** A piece's findings: those of every piece of a large file, each once (a piece keeps the imports and the text around it that others keep too). */
export interface SegmentedFindings {
  readonly findings: Finding[];
  /** The first piece that does not parse, even whole: the file's syntax error. */
  readonly error?: FileProblem;
}

/** How many following items a top-level piece that does not parse is joined with before its error stands (a cut the tokenizer misjudged). */
const maxJoins = 2;

/**
 * Runs `analyse` on every piece of a large file's text (without its BOM) and gathers the findings,
 * each once. A piece that does not parse is analysed as the whole item it was cut from; a top-level
 * piece that does not parse is joined with the next ones (at most `maxJoins`), and then its error is
 * the file's syntax error.
 */
export function* findingsInSegments(
  source: string,
  filePath: string,
  lines: LineIndex,
  segments: readonly Segment[],
  timings: PhaseTimings,
  analyse: (file: SourceFile) => readonly Finding[],
): Steps<SegmentedFindings> {
  const seen = new Set<string>();
  const findings: Finding[] = [];
  const analysedWhole = new Set<Segment>();
  const coveredByWhole = (segment: Segment): boolean => segment.whole !== undefined && (analysedWhole.has(segment.whole) || coveredByWhole(segment.whole));
  const rootOf = (segment: Segment): Segment => (segment.whole === undefined ? segment : rootOf(segment.whole));
  for (let next = 0; next < segments.length; next += 1) {
    if (coveredByWhole(segments[next]!)) continue;
    if (next > 0) yield;
    let piece = segments[next]!;
    for (let joins = 0; ; ) {
      const started = performance.now();
      const parsed = parsePiece(source, pieceOf(source, piece), filePath, lines);
      timings.parse += performance.now() - started;
      if (parsed.ok) {
        for (const finding of analyse(parsed.file)) {
          const key = `${finding.rule}\u0000${finding.range[0]}\u0000${finding.range[1]}\u0000${finding.retirement?.entry.id ?? ''}\u0000${finding.message}`;
          if (seen.has(key)) continue;
          seen.add(key);
          findings.push(finding);
        }
        break;
      }
      if (piece.whole !== undefined) {
        piece = piece.whole;
        analysedWhole.add(piece);
        continue;
      }
      // A top-level piece: join the next top-level item (all its pieces) to it.
      const following = segments[next + 1];
      if (following === undefined || joins === maxJoins) return { findings: [], error: { file: filePath, ...parsed.error } };
      const joined = rootOf(following);
      piece = { keep: joinRanges([...piece.keep, ...joined.keep]) };
      while (next + 1 < segments.length && rootOf(segments[next + 1]!) === joined) next += 1;
      joins += 1;
    }
  }
  return { findings };
}

/** `checkCandidate` for a large file: the directives of the whole file, the findings of each piece. */
/** `checkSource` of a text of any length as a very large one is checked, in pieces of about `pieceLength` characters (tests cut small texts). */
export function checkInPieces(text: string, filePath: string, options: SunsetOptions, pieceLength: number): CheckSourceResult {
  return drain(checkInSegments(text, filePath, checkContextOf(options), emptyTimings(), undefined, pieceLength));
}

function* checkInSegments(
  text: string,
  filePath: string,
  context: CheckContext,
  timings: PhaseTimings,
  onIndexed?: (index: FileIndex, lines: LineIndex) => void,
  pieceLength?: number,
): Steps<CheckSourceResult> {
  let started = performance.now();
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = lineIndexOf(source);
  const { segments, directiveComments } = segmentsOf(source, allowsJsx(filePath), pieceLength);
  const directives = readDirectives(directiveComments, lines);
  timings.parse += performance.now() - started;
  const rules = enabledRules(context.core.checks, context.options.rules, directives.inlineRules);
  if (rules.length === 0) return { findings: [] };
  const severityOf = new Map<Finding, 'error' | 'warn'>();
  const result = yield* findingsInSegments(source, filePath, lines, segments, timings, (file) => {
    started = performance.now();
    const index = context.core.indexFile(file, context.analysisOptions);
    onIndexed?.(index, lines);
    const now = performance.now();
    timings.index += now - started;
    const found: Finding[] = [];
    for (const rule of rules) {
      for (const finding of rule.check.run(index, context.analysisOptions, rule.options)) {
        severityOf.set(finding, rule.severity);
        found.push(finding);
      }
    }
    timings.checks += performance.now() - now;
    return found;
  });
  if (result.error !== undefined) return { findings: [], error: result.error };
  const located = result.findings.map((finding) => locate(finding, filePath, severityOf.get(finding)!, lines));
  const findings = unsilenced(located, (finding) => directives.isSuppressed(`sunset/${finding.rule}`, finding.line, finding.column));
  findings.sort(compareFindingsInFile);
  return { findings };
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
