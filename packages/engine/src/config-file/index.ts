// `@sunset/engine/config-file`: finding, reading and validating sunset.config.json (or package.json's
// `sunset` key) into a resolved config, without loading the walk, the parser or the analysis (`sunset explain`).
export { configFileName, findConfig, findConfigFile, resolveConfig, type ConfigOverrides, type ConfigProblems, type FoundConfig } from './load.js';
export { asUsageError, validateConfig, validateDay } from './validate.js';
export type { ResolvedConfig, SunsetConfigFile } from './types.js';
