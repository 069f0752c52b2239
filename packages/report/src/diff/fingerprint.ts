import { createHash } from 'node:crypto';

/** What identifies a site across commits: where, which rule and entry, and its line's text. */
export interface FingerprintInput {
  readonly file: string;
  readonly rule: string;
  readonly entry: string;
  readonly lineText: string;
}

/** The source line with its indentation and runs of white space collapsed, so re-indenting keeps the identity. */
function normalizeLine(line: string): string {
  return line.trim().replace(/\s+/g, ' ');
}

/**
 * One fingerprint per site, the same as `sunset check --update-baseline` writes into
 * `.sunset-baseline.json` (file, rule, entry, normalized line text, and the occurrence among
 * earlier sites sharing those four; the line number is not part of it). A test holds the two equal.
 */
export function fingerprintSites(sites: readonly FingerprintInput[]): string[] {
  const seen = new Map<string, number>();
  return sites.map((site) => {
    const key = [site.file, site.rule, site.entry, normalizeLine(site.lineText)].join('\u0000');
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return createHash('sha256').update(`${key}\u0000${occurrence}`).digest('hex').slice(0, 32);
  });
}
