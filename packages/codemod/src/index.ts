export { analysisOptionsFrom, CodemodOptionError } from './analysis-options.js';
export { applyTextEdits, editsConflict } from './apply-text-edits.js';
export type { AppliedEdits, RefusedSite } from './apply-text-edits.js';
export { parseSource, parserNameForFile, supportedExtensions } from './parse-source.js';
export type { ParseOutcome, ParserName } from './parse-source.js';
export { isRewrite, rewriteEdits } from './rewrite-edits.js';
export { todoCommentEdits } from './todo-comment-edits.js';
export { formatSiteReport, transformSource, default } from './transform.js';
export type { CodemodOptions, ParseFailure, SiteAction, SiteEdit, SiteReport, TransformResult } from './types.js';
