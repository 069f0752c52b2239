import type { AnalysisCore, SiteReport, SunsetOptions } from '../analysis-contract.js';
import { compareText, type FileProblem } from '../errors.js';
import type { GlobalExcludesLookup } from '../files/git.js';
import type { ReadFolder } from '../files/list-tree.js';
import { countNotScanned, type NotScannedCounts, type SkippedFile } from '../files/source-shape.js';
import type { SourceEncoding } from '../files/read-source.js';
import { findSourceFiles } from '../files/walk.js';
import { applyFixPlan } from './apply-fix-plan.js';
import { crossFileFor, type CrossFileMode } from '../check/check-files.js';
import { minFilesPerThread } from '../check/check-workers.js';
import { startFixWorkerWhileWalking } from './fix-workers.js';
import { planFixes } from './plan-fixes.js';

export interface FixRun {
  readonly cwd: string;
  readonly options: SunsetOptions;
  readonly baseDir: string;
  /** Compute the changes, write nothing. */
  readonly dry: boolean;
  /** Skip the git guard (uncommitted changes). */
  readonly force: boolean;
  /** After each file: how many are done, of how many, and which. */
  readonly onProgress?: (done: number, total: number, displayPath: string) => void;
  /** Each file whose text changes: with `dry` as planned, otherwise once it is written: for `--print` diffs. */
  readonly onChange?: (change: FileChange) => void;
  /**
   * Stops the run (Ctrl-C): while planning, between files, and nothing is written; while writing, after
   * the write in flight. The report says `interrupted`.
   */
  readonly signal?: AbortSignal;
  /** Temporary files being written right now (see `writeFileAtomic`): a caller that must exit at once removes them. */
  readonly tempFiles?: Set<string>;
  /** Files larger than this many bytes are skipped and listed (default: `options.maxFileSize`). Files named on the command line are always read. */
  readonly maxFileSize?: number;
  /** Replaces parts of the rule core (tests). */
  readonly core?: Partial<AnalysisCore>;
  /** How the walk lists folders (see `createFolderCache`). */
  readonly readFolder?: ReadFolder;
  /** Git's global excludes file per work tree, asked once per run (see `createGlobalExcludes`). */
  readonly globalExcludes?: GlobalExcludesLookup;
  /**
   * Also fix the requests that read a retired value imported by relative path from another scanned file
   * (the module graph of `sunset check`'s default mode): each gets its TODO naming the constant and its
   * file. Off by default, as for `checkFiles` (and `'with-components'` as there).
   */
  readonly crossFile?: CrossFileMode;
  /**
   * With `crossFile`: resolve the files named in `paths` as a walk of the working directory resolves them
   * (`CheckRun.resolveNamedFiles`): what they import is read for its values, never fixed or written, so a
   * request that reads a retired value of a file not named gets its TODO in the named file.
   */
  readonly resolveNamedFiles?: boolean;
  /** With `resolveNamedFiles`: whether a file belongs to this run's config scope (`CheckRun.inScope`). */
  readonly inScope?: (file: string) => boolean;
  /** 1: fix in this thread alone; otherwise (default) from 1,500 files a worker fixes the candidates while this thread reads (`FixLane`). */
  readonly threads?: number;
}

export interface FileChange {
  readonly file: string;
  readonly displayPath: string;
  readonly before: string;
  readonly after: string;
  /** How the file's bytes spell its text: the new text is written back the same way. */
  readonly encoding: SourceEncoding;
}

export interface FixSummary {
  readonly files: number;
  /** Files looked at: `files` unless the run was interrupted. */
  readonly visited: number;
  readonly candidates: number;
  /** Files whose text changed: those written, or with `dry` those that would change. */
  readonly changed: number;
  /** Files actually written (0 with `dry`; the same as `changed` otherwise). */
  readonly written: number;
  /** Files whose new text could not be written (read-only, disk full…): left as they were, listed in `errors`. */
  readonly notWritten: number;
  readonly rewritten: number;
  readonly todo: number;
  readonly skipped: number;
  readonly errors: number;
  readonly dry: boolean;
  /** The run stopped early on `signal`: before writing (nothing was written) or between writes. */
  readonly interrupted: boolean;
  /** Files found but not read, by reason (unreadable ones are also in `errors`). */
  readonly notScanned: NotScannedCounts;
}

/** `sunset fix --format json`: every site, the files changed, the files that could not be fixed or written, the counts. */
export interface FixReport {
  /** Sites in file order; `file` is the display path (relative to `cwd`). */
  readonly sites: readonly SiteReport[];
  /** Display paths of the files changed (written, or with `dry` that would change). */
  readonly changedFiles: readonly string[];
  /** Absolute paths: unreadable files and folders, syntax errors, failed writes. */
  readonly errors: readonly FileProblem[];
  /** Files found and not read, and why (too large, minified, excluded by config, an extension not read yet). */
  readonly skippedFiles: readonly SkippedFile[];
  readonly summary: FixSummary;
}

/**
 * `sunset fix`'s engine: walk, then plan every file's fix (prefilter, fix each file, and with `crossFile`
 * the module graph), then apply the plan: the git guard (unless `dry` or `force`) and atomic writes. A
 * file that cannot be read, parsed or written is reported and the run goes on.
 */
export async function fixFiles(paths: readonly string[], run: FixRun): Promise<FixReport> {
  const early = startFixWorkerWhileWalking(run.options, run.core !== undefined || run.threads === 1);
  let listing;
  try {
    listing = await findSourceFiles(paths, { cwd: run.cwd, ignores: run.options.ignores, ignoresBase: run.baseDir, readFolder: run.readFolder, globalExcludes: run.globalExcludes, onFound: early.onFound });
  } catch (error) {
    await early.worker()?.terminate();
    throw error;
  }
  // The walk counts files it then leaves out (gitignored): a run that ends below 1,500 fixes in this thread.
  const inWorker = listing.files.length >= minFilesPerThread;
  if (inWorker) early.onFound(listing.files.length);
  else await early.worker()?.terminate();
  const crossFile = crossFileFor(run.crossFile, listing.files.map((found) => found.path));
  const planned = await planFixes(listing.files, { ...run, crossFile }, inWorker ? early.worker() : undefined);
  const skippedFiles = [...listing.skipped, ...planned.skipped].sort((a, b) => compareText(a.file, b.file));
  return applyFixPlan(
    {
      changes: planned.changes,
      sites: planned.sites,
      errors: [...listing.unreadable, ...planned.errors],
      skippedFiles,
      files: listing.files.length,
      visited: planned.visited,
      candidates: planned.candidates,
      interrupted: planned.interrupted,
      notScanned: countNotScanned(skippedFiles, listing.unreadable.length + planned.unreadable),
    },
    run,
  );
}
