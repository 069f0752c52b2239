import { todoCommentLines } from '@sunset/analysis';
import { builtinCatalog, todoText } from '@sunset/rule-data';
import { RuleTester } from '@typescript-eslint/rule-tester';
import type { TSESLint } from '@typescript-eslint/utils';
import { RuleTester as EspreeRuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
EspreeRuleTester.describe = describe;
EspreeRuleTester.it = it;
EspreeRuleTester.itOnly = it.only;

/** Every built-in entry is retired on this day. */
export const AS_OF = '2024-06-01';

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- only its type is used, in an instantiation expression
declare const typeScriptRuleTester: RuleTester;
type TesterRule<MessageId extends string, Options extends readonly unknown[]> = Parameters<
  typeof typeScriptRuleTester.run<MessageId, Options>
>[1];

/**
 * @typescript-eslint/rule-tester 8.72 types rules with its own copy of @typescript-eslint/utils (8.72),
 * which TypeScript does not accept for our 8.73 rule type; the runtime shape is the same.
 */
export function forRuleTester<MessageId extends string, Options extends readonly unknown[]>(
  rule: TSESLint.RuleModule<MessageId, Options, unknown>,
): TesterRule<MessageId, Options> {
  return rule as unknown as TesterRule<MessageId, Options>;
}

/** @typescript-eslint/parser (the rule tester's default) with a fixed `asOf`. */
export function createTypeScriptRuleTester(): RuleTester {
  return new RuleTester({ settings: { sunset: { asOf: AS_OF } } });
}

/** ESLint's own RuleTester with its default parser, espree, for plain JavaScript. */
export function createEspreeRuleTester(): EspreeRuleTester {
  return new EspreeRuleTester({ settings: { sunset: { asOf: AS_OF } } });
}

/** Message data of a report for an entry of the legacy REST / SOAP family on AS_OF. */
export function retiredIn2019(retiredKey: string, replacements: string): Record<string, string> {
  return { retiredKey, phase: 'retired', schedule: 'support ended 2019-10-01', replacements };
}

/** Line and column (1-based) of the first occurrence of `needle` in `code`; the test fails if it is absent. */
export function positionOf(code: string, needle: string): { line: number; column: number } {
  const index = code.indexOf(needle);
  if (index === -1) throw new Error(`The test code does not contain ${JSON.stringify(needle)}.`);
  const before = code.slice(0, index).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

/**
 * The marker comment the insertTodo suggestion puts above a statement indented by spaces: the TODO text is
 * rule-data's, laid out over lines by analysis (whose tests pin the layout itself).
 */
export function todoComment(entryId: string, indentation = ''): string {
  return laidOutTodo(todoText(builtinCatalog.byId(entryId)!, AS_OF), indentation);
}

/** A TODO text (`TODO(sunset:<id>): ...; ...`) as the comment lines the insertTodo suggestion writes at `indentation` (spaces). */
export function laidOutTodo(todo: string, indentation = ''): string {
  return `${todoCommentLines(todo, indentation.length, indentation.length).map((line) => `${indentation}${line}`).join('\n')}\n`;
}
