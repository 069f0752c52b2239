import { analysisCore, readDirectives, silences, unsilenced, type AnalysisCore, type Finding, type FixPlan, type SiteReport, type SunsetOptions } from '../analysis-contract.js';
import { checkContextOf, findingsInSegments, isSegmented, type CheckContext } from '../check/check-source.js';
import { emptyTimings } from '../check/timings.js';
import { lazyLineIndexOf, lineIndexOf } from '../parse/lines.js';
import { allowsJsx } from '../parse/parse-source.js';
import { segmentsOf } from '../parse/segments.js';
import { enabledRules } from '../check/rule-settings.js';
import { drain, type Steps } from '../check/steps.js';
import type { FileProblem } from '../errors.js';
import { isStackOverflow, nestsTooDeeply, tooDeeplyNestedMessage } from '../files/source-shape.js';
import { parseSource, parsesCleanly } from '../parse/parse-source.js';

export interface FixResult {
  /** The new text; `undefined` when nothing changed (the file stays byte-identical). */
  readonly output: string | undefined;
  readonly sites: readonly SiteReport[];
  /** The file does not parse: `output` is undefined and `sites` empty. */
  readonly error?: FileProblem;
}

const unparsableOutput =
  'the edited file would not parse (a bug in Sunset; please report it), so nothing was changed; change this site by hand';

/**
 * Fixes one file's text: prefilter, parse, the enabled checks, less what the file's eslint-disable
 * comments silence (read as `sunset check` reads them, as ESLint's `--fix` leaves a silenced problem
 * alone), then the fix plan: rewrites where the move is one-to-one, a TODO comment elsewhere. The
 * output is parsed again; if it would not parse, nothing changes. A BOM is kept. `sitePath` is the
 * path the site reports show (default `filePath`).
 */
export function fixSource(text: string, filePath: string, options: SunsetOptions, core: Partial<AnalysisCore> = {}, sitePath = filePath): FixResult {
  return drain(fixSourceSteps(text, filePath, options, core, sitePath));
}

/** `fixSource` in steps: one per piece of a very large file (see `check/steps.ts`), none for any other. */
export function* fixSourceSteps(text: string, filePath: string, options: SunsetOptions, core: Partial<AnalysisCore> = {}, sitePath = filePath): Steps<FixResult> {
  const context = checkContextOf(options, core);
  if (!context.core.mightNeedFix(text, context.analysisOptions)) return { output: undefined, sites: [] };
  return yield* fixTextSteps(text, filePath, context, sitePath);
}

/**
 * `fixSource` without the prefilter, in a prepared context (the module graph's, for a file that reads
 * values of another). `annotate` sees the findings before they are planned.
 */
export function fixText(
  text: string,
  filePath: string,
  context: CheckContext,
  sitePath = filePath,
  annotate: (findings: readonly Finding[]) => readonly Finding[] = (findings) => findings,
): FixResult {
  return drain(fixTextSteps(text, filePath, context, sitePath, annotate));
}

/** `fixText` in steps: a very large file is fixed in pieces (one step each; its findings are not annotated, as the module graph does not re-check it). */
function* fixTextSteps(
  text: string,
  filePath: string,
  context: CheckContext,
  sitePath = filePath,
  annotate: (findings: readonly Finding[]) => readonly Finding[] = (findings) => findings,
): Steps<FixResult> {
  const tooDeep: FixResult = { output: undefined, sites: [], error: { file: filePath, message: tooDeeplyNestedMessage } };
  if (nestsTooDeeply(text)) return tooDeep;
  try {
    return isSegmented(text, filePath) ? yield* fixInSegments(text, filePath, context.options, context, sitePath) : fixCandidate(text, filePath, context, sitePath, annotate);
  } catch (error) {
    if (!isStackOverflow(error)) throw error;
    return tooDeep;
  }
}

function fixCandidate(text: string, filePath: string, context: CheckContext, sitePath: string, annotate: (findings: readonly Finding[]) => readonly Finding[]): FixResult {
  const parsed = parseSource(text, filePath);
  if (!parsed.ok) return { output: undefined, sites: [], error: { file: filePath, ...parsed.error } };
  const { file } = parsed;
  const lines = lazyLineIndexOf(file.text);
  const directives = readDirectives(file.comments, lines);
  const rules = enabledRules(context.core.checks, context.options.rules, directives.inlineRules);
  if (rules.length === 0) return { output: undefined, sites: [] };
  const index = context.core.indexFile(file, context.analysisOptions);
  const found = rules.flatMap((rule) => rule.check.run(index, context.analysisOptions, rule.options));
  const findings = annotate(unsilenced(found, (finding) => silences(directives, finding, lines)));
  const plan = planParsableFix(file.text, findings, filePath, sitePath, context.core);
  if (plan.output === undefined) return { output: undefined, sites: plan.sites };
  const bom = file.text.length === text.length ? '' : text.slice(0, text.length - file.text.length);
  return { output: bom + plan.output, sites: plan.sites };
}

/** `fixSource` of a text of any length as a very large one is fixed, in pieces of about `pieceLength` characters (tests cut small texts). */
export function fixInPieces(text: string, filePath: string, options: SunsetOptions, pieceLength: number): FixResult {
  return drain(fixInSegments(text, filePath, options, checkContextOf(options), filePath, pieceLength));
}

/** `fixCandidate` for a large file: the findings of every piece (see `parse/segments.ts`), one plan over the whole text. */
function* fixInSegments(text: string, filePath: string, options: SunsetOptions, context: ReturnType<typeof checkContextOf>, sitePath: string, pieceLength?: number): Steps<FixResult> {
  const bom = text.charCodeAt(0) === 0xfeff ? '\uFEFF' : '';
  const source = text.slice(bom.length);
  const lines = lineIndexOf(source);
  const { segments, directiveComments } = segmentsOf(source, allowsJsx(filePath), pieceLength);
  const directives = readDirectives(directiveComments, lines);
  const rules = enabledRules(context.core.checks, options.rules, directives.inlineRules);
  if (rules.length === 0) return { output: undefined, sites: [] };
  const result = yield* findingsInSegments(source, filePath, lines, segments, emptyTimings(), (file) => {
    const index = context.core.indexFile(file, context.analysisOptions);
    return rules.flatMap((rule) => rule.check.run(index, context.analysisOptions, rule.options));
  });
  if (result.error !== undefined) return { output: undefined, sites: [], error: result.error };
  const shown = unsilenced(result.findings, (finding) => silences(directives, finding, lines));
  const plan = yield* planParsableFixSteps(source, shown, filePath, sitePath, context.core, pieceLength);
  return plan.output === undefined ? { output: undefined, sites: plan.sites } : { output: bom + plan.output, sites: plan.sites };
}

/** Whether a text parses, as `fix` checks its output: a large one piece by piece, as it was analysed. */
function* parses(text: string, filePath: string, pieceLength?: number): Steps<boolean> {
  if (pieceLength === undefined && !isSegmented(text, filePath)) return parsesCleanly(text, filePath);
  const { segments } = segmentsOf(text, allowsJsx(filePath), pieceLength);
  const result = yield* findingsInSegments(text, filePath, lineIndexOf(text), segments, emptyTimings(), () => []);
  return result.error === undefined;
}

/**
 * The fix plan of a file's text (without its byte-order mark), checked: when the planned output would
 * not parse, nothing changes and every site that had an edit is reported as skipped. `fix` and
 * `fix --project` both plan through this.
 */
export function planParsableFix(text: string, findings: readonly Finding[], filePath: string, sitePath: string, core: AnalysisCore = analysisCore()): FixPlan {
  return drain(planParsableFixSteps(text, findings, filePath, sitePath, core));
}

function* planParsableFixSteps(text: string, findings: readonly Finding[], filePath: string, sitePath: string, core: AnalysisCore, pieceLength?: number): Steps<FixPlan> {
  const plan = core.planFix(text, findings, sitePath);
  if (plan.output === undefined || (yield* parses(plan.output, filePath, pieceLength))) return plan;
  return { output: undefined, sites: core.refusedFix(text, findings, sitePath, unparsableOutput).sites };
}
