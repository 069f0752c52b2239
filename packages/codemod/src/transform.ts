import { findRetiredCalls, mightContainRetiredCall } from '@sunset/analysis';
import type { API, FileInfo, Options } from 'jscodeshift';
import { analysisOptionsFrom } from './analysis-options.js';
import { applyTextEdits } from './apply-text-edits.js';
import { parseSource } from './parse-source.js';
import { rewriteEdits } from './rewrite-edits.js';
import { siteReports } from './site-reports.js';
import { todoCommentEdits } from './todo-comment-edits.js';
import type { CodemodOptions, SiteReport, TransformResult } from './types.js';

/**
 * Rewrites the one-to-one retired calls of one file and marks the others with TODO comments.
 * Edits are applied as text on the original source: a file without a change comes back as
 * `undefined`, and everything outside the edited expressions keeps its bytes.
 */
export function transformSource(source: string, filePath: string, options: CodemodOptions = {}): TransformResult {
  const analysisOptions = analysisOptionsFrom(options);
  if (!mightContainRetiredCall(source, analysisOptions)) {
    return { output: undefined, sites: [] };
  }
  const parsed = parseSource(source, filePath);
  if (!parsed.ok) {
    return { output: undefined, sites: [], error: parsed.error };
  }
  const findings = findRetiredCalls(parsed.program, source, analysisOptions);
  const siteEdits = [...rewriteEdits(findings), ...todoCommentEdits(findings, source)];
  const { output, refused } = applyTextEdits(source, siteEdits);
  if (output !== undefined && !parseSource(output, filePath).ok) {
    const reason = 'the edited file would not parse (a bug in Sunset; please report it), so nothing was changed; change this site by hand';
    const all = siteEdits.filter((site) => site.edits.length > 0).map((site) => ({ site, reason }));
    return { output: undefined, sites: siteReports(siteEdits, all, source, filePath) };
  }
  return { output, sites: siteReports(siteEdits, refused, source, filePath) };
}

/** The jscodeshift transform: `jscodeshift -t @sunset/codemod/transform --asOf=2026-11-21 src`. */
export default function transformer(file: FileInfo, api: API, options: Options): string | undefined {
  const result = transformSource(file.source, file.path, options as CodemodOptions);
  if (result.error !== undefined) {
    const { line, column, message } = result.error;
    throw new Error(`${file.path}:${line}:${column}: ${message}. Sunset left this file untouched; fix the syntax error or exclude the file.`);
  }
  for (const site of result.sites) {
    api.report(formatSiteReport(site));
  }
  return result.output;
}

/** One line per site, `file:line:column action entry (retired key): reason`. */
export function formatSiteReport(site: SiteReport): string {
  return `${site.file}:${site.line}:${site.column} ${site.action} ${site.entry} (${site.retired}): ${site.reason}`;
}
