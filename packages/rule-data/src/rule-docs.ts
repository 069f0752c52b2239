/** Where the rule docs are published (the eslint-plugin package's docs/rules folder). */
const ruleDocsBaseUrl = 'https://github.com/sunset-tools/sunset/blob/main/packages/eslint-plugin/docs/rules/';

/** The docs page of a rule: ESLint's `meta.docs.url` and SARIF's `helpUri` both point here. */
export function ruleDocsUrl(ruleName: string): string {
  return `${ruleDocsBaseUrl}${ruleName}.md`;
}
