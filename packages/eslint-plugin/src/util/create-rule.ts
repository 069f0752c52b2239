import { ruleDocsUrl } from '@sunset/rule-data';
import { ESLintUtils } from '@typescript-eslint/utils';

/** Extra `meta.docs` fields of our rules; the configs and the generated docs read them. */
export interface SunsetRuleDocs {
  /** The rule is part of the `recommended` config. */
  readonly recommended: boolean;
}

export const docsUrl = ruleDocsUrl;

export const createRule = ESLintUtils.RuleCreator<SunsetRuleDocs>((name) => ruleDocsUrl(name));
