import { crossFileMessageName, crossFileMessages, interpolate } from '@sunset/rule-data';
import { asTodo, messageOf, migratedByDeclarations, migrationFactsOf, type Finding, type MigrationFacts, type RetirementFacts, type RuleName } from '../analysis-contract.js';
import type { CrossFileRelatedLocation } from '../check/check-source.js';

// One request is one finding. A constant one scanned file exports and a request of another file reads
// is reported at that request, with the declaration as a related place; the declaration's own file,
// checked alone, cannot know who reads the constant and reports the literal there too. Once the
// module graph has found the request, that second finding goes (as `sunset check --project` drops it;
// ESLint, linting one file with what it imports, keeps it).
//
// What the dropped finding knew still counts: where it was a one-to-one rewrite, `sunset fix` rewrites
// the declaration (each file is fixed on its own first), and a request that reads it and needs just that
// rewrite is migrated by it. Such a request is a rewrite too (`creditRewrite`), not "a manual migration".

/** A place as `consumedDeclarations` keys it. */
export const placeKey = (file: string, line: number, column: number): string => `${file}\u0000${line}\u0000${column}`;

/** The places (`placeKey`) of the values in other files that `findings` read: the declarations they consume. */
export function consumedDeclarations(findings: Iterable<{ readonly crossFileRelated?: readonly CrossFileRelatedLocation[] }>): Set<string> {
  const consumed = new Set<string>();
  for (const finding of findings) {
    for (const place of valuePlaces(finding)) consumed.add(placeKey(place.file, place.line, place.column));
  }
  return consumed;
}

const valuePlaces = (finding: { readonly crossFileRelated?: readonly CrossFileRelatedLocation[] }): CrossFileRelatedLocation[] =>
  (finding.crossFileRelated ?? []).filter((place) => place.role === 'value');

/** What a finding that reads values of other files needs to be credited with their rewrite. */
interface ConsumingFinding {
  readonly rule: RuleName;
  readonly messageId: string;
  readonly data: Readonly<Record<string, string>>;
  readonly message: string;
  readonly retirement?: RetirementFacts;
  readonly crossFileRelated?: readonly CrossFileRelatedLocation[];
}

/**
 * `finding` as a rewrite that `sunset fix` makes where the values it reads are declared: `fix: rewrite`,
 * the rewrite's message, and each of those declarations said to be rewritten there (`rewritten`: their places).
 */
export function creditRewrite<F extends ConsumingFinding>(finding: F, rewritten: ReadonlySet<string>): F {
  const facts: RetirementFacts = { ...finding.retirement! };
  // A rewrite has no TODO, and so no cause for one.
  delete (facts as { todoCause?: string }).todoCause;
  return {
    ...finding,
    messageId: 'retiredRewrite',
    message: messageOf(finding.rule, 'retiredRewrite', finding.data),
    retirement: { ...facts, migration: 'rewrite' },
    crossFileRelated: finding.crossFileRelated!.map((place) =>
      place.role === 'value' && rewritten.has(placeKey(place.file, place.line, place.column)) ? { ...place, message: rewrittenMessage(place.message) } : place,
    ),
  };
}

/** Why a value a request without a finding also reads is not rewritten where it is declared. */
export const readByUnreportedCause = 'the value is also read by a request that this migration does not cover; a rewrite here would move that request too';

/**
 * `finding` (a rewrite where a value is declared) as a TODO: a request without a finding also reads the
 * value, so `sunset fix` does not rewrite it there (the analysis says the same of a constant a request of
 * its own file reads).
 */
export function debitRewrite<F extends Pick<Finding, 'rule' | 'messageId' | 'data' | 'message' | 'fix' | 'retirement'>>(finding: F): F {
  return asTodo(finding, readByUnreportedCause);
}

/** `crossFileMessages.value` said of a declaration `sunset fix` rewrites: `valueRewritten`. */
function rewrittenMessage(message: string): string {
  const name = crossFileMessageName('value', message);
  return name === undefined ? message : interpolate(crossFileMessages.valueRewritten, { name });
}

interface Located {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly crossFileRelated?: readonly CrossFileRelatedLocation[];
}

/**
 * `findings` without those at a declaration another finding of them consumes (`consumedDeclarations`);
 * a finding whose request those declarations' rewrites migrate (`migratedByDeclarations`) is credited with them (`creditRewrite`),
 * unless a request without a finding also reads one of them (`readUnreported`: `sunset fix` does not rewrite such a declaration)
 * or a function the analysis does not see into is given it (`givenToHelpers`: `postJson(MANAGERS, body)` may send it; a
 * declaration only such functions read keeps its own finding, as within one file).
 */
export function withoutConsumedDeclarations<F extends Located & Partial<ConsumingFinding>>(
  findings: readonly F[],
  readUnreported: readonly Omit<Located, 'crossFileRelated'>[] = [],
  givenToHelpers: readonly Omit<Located, 'crossFileRelated'>[] = [],
): F[] {
  const sharedWithOthers = new Set(readUnreported.map((place) => placeKey(place.file, place.line, place.column)));
  const noCredit = new Set([...sharedWithOthers, ...givenToHelpers.map((place) => placeKey(place.file, place.line, place.column))]);
  const consumed = consumedDeclarations(findings);
  if (consumed.size === 0) return sharedWithOthers.size === 0 ? [...findings] : findings.map((finding) => debitShared(finding, sharedWithOthers));
  const dropped = new Map<string, MigrationFacts[]>();
  const kept: F[] = [];
  for (const finding of findings) {
    const key = placeKey(finding.file, finding.line, finding.column);
    if (!consumed.has(key)) kept.push(debitShared(finding, sharedWithOthers));
    else if (finding.retirement !== undefined) dropped.set(key, [...(dropped.get(key) ?? []), migrationFactsOf(finding.retirement)]);
  }
  return kept.map((finding) => {
    if (finding.retirement === undefined || finding.rule === undefined) return finding;
    const places = valuePlaces(finding).map((place) => placeKey(place.file, place.line, place.column)).filter((key) => dropped.has(key));
    if (places.some((key) => noCredit.has(key))) return finding;
    const migrated = migratedByDeclarations(finding.retirement, places.flatMap((key) => dropped.get(key)!));
    return migrated ? creditRewrite(finding as F & ConsumingFinding, new Set(places)) : finding;
  });
}

/** A finding where a value is declared that a request without a finding also reads (`readUnreported`): no rewrite there. */
function debitShared<F extends Located & Partial<ConsumingFinding>>(finding: F, shared: ReadonlySet<string>): F {
  if (finding.rule === undefined || !shared.has(placeKey(finding.file, finding.line, finding.column))) return finding;
  return debitRewrite(finding as F & ConsumingFinding & Pick<Finding, 'fix'>);
}
