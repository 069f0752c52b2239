export type { AnalysisOptions, CallForm, ClientQuery, ClientValue, Finding, RelatedLocation, RetirementFacts, RuleName, SourceComment, SourceFile, Suggestion, TextEdit } from './types.js';
export type { FileIndex } from './file-index/file-index.js';
export { indexFile } from './file-index/file-index.js';
export { clientValueAt, type ClientAt } from './requests/client-value.js';
export type { Check, CheckMeta, JsonSchema } from './checks/check.js';
export { checks } from './checks/index.js';
export { analyzeFile, mightNeedAnalysis, mightNeedFix } from './analyze-file.js';
export { endOf, rangeOf, startOf } from './ast/nodes.js';
export * from './fix/index.js';
