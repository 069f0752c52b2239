import type { IsoDay } from '@sunset/rule-data';
import type { DescribedOperation, Description } from '../description/description.js';
import type { SpecProblem } from '../problems.js';
import type { EntryDraft } from './entry-draft.js';
import type { Drafts } from './deprecated-operations.js';
import { liveMethodsOf } from './live-methods.js';
import { planMigration } from './migration.js';
import { shadowingPathsOf } from './shadowing-paths.js';
import { neededServerProblems } from './server-problems.js';
import { readSuccessors } from './successors.js';

/**
 * One entry per operation of `previous` that `current` no longer has (same method and URL path,
 * parameter names aside). Its replacement is the operation that kept its operationId elsewhere, else
 * the successors the previous description named; dates come from the flags.
 */
export function draftRemovedEntries(previous: Description, current: Description, days: { readonly deprecatedOn: IsoDay; readonly sunsetOn: IsoDay }): Drafts {
  const drafts: EntryDraft[] = [];
  const errors: SpecProblem[] = [];
  const warnings: SpecProblem[] = [];
  const currentIdentities = new Set(current.operations.map((operation) => operation.identity));
  const warn = (operation: DescribedOperation, pointer: string, message: string): void => {
    warnings.push({ file: operation.file, pointer, message });
  };

  for (const operation of previous.operations) {
    if (currentIdentities.has(operation.identity)) continue;
    const survivor = operation.operationId === undefined ? undefined : current.operations.find((candidate) => candidate.operationId === operation.operationId);
    let successors: readonly DescribedOperation[];
    if (survivor?.endpoint !== undefined) {
      successors = [survivor];
    } else {
      if (survivor !== undefined) warn(operation, operation.pointer, `moved to ${survivor.pointer} in ${current.file}, which is left out as a replacement: ${survivor.unmatchable ?? 'Sunset cannot match it'}.`);
      const named = readSuccessors(operation, current);
      for (const found of [...named.problems, ...named.unmatchable]) warn(operation, found.pointer, found.message);
      successors = named.operations;
    }
    const plan = planMigration(operation, successors, 'removed from the description with no successor named');
    if (plan === undefined) {
      warn(operation, operation.pointer, `was removed but is not imported: ${operation.unmatchable ?? 'Sunset cannot match it'}.`);
      continue;
    }
    errors.push(...neededServerProblems(operation, successors, 'the removed operation'));
    drafts.push({ operation, cause: 'removed', gaEnds: days.deprecatedOn, supportEnds: days.sunsetOn, liveMethods: liveMethodsOf(operation, plan.retired.method, current), shadowedBy: shadowingPathsOf(operation, plan.retired, current), ...plan });
  }
  return { drafts, errors, warnings };
}
