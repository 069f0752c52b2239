import type { AnalysisOptions, RetiredCallFinding } from '@sunset/analysis';
import type { RetirementEntry } from '@sunset/rule-data';
import type { ValidatedSunsetSettings } from '../settings.js';
import { readSunsetSettings } from '../settings.js';

/** A `TODO(sunset:<id>)` marker found in a comment, with the entry it names (if the catalog knows it). */
export interface SunsetTodoFinding {
  readonly entryId: string;
  readonly entry: RetirementEntry | undefined;
  readonly range: readonly [number, number];
  readonly text: string;
}

interface ReportPosition {
  /** 1-based, like ESLint's lint messages. */
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  /** The message exactly as ESLint shows it. */
  readonly message: string;
}

/** What `createPlugin({ onFinding })` hands to its caller for every report, beside ESLint's own message. */
export type SunsetReport =
  | (ReportPosition & {
      readonly ruleId: 'sunset/no-legacy-rest-path' | 'sunset/no-retired-soap-operation' | 'sunset/no-sync-reporting';
      readonly finding: RetiredCallFinding;
    })
  | (ReportPosition & { readonly ruleId: 'sunset/no-sunset-todo'; readonly finding: SunsetTodoFinding })
  | (ReportPosition & { readonly ruleId: RequestRuleId; readonly finding: RequestCheckFinding });

/** A problem found by a request rule: no retirement entry, only what was broken and where. */
export interface RequestCheckFinding {
  /** The analysis' problem kind, e.g. `missing-state`, `too-many-metrics`. */
  readonly check: string;
  readonly range: readonly [number, number];
}

/** The rules that check requests the API will reject or that use OAuth unsafely; their reports have no retirement entry. */
export type RequestRuleId =
  | 'sunset/no-client-secret-in-source'
  | 'sunset/oauth-authorize-state'
  | 'sunset/oauth-offline-access-code-flow'
  | 'sunset/oauth-redirect-uri-https'
  | 'sunset/oauth-token-form-body'
  | 'sunset/reporting-request-limits';

export type OnFinding = (report: SunsetReport) => void;

interface CachedAnalysis {
  readonly key: string;
  readonly options: AnalysisOptions;
  readonly findings: readonly RetiredCallFinding[];
}

/**
 * Per-plugin memo of work the rules would otherwise repeat: validated settings per settings object,
 * and the recognizer's findings per parsed file. Both are WeakMaps keyed by objects ESLint creates
 * (the settings of a config, the AST of one lint pass), so entries die with the lint run and a
 * fix pass (a new AST) is always analysed afresh. It lives in the plugin object, not in module scope
 * (each rule module's default export, used alone in rule tests, gets its own).
 */
export class AnalysisMemo {
  readonly #settings = new WeakMap<object, ValidatedSunsetSettings>();
  readonly #analyses = new WeakMap<object, CachedAnalysis[]>();
  readonly #requestChecks = new WeakMap<object, Map<string, unknown>>();

  settingsOf(settings: object): ValidatedSunsetSettings {
    const known = this.#settings.get(settings);
    if (known !== undefined) return known;
    const validated = readSunsetSettings(settings);
    this.#settings.set(settings, validated);
    return validated;
  }

  /** Runs `analyse` once per AST and options; the three retirement rules share the result. */
  findingsOf(
    ast: object,
    options: AnalysisOptions,
    analyse: () => readonly RetiredCallFinding[],
  ): readonly RetiredCallFinding[] {
    const key = analysisKey(options);
    const cached = this.#analyses.get(ast) ?? [];
    const hit = cached.find((entry) => entry.key === key && entry.options.catalog === options.catalog);
    if (hit !== undefined) return hit.findings;
    const findings = analyse();
    this.#analyses.set(ast, [...cached, { key, options, findings }]);
    return findings;
  }

  /** Like `findingsOf`, for the request rules' analyses (report limits, OAuth usage); `key` names the analysis and its options. */
  requestChecksOf<T>(ast: object, key: string, analyse: () => T): T {
    const cached = this.#requestChecks.get(ast) ?? new Map<string, unknown>();
    this.#requestChecks.set(ast, cached);
    if (cached.has(key)) return cached.get(key) as T;
    const result = analyse();
    cached.set(key, result);
    return result;
  }
}

function analysisKey(options: AnalysisOptions): string {
  return JSON.stringify([options.asOf, options.apiHosts, 'resolveIdentifier' in options]);
}

/** What a plugin instance gives its rules: the memo, and the caller's report listener if any. */
export interface RuleHooks {
  readonly memo: AnalysisMemo;
  readonly onFinding?: OnFinding | undefined;
}

export function createRuleHooks(onFinding?: OnFinding): RuleHooks {
  return { memo: new AnalysisMemo(), onFinding };
}
