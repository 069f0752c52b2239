import type { TSESTree } from '@typescript-eslint/types';
import { describe, expect, it } from 'vitest';
import { childKeysOf, forEachChild } from '../src/ast/child-keys.js';
import { builtOverStatementsCases } from './cases/built-over-statements.js';
import { clientBaseCases } from './cases/client-bases.js';
import { editCases, hidingPlaceCases } from './cases/hiding-places.js';
import { httpCallFormCases } from './cases/http-call-forms.js';
import { negativeCases } from './cases/negatives.js';
import { soapCases } from './cases/soap.js';
import { parseWith, type ParserName } from './parsers.js';

// `forEachChild` reads the most frequent node types field by field, the others through the table of
// child keys: for every node of every parser's tree both must give the same children in the same order.

type Node = TSESTree.Node;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** The children the table lists (a shorthand property's value once). */
function tableChildren(node: Node): Node[] {
  if (node.type === 'Property' && node.shorthand) return [node.value];
  const record = node as unknown as Readonly<Record<string, unknown>>;
  return (childKeysOf(node.type) ?? []).flatMap((key) => {
    const value = record[key];
    return Array.isArray(value) ? (value as unknown[]).filter(isNode) : isNode(value) ? [value] : [];
  });
}

/** Every node of a tree, types and all (each key but `parent`). */
function everyNode(root: Node): Node[] {
  const nodes: Node[] = [];
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) pending.push(...(value as unknown[]));
    else if (isNode(value)) {
      nodes.push(value);
      for (const [key, child] of Object.entries(value)) if (key !== 'parent' && typeof child === 'object' && child !== null) pending.push(child);
    }
  }
  return nodes;
}

const shapes = `
const [, second, ...rest] = [1, , 3, ...others];
let unset;
function nothing() { return; }
const arrow = (a, { b = 1 } = {}) => a ?? b;
const block = async (x) => { await x; if (x) return x; else if (!x) { x = 1; } else x += 2; };
const choice = flag ? 'a' : \`b\${flag}c\`;
class Holder { #secret = 1; has(other) { return #secret in other; } }
const shorthand = { unset, arrow, ['computed']: 1, method() {}, get value() { return 1; } };
label: for (const key in shorthand) { if (key) continue label; }
`;
const codes = [shapes, ...[...builtOverStatementsCases, ...clientBaseCases, ...hidingPlaceCases, ...editCases, ...httpCallFormCases, ...negativeCases, ...soapCases].filter((testCase) => !testCase.jsx).map((testCase) => testCase.code)];
const parsers: [ParserName, string][] = [
  ['oxc', 'case.ts'],
  ['typescript-estree', 'case.ts'],
];

describe('forEachChild', () => {
  it.each(parsers)('gives the children the table lists, in its order, for every node of %s trees', (parser, filename) => {
    let compared = 0;
    const types = new Set<string>();
    for (const code of codes) {
      for (const node of everyNode(parseWith(parser, code, filename).program)) {
        const visited: Node[] = [];
        forEachChild(node, (child) => visited.push(child), undefined, undefined);
        expect(visited).toEqual(tableChildren(node));
        compared += 1;
        types.add(node.type);
      }
    }
    expect(compared).toBeGreaterThan(3000);
    // The types read field by field are all met.
    for (const type of ['Program', 'BlockStatement', 'ReturnStatement', 'AwaitExpression', 'VariableDeclaration', 'VariableDeclarator', 'ExpressionStatement', 'TemplateLiteral', 'ObjectExpression', 'ArrayExpression', 'BinaryExpression', 'LogicalExpression', 'AssignmentExpression', 'IfStatement', 'ConditionalExpression', 'ArrowFunctionExpression', 'Property']) {
      expect(types).toContain(type);
    }
  });
});
