import { checks, fixEditsExportedValue, type Finding, type Suggestion, type TextEdit } from '@sunset/analysis';
import { describeEndpoint, interpolate, retirementRuleNames, ruleMessages, type RuleName } from '@sunset/rule-data';
import type { JSONSchema4 } from '@typescript-eslint/utils/json-schema';
import type { TSESLint } from '@typescript-eslint/utils';
import { createRule, type SunsetRuleDocs } from './create-rule.js';
import type { AnalysisMemo } from './file-analysis.js';
import { validateSunsetRuleOptions } from './settings.js';

export type SunsetRuleModule = TSESLint.RuleModule<string, readonly unknown[], SunsetRuleDocs> & { name: string };

function applyEdits(edits: readonly TextEdit[]): TSESLint.ReportFixFunction {
  return (fixer) => edits.map((edit) => fixer.replaceTextRange([edit.range[0], edit.range[1]], edit.text));
}

/** A rule that is not autofixable (a custom one-to-one entry of the SOAP or reporting family) offers its rewrite as a suggestion. */
function fixAsSuggestion(finding: Finding): Suggestion[] {
  const replacement = finding.retirement?.replacements[0];
  if (finding.fix === undefined || replacement === undefined) return [];
  const data = { replacement: describeEndpoint(replacement) };
  const template = (ruleMessages[finding.rule] as Readonly<Record<string, string>>).switchToCandidate ?? '';
  return [{ messageId: 'switchToCandidate', data, message: interpolate(template, data), edits: finding.fix }];
}

/**
 * The ESLint face of one check of the rule core: meta and wording from the check and rule-data, and
 * every finding reported with its fix, its suggestions and nothing else computed here.
 */
export function createSunsetRule(name: RuleName, memo: AnalysisMemo): SunsetRuleModule {
  const { meta, run } = checks[name];
  const retirementRule = (retirementRuleNames as readonly RuleName[]).includes(name);
  return createRule<readonly unknown[], string>({
    name,
    meta: {
      type: meta.type,
      docs: { description: meta.description, recommended: meta.recommended },
      messages: ruleMessages[name],
      schema: meta.optionsSchema as unknown as JSONSchema4[],
      ...(meta.fixable ? { fixable: 'code' as const } : {}),
      ...(meta.hasSuggestions ? { hasSuggestions: true } : {}),
      defaultOptions: meta.defaultOptions,
    },
    create(context, ruleOptions) {
      // Before anything else, for every file: a bad option is an error where it is written, not a crash where a finding is.
      // Under ESLint the schema (meta.schema) has refused all this refuses, in the config and in inline comments, which
      // ESLint reports and ignores; this is for runners that do not check the schema (oxlint's JS plugins).
      validateSunsetRuleOptions(name, context.id, context.options);
      const analysis = memo.fileAnalysis(context);
      if (!analysis.needed) return {};
      const report = (finding: Finding): void => {
        const { sourceCode } = context;
        // A rewrite of a value this module exports (`fetch(LIST)` and `export const LIST = '…'`): the importers may
        // send it with a request that is not retired (a POST of the same path), which one file does not show, so
        // the editor offers it as a suggestion and `sunset fix`, which reads every file, decides.
        const exportedValue = meta.fixable && retirementRule && fixEditsExportedValue(analysis.index(), finding);
        // ESLint reads every file as UTF-8: a Latin-1 byte becomes U+FFFD, and `eslint --fix` would write the
        // replacement characters back over the user's text. Such a file gets its findings and no autofix.
        const autofix = meta.fixable && !exportedValue && !sourceCode.text.includes('\uFFFD') ? finding.fix : undefined;
        // A request whose value another file declares, where that declaration's own fix is the rewrite it needs: a rewrite (made there), no TODO to insert here.
        const rewrittenThere = analysis.rewrittenWhereDeclared(finding, name, ruleOptions);
        const suggestions = rewrittenThere ? [] : [...finding.suggestions, ...(meta.fixable && !exportedValue ? [] : fixAsSuggestion(finding))];
        context.report({
          loc: { start: sourceCode.getLocFromIndex(finding.range[0]), end: sourceCode.getLocFromIndex(finding.range[1]) },
          messageId: rewrittenThere ? 'retiredRewrite' : finding.messageId,
          data: finding.data,
          ...(autofix === undefined ? {} : { fix: applyEdits(autofix) }),
          ...(suggestions.length === 0
            ? {}
            : { suggest: suggestions.map((suggestion) => ({ messageId: suggestion.messageId, data: suggestion.data, fix: applyEdits(suggestion.edits) })) }),
        });
      };
      return {
        Program(): void {
          analysis.settled(run(analysis.index(), analysis.analysisOptions, ruleOptions)).forEach(report);
        },
      };
    },
  }) as SunsetRuleModule;
}
