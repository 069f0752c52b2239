import { describeEndpoint, type Migration } from '@sunset/rule-data';
import type { RetirementFacts } from '../types.js';

// A request that reads a value another file declares is migrated by `sunset fix` where the value is
// declared when the declaration's own finding is the one-to-one rewrite the request needs. `sunset
// check` (which drops that declaration's finding: one request is one finding), `sunset report` and the
// ESLint plugin (which reports both) decide it here, so the three say the same of the request.

/** A retirement finding reduced to what says whether a rewrite of one migrates another. */
export interface MigrationFacts {
  readonly entry: string;
  readonly fix: Migration;
  /** `METHOD /path` of each replacement. */
  readonly replacements: readonly string[];
}

/** A retirement finding's `MigrationFacts`. */
export const migrationFactsOf = (retirement: RetirementFacts): MigrationFacts => ({
  entry: retirement.entry.id,
  fix: retirement.migration,
  replacements: retirement.replacements.map(describeEndpoint),
});

/** The analysis' causes for a one-to-one move whose text is not all in the file (see `editsTowards`). */
const notEditableHere = /where it is written|outside the edited text/;

/**
 * Whether a request's retirement is a one-to-one move that is a TODO only because the text to edit is
 * not in its file: the entry rewrites, the method is known, and no other cause made it a TODO.
 */
export function todoOnlyForTextElsewhere(retirement: RetirementFacts): boolean {
  return retirement.migration === 'todo' && retirement.entry.migration === 'rewrite' && retirement.method !== undefined && (retirement.todoCause === undefined || notEditableHere.test(retirement.todoCause));
}

/**
 * Whether `sunset fix`, rewriting the declarations' own findings, migrates a request whose retirement is
 * `request`: every declaration's finding is a rewrite of the same entry to the request's one replacement,
 * whose method is the request's. Only for a request that is a TODO because its text is elsewhere
 * (`todoOnlyForTextElsewhere`); `declarations` are the findings at the places it reads that have one.
 */
export function migratedByDeclarations(request: RetirementFacts, declarations: readonly MigrationFacts[]): boolean {
  if (!todoOnlyForTextElsewhere(request) || request.replacements.length !== 1 || declarations.length === 0) return false;
  const replacement = request.replacements[0]!;
  if (replacement.method !== request.method) return false;
  const wanted = describeEndpoint(replacement);
  return declarations.every((declaration) => declaration.fix === 'rewrite' && declaration.entry === request.entry.id && declaration.replacements.length === 1 && declaration.replacements[0] === wanted);
}
