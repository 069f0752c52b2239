import { analyzeFile, indexFile, retirementNotesOf, type RuleName } from '@sunset/analysis';
import { analysisOptions, applyEdits, lineColumn, parseWith, type ParserName } from './parsers.js';

// What the request-base tests (node-clients, handed-options) read of a file: each finding's rule,
// place, message and host, the file after its fix, and how many requests went to another host.

export interface Row {
  readonly rule: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
  readonly host: string | undefined;
  /** The file after the finding's fix (rewrites only). */
  readonly output?: string;
}

/** The parsers a user's file meets (ESLint's two, the CLI's oxc), on TypeScript and JavaScript. */
export const hostParsers: readonly [ParserName, string][] = [
  ['typescript-estree', 'case.ts'],
  ['oxc', 'case.ts'],
  ['espree', 'case.js'],
  ['oxc', 'case.js'],
];

/** The findings and the other-host count of a file checked with `apiHosts` and the given rules. */
export function hostRows(apiHosts: readonly string[], rules: Partial<Record<RuleName, readonly unknown[]>>) {
  const options = analysisOptions({ apiHosts: [...apiHosts] });
  return {
    findings: (parser: ParserName, filename: string, code: string): Row[] =>
      analyzeFile(parseWith(parser, code, filename), options, rules).map((finding) => ({
        rule: finding.rule,
        ...lineColumn(code, finding.range[0]),
        message: finding.message,
        host: finding.retirement?.host,
        ...(finding.fix ? { output: applyEdits(code, finding.fix) } : {}),
      })),
    otherHostCount: (parser: ParserName, filename: string, code: string): number => retirementNotesOf(indexFile(parseWith(parser, code, filename), options), options).otherHostCount,
  };
}

/** A retired endpoint's message, rewritten by fix, and left as a TODO. */
export const rewriteMessage = (key: string, replacement: string): string => `${key} is retired (support ended 2019-10-01): use ${replacement}.`;
export const todoMessage = (key: string, replacement: string): string => `${key} is retired (support ended 2019-10-01): use ${replacement}; this call needs a manual migration.`;
