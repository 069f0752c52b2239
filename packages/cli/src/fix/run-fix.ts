import { createTwoFilesPatch } from 'diff';
import { describeFixReport, fixFiles, fixReportJson, resolveConfig, type AnalysisCore } from '@sunset/engine';
import type { FixArgs } from '../args.js';
import { ExitCode } from '../errors.js';
import { nowOf, type CliIo } from '../io.js';
import { interruptedExitCode } from '@sunset/engine';
import { createProgress } from './progress.js';

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

/** `sunset fix`: the engine walks, prefilters, fixes and writes each file atomically; this prints and picks the exit code. */
export async function runFix(args: FixArgs, io: InterruptibleIo, deps: FixDependencies): Promise<number> {
  const config = await resolveConfig(io.cwd, { config: args.config, asOf: args.asOf, apiHosts: args.apiHosts, identityHosts: args.identityHosts }, nowOf(io));
  let progress: ReturnType<typeof createProgress> | undefined;
  const engineReport = await fixFiles(args.paths, {
    cwd: io.cwd,
    options: config,
    baseDir: config.baseDir,
    dry: args.dry,
    force: args.force,
    onProgress: (_done, total, file) => {
      progress ??= createProgress(io.stderr, io.stderrIsTTY ?? io.isTTY, total);
      progress.tick(file);
    },
    ...(args.print ? { onChange: (change) => io.stdout.write(createTwoFilesPatch(change.displayPath, change.displayPath, change.before, change.after)) } : {}),
    ...(io.signal === undefined ? {} : { signal: io.signal }),
    ...(io.tempFiles === undefined ? {} : { tempFiles: io.tempFiles }),
    ...(deps.core === undefined ? {} : { core: deps.core }),
  });
  progress?.done();
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
