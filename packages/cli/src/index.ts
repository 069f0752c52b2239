export { main, type CliDependencies } from './cli.js';
export { runWithProcess } from './process.js';
export type { CliIo, TextSink } from './io.js';
export { ExitCode } from './errors.js';
export type { Finding, FileError, CheckReport, CheckSummary, Severity } from './check/types.js';
