/** Where the CLI writes and what it knows about its surroundings; tests pass their own. */
export interface CliIo {
  readonly stdout: TextSink;
  readonly stderr: TextSink;
  /** The working directory paths are resolved against and reported relative to. */
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Whether stdout is a terminal (colour in `stylish`). */
  readonly isTTY: boolean;
  /** Whether stderr is a terminal (the `fix` progress line); defaults to `isTTY`. */
  readonly stderrIsTTY?: boolean;
  /** The clock, for baseline expiry and the default `asOf`; defaults to the system clock. */
  readonly now?: () => Date;
}

export interface TextSink {
  write(text: string): unknown;
}

/**
 * Colour is on for a terminal unless `NO_COLOR` is set to a non-empty value (https://no-color.org) or
 * `FORCE_COLOR` is `0` or `false` (chalk's convention, which log collectors that allocate a terminal set).
 */
export function colorEnabled(io: CliIo): boolean {
  const noColor = io.env.NO_COLOR;
  if (noColor !== undefined && noColor !== '') return false;
  const force = io.env.FORCE_COLOR;
  if (force === '0' || force === 'false') return false;
  return io.isTTY;
}

export function nowOf(io: CliIo): Date {
  return io.now === undefined ? new Date() : io.now();
}
