/**
 * A problem with how the engine was called: a path that does not exist or cannot be read, a file
 * that is not JS/TS, a dirty git work tree. Faces show the message as it is (the CLI exits 2).
 */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Something the run could not check or write in one file; the run goes on. Line and column are 1-based. */
export interface FileProblem {
  /** Absolute path. */
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  readonly message: string;
}

/** Code-unit order, the same on every machine and locale (reports and baselines must be stable). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `EACCES` and friends as a short phrase for a message: "permission denied (EACCES)". */
export function describeFileError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'it does not exist (ENOENT)';
    case 'EACCES':
    case 'EPERM':
      return `permission denied (${code})`;
    case 'ENOSPC':
      return 'disk full (ENOSPC)';
    case 'EDQUOT':
      return 'disk quota exceeded (EDQUOT)';
    case 'EROFS':
      return 'read-only file system (EROFS)';
    case 'EISDIR':
      return 'it is a folder (EISDIR)';
    case undefined:
      return error instanceof Error ? error.message : String(error);
    default:
      return code;
  }
}
