import { fingerprintSites } from '@sunset/engine';
import type { Finding } from '../check/types.js';

/**
 * One fingerprint per finding (same order): the engine's `fingerprintSites` of each finding's file,
 * rule, entry, line text and column. `linesOf(file)` returns the file's lines (index 0 = line 1), or
 * undefined when unknown.
 */
export function fingerprintFindings(findings: readonly Finding[], linesOf: (file: string) => readonly string[] | undefined): string[] {
  return fingerprintSites(
    findings.map((finding) => ({ file: finding.file, rule: finding.rule, entry: finding.entry, lineText: linesOf(finding.file)?.[finding.line - 1] ?? '', column: finding.column })),
  );
}

/** Splits source text into lines the way ESLint counts them (\r\n, \n, \r, U+2028, U+2029). */
export function splitLines(source: string): string[] {
  return source.split(/\r\n|[\r\n\u2028\u2029]/);
}
