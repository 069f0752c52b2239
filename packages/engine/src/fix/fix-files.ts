import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { AnalysisCore, SiteReport, SunsetOptions } from '../analysis-contract.js';
import { compareText, describeFileError, type FileProblem } from '../errors.js';
import { ReadOnlyFileError, writeFileAtomic } from '../files/atomic-write.js';
import { assertCleanWorkTrees } from '../files/git-guard.js';
import { encodeSource, readSource, type SourceEncoding } from '../files/read-source.js';
import { countNotScanned, looksMinified, minifiedMessage, tooLargeMessage, type NotScannedCounts, type SkippedFile } from '../files/source-shape.js';
import { findSourceFiles } from '../files/walk.js';
import type { ReadFolder } from '../files/list-tree.js';
import { analysisCore, analysisOptionsOf } from '../analysis-contract.js';
import { fixLargeSource } from './fix-large-file.js';
import { fixSource } from './fix-source.js';
import { isSegmented } from '../check/check-source.js';

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
  /** Each file whose text changes (dry or not), before it is written: for `--print` diffs. */
  readonly onChange?: (change: FileChange) => void;
  /** Stops the run between files (Ctrl-C): the write in flight finishes, the report says `interrupted`. */
  readonly signal?: AbortSignal;
  /** Temporary files being written right now (see `writeFileAtomic`): a caller that must exit at once removes them. */
  readonly tempFiles?: Set<string>;
  /** Files larger than this many bytes are skipped and listed (default: `options.maxFileSize`). Files named on the command line are always read. */
  readonly maxFileSize?: number;
  /** Replaces parts of the rule core (tests). */
  readonly core?: Partial<AnalysisCore>;
  /** How the walk lists folders (see `createFolderCache`). */
  readonly readFolder?: ReadFolder;
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
  /** Files whose text changes (written, or would be with `dry`). */
  readonly changed: number;
  /** Files actually written (0 with `dry`). */
  readonly written: number;
  /** Files whose new text could not be written (read-only, disk full…): left as they were, listed in `errors`. */
  readonly notWritten: number;
  readonly rewritten: number;
  readonly todo: number;
  readonly skipped: number;
  readonly errors: number;
  readonly dry: boolean;
  /** The run stopped early on `signal`; files after the last one done were not looked at. */
  readonly interrupted: boolean;
  /** Files found but not read, by reason (unreadable ones are also in `errors`). */
  readonly notScanned: NotScannedCounts;
}

/** `sunset fix --format json`: every site, the files changed, the files that could not be fixed or written, the counts. */
export interface FixReport {
  /** Sites in file order; `file` is the display path (relative to `cwd`). */
  readonly sites: readonly SiteReport[];
  /** Display paths of the files changed. */
  readonly changedFiles: readonly string[];
  /** Absolute paths: unreadable files and folders, syntax errors, failed writes. */
  readonly errors: readonly FileProblem[];
  /** Files found and not read, and why (too large, minified, excluded by config, an extension not read yet). */
  readonly skippedFiles: readonly SkippedFile[];
  readonly summary: FixSummary;
}

/** Files between two turns of the event loop, so Ctrl-C is seen within a few milliseconds. */
const signalCheckInterval = 16;

/**
 * `sunset fix`'s engine: walk, prefilter, fix each file and write it atomically. Refuses to start in
 * a git work tree with uncommitted changes unless `dry` or `force`. A file that cannot be read, parsed
 * or written is reported and the run goes on.
 */
export async function fixFiles(paths: readonly string[], run: FixRun): Promise<FixReport> {
  const listing = await findSourceFiles(paths, { cwd: run.cwd, ignores: run.options.ignores, ignoresBase: run.baseDir, readFolder: run.readFolder });
  if (!run.dry && !run.force) await assertCleanWorkTrees(await workTreeFoldersOf(paths, run.cwd));
  const core = analysisCore(run.core);
  const analysisOptions = analysisOptionsOf(run.options);

  const maxFileSize = run.maxFileSize ?? run.options.maxFileSize;
  const sites: SiteReport[] = [];
  const errors: FileProblem[] = [...listing.unreadable];
  const skippedFiles: SkippedFile[] = [...listing.skipped];
  const changedFiles: string[] = [];
  let unreadableFiles = 0;
  let candidates = 0;
  let written = 0;
  let notWritten = 0;
  let done = 0;
  for (const { path: file, displayPath, explicit } of listing.files) {
    if (run.signal?.aborted === true) break;
    done += 1;
    const read = readSource(file, explicit ? undefined : maxFileSize);
    if (read.kind === 'error') {
      errors.push({ file, message: read.message });
      unreadableFiles += 1;
    } else if (read.kind === 'too-large') {
      skippedFiles.push({ file, reason: 'too-large', message: tooLargeMessage(read.size, maxFileSize!) });
    } else if (core.mightNeedFix(read.text, analysisOptions)) {
      if (!explicit && !run.options.checkMinified && looksMinified(read.text)) {
        skippedFiles.push({ file, reason: 'minified', message: minifiedMessage });
      } else {
        candidates += 1;
        // A very large file is fixed in a worker of its own (its memory is collected as it goes), unless a test replaced the core.
        const result =
          run.core === undefined && isSegmented(read.text, file) ? await fixLargeSource(read.text, file, run.options, displayPath) : fixSource(read.text, file, run.options, core, displayPath);
        for (const site of result.sites) sites.push(site);
        if (result.error !== undefined) errors.push(result.error);
        if (result.output !== undefined && result.output !== read.text) {
          changedFiles.push(displayPath);
          run.onChange?.({ file, displayPath, before: read.text, after: result.output, encoding: read.encoding });
          if (!run.dry) {
            const failed = await writeFixedFile(file, result.output, run.tempFiles, read.encoding);
            if (failed === undefined) written += 1;
            else {
              notWritten += 1;
              errors.push(failed);
            }
          }
        }
      }
    }
    run.onProgress?.(done, listing.files.length, displayPath);
    // Reading and fixing are synchronous: let a signal handler run now and then, also when nothing is written.
    if (done % signalCheckInterval === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  skippedFiles.sort((a, b) => compareText(a.file, b.file));

  const count = (action: SiteReport['action']): number => sites.filter((site) => site.action === action).length;
  errors.sort((a, b) => compareText(a.file, b.file));
  return {
    sites,
    changedFiles,
    errors,
    skippedFiles,
    summary: {
      files: listing.files.length,
      visited: done,
      candidates,
      changed: changedFiles.length,
      written,
      notWritten,
      rewritten: count('rewritten'),
      todo: count('todo'),
      skipped: count('skipped'),
      errors: errors.length,
      dry: run.dry,
      interrupted: done < listing.files.length,
      notScanned: countNotScanned(skippedFiles, listing.unreadable.length + unreadableFiles),
    },
  };
}

/**
 * Writes a fixed file atomically (see `writeFileAtomic`) in the encoding it was read in (a UTF-16 file
 * stays UTF-16, its BOM kept); a write that fails leaves the file as it was and comes back as the
 * problem to report (`fix` and `fix --project` report it the same way).
 */
export async function writeFixedFile(file: string, text: string, tempFiles?: Set<string>, encoding: SourceEncoding = 'utf8'): Promise<FileProblem | undefined> {
  try {
    await writeFileAtomic(file, encoding === 'utf8' ? text : encodeSource(text, encoding), tempFiles);
    return undefined;
  } catch (error) {
    const reason = error instanceof ReadOnlyFileError ? 'the file is read-only' : describeFileError(error);
    return { file, message: `Could not write: ${reason}. The file was left as it was.` };
  }
}

/**
 * The folders whose git work trees the guard checks: each path, or its folder when it is a file (or
 * cannot be read: the walk reports that path).
 */
export async function workTreeFoldersOf(paths: readonly string[], cwd: string): Promise<string[]> {
  const folders = [];
  for (const given of paths) {
    const absolute = path.resolve(cwd, given);
    const isFolder = await stat(absolute).then(
      (stats) => stats.isDirectory(),
      () => false,
    );
    folders.push(isFolder ? absolute : path.dirname(absolute));
  }
  return folders;
}
