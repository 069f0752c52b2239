import path from 'node:path';
import { parseSync, rawTransferSupported, type ParserOptions } from 'oxc-parser';
import type { SourceComment, SourceFile } from '../analysis-contract.js';
import { lineIndexOf } from './lines.js';
import { blankOutsideBlocks, isFrameworkFile, langOfBlocks, scriptBlocksOf } from './script-blocks.js';

export interface SyntaxProblem {
  /** 1-based, as ESLint counts lines and columns. */
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export type ParseResult = { readonly ok: true; readonly file: SourceFile } | { readonly ok: false; readonly error: SyntaxProblem };

type Lang = NonNullable<ParserOptions['lang']>;
/** oxc-parser 0.158 reads `experimentalRawTransfer` (src-js/index.js) but its types do not declare it. */
type OxcOptions = ParserOptions & { readonly experimentalRawTransfer?: boolean };

/**
 * How oxc hands its tree to JavaScript: `raw` reads it straight from the parser's memory (Node 22 and
 * later on 64-bit little-endian machines), `json` serialises it to JSON and parses that (every runtime).
 * Both give the same tree (tests/parse-source.test.ts compares them on every fixture); raw is about three
 * times cheaper on the bench's 1,005 candidates.
 */
export type AstTransfer = 'raw' | 'json';

/** The transfer this runtime supports best, chosen once per process. */
export const defaultAstTransfer: AstTransfer = rawTransferSupported() ? 'raw' : 'json';

/**
 * How oxc reads a file, by extension: JS files allow JSX (as ESLint's JSX-enabled parsers do); `.cjs`/`.cts`
 * are CommonJS. The tree is always the TS flavour (`astType: 'ts'`), also for JS: oxc's JS flavour gives
 * TemplateElement the ESTree range (inside the backticks) where typescript-estree includes the backtick
 * and `${` (see tests/parse-source.test.ts), and on the bench repo it was about 10 % slower to build.
 */
function parserOptionsOf(filePath: string, transfer: AstTransfer): OxcOptions {
  const extension = path.extname(filePath).toLowerCase();
  const lang: Lang = extension === '.tsx' ? 'tsx' : extension === '.ts' || extension === '.mts' || extension === '.cts' ? 'ts' : 'jsx';
  return {
    lang,
    astType: 'ts',
    sourceType: extension === '.cjs' || extension === '.cts' ? 'commonjs' : 'module',
    // No `range` arrays: every node has `start`/`end`, which the analysis reads through `rangeOf`;
    // the arrays were a quarter of the time spent turning oxc's JSON into objects.
    range: false,
    preserveParens: false,
    ...(transfer === 'raw' ? { experimentalRawTransfer: true } : {}),
  };
}

/**
 * Parses one file into the TS-ESTree the analysis reads. A leading BOM is dropped first, as ESLint
 * does: `file.text` and every range are relative to the text without it. The hashbang line is not a
 * comment (ESLint's parsers do not list it either).
 */
export function parseSource(text: string, filePath: string, transfer: AstTransfer = defaultAstTransfer): ParseResult {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // A .vue/.svelte/.astro file is parsed as its script blocks in place, the markup blanked out:
  // ranges stay those of the original text, which is what `file.text` keeps.
  const framework = isFrameworkFile(filePath);
  const blocks = framework ? scriptBlocksOf(source, filePath) : [];
  const code = framework ? blankOutsideBlocks(source, blocks) : source;
  const options = framework ? { ...parserOptionsOf(filePath, transfer), lang: langOfBlocks(blocks), sourceType: 'module' as const } : parserOptionsOf(filePath, transfer);
  const result = parseSync(filePath, code, options);
  const error = result.errors.find((candidate) => candidate.severity === 'Error');
  if (error !== undefined) {
    const { line, column } = lineIndexOf(source).position(error.labels[0]?.start ?? 0);
    return { ok: false, error: { line, column, message: `Could not parse: ${error.message}` } };
  }
  const hasHashbang = source.startsWith('#!');
  const comments: SourceComment[] = [];
  for (const comment of result.comments) {
    if (hasHashbang && comment.start === 0) continue;
    comments.push({ type: comment.type, value: comment.value, range: [comment.start, comment.end] });
  }
  // oxc-parser's tree is TS-ESTree (the contract's one AST flavour); its own type names differ.
  const program = result.program as unknown as SourceFile['program'] & { hashbang?: unknown };
  // typescript-estree has no Hashbang node; a generic child walk must not meet one.
  delete program.hashbang;
  return { ok: true, file: { program, text: source, comments } };
}
