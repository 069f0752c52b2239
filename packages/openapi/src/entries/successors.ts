import { findOperation, isEndpointReference, type DescribedOperation, type Description } from '../description/description.js';
import { childPointer, type JsonPointer } from '../description/json-pointer.js';

/** The extensions that name an operation's successor, in the order their successors are listed. */
export const successorExtensions = ['x-successor', 'x-replaced-by', 'x-migration-target'] as const;

export interface SuccessorProblem {
  readonly pointer: JsonPointer;
  readonly message: string;
}

export interface Successors {
  /** The successors Sunset can match, each once. */
  readonly operations: readonly DescribedOperation[];
  /** References that name nothing usable; the caller decides whether they are errors or warnings. */
  readonly problems: readonly SuccessorProblem[];
  /** Successors that exist but that Sunset cannot match (a HEAD operation, a mixed path segment). */
  readonly unmatchable: readonly SuccessorProblem[];
}

/**
 * The successors an operation names in `x-successor`, `x-replaced-by` or `x-migration-target`: each
 * an operationId or `METHOD /path` (or a list of them), looked up in `target` (the current description).
 */
export function readSuccessors(operation: DescribedOperation, target: Description): Successors {
  const operations: DescribedOperation[] = [];
  const problems: SuccessorProblem[] = [];
  const unmatchable: SuccessorProblem[] = [];
  for (const extension of successorExtensions) {
    const value = operation.fields[extension];
    if (value === undefined) continue;
    const pointer = childPointer(operation.pointer, extension);
    const references: [unknown, JsonPointer][] = Array.isArray(value)
      ? value.map((item: unknown, index) => [item, childPointer(pointer, index)])
      : [[value, pointer]];
    for (const [reference, at] of references) {
      if (typeof reference !== 'string' || reference.trim() === '') {
        problems.push({ pointer: at, message: `must be an operationId or "METHOD /path" (or a list of them), got ${JSON.stringify(reference)}.` });
        continue;
      }
      const successor = findOperation(target, reference);
      if (successor === undefined) {
        const what = isEndpointReference(reference) ? 'an operation' : 'an operationId';
        problems.push({ pointer: at, message: `${JSON.stringify(reference)} is not ${what} of ${target.file}.` });
        continue;
      }
      if (successor.endpoint === undefined) {
        unmatchable.push({ pointer: at, message: `the successor ${JSON.stringify(reference)} is left out: ${successor.unmatchable ?? 'Sunset cannot match it'}.` });
        continue;
      }
      if (!operations.some((known) => known.identity === successor.identity)) operations.push(successor);
    }
  }
  return { operations, problems, unmatchable };
}
