import type { Migration, Phase } from '@sunset/rule-data';
import type { NotScannedCounts, ResolvedConfig } from '@sunset/engine';

export type Severity = 'error' | 'warning';

/**
 * A place that belongs to the same finding: the SOAPAction header of a SOAP envelope's request, or
 * in another file (`file` set) the declaration of an imported constant the finding's value came from.
 */
export interface RelatedLocation {
  /** Set when the place is in another file than the finding's: relative to the working directory, forward slashes. */
  readonly file?: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly message: string;
}

/** One problem in one file. Line and column are 1-based; columns count UTF-16 code units (as ESLint). */
export interface Finding {
  /** Relative to the working directory, forward slashes. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine?: number;
  readonly endColumn?: number;
  /** The rule id as ESLint names it, e.g. `sunset/no-legacy-rest-path`. */
  readonly rule: string;
  readonly message: string;
  /** Retirement findings only: the entry id, the retired key as the spec writes it, the replacements. */
  readonly entry?: string;
  readonly retired?: string;
  readonly replacements?: readonly string[];
  readonly phase?: Phase;
  readonly fix?: Migration;
  readonly related?: readonly RelatedLocation[];
  /**
   * Retirement findings only, when the code does not say the request's method and its path has several
   * retired methods: the ids of the entries it may be (`entry` first). `retired` is then the path alone.
   */
  readonly entries?: readonly string[];
  /** Retirement findings only: the URL goes on past the path with a value the code does not show (`/v1/campaigns${suffix}`). */
  readonly pathEndUnknown?: true;
  /** Retirement findings only: the host the request names (lower case, with port); null when the code does not show it. */
  readonly host?: string | null;
  /** The rule's level; the CLI decides what fails from `phase` and `--fail-on`. */
  readonly severity: Severity;
}

/** A request not reported: its method is not said, and another method of its path stays available. */
export interface UnresolvedMethod {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly path: string;
  readonly retiredMethods: readonly string[];
  readonly liveMethods: readonly string[];
  readonly entries: readonly string[];
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
  /** Files that passed the needle prefilter and were parsed. */
  readonly candidates: number;
  /** Findings reported (baselined ones excluded). */
  readonly findings: number;
  /** Reported findings at or past the fail threshold. */
  readonly failing: number;
  /** Findings suppressed by the baseline. */
  readonly baselined: number;
  /** The day the baseline expired on, when it did: it suppressed nothing (its findings are reported again). */
  readonly baselineExpired?: string;
  readonly errors: number;
  /** Files the walk found but did not read, by reason (unreadable ones are also in `errors`). */
  readonly notScanned: NotScannedCounts;
}

/** A file found but not scanned, and why (`too-large`, `minified`, `excluded-by-config`, …). */
export interface NotScannedFile {
  readonly file: string;
  readonly reason: string;
  readonly message: string;
}

/** Where the time of a run went, in milliseconds (`--stats`). */
export interface CheckStats {
  readonly timings: { readonly walk: number; readonly read: number; readonly prefilter: number; readonly parse: number; readonly index: number; readonly checks: number };
  /** Folders the run listed: the search for nested configs, the walks and the lookups of path aliases share one listing, each folder listed once. */
  readonly foldersListed: number;
}

export interface CheckReport {
  readonly findings: readonly Finding[];
  readonly errors: readonly FileError[];
  readonly notScanned: readonly NotScannedFile[];
  /** Requests to a path with a live method whose own method is not said: not reported, listed. */
  readonly unresolvedMethod?: readonly UnresolvedMethod[];
  /** URLs whose host is another API's than their retired path's: findings `"*"` hosts would add. */
  readonly otherHosts?: number;
  /** `otherHosts` by file (display paths, sorted). */
  readonly otherHostsByFile?: readonly { readonly file: string; readonly count: number }[];
  readonly summary: CheckSummary;
  readonly stats?: CheckStats;
}
