import { noSunsetAnnounced, type IsoDay } from '@sunset/rule-data';
import { readSpecDate } from '../description/dates.js';
import type { DescribedOperation, Description } from '../description/description.js';
import { childPointer } from '../description/json-pointer.js';
import type { SpecProblem } from '../problems.js';
import { importDay, type EntryDraft } from './entry-draft.js';
import { liveMethodsOf } from './live-methods.js';
import { planMigration } from './migration.js';
import { shadowingPathsOf } from './shadowing-paths.js';
import { neededServerProblems } from './server-problems.js';
import { readSuccessors } from './successors.js';

/** The days the flags give, and the day of the import. */
export interface ImportDays {
  readonly today: IsoDay;
  readonly deprecatedOn: IsoDay | undefined;
  readonly sunsetOn: IsoDay | undefined;
}

export interface Drafts {
  readonly drafts: readonly EntryDraft[];
  readonly errors: readonly SpecProblem[];
  readonly warnings: readonly SpecProblem[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Where a response of the operation documents a `Sunset` header (RFC 8594), written in place (Sunset
 * does not follow the `$ref`s of responses): its value is known only when the server answers, so the
 * import cannot date the entry by it, but a person can.
 */
function documentedSunsetHeader(operation: DescribedOperation): { pointer: string; example: unknown } | undefined {
  const responses = operation.fields['responses'];
  if (!isRecord(responses)) return undefined;
  for (const [status, response] of Object.entries(responses)) {
    const headers = isRecord(response) ? response['headers'] : undefined;
    if (!isRecord(headers)) continue;
    const name = Object.keys(headers).find((key) => key.toLowerCase() === 'sunset');
    if (name === undefined) continue;
    const header = headers[name];
    const schema = isRecord(header) ? header['schema'] : undefined;
    const example = isRecord(header) ? (header['example'] ?? (isRecord(schema) ? schema['example'] : undefined)) : undefined;
    return { pointer: childPointer(operation.pointer, 'responses', status, 'headers', name), example };
  }
  return undefined;
}

/** The extensions that give the day general availability ended, in order of preference. */
const deprecationDateExtensions = ['x-deprecated-at', 'x-deprecation-date'] as const;

/**
 * One entry per `deprecated: true` operation: support ends on `x-sunset` (else `--sunset-on`, else
 * never announced), GA ends on `x-deprecated-at` / `x-deprecation-date` (else `--deprecated-on`,
 * else the day of the import), the successors from `x-successor` / `x-replaced-by` / `x-migration-target`.
 */
export function draftDeprecatedEntries(current: Description, days: ImportDays): Drafts {
  const drafts: EntryDraft[] = [];
  const errors: SpecProblem[] = [];
  const warnings: SpecProblem[] = [];
  const problem = (operation: DescribedOperation, pointer: string, message: string): SpecProblem => ({ file: operation.file, pointer, message });

  for (const operation of current.operations) {
    if (!operation.deprecated) {
      if (operation.fields['x-sunset'] !== undefined) {
        warnings.push(problem(operation, childPointer(operation.pointer, 'x-sunset'), 'is ignored: the operation is not deprecated (add deprecated: true to import it).'));
      }
      continue;
    }
    const successors = readSuccessors(operation, current);
    const plan = planMigration(operation, successors.operations, 'the description names no successor');
    if (plan === undefined) {
      warnings.push(problem(operation, operation.pointer, `is deprecated but not imported: ${operation.unmatchable ?? 'Sunset cannot match it'}.`));
      continue;
    }
    const readDay = (extension: string): IsoDay | undefined => {
      const value = operation.fields[extension];
      if (value === undefined) return undefined;
      const reading = readSpecDate(value, days.today);
      if ('problem' in reading) {
        errors.push(problem(operation, childPointer(operation.pointer, extension), reading.problem));
        return undefined;
      }
      return reading.day;
    };
    const sunset = readDay('x-sunset');
    const deprecationExtension = deprecationDateExtensions.find((extension) => operation.fields[extension] !== undefined);
    const deprecatedAt = deprecationExtension === undefined ? undefined : readDay(deprecationExtension);
    const supportEnds = sunset ?? days.sunsetOn ?? noSunsetAnnounced;
    const sunsetHeader = supportEnds === noSunsetAnnounced ? documentedSunsetHeader(operation) : undefined;
    if (sunsetHeader !== undefined) {
      const example = typeof sunsetHeader.example === 'string' ? ` (its example: ${JSON.stringify(sunsetHeader.example)})` : '';
      warnings.push(
        problem(
          operation,
          sunsetHeader.pointer,
          `documents a Sunset response header${example}, whose date the server sends only when called: the entry says "no removal announced". Pass --sunset-on YYYY-MM-DD (or ask the vendor for x-sunset) to give it the date.`,
        ),
      );
    }
    if (deprecationExtension !== undefined && deprecatedAt !== undefined && deprecatedAt > supportEnds) {
      const source = sunset === undefined ? '--sunset-on' : 'x-sunset';
      errors.push(problem(operation, childPointer(operation.pointer, deprecationExtension), `${deprecatedAt} is after the end of support ${supportEnds} (${source}); an operation is deprecated before it is removed.`));
      continue;
    }
    errors.push(...successors.problems.map((found) => problem(operation, found.pointer, found.message)));
    errors.push(...neededServerProblems(operation, successors.operations, 'the deprecated operation'));
    warnings.push(...successors.unmatchable.map((found) => problem(operation, found.pointer, found.message)));
    drafts.push({ operation, cause: 'deprecated', gaEnds: deprecatedAt ?? days.deprecatedOn ?? importDay, supportEnds, liveMethods: liveMethodsOf(operation, plan.retired.method, current), shadowedBy: shadowingPathsOf(operation, plan.retired, current), ...plan });
  }
  return { drafts, errors, warnings };
}
