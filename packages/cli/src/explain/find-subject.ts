import leven from 'leven';
import { matchUrlShape, ruleNames, type Catalog, type HttpMethod, type RetirementEntry, type RuleName } from '@sunset/rule-data';

/** What `sunset explain <name>` names: a rule, or the entries of an id, a retired key, an operation or a path. */
export type Subject =
  | { readonly kind: 'rule'; readonly rule: RuleName }
  | { readonly kind: 'entries'; readonly entries: readonly RetirementEntry[] }
  | { readonly kind: 'unknown'; readonly closest: { readonly name: string; readonly what: string } | undefined };

const fold = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Reads a rule (`no-legacy-rest-path`, `sunset/no-legacy-rest-path`), an entry id, a marker
 * (`TODO(sunset:<id>)`), a retired key as the spec writes it (`GetCampaigns`,
 * `GET /v1/campaigns/{id}`), an operation's async name (`GetCampaignsAsync`) or a path without its
 * method (every entry of that path), or a URL or path as a log shows it (`/v1/campaigns/123`, with a
 * method or not: the entries it matches). Case and spacing do not matter; anything else is unknown,
 * with the closest known name.
 */
export function findSubject(name: string, catalog: Catalog): Subject {
  const wanted = fold(name).replace(/^sunset\//, '').replace(/^todo\(sunset:([^)]+)\)$/, '$1');
  const rule = ruleNames.find((candidate) => candidate === wanted);
  if (rule !== undefined) return { kind: 'rule', rule };
  const matches = (test: (entry: RetirementEntry) => boolean): readonly RetirementEntry[] => catalog.entries.filter(test);
  const found = [
    matches((entry) => fold(entry.id) === wanted),
    matches((entry) => fold(entry.retiredKey) === wanted),
    matches((entry) => entry.kind === 'operation' && fold(`${entry.operation}Async`) === wanted),
    matches((entry) => entry.kind === 'path' && fold(entry.path) === wanted),
  ].find((entries) => entries.length > 0);
  if (found !== undefined) return { kind: 'entries', entries: found };
  // A URL or path as a log shows it (`/v1/campaigns/123`, `GET https://api.adform.com/v1/campaigns/7?x=1`): the entries it matches.
  const request = /^(?:(get|post|put|patch|delete) )?(\S*\/\S*)$/i.exec(name.trim());
  if (request !== undefined && request !== null) {
    const method = request[1]?.toUpperCase() as HttpMethod | undefined;
    const byUrl = matchUrlShape([{ kind: 'text', value: request[2]! }], method, catalog).map((match) => match.entry);
    const entries = byUrl.filter((entry, at) => byUrl.indexOf(entry) === at);
    if (entries.length > 0) return { kind: 'entries', entries };
  }
  return { kind: 'unknown', closest: closestName(wanted, catalog) };
}

/** Every name `explain` knows, with what it is. */
export function knownNames(catalog: Catalog): { readonly name: string; readonly what: string }[] {
  return [
    ...ruleNames.map((rule) => ({ name: rule, what: 'a rule' })),
    ...catalog.entries.map((entry) => ({ name: entry.id, what: `the entry id of ${entry.retiredKey}` })),
    ...catalog.entries.map((entry) => ({ name: entry.retiredKey, what: `a retired key, entry ${entry.id}` })),
  ];
}

function closestName(wanted: string, catalog: Catalog): { name: string; what: string } | undefined {
  let best: { name: string; what: string; distance: number } | undefined;
  for (const candidate of knownNames(catalog)) {
    const distance = leven(wanted, fold(candidate.name));
    if (best === undefined || distance < best.distance) best = { ...candidate, distance };
  }
  return best === undefined ? undefined : { name: best.name, what: best.what };
}
