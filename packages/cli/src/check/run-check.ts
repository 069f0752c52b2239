import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { mightContainRequestCheckTarget, mightContainRetiredCall, todayUtc, todoMarkerPattern } from '@sunset/rule-data';
import type { CheckArgs } from '../args.js';
import { applyBaseline, buildBaseline, readBaseline, writeBaseline } from '../baseline/baseline-file.js';
import { fingerprintFindings, splitLines } from '../baseline/fingerprint.js';
import { resolveConfig } from '../config/load.js';
import type { ResolvedConfig } from '../config/types.js';
import { validateDay } from '../config/validate.js';
import { ExitCode, UsageError } from '../errors.js';
import { writeFileAtomic } from '../files/atomic-write.js';
import { displayPath } from '../files/paths.js';
import { findSourceFiles } from '../files/walk.js';
import { readSource } from '../files/read-source.js';
import { formatters } from '../format/index.js';
import { colorEnabled, nowOf, type CliIo } from '../io.js';
import { isFailing, isReportable } from './threshold.js';
import { compareText, plural } from '../text.js';
import type { CheckReport, FileError, LintFiles, LintTarget } from './types.js';

export interface CheckDependencies {
  readonly lintFiles: LintFiles;
  readonly toolVersion: string;
  readonly docsUrl?: string;
}


/** `sunset check`: walk, prefilter, lint, apply the baseline, report; returns the exit code. */
export async function runCheck(args: CheckArgs, io: CliIo, deps: CheckDependencies): Promise<number> {
  const now = nowOf(io);
  const config = await resolveConfig(
    io.cwd,
    { config: args.config, asOf: args.asOf, apiHosts: args.apiHosts, identityHosts: args.identityHosts, failOn: args.failOn, baseline: args.baseline },
    now,
  );
  const baselineExpires = args.baselineExpires === undefined ? undefined : validateDay(args.baselineExpires, '--baseline-expires', '--baseline-expires');
  if (baselineExpires !== undefined && !args.updateBaseline) {
    throw new UsageError('--baseline-expires only applies with --update-baseline. Add --update-baseline or drop the flag.');
  }

  const threads = threadsOf(io.env.SUNSET_CHECK_THREADS);

  const files = await findSourceFiles(args.paths, { cwd: io.cwd, ignores: config.ignores, ignoresBase: config.baseDir });
  const { targets, errors: readErrors } = readCandidates(files, config);
  const lintResult = await deps.lintFiles(targets, config, threads === undefined ? {} : { threads });
  const linted = { ...lintResult, findings: lintResult.findings.filter((finding) => isReportable(finding, config)) };
  const sources = new Map(targets.map((target) => [target.displayPath, target.source]));
  const linesCache = new Map<string, string[]>();
  const linesOf = (file: string): string[] | undefined => {
    const source = sources.get(file);
    if (source === undefined) return undefined;
    let lines = linesCache.get(file);
    if (lines === undefined) linesCache.set(file, (lines = splitLines(source)));
    return lines;
  };
  const fingerprints = fingerprintFindings(linted.findings, linesOf);
  const errors: FileError[] = [...readErrors, ...linted.errors].sort((a, b) => compareText(a.file, b.file));
  const baselineLabel = displayPath(io.cwd, config.baselineFile);

  if (args.updateBaseline) {
    await writeBaseline(config.baselineFile, buildBaseline(linted.findings, fingerprints, baselineExpires), baselineLabel);
    const expiry = baselineExpires === undefined ? '' : `; it stops suppressing after ${baselineExpires}`;
    io.stderr.write(`Recorded ${plural(linted.findings.length, 'finding')} in ${baselineLabel}${expiry}.\n`);
    for (const error of errors) io.stderr.write(`Not checked: ${error.file}${error.line === undefined ? '' : `:${error.line}`}: ${error.message}\n`);
    return errors.length > 0 ? ExitCode.failed : ExitCode.ok;
  }

  const baseline = await readBaseline(config.baselineFile, baselineLabel);
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
    summary: {
      asOf: config.asOf,
      failOn: config.failOn,
      files: files.length,
      candidates: targets.length,
      findings: outcome.findings.length,
      failing,
      baselined: outcome.baselined,
      errors: errors.length,
    },
  };
  const text = formatters[args.format](report, {
    asOf: config.asOf,
    failOn: config.failOn,
    catalog: config.catalog,
    color: args.output === undefined && args.format === 'stylish' && colorEnabled(io),
    linesOf,
    fingerprints: outcome.fingerprints,
    toolVersion: deps.toolVersion,
    ...(deps.docsUrl === undefined ? {} : { docsUrl: deps.docsUrl }),
  });
  if (args.output === undefined) {
    io.stdout.write(text);
  } else {
    await writeReport(path.resolve(io.cwd, args.output), args.output, text);
    io.stderr.write(
      `Wrote the ${args.format} report to ${args.output}: ${plural(report.findings.length, 'finding')}, ${failing} at or past ${config.failOn}.\n`,
    );
  }
  return failing > 0 || errors.length > 0 ? ExitCode.failed : ExitCode.ok;
}

/** `SUNSET_CHECK_THREADS`: how many threads lint the candidates; unset or empty means one. */
function threadsOf(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^[1-9]\d*$/.test(value)) {
    throw new UsageError(`SUNSET_CHECK_THREADS must be a positive whole number, got ${JSON.stringify(value)}. Set it to e.g. 2, or unset it to lint in one thread.`);
  }
  return Number(value);
}

/**
 * Reads every file; keeps those the needle test says might hold a retired call (or a TODO marker).
 * Synchronous reads: the files are read one after the other either way, and a synchronous read of a
 * small file costs a fraction of a promise round trip through the thread pool.
 */
function readCandidates(
  files: readonly { path: string; displayPath: string }[],
  config: ResolvedConfig,
): { targets: LintTarget[]; errors: FileError[] } {
  const targets: LintTarget[] = [];
  const errors: FileError[] = [];
  for (const file of files) {
    const read = readSource(file.path);
    if ('error' in read) {
      errors.push({ file: file.displayPath, message: read.error });
      continue;
    }
    const { source } = read;
    // A file that only holds a left-over TODO(sunset:<id>) marker must reach the linter too.
    // (`search` ignores the pattern's `g` flag and lastIndex, so the shared pattern stays safe.)
    // Files the request rules (report limits, OAuth usage) check need not name a retired endpoint.
    if (!mightContainRetiredCall(source, config.catalog) && source.search(todoMarkerPattern) === -1 && !mightContainRequestCheckTarget(source)) continue;
    targets.push({ ...file, source });
  }
  return { targets, errors };
}

async function writeReport(file: string, label: string, text: string): Promise<void> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, text);
  } catch (error) {
    throw new UsageError(`Cannot write the report to ${label}: ${(error as Error).message}. Choose another --output path.`);
  }
}
