import { ESLintUtils } from '@typescript-eslint/utils';

/** Where the rule docs are published; `docs.url` of every rule points into this folder. */
const RULE_DOCS_BASE_URL = 'https://github.com/sunset-tools/sunset/blob/main/packages/eslint-plugin/docs/rules/';

/** Extra `meta.docs` fields of our rules; the configs and the generated docs read them. */
export interface SunsetRuleDocs {
  /** The rule is part of the `recommended` config. */
  readonly recommended: boolean;
}

export function docsUrl(ruleName: string): string {
  return `${RULE_DOCS_BASE_URL}${ruleName}.md`;
}

export const createRule = ESLintUtils.RuleCreator<SunsetRuleDocs>((name) => docsUrl(name));
