import { findRetiredCalls, type AnalysisOptions, type CallForm, type RetiredCallFinding } from '@sunset/analysis';
import type { HttpMethod, Migration } from '@sunset/rule-data';
import { applyEdits, lineColumn, parseWith, type ParserName } from './parsers.js';

export interface ExpectedFinding {
  readonly id: string;
  readonly key: string;
  readonly method?: HttpMethod;
  readonly form: CallForm;
  readonly migration: Migration;
  /** The source text reported, and which occurrence of it in the snippet (1-based, default 1). */
  readonly at: string;
  readonly occurrence?: number;
  /** The snippet after applying the finding's edits (rewrites only). */
  readonly output?: string;
  /** The snippet after applying each candidate's edits (todos only). */
  readonly candidates?: readonly string[];
  readonly cause?: string;
}

export interface Case {
  readonly name: string;
  readonly code: string;
  /** Plain JavaScript: also parsed with espree and jscodeshift's `babylon`. */
  readonly js?: boolean;
  /** Uses JSX: not parsed with jscodeshift's `ts` parser. */
  readonly jsx?: boolean;
  readonly options?: AnalysisOptions;
  readonly expected: readonly ExpectedFinding[];
}

export const asOf = '2026-01-01';

export function parsersFor(testCase: Pick<Case, 'js' | 'jsx'>): ParserName[] {
  const parsers: ParserName[] = ['typescript-eslint', 'babel-tsx'];
  if (!testCase.jsx) parsers.push('babel-ts');
  if (testCase.js) parsers.push('espree', 'babylon');
  return parsers;
}

/** A finding as the tests compare it: everything a caller uses, with edits shown as the resulting source. */
export interface Observed {
  readonly id: string;
  readonly key: string;
  readonly method?: HttpMethod;
  readonly form: CallForm;
  readonly migration: Migration;
  readonly range: readonly [number, number];
  readonly line: number;
  readonly column: number;
  readonly output?: string;
  readonly candidates?: readonly string[];
  readonly cause?: string;
}

export function observe(code: string, finding: RetiredCallFinding): Observed {
  return {
    id: finding.entry.id,
    key: finding.retiredKey,
    ...(finding.method ? { method: finding.method } : {}),
    form: finding.form,
    migration: finding.migration,
    range: finding.range,
    ...lineColumn(code, finding.range[0]),
    ...(finding.edits.length > 0 ? { output: applyEdits(code, finding.edits) } : {}),
    ...(finding.candidates.length > 0 ? { candidates: finding.candidates.map((candidate) => applyEdits(code, candidate.edits)) } : {}),
    ...(finding.todoCause ? { cause: finding.todoCause } : {}),
  };
}

/** The expected finding in the same shape, its location found by searching the snippet for `at`. */
export function expectedObservation(code: string, expected: ExpectedFinding): Observed {
  let start = -1;
  for (let seen = 0; seen < (expected.occurrence ?? 1); seen++) {
    start = code.indexOf(expected.at, start + 1);
    if (start < 0) throw new Error(`The snippet does not contain ${JSON.stringify(expected.at)} ${expected.occurrence ?? 1} time(s).`);
  }
  return {
    id: expected.id,
    key: expected.key,
    ...(expected.method ? { method: expected.method } : {}),
    form: expected.form,
    migration: expected.migration,
    range: [start, start + expected.at.length],
    ...lineColumn(code, start),
    ...(expected.output !== undefined ? { output: expected.output } : {}),
    ...(expected.candidates ? { candidates: expected.candidates } : {}),
    ...(expected.cause ? { cause: expected.cause } : {}),
  };
}

export function analyze(parser: ParserName, code: string, options: AnalysisOptions = {}): RetiredCallFinding[] {
  return findRetiredCalls(parseWith(parser, code), code, { asOf, ...options });
}
