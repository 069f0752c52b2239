import { mightContainRetiredCall as needleTest } from '@sunset/rule-data';
import type { AnalysisOptions } from './types.js';

export * from './types.js';
export { findRetiredCalls } from './find-retired-calls.js';
export { indexProgram, type ProgramIndex } from './scope/program-index.js';
export { findSunsetTodos, hasTodoAbove, type SunsetTodo } from './todo/markers.js';
export { todoCommentEdit } from './todo/comment-edit.js';

/** The cheap test to run before parsing: false means the file cannot hold a retired call (custom entries included). */
export function mightContainRetiredCall(sourceText: string, options: AnalysisOptions = {}): boolean {
  return needleTest(sourceText, options.catalog);
}
export {
  defaultReportFieldNames,
  findReportRequestProblems,
  type ReportFieldNames,
  type ReportProblemKind,
  type ReportRequestOptions,
  type ReportRequestProblem,
} from './requests/find-report-requests.js';
export { findOAuthProblems, type OAuthProblem, type OAuthProblemKind, type OAuthUsageOptions } from './requests/find-oauth-usage.js';
