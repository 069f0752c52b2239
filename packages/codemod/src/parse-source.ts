import { extname } from 'node:path';
import type { AnyNode } from '@sunset/analysis';
import babylonParser from 'jscodeshift/parser/babylon.js';
import tsParser from 'jscodeshift/parser/ts.js';
import tsxParser from 'jscodeshift/parser/tsx.js';
import type { ParseFailure } from './types.js';

/** `ts` and `tsx` are jscodeshift's parsers; `js` is Babel with JSX and without Flow. */
export type ParserName = 'ts' | 'tsx' | 'js';

export const supportedExtensions: readonly string[] = ['.js', '.jsx', '.mjs', '.cjs', '.ts', '.tsx', '.mts', '.cts'];

const parserNameByExtension: Readonly<Record<string, ParserName>> = {
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.jsx': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
};

// An explicit plugin list: never Flow (it would read `a < b > (c)` as a type argument list),
// never the scanned repository's Babel config.
const javascriptParserOptions = {
  sourceType: 'unambiguous',
  allowImportExportEverywhere: true,
  allowReturnOutsideFunction: true,
  allowAwaitOutsideFunction: true,
  allowNewTargetOutsideFunction: true,
  allowUndeclaredExports: true,
  startLine: 1,
  plugins: ['jsx', 'decorators-legacy', 'exportDefaultFrom', 'functionBind', 'throwExpressions', 'doExpressions'],
};

export function parserNameForFile(filePath: string): ParserName | undefined {
  return parserNameByExtension[extname(filePath).toLowerCase()];
}

export type ParseOutcome =
  | { readonly ok: true; readonly program: AnyNode }
  | { readonly ok: false; readonly error: ParseFailure };

/** Parses with the parser the file's extension calls for; a syntax error becomes a `ParseFailure`. */
export function parseSource(source: string, filePath: string): ParseOutcome {
  const parserName = parserNameForFile(filePath);
  if (parserName === undefined) {
    return {
      ok: false,
      error: {
        line: 1,
        column: 1,
        message: `Sunset cannot parse files ending in "${extname(filePath)}"; pass only ${supportedExtensions.join(' ')} files.`,
      },
    };
  }
  try {
    return { ok: true, program: createParser(parserName).parse(source).program };
  } catch (error) {
    return { ok: false, error: parseFailureOf(error) };
  }
}

function createParser(parserName: ParserName): JscodeshiftParser {
  switch (parserName) {
    case 'ts':
      return tsParser();
    case 'tsx':
      return tsxParser();
    case 'js':
      return babylonParser(javascriptParserOptions);
  }
}

interface BabelSyntaxError {
  readonly message: string;
  readonly loc?: { readonly line: number; readonly column: number };
}

function isBabelSyntaxError(error: unknown): error is BabelSyntaxError {
  return error instanceof Error && 'loc' in error;
}

function parseFailureOf(error: unknown): ParseFailure {
  if (!isBabelSyntaxError(error) || error.loc === undefined) {
    return { line: 1, column: 1, message: error instanceof Error ? error.message : String(error) };
  }
  // Babel appends "(line:column)" to its messages; the location is reported separately.
  const message = error.message.replace(/ \(\d+:\d+\)$/, '');
  return { line: error.loc.line, column: error.loc.column + 1, message };
}
