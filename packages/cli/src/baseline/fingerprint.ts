import { createHash } from 'node:crypto';
import type { Finding } from '../check/types.js';

/** The source line with its indentation and runs of white space collapsed, so re-indenting keeps the identity. */
export function normalizeLine(line: string): string {
  return line.trim().replace(/\s+/g, ' ');
}

/** Lines up to this long are hashed whole (as baselines recorded before 0.2 did); longer ones by a window. */
export const wholeLineLimit = 500;
/** Characters either side of the finding's column hashed on a longer line. */
const windowRadius = 120;

/**
 * The text a fingerprint hashes for a finding on `line`: the whole line, normalized, when it is at most
 * `wholeLineLimit` characters (every baseline recorded so far keeps matching), else a normalized
 * window of `windowRadius` characters either side of the column, so the cost per finding does not grow
 * with the line (a minified one-line file with thousands of findings stays linear).
 */
export function fingerprintText(line: string, column: number): string {
  if (line.length <= wholeLineLimit) return normalizeLine(line);
  const start = Math.max(0, column - 1 - windowRadius);
  return `@${normalizeLine(line.slice(start, column - 1 + windowRadius))}`;
}

/**
 * One fingerprint per finding (same order): a hash of file, rule, entry, the normalized text of the
 * finding's line (a window around the finding on a line longer than 500 characters) and how many
 * earlier findings in the same file share those four. The line *number* is not part of it, so adding
 * or removing unrelated lines above a finding keeps its fingerprint.
 *
 * `linesOf(file)` returns the file's lines (index 0 = line 1), or undefined when unknown.
 */
export function fingerprintFindings(
  findings: readonly Finding[],
  linesOf: (file: string) => readonly string[] | undefined,
): string[] {
  const seen = new Map<string, number>();
  return findings.map((finding) => {
    const lineText = fingerprintText(linesOf(finding.file)?.[finding.line - 1] ?? '', finding.column);
    const key = [finding.file, finding.rule, finding.entry ?? '', lineText].join('\u0000');
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return createHash('sha256').update(`${key}\u0000${occurrence}`).digest('hex').slice(0, 32);
  });
}

/** Splits source text into lines the way ESLint counts them (\r\n, \n, \r, U+2028, U+2029). */
export function splitLines(source: string): string[] {
  return source.split(/\r\n|[\r\n\u2028\u2029]/);
}
