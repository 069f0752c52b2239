import { interpolate, ruleMessages, type RuleName } from '@sunset/rule-data';
import type { FileIndex } from '../file-index/file-index.js';
import type { AnalysisOptions, Finding } from '../types.js';

/** A JSON schema (draft 4, as ESLint reads rule options). */
export type JsonSchema = Readonly<Record<string, unknown>>;

export interface CheckMeta {
  readonly name: RuleName;
  /** ESLint's rule type: `problem`, or `suggestion` for reminders such as TODO markers. */
  readonly type: 'problem' | 'suggestion';
  readonly description: string;
  readonly recommended: boolean;
  /** Has autofixes. */
  readonly fixable: boolean;
  readonly hasSuggestions: boolean;
  /** ESLint rule schema (array form); [] when the rule has no options. */
  readonly optionsSchema: readonly JsonSchema[];
  readonly defaultOptions: readonly unknown[];
}

export interface Check<Options extends readonly unknown[] = readonly unknown[]> {
  readonly meta: CheckMeta;
  /**
   * Pure: reads the index, returns this rule's findings sorted by range. `ruleOptions` are ESLint-style,
   * already validated by @sunset/config (`validateRuleOptions`, or `validateOptions` for a config file's `rules`).
   */
  run(index: FileIndex, options: AnalysisOptions, ruleOptions: Options): Finding[];
}

/** The message of a rule, filled with the finding's data. */
export function messageOf(rule: RuleName, messageId: string, data: Readonly<Record<string, string>>): string {
  const template = (ruleMessages[rule] as Readonly<Record<string, string>>)[messageId];
  if (template === undefined) throw new TypeError(`${rule} has no message ${messageId}; add it to ruleMessages in @sunset/rule-data.`);
  return interpolate(template, data);
}

/** A finding without fixes, suggestions or related places. */
export function plainFinding(rule: RuleName, messageId: string, data: Readonly<Record<string, string>>, range: readonly [number, number]): Finding {
  return { rule, messageId, data, message: messageOf(rule, messageId, data), range, suggestions: [], related: [] };
}

export const byRange = (a: Finding, b: Finding): number => a.range[0] - b.range[0] || a.range[1] - b.range[1];
