import type { RetirementRuleModule } from '../util/create-retirement-rule.js';
import { createRetirementRule } from '../util/create-retirement-rule.js';
import type { RuleHooks } from '../util/rule-hooks.js';

export type { RetirementMessageId as MessageId } from '../util/create-retirement-rule.js';

export function createNoSyncReporting(hooks?: RuleHooks): RetirementRuleModule {
  return createRetirementRule(
    {
      name: 'no-sync-reporting',
      family: 'reporting',
      description: 'Disallow calls to the retired synchronous reporting API',
      fixable: false,
    },
    hooks,
  );
}

export default createNoSyncReporting();
