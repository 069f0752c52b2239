import { validateRuleOptions } from '@sunset/config';
import { mightContainRequestCheckTarget, mightContainRetiredCall, ruleNames, type RuleName } from '@sunset/rule-data';
import { checks } from './checks/index.js';
import { indexFile } from './file-index/file-index.js';
import { hasCrossFileHook, type AnalysisOptions, type Finding, type SourceFile } from './types.js';

/** What every `TODO(sunset:<id>)` marker begins with: a file holding one is a candidate. */
export const todoMarkerNeedle = 'TODO(sunset:';

/**
 * The cheap text test before parsing: false means no check can report anything in this file (no
 * retired path or operation, no reporting/identity endpoint or OAuth name, no TODO marker). With
 * the type-aware hook a retired path may come from another file, so every file passes.
 */
export function mightNeedAnalysis(text: string, options: AnalysisOptions): boolean {
  if (hasCrossFileHook(options)) return true;
  return mightContainRetiredCall(text, options.catalog) || mightContainRequestCheckTarget(text) || text.includes(todoMarkerNeedle);
}

/** The prefilter of a fix: only retirement findings are fixed, so only a retired path or operation name counts. */
export function mightNeedFix(text: string, options: AnalysisOptions): boolean {
  return hasCrossFileHook(options) || mightContainRetiredCall(text, options.catalog);
}

/**
 * Indexes the file once and runs the given rules (default: every recommended rule with its default options), findings by position.
 * The rules' options are validated first: a ConfigError names the bad one (`rules.sunset/no-legacy-rest-path[1].asOf`).
 */
export function analyzeFile(file: SourceFile, options: AnalysisOptions, rules?: Partial<Record<RuleName, readonly unknown[]>>): Finding[] {
  const selected: [RuleName, readonly unknown[]][] = rules
    ? ruleNames.flatMap((name) => {
        const ruleOptions = rules[name];
        return ruleOptions === undefined ? [] : [[name, validateRuleOptions(name, ruleOptions, `rules.sunset/${name}`)] as [RuleName, readonly unknown[]]];
      })
    : ruleNames.filter((name) => checks[name].meta.recommended).map((name) => [name, checks[name].meta.defaultOptions]);
  const index = indexFile(file, options);
  return selected
    .flatMap(([name, ruleOptions]) => checks[name].run(index, options, ruleOptions))
    .sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1] || a.rule.localeCompare(b.rule));
}
