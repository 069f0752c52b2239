export * from './types.js';
export { builtinApi, builtinApiId, builtinEntries } from './entries/builtin.js';
export { describeValue, RuleDataError } from './errors.js';
export { parseIsoDay, todayUtc, phaseOf, daysBetween, noSunsetAnnounced } from './dates.js';
export {
  baseEndingPattern,
  builtinCatalog,
  createCatalog,
  matchUrlShape,
  matchOperationName,
  mightContainRetiredCall,
  retiredNeedles,
  retiredNeedlePattern,
  type Catalog,
  type NeedleSpec,
  type PrefilterNeedles,
} from './catalog.js';
export type { CustomEntryInput } from './custom-entries.js';
export { mayBeServiceOf } from './match/operation-name.js';
export { hostWithoutDefaultPort, isMoreSpecificPath, knownPathOf } from './match/url-shape.js';
export { isListedHost, isUnlistedLocalHost, localHostKind } from './match/hosts.js';
export { renderPath, templateParams } from './render-path.js';
export {
  describeAction,
  describeEndpoint,
  describePhase,
  describeReplacements,
  describeSchedule,
  describeSupportEnd,
  noRemovalAnnounced,
  phaseLabel,
  supportEndCell,
  todoMarker,
  todoClauses,
  todoMarkerPattern,
  todoText,
  withTodoClause,
} from './messages.js';
export { reportingLimits, reportingQuotas } from './limits.js';
export { identityProvider, mightContainRequestCheckTarget, mightNameIdentityEndpoint, requestCheckNeedleSpecs, type IdentityProvider } from './identity.js';
export { scheduleDocument, scheduleJsonSchema, scheduleMarkdownTable } from './schedule-export.js';
export { crossFileMessageName, crossFileMessages, interpolate, retirementRuleNames, ruleMessages, ruleNames, type RuleMessageId, type RuleName } from './rule-messages.js';
export { cliDocsUrl, ruleDocsUrl } from './rule-docs.js';
export { mergeRuntimeRecords, parseRuntimeRecord, parseRuntimeRecordText, runtimeRecordSiteKey, RuntimeRecordError, type DeprecationHeaderRecord, type RecordedCaller, type RetiredCallRecord, type RuntimeRecord } from './runtime-record.js';
