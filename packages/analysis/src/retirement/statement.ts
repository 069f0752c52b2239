import { startOf, type Node } from '../ast/nodes.js';
import type { ScopeModel } from '../file-index/scope-model.js';

const isStatementList = (node: Node): boolean =>
  node.type === 'Program' || node.type === 'BlockStatement' || node.type === 'StaticBlock' || node.type === 'SwitchCase' || node.type === 'TSModuleBlock' || node.type === 'ClassBody';

/** Whether `node` is the first thing on its line (only spaces and tabs before it). */
function beginsItsLine(node: Node, text: string): boolean {
  const start = startOf(node);
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  return /^[ \t]*$/.test(text.slice(lineStart, start));
}

/** Whether an object or array literal is a call's argument (`axios({ url })`, `$.ajax({ … })`), also nested in another literal of it. */
function isCallArgument(literal: Node, scope: ScopeModel): boolean {
  let current = literal;
  let parent = scope.parentOf(current);
  while (parent && (parent.type === 'ObjectExpression' || parent.type === 'ArrayExpression' || parent.type === 'Property')) {
    current = parent;
    parent = scope.parentOf(current);
  }
  return (parent?.type === 'CallExpression' || parent?.type === 'NewExpression') && parent.callee !== current;
}

/**
 * Start of the statement (or class member) around `node`: where a TODO comment above it goes. Or of
 * the member of an object or array literal written on lines of its own (a constants table's entry, an
 * RTK Query endpoint), which a comment line above it keeps with its site instead of stacking every
 * TODO of a long table above the table. A call's own config (`axios({\n  url: …\n})`) is part of the
 * call: its members do not count, the TODO goes above the call's statement.
 */
export function statementStartOf(node: Node, scope: ScopeModel, text: string): number {
  let current = node;
  for (let parent = scope.parentOf(current); parent && !isStatementList(parent); parent = scope.parentOf(current)) {
    if ((parent.type === 'ObjectExpression' || parent.type === 'ArrayExpression') && beginsItsLine(current, text) && !isCallArgument(parent, scope)) return startOf(current);
    current = parent;
  }
  return startOf(current);
}
