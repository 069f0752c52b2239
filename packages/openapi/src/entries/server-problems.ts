import type { DescribedOperation } from '../description/description.js';
import type { SpecProblem } from '../problems.js';

/**
 * The problems of the servers an imported operation and its successors are served from: errors, since
 * Sunset needs those servers for the entry's hosts and paths. `role` names the operation in the message
 * (`the deprecated operation`, `the removed operation`).
 */
export function neededServerProblems(operation: DescribedOperation, successors: readonly DescribedOperation[], role: string): SpecProblem[] {
  const name = (described: DescribedOperation): string => `${described.method} ${described.template}`;
  return [
    ...operation.serverProblems.map((problem) => ({ ...problem, message: `${problem.message} Sunset needs this server for ${role} ${name(operation)}.` })),
    ...successors.flatMap((successor) =>
      successor.serverProblems.map((problem) => ({ ...problem, message: `${problem.message} Sunset needs this server for ${name(successor)}, the successor of ${role} ${name(operation)}.` })),
    ),
  ];
}

/**
 * The server problems of operations Sunset does not import, once per server: warnings, since the
 * server is simply left out (a presigned-upload placeholder such as `url: "https://"` on a live operation).
 */
export function unneededServerProblems(operations: readonly DescribedOperation[]): SpecProblem[] {
  const seen = new Set<string>();
  return operations.flatMap((operation) =>
    operation.serverProblems.flatMap((problem) => {
      const key = `${problem.file}\n${problem.pointer ?? ''}\n${problem.message}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ ...problem, message: `${problem.message} Sunset does not need this server (no deprecated or removed operation Sunset imports, and no successor, is served from it), so it is left out.` }];
    }),
  );
}
