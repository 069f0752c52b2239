import type { SunsetPlugin, SunsetRuleName } from './index.js';

/** The line that ends the generated part of a rule doc; everything below it is hand-written. */
export const RULE_DOC_HEADER_END = '<!-- end auto-generated rule header -->';
export const RULES_LIST_BEGIN = '<!-- begin auto-generated rules list -->';
export const RULES_LIST_END = '<!-- end auto-generated rules list -->';

const CONFIG_EMOJI: Readonly<Record<keyof SunsetPlugin['configs'], string>> = { recommended: '✅', all: '🌐' };
const FIX_LINK = 'https://eslint.org/docs/latest/use/command-line-interface#--fix';
const SUGGESTIONS_LINK = 'https://eslint.org/docs/latest/use/core-concepts#rule-suggestions';

function ruleNames(plugin: SunsetPlugin): SunsetRuleName[] {
  return (Object.keys(plugin.rules) as SunsetRuleName[]).sort();
}

function configsEnabling(plugin: SunsetPlugin, name: SunsetRuleName): (keyof SunsetPlugin['configs'])[] {
  const configNames = Object.keys(plugin.configs) as (keyof SunsetPlugin['configs'])[];
  return configNames.filter((config) => plugin.configs[config].rules[`sunset/${name}`] !== undefined);
}

/** The generated header of `docs/rules/<name>.md`, from the rule's meta; ends with RULE_DOC_HEADER_END. */
export function renderRuleDocHeader(plugin: SunsetPlugin, name: SunsetRuleName): string {
  const { meta } = plugin.rules[name];
  const configs = configsEnabling(plugin, name).map((config) => `${CONFIG_EMOJI[config]} \`${config}\``);
  const lines = [`# sunset/${name}`, '', `📝 ${meta.docs?.description ?? ''}.`, ''];
  if (configs.length > 0) lines.push(`💼 This rule is enabled in the following configs: ${configs.join(', ')}.`, '');
  if (meta.fixable !== undefined) {
    lines.push(`🔧 This rule is automatically fixable by the [\`--fix\` CLI option](${FIX_LINK}).`, '');
  }
  if (meta.hasSuggestions === true) {
    lines.push(`💡 This rule is manually fixable by [editor suggestions](${SUGGESTIONS_LINK}).`, '');
  }
  lines.push(RULE_DOC_HEADER_END);
  return lines.join('\n');
}

/** Replaces everything up to and including RULE_DOC_HEADER_END with `header`; a doc without one gets it prepended. */
export function withRuleDocHeader(doc: string, header: string): string {
  const end = doc.indexOf(RULE_DOC_HEADER_END);
  const body = end === -1 ? `\n\n${doc}` : doc.slice(end + RULE_DOC_HEADER_END.length);
  return header + body;
}

/** The README rules table (between RULES_LIST_BEGIN and RULES_LIST_END). */
export function renderRulesTable(plugin: SunsetPlugin): string {
  const legend = [
    `💼 Configurations enabled in: ${Object.entries(CONFIG_EMOJI).map(([config, emoji]) => `${emoji} \`${config}\``).join(', ')}.`,
    '🔧 Automatically fixable by the `--fix` CLI option.',
    '💡 Manually fixable by editor suggestions.',
  ];
  const rows = ruleNames(plugin).map((name) => {
    const { meta } = plugin.rules[name];
    const configs = configsEnabling(plugin, name).map((config) => CONFIG_EMOJI[config]).join(' ');
    const fixable = meta.fixable === undefined ? '' : '🔧';
    const suggestions = meta.hasSuggestions === true ? '💡' : '';
    return `| [${name}](docs/rules/${name}.md) | ${meta.docs?.description ?? ''} | ${configs} | ${fixable} | ${suggestions} |`;
  });
  return [
    RULES_LIST_BEGIN,
    '',
    ...legend.flatMap((line) => [line, '']),
    '| Name | Description | 💼 | 🔧 | 💡 |',
    '| :-- | :-- | :-- | :-- | :-- |',
    ...rows,
    '',
    RULES_LIST_END,
  ].join('\n');
}

/** Replaces the generated rules table in a README. */
export function withRulesTable(readme: string, table: string): string {
  const begin = readme.indexOf(RULES_LIST_BEGIN);
  const end = readme.indexOf(RULES_LIST_END);
  if (begin === -1 || end === -1) return `${readme.trimEnd()}\n\n${table}\n`;
  return readme.slice(0, begin) + table + readme.slice(end + RULES_LIST_END.length);
}
