export { closestName } from './closest-name.js';
export { ConfigError, joinPath } from './errors.js';
export { calendarDayPattern } from './values.js';
export { hostEntryPattern, isHostEntry } from './hosts.js';
export { configFileOrigin, isPackageJsonFile, packageJsonConfigKey, packageJsonConfigOf, type PackageJsonConfig } from './package-json.js';
export {
  defaultBaselineFile,
  defaultMaxFileSize,
  defaultScheduledWithinDays,
  optionNames,
  optionNamesIn,
  type JsonSchema,
  type OptionPlace,
} from './options.js';
export {
  ruleOptionsMeta,
  validateRuleOptions,
  type ReportingRequestLimitsOptions,
  type RetirementRuleOptions,
  type RuleOptionsMeta,
} from './rule-options.js';
export { configJsonSchema, optionDocs, optionJsonSchemas, optionsMarkdownTable, type OptionDoc } from './docs.js';
export { analysisOptionsOf, builtinApiHostsOf, resolveOptions, withSpecHosts } from './resolve.js';
export {
  failOnValues,
  ruleLevels,
  type CheckOptions,
  type FailOn,
  type OptionName,
  type OptionsLayer,
  type RuleLevel,
  type RuleSetting,
  type SunsetOptions,
} from './types.js';
export { validateOptions } from './validate.js';
