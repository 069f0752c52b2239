import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { AnalysisOptions, RetiredCallFinding, TextEdit } from '@sunset/analysis';
import type { Family } from '@sunset/rule-data';
import { daysBetween, describeEndpoint } from '@sunset/rule-data';
import { findRetiredCalls, hasTodoAbove, mightContainRetiredCall, todoCommentEdit } from '@sunset/analysis';
import type { ResolvedSunsetOptions, RetirementRuleOptions } from '../settings.js';
import { resolveSunsetOptions, retirementRuleOptionsSchema } from '../settings.js';
import type { SunsetRuleDocs } from './create-rule.js';
import { createRule } from './create-rule.js';
import { describeRetirement, replacementAdvice, interpolate } from './describe-finding.js';
import { createRuleHooks, type RuleHooks } from './rule-hooks.js';
import { createTypeAwareResolver } from './type-aware.js';

export type RetirementMessageId = 'retiredRewrite' | 'retiredTodo' | 'insertTodo' | 'switchToCandidate';
export type RetirementRuleModule = TSESLint.RuleModule<RetirementMessageId, [RetirementRuleOptions], SunsetRuleDocs> & { name: string };

/** What distinguishes one retirement rule from another: its name, family and description. */
export interface RetirementRuleSpec {
  readonly name: 'no-legacy-rest-path' | 'no-retired-soap-operation' | 'no-sync-reporting';
  readonly family: Family;
  readonly description: string;
  /** False for families whose sites can never be rewritten in place (a SOAP call is not a URL edit). */
  readonly fixable: boolean;
}

const MESSAGES: Readonly<Record<RetirementMessageId, string>> = {
  retiredRewrite: '{{retiredKey}} is {{phase}} ({{schedule}}): {{replacements}}.',
  retiredTodo: '{{retiredKey}} is {{phase}} ({{schedule}}): {{replacements}}; this call needs a manual migration.',
  insertTodo: 'Insert a TODO(sunset:{{entryId}}) comment above the statement.',
  switchToCandidate: 'Switch to {{replacement}}.',
};

/** Deprecated and retired entries are always reported; scheduled ones only when asked and near enough. */
function isReportable(finding: RetiredCallFinding, options: ResolvedSunsetOptions): boolean {
  if (finding.phase !== 'scheduled') return true;
  if (!options.reportScheduled) return false;
  return daysBetween(options.asOf, finding.entry.schedule.gaEnds) <= options.scheduledWithinDays;
}

function messageData(finding: RetiredCallFinding, options: ResolvedSunsetOptions): Record<string, string> {
  return {
    retiredKey: finding.retiredKey,
    ...describeRetirement(finding.entry, finding.phase, options.asOf),
    replacements: replacementAdvice(finding.entry, finding.replacements),
  };
}

function buildAnalysisOptions(
  options: ResolvedSunsetOptions,
  sourceCode: Readonly<TSESLint.SourceCode>,
): AnalysisOptions {
  const base: AnalysisOptions = {
    asOf: options.asOf,
    catalog: options.catalog,
    ...(options.apiHosts !== undefined && { apiHosts: options.apiHosts }),
  };
  if (!options.typeAware) return base;
  const resolveIdentifier = createTypeAwareResolver(sourceCode.parserServices);
  return resolveIdentifier === undefined ? base : { ...base, resolveIdentifier };
}

function applyEdits(edits: readonly TextEdit[]): TSESLint.ReportFixFunction {
  return (fixer) => edits.map((edit) => fixer.replaceTextRange([edit.range[0], edit.range[1]], edit.text));
}

/**
 * Builds one of the three retirement rules. All three share this code; they differ only in the
 * family of findings they report, so each family can be configured (or turned off) on its own.
 */
export function createRetirementRule(spec: RetirementRuleSpec, hooks: RuleHooks = createRuleHooks()): RetirementRuleModule {
  const ruleId = `sunset/${spec.name}` as const;
  return createRule<[RetirementRuleOptions], RetirementMessageId>({
    name: spec.name,
    meta: {
      type: 'problem',
      docs: { description: spec.description, recommended: true },
      messages: MESSAGES,
      schema: [retirementRuleOptionsSchema],
      ...(spec.fixable && { fixable: 'code' as const }),
      hasSuggestions: true,
      defaultOptions: [{}],
    },
    create(context, [ruleOptions]) {
      const { sourceCode } = context;
      const options = resolveSunsetOptions(hooks.memo.settingsOf(context.settings), ruleOptions, ruleId);
      const analysisOptions = buildAnalysisOptions(options, sourceCode);
      // In type-aware mode the retired text may live in an imported file, so the needle test cannot skip.
      const typeAware = analysisOptions.resolveIdentifier !== undefined;
      if (!typeAware && !hooks.memo.passesNeedleTest(sourceCode, options.catalog, () => mightContainRetiredCall(sourceCode.text, analysisOptions))) return {};

      function report(finding: RetiredCallFinding): void {
        const loc = {
          start: sourceCode.getLocFromIndex(finding.range[0]),
          end: sourceCode.getLocFromIndex(finding.range[1]),
        };
        const data = messageData(finding, options);
        const messageId = finding.migration === 'rewrite' && finding.edits.length > 0 ? 'retiredRewrite' : 'retiredTodo';
        const autofix = messageId === 'retiredRewrite' && spec.fixable;
        context.report({
          loc,
          messageId,
          data,
          ...(autofix ? { fix: applyEdits(finding.edits) } : { suggest: suggestionsFor(finding) }),
        });
        hooks.onFinding?.({
          ruleId,
          finding,
          line: loc.start.line,
          column: loc.start.column + 1,
          endLine: loc.end.line,
          endColumn: loc.end.column + 1,
          message: interpolate(MESSAGES[messageId], data),
        });
      }

      function suggestionsFor(finding: RetiredCallFinding): TSESLint.SuggestionReportDescriptor<RetirementMessageId>[] {
        const rewrite = finding.migration === 'rewrite' && finding.edits.length > 0 ? [{ replacement: finding.replacements[0]!, edits: finding.edits }] : [];
        const candidates = [...rewrite, ...finding.candidates]
          .filter((candidate) => candidate.edits.length > 0)
          .map((candidate) => ({
            messageId: 'switchToCandidate' as const,
            data: { replacement: describeEndpoint(candidate.replacement) },
            fix: applyEdits(candidate.edits),
          }));
        if (hasTodoAbove(sourceCode.text, finding.statementStart, finding.entry.id)) return candidates;
        const insertTodo = {
          messageId: 'insertTodo' as const,
          data: { entryId: finding.entry.id },
          fix: (fixer: TSESLint.RuleFixer) => {
            const edit = todoCommentEdit(sourceCode.text, finding.statementStart, finding.todoText);
            return fixer.insertTextBeforeRange([edit.range[0], edit.range[1]], edit.text);
          },
        };
        return [insertTodo, ...candidates];
      }

      return {
        Program(program: TSESTree.Program): void {
          const findings = hooks.memo.findingsOf(program, analysisOptions, () =>
            findRetiredCalls(program, sourceCode.text, { ...analysisOptions, programIndex: hooks.memo.programIndexOf(program, sourceCode.text) }),
          );
          findings.filter((finding) => finding.entry.family === spec.family && isReportable(finding, options)).forEach(report);
        },
        'Program:exit'(program: TSESTree.Program): void {
          hooks.memo.release(program);
        },
      };
    },
  });
}
