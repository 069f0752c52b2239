import path from 'node:path';
import { fingerprintSites } from '@sunset/engine';
import type { Finding } from '../check/types.js';

/**
 * One fingerprint per finding (same order): the engine's `fingerprintSites` of each finding's file,
 * rule, entry, line text and column. `linesOf(file)` returns the file's lines (index 0 = line 1), or
 * undefined when unknown; `fileKey` names the file in the hash (`baselineFileKey`: from the baseline's
 * folder, so a run from a subfolder gives the same fingerprints).
 */
export function fingerprintFindings(
  findings: readonly Finding[],
  linesOf: (file: string) => readonly string[] | undefined,
  fileKey: (file: string) => string = (file) => file,
): string[] {
  return fingerprintSites(
    findings.map((finding) => ({ file: fileKey(finding.file), rule: finding.rule, entry: finding.entry, lineText: linesOf(finding.file)?.[finding.line - 1] ?? '', column: finding.column })),
  );
}

/** Splits source text into lines the way ESLint counts them (\r\n, \n, \r, U+2028, U+2029). */
export function splitLines(source: string): string[] {
  return source.split(/\r\n|[\r\n\u2028\u2029]/);
}

/**
 * A finding's file (`file`, shown from `cwd`) as fingerprints name it: from the baseline file's folder,
 * with `/`, so `cd packages/web && sunset check` matches the baseline recorded from the repository's
 * root (where the two folders are one, as in every baseline recorded so far, nothing changes).
 */
export function baselineFileKey(cwd: string, baselineFile: string): (file: string) => string {
  const folder = path.dirname(path.resolve(cwd, baselineFile));
  if (folder === path.resolve(cwd)) return (file) => file;
  return (file) => path.relative(folder, path.resolve(cwd, file)).split(path.sep).join('/');
}
