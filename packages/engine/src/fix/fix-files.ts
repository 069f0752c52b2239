import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { AnalysisCore, SiteReport, SunsetOptions } from '../analysis-contract.js';
import { compareText, describeFileError, type FileProblem } from '../errors.js';
import { ReadOnlyFileError, writeFileAtomic } from '../files/atomic-write.js';
import { assertCleanWorkTrees } from '../files/git-guard.js';
import { readSource } from '../files/read-source.js';
import { findSourceFiles } from '../files/walk.js';
import { analysisCore, analysisOptionsOf } from '../analysis-contract.js';
import { fixSource } from './fix-source.js';

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
  /** Files larger than this many bytes are skipped and listed (default: no limit). */
  readonly maxFileSize?: number;
  /** Replaces parts of the rule core (tests). */
  readonly core?: Partial<AnalysisCore>;
}

export interface FileChange {
  readonly file: string;
  readonly displayPath: string;
  readonly before: string;
  readonly after: string;
}

export interface FixSummary {
  readonly files: number;
  readonly candidates: number;
  /** Files whose text changes (written, or would be with `dry`). */
  readonly changed: number;
  /** Files actually written (0 with `dry`). */
  readonly written: number;
  readonly rewritten: number;
  readonly todo: number;
  readonly skipped: number;
  readonly errors: number;
  readonly dry: boolean;
  /** The run stopped early on `signal`; files after the last one done were not looked at. */
  readonly interrupted: boolean;
}

/** `sunset fix --format json`: every site, the files changed, the files that could not be fixed or written, the counts. */
export interface FixReport {
  /** Sites in file order; `file` is the display path (relative to `cwd`). */
  readonly sites: readonly SiteReport[];
  /** Display paths of the files changed. */
  readonly changedFiles: readonly string[];
  /** Absolute paths: unreadable files and folders, syntax errors, failed writes. */
  readonly errors: readonly FileProblem[];
  /** Files not looked at, and why (too large). */
  readonly skippedFiles: readonly { readonly file: string; readonly reason: string }[];
  readonly summary: FixSummary;
}

/**
 * `sunset fix`'s engine: walk, prefilter, fix each file and write it atomically. Refuses to start in
 * a git work tree with uncommitted changes unless `dry` or `force`. A file that cannot be read, parsed
 * or written is reported and the run goes on.
 */
export async function fixFiles(paths: readonly string[], run: FixRun): Promise<FixReport> {
  const listing = await findSourceFiles(paths, { cwd: run.cwd, ignores: run.options.ignores, ignoresBase: run.baseDir });
  if (!run.dry && !run.force) await assertCleanWorkTrees(await foldersOf(paths, run.cwd));
  const core = analysisCore(run.core);
  const analysisOptions = analysisOptionsOf(run.options);

  const sites: SiteReport[] = [];
  const errors: FileProblem[] = [...listing.unreadable];
  const skippedFiles: { file: string; reason: string }[] = [];
  const changedFiles: string[] = [];
  let candidates = 0;
  let written = 0;
  let done = 0;
  for (const { path: file, displayPath } of listing.files) {
    if (run.signal?.aborted === true) break;
    done += 1;
    const read = readSource(file, run.maxFileSize);
    if (read.kind === 'error') {
      errors.push({ file, message: read.message });
    } else if (read.kind === 'too-large') {
      skippedFiles.push({ file, reason: `larger than the ${String(run.maxFileSize)}-byte limit (${read.size} bytes)` });
    } else if (core.mightNeedFix(read.text, analysisOptions)) {
      candidates += 1;
      const result = fixSource(read.text, file, run.options, core, displayPath);
      sites.push(...result.sites);
      if (result.error !== undefined) errors.push(result.error);
      if (result.output !== undefined && result.output !== read.text) {
        changedFiles.push(displayPath);
        run.onChange?.({ file, displayPath, before: read.text, after: result.output });
        if (!run.dry) {
          try {
            await writeFileAtomic(file, result.output);
            written += 1;
          } catch (error) {
            const reason = error instanceof ReadOnlyFileError ? 'it is read-only' : describeFileError(error);
            errors.push({ file, message: `Could not write the file: ${reason}. It was left as it was.` });
          }
        }
      }
    }
    run.onProgress?.(done, listing.files.length, displayPath);
  }

  const count = (action: SiteReport['action']): number => sites.filter((site) => site.action === action).length;
  errors.sort((a, b) => compareText(a.file, b.file));
  return {
    sites,
    changedFiles,
    errors,
    skippedFiles,
    summary: {
      files: listing.files.length,
      candidates,
      changed: changedFiles.length,
      written,
      rewritten: count('rewritten'),
      todo: count('todo'),
      skipped: count('skipped'),
      errors: errors.length,
      dry: run.dry,
      interrupted: done < listing.files.length,
    },
  };
}

/** The folders whose git work trees the guard checks: each path, or its folder when it is a file. */
async function foldersOf(paths: readonly string[], cwd: string): Promise<string[]> {
  const folders = [];
  for (const given of paths) {
    const absolute = path.resolve(cwd, given);
    const isFolder = await stat(absolute).then((stats) => stats.isDirectory());
    folders.push(isFolder ? absolute : path.dirname(absolute));
  }
  return folders;
}
