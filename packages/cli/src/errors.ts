/**
 * A problem with how the command was called or configured: a bad flag, a bad config field,
 * a path that cannot be read. The CLI prints the message and exits with code 2.
 */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Exit codes shared by `check` and `fix`. */
export const ExitCode = {
  ok: 0,
  failed: 1,
  usage: 2,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
