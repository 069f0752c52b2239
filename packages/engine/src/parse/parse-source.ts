import { createRequire } from 'node:module';
import path from 'node:path';
import { rawTransferSupported, type ParseResult as OxcParseResult, type ParserOptions } from 'oxc-parser';
import { parseSync as parseToJson } from 'oxc-parser/src-js/bindings';
import type * as RawTransfer from 'oxc-parser/src-js/raw-transfer/common';
import type * as TsDeserializer from 'oxc-parser/src-js/generated/deserialize/ts';
import type FlowRemoveTypes from 'flow-remove-types';
import { jsonParseAst } from 'oxc-parser/src-js/wrap';
import type { SourceComment, SourceFile } from '../analysis-contract.js';
import { lazyLineIndexOf, type LineIndex } from './lines.js';
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

/** What the engine reads of oxc's result. */
type OxcResult = Pick<OxcParseResult, 'program' | 'comments' | 'errors'>;

/**
 * oxc-parser's `parseSync` with the tree, comments and errors as plain properties. Its own result is
 * an object literal with getters made for each file, and V8 keeps such accessors in the object's
 * hidden class: every file's tree then lived through minor GCs and was promoted to the old generation
 * (half of what a check allocates). The same steps, from the modules oxc-parser's package exports:
 * JSON through the binding and `jsonParseAst`, raw transfer through `parseSyncRawImpl` and the TS
 * deserialiser (loaded on first use: that module throws where raw transfer is not supported).
 */
function parseWithOxc(filePath: string, code: string, options: OxcOptions): OxcResult {
  const result = parseWithOxcOnce(filePath, code, options);
  if (!refusesFlow(result.errors, code)) return result;
  const stripped = withoutFlowTypes(code);
  if (typeof stripped !== 'string') return stripped === undefined ? result : { ...result, errors: [flowError(code, stripped)] };
  const read = parseWithOxcOnce(filePath, stripped, options);
  // The comments as written: flow-remove-types blanks the `@flow` pragma itself.
  const comments = read.comments.map((comment) => ({ ...comment, value: code.slice(comment.start + 2, comment.type === 'Block' ? comment.end - 2 : comment.end) }));
  return { program: read.program, comments, errors: read.errors };
}

/** oxc reads no Flow: a file with an `@flow` pragma that does not parse as JavaScript gets this error. */
const flowRefusal = 'Flow is not supported';

/** A Flow pragma in a comment: `// @flow`, `@flow strict` in a block comment, ` * @flow` in a docblock. */
const flowPragma = /(?:\/\/|\/\*|^\s*\*)[^\n]*@flow\b/m;

/**
 * Whether oxc failed on a Flow file: it says so when the first comment holds the pragma; a file whose
 * pragma sits in a later comment (after a licence block and the imports, as Meta's own SDK writes some)
 * fails with a plain syntax error.
 */
function refusesFlow(errors: OxcResult['errors'], code?: string): boolean {
  const failed = errors.filter((error) => error.severity === 'Error');
  if (failed.length === 0) return false;
  if (failed.some((error) => error.message.includes(flowRefusal))) return true;
  return code !== undefined && flowPragma.test(code);
}

let flowRemoveTypes: typeof FlowRemoveTypes | undefined;

/**
 * A Flow file's code with its types replaced by spaces (flow-remove-types, Meta's own, on flow-parser):
 * every other character stays at its offset, so the tree oxc makes of it has the ranges of the file
 * as written, and findings, excerpts and edits apply to that. Loaded on the first Flow file (its parser
 * is 2 MB). Undefined when flow-parser cannot read it either: the file's own parse error stands.
 */
function withoutFlowTypes(code: string): string | FlowSyntaxError | undefined {
  // A CommonJS module: its exports are the function.
  flowRemoveTypes ??= require('flow-remove-types') as typeof FlowRemoveTypes;
  try {
    const stripped = flowRemoveTypes(code, { all: true, pretty: false }).toString();
    // Without `pretty`, types are blanked in place; where that would break the code (an arrow's multi-line return type, a line-leading `implements`) flow-remove-types moves code instead.
    return stripped.length === code.length ? stripped : cannotStripInPlace;
  } catch (error) {
    const { loc, message } = error as { loc?: { line?: unknown; column?: unknown }; message?: unknown };
    if (typeof loc?.line !== 'number' || typeof loc.column !== 'number' || typeof message !== 'string') return undefined;
    return { line: loc.line, column: loc.column, message: message.replace(/\s*\(\d+:\d+\)$/, '') };
  }
}

/**
 * What a Flow file whose types cannot be removed where they stand is reported as: flow-remove-types
 * moves code for some (a multi-line return type before an arrow's `=>`), and the tree would not be at
 * the file's offsets.
 */
const cannotStripInPlace: FlowSyntaxError = { line: 1, column: 0, message: 'Flow types that cannot be removed in place (a multi-line return type before `=>`, or `implements` on a line of its own)' };

/** flow-parser's syntax error: a 1-based line, a 0-based column. */
interface FlowSyntaxError {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** flow-parser's syntax error as oxc would give it: at its offset in `code`, saying the file was read as Flow. */
function flowError(code: string, error: FlowSyntaxError): OxcResult['errors'][number] {
  let offset = 0;
  for (let line = 1; line < error.line && offset !== -1; line += 1) offset = code.indexOf('\n', offset) + 1 || -1;
  const start = offset === -1 ? 0 : offset + error.column;
  return { severity: 'Error', message: error === cannotStripInPlace ? error.message : `${error.message} (read as Flow)`, labels: [{ start, end: start }], helpMessage: null, codeframe: null } as unknown as OxcResult['errors'][number];
}

function parseWithOxcOnce(filePath: string, code: string, options: OxcOptions): OxcResult {
  if (options.experimentalRawTransfer !== true) {
    const result = parseToJson(filePath, code, options);
    return { program: jsonParseAst(result.program), comments: result.comments, errors: result.errors };
  }
  return rawParser()(filePath, code, options);
}

const require = createRequire(import.meta.url);
let rawParse: ((filePath: string, code: string, options: OxcOptions) => OxcResult) | undefined;

function rawParser(): (filePath: string, code: string, options: OxcOptions) => OxcResult {
  if (rawParse !== undefined) return rawParse;
  const { parseSyncRawImpl, returnBufferToCache, isJsAst } = require('oxc-parser/src-js/raw-transfer/common') as typeof RawTransfer;
  const { deserialize } = require('oxc-parser/src-js/generated/deserialize/ts') as typeof TsDeserializer;
  const convert = (buffer: Uint8Array, sourceText: string, sourceStartPos: number, sourceByteLen: number): OxcResult => {
    // `astType: 'ts'` is asked for every file, so the buffer always holds a TS tree.
    if (isJsAst(buffer)) throw new Error('oxc-parser returned a JavaScript tree where a TypeScript one was asked for');
    const data = deserialize(buffer, sourceText, sourceStartPos, sourceByteLen);
    returnBufferToCache(buffer);
    return data;
  };
  rawParse = (filePath, code, options) => parseSyncRawImpl(filePath, code, options, convert);
  return rawParse;
}

/**
 * A TypeScript declaration file, as TypeScript names them: `.d.ts`, `.d.mts`, `.d.cts`, and `.d.<ext>.ts`
 * for a file of another kind (`styles.d.css.ts`). Its declarations have no bodies or initializers
 * (`export const a: T;`), which is a syntax error anywhere else.
 */
const declarationFile = /\.d(?:\.[^./\\]+)?\.[mc]?ts$/i;

/** The language oxc parses a file as, by extension: JS files allow JSX; a declaration file is `dts`. */
export function langOf(filePath: string): Lang {
  const extension = path.extname(filePath).toLowerCase();
  if (extension === '.tsx') return 'tsx';
  if (extension === '.ts' || extension === '.mts' || extension === '.cts') return declarationFile.test(filePath) ? 'dts' : 'ts';
  return 'jsx';
}

/** Whether a file's code may hold JSX, by extension (`langOf`): JavaScript and `.tsx` files. */
export function allowsJsx(filePath: string): boolean {
  const lang = langOf(filePath);
  return lang === 'jsx' || lang === 'tsx';
}

/**
 * How oxc reads a file, by extension: JS files allow JSX (as ESLint's JSX-enabled parsers do); `.cjs`/`.cts`
 * are CommonJS. The tree is always the TS flavour (`astType: 'ts'`), also for JS: oxc's JS flavour gives
 * TemplateElement the ESTree range (inside the backticks) where typescript-estree includes the backtick
 * and `${` (see tests/parse-source.test.ts), and on the bench repo it was about 10 % slower to build.
 */
export function parserOptionsOf(filePath: string, transfer: AstTransfer): OxcOptions {
  const lang = langOf(filePath);
  const extension = path.extname(filePath).toLowerCase();
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
  const { source, code, options } = prepared(text, filePath, transfer);
  return parsed(parseWithOxc(filePath, code, options), source, lazyLineIndexOf(source), undefined);
}

/**
 * Whether `parseSource` would parse the text (no error of severity Error). Through the JSON transfer
 * the errors come without the tree: `fix` asks this of every output it plans, and on Node 20 turning
 * oxc's JSON into a tree took about a third of `sunset fix --dry` at 10k files.
 */
export function parsesCleanly(text: string, filePath: string, transfer: AstTransfer = defaultAstTransfer): boolean {
  if (transfer === 'raw') return parseSource(text, filePath, transfer).ok;
  const { code, options } = prepared(text, filePath, transfer);
  const { errors } = parseToJson(filePath, code, options);
  if (!refusesFlow(errors, code)) return !errors.some((error) => error.severity === 'Error');
  const stripped = withoutFlowTypes(code);
  return typeof stripped === 'string' && !parseToJson(filePath, stripped, options).errors.some((error) => error.severity === 'Error');
}

/** The text oxc parses (without a BOM; a framework file's markup blanked) and how. */
function prepared(text: string, filePath: string, transfer: AstTransfer): { readonly source: string; readonly code: string; readonly options: OxcOptions } {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // A .vue/.svelte/.astro file is parsed as its script blocks in place, the markup blanked out:
  // ranges stay those of the original text, which is what `file.text` keeps.
  const framework = isFrameworkFile(filePath);
  const blocks = framework ? scriptBlocksOf(source, filePath) : [];
  const code = framework ? blankOutsideBlocks(source, blocks) : source;
  const options = framework ? { ...parserOptionsOf(filePath, transfer), lang: langOfBlocks(blocks), sourceType: 'module' as const } : parserOptionsOf(filePath, transfer);
  return { source, code, options };
}

/**
 * Parses one piece of a large file (`parse/segments.ts`): `piece.text` is what the piece keeps, joined;
 * every offset of the tree, the comments and a syntax error is moved to the file's own (`piece.toFile`),
 * and `file.text` is the whole `source` (without BOM), so the analysis reads it as it reads a whole file.
 */
export function parsePiece(source: string, piece: Piece, filePath: string, lines: LineIndex, transfer: AstTransfer = defaultAstTransfer): ParseResult {
  return parsed(parseWithOxc(filePath, piece.text, parserOptionsOf(filePath, transfer)), source, lines, piece.toFile);
}

/** A piece's text and how its offsets map to the file's. */
export interface Piece {
  readonly text: string;
  readonly toFile: (offset: number) => number;
}

function parsed(result: OxcResult, source: string, lines: LineIndex, toFile: ((offset: number) => number) | undefined): ParseResult {
  const at = toFile ?? ((offset: number) => offset);
  const error = result.errors.find((candidate) => candidate.severity === 'Error');
  if (error !== undefined) {
    const { line, column } = lines.position(at(error.labels[0]?.start ?? 0));
    return { ok: false, error: { line, column, message: `Could not parse: ${error.message}` } };
  }
  const hasHashbang = source.startsWith('#!');
  const comments: SourceComment[] = [];
  for (const comment of result.comments) {
    const range = [at(comment.start), at(comment.end)] as const;
    if (hasHashbang && range[0] === 0) continue;
    comments.push({ type: comment.type, value: comment.value, range });
  }
  // oxc-parser's tree is TS-ESTree (the contract's one AST flavour); its own type names differ.
  const program = result.program as unknown as SourceFile['program'] & { hashbang?: unknown };
  // typescript-estree has no Hashbang node; a generic child walk must not meet one.
  delete program.hashbang;
  if (toFile !== undefined) moveOffsets(program, toFile);
  return { ok: true, file: { program, text: source, comments } };
}

/** Moves the `start` and `end` of every node of a piece's tree to the file's offsets. */
function moveOffsets(root: object, toFile: (offset: number) => number): void {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'object' && item !== null) pending.push(item);
      continue;
    }
    const node = value as Record<string, unknown>;
    if (typeof node.start === 'number' && typeof node.end === 'number' && typeof node.type === 'string') {
      node.start = toFile(node.start);
      node.end = toFile(node.end);
    }
    for (const key in node) {
      const child = node[key];
      if (typeof child === 'object' && child !== null) pending.push(child);
    }
  }
}
