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
    // A request of the declaring file itself (`--project`'s use of a declaration it rewrites) names no other file.
    ...(finding.crossFileRelated === undefined
      ? {}
      : {
          crossFileRelated: finding.crossFileRelated.map((place) =>
            place.role === 'value' && rewritten.has(placeKey(place.file, place.line, place.column)) ? { ...place, message: rewrittenMessage(place.message) } : place,
          ),
        }),
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
 *
 * A request of the declaring file itself whose fix rewrites the value there (`fetch(LIST)` beside
 * `export const LIST = '…'`) is that declaration's rewrite: it migrates the requests of other files that
 * read the value when they need just that rewrite (they are credited with it), and it is a TODO when one
 * of them needs another migration, or a request without a finding or a helper also reads the value.
 */
export function withoutConsumedDeclarations<F extends Located & Partial<ConsumingFinding> & Pick<Partial<Finding>, 'fix'>>(
  findings: readonly F[],
  readUnreported: readonly SharedPlace[] = [],
  givenToHelpers: readonly SharedPlace[] = [],
  readByOtherHosts: readonly SharedPlace[] = [],
): F[] {
  // A request to another API's host moves with a rewrite where the value is declared, as our own requests do.
  const sharedWithOthers = new SharedPlaces([...readUnreported, ...readByOtherHosts], givenToHelpers);
  const noCredit = new Set([...sharedWithOthers.keys, ...givenToHelpers.map((place) => placeKey(place.file, place.line, place.column))]);
  const consumed = consumedDeclarations(findings);
  // A value only requests to another API's host read (and no request or helper of ours) is that vendor's: its declaration is no finding.
  const ours = new Set([...readUnreported, ...givenToHelpers].map((place) => placeKey(place.file, place.line, place.column)));
  for (const place of readByOtherHosts) {
    const key = placeKey(place.file, place.line, place.column);
    if (!ours.has(key)) consumed.add(key);
  }
  const readers = readersByFile(findings);
  if (consumed.size === 0 && readers.size === 0) return sharedWithOthers.keys.size === 0 && sharedWithOthers.empty ? [...findings] : findings.map((finding) => debitShared(finding, sharedWithOthers));
  const dropped = new Map<string, MigrationFacts[]>();
  const kept: F[] = [];
  for (const finding of findings) {
    const key = placeKey(finding.file, finding.line, finding.column);
    if (!consumed.has(key)) kept.push(debitShared(finding, sharedWithOthers));
    else if (finding.retirement !== undefined) dropped.set(key, [...(dropped.get(key) ?? []), migrationFactsOf(finding.retirement)]);
  }
  // A rewrite of the declaring file's own request made where the value is declared: as that declaration's finding.
  const settled = kept.map((finding) => {
    const read = rewrittenValuesRead(finding, readers);
    if (read.length === 0) return finding;
    const facts = migrationFactsOf(finding.retirement!);
    if (read.some(({ reader }) => reader.retirement === undefined || !migratedByDeclarations(reader.retirement, [facts]))) return asTodo(finding as F & ConsumingFinding & Pick<Finding, 'fix'>, readByOtherMigrationCause);
    for (const { key } of read) dropped.set(key, [...(dropped.get(key) ?? []), facts]);
    return finding;
  });
  return settled.map((finding) => {
    if (finding.retirement === undefined || finding.rule === undefined) return finding;
    const places = valuePlaces(finding).map((place) => placeKey(place.file, place.line, place.column)).filter((key) => dropped.has(key));
    if (places.length === 0 || places.some((key) => noCredit.has(key))) return finding;
    const migrated = migratedByDeclarations(finding.retirement, places.flatMap((key) => dropped.get(key)!));
    return migrated ? creditRewrite(finding as F & ConsumingFinding, new Set(places)) : finding;
  });
}

/** Why a request whose fix would rewrite a value that a request of another file needing another migration reads is a TODO. */
export const readByOtherMigrationCause = 'the value is also read by a request of another file that needs another migration; a rewrite here would change that request too';

/** A request of another file that reads a declared value: the value's offsets in its file, and the place key of the declaration. */
interface ValueReader<F> {
  readonly reader: F;
  readonly range: readonly [number, number];
  readonly key: string;
}

/** The findings that read values of other files, by the file declaring each value (where its offsets are known). */
function readersByFile<F extends Located & Partial<ConsumingFinding>>(findings: readonly F[]): Map<string, ValueReader<F>[]> {
  const readers = new Map<string, ValueReader<F>[]>();
  for (const finding of findings) {
    for (const place of valuePlaces(finding)) {
      if (place.range === undefined || place.file === finding.file) continue;
      const reader = { reader: finding, range: place.range, key: placeKey(place.file, place.line, place.column) };
      readers.set(place.file, [...(readers.get(place.file) ?? []), reader]);
    }
  }
  return readers;
}

/** The readers in other files of the values a one-to-one rewrite of `finding` edits where they are declared. */
function rewrittenValuesRead<F extends Located & Partial<ConsumingFinding> & Pick<Partial<Finding>, 'fix'>>(finding: F, readers: ReadonlyMap<string, readonly ValueReader<F>[]>): ValueReader<F>[] {
  const here = readers.get(finding.file);
  if (here === undefined || finding.fix === undefined || finding.retirement?.migration !== 'rewrite') return [];
  return here.filter(({ range }) => finding.fix!.some((edit) => range[0] <= edit.range[0] && edit.range[1] <= range[1]));
}

/** A declaration a request without a finding (or a helper) reads, with the offsets of its value when known. */
type SharedPlace = Omit<Located, 'crossFileRelated'> & { readonly range?: readonly [number, number] };

/**
 * The places of `readUnreported` (`keys`), and the offsets of the values that those requests and the
 * helpers given them read, by file: a request of that file whose fix edits inside them would move them.
 */
class SharedPlaces {
  readonly keys = new Set<string>();
  private readonly ranges = new Map<string, { readonly range: readonly [number, number]; readonly key: string; readonly given: boolean }[]>();

  constructor(readUnreported: readonly SharedPlace[], givenToHelpers: readonly SharedPlace[]) {
    for (const place of readUnreported) this.keys.add(placeKey(place.file, place.line, place.column));
    const add = (place: SharedPlace, given: boolean): void => {
      if (place.range !== undefined) this.ranges.set(place.file, [...(this.ranges.get(place.file) ?? []), { range: place.range, key: placeKey(place.file, place.line, place.column), given }]);
    };
    for (const place of readUnreported) add(place, false);
    for (const place of givenToHelpers) add(place, true);
  }

  get empty(): boolean {
    return this.ranges.size === 0;
  }

  /**
   * The finding is at such a declaration, or its fix edits inside one (`fetch(LIST)` beside `export const
   * LIST = '…'`); a value only given to a helper, only for a request that reads it (its declaration's own
   * finding keeps its rewrite, as within one file).
   */
  covers(finding: Located & Pick<Partial<Finding>, 'fix'>): boolean {
    const key = placeKey(finding.file, finding.line, finding.column);
    if (this.keys.has(key)) return true;
    const ranges = this.ranges.get(finding.file);
    if (ranges === undefined || finding.fix === undefined) return false;
    return finding.fix.some(({ range }) => ranges.some((place) => place.range[0] <= range[0] && range[1] <= place.range[1] && !(place.given && place.key === key)));
  }
}

/**
 * A finding where a value is declared that a request without a finding also reads (`readUnreported`), or
 * whose fix rewrites a value such a request or a helper reads (a request of the declaring file itself): no rewrite there.
 */
function debitShared<F extends Located & Partial<ConsumingFinding>>(finding: F, shared: SharedPlaces): F {
  if (finding.rule === undefined || !shared.covers(finding as F & Pick<Partial<Finding>, 'fix'>)) return finding;
  return debitRewrite(finding as F & ConsumingFinding & Pick<Finding, 'fix'>);
}
