import type { CheckerFailure } from '@sunset/project';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import {
  addNotScanned,
  createFolderCache,
  createGlobalExcludes,
  createPatchPrinter,
  describeFixReport,
  fixFiles,
  fixReportJson,
  holdDefaultModeRun,
  holdHeapGrowth,
  mainThreadGrowingPercent,
  type AnalysisCore,
  type FixReport,
  type TextPatch,
} from '@sunset/engine';
import type { FixArgs } from '../args.js';
import { notScannedOfRun, resolveConfigScopes, workingDirectoryScope } from '../check/config-scopes.js';
import { threadsOf } from '../check/run-check.js';
import { ExitCode } from '../errors.js';
import { nowOf, type CliIo } from '../io.js';
import { plural } from '../text.js';
import { interruptedExitCode } from '@sunset/engine';
import { createPhaseProgress, createProgress, isCi } from './progress.js';

/** The process's streams plus what stops a run: the bin passes them, tests pass their own or none. */
export interface InterruptibleIo extends CliIo {
  /** Aborted on the first Ctrl-C/SIGTERM: the run stops after the file in flight. */
  readonly signal?: AbortSignal;
  /** Filled with the temporary files being written, for a second signal to remove. */
  readonly tempFiles?: Set<string>;
}

export interface FixDependencies {
  /** Replaces parts of the rule core (tests only). */
  readonly core?: Partial<AnalysisCore>;
}

/**
 * `sunset fix`: each config fixes the files it governs (the nearest config of each scanned path, as for
 * `check`); the engine walks, prefilters, fixes and writes each file atomically; this prints and picks
 * the exit code.
 */
export async function runFix(args: FixArgs, io: InterruptibleIo, deps: FixDependencies): Promise<number> {
  // A plain fix holds what a check holds (`holdDefaultModeRun`): it is as short, its trees live for one
  // file each, and this thread's heap is not capped while, from 1,500 files, it fixes the end of the
  // queue besides reading (100k bench files, fix --dry: Node 22 peak RSS 330 MB instead of 440, Node 24
  // 340 instead of 562; at 10k about a tenth more wall time). `--project` holds the old generation's growth only.
  const release = args.project === undefined ? holdDefaultModeRun() : holdHeapGrowth(mainThreadGrowingPercent);
  try {
    return await fixAndReport(args, io, deps);
  } finally {
    release();
  }
}

async function fixAndReport(args: FixArgs, io: InterruptibleIo, deps: FixDependencies): Promise<number> {
  // The config lookup and the walk list the same folders: once.
  const readFolder = createFolderCache();
  const globalExcludes = createGlobalExcludes();
  const threads = args.concurrency === 'auto' ? undefined : (args.concurrency ?? threadsOf(io.env.SUNSET_CHECK_THREADS));
  const overrides = { config: args.config, asOf: args.asOf, apiHosts: args.apiHosts, identityHosts: args.identityHosts };
  const { scopes, ...lookup } = await resolveConfigScopes(io.cwd, args.paths, overrides, nowOf(io), readFolder, globalExcludes);
  // --project: ts-morph and the TypeScript compiler load only now, never for a plain `sunset fix`.
  const projectMode = args.project === undefined ? undefined : await import('@sunset/project');
  const phases = createPhaseProgress(io.stderr, args.project !== undefined && (io.stderrIsTTY ?? io.isTTY) && !isCi(io.env), () => nowOf(io).getTime());
  // UTF-16 files' changes are binary patches (as git writes them): said on stderr once the run is done.
  const patches = createPatchPrinter(textPatch, (text) => void io.stdout.write(text));
  let progress: ReturnType<typeof createProgress> | undefined;
  let loaded = 0;
  let files = 0;
  const checkerFailures: CheckerFailure[] = [];
  // The tsconfig's options the bundled TypeScript does not know: said once each, after the progress line.
  const tsconfigWarnings = new Set<string>();
  const reports: FixReport[] = [];
  for (const scope of scopes) {
    // Stopped between two configs' scopes; an abort before the first still runs it (it stops at once) for the summary.
    if (io.signal?.aborted === true && reports.length > 0) break;
    if (projectMode !== undefined) {
      const projectRun = await projectMode.runProjectFix({
        cwd: io.cwd,
        paths: scope.paths,
        options: { ...scope.config, ignores: scope.ignores },
        baseDir: scope.config.baseDir,
        readFolder,
        globalExcludes,
        tsconfig: args.project?.tsconfig,
        dry: args.dry,
        force: args.force,
        onProgress: (message) => phases.phase(message),
        onWarning: (message) => void tsconfigWarnings.add(message),
        ...(args.print ? { onChange: patches.print } : {}),
        ...(io.signal === undefined ? {} : { signal: io.signal }),
        ...(io.tempFiles === undefined ? {} : { tempFiles: io.tempFiles }),
      });
      loaded += projectRun.loaded;
      checkerFailures.push(...projectRun.checkerFailures);
      files += projectRun.report.summary.files;
      reports.push(projectRun.report);
      continue;
    }
    reports.push(
      await fixFiles(scope.paths, {
        cwd: io.cwd,
        options: { ...scope.config, ignores: scope.ignores },
        baseDir: scope.config.baseDir,
        readFolder,
        globalExcludes,
        dry: args.dry,
        force: args.force,
        // The default mode's module graph, as `sunset check` has it (not with a test's stand-in rule core).
        crossFile: deps.core === undefined,
        // A file named on the command line reads what it imports as `sunset check` does; only named files are changed.
        resolveNamedFiles: true,
        inScope: workingDirectoryScope(io.cwd, scope.config, overrides, scope.paths),
        ...(threads === undefined ? {} : { threads }),
        onProgress: (_done, total, file) => {
          progress ??= createProgress(io.stderr, io.stderrIsTTY ?? io.isTTY, total);
          progress.tick(file);
        },
        ...(args.print ? { onChange: patches.print } : {}),
        ...(io.signal === undefined ? {} : { signal: io.signal }),
        ...(io.tempFiles === undefined ? {} : { tempFiles: io.tempFiles }),
        ...(deps.core === undefined ? {} : { core: deps.core }),
      }),
    );
  }
  progress?.done();
  if (projectMode !== undefined) phases.done(`${plural(loaded, 'file')} of ${files} loaded into ts-morph.`);
  for (const note of patches.binaryNotes()) io.stderr.write(note);
  for (const warning of tsconfigWarnings) io.stderr.write(`${warning}\n`);
  const checkerSentence = projectMode?.checkerFailuresSentence(checkerFailures, io.cwd);
  if (checkerSentence !== undefined) io.stderr.write(`${checkerSentence}\n`);
  const merged = mergeFixReports(reports);
  const notScanned = notScannedOfRun(merged.skippedFiles, merged.summary.notScanned, lookup);
  const engineReport: FixReport = { ...merged, skippedFiles: notScanned.skipped, summary: { ...merged.summary, notScanned: notScanned.counts } };
  if (args.format === 'json') {
    io.stdout.write(`${JSON.stringify(fixReportJson(engineReport, io.cwd), null, 2)}\n`);
  } else {
    // With --print the diff owns stdout; the summary goes to stderr so the diff can be piped to `git apply`.
    (args.print ? io.stderr : io.stdout).write(describeFixReport(engineReport, io.cwd));
  }
  if (engineReport.summary.interrupted) return interruptedExitCode;
  if (engineReport.errors.length > 0) return ExitCode.failed;
  return args.failOnTodo && engineReport.summary.todo > 0 ? ExitCode.failed : ExitCode.ok;
}

/** The reports of the scopes of one run as one: sites and files in scope order, the counts added up. */
function mergeFixReports(reports: readonly FixReport[]): FixReport {
  if (reports.length === 1) return reports[0]!;
  const sum = (pick: (report: FixReport) => number): number => reports.reduce((total, report) => total + pick(report), 0);
  const first = reports[0]!;
  return {
    sites: reports.flatMap((report) => report.sites),
    changedFiles: reports.flatMap((report) => report.changedFiles),
    errors: reports.flatMap((report) => report.errors),
    skippedFiles: reports.flatMap((report) => report.skippedFiles),
    summary: {
      files: sum((report) => report.summary.files),
      visited: sum((report) => report.summary.visited),
      candidates: sum((report) => report.summary.candidates),
      changed: sum((report) => report.summary.changed),
      written: sum((report) => report.summary.written),
      notWritten: sum((report) => report.summary.notWritten),
      rewritten: sum((report) => report.summary.rewritten),
      todo: sum((report) => report.summary.todo),
      skipped: sum((report) => report.summary.skipped),
      errors: sum((report) => report.summary.errors),
      dry: first.summary.dry,
      interrupted: reports.some((report) => report.summary.interrupted),
      notScanned: addNotScanned(reports.map((report) => report.summary.notScanned)),
    },
  };
}

/** A UTF-8 file's change as `git diff` writes it (`--- a/path`, `+++ b/path`, without jsdiff's `Index:` lines), for `createPatchPrinter`. */
const textPatch: TextPatch = (oldName, newName, before, after) =>
  createTwoFilesPatch(oldName, newName, before, after, undefined, undefined, { headerOptions: FILE_HEADERS_ONLY });
