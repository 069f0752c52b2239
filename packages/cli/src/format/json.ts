import type { CheckReport, Finding } from '../check/types.js';
import type { Formatter } from './types.js';

/**
 * The `--format json` finding: exactly the documented keys, in the documented order. Retirement
 * findings carry entry/retired/replacements/phase/fix; other findings carry `message` instead.
 */
export type JsonFinding =
  | {
      readonly file: string;
      readonly line: number;
      readonly column: number;
      readonly rule: string;
      readonly entry: string;
      readonly retired: string;
      readonly replacements: readonly string[];
      readonly phase: string;
      readonly fix: string;
    }
  | { readonly file: string; readonly line: number; readonly column: number; readonly rule: string; readonly message: string };

export function toJsonFinding(finding: Finding): JsonFinding {
  const { file, line, column, rule } = finding;
  if (finding.entry === undefined || finding.phase === undefined) return { file, line, column, rule, message: finding.message };
  return {
    file,
    line,
    column,
    rule,
    entry: finding.entry,
    retired: finding.retired ?? '',
    replacements: finding.replacements ?? [],
    phase: finding.phase,
    fix: finding.fix ?? 'todo',
  };
}

export function toJsonReport(report: CheckReport): object {
  return {
    findings: report.findings.map(toJsonFinding),
    errors: report.errors.map(({ file, line, message }) => (line === undefined ? { file, message } : { file, line, message })),
    summary: report.summary,
  };
}

export const formatJson: Formatter = (report) => `${JSON.stringify(toJsonReport(report), null, 2)}\n`;
