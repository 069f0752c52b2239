import type { SiteReport } from '../analysis-contract.js';
import { compareText, describeFileError, type FileProblem } from '../errors.js';
import { ReadOnlyFileError, writeFileAtomic } from '../files/atomic-write.js';
import { assertChangesCommitted } from '../files/git-guard.js';
import { encodeSource, type SourceEncoding } from '../files/read-source.js';
import { displayPath, printablePath } from '../files/paths.js';
import type { NotScannedCounts, SkippedFile } from '../files/source-shape.js';
import type { FileChange, FixReport } from './fix-files.js';

/** What a fix run would do, planned and not yet written: `sunset fix`'s and `sunset fix --project`'s. */
export interface FixPlanOfRun {
  /** Files whose text changes. */
  readonly changes: readonly FileChange[];
  /** Every site, in file order (display paths). */
  readonly sites: readonly SiteReport[];
  /** Files that could not be read or parsed. */
  readonly errors: readonly FileProblem[];
  readonly skippedFiles: readonly SkippedFile[];
  readonly files: number;
  readonly visited: number;
  readonly candidates: number;
  /** The planning was stopped: nothing is written. */
  readonly interrupted: boolean;
  readonly notScanned: NotScannedCounts;
}

/** How a plan is applied. */
export interface ApplyFixRun {
  readonly cwd: string;
  readonly dry: boolean;
  /** Skip the git guard. */
  readonly force: boolean;
  /** Each change: with `dry` as planned, otherwise once written. */
  readonly onChange?: (change: FileChange) => void;
  /** Stops between writes. */
  readonly signal?: AbortSignal;
  /** Temporary files being written right now (see `writeFileAtomic`). */
  readonly tempFiles?: Set<string>;
}

/** A write that failed: the problem to list, and the reason in a few words for the sites of the file. */
interface WriteFailure {
  readonly problem: FileProblem;
  readonly reason: string;
}

/**
 * Writes a fixed file atomically (see `writeFileAtomic`) in the encoding it was read in (a UTF-16 file
 * stays UTF-16, its BOM kept); a write that fails leaves the file as it was and comes back as the
 * problem to report.
 */
async function writeFixedFile(file: string, text: string, tempFiles: Set<string> | undefined, encoding: SourceEncoding): Promise<WriteFailure | undefined> {
  try {
    await writeFileAtomic(file, encoding === 'utf8' ? text : encodeSource(text, encoding), tempFiles);
    return undefined;
  } catch (error) {
    const reason = error instanceof ReadOnlyFileError ? 'the file is read-only' : describeFileError(error);
    return { problem: { file, message: `Could not write: ${reason}. The file was left as it was.` }, reason };
  }
}

/**
 * Applies a planned fix: the git guard first (unless `dry` or `force`: it refuses when a file about to
 * change has uncommitted changes), then each change written atomically, in order, until `signal` stops
 * the run. The report counts what was really done: a file that could not be written is not changed and
 * its sites are `skipped`; the sites of a file left unwritten by an interruption are left out.
 */
export async function applyFixPlan(plan: FixPlanOfRun, run: ApplyFixRun): Promise<FixReport> {
  if (!run.dry && !run.force && !plan.interrupted) {
    await assertChangesCommitted(
      plan.changes.map((change) => change.file),
      (file) => printablePath(displayPath(run.cwd, file)),
    );
  }
  const errors: FileProblem[] = [...plan.errors];
  const failed = new Map<string, string>();
  const unwritten = new Set<string>();
  const changedFiles: string[] = [];
  let interrupted = plan.interrupted;
  for (const change of plan.changes) {
    if (run.dry) {
      run.onChange?.(change);
      changedFiles.push(change.displayPath);
      continue;
    }
    if (interrupted || run.signal?.aborted === true) {
      interrupted = true;
      unwritten.add(change.displayPath);
      continue;
    }
    const failure = await writeFixedFile(change.file, change.after, run.tempFiles, change.encoding);
    if (failure === undefined) {
      changedFiles.push(change.displayPath);
      run.onChange?.(change);
    } else {
      errors.push(failure.problem);
      failed.set(change.displayPath, failure.reason);
    }
  }
  const sites = plan.sites.flatMap((site): SiteReport[] => {
    if (unwritten.has(site.file)) return [];
    const reason = failed.get(site.file);
    return reason === undefined ? [site] : [{ ...site, action: 'skipped', reason: `sunset fix could not write this file (${reason}), so nothing was changed here` }];
  });
  errors.sort((a, b) => compareText(a.file, b.file));
  const count = (action: SiteReport['action']): number => sites.filter((site) => site.action === action).length;
  return {
    sites,
    changedFiles,
    errors,
    skippedFiles: plan.skippedFiles,
    summary: {
      files: plan.files,
      visited: plan.visited,
      candidates: plan.candidates,
      changed: changedFiles.length,
      written: run.dry ? 0 : changedFiles.length,
      notWritten: failed.size,
      rewritten: count('rewritten'),
      todo: count('todo'),
      skipped: count('skipped'),
      errors: errors.length,
      dry: run.dry,
      interrupted,
      notScanned: plan.notScanned,
    },
  };
}
