import { Linter as Linter10 } from 'eslint';
import { Linter as Linter9 } from 'eslint9';
import { describe, expect, it } from 'vitest';
import { expectedCrossFileFindings, expectedFindings, expectedRequestFindings, lintWithRecommended } from './support/legacy-app.js';

// The acceptance test of issue 3: linting fixtures/legacy-app with the plugin's `recommended` flat
// config reports exactly the checked-in expected findings, under ESLint 9 and ESLint 10. (The entry,
// retired key and fix kind behind each message are asserted through `sunset check --format json` in
// cli-check.test.ts; parity.test.ts proves ESLint and `sunset check` give the same messages.) The two
// calls that read a constant of src/config/endpoints.ts (expected-cross-file-findings.json) are
// found too: the plugin reads the modules a file imports by relative path, as `sunset check` does.

type AnyLinter = Linter9 | Linter10;

function lintApp(linter: AnyLinter): { positions: string[]; requestMessages: string[]; fatal: string[] } {
  const positions: string[] = [];
  const requestMessages: string[] = [];
  const fatal: string[] = [];
  const retirementRules = new Set(['sunset/no-legacy-rest-path', 'sunset/no-retired-soap-operation', 'sunset/no-sync-reporting', 'sunset/no-sunset-todo']);
  for (const { file, messages } of lintWithRecommended(linter)) {
    for (const message of messages) {
      if (message.fatal === true) fatal.push(`${file}:${message.line}: ${message.message}`);
      else if (message.ruleId !== 'sunset/no-sunset-todo') positions.push(`${file}:${message.line}:${message.column} ${message.ruleId}`);
      if (message.ruleId !== null && !retirementRules.has(message.ruleId)) requestMessages.push(`${file}:${message.line}:${message.column} ${message.ruleId} ${message.message}`);
    }
  }
  return { positions: positions.sort(), requestMessages: requestMessages.sort(), fatal };
}

const expectedPositions = [...expectedFindings(), ...expectedCrossFileFindings(), ...expectedRequestFindings()].map((finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.rule}`).sort();
const expectedRequestMessages = expectedRequestFindings()
  .map((finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.rule} ${finding.message}`)
  .sort();

describe.each([
  ['ESLint 9', () => new Linter9({ configType: 'flat' })],
  ['ESLint 10', () => new Linter10()],
] as const)('the legacy app linted with the recommended config under %s', (_name, createLinter) => {
  const result = lintApp(createLinter());

  it('parses every file', () => {
    expect(result.fatal).toEqual([]);
  });

  it('reports exactly the expected findings at the expected places: no missing, no extra', () => {
    expect(result.positions).toEqual(expectedPositions);
  });

  it('words the request rules\' findings exactly as expected', () => {
    expect(result.requestMessages).toEqual(expectedRequestMessages);
  });

  it('reports nothing in the negative files', () => {
    expect(result.positions.filter((position) => position.startsWith('src/negatives/'))).toEqual([]);
  });
});
