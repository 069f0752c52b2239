/**
 * A problem with how the command was called or configured: a bad flag, a bad config field, a path
 * that cannot be read, a dirty work tree. The CLI prints the message and exits with code 2. The
 * engine's class, so the engine's own usage errors (paths, git guard) reach the same handler. From the engine's light entry:
 * the CLI reads its arguments and reports a bad one without loading the parser or the analysis.
 */
export { UsageError } from '@sunset/engine/usage';

/** Exit codes shared by `check` and `fix`. */
export const ExitCode = {
  ok: 0,
  failed: 1,
  usage: 2,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
