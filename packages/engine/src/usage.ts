// `@sunset/engine/usage`: what a face needs to read its command line and report a usage error (exit 2),
// without loading the walk, the parser or the analysis. `sunset --version`, `--help` and a bad flag load
// only this of the engine.
export { UsageError } from './errors.js';
export { closestFlag, describeFlagValueError, flagOfParseError, refusePrintWithJson, type FlagSpec } from './flags.js';
