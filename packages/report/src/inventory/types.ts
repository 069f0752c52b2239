import type { IsoDay, Migration, Phase } from '@sunset/rule-data';
import type { Provenance } from '../provenance/provenance.js';

/**
 * The four families of the platform's retirements a manager asks about (the Label service is a SOAP
 * service, counted on its own), and `other`: the entries of another API (`apis`, `sunset import openapi`).
 */
export type ReportFamily = 'soap' | 'rest' | 'reporting' | 'label' | 'other';

/** How a site's owners were found. */
export type OwnershipSource = 'codeowners' | 'workspace-package' | 'top-level-folder';

/** A merged report's ownership: one source for every repository, or `mixed`. */
export type MergedOwnership = OwnershipSource | 'mixed';

/** One retired call: found in the code, recorded at runtime, or both. */
export interface ReportSite {
  /** Relative to the working directory, forward slashes; for a runtime caller outside it, as recorded. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly entry: string;
  readonly retired: string;
  /** ESLint's rule id (`sunset/no-legacy-rest-path`); `runtime` for a site only the runtime recorded. */
  readonly rule: string;
  readonly family: ReportFamily;
  readonly phase: Phase;
  readonly fix: Migration;
  readonly message: string;
  readonly replacements: readonly string[];
  /**
   * The code does not show the call's method and its path has several retired methods: the entries it
   * may be, `entry` first (`retired` is then the path alone, `replacements` are all of theirs).
   */
  readonly entries?: readonly string[];
  /** The URL goes on past the path with a value the code does not show: `retired` names the path up to there. */
  readonly pathEndUnknown?: true;
  readonly owners: readonly string[];
  /** `code`: found by the static scan; `runtime`: only in the runtime record; `both`. */
  readonly source: 'code' | 'runtime' | 'both';
  /** Requests the runtime record counted at this site (0 when it was not recorded). */
  readonly runtimeCount: number;
  /** The finding's line and its neighbours, for the code frame (absent for runtime-only sites and merged check results). */
  readonly frame?: CodeFrame;
  /** Merged reports: the repository the site is in. */
  readonly repository?: string;
  /** Merged reports: the file at its commit (`--link-template`, or the repository's GitHub or GitLab address). */
  readonly link?: string;
}

export interface CodeFrame {
  readonly firstLine: number;
  readonly lines: readonly string[];
  /** The reported range on `line`: UTF-16 columns, 1-based start, exclusive end. */
  readonly column: number;
  readonly endColumn: number;
}

export interface Count {
  readonly total: number;
  readonly rewrite: number;
  readonly todo: number;
}

/**
 * The calls of one entry, named as `sunset check` names them. Where the code does not show what the
 * entry's key says, the calls get rows of their own: a path without its method (`/v1/campaigns`, with
 * `methodNotShown`, and `entries` when it may be several), a prefix entry's own paths
 * (`POST /v1/reportingstats/agency/reportdata`), a path whose end is not known (`GET /v1/campaigns…`).
 */
export interface EntryRow extends Count {
  /** The entry (the first of `entries` when there are several). */
  readonly entry: string;
  /** The entries the calls may be, when the code does not show their method and their path has several retired methods. */
  readonly entries?: readonly string[];
  /** The name of its API when that is not the platform's (`Billing API`, from `apis`). */
  readonly api?: string;
  /** The retired key as check names these calls; `…` ends it when the end of their path is not known. */
  readonly retired: string;
  /** The code does not show the method of these calls: `retired` is their path alone. */
  readonly methodNotShown?: true;
  /** The URL goes on past the path with a value the code does not show. */
  readonly pathEndUnknown?: true;
  readonly family: ReportFamily;
  readonly service: string;
  readonly replacements: readonly string[];
  readonly gaEnds: IsoDay;
  readonly supportEnds: IsoDay;
  readonly phase: Phase;
  readonly migration: Migration;
}

export interface OwnerRow extends Count {
  readonly owner: string;
}

export interface Totals extends Count {
  readonly byFamily: Readonly<Record<ReportFamily, number>>;
  readonly byPhase: Readonly<Record<Phase, number>>;
  /** Sites the static scan found (the rest were only recorded at runtime). */
  readonly inCode: number;
  readonly runtimeOnly: number;
  readonly files: number;
}

/** The dates the burndown marks: GA end and support end, with the families they apply to. */
export interface Deadline {
  readonly kind: 'ga-end' | 'support-end';
  readonly day: IsoDay;
  readonly families: readonly ReportFamily[];
}

export interface HistoryPoint extends Count {
  /** The sample day (UTC). */
  readonly day: IsoDay;
  readonly commit: string;
  /** Committer date of the sampled commit, ISO 8601. */
  readonly committed: string;
  readonly byFamily: Readonly<Record<ReportFamily, number>>;
}

export interface History {
  readonly since: IsoDay;
  readonly every: HistoryStep;
  readonly points: readonly HistoryPoint[];
  /** Sampled commits whose counts came from `.sunset-cache` (the rest were computed). */
  readonly cached: number;
  /**
   * Set when the clone is shallow (`git clone --depth`, actions/checkout's default) and has no commit
   * of `since` or before: the points start where the clone's history does, not at `since`.
   */
  readonly shallowClone?: { readonly oldestCommit: string; readonly oldestCommitted: string };
}

export type HistoryStep = 'day' | 'week' | 'month';

/** What changed against a baseline file or a base commit. */
export interface ReportDiff {
  /** `baseline .sunset-baseline.json` or `main (3f2a1c0)`. */
  readonly against: string;
  readonly before: number;
  readonly after: number;
  /** Sites that are new since then (only these are listed). */
  readonly added: readonly ReportSite[];
  /** How many sites of then are gone. */
  readonly removed: number;
  /**
   * By entry: against a base commit, in the report's rows (a call the code does not show all of apart,
   * `methodNotShown`, `pathEndUnknown`); against a baseline, which records only the entry, by entry alone.
   */
  readonly byEntry: readonly { readonly entry: string; readonly retired: string; readonly methodNotShown?: true; readonly pathEndUnknown?: true; readonly before: number; readonly after: number }[];
}

/** A response whose server announced a deprecation (runtime record), for endpoints rule-data may not list. */
export interface ServerDeprecation {
  readonly method: string;
  readonly url: string;
  readonly deprecation: string | true | null;
  readonly sunset: string | null;
  readonly links: readonly string[];
  readonly count: number;
  readonly caller: string | null;
}

export interface FileNotChecked {
  /** Merged reports: the repository the file is in. */
  readonly repository?: string;
  readonly file: string;
  readonly line?: number;
  readonly message: string;
}

/** A merged report's row for one repository: its newest result. */
export interface RepositoryRow extends Count {
  readonly repository: string;
  readonly url?: string;
  readonly commit: string | null;
  /** When its result was made. */
  readonly date: string;
  readonly asOf: IsoDay;
  readonly ruleDataVersion: string;
  readonly toolVersion: string;
  readonly ownership: OwnershipSource;
  /** Files its check scanned, and files with a site. */
  readonly files: number;
  readonly filesWithSites: number;
  /** Findings its baseline suppressed (a check result does not list them). */
  readonly baselined: number;
  readonly notChecked: number;
  /** The result file it came from, as given (the newest, when it sums several folders). */
  readonly input: string;
  /**
   * When the repository was checked per folder (`cd packages/a && sunset check`): the newest result of
   * each folder, summed in this row. Absent for a repository counted by one result.
   */
  readonly folders?: readonly { readonly directory: string; readonly input: string; readonly commit: string | null; readonly total: number }[];
  readonly changedSince?: string;
}

/** What the merge read, dropped and warned about. */
export interface MergeInfo {
  /** Result files read. */
  readonly inputs: number;
  /** Older results of a repository that a newer one replaced. */
  readonly superseded: readonly { readonly input: string; readonly repository: string; readonly date: string; readonly keptInput: string }[];
  readonly ruleDataVersions: readonly string[];
  readonly warnings: readonly string[];
}

/** One merge of the organisation's history file (`--history-file`). */
export interface OrgHistoryPoint extends Count {
  readonly date: string;
  readonly repositories: number;
}

export interface OrgHistory {
  /** The history file as given. */
  readonly file: string;
  /** Every merge recorded, this one included, oldest first. */
  readonly points: readonly OrgHistoryPoint[];
}

/** Everything the page, the Markdown summary and `--format json` show. */
export interface ReportData {
  readonly tool: 'sunset report';
  readonly version: 1;
  readonly asOf: IsoDay;
  readonly generated: string;
  readonly ruleDataVersion: string;
  /** One repository's report: where it comes from (absent in a merged report: see `repositories`). */
  readonly provenance?: Provenance;
  readonly scanned: { readonly paths: readonly string[]; readonly files: number };
  readonly totals: Totals;
  readonly byEntry: readonly EntryRow[];
  readonly ownership: MergedOwnership;
  readonly byOwner: readonly OwnerRow[];
  readonly deadlines: readonly Deadline[];
  readonly sites: readonly ReportSite[];
  readonly serverDeprecations: readonly ServerDeprecation[];
  readonly notChecked: readonly FileNotChecked[];
  readonly history?: History;
  readonly diff?: ReportDiff;
  /** Merged reports (`--merge`): one row per repository, most sites first. */
  readonly repositories?: readonly RepositoryRow[];
  readonly merge?: MergeInfo;
  readonly orgHistory?: OrgHistory;
}

export const reportFamilies: readonly ReportFamily[] = ['soap', 'rest', 'reporting', 'label', 'other'];
export const phases: readonly Phase[] = ['scheduled', 'deprecated', 'retired'];

export const familyLabels: Readonly<Record<ReportFamily, string>> = {
  soap: 'SOAP/WCF operations',
  rest: 'Legacy REST paths',
  reporting: 'Synchronous reporting',
  label: 'Label service',
  other: 'Other APIs',
};
