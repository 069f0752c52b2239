import path from 'node:path';
import { checkFiles, displayPath, excerptLines, findGitRoot, makeFolder, resolveConfig, toPosix, UsageError, validateDay, writeFileAtomic, type ResolvedConfig } from '@sunset/engine';
import { todayUtc } from '@sunset/rule-data';
import { describeReportOptions, parseReportArgs, type ReportArgs } from './args.js';
import { comparedSiteOf, diffAgainstBaseline, diffSites, readBaselineSites, type CurrentSite } from './diff/diff-sites.js';
import { burndown } from './history/burndown.js';
import { shallowHistoryWarning } from './history/shallow-warning.js';
import { HistoryCache } from './history/cache.js';
import { BlobReader, git } from './history/git.js';
import { CommitScanner } from './history/scan-commit.js';
import { deadlinesOf, entryRowsOf, ownerRowsOf, totalsOf } from './inventory/build-inventory.js';
import { callsLeft } from './inventory/calls-left.js';
import { codeSiteOf } from './inventory/code-sites.js';
import { isReportedRetirement } from './inventory/reportable.js';
import type { History, ReportData, ReportDiff } from './inventory/types.js';
import type { ReportIo } from './io.js';
import { ownerResolverFor } from './owners/owner-resolver.js';
import { renderHtml } from './render/html.js';
import { renderJson } from './render/json.js';
import { renderMarkdown } from './render/markdown.js';
import { mergeRuntimeSites, readRuntimeRecords, serverDeprecationsOf } from './runtime/runtime-sites.js';
import { parseLinkTemplate } from './merge/link-template.js';
import { mergeResults } from './merge/merge-results.js';
import { appendOrgHistory, historyLineOf, missingSince, orgHistoryOf, readOrgHistory, type HistoryFile, type OrgHistoryLine } from './merge/org-history.js';
import { readResults } from './merge/read-results.js';
import { schemaValidators } from './merge/result-schemas.js';
import { provenanceOf } from './provenance/provenance.js';
import { plural } from './text.js';
import { reportVersion, ruleDataVersion } from './versions.js';

export const reportHelp = `Usage: sunset report [options] [paths...]
       sunset report --merge [options] <result files or globs...>

The migration inventory as one self-contained HTML page (or Markdown for a pull-request comment, or
JSON): the calls left to replace (retired, or deprecated only) by family, phase, entry and owner, what the codemod can do, every site
with its code frame, and with --history the burndown over git history. With --merge, one page over the
results of many repositories (sunset check --format json), by repository and owner across them.

Options:
${describeReportOptions()}

Exit codes: 0 report written, 2 usage or configuration error.
`;


/**
 * `sunset report`: scans the paths like `sunset check`, merges runtime records, samples git history
 * for the burndown, compares with a baseline or base commit, and writes HTML, Markdown or JSON.
 * Never calls process.exit; returns the exit code (usage errors are printed, exit 2).
 */
export async function runReport(argv: readonly string[], io: ReportIo): Promise<number> {
  try {
    const args = parseReportArgs(argv);
    if (args.help) {
      io.stdout.write(reportHelp);
      return 0;
    }
    const merged = args.merge ? await buildMergedReport(args, io) : undefined;
    const data = merged?.data ?? (await buildReport(args, io));
    const text = args.format === 'html' ? renderHtml(data, { editor: args.editor, outDir: outDirOf(args, io), cwd: io.cwd }) : args.format === 'md' ? renderMarkdown(data) : renderJson(data);
    const out = args.out ?? (args.format === 'html' ? 'sunset-report.html' : '-');
    for (const warning of data.merge?.warnings ?? []) io.stderr.write(`sunset: warning: ${warning}\n`);
    const shallow = data.history === undefined ? undefined : shallowHistoryWarning(data.history);
    if (shallow !== undefined) io.stderr.write(`sunset: warning: ${shallow}\n`);
    if (out === '-') {
      io.stdout.write(text);
    } else {
      await writeOut(path.resolve(io.cwd, out), out, text);
    }
    // The history grows only once the report is written: a merge that failed leaves no line.
    if (merged?.history !== undefined) await appendOrgHistory(merged.history.file, merged.history.line);
    if (out !== '-') {
      const { total, rewrite } = data.totals;
      const across = data.repositories === undefined ? '' : ` across ${plural(data.repositories.length, 'repository').replace(/ys$/, 'ies')}`;
      io.stderr.write(`Wrote the ${args.format} report to ${out}: ${callsLeft(data.totals)}${across}, the codemod can do ${rewrite} of ${total}.\n`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`sunset: ${error.message}\n`);
    return 2;
  }
}

/**
 * `--merge`: the results (files or globs) as one report over their repositories, and with
 * `--history-file` the organisation's history read (and this merge's line, appended once the report
 * is written).
 */
export async function buildMergedReport(args: ReportArgs, io: ReportIo): Promise<{ data: ReportData; history?: { file: HistoryFile; line: OrgHistoryLine } }> {
  const now = io.now?.() ?? new Date();
  const asOf = args.asOf === undefined ? todayUtc(now) : validateDay(args.asOf, '--as-of', '--as-of');
  const linkTemplate = args.linkTemplate === undefined ? undefined : parseLinkTemplate(args.linkTemplate);
  const schemas = await schemaValidators();
  const historyFile = args.historyFile === undefined ? undefined : await readOrgHistory(args.historyFile, io.cwd, schemas);
  const inputs = await readResults(args.paths, io.cwd, schemas);
  const withoutHistory = mergeResults(inputs, { asOf, now, linkTemplate }, undefined);
  if (historyFile === undefined) return { data: withoutHistory };
  const line = historyLineOf(withoutHistory);
  const missing = missingSince(historyFile, withoutHistory);
  const warnings = [...withoutHistory.merge!.warnings];
  for (const cut of historyFile.cutLines) {
    warnings.push(`${historyFile.label}:${cut} is a history line cut short (a copy that stopped mid-line): it is left out of the burndown. Sunset never rewrites the file; delete that line to drop this warning.`);
  }
  if (missing.length > 0) {
    warnings.push(`${missing.join(', ')} ${missing.length === 1 ? 'was' : 'were'} in the last merge of ${historyFile.label} but ${missing.length === 1 ? 'has' : 'have'} no result now (a failed job?): the burndown drops by ${missing.length === 1 ? 'its' : 'their'} count.`);
  }
  const data: ReportData = { ...withoutHistory, merge: { ...withoutHistory.merge!, warnings }, orgHistory: orgHistoryOf(historyFile, line) };
  return { data, history: { file: historyFile, line } };
}

/** The report's data: what every format shows. */
export async function buildReport(args: ReportArgs, io: ReportIo): Promise<ReportData> {
  const now = io.now?.() ?? new Date();
  const config = await resolveConfig(io.cwd, { config: args.config, asOf: args.asOf, apiHosts: args.apiHosts, identityHosts: args.identityHosts }, now);
  // The default mode's module graph, as `sunset check` and the history's commit scans have it.
  const scan = await checkFiles(args.paths, { cwd: io.cwd, options: config, baseDir: config.baseDir, crossFile: true });
  const gitRoot = findGitRoot(io.cwd);
  const owners = ownerResolverFor(gitRoot ?? io.cwd);

  const current: CurrentSite[] = scan.findings
    .filter((finding) => isReportedRetirement(finding, config))
    .map((finding) => codeSiteOf(finding, io.cwd, excerptLines(scan.excerpts.get(finding.file)), owners.ownersOf(finding.file)));
  const records = await readRuntimeRecords(args.runtime, io.cwd);
  const sites = mergeRuntimeSites(
    current.map(({ site }) => site),
    records,
    { cwd: io.cwd, asOf: config.asOf, catalog: config.catalog, ownersOf: owners.ownersOf },
  );

  let history: History | undefined;
  let diff: ReportDiff | undefined;
  if (args.history !== undefined || args.base !== undefined) {
    if (gitRoot === undefined) throw new UsageError(`${args.history === undefined ? '--base' : '--history'} reads git history, but ${io.cwd} is not in a git work tree. Run it in a clone.`);
    if ((await git(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], gitRoot).catch(() => '')).trim() === '') {
      const flag = args.history === undefined ? '--base' : '--history';
      throw new UsageError(
        `${flag} reads git history, but the repository at ${gitRoot} has no commits yet. Commit your work first (git add -A && git commit -m "…"), or run sunset report without ${flag}.`,
      );
    }
    const reader = new BlobReader(gitRoot);
    try {
      const scanner = new CommitScanner({ root: gitRoot, paths: scopeOf(args.paths, io.cwd, gitRoot), options: config, ignoresBase: toPosix(path.relative(gitRoot, config.baseDir)) }, reader);
      if (args.history !== undefined) {
        const today = todayUtc(now);
        if (args.history > today) throw new UsageError(`--history ${args.history} is after today (${today}). Give a day in the past.`);
        const cacheDir = args.cacheDir === undefined ? path.join(gitRoot, '.sunset-cache') : path.resolve(io.cwd, args.cacheDir);
        const cache = new HistoryCache(cacheDir, cacheSalt(config, args.paths.map((given) => toPosix(path.relative(gitRoot, path.resolve(io.cwd, given))))));
        history = await burndown({ root: gitRoot, since: args.history, every: args.every, today, scanner, cache });
      }
      if (args.base !== undefined) {
        const commit = (await git(['rev-parse', '--verify', '--quiet', `${args.base}^{commit}`], gitRoot).catch(() => '')).trim();
        if (commit === '') throw new UsageError(`--base ${args.base} is not a commit or branch of ${gitRoot}. Fetch it first (git fetch origin main) or name another.`);
        const then = (await scanner.scan(commit)).map((site) => comparedSiteOf(site, gitRoot, io.cwd));
        diff = diffSites(`${args.base} (${commit.slice(0, 7)})`, current, then);
      }
    } finally {
      reader.close();
    }
  }
  if (args.baseline !== undefined) {
    diff = diffAgainstBaseline(args.baseline, current, await readBaselineSites(path.resolve(io.cwd, args.baseline), args.baseline));
  }
  if (args.baseline !== undefined && diff !== undefined) {
    // A baseline's rows are by entry: named by the entry's key.
    diff = { ...diff, byEntry: diff.byEntry.map((row) => ({ ...row, retired: config.catalog.byId(row.entry)?.retiredKey ?? row.retired })) };
  }

  const provenance = await provenanceOf({
    cwd: io.cwd,
    env: io.env,
    now,
    repoName: args.repoName,
    config,
    ownership: owners.source,
    tool: 'sunset report',
    toolVersion: reportVersion,
    ruleDataVersion,
  });
  return {
    tool: 'sunset report',
    version: 1,
    asOf: config.asOf,
    generated: now.toISOString(),
    ruleDataVersion,
    provenance,
    scanned: { paths: args.paths, files: scan.files },
    totals: totalsOf(sites),
    byEntry: entryRowsOf(sites, config.catalog, config.asOf),
    ownership: owners.source,
    byOwner: ownerRowsOf(sites),
    deadlines: deadlinesOf(sites, config.catalog),
    sites,
    serverDeprecations: serverDeprecationsOf(records, io.cwd),
    notChecked: scan.errors.map((problem) => ({ file: displayPath(io.cwd, problem.file), ...(problem.line === undefined ? {} : { line: problem.line }), message: problem.message })),
    ...(history === undefined ? {} : { history }),
    ...(diff === undefined ? {} : { diff }),
  };
}

/** The report's paths relative to the repository root ('' for the root itself). */
function scopeOf(paths: readonly string[], cwd: string, root: string): string[] {
  return paths.map((given) => {
    const relative = toPosix(path.relative(root, path.resolve(cwd, given)));
    if (relative.startsWith('../') || relative === '..' || path.isAbsolute(relative)) {
      throw new UsageError(`${given} is outside the git work tree ${root}; --history and --base read only that repository.`);
    }
    return relative;
  });
}

/** Everything besides the commit that changes its counts. */
function cacheSalt(config: ResolvedConfig, paths: readonly string[]): unknown {
  return {
    ruleDataVersion,
    reportVersion,
    // Counts since a request is a client's base plus a path and a known host decides whose it is (issues 21, 26);
    // older caches counted every host and matched a path after any hole, and followed relative imports only (not aliases, workspace packages);
    // and before 'other-apis' counted another API's entries in the platform's families.
    scan: 'request-model+aliases+other-apis',
    paths,
    asOf: config.asOf,
    apiHosts: config.apiHosts,
    identityHosts: config.identityHosts,
    apis: config.apis,
    reportScheduled: config.reportScheduled,
    scheduledWithinDays: config.scheduledWithinDays,
    customEntries: config.customEntries,
    rules: config.rules,
    ignores: config.ignores,
    baseDir: config.baseDir,
  };
}

function outDirOf(args: ReportArgs, io: ReportIo): string {
  const out = args.out ?? 'sunset-report.html';
  return out === '-' ? io.cwd : path.dirname(path.resolve(io.cwd, out));
}

async function writeOut(file: string, label: string, text: string): Promise<void> {
  try {
    await makeFolder(path.dirname(file));
    await writeFileAtomic(file, text);
  } catch (error) {
    throw new UsageError(`Cannot write the report to ${label}: ${(error as Error).message}. Choose another --out path.`);
  }
}
