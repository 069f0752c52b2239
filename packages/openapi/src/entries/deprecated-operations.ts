import type { IsoDay } from '@sunset/rule-data';
import { readSpecDate } from '../description/dates.js';
import type { DescribedOperation, Description } from '../description/description.js';
import { childPointer } from '../description/json-pointer.js';
import type { SpecProblem } from '../problems.js';
import { importDay, noSunsetAnnounced, type EntryDraft } from './entry-draft.js';
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
