import { analyzeFile, type AnalysisOptions, type CallForm, type Finding } from '@sunset/analysis';
import type { HttpMethod, Migration } from '@sunset/rule-data';
import { analysisOptions, applyEdits, lineColumn, parseWith, type ParserName } from './parsers.js';

export interface ExpectedFinding {
  readonly id: string;
  readonly key: string;
  readonly method?: HttpMethod;
  /** The retired methods of the path, when the code does not say which one it uses and there are several. */
  readonly methods?: readonly HttpMethod[];
  readonly form: CallForm;
  readonly migration: Migration;
  /** The source text reported, and which occurrence of it in the snippet (1-based, default 1). */
  readonly at: string;
  readonly occurrence?: number;
  /** The snippet after applying the finding's fix (rewrites only). */
  readonly output?: string;
  /** The snippet after applying each candidate's edits (todos only). */
  readonly candidates?: readonly string[];
  readonly cause?: string;
  /** Other places of the same SOAP request: the text, its occurrence and the related message. */
  readonly related?: readonly { readonly at: string; readonly occurrence?: number; readonly message: string }[];
}

export interface Case {
  readonly name: string;
  readonly code: string;
  /** Plain JavaScript: also parsed with espree, and by oxc as `.js`. */
  readonly js?: boolean;
  /** Uses JSX: parsed as `.tsx` (or `.jsx`). */
  readonly jsx?: boolean;
  readonly options?: Partial<AnalysisOptions>;
  readonly expected: readonly ExpectedFinding[];
}

export const asOf = '2026-01-01';

/** The parsers that can read a case, with the file name each is given. */
export function parsersFor(testCase: Pick<Case, 'js' | 'jsx'>): [ParserName, string][] {
  const typescriptName = testCase.jsx ? 'case.tsx' : 'case.ts';
  const parsers: [ParserName, string][] = [
    ['typescript-estree', typescriptName],
    ['oxc', typescriptName],
  ];
  if (testCase.js) parsers.push(['espree', 'case.js'], ['oxc', 'case.js']);
  return parsers;
}

/** A retirement finding as the tests compare it: everything a caller uses, with edits shown as the resulting source. */
export interface Observed {
  readonly id: string;
  readonly key: string;
  readonly method?: HttpMethod;
  readonly methods?: readonly HttpMethod[];
  readonly form: CallForm;
  readonly migration: Migration;
  readonly range: readonly [number, number];
  readonly line: number;
  readonly column: number;
  readonly output?: string;
  readonly candidates?: readonly string[];
  readonly cause?: string;
  readonly related?: readonly { readonly range: readonly [number, number]; readonly message: string }[];
}

export function observe(code: string, finding: Finding): Observed {
  const facts = finding.retirement!;
  return {
    id: facts.entry.id,
    key: facts.retiredKey,
    ...(facts.method ? { method: facts.method } : {}),
    ...(facts.methods ? { methods: facts.methods } : {}),
    form: facts.form,
    migration: facts.migration,
    range: finding.range,
    ...lineColumn(code, finding.range[0]),
    ...(finding.fix ? { output: applyEdits(code, finding.fix) } : {}),
    ...(facts.candidates.length > 0 ? { candidates: facts.candidates.map((candidate) => applyEdits(code, candidate.edits)) } : {}),
    ...(facts.todoCause ? { cause: facts.todoCause } : {}),
    ...(finding.related.length > 0 ? { related: finding.related } : {}),
  };
}

/** The range of the `occurrence`-th `text` in `code`. */
export function rangeIn(code: string, text: string, occurrence = 1): [number, number] {
  let start = -1;
  for (let seen = 0; seen < occurrence; seen++) {
    start = code.indexOf(text, start + 1);
    if (start < 0) throw new Error(`The snippet does not contain ${JSON.stringify(text)} ${occurrence} time(s).`);
  }
  return [start, start + text.length];
}

/** The expected finding in the same shape, its location found by searching the snippet for `at`. */
export function expectedObservation(code: string, expected: ExpectedFinding): Observed {
  const range = rangeIn(code, expected.at, expected.occurrence);
  return {
    id: expected.id,
    key: expected.key,
    ...(expected.method ? { method: expected.method } : {}),
    ...(expected.methods ? { methods: expected.methods } : {}),
    form: expected.form,
    migration: expected.migration,
    range,
    ...lineColumn(code, range[0]),
    ...(expected.output !== undefined ? { output: expected.output } : {}),
    ...(expected.candidates ? { candidates: expected.candidates } : {}),
    ...(expected.cause ? { cause: expected.cause } : {}),
    ...(expected.related ? { related: expected.related.map((related) => ({ range: rangeIn(code, related.at, related.occurrence), message: related.message })) } : {}),
  };
}

const retirementRules = { 'no-legacy-rest-path': [], 'no-retired-soap-operation': [], 'no-sync-reporting': [] } as const;

/** The findings of the three retirement checks for a snippet. */
export function analyze(parser: ParserName, filename: string, code: string, options: Partial<AnalysisOptions> = {}): Finding[] {
  return analyzeFile(parseWith(parser, code, filename), analysisOptions(options), retirementRules);
}
