import type { Endpoint, IsoDay, Phase, RetirementEntry } from '@sunset/rule-data';
import { describeEndpoint, describePhase } from '@sunset/rule-data';

const PHASE_LABELS: Readonly<Record<Phase, string>> = {
  scheduled: 'scheduled for retirement',
  deprecated: 'deprecated',
  retired: 'retired',
};

/** `use GET /v1/buyer/campaigns`, `use one of A, B or C`, or `GetCampaignCategories has no replacement`. */
export function replacementAdvice(entry: RetirementEntry, replacements: readonly Endpoint[]): string {
  const names = replacements.map((endpoint) => describeEndpoint(endpoint));
  if (names.length === 0) return `${entry.retiredKey} has no replacement`;
  if (names.length === 1) return `use ${names[0]}`;
  return `use one of ${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** Message data shared by the retirement rules and `no-sunset-todo`. */
export function describeRetirement(
  entry: RetirementEntry,
  phase: Phase,
  asOf: IsoDay,
): { readonly phase: string; readonly schedule: string } {
  return { phase: PHASE_LABELS[phase], schedule: describePhase(entry, asOf) };
}

/** Fills `{{name}}` placeholders the way ESLint does, for the report handed to `onFinding`. */
export function interpolate(template: string, data: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{\s*([^{}]+?)\s*\}\}/gu, (placeholder, name: string) => data[name] ?? placeholder);
}
