import { indexProgram, type AnalysisOptions, type AnyNode, type ProgramIndex, type RetiredCallFinding } from '@sunset/analysis';
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
 * the analyses' shared walk of each parsed file, and the recognizer's findings per parsed file. All
 * are WeakMaps keyed by objects ESLint creates
 * (the settings of a config, the AST of one lint pass), so entries die with the lint run and a
 * fix pass (a new AST) is always analysed afresh. It lives in the plugin object, not in module scope
 * (each rule module's default export, used alone in rule tests, gets its own).
 */
export class AnalysisMemo {
  readonly #settings = new WeakMap<object, ValidatedSunsetSettings>();
  readonly #analyses = new WeakMap<object, CachedAnalysis[]>();
  readonly #requestChecks = new WeakMap<object, Map<string, unknown>>();
  readonly #programIndexes = new WeakMap<object, ProgramIndex>();
  readonly #needleTests = new WeakMap<object, Map<object, boolean>>();

  settingsOf(settings: object): ValidatedSunsetSettings {
    const known = this.#settings.get(settings);
    if (known !== undefined) return known;
    const validated = readSunsetSettings(settings);
    this.#settings.set(settings, validated);
    return validated;
  }

  /**
   * A needle test of one file's text, run once for all the rules that share it: `sourceCode` is the
   * file of this lint pass, `key` the test's data (the catalog for the retirement needles).
   */
  passesNeedleTest(sourceCode: object, key: object, test: () => boolean): boolean {
    const tests = this.#needleTests.get(sourceCode) ?? new Map<object, boolean>();
    this.#needleTests.set(sourceCode, tests);
    const known = tests.get(key);
    if (known !== undefined) return known;
    const passes = test();
    tests.set(key, passes);
    return passes;
  }

  /**
   * Forgets what was kept for one AST once the rules are done with it (`Program:exit`). The WeakMaps
   * would let it go with the AST anyway, but their values point back into the AST, and V8 frees such
   * ephemeron chains late: without this, 2 of 10 `sunset check` runs over 10k files peaked at about
   * 1.3 GB instead of 460–490 MB (bench/README.md); with it, 6 of 6 stayed at 460–491 MB.
   */
  release(program: object): void {
    this.#analyses.delete(program);
    this.#requestChecks.delete(program);
    this.#programIndexes.delete(program);
  }

  /**
   * The analyses' walk of one AST (`indexProgram`), built once and passed as `programIndex` to the
   * retirement, OAuth and report analyses of that file instead of each walking the AST again.
   */
  programIndexOf(program: AnyNode, sourceText: string): ProgramIndex {
    const known = this.#programIndexes.get(program);
    if (known !== undefined && known.sourceText === sourceText) return known;
    const index = indexProgram(program, sourceText);
    this.#programIndexes.set(program, index);
    return index;
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
