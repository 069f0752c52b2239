import { builtinCatalog } from '@sunset/rule-data';
import { parse as parseTypeScriptEstree } from '@typescript-eslint/parser';
import type { TSESTree } from '@typescript-eslint/types';
import * as espree from 'espree';
import { parseSync } from 'oxc-parser';
import type { AnalysisOptions, SourceComment, SourceFile, TextEdit } from '@sunset/analysis';

export type ParserName = 'typescript-estree' | 'espree' | 'oxc';

interface ParsedComment {
  readonly type: string;
  readonly value: string;
  readonly range?: readonly [number, number];
  readonly start?: number;
  readonly end?: number;
}

const commentsOf = (comments: readonly ParsedComment[] | undefined): SourceComment[] =>
  (comments ?? []).map((comment) => ({
    type: comment.type === 'Line' ? 'Line' : 'Block',
    value: comment.value,
    range: comment.range ? [comment.range[0], comment.range[1]] : [comment.start ?? 0, comment.end ?? 0],
  }));

/** oxc's language for a file name, as the engine chooses it: TS by extension, JavaScript always with JSX. */
function oxcLanguage(filename: string): { lang: 'ts' | 'tsx' | 'jsx'; astType: 'ts' | 'js' } {
  if (/\.[cm]?ts$/.test(filename)) return { lang: 'ts', astType: 'ts' };
  if (filename.endsWith('.tsx')) return { lang: 'tsx', astType: 'ts' };
  return { lang: 'jsx', astType: 'js' };
}

/**
 * Parses like the callers do: ESLint hands over typescript-estree's or espree's Program, the engine
 * oxc-parser's; `filename` picks the language (`.ts`, `.tsx`, `.js`, `.cjs` ...).
 */
export function parseWith(parser: ParserName, code: string, filename: string): SourceFile {
  switch (parser) {
    case 'typescript-estree': {
      const program = parseTypeScriptEstree(code, { range: true, loc: true, jsx: /\.[jt]sx$/.test(filename) || /\.[cm]?js$/.test(filename), comment: true, tokens: true, filePath: filename });
      return { program: program as unknown as TSESTree.Program, text: code, comments: commentsOf(program.comments) };
    }
    case 'espree': {
      const sourceType = filename.endsWith('.cjs') ? 'commonjs' : 'module';
      // espree's Program is ESTree; the analysis reads it as TS-ESTree, which is a superset.
      const program = espree.parse(code, { range: true, loc: true, ecmaVersion: 'latest', sourceType, ecmaFeatures: { jsx: true }, comment: true }) as unknown as TSESTree.Program & { comments?: ParsedComment[] };
      return { program, text: code, comments: commentsOf(program.comments) };
    }
    case 'oxc': {
      // No `range`, as the engine parses: the analysis reads positions through rangeOf/startOf/endOf.
      const result = parseSync(filename, code, { range: false, preserveParens: false, ...oxcLanguage(filename) });
      if (result.errors.length > 0) throw new Error(`oxc-parser could not parse ${filename}: ${result.errors.map((error) => error.message).join('; ')}`);
      return { program: result.program as unknown as TSESTree.Program, text: code, comments: commentsOf(result.comments) };
    }
  }
}

/** Applies non-overlapping text edits to the source, the way the codemod and ESLint fixers do. */
export function applyEdits(code: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.range[0] - a.range[0]);
  return sorted.reduce((text, edit) => text.slice(0, edit.range[0]) + edit.text + text.slice(edit.range[1]), code);
}

/** 1-based line and 0-based column of an offset, as ESLint reports them. */
export function lineColumn(code: string, offset: number): { line: number; column: number } {
  const before = code.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) };
}

/** Analysis options as @sunset/config gives them, with the tests' defaults. */
export function analysisOptions(overrides: Partial<AnalysisOptions> = {}): AnalysisOptions {
  return {
    asOf: '2026-01-01',
    catalog: builtinCatalog,
    apiHosts: undefined,
    identityHosts: undefined,
    reportScheduled: false,
    scheduledWithinDays: 90,
    ...overrides,
  };
}
