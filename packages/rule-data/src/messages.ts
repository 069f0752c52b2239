import { noSunsetAnnounced, phaseOf, todayUtc } from './dates.js';
import type { Endpoint, IsoDay, Phase, RetirementEntry } from './types.js';

/** `GET /v1/buyer/campaigns` */
export function describeEndpoint(endpoint: Endpoint): string {
  return `${endpoint.method} ${endpoint.path}`;
}

/** How every message, table and page says the support end `noSunsetAnnounced`: never as a date. */
export const noRemovalAnnounced = 'no removal announced';

/** `support ends 2026-09-30`, or `no removal announced` for `noSunsetAnnounced`. */
export function describeSupportEnd(supportEnds: IsoDay): string {
  return supportEnds === noSunsetAnnounced ? noRemovalAnnounced : `support ends ${supportEnds}`;
}

/** A support end in a table cell or a field: `2026-09-30`, or `no removal announced` for `noSunsetAnnounced`. */
export function supportEndCell(supportEnds: IsoDay): string {
  return supportEnds === noSunsetAnnounced ? noRemovalAnnounced : supportEnds;
}

/** The phase as a message says it: `retired`, `deprecated`, `scheduled for retirement`. */
export function phaseLabel(phase: Phase): string {
  return phase === 'scheduled' ? 'scheduled for retirement' : phase;
}

/** The phase with its date, for messages: `support ended 2019-10-01`. */
export function describePhase(entry: RetirementEntry, asOf: IsoDay = todayUtc()): string {
  return describeSchedule(entry, phaseOf(entry, asOf));
}

/** The dates of a phase known already (a finding's, by its rule's `asOf`): `support ended 2019-10-01`. */
export function describeSchedule(entry: RetirementEntry, phase: Phase): string {
  const { gaEnds, supportEnds } = entry.schedule;
  switch (phase) {
    case 'retired':
      return `support ended ${supportEnds}`;
    case 'deprecated':
      return `general availability ended ${gaEnds}, ${describeSupportEnd(supportEnds)}`;
    case 'scheduled':
      return `general availability ends ${gaEnds}, ${describeSupportEnd(supportEnds)}`;
  }
}

/** `GET /v1/buyer/campaigns/{id}, GET /v1/buyer/campaigns/{id}/rtbSettings`, or `none`. */
export function describeReplacements(entry: RetirementEntry): string {
  return entry.replacements.length === 0 ? 'none' : entry.replacements.map(describeEndpoint).join(', ');
}

/** What a person has to do with a call of this entry, as a short clause. */
export function describeAction(entry: RetirementEntry): string {
  if (entry.migration === 'rewrite') return `replace ${entry.retiredKey} with ${describeReplacements(entry)}`;
  return `migrate ${entry.retiredKey}: ${entry.todoReason ?? 'a person must choose the replacement'}`;
}

/**
 * What joins the clauses of a TODO's text: a line break, so a clause may hold any prose (an entry's
 * reason with its own `; `) and a comment lays each clause out on a line of its own (`todoClauses`).
 */
const todoClauseSeparator = '\n';

/** A clause as one line: its white space (a custom reason's line breaks too) made single spaces. */
const asOneClause = (clause: string): string => clause.replace(/\s+/g, ' ').trim();

/**
 * The one TODO format everywhere, a clause a line: `TODO(sunset:<id>): <what to do>`, then `candidates
 * ...` (or `no replacement named by the spec`), then the dates. A one-to-one entry's "replace X with Y"
 * names its replacement already, so it has no candidates clause.
 */
export function todoText(entry: RetirementEntry, asOf: IsoDay = todayUtc()): string {
  const action = `${todoMarker(entry.id)}: ${describeAction(entry)}`;
  const candidates = entry.replacements.length === 0 ? ['no replacement named by the spec'] : entry.migration === 'rewrite' ? [] : [`candidates ${describeReplacements(entry)}`];
  return [action, ...candidates, describePhase(entry, asOf)].map(asOneClause).join(todoClauseSeparator);
}

/** A TODO's text with one more clause at its end (`the path is PATHS.labels of ../api/paths.ts`). */
export function withTodoClause(todo: string, clause: string): string {
  return `${todo}${todoClauseSeparator}${asOneClause(clause)}`;
}

/** The clauses of a TODO's text, in order: the marker with what to do first, then candidates, dates, where values come from. */
export function todoClauses(todo: string): string[] {
  return todo.split(todoClauseSeparator).map(asOneClause).filter((clause) => clause !== '');
}

/** `TODO(sunset:<id>)` */
export function todoMarker(entryId: string): string {
  return `TODO(sunset:${entryId})`;
}

/** Finds `TODO(sunset:<id>)` markers; group 1 is the entry id. */
export const todoMarkerPattern = /TODO\(sunset:([a-z0-9][a-z0-9-]*)\)/g;
