import { startOf, type Node } from '../ast/nodes.js';
import type { ScopeModel } from '../file-index/scope-model.js';

const isStatementList = (node: Node): boolean =>
  node.type === 'Program' || node.type === 'BlockStatement' || node.type === 'StaticBlock' || node.type === 'SwitchCase' || node.type === 'TSModuleBlock' || node.type === 'ClassBody';

/** Start of the statement (or class member) around `node`: where a TODO comment above it goes. */
export function statementStartOf(node: Node, scope: ScopeModel): number {
  let current = node;
  for (let parent = scope.parentOf(current); parent && !isStatementList(parent); parent = scope.parentOf(current)) current = parent;
  return startOf(current);
}
