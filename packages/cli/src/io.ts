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
 * Colour, by the convention chalk and Node's own `tty.getColorDepth` share: `FORCE_COLOR` decides when
 * it is set (`0` or `false` off; empty, `1`, `2`, `3` or `true` on, also when stdout is a pipe, for
 * the CI logs that render ANSI: GitHub Actions, GitLab), then a non-empty `NO_COLOR` turns it off
 * (https://no-color.org), then colour is on for a terminal unless `TERM=dumb` says it shows none.
 */
export function colorEnabled(io: CliIo): boolean {
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  const noColor = io.env.NO_COLOR;
  if (noColor !== undefined && noColor !== '') return false;
  return io.isTTY && io.env.TERM !== 'dumb';
}

export function nowOf(io: CliIo): Date {
  return io.now === undefined ? new Date() : io.now();
}
