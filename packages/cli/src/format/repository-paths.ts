import { realpathSync } from 'node:fs';
import path from 'node:path';
import { findGitRoot } from '@sunset/engine';
import type { CheckReport } from '../check/types.js';

// GitHub annotations, GitLab Code Quality and SARIF for code scanning name files from the repository's
// root, wherever the job ran: a monorepo job with `working-directory: packages/web` that wrote
// `src/a.ts` annotated nothing. Those formats get the report with its paths from the root.

/** The working directory relative to the root of the git work tree holding it (posix); undefined at the root or outside git. */
export function folderInRepository(cwd: string): string | undefined {
  const root = findGitRoot(cwd);
  if (root === undefined) return undefined;
  let relative: string;
  try {
    relative = path.relative(realpathSync(root), realpathSync(cwd));
  } catch {
    return undefined;
  }
  return relative === '' ? undefined : relative.split(path.sep).join('/');
}

/** `report` with every file path (relative to the working directory, `folder` of the repository) made relative to the repository's root. */
export function fromRepositoryRoot(report: CheckReport, folder: string | undefined): CheckReport {
  if (folder === undefined) return report;
  const rooted = (file: string): string => {
    if (path.posix.isAbsolute(file) || path.win32.isAbsolute(file)) return file;
    const joined = path.posix.normalize(`${folder}/${file}`);
    // A file above the repository (a path given as ../other) keeps its own spelling.
    return joined === '..' || joined.startsWith('../') ? file : joined;
  };
  return {
    ...report,
    findings: report.findings.map((finding) => ({
      ...finding,
      file: rooted(finding.file),
      ...(finding.related === undefined ? {} : { related: finding.related.map((related) => (related.file === undefined ? related : { ...related, file: rooted(related.file) })) }),
    })),
    errors: report.errors.map((error) => ({ ...error, file: rooted(error.file) })),
    notScanned: report.notScanned.map((file) => ({ ...file, file: rooted(file.file) })),
  };
}
