import { describe, expect, it } from 'vitest';
import { analyze, expectedObservation, observe, parsersFor, type Case } from './harness.js';

/** Runs a table of cases under every parser that can read them and compares the findings exactly. */
export function runCases(title: string, cases: readonly Case[]): void {
  describe(title, () => {
    for (const testCase of cases) {
      describe(testCase.name, () => {
        it.each(parsersFor(testCase))('with %s (%s)', (parser, filename) => {
          const observed = analyze(parser, filename, testCase.code, testCase.options).map((finding) => observe(testCase.code, finding));
          expect(observed).toEqual(testCase.expected.map((expected) => expectedObservation(testCase.code, expected)));
        });
      });
    }
  });
}
