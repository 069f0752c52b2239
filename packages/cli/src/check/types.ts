import type { Migration, Phase } from '@sunset/rule-data';
import type { ResolvedConfig } from '../config/types.js';

export type Severity = 'error' | 'warning';

/** One problem in one file. Line and column are 1-based; columns count UTF-16 code units (as ESLint). */
export interface Finding {
  /** Relative to the working directory, forward slashes. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine?: number;
  readonly endColumn?: number;
  /** The ESLint rule id, e.g. `sunset/no-legacy-rest-path`. */
  readonly rule: string;
  readonly message: string;
  /** Retirement findings only: the entry id, the retired key as the spec writes it, the replacements. */
  readonly entry?: string;
  readonly retired?: string;
  readonly replacements?: readonly string[];
  readonly phase?: Phase;
  readonly fix?: Migration;
  /** As the linter reported it; the CLI decides what fails from `phase` and `--fail-on`. */
  readonly severity: Severity;
}

/** A file that could not be checked (unreadable, does not parse). */
export interface FileError {
  readonly file: string;
  readonly line?: number;
  readonly message: string;
}

export interface CheckSummary {
  readonly asOf: string;
  readonly failOn: ResolvedConfig['failOn'];
  /** Files found by the walk. */
  readonly files: number;
  /** Files that passed the needle prefilter and were linted. */
  readonly candidates: number;
  /** Findings reported (baselined ones excluded). */
  readonly findings: number;
  /** Reported findings at or past the fail threshold. */
  readonly failing: number;
  /** Findings suppressed by the baseline. */
  readonly baselined: number;
  readonly errors: number;
}

export interface CheckReport {
  readonly findings: readonly Finding[];
  readonly errors: readonly FileError[];
  readonly summary: CheckSummary;
}

/** A file handed to the linter: already read (the prefilter needed its text). */
export interface LintTarget {
  readonly path: string;
  readonly displayPath: string;
  readonly source: string;
}

/** What the linting step returns; the CLI adds the summary after applying the baseline. */
export interface LintResult {
  readonly findings: readonly Finding[];
  readonly errors: readonly FileError[];
}

/**
 * The linting step: ESLint's `Linter` with `@sunset/eslint-plugin`'s rules over the candidates.
 * Findings must be sorted by file, line, column. `config` carries asOf, apiHosts, catalog,
 * reportScheduled and scheduledWithinDays for the rule options.
 */
export type LintFiles = (files: readonly LintTarget[], config: ResolvedConfig, options?: LintOptions) => Promise<LintResult>;

export interface LintOptions {
  /** How many threads lint (from `SUNSET_CHECK_THREADS`); undefined: one. */
  readonly threads?: number;
}
