import { analysisCore, type AnalysisCore, type Finding, type FixPlan, type SiteReport, type SunsetOptions } from '../analysis-contract.js';
import { checkContextOf, type CheckContext } from '../check/check-source.js';
import { enabledRules } from '../check/rule-settings.js';
import type { FileProblem } from '../errors.js';
import { isStackOverflow, nestsTooDeeply, tooDeeplyNestedMessage } from '../files/source-shape.js';
import { parseSource } from '../parse/parse-source.js';

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
 * Fixes one file's text: prefilter, parse, the enabled checks (eslint-disable comments do not stop
 * a fix, as they did not stop the codemod), then the fix plan: rewrites where the move is one-to-one,
 * a TODO comment elsewhere. The output is parsed again; if it would not parse, nothing changes.
 * A BOM is kept. `sitePath` is the path the site reports show (default `filePath`).
 */
export function fixSource(text: string, filePath: string, options: SunsetOptions, core: Partial<AnalysisCore> = {}, sitePath = filePath): FixResult {
  const context = checkContextOf(options, core);
  if (!context.core.mightNeedFix(text, context.analysisOptions)) return { output: undefined, sites: [] };
  return fixText(text, filePath, context, sitePath);
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
  const tooDeep: FixResult = { output: undefined, sites: [], error: { file: filePath, message: tooDeeplyNestedMessage } };
  if (nestsTooDeeply(text)) return tooDeep;
  try {
    return fixCandidate(text, filePath, context, sitePath, annotate);
  } catch (error) {
    if (!isStackOverflow(error)) throw error;
    return tooDeep;
  }
}

function fixCandidate(text: string, filePath: string, context: CheckContext, sitePath: string, annotate: (findings: readonly Finding[]) => readonly Finding[]): FixResult {
  const parsed = parseSource(text, filePath);
  if (!parsed.ok) return { output: undefined, sites: [], error: { file: filePath, ...parsed.error } };
  const { file } = parsed;
  const rules = enabledRules(context.core.checks, context.options.rules, undefined);
  if (rules.length === 0) return { output: undefined, sites: [] };
  const index = context.core.indexFile(file, context.analysisOptions);
  const findings = annotate(rules.flatMap((rule) => rule.check.run(index, context.analysisOptions, rule.options)));
  const plan = planParsableFix(file.text, findings, filePath, sitePath, context.core);
  if (plan.output === undefined) return { output: undefined, sites: plan.sites };
  const bom = file.text.length === text.length ? '' : text.slice(0, text.length - file.text.length);
  return { output: bom + plan.output, sites: plan.sites };
}

/**
 * The fix plan of a file's text (without its byte-order mark), checked: when the planned output would
 * not parse, nothing changes and every site that had an edit is reported as skipped. `fix` and
 * `fix --project` both plan through this.
 */
export function planParsableFix(text: string, findings: readonly Finding[], filePath: string, sitePath: string, core: AnalysisCore = analysisCore()): FixPlan {
  const plan = core.planFix(text, findings, sitePath);
  if (plan.output === undefined || parseSource(plan.output, filePath).ok) return plan;
  return { output: undefined, sites: core.refusedFix(text, findings, sitePath, unparsableOutput).sites };
}
