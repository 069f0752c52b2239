// The record format is defined in @sunset/rule-data (`sunset report` reads it there); the runtime writes it.
export {
  mergeRuntimeRecords,
  parseRuntimeRecord,
  runtimeRecordSiteKey,
  type DeprecationHeaderRecord,
  type RetiredCallRecord,
  type RuntimeRecord,
} from '@sunset/rule-data';
