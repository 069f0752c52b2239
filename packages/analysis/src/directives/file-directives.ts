import { ConfigError, validateRuleOptions } from '@sunset/config';
import { ruleNames, type RuleName } from '@sunset/rule-data';
import type { PositionIndex } from '../modules/module-exports.js';
import type { SourceComment } from '../types.js';
import { parseDirective, parseRuleList, parseRulesConfig } from './parse-directive.js';

// ESLint 10's disable comments, as lib/linter/apply-disable-directives.js applies them: block
// directives (`eslint-disable`/`eslint-enable`, block comments only) and line directives
// (`eslint-disable-line`, `eslint-disable-next-line`, line or block comments) are two separate
// passes; a problem is suppressed when either pass leaves a disable directive in force at its
// position. A directive in force is one at or before the problem's (line, column) that names its
// rule or no rule, not reset by a later matching `eslint-enable`.

/** A directive at a position; `ruleId` null = every rule. Columns are 1-based like problems'. */
interface Directive {
  readonly type: 'disable' | 'enable';
  readonly line: number;
  readonly column: number;
  readonly ruleId: string | null;
}

export type InlineSeverity = 'off' | 'warn' | 'error';

/** An `/* eslint rule: … *\/` setting: the severity, and the options when the comment gives any. */
export interface InlineRuleConfig {
  readonly level: InlineSeverity;
  readonly options?: readonly unknown[];
}

export interface FileDirectives {
  /**
   * Inline rule configs by ESLint rule id (`sunset/no-legacy-rest-path`). As in ESLint, the first comment
   * configuring a rule wins (later ones are ignored; one whose options the rule refuses does not count),
   * and options given there replace the configured ones.
   */
  readonly inlineRules: ReadonlyMap<string, InlineRuleConfig>;
  /** Whether ESLint would not show a problem of `ruleId` at 1-based `line`/`column`. */
  isSuppressed(ruleId: string, line: number, column: number): boolean;
}

/** Whether the file's comments silence a finding, as ESLint silences the plugin's `sunset/<rule>` problem at the finding's start. */
export function silences(directives: FileDirectives, finding: { readonly rule: string; readonly range: readonly [number, number] }, lines: PositionIndex): boolean {
  const { line, column } = lines.position(finding.range[0]);
  return directives.isSuppressed(`sunset/${finding.rule}`, line, column);
}

const noDirectives: FileDirectives = { inlineRules: new Map(), isSuppressed: () => false };

/** The disable directives and inline rule configs of one file's comments. */
export function readDirectives(comments: readonly SourceComment[], lines: PositionIndex): FileDirectives {
  const block: Directive[] = [];
  const line: Directive[] = [];
  const inlineRules = new Map<string, InlineRuleConfig>();
  for (const comment of comments) {
    if (!comment.value.includes('eslint')) continue;
    const directive = parseDirective(comment.value);
    if (directive === undefined) continue;
    const { label, value } = directive;
    const isLineLabel = label === 'eslint-disable-line' || label === 'eslint-disable-next-line';
    if (comment.type === 'Line' && !isLineLabel) continue;
    if (label === 'eslint') {
      readInlineConfig(value, inlineRules);
      continue;
    }
    if (label !== 'eslint-disable' && label !== 'eslint-enable' && !isLineLabel) continue;
    const start = lines.position(comment.range[0]);
    const end = lines.position(comment.range[1]);
    // ESLint reports a multi-line `eslint-disable-line` as a problem and ignores it.
    if (label === 'eslint-disable-line' && start.line !== end.line) continue;
    const ruleIds = parseRuleList(value);
    for (const ruleId of ruleIds.length === 0 ? [null] : ruleIds) {
      switch (label) {
        case 'eslint-disable':
        case 'eslint-enable':
          block.push({ type: label === 'eslint-disable' ? 'disable' : 'enable', line: start.line, column: start.column, ruleId });
          break;
        case 'eslint-disable-line':
          line.push({ type: 'disable', line: start.line, column: 1, ruleId }, { type: 'enable', line: start.line + 1, column: 0, ruleId });
          break;
        case 'eslint-disable-next-line':
          line.push({ type: 'disable', line: end.line + 1, column: 1, ruleId }, { type: 'enable', line: end.line + 2, column: 0, ruleId });
          break;
      }
    }
  }
  if (block.length === 0 && line.length === 0 && inlineRules.size === 0) return noDirectives;
  block.sort(compareLocations);
  line.sort(compareLocations);
  return {
    inlineRules,
    isSuppressed: (ruleId, problemLine, column) =>
      disabledAt(block, ruleId, problemLine, column) || disabledAt(line, ruleId, problemLine, column),
  };
}

function compareLocations(a: { line: number; column: number }, b: { line: number; column: number }): number {
  return a.line - b.line || a.column - b.column;
}

function disabledAt(directives: readonly Directive[], ruleId: string, line: number, column: number): boolean {
  let disabled = false;
  for (const directive of directives) {
    if (directive.line > line || (directive.line === line && directive.column > column)) break;
    if (directive.ruleId !== null && directive.ruleId !== ruleId) continue;
    disabled = directive.type === 'disable';
  }
  return disabled;
}

function readInlineConfig(value: string, into: Map<string, InlineRuleConfig>): void {
  const rules = parseRulesConfig(value);
  if (rules === undefined) return;
  for (const [ruleId, setting] of Object.entries(rules)) {
    if (into.has(ruleId)) continue;
    const severity = Array.isArray(setting) ? (setting as unknown[])[0] : setting;
    const level = severityOf(severity);
    if (level === undefined) continue;
    const options = Array.isArray(setting) && setting.length > 1 ? (setting as unknown[]).slice(1) : undefined;
    if (options !== undefined && level !== 'off' && !optionsAccepted(ruleId, options)) continue;
    into.set(ruleId, options === undefined ? { level } : { level, options });
  }
}

/**
 * Whether a Sunset rule takes the options of an inline config, by the schema ESLint validates them
 * against (@sunset/config's). ESLint reports a comment whose options the rule refuses and ignores it:
 * the rule runs as configured, or as a later comment for it says. A comment turning the rule off is
 * not validated; another plugin's rule is not ours to judge.
 */
function optionsAccepted(ruleId: string, options: readonly unknown[]): boolean {
  const name = ruleId.startsWith('sunset/') ? ruleId.slice('sunset/'.length) : undefined;
  if (name === undefined || !(ruleNames as readonly string[]).includes(name)) return true;
  try {
    validateRuleOptions(name as RuleName, options, `/* eslint ${ruleId} */`);
    return true;
  } catch (error) {
    if (error instanceof ConfigError) return false;
    throw error;
  }
}

function severityOf(severity: unknown): InlineSeverity | undefined {
  if (severity === 0 || severity === 'off') return 'off';
  if (severity === 1 || severity === 'warn') return 'warn';
  if (severity === 2 || severity === 'error') return 'error';
  return undefined;
}
