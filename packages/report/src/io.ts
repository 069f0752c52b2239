/** What `runReport` writes to and knows of its surroundings; the CLI's `CliIo` fits it. */
export interface ReportIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  /** Paths are resolved against it and shown relative to it. */
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The clock: the default `asOf`, the last burndown sample, the page's "generated" line. */
  readonly now?: () => Date;
}
