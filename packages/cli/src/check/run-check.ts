import type { CheckerFailure } from '@sunset/project';
import path from 'node:path';
import {
  checkFiles,
  countNotScanned,
  createFolderCache,
  createGlobalExcludes,
  displayPath,
  excerptLines,
  findGitRoot,
  holdDefaultModeRun,
  isNamedPathReason,
  listFolder,
  makeFolder,
  resolveConfig,
  sourceExtensions,
  validateDay,
  writeFileAtomic,
  type AnalysisCore,
  type CheckFilesResult,
  type ConfigProblems,
  type FileProblem,
  type LocatedFinding,
  type ResolvedConfig,
} from '@sunset/engine';
import { builtinApiHostsOf } from '@sunset/config';
import { describeEndpoint, todayUtc } from '@sunset/rule-data';
import type { CheckArgs, CheckFormat } from '../args.js';
import { applyBaseline, buildBaseline, readBaseline, writeBaseline } from '../baseline/baseline-file.js';
import { baselineFileKey, fingerprintFindings } from '../baseline/fingerprint.js';
import { ExitCode, UsageError } from '../errors.js';
import { loadFormatter } from '../format/index.js';
import { folderInRepository, fromRepositoryRoot } from '../format/repository-paths.js';
import type { FormatContext } from '../format/types.js';
import { colorEnabled, nowOf, type CliIo } from '../io.js';
import { createPhaseProgress, isCi } from '../fix/progress.js';
import { changedLinesSince, touchesChangedLines } from './changed-lines.js';
import { refuseLinkedReportFiles } from './report-files.js';
import { configProblemsOutside, notScannedOfRun, resolveConfigScopes, resolveFileScopes, workingDirectoryScope, type ConfigScope, type ConfigScopes, type FileScope } from './config-scopes.js';
import { failingSentence, isFailing } from './threshold.js';
import { compareText, plural } from '../text.js';
import type { CheckReport, CheckStats, FileError, Finding, RelatedLocation } from './types.js';

export interface CheckDependencies {
  readonly toolVersion: string;
  readonly docsUrl?: string;
  /** Replaces parts of the rule core (tests only). */
  readonly core?: Partial<AnalysisCore>;
}

/** The engine's finding as the CLI reports it: paths relative to the working directory, ESLint's rule id. */
function toFinding(cwd: string, found: LocatedFinding): Finding {
  const retirement = found.retirement;
  return {
    file: displayPath(cwd, found.file),
    line: found.line,
    column: found.column,
    endLine: found.endLine,
    endColumn: found.endColumn,
    rule: `sunset/${found.rule}`,
    message: found.message,
    ...(retirement === undefined
      ? {}
      : {
          entry: retirement.entry.id,
          retired: retirement.retiredKey,
          replacements: retirement.replacements.map(describeEndpoint),
          phase: retirement.phase,
          fix: retirement.migration,
          host: retirement.host ?? null,
          ...(retirement.entries === undefined ? {} : { entries: retirement.entries.map((entry) => entry.id) }),
          ...(retirement.pathEndUnknown === undefined ? {} : { pathEndUnknown: true as const }),
        }),
    ...(found.relatedLocations.length === 0 && found.crossFileRelated === undefined ? {} : { related: relatedOf(cwd, found) }),
    severity: found.severity === 'warn' ? 'warning' : 'error',
  };
}

/** The finding's other places: those in its own file, then those in other files (a declaration), which name their file. */
function relatedOf(cwd: string, found: LocatedFinding): RelatedLocation[] {
  const elsewhere = (found.crossFileRelated ?? []).map(({ file, line, column, endLine, endColumn, message }) => ({ file: displayPath(cwd, file), line, column, endLine, endColumn, message }));
  return [...found.relatedLocations, ...elsewhere];
}

const toFileError = (cwd: string, problem: FileProblem): FileError => ({
  file: displayPath(cwd, problem.file),
  ...(problem.line === undefined ? {} : { line: problem.line }),
  message: problem.message,
});

/** `sunset check`: walk, prefilter, parse, check (all in the engine), apply the baseline, report; returns the exit code. */
export async function runCheck(args: CheckArgs, io: CliIo, deps: CheckDependencies): Promise<number> {
  const now = nowOf(io);
  // This thread's young generation keeps its size (see `holdYoungGeneration`): the config lookup and the
  // walk list the same folders, once, and what they keep survives; then it reads every file and builds
  // the report. Released when the walk was done, Node 24 grew it for the report: at 50k the main
  // thread's heap reached 174 MB committed at the end, and peak RSS was 285-292 MB against 264-278 MB
  // held to the end (100k: 416 against 360 MB), for the same time. Its heap is not capped either: its old
  // generation grows by a fifth past what the last full collection kept, not by V8's dynamic factor (see
  // `holdHeapGrowth`). The run is too short to repay TurboFan's inlining (see `holdNoInlining`), and its
  // trees live for one file each: no allocation site is to be pretenured (see `holdNoPretenuring`).
  // `--project` holds all four for its first pass only: the program it then builds survives every
  // collection (held, the collector took 1.5 s more of a 50k run while it was built), and it holds its
  // own growth once the program is built.
  const releaseDefaultModeHolds = holdDefaultModeRun();
  try {
    return await checkAndReport(args, io, deps, now, releaseDefaultModeHolds);
  } finally {
    releaseDefaultModeHolds();
  }
}

async function checkAndReport(args: CheckArgs, io: CliIo, deps: CheckDependencies, now: Date, onFirstPass: () => void): Promise<number> {
  refuseLinkedReportFiles(args, io.cwd);
  // Counted for --stats: the folders the config search and the walks list, each once.
  let foldersListed = 0;
  const readFolder = createFolderCache((dir) => {
    foldersListed += 1;
    return listFolder(dir);
  });
  const globalExcludes = createGlobalExcludes();
  const overrides = { config: args.config, asOf: args.asOf, apiHosts: args.apiHosts, identityHosts: args.identityHosts, failOn: args.failOn, baseline: args.baseline };
  // --changed-since (without --project) checks the changed files only: no folder is listed.
  const changedOnly = args.changedSince !== undefined && args.project === undefined;
  // The package.json files that do not parse met by a lookup of the changed files' configs (filled as they are looked up).
  const problems: ConfigProblems = new Map();
  const { primary: config, scopes: walkedScopes, ...walkedLookup } = changedOnly
    ? { primary: await resolveConfig(io.cwd, overrides, now, problems), scopes: [], carvedOut: [], configProblems: [] }
    : await resolveConfigScopes(io.cwd, args.paths, overrides, now, readFolder, globalExcludes);
  const baselineExpires = args.baselineExpires === undefined ? undefined : validateDay(args.baselineExpires, '--baseline-expires', '--baseline-expires');
  if (baselineExpires !== undefined && !args.updateBaseline) {
    throw new UsageError('--baseline-expires only applies with --update-baseline. Add --update-baseline or drop the flag.');
  }
  if (baselineExpires !== undefined && baselineExpires < todayUtc(now)) {
    throw new UsageError(`--baseline-expires ${baselineExpires} is in the past: the baseline would suppress nothing. Give today or a later day.`);
  }

  if (args.changedSince !== undefined && args.updateBaseline) {
    throw new UsageError('--changed-since does not go with --update-baseline: the baseline records every finding. Drop one of the two.');
  }
  // Asked before the (longer) check, so a shallow clone fails fast with the fetch to run.
  const changed = args.changedSince === undefined ? undefined : await changedLinesSince(args.changedSince, io.cwd, args.paths);

  if (args.project !== undefined && args.stats) {
    throw new UsageError('--stats does not go with --project: it times the phases of the default mode only. Drop one of the two.');
  }

  const scopes: readonly (ConfigScope & Partial<Pick<FileScope, 'files' | 'inScope'>>)[] =
    changedOnly && changed !== undefined ? await resolveFileScopes(io.cwd, args.paths, [...changed.files.keys()], overrides, config, now, problems, globalExcludes) : walkedScopes;
  const threads = args.concurrency === 'auto' ? undefined : (args.concurrency ?? threadsOf(io.env.SUNSET_CHECK_THREADS));
  // --project: ts-morph and the TypeScript compiler load only now, never for a plain `sunset check`.
  const projectMode = args.project === undefined ? undefined : await import('@sunset/project');
  const progress = createPhaseProgress(io.stderr, args.project !== undefined && (io.stderrIsTTY ?? io.isTTY) && !isCi(io.env), () => nowOf(io).getTime());
  let loaded = 0;
  const checkerFailures: CheckerFailure[] = [];
  // The tsconfig's options the bundled TypeScript does not know: said once each, after the progress line.
  const tsconfigWarnings = new Set<string>();
  // Each config checks the files it governs; the findings keep the phases of their own config's asOf.
  const runs = [];
  for (const scope of scopes) {
    const run = {
      cwd: io.cwd,
      options: { ...scope.config, ignores: scope.ignores },
      baseDir: scope.config.baseDir,
      readFolder,
      globalExcludes,
      ...(threads === undefined ? {} : { threads }),
      // A file named on the command line (a pre-commit hook's staged files) is resolved as a check of the
      // working directory resolves it: what it imports is read for its values (neither checked nor reported).
      ...(scope.files === undefined ? { resolveNamedFiles: true, inScope: workingDirectoryScope(io.cwd, scope.config, overrides, scope.paths) } : { onlyFiles: scope.files, inScope: scope.inScope }),
    };
    let scoped: CheckFilesResult;
    if (projectMode === undefined) {
      // The default mode follows constants imported by relative path (the module graph); the test core has no real index.
      scoped = await checkFiles(scope.paths, { ...run, crossFile: deps.core === undefined, ...(deps.core === undefined ? {} : { core: deps.core }) });
    } else {
      const projectRun = await projectMode.runProjectCheck({ ...run, paths: scope.paths, tsconfig: args.project?.tsconfig, onFirstPass, onProgress: (message) => progress.phase(message), onWarning: (message) => void tsconfigWarnings.add(message) });
      loaded += projectRun.loaded;
      checkerFailures.push(...projectRun.checkerFailures);
      scoped = projectRun;
    }
    runs.push({ scope, result: scoped });
  }
  const merged = mergeResults(runs.map((run) => run.result));
  if (projectMode !== undefined) progress.done(`${plural(loaded, 'file')} of ${merged.files} loaded into ts-morph.`);
  for (const warning of tsconfigWarnings) io.stderr.write(`${warning}\n`);
  const checkerSentence = projectMode?.checkerFailuresSentence(checkerFailures, io.cwd);
  if (checkerSentence !== undefined) io.stderr.write(`${checkerSentence}\n`);
  // A changed-files run lists the package.json files above the scanned paths its lookups passed over, as a walk
  // does; those inside them only when they are changed files themselves (the engine's selection lists them).
  const lookup: Pick<ConfigScopes, 'carvedOut' | 'configProblems'> = changedOnly ? { carvedOut: [], configProblems: configProblemsOutside(problems, io.cwd, args.paths) } : walkedLookup;
  const notScanned = notScannedOfRun(merged.skipped, merged.notScanned, lookup);
  const result = { ...merged, skipped: notScanned.skipped, notScanned: notScanned.counts };
  const inChange = (file: string, line = 1, endLine = line): boolean => changed === undefined || touchesChangedLines(changed, file, line, endLine);
  // --project reports a constant read by a request of another file at that request only, also when the
  // request's line did not change: such a request is part of the change when the constant's line is.
  // (The default mode's run of the changed files keeps the changed declaration itself: see checkFiles.)
  const readsChangedValue = (found: (typeof result.findings)[number]): boolean =>
    args.project !== undefined && (found.crossFileRelated ?? []).some((place) => place.role === 'value' && inChange(place.file, place.line, place.endLine));
  const reportable = result.findings.filter((found) => inChange(found.file, found.line, found.endLine) || readsChangedValue(found));
  // Fingerprints count a site's occurrence among the identical sites of its whole file, as a full run
  // does: taken among the changed lines only, a copied line got the first copy's fingerprint and passed
  // the gate as baselined. So every reportable finding of the checked files is fingerprinted, and those
  // on changed lines kept.
  const inReport = new Set(reportable);
  // Scheduled findings are the rules' to leave out, by the options each rule runs with (`reportScheduled` and
  // `scheduledWithinDays` of the settings, of its `rules` entry or of an inline comment, as in ESLint).
  const allFindings = result.findings.map((found) => ({ finding: toFinding(io.cwd, found), reported: inReport.has(found) }));
  const linted = {
    findings: allFindings.filter((found) => found.reported).map((found) => found.finding),
    errors: result.errors.filter((problem) => inChange(problem.file, problem.line)).map((problem) => toFileError(io.cwd, problem)),
  };
  if (changed === undefined && result.files === 0) io.stderr.write(nothingCheckedSentence(args.paths, result, io.cwd));
  if (changed !== undefined) {
    const outside = result.findings.length - reportable.length;
    const checked = changedOnly ? `checked ${plural(result.files, 'file')} changed since` : 'checked lines changed since';
    io.stderr.write(`--changed-since ${args.changedSince ?? ''}: ${checked} ${changed.base.slice(0, 12)}; ${plural(outside, 'finding')} on other lines not reported.\n`);
  }
  // The engine kept the lines around each finding, which is all code frames and fingerprints read.
  const excerpts = new Map([...result.excerpts].map(([file, excerpt]) => [displayPath(io.cwd, file), excerpt]));
  const linesCache = new Map<string, string[]>();
  const linesOf = (file: string): string[] | undefined => {
    let lines = linesCache.get(file);
    if (lines === undefined) {
      lines = excerptLines(excerpts.get(file));
      if (lines !== undefined) linesCache.set(file, lines);
    }
    return lines;
  };
  const fileKey = baselineFileKey(io.cwd, config.baselineFile);
  const everyFingerprint = fingerprintFindings(
    allFindings.map((found) => found.finding),
    linesOf,
    fileKey,
  );
  const fingerprints = everyFingerprint.filter((_, at) => allFindings[at]!.reported);
  const errors: FileError[] = [...linted.errors].sort((a, b) => compareText(a.file, b.file));
  const baselineLabel = displayPath(io.cwd, config.baselineFile);

  if (args.updateBaseline) {
    const recorded = linted.findings.map((finding) => ({ ...finding, file: fileKey(finding.file) }));
    await writeBaseline(config.baselineFile, buildBaseline(recorded, fingerprints, baselineExpires), baselineLabel);
    const expiry = baselineExpires === undefined ? '' : `; it stops suppressing after ${baselineExpires}`;
    io.stderr.write(`Recorded ${plural(linted.findings.length, 'finding')} in ${baselineLabel}${expiry}.\n`);
    for (const error of errors) io.stderr.write(`Not checked: ${error.file}${error.line === undefined ? '' : `:${error.line}`}: ${error.message}\n`);
    return errors.length > 0 ? ExitCode.failed : ExitCode.ok;
  }

  const baseline = await readBaseline(config.baselineFile, baselineLabel);
  // The default file may well not exist yet; one named by --baseline or the config's baseline should.
  if (baseline === undefined && (args.baseline !== undefined || config.baseline !== undefined)) {
    const named = args.baseline !== undefined ? '--baseline' : `"baseline" in ${config.file === undefined ? 'the config' : displayPath(io.cwd, config.file)}`;
    io.stderr.write(`The baseline ${baselineLabel} (${named}) does not exist, so no finding is suppressed. Fix the path, or record it with \`sunset check --update-baseline\`.\n`);
  }
  const outcome = applyBaseline(linted.findings, fingerprints, baseline, todayUtc(now));
  if (outcome.expired && baseline !== undefined) {
    io.stderr.write(
      `The baseline ${baselineLabel} expired on ${baseline.expires ?? ''}; its ${plural(baseline.findings.length, 'recorded finding')} ${baseline.findings.length === 1 ? 'is' : 'are'} no longer suppressed. ` +
        'Fix them, or record a new baseline with `sunset check --update-baseline --baseline-expires YYYY-MM-DD`.\n',
    );
  }
  const failing = outcome.findings.filter((finding) => isFailing(finding, config.failOn)).length;
  const report: CheckReport = {
    findings: outcome.findings,
    errors,
    notScanned: result.skipped.map((skipped) => ({ file: displayPath(io.cwd, skipped.file), reason: skipped.reason, message: skipped.message })),
    unresolvedMethod: result.unresolvedMethod
      .filter((site) => inChange(site.file, site.line))
      .map((site) => ({ ...site, file: displayPath(io.cwd, site.file) })),
    otherHosts: result.otherHostCount,
    otherHostsByFile: [...result.otherHostsByFile]
      .map(([file, count]) => ({ file: displayPath(io.cwd, file), count }))
      .sort((a, b) => compareText(a.file, b.file)),
    summary: {
      asOf: config.asOf,
      failOn: config.failOn,
      files: result.files,
      candidates: result.candidates,
      findings: outcome.findings.length,
      failing,
      baselined: outcome.baselined,
      ...(outcome.expired && baseline?.expires !== undefined ? { baselineExpired: baseline.expires } : {}),
      errors: errors.length,
      notScanned: result.notScanned,
    },
    ...(args.stats ? { stats: { timings: roundTimings(result.timings), foldersListed } } : {}),
  };
  const wanted = [...(args.format === undefined ? [] : [{ format: args.format, file: args.output }]), ...args.reportFiles];
  const origin = wanted.some((report) => report.format === 'json') ? await resultOrigin(args, io, config, now, deps.toolVersion) : {};
  const builtinHosts = builtinApiHostsOf(config.apiHosts);
  const formatAs = async (format: CheckFormat, toTerminal: boolean): Promise<string> =>
    (await loadFormatter(format))(
      // The CI formats name files from the repository's root, where GitHub and GitLab look for them.
      format === 'github' || format === 'gitlab' || format === 'sarif' ? fromRepositoryRoot(report, folderInRepository(io.cwd)) : report,
      {
        ...origin,
        asOf: config.asOf,
        failOn: config.failOn,
        catalog: config.catalog,
        color: toTerminal && format === 'stylish' && colorEnabled(io),
        linesOf,
        fingerprints: outcome.fingerprints,
        checkedFiles: result.candidateFiles.filter((file) => inChange(file)).map((file) => displayPath(io.cwd, file)).sort(compareText),
        toolVersion: deps.toolVersion,
        ...(deps.docsUrl === undefined ? {} : { docsUrl: deps.docsUrl }),
        ...(builtinHosts === undefined ? {} : { apiHosts: builtinHosts }),
      },
    );
  if (result.otherHostCount > 0) io.stderr.write(`${otherHostsHint(result.otherHostCount)}\n${otherHostsWhere(report.otherHostsByFile ?? [])}`);
  // What decides the exit code, as the stylish summary says it: a file not checked fails the run too.
  const baselined = outcome.baselined > 0 ? `, ${outcome.baselined} baselined` : '';
  const first = errors[0];
  const notChecked =
    first === undefined ? '' : `; ${plural(errors.length, 'file')} could not be checked (${first.file}${first.line === undefined ? '' : `:${first.line}`}${errors.length > 1 ? ` and ${errors.length - 1} more` : ''})`;
  for (const { format, file } of wanted) {
    if (file === undefined) {
      io.stdout.write(await formatAs(format, true));
      continue;
    }
    await writeReport(path.resolve(io.cwd, file), file, await formatAs(format, false), args.output === file && args.format === format ? '--output' : `--format ${format}=FILE`);
    io.stderr.write(`Wrote the ${format} report to ${file}: ${plural(report.findings.length, 'finding')}, ${failingSentence(report.findings, config.failOn)}${baselined}${notChecked}.\n`);
  }
  return failing > 0 || errors.length > 0 ? ExitCode.failed : ExitCode.ok;
}

/** Files the hint names at most; `--format json` lists them all. */
const mostHintFiles = 3;

/** The line after the hint: where those requests are, the files with most first. */
function otherHostsWhere(byFile: readonly { readonly file: string; readonly count: number }[]): string {
  if (byFile.length === 0) return '';
  const shown = [...byFile].sort((a, b) => b.count - a.count || compareText(a.file, b.file)).slice(0, mostHintFiles);
  const rest = byFile.length - shown.length;
  const more = rest === 0 ? '' : ` and ${plural(rest, 'more file')}`;
  return `  In ${shown.map(({ file, count }) => `${file} (${count})`).join(', ')}${more}; --format json lists them (otherHostsByFile).\n`;
}

/** The one line a run prints when URLs were left out for naming another host than their API's. */
function otherHostsHint(count: number): string {
  // A SOAP client's address and a WCF URL count too (`find-retired-calls`): "path or operation".
  const [one, verb, owner, pronoun] = count === 1 ? ['request', 'names', 'its', 'it was'] : ['requests', 'name', 'their', 'they were'];
  return (
    `Hint: ${count} ${one} to a retired path or operation ${verb} a host that is not ${owner} API's, so ${pronoun} not reported. ` +
    'If a proxy or gateway of yours serves the API, add its host to apiHosts (or to the API under apis); "apiHosts": ["*"] checks every host.'
  );
}

/** Where a `--format json` result comes from, and who owns each file: read only for that format. */
async function resultOrigin(args: CheckArgs, io: CliIo, config: ResolvedConfig, now: Date, toolVersion: string): Promise<Pick<FormatContext, 'provenance' | 'ownersOf'>> {
  const { ownerResolverFor, provenanceOf, ruleDataVersion } = await import('@sunset/report');
  const owners = ownerResolverFor(findGitRoot(io.cwd) ?? io.cwd);
  const provenance = await provenanceOf({
    cwd: io.cwd,
    env: io.env,
    now,
    repoName: args.repoName,
    config,
    ownership: owners.source,
    tool: 'sunset check',
    toolVersion,
    ruleDataVersion,
    changedSince: args.changedSince,
  });
  return { provenance, ownersOf: (file) => owners.ownersOf(path.resolve(io.cwd, file)) };
}

/**
 * Why a run that read no file passed: a typo'd path in a CI matrix, a folder of another language, or a
 * path in node_modules or .git. Passing is right, silence is not.
 */
function nothingCheckedSentence(paths: readonly string[], result: Pick<CheckFilesResult, 'skipped' | 'notScanned'>, cwd: string): string {
  const check = `Check the path${paths.length === 1 ? '' : 's'}.`;
  const named = result.skipped.filter((skipped) => isNamedPathReason(skipped.reason));
  if (paths.every((given) => named.some((skipped) => skipped.file === path.resolve(cwd, given)))) {
    const folders = [...new Set(named.map((skipped) => (skipped.reason === 'node-modules' ? 'node_modules' : '.git')))].join(' or ');
    return `Nothing was checked: ${paths.join(', ')} ${paths.length === 1 ? 'is' : 'are'} inside ${folders}, which sunset never scans. ${check}\n`;
  }
  const notScannedCount = Object.values(result.notScanned).reduce((sum, count) => sum + count, 0) - named.length;
  const why = notScannedCount > 0 ? `only files sunset does not scan (${plural(notScannedCount, 'file')}, counted as not scanned)` : `no ${sourceExtensions.join(', ')} file`;
  return `Nothing was checked: ${paths.length === 1 ? `${paths[0]!} holds` : `${paths.join(', ')} hold`} ${why}. ${check}\n`;
}

/** One result from the runs of several configs: findings by file, line and column; counts and times added up. */
function mergeResults(results: readonly CheckFilesResult[]): CheckFilesResult {
  if (results.length === 1) return results[0]!;
  if (results.length === 0) {
    // --changed-since, and no changed file under the scanned paths.
    const timings = { walk: 0, read: 0, prefilter: 0, parse: 0, index: 0, checks: 0 };
    return {
      findings: [], errors: [], skipped: [], notScanned: countNotScanned([], 0), files: 0, candidates: 0, candidateFiles: [], excerpts: new Map(),
      unresolvedMethod: [], otherHostCount: 0, otherHostsByFile: new Map(), timings,
    };
  }
  const byPosition = (a: LocatedFinding, b: LocatedFinding): number =>
    compareText(a.file, b.file) || a.line - b.line || a.column - b.column || compareText(a.rule, b.rule);
  const timings = { walk: 0, read: 0, prefilter: 0, parse: 0, index: 0, checks: 0 };
  for (const result of results) for (const key of Object.keys(timings) as (keyof typeof timings)[]) timings[key] += result.timings[key];
  const notScanned = { ...results[0]!.notScanned };
  for (const result of results.slice(1)) {
    for (const [reason, count] of Object.entries(result.notScanned)) (notScanned as Record<string, number>)[reason] = ((notScanned as Record<string, number>)[reason] ?? 0) + count;
  }
  return {
    ...results[0]!,
    notScanned,
    findings: results.flatMap((result) => result.findings).sort(byPosition),
    errors: results.flatMap((result) => result.errors).sort((a, b) => compareText(a.file, b.file)),
    skipped: results.flatMap((result) => result.skipped),
    unresolvedMethod: results.flatMap((result) => result.unresolvedMethod).sort((a, b) => compareText(a.file, b.file) || a.line - b.line || a.column - b.column),
    otherHostCount: results.reduce((sum, result) => sum + result.otherHostCount, 0),
    otherHostsByFile: new Map(results.flatMap((result) => [...result.otherHostsByFile])),
    files: results.reduce((sum, result) => sum + result.files, 0),
    candidates: results.reduce((sum, result) => sum + result.candidates, 0),
    candidateFiles: results.flatMap((result) => result.candidateFiles),
    excerpts: new Map(results.flatMap((result) => [...result.excerpts])),
    timings: { ...results[0]!.timings, ...timings },
  };
}

/** `SUNSET_CHECK_THREADS`: how many threads read, parse and check; unset or empty lets the engine choose. */
export function threadsOf(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^[1-9]\d*$/.test(value)) {
    throw new UsageError(`SUNSET_CHECK_THREADS must be a positive whole number, got ${JSON.stringify(value)}. Set it to e.g. 2, or unset it to let sunset choose.`);
  }
  return Number(value);
}

/** Milliseconds with one decimal: enough to compare phases, short enough to read. */
function roundTimings(timings: CheckStats['timings']): CheckStats['timings'] {
  const round = (ms: number): number => Math.round(ms * 10) / 10;
  return { walk: round(timings.walk), read: round(timings.read), prefilter: round(timings.prefilter), parse: round(timings.parse), index: round(timings.index), checks: round(timings.checks) };
}

async function writeReport(file: string, label: string, text: string, flag: string): Promise<void> {
  try {
    await makeFolder(path.dirname(file));
    await writeFileAtomic(file, text);
  } catch (error) {
    throw new UsageError(`Cannot write the report to ${label}: ${(error as Error).message}. Choose another ${flag} path.`);
  }
}
