import { describe, expect, it } from 'vitest';
import { analyze, expectedObservation, observe, parsersFor, type Case, type ExpectedFinding } from './harness.js';

/** A finding as `runCases` compares it, with its message and the host the request names (absent: not shown in the code). */
export interface ExpectedRequestFinding extends ExpectedFinding {
  readonly message: string;
  readonly host?: string;
}

export interface RequestCase extends Omit<Case, 'expected'> {
  readonly expected: readonly ExpectedRequestFinding[];
}

/** `runCases` for requests whose client decides the method and host: each finding's message and host are compared too. */
export function runRequestCases(title: string, cases: readonly RequestCase[]): void {
  describe(title, () => {
    for (const testCase of cases) {
      describe(testCase.name, () => {
        it.each(parsersFor(testCase))('with %s (%s)', (parser, filename) => {
          const observed = analyze(parser, filename, testCase.code, testCase.options).map((finding) => ({
            ...observe(testCase.code, finding),
            message: finding.message,
            host: finding.retirement?.host,
          }));
          expect(observed).toEqual(
            testCase.expected.map(({ message, host, ...expected }) => ({ ...expectedObservation(testCase.code, expected), message, host })),
          );
        });
      });
    }
  });
}
