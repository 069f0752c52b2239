import { Linter as Linter10 } from 'eslint';
import { Linter as Linter9 } from 'eslint9';
import { describe, expect, it } from 'vitest';
import { byPosition, expectedFindings, expectedRequestFindings, lintWithRecommended } from './support/legacy-app.js';

// The acceptance test of issue 3: linting fixtures/legacy-app with the plugin's `recommended` flat
// config reports exactly the checked-in expected findings, under ESLint 9 and ESLint 10.

type LintedFinding =
  | { file: string; line: number; column: number; rule: string; entry: string; retired: string; fix: string }
  | { file: string; line: number; column: number; rule: string; message: string };

type AnyLinter = Linter9 | Linter10;

function lintApp(linter: AnyLinter): { findings: LintedFinding[]; fatal: string[]; eslintPositions: string[] } {
  const findings: LintedFinding[] = [];
  const fatal: string[] = [];
  const eslintPositions: string[] = [];
  for (const { file, messages, reports } of lintWithRecommended(linter)) {
    for (const message of messages) {
      if (message.fatal) fatal.push(`${file}:${message.line}: ${message.message}`);
      else eslintPositions.push(`${file}:${message.line}:${message.column} ${message.ruleId}`);
    }
    for (const report of reports) {
      if (report.ruleId === 'sunset/no-sunset-todo') continue;
      const position = { file, line: report.line, column: report.column, rule: report.ruleId };
      // Request rules (issue 7) have no retirement entry; they are compared by position, rule and message.
      if ('check' in report.finding) {
        findings.push({ ...position, message: report.message });
        continue;
      }
      findings.push({
        file,
        line: report.line,
        column: report.column,
        rule: report.ruleId,
        entry: report.finding.entry.id,
        retired: report.finding.retiredKey,
        fix: report.finding.migration,
      });
    }
  }
  return { findings: findings.sort(byPosition), fatal, eslintPositions: eslintPositions.sort() };
}

const expected: LintedFinding[] = [...expectedFindings(), ...expectedRequestFindings()].sort(byPosition);
const expectedPositions = expected.map((finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.rule}`).sort();

describe.each([
  ['ESLint 9', () => new Linter9({ configType: 'flat' })],
  ['ESLint 10', () => new Linter10()],
] as const)('the legacy app linted with the recommended config under %s', (_name, createLinter) => {
  const result = lintApp(createLinter());

  it('parses every file', () => {
    expect(result.fatal).toEqual([]);
  });

  it('reports exactly the expected findings: no missing, no extra', () => {
    expect(result.findings).toEqual(expected);
  });

  it('shows them as ESLint messages at the same places', () => {
    expect(result.eslintPositions).toEqual(expectedPositions);
  });

  it('reports nothing in the negative files', () => {
    expect(result.findings.filter((finding) => finding.file.startsWith('src/negatives/'))).toEqual([]);
  });
});
