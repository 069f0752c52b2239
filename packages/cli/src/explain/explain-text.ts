import { daysBetween, describeEndpoint, describeSupportEnd, noSunsetAnnounced, phaseOf, ruleDocsUrl, supportEndCell, type IsoDay, type RetirementEntry, type RuleName } from '@sunset/rule-data';
import { ruleDocsMarkdown } from './rule-docs.generated.js';
import type { EntryExample } from './entry-example.js';

const familyText = { rest: 'legacy REST path', soap: 'SOAP/WCF operation', reporting: 'synchronous reporting' } as const;

/** The rule that reports an entry's calls. */
export function ruleOfEntry(entry: RetirementEntry): RuleName {
  return entry.family === 'rest' ? 'no-legacy-rest-path' : entry.family === 'soap' ? 'no-retired-soap-operation' : 'no-sync-reporting';
}

const indent = (text: string, by = '    '): string =>
  text
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => (line === '' ? '' : by + line))
    .join('\n');

function phaseLine(entry: RetirementEntry, asOf: IsoDay): string {
  const { gaEnds, supportEnds } = entry.schedule;
  const phase = phaseOf(entry, asOf);
  if (phase === 'retired') return `retired: support ended ${supportEnds}, ${daysBetween(supportEnds, asOf)} days ago`;
  if (phase === 'deprecated' && supportEnds === noSunsetAnnounced) return `deprecated: general availability ended ${gaEnds}; ${describeSupportEnd(supportEnds)}`;
  if (phase === 'deprecated') return `deprecated: general availability ended ${gaEnds}; support ends ${supportEnds}, in ${daysBetween(asOf, supportEnds)} days`;
  return `scheduled: general availability ends ${gaEnds}, in ${daysBetween(asOf, gaEnds)} days`;
}

/** `sunset explain <entry>`: the migration guide of one entry, from rule-data and the engine's own fix. */
export function explainEntry(entry: RetirementEntry, asOf: IsoDay, example: EntryExample | undefined): string {
  const rule = ruleOfEntry(entry);
  const lines = [
    `${entry.retiredKey}  (entry ${entry.id})`,
    `${entry.service}, ${familyText[entry.family]}${entry.origin === 'custom' ? ' (a custom entry of your config)' : ''}; reported by sunset/${rule}`,
    '',
    `Phase on ${asOf}: ${phaseLine(entry, asOf)}`,
    `  general availability ends  ${entry.schedule.gaEnds}`,
    `  support ends               ${supportEndCell(entry.schedule.supportEnds)}`,
    '',
    entry.replacements.length === 0
      ? 'Use instead: the spec names no replacement.'
      : `Use instead${entry.replacementApis.length === 0 ? '' : ` (${entry.replacementApis.join(', ')})`}: ${entry.replacements.map(describeEndpoint).join(', ')}`,
    '',
  ];
  if (entry.migration === 'rewrite') {
    lines.push('Migration: `sunset fix` rewrites it. The move is one-to-one: every parameter of the new path comes from the old URL.');
  } else {
    lines.push(`Migration: a person must decide. \`sunset fix\` leaves a TODO(sunset:${entry.id}) comment above the call, because`, `  ${entry.todoReason ?? 'the spec gives no one-to-one replacement'}.`);
  }
  if (example !== undefined) {
    lines.push('', 'Example (sunset fix on such a call):', '  before', indent(example.before), '  after', indent(example.after));
  }
  lines.push('', `Rule: sunset explain ${rule} · ${ruleDocsUrl(rule)}`, '');
  return lines.join('\n');
}

/**
 * `sunset explain <rule>`: the rule's docs as shipped (the ESLint plugin's docs/rules page, copied
 * into the CLI by `pnpm generate`), without the editor-only header, then the entries it reports.
 */
export function explainRule(rule: RuleName, entries: readonly RetirementEntry[]): string {
  const markdown = ruleDocsMarkdown[rule] ?? `# sunset/${rule}\n`;
  const [head = '', body = ''] = markdown.split('<!-- end auto-generated rule header -->');
  const title = head.split('\n').find((line) => line.startsWith('# ')) ?? `# sunset/${rule}`;
  const description = head.split('\n').find((line) => line.startsWith('📝'))?.replace(/^📝\s*/, '');
  const own = entries.filter((entry) => ruleOfEntry(entry) === rule);
  const lines = [title, ...(description === undefined ? [] : ['', description]), body.replace(/^\n+/, '\n').replace(/\n+$/, '')];
  if (own.length > 0 && rule !== 'no-sunset-todo') {
    lines.push('', '## Entries it reports', '', ...own.map((entry) => `- ${entry.retiredKey} (${entry.id}): ${entry.migration === 'rewrite' ? 'sunset fix rewrites it' : 'a TODO for a person'}`), '', 'Run `sunset explain <entry id or retired key>` for one of them.');
  }
  lines.push('', `Docs: ${ruleDocsUrl(rule)}`, '');
  return lines.join('\n');
}
