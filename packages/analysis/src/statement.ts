import { rangeOf } from './ast/nodes.js';
import type { ProgramIndex } from './scope/program-index.js';
import type { AnyNode } from './types.js';

const statementLists = new Set(['Program', 'BlockStatement', 'StaticBlock', 'SwitchCase', 'TSModuleBlock', 'ClassBody']);

/** Start of the statement (or class member) around `node`: where a TODO comment above it goes. */
export function statementStartOf(node: AnyNode, index: ProgramIndex): number {
  let current = node;
  for (let parent = index.parentOf(current); parent; parent = index.parentOf(current)) {
    if (statementLists.has(parent.type)) break;
    current = parent;
  }
  return rangeOf(current)[0];
}
