import { createSunsetRule, type SunsetRuleModule } from '../util/create-sunset-rule.js';
import { createAnalysisMemo, type AnalysisMemo } from '../util/file-analysis.js';

export function create(memo: AnalysisMemo = createAnalysisMemo()): SunsetRuleModule {
  return createSunsetRule('no-sunset-todo', memo);
}

export default create();
