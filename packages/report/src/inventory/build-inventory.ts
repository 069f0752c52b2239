import { phaseOf, type Catalog, type IsoDay, type Phase } from '@sunset/rule-data';
import { builtinApiId, describeEndpoint, noSunsetAnnounced } from '@sunset/rule-data';
import { compareText } from '../text.js';
import { callLabelOf, callRowKeyOf, isMethodNotShown } from './call-rows.js';
import { reportFamilyOf } from './family.js';
import { phases, reportFamilies, type Count, type Deadline, type EntryRow, type OwnerRow, type ReportFamily, type ReportSite, type Totals } from './types.js';

export const noOwner = '(no owner)';

const countOf = (sites: readonly ReportSite[]): Count => ({
  total: sites.length,
  rewrite: sites.filter((site) => site.fix === 'rewrite').length,
  todo: sites.filter((site) => site.fix === 'todo').length,
});

function tally<K extends string>(keys: readonly K[], sites: readonly ReportSite[], keyOf: (site: ReportSite) => K): Record<K, number> {
  const counts = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  for (const site of sites) counts[keyOf(site)] += 1;
  return counts;
}

export function totalsOf(sites: readonly ReportSite[]): Totals {
  return {
    ...countOf(sites),
    byFamily: tally<ReportFamily>(reportFamilies, sites, (site) => site.family),
    byPhase: tally<Phase>(phases, sites, (site) => site.phase),
    inCode: sites.filter((site) => site.source !== 'runtime').length,
    runtimeOnly: sites.filter((site) => site.source === 'runtime').length,
    files: new Set(sites.map((site) => `${site.repository ?? ''}\u0000${site.file}`)).size,
  };
}

/**
 * One row per entry with sites, most sites first (then by retired key). A call the code does not show
 * all of gets the row of what `sunset check` names it (see `EntryRow`). `otherApiNames`: the API names of
 * entries the catalog does not hold, by entry id (a merge reads them from the check results).
 */
export function entryRowsOf(sites: readonly ReportSite[], catalog: Catalog, asOf: IsoDay, otherApiNames: ReadonlyMap<string, string> = new Map()): EntryRow[] {
  const byRow = groupBy(sites, (site) => [callRowKeyOf(site)]);
  const rows: EntryRow[] = [];
  for (const group of byRow.values()) {
    const first = group[0]!;
    const entry = catalog.byId(first.entry);
    const api = entry === undefined ? undefined : catalog.apiOf(entry);
    const apiName = api === undefined ? otherApiNames.get(first.entry) : api.id === builtinApiId ? undefined : api.name;
    const retired = callLabelOf(first);
    // The entry's own row says what the entry says; a row of what the code does not show says what its calls are.
    const entryRow = entry !== undefined && retired === entry.retiredKey;
    rows.push({
      entry: first.entry,
      ...(first.entries === undefined ? {} : { entries: first.entries }),
      ...(apiName === undefined ? {} : { api: apiName }),
      retired,
      ...(isMethodNotShown(first) ? { methodNotShown: true as const } : {}),
      ...(first.pathEndUnknown === undefined ? {} : { pathEndUnknown: true as const }),
      family: entry === undefined ? first.family : reportFamilyOf(entry),
      service: entry?.service ?? '',
      replacements: entryRow ? entry.replacements.map(describeEndpoint) : first.replacements,
      gaEnds: entry?.schedule.gaEnds ?? '',
      supportEnds: entry?.schedule.supportEnds ?? '',
      phase: entry === undefined ? first.phase : phaseOf(entry, asOf),
      migration: entryRow ? entry.migration : group.every((site) => site.fix === 'rewrite') ? 'rewrite' : 'todo',
      ...countOf(group),
    });
  }
  return rows.sort((a, b) => b.total - a.total || compareText(a.retired, b.retired));
}

/** One row per owner (a site with two owners counts for each), most sites first; the unowned last. */
export function ownerRowsOf(sites: readonly ReportSite[]): OwnerRow[] {
  const byOwner = groupBy(sites, (site) => (site.owners.length === 0 ? [noOwner] : site.owners));
  const rows = [...byOwner].map(([owner, group]): OwnerRow => ({ owner, ...countOf(group) }));
  const rank = (row: OwnerRow): number => (row.owner === noOwner ? 1 : 0);
  return rows.sort((a, b) => rank(a) - rank(b) || b.total - a.total || compareText(a.owner, b.owner));
}

/** GA-end and support-end days of the entries with sites (of every entry when there is none), earliest first; no end that none announced. */
export function deadlinesOf(sites: readonly ReportSite[], catalog: Catalog): Deadline[] {
  const ids = new Set(sites.map((site) => site.entry));
  const entries = catalog.entries.filter((entry) => ids.size === 0 || ids.has(entry.id));
  const byDay = new Map<string, Set<ReportFamily>>();
  for (const entry of entries) {
    for (const [kind, day] of [['ga-end', entry.schedule.gaEnds], ['support-end', entry.schedule.supportEnds]] as const) {
      if (day === noSunsetAnnounced) continue;
      const key = `${day}|${kind}`;
      const families = byDay.get(key) ?? new Set<ReportFamily>();
      families.add(reportFamilyOf(entry));
      byDay.set(key, families);
    }
  }
  return [...byDay]
    .map(([key, families]): Deadline => {
      const [day, kind] = key.split('|') as [string, Deadline['kind']];
      return { kind, day, families: reportFamilies.filter((family) => families.has(family)) };
    })
    .sort((a, b) => compareText(a.day, b.day) || compareText(a.kind, b.kind));
}

function groupBy<T>(items: readonly T[], keysOf: (item: T) => readonly string[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    for (const key of keysOf(item)) {
      const group = groups.get(key);
      if (group === undefined) groups.set(key, [item]);
      else group.push(item);
    }
  }
  return groups;
}
