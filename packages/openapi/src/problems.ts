import type { JsonPointer } from './description/json-pointer.js';

/** Something wrong (or worth knowing) in a description, at a JSON pointer of one of its files. */
export interface SpecProblem {
  /** The file as the caller named it. */
  readonly file: string;
  readonly pointer?: JsonPointer;
  /** Line and column (1-based) of the pointer in the file, when the file is small enough to locate it. */
  readonly line?: number;
  readonly column?: number;
  readonly message: string;
}

/** `items.yaml:12:17: #/paths/~1v1~1users/get/x-sunset: "soon" is not a date; ...` */
export function formatProblem(problem: SpecProblem): string {
  const where = problem.line === undefined ? problem.file : `${problem.file}:${problem.line}:${problem.column ?? 1}`;
  return problem.pointer === undefined ? `${where}: ${problem.message}` : `${where}: ${problem.pointer}: ${problem.message}`;
}

/**
 * The import cannot produce a config: the description is unreadable or invalid, a flag is missing,
 * or a value in the description is not what it must be. Every problem names its file and pointer.
 */
export class OpenApiImportError extends Error {
  readonly problems: readonly SpecProblem[];

  constructor(problems: readonly SpecProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'OpenApiImportError';
    this.problems = problems;
  }
}
