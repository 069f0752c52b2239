import type { ResolvedConfig } from '../config/types.js';

/** What the codemod did at one site (mirrors `SiteReport` of @sunset/codemod). Line and column are 1-based. */
export interface FixSite {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly entry: string;
  readonly retired: string;
  readonly action: 'rewritten' | 'todo' | 'skipped';
  readonly reason: string;
}

/** Result of transforming one file (mirrors `TransformResult` of @sunset/codemod). */
export interface FixFileResult {
  /** The new text; undefined when nothing changed. */
  readonly output: string | undefined;
  readonly sites: readonly FixSite[];
  /** The file does not parse; it is left untouched. */
  readonly error?: { readonly line: number; readonly column?: number; readonly message: string };
}

export interface TransformOptions {
  /** The path reports show (relative to the working directory, forward slashes). */
  readonly displayPath: string;
  readonly config: ResolvedConfig;
}

/**
 * The transform step: `@sunset/codemod` applied to one file's text. Must not read or write files,
 * and must report sites with `file` = `options.displayPath`.
 */
export type TransformFile = (
  path: string,
  source: string,
  options: TransformOptions,
) => FixFileResult | Promise<FixFileResult>;
