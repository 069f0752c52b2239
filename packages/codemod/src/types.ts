import type { AnalysisOptions, RetiredCallFinding, TextEdit } from '@sunset/analysis';

/** What the codemod did at one retired call site. */
export type SiteAction = 'rewritten' | 'todo' | 'skipped';

/** One line of the per-site report (`sunset fix --format json`). Line and column are 1-based. */
export interface SiteReport {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** The entry id, as in `TODO(sunset:<id>)`. */
  readonly entry: string;
  /** The retired key as the spec writes it (`GET /v1/campaigns`, `GetCampaigns`). */
  readonly retired: string;
  readonly action: SiteAction;
  readonly reason: string;
}

/** Where a file failed to parse; line and column are 1-based. */
export interface ParseFailure {
  readonly line: number;
  readonly column: number;
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
  /** User-defined retirement entries, validated by `createCatalog` from `@sunset/rule-data`. */
  readonly customEntries?: unknown;
  /** A catalog already built (the CLI builds it once per run); wins over `customEntries`. */
  readonly catalog?: AnalysisOptions['catalog'];
}

/**
 * The edits one site contributes, applied all together or not at all. A TODO site whose marker
 * is already present (or inserted for another finding of the same statement) has no edits.
 */
export interface SiteEdit {
  readonly finding: RetiredCallFinding;
  readonly action: 'rewritten' | 'todo';
  readonly edits: readonly TextEdit[];
  /** Why: the replacement for a rewrite, the entry's reason for a TODO. */
  readonly reason: string;
}
