import type { RetirementRuleModule } from '../util/create-retirement-rule.js';
import type { RuleHooks } from '../util/rule-hooks.js';
import { createNoLegacyRestPath } from './no-legacy-rest-path.js';
import { createNoRetiredSoapOperation } from './no-retired-soap-operation.js';
import type { NoSunsetTodoRuleModule } from './no-sunset-todo.js';
import { createNoSunsetTodo } from './no-sunset-todo.js';
import { createNoSyncReporting } from './no-sync-reporting.js';

export interface SunsetRules {
  readonly 'no-legacy-rest-path': RetirementRuleModule;
  readonly 'no-retired-soap-operation': RetirementRuleModule;
  readonly 'no-sunset-todo': NoSunsetTodoRuleModule;
  readonly 'no-sync-reporting': RetirementRuleModule;
}

export type SunsetRuleName = keyof SunsetRules;

/** Every rule of the plugin, alphabetically, built around one set of hooks (shared memo, report listener). */
export function createRules(hooks: RuleHooks): SunsetRules {
  return {
    'no-legacy-rest-path': createNoLegacyRestPath(hooks),
    'no-retired-soap-operation': createNoRetiredSoapOperation(hooks),
    'no-sunset-todo': createNoSunsetTodo(hooks),
    'no-sync-reporting': createNoSyncReporting(hooks),
  };
}
