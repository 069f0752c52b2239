export { analyseProject, checkerFailuresSentence, checkerGuard, loadTsconfig, runProjectCheck, type CheckerFailure, type CrossFileLocation, type ProjectAnalysis, type ProjectCheckResult, type ProjectFinding, type ProjectRun, type Tsconfig, type TsconfigProject } from './project-check.js';
export { basePatternOf, baseTestOf, selectProjectFiles, summaryOfText, wrapperDepth, type FileSummary, type ProjectFiles, type SeedTests } from './select-files.js';
export { runProjectFix, type ProjectFixResult, type ProjectFixRun } from './project-fix.js';
export { clientNamesOf, mayHoldClient, type ClientNames } from './declared-names.js';
