import { createRequire } from 'node:module';
import { parse as parseTypeScriptEstree } from '@typescript-eslint/parser';
import type { AnyNode, TextEdit } from '@sunset/analysis';

// jscodeshift is a dependency of @sunset/codemod and espree one of eslint; the analysis package does
// not depend on either, so the tests load them from where the workspace installed them.
const requireFromCodemod = createRequire(new URL('../../codemod/package.json', import.meta.url));
const requireFromEslint = createRequire(createRequire(import.meta.url).resolve('eslint'));

interface JscodeshiftApi {
  withParser(parser: string): (source: string) => { get(): { node: AnyNode } };
}
interface EspreeApi {
  parse(code: string, options: Record<string, unknown>): AnyNode;
}

const jscodeshift = requireFromCodemod('jscodeshift') as JscodeshiftApi;
const espree = requireFromEslint('espree') as EspreeApi;

export type ParserName = 'typescript-eslint' | 'espree' | 'babel-tsx' | 'babel-ts' | 'babylon';

/** Parses like the callers do: ESLint hands over a Program with ranges, jscodeshift a Babel File (via recast). */
export function parseWith(parser: ParserName, code: string): AnyNode {
  switch (parser) {
    case 'typescript-eslint':
      return parseTypeScriptEstree(code, { range: true, loc: true, jsx: true, comment: true, tokens: true }) as unknown as AnyNode;
    case 'espree':
      return espree.parse(code, { range: true, loc: true, ecmaVersion: 'latest', sourceType: 'module', ecmaFeatures: { jsx: true }, comment: true, tokens: true });
    case 'babel-tsx':
      return jscodeshift.withParser('tsx')(code).get().node;
    case 'babel-ts':
      return jscodeshift.withParser('ts')(code).get().node;
    case 'babylon':
      return jscodeshift.withParser('babylon')(code).get().node;
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
