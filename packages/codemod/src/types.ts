import type { SiteReport } from '@sunset/analysis';

export type { SiteAction, SiteReport } from '@sunset/analysis';

/** Where a file failed to parse; line and column are 1-based. */
export interface ParseFailure {
  readonly line: number;
  readonly column?: number;
  readonly message: string;
}

export interface TransformResult {
  /** The new source text; `undefined` when nothing changed (the file stays byte-identical). */
  readonly output: string | undefined;
  readonly sites: readonly SiteReport[];
  /** Present when the file does not parse; then `output` is `undefined` and `sites` is empty. */
  readonly error?: ParseFailure;
}

/**
 * Options of the transform. Values may arrive as strings from the jscodeshift command line
 * (`--asOf=2026-11-21 --apiHosts=api.example.com,api2.example.com`).
 */
export interface CodemodOptions {
  /** The day phases and TODO texts are computed for, `YYYY-MM-DD`; default today (UTC). */
  readonly asOf?: string;
  /** Only URLs with these hosts (or no host) are rewritten; a list or a comma-separated string. */
  readonly apiHosts?: readonly string[] | string;
  /** User-defined retirement entries (an array, or its JSON text), validated like `customEntries` in sunset.config.json. */
  readonly customEntries?: unknown;
}
