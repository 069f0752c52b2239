import type { SourceComment, SourceFile } from '@sunset/analysis';
import type { TSESTree } from '@typescript-eslint/utils';

/** Parses another module's text as the linted file's parser does; throws when it does not parse. */
export type ParseModule = (text: string, file: string) => SourceFile;

/** What the plugin needs of an ESLint parser: `parseForESLint` (typescript-eslint, vue…) or `parse` (espree). */
interface LooseParser {
  readonly parseForESLint?: (text: string, options: Record<string, unknown>) => { readonly ast: unknown };
  readonly parse?: (text: string, options: Record<string, unknown>) => unknown;
}

/** The parts of a parsed Program the analysis reads (comments as typescript-eslint and espree attach them). */
type ParsedProgram = TSESTree.Program & { readonly comments?: readonly TSESTree.Comment[] };

const commonJsExtension = /\.c[jt]s$/i;
const moduleExtension = /\.m[jt]s$/i;
const shebang = /^#!([^\r\n]*)/;

/** The parser object ESLint parsed the linted file with (`languageOptions.parser`), or undefined where there is none (oxlint). */
export function parserOf(languageOptions: unknown): object | undefined {
  const parser = (languageOptions as { readonly parser?: unknown } | undefined)?.parser;
  if (typeof parser !== 'object' || parser === null) return undefined;
  const { parseForESLint, parse } = parser as LooseParser;
  return typeof parseForESLint === 'function' || typeof parse === 'function' ? parser : undefined;
}

/**
 * Parses other modules with the linted file's parser, as ESLint would with the options that depend on
 * the module alone: ranges and comments, the latest syntax, JSX where the parser takes it, and the
 * source type its extension says (`.cjs` CommonJS, `.mjs` a module, otherwise a module, then CommonJS
 * if that fails). No type information: a project's program is never built for a file read this way.
 */
export function moduleParserFor(parser: object): ParseModule {
  const { parseForESLint, parse } = parser as LooseParser;
  const parseOnce = (text: string, file: string, sourceType: string): ParsedProgram => {
    const options = { ecmaVersion: 'latest', sourceType, ecmaFeatures: { jsx: true }, range: true, loc: true, tokens: false, comment: true, filePath: file };
    const program = parseForESLint ? parseForESLint.call(parser, text, options).ast : parse!.call(parser, text, options);
    return program as ParsedProgram;
  };
  return (raw, file) => {
    // ESLint drops a BOM and turns a shebang into a comment before parsing.
    const text = (raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw).replace(shebang, '//$1');
    let program: ParsedProgram;
    if (commonJsExtension.test(file)) program = parseOnce(text, file, 'commonjs');
    else if (moduleExtension.test(file)) program = parseOnce(text, file, 'module');
    else {
      try {
        program = parseOnce(text, file, 'module');
      } catch {
        program = parseOnce(text, file, 'commonjs');
      }
    }
    const comments: SourceComment[] = (program.comments ?? []).map((comment) => ({ type: comment.type, value: comment.value, range: comment.range }));
    return { program, text, comments };
  };
}
