import { fixSource } from '@sunset/engine';
import type { API, FileInfo, Options } from 'jscodeshift';
import { sunsetOptionsFrom } from './options.js';
import type { CodemodOptions, SiteReport, TransformResult } from './types.js';

/**
 * Rewrites the one-to-one retired calls of one file and marks the others with TODO comments: the
 * engine's `fixSource` (oxc-parser, the rule core, text edits on the original source). A file
 * without a change comes back as `undefined`; everything outside the edited expressions keeps its bytes.
 */
export function transformSource(source: string, filePath: string, options: CodemodOptions = {}): TransformResult {
  const result = fixSource(source, filePath, sunsetOptionsFrom(options));
  if (result.error === undefined) return { output: result.output, sites: result.sites };
  const { line = 1, column, message } = result.error;
  return { output: undefined, sites: [], error: { line, ...(column === undefined ? {} : { column }), message } };
}

/** The jscodeshift transform: `jscodeshift -t @sunset/codemod/transform --asOf=2026-11-21 src`. */
export default function transformer(file: FileInfo, api: API, options: Options): string | undefined {
  const result = transformSource(file.source, file.path, options as CodemodOptions);
  if (result.error !== undefined) {
    const { line, column, message } = result.error;
    throw new Error(`${file.path}:${line}:${column ?? 1}: ${message}. Sunset left this file untouched; fix the syntax error or exclude the file.`);
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
