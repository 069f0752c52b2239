/** The rule core the engine runs, replaceable in tests (a fake check) — otherwise @sunset/analysis itself. */
import { bytesFacts, checks, indexFile, mightNeedAnalysis, mightNeedFix, planFix, refusedFix, retirementNotesOf, type Check, type FileIndex, type FixPlan, type RetirementNotes } from '@sunset/analysis';
import type { AnalysisOptions, Finding, SourceFile, TextFacts } from '@sunset/analysis';
import type { RuleName } from '@sunset/rule-data';

export type { AnalysisOptions, TextFacts, Check, CheckMeta, ClientValue, FileIndex, Finding, FixPlan, RetirementFacts, RetirementNotes, SiteReport, SourceComment, SourceFile, UnresolvedMethodSite } from '@sunset/analysis';
export type { RuleLevel, SunsetOptions } from '@sunset/config';
export { analysisOptionsOf } from '@sunset/config';
export { asTodo, exportedClientOf, messageOf, otherHostCallsOf, migratedByDeclarations, migrationFactsOf, rangeOf, readDirectives, resolutionsUsedBy, silences, todoOnlyForTextElsewhere, unsilenced, valuesReadBy, valuesReadByUnreported, valuesSentAndGiven, valuesSentElsewhere } from '@sunset/analysis';
export type { FileDirectives, InlineRuleConfig, InlineSeverity } from '@sunset/analysis';
export {
  createCrossFileResolver,
  createExportTables,
  createModuleAliases,
  exportedValueOf,
  mayCreateClientWithBase,
  mayOfferPathBase,
  moduleTextFacts,
  maxImportDepth,
  maxReexportHops,
  mergeModuleExports,
  readModuleExports,
  isRelativeSpecifier,
  resolveModuleFile,
  resolveRelativeModuleFile,
  retiredExports,
  scanModuleReferences,
  scanModuleReferencesIn,
} from '@sunset/analysis';
export type {
  CrossFileResolution,
  CrossFileResolver,
  Declaration,
  ExportedValue,
  ExportTable,
  ForwardedExport,
  ImportLookup,
  MigrationFacts,
  ModuleAliases,
  ModuleExports,
  ModuleReferences,
} from '@sunset/analysis';
export type { RuleName } from '@sunset/rule-data';

export interface AnalysisCore {
  readonly checks: Readonly<Partial<Record<RuleName, Check>>>;
  readonly indexFile: (file: SourceFile, options: AnalysisOptions) => FileIndex;
  readonly mightNeedAnalysis: (text: string, options: AnalysisOptions) => boolean;
  /**
   * `mightNeedAnalysis` and the module graph's text facts of a UTF-8 file's bytes, undefined when the
   * catalog's needles cannot be tested in bytes. Absent when a test replaces `mightNeedAnalysis`: the text is then tested with it.
   */
  readonly bytesFacts?: (bytes: Uint8Array, options: AnalysisOptions) => TextFacts | undefined;
  /** The narrower prefilter of `fix`: only retirement findings are fixed. */
  readonly mightNeedFix: (text: string, options: AnalysisOptions) => boolean;
  readonly planFix: (text: string, findings: readonly Finding[], filePath: string) => FixPlan;
  readonly refusedFix: (text: string, findings: readonly Finding[], filePath: string, reason: string) => FixPlan;
  /** What the retirement checks left unreported in a file (a method not said on a path with a live one; another API's host). */
  readonly retirementNotes: (index: FileIndex, options: AnalysisOptions) => RetirementNotes;
}

/** `@sunset/analysis`'s own functions, with the parts a test replaces. */
export function analysisCore(overrides: Partial<AnalysisCore> = {}): AnalysisCore {
  // A replaced index (a test's fake) has none of the real notes to read.
  const retirementNotes = overrides.indexFile === undefined ? retirementNotesOf : noNotes;
  const bytes = overrides.mightNeedAnalysis === undefined ? { bytesFacts } : {};
  return { checks, indexFile, mightNeedAnalysis, mightNeedFix, planFix, refusedFix, retirementNotes, ...bytes, ...overrides };
}

function noNotes(): RetirementNotes {
  return { unresolvedMethod: [], otherHostCount: 0 };
}
