import type { TSESLint } from '@typescript-eslint/utils';
import type { RetirementEntry } from '@sunset/rule-data';
import { phaseOf } from '@sunset/rule-data';
import { findSunsetTodos } from '@sunset/analysis';
import { resolveSunsetOptions } from '../settings.js';
import type { SunsetRuleDocs } from '../util/create-rule.js';
import { createRule } from '../util/create-rule.js';
import { describeRetirement, replacementAdvice, interpolate } from '../util/describe-finding.js';
import type { RuleHooks } from '../util/rule-hooks.js';
import { createRuleHooks } from '../util/rule-hooks.js';

export type MessageId = 'sunsetTodo' | 'unknownSunsetTodo';
export type NoSunsetTodoRuleModule = TSESLint.RuleModule<MessageId, [], SunsetRuleDocs> & { name: string };

const RULE_NAME = 'no-sunset-todo';

const MESSAGES: Readonly<Record<MessageId, string>> = {
  sunsetTodo:
    'TODO(sunset:{{entryId}}) is still open: {{retiredKey}} is {{phase}} ({{schedule}}); {{replacements}}, then remove the marker.',
  unknownSunsetTodo:
    'TODO(sunset:{{entryId}}) names no known retirement entry; correct the id (see the Sunset rule docs) or remove the marker.',
};

function describeEntry(entry: RetirementEntry, asOf: string): Record<string, string> {
  return {
    entryId: entry.id,
    retiredKey: entry.retiredKey,
    ...describeRetirement(entry, phaseOf(entry, asOf), asOf),
    replacements: replacementAdvice(entry, entry.replacements),
  };
}

/** Builds `no-sunset-todo`; `hooks` come from `createPlugin` (memo and the caller's report listener). */
export function createNoSunsetTodo(hooks: RuleHooks = createRuleHooks()): NoSunsetTodoRuleModule {
  return createRule<[], MessageId>({
    name: RULE_NAME,
    meta: {
      type: 'suggestion',
      docs: { description: 'Disallow `TODO(sunset:<id>)` markers left in the code', recommended: true },
      messages: MESSAGES,
      schema: [],
      defaultOptions: [],
    },
    create(context) {
      const { sourceCode } = context;
      const options = resolveSunsetOptions(hooks.memo.settingsOf(context.settings), {}, `sunset/${RULE_NAME}`);
      const markers = findSunsetTodos(sourceCode.text);
      if (markers.length === 0) return {};

      return {
        Program(): void {
          for (const marker of markers) {
            const entry = options.catalog.byId(marker.entryId);
            const messageId = entry === undefined ? 'unknownSunsetTodo' : 'sunsetTodo';
            const data = entry === undefined ? { entryId: marker.entryId } : describeEntry(entry, options.asOf);
            const loc = {
              start: sourceCode.getLocFromIndex(marker.range[0]),
              end: sourceCode.getLocFromIndex(marker.range[1]),
            };
            context.report({ loc, messageId, data });
            hooks.onFinding?.({
              ruleId: `sunset/${RULE_NAME}`,
              finding: { entryId: marker.entryId, entry, range: marker.range, text: marker.text },
              line: loc.start.line,
              column: loc.start.column + 1,
              endLine: loc.end.line,
              endColumn: loc.end.column + 1,
              message: interpolate(MESSAGES[messageId], data),
            });
          }
        },
      };
    },
  });
}

export default createNoSunsetTodo();
