import type { RetirementRuleModule } from '../util/create-retirement-rule.js';
import { createRetirementRule } from '../util/create-retirement-rule.js';
import type { RuleHooks } from '../util/rule-hooks.js';

export type { RetirementMessageId as MessageId } from '../util/create-retirement-rule.js';

export function createNoLegacyRestPath(hooks?: RuleHooks): RetirementRuleModule {
  return createRetirementRule(
    {
      name: 'no-legacy-rest-path',
      family: 'rest',
      description: 'Disallow calls to retired legacy REST paths of the Campaigns API',
      fixable: true,
    },
    hooks,
  );
}

export default createNoLegacyRestPath();
