import path from 'node:path';
import { builtinCatalog, phaseOf, type Catalog, type IsoDay, type RetirementEntry } from '@sunset/rule-data';
import { deadlinesOf, entryRowsOf, ownerRowsOf, totalsOf } from '../inventory/build-inventory.js';
import { reportFamilyOf } from '../inventory/family.js';
import type { FileNotChecked, MergedOwnership, MergeInfo, OrgHistory, RepositoryRow, ReportData, ReportFamily, ReportSite } from '../inventory/types.js';
import { isFolderOwner } from '../owners/owner-resolver.js';
import type { Provenance } from '../provenance/provenance.js';
import { compareText, plural } from '../text.js';
import { ruleDataVersion } from '../versions.js';
import type { CheckResultFinding } from './check-result.js';
import { platformLink, type LinkOf } from './link-template.js';
import type { ResultInput } from './read-results.js';

export interface MergeOptions {
  readonly asOf: IsoDay;
  readonly now: Date;
  /** `--link-template`, parsed; else each repository's GitHub or GitLab address links its files. */
  readonly linkTemplate: LinkOf | undefined;
  readonly catalog?: Catalog;
}

/** One kept result (a repository, or one folder of it) as sites, with what its row shows. */
interface RepositoryResult {
  readonly input: ResultInput;
  readonly provenance: Provenance;
  readonly sites: readonly ReportSite[];
  readonly asOf: IsoDay;
  readonly files: number;
  readonly baselined: number;
  readonly notChecked: readonly FileNotChecked[];
  /** The API names its findings record for entries of other APIs (`finding.api`), by entry id. */
  readonly otherApiNames: ReadonlyMap<string, string>;
}

const familyOfRule: Readonly<Record<string, ReportFamily>> = {
  'sunset/no-legacy-rest-path': 'rest',
  'sunset/no-sync-reporting': 'reporting',
  'sunset/no-retired-soap-operation': 'soap',
};

/**
 * One report over many results: the newest result of each repository (by the date it was made,
 * then its commit date, then the file name), every site with its repository and a link to the
 * file at its commit, phases recomputed for `asOf`, and warnings for what may not add up (other
 * rule-data versions, results of `--changed-since`).
 */
export function mergeResults(inputs: readonly ResultInput[], options: MergeOptions, orgHistory: OrgHistory | undefined): ReportData {
  const catalog = options.catalog ?? builtinCatalog;
  const { kept, superseded } = newestPerFolder(inputs);
  const groups = kept.map((group) => group.map((input) => repositoryResultOf(input, catalog, options)));
  const results = groups.flat();
  // A repository's sites by folder (its results are kept newest first).
  const sites = groups.flatMap((group) => [...group].sort((a, b) => compareText(a.provenance.directory, b.provenance.directory)).flatMap((result) => result.sites));
  const otherApiNames = new Map(results.flatMap((result) => [...result.otherApiNames]));
  const repositories = groups.map(repositoryRowOf).sort((a, b) => b.total - a.total || compareText(a.repository, b.repository));
  const versions = [...new Set(results.map((result) => result.provenance.ruleDataVersion))].sort(compareText);
  const merge: MergeInfo = { inputs: inputs.length, superseded, ruleDataVersions: versions, warnings: [...warningsOf(results, versions), ...commitWarningsOf(groups)] };
  const ownerships = new Set(results.map((result) => result.provenance.ownership));
  return {
    tool: 'sunset report',
    version: 1,
    asOf: options.asOf,
    generated: options.now.toISOString(),
    ruleDataVersion,
    scanned: { paths: repositories.map((row) => row.repository).sort(compareText), files: results.reduce((sum, result) => sum + result.files, 0) },
    totals: totalsOf(sites),
    byEntry: entryRowsOf(sites, catalog, options.asOf, otherApiNames),
    ownership: (ownerships.size === 1 ? [...ownerships][0]! : 'mixed') satisfies MergedOwnership,
    byOwner: ownerRowsOf(sites),
    deadlines: deadlinesOf(sites, catalog),
    sites,
    serverDeprecations: [],
    notChecked: results.flatMap((result) => result.notChecked),
    repositories,
    merge,
    ...(orgHistory === undefined ? {} : { orgHistory }),
  };
}

/**
 * The results each repository is counted by: the newest result of each folder checked (its
 * `provenance.directory`), newest first. A repository checked per package (`cd packages/a && sunset
 * check`, one job per package) sums its packages; a result whose folder holds or is inside the folder
 * of a newer kept result (the same folder, or the root and a package) is replaced by it, as before.
 */
function newestPerFolder(inputs: readonly ResultInput[]): { kept: ResultInput[][]; superseded: MergeInfo['superseded'] } {
  const byRepository = new Map<string, ResultInput[]>();
  for (const input of inputs) {
    const name = input.result.provenance.repository;
    byRepository.set(name, [...(byRepository.get(name) ?? []), input]);
  }
  const kept: ResultInput[][] = [];
  const superseded: MergeInfo['superseded'][number][] = [];
  for (const [repository, group] of byRepository) {
    const counted: ResultInput[] = [];
    for (const input of [...group].sort(newestFirst)) {
      const newer = counted.find((other) => overlaps(other.result.provenance.directory, input.result.provenance.directory));
      if (newer === undefined) counted.push(input);
      else superseded.push({ input: input.input, repository, date: input.result.provenance.date, keptInput: newer.input });
    }
    kept.push(counted);
  }
  return { kept: kept.sort((a, b) => compareText(a[0]!.result.provenance.repository, b[0]!.result.provenance.repository)), superseded };
}

/** Whether two folders of a repository ('' for its root) share files: the same, or one inside the other. */
function overlaps(a: string, b: string): boolean {
  return a === '' || b === '' || a === b || b.startsWith(`${a}/`) || a.startsWith(`${b}/`);
}

function newestFirst(a: ResultInput, b: ResultInput): number {
  const x = a.result.provenance;
  const y = b.result.provenance;
  return compareText(y.date, x.date) || compareText(y.committedAt ?? '', x.committedAt ?? '') || compareText(a.input, b.input);
}

function repositoryResultOf(input: ResultInput, catalog: Catalog, options: MergeOptions): RepositoryResult {
  const { provenance } = input.result;
  const linkOf = options.linkTemplate ?? platformLink(provenance.url, provenance.platform);
  const locate = (site: { file: string; line: number; column: number }): { link?: string } => {
    const link = linkOf?.({ repo: provenance.repository, commit: provenance.commit, directory: provenance.directory, file: site.file, line: site.line, column: site.column });
    return link === undefined ? {} : { link };
  };
  const phaseAt = (entryId: string, recorded: ReportSite['phase']): ReportSite['phase'] => {
    const entry = catalog.byId(entryId);
    return entry === undefined ? recorded : phaseOf(entry, options.asOf);
  };
  const repository = provenance.repository;
  // Paths from the repository root, as the links and owners are: two packages' src/index.ts stay apart.
  // A runtime record's '(unknown caller)' or absolute caller path stays as it is.
  const fromRoot = (file: string): string => (provenance.directory === '' || file.startsWith('(') || path.posix.isAbsolute(file) ? file : path.posix.join(provenance.directory, file));
  // A team spans repositories; a folder (`src/`) is an owner only in its own: `acme/web: src/`.
  const ownersOf = (owners: readonly string[]): readonly string[] => owners.map((owner) => (isFolderOwner(owner, provenance.ownership) ? `${repository}: ${owner}` : owner));
  if (input.kind === 'report') {
    const report = input.result;
    return {
      input,
      provenance,
      sites: report.sites.map((site) => ({ ...site, file: fromRoot(site.file), phase: phaseAt(site.entry, site.phase), owners: ownersOf(site.owners), repository, ...locate(site) })),
      asOf: report.asOf,
      files: report.scanned.files,
      baselined: 0,
      notChecked: report.notChecked.map((problem) => ({ ...problem, file: fromRoot(problem.file), repository })),
      otherApiNames: new Map(),
    };
  }
  const check = input.result;
  const findings = check.findings.filter(isRetirementFinding);
  const sites = findings.map((finding): ReportSite => {
    const entry = catalogEntryOf(finding, catalog);
    return {
      file: fromRoot(finding.file),
      line: finding.line,
      column: finding.column,
      entry: finding.entry,
      retired: finding.retired,
      rule: finding.rule,
      family: entry !== undefined ? reportFamilyOf(entry) : finding.api !== undefined ? 'other' : (familyOfRule[finding.rule] ?? 'rest'),
      phase: entry === undefined ? finding.phase : phaseOf(entry, options.asOf),
      fix: finding.fix,
      message: finding.message,
      replacements: finding.replacements,
      ...(finding.entries === undefined ? {} : { entries: finding.entries }),
      ...(finding.pathEndUnknown === undefined ? {} : { pathEndUnknown: finding.pathEndUnknown }),
      owners: ownersOf(finding.owners),
      source: 'code',
      runtimeCount: 0,
      repository,
      ...locate(finding),
    };
  });
  return {
    input,
    provenance,
    sites,
    asOf: check.summary.asOf,
    files: check.summary.files,
    baselined: check.summary.baselined,
    notChecked: check.errors.map((problem) => ({ ...problem, file: fromRoot(problem.file), repository })),
    otherApiNames: new Map(findings.flatMap((finding) => (finding.api === undefined || catalogEntryOf(finding, catalog) !== undefined ? [] : [[finding.entry, finding.api.name] as const]))),
  };
}

/**
 * The catalog's entry of a finding: none when the catalog lacks its id, or holds the id for another API
 * than the one the finding records (an imported entry is never taken for a platform entry of that id).
 */
function catalogEntryOf(finding: RetirementFinding, catalog: Catalog): RetirementEntry | undefined {
  const entry = catalog.byId(finding.entry);
  if (entry === undefined || (finding.api !== undefined && entry.api !== finding.api.id)) return undefined;
  return entry;
}

type RetirementFinding = CheckResultFinding & Required<Pick<CheckResultFinding, 'entry' | 'retired' | 'replacements' | 'phase' | 'fix'>>;

/** The findings the report counts: those about a retirement entry (not request checks, not TODO markers). */
function isRetirementFinding(finding: CheckResultFinding): finding is RetirementFinding {
  return finding.entry !== undefined && finding.phase !== undefined && finding.fix !== undefined;
}

/** A repository's row: its kept results summed (one, or one per folder checked), newest first. */
function repositoryRowOf(group: readonly RepositoryResult[]): RepositoryRow {
  const newest = group[0]!;
  const { provenance } = newest;
  const sites = group.flatMap((result) => result.sites);
  const rewrite = sites.filter((site) => site.fix === 'rewrite').length;
  const changedSince = group.find((result) => result.provenance.changedSince !== undefined)?.provenance.changedSince;
  return {
    repository: provenance.repository,
    ...(provenance.url === undefined ? {} : { url: provenance.url }),
    commit: provenance.commit,
    date: provenance.date,
    asOf: newest.asOf,
    ruleDataVersion: provenance.ruleDataVersion,
    toolVersion: provenance.toolVersion,
    ownership: provenance.ownership,
    files: group.reduce((sum, result) => sum + result.files, 0),
    filesWithSites: new Set(sites.map((site) => site.file)).size,
    baselined: group.reduce((sum, result) => sum + result.baselined, 0),
    notChecked: group.reduce((sum, result) => sum + result.notChecked.length, 0),
    input: newest.input.input,
    ...(group.length === 1
      ? {}
      : {
          folders: group
            .map((result) => ({ directory: result.provenance.directory, input: result.input.input, commit: result.provenance.commit, total: result.sites.length }))
            .sort((a, b) => compareText(a.directory, b.directory)),
        }),
    ...(changedSince === undefined ? {} : { changedSince }),
    total: sites.length,
    rewrite,
    todo: sites.length - rewrite,
  };
}

/** A repository whose folders were checked at different commits: each counts at its own. */
function commitWarningsOf(groups: readonly (readonly RepositoryResult[])[]): string[] {
  return groups
    .filter((group) => new Set(group.map((result) => result.provenance.commit)).size > 1)
    .map((group) => {
      const folders = [...group]
        .sort((a, b) => compareText(a.provenance.directory, b.provenance.directory))
        .map((result) => `${result.provenance.directory} at ${result.provenance.commit?.slice(0, 7) ?? 'no commit'}`);
      return `${group[0]!.provenance.repository}: its folders' results are of different commits (${folders.join(', ')}); each folder is counted at the commit it was checked at.`;
    });
}

function warningsOf(results: readonly RepositoryResult[], versions: readonly string[]): string[] {
  const warnings: string[] = [];
  if (versions.length > 1 || (versions.length === 1 && versions[0] !== ruleDataVersion)) {
    const byVersion = versions.map((version) => {
      const names = results.filter((result) => result.provenance.ruleDataVersion === version).map((result) => result.provenance.repository);
      return `${version} (${names.slice(0, 5).join(', ')}${names.length > 5 ? `, and ${names.length - 5} more` : ''})`;
    });
    warnings.push(
      `The results were made with rule data ${byVersion.join('; ')}, and this merge uses ${ruleDataVersion}: entries, dates and wording may differ between repositories. Run the same @sunset/cli version in every job.`,
    );
  }
  for (const result of results) {
    if (result.provenance.changedSince !== undefined) {
      warnings.push(`${result.provenance.repository}: its result holds only the lines changed since ${result.provenance.changedSince} (--changed-since), not the whole repository. Check it without --changed-since for the inventory.`);
    }
    if (result.baselined > 0) {
      warnings.push(`${result.provenance.repository}: ${plural(result.baselined, 'finding')} suppressed by its baseline ${result.baselined === 1 ? 'is' : 'are'} not in its result, so not counted here.`);
    }
  }
  return warnings;
}
