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

/**
 * jscodeshift reads every file as UTF-8: a UTF-16 file's byte-order mark (`FF FE` or `FE FF`, neither
 * valid UTF-8) arrives as two U+FFFD, and the rest as text with a NUL between characters.
 */
const utf16AsUtf8 = /^\uFFFD\uFFFD/;

/** The jscodeshift transform: `jscodeshift -t @sunset/codemod/transform --asOf=2026-11-21 src`. */
export default function transformer(file: FileInfo, api: API, options: Options): string | undefined {
  if (utf16AsUtf8.test(file.source)) {
    throw new Error(`${file.path}: the file is UTF-16, which jscodeshift reads as UTF-8. Sunset left this file untouched; run npx @sunset/codemod or sunset fix on it, which read and write UTF-16.`);
  }
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
