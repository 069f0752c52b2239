import { createHash } from 'node:crypto';

/** What identifies a site across runs and commits: where, which rule and entry, and its line's text. */
export interface FingerprintSite {
  readonly file: string;
  readonly rule: string;
  readonly entry: string | undefined;
  /** The whole source line of the site. */
  readonly lineText: string;
  /** 1-based column of the site on that line. */
  readonly column: number;
}

/** The source line with its indentation and runs of white space collapsed, so re-indenting keeps the identity. */
export function normalizeLine(line: string): string {
  return line.trim().replace(/\s+/g, ' ');
}

/** Lines up to this long are hashed whole (as baselines recorded before 0.2 did); longer ones by a window. */
export const wholeLineLimit = 500;
/** Characters either side of the site's column hashed on a longer line. */
const windowRadius = 120;

/**
 * The text a fingerprint hashes for a site on `line`: the whole line, normalized, when it is at most
 * `wholeLineLimit` characters (every baseline recorded so far keeps matching), else a normalized
 * window of `windowRadius` characters either side of the column, so the cost per site does not grow
 * with the line (a minified one-line file with thousands of findings stays linear).
 */
export function fingerprintText(line: string, column: number): string {
  if (line.length <= wholeLineLimit) return normalizeLine(line);
  const start = Math.max(0, column - 1 - windowRadius);
  return `@${normalizeLine(line.slice(start, column - 1 + windowRadius))}`;
}

/**
 * One fingerprint per site (same order), as `.sunset-baseline.json` stores them: a hash of file, rule,
 * entry, the normalized text of the site's line (a window around the site on a line longer than 500
 * characters) and how many earlier sites in the same file share those four. The line *number* is not
 * part of it, so adding or removing unrelated lines above a site keeps its fingerprint.
 */
export function fingerprintSites(sites: readonly FingerprintSite[]): string[] {
  const seen = new Map<string, number>();
  return sites.map((site) => {
    const key = [site.file, site.rule, site.entry ?? '', fingerprintText(site.lineText, site.column)].join('\u0000');
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return createHash('sha256').update(`${key}\u0000${occurrence}`).digest('hex').slice(0, 32);
  });
}
