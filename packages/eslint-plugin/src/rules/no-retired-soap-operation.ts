import type { RetirementRuleModule } from '../util/create-retirement-rule.js';
import { createRetirementRule } from '../util/create-retirement-rule.js';
import type { RuleHooks } from '../util/rule-hooks.js';

export type { RetirementMessageId as MessageId } from '../util/create-retirement-rule.js';

export function createNoRetiredSoapOperation(hooks?: RuleHooks): RetirementRuleModule {
  return createRetirementRule(
    {
      name: 'no-retired-soap-operation',
      family: 'soap',
      description: 'Disallow calls to retired SOAP/WCF operations',
      fixable: false,
    },
    hooks,
  );
}

export default createNoRetiredSoapOperation();
