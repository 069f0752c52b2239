import { endOf, isFunction, startOf, type Node } from '../ast/nodes.js';
import type { Binding, BindingWrite, ScopeModel } from '../file-index/scope-model.js';

/**
 * Just enough control flow to read a `let` built over several statements (`let url = base;
 * url += '/albums'`): which write of a binding a read sees, when one write surely does. No graph is
 * built: the write is the last one written before the read, and it counts only when nothing between
 * them can skip it (a branch, a loop, another function).
 */

/** Whether `parent` may run without running its child `child` (a branch, a loop body, a nested function). */
function isBranchEdge(parent: Node, child: Node): boolean {
  switch (parent.type) {
    case 'IfStatement':
    case 'ConditionalExpression':
      return child !== parent.test;
    case 'LogicalExpression':
    case 'AssignmentPattern':
      return child === parent.right;
    case 'ForStatement':
      return child !== parent.init;
    case 'ForInStatement':
    case 'ForOfStatement':
      return child === parent.body;
    case 'WhileStatement':
    case 'DoWhileStatement':
    case 'SwitchCase':
    case 'CatchClause':
    case 'LabeledStatement':
      return true;
    case 'TryStatement':
      return child !== parent.block;
    case 'ChainExpression':
    case 'MemberExpression':
    case 'CallExpression':
      // `a?.b(x = 1)`: an optional chain may skip what follows it; plain members and calls run in order.
      return 'optional' in parent && parent.optional === true;
    default:
      return isFunction(parent);
  }
}

const isLoop = (node: Node): boolean =>
  node.type === 'ForStatement' || node.type === 'ForInStatement' || node.type === 'ForOfStatement' || node.type === 'WhileStatement' || node.type === 'DoWhileStatement';

/** The nodes from `node` (included) up to the Program. */
function ancestry(node: Node, scope: ScopeModel): Node[] {
  const chain: Node[] = [];
  for (let current: Node | undefined = node; current; current = scope.parentOf(current)) chain.push(current);
  return chain;
}

/** Whether reaching `node` from `ancestor` (one of its ancestors) crosses no branch: running `ancestor` runs `node`. */
export function runsWith(node: Node, ancestor: Node, scope: ScopeModel): boolean {
  let child = node;
  for (let parent = scope.parentOf(node); parent; parent = scope.parentOf(parent)) {
    if (isBranchEdge(parent, child)) return false;
    if (parent === ancestor) return true;
    child = parent;
  }
  return false;
}

/** The innermost node holding both. */
function commonAncestor(a: Node, b: Node, scope: ScopeModel): Node | undefined {
  const above = new Set(ancestry(a, scope));
  return ancestry(b, scope).find((node) => above.has(node));
}

/** The child of `ancestor` that holds `node`. */
function childOn(node: Node, ancestor: Node, scope: ScopeModel): Node | undefined {
  let child = node;
  for (let parent = scope.parentOf(node); parent; parent = scope.parentOf(parent)) {
    if (parent === ancestor) return child;
    child = parent;
  }
  return undefined;
}

/** Whether `a` and `b` sit in the two arms of the `if` or `?:` that is their common ancestor: one runs, never both. */
function inOtherArms(a: Node, b: Node, meeting: Node, scope: ScopeModel): boolean {
  if (meeting.type !== 'IfStatement' && meeting.type !== 'ConditionalExpression') return false;
  const armOfA = childOn(a, meeting, scope);
  const armOfB = childOn(b, meeting, scope);
  return armOfA !== undefined && armOfB !== undefined && armOfA !== meeting.test && armOfB !== meeting.test && armOfA !== armOfB;
}

/** The nearest function around a node (undefined at the top of the module). */
function functionOf(node: Node, scope: ScopeModel): Node | undefined {
  for (let current = scope.parentOf(node); current; current = scope.parentOf(current)) if (isFunction(current)) return current;
  return undefined;
}

/** A write a read sees: the declaration's initializer or a later write, and whether the read runs only sometimes after it. */
export interface ReachingWrite {
  readonly operator: BindingWrite['operator'];
  /** The value written (the initializer, the right side); undefined for a declaration without one. */
  readonly value: Node | undefined;
  /** The node that writes (its declarator, its assignment). */
  readonly node: Node;
  /** The read may not run when the write does: the value written may reach other reads too. */
  readonly readSometimes: boolean;
}

/**
 * The write of `binding` that `read` surely sees, or undefined when it cannot be told: the last write
 * completed before the read in the same function, written where it always runs before the read;
 * never in a loop that writes the binding too (a later write then reaches the read again).
 */
export function reachingWrite(binding: Binding, read: Node, scope: ScopeModel): ReachingWrite | undefined {
  if (binding.redeclared || (binding.kind !== 'let' && binding.kind !== 'var')) return undefined;
  const declarator = scope.parentOf(binding.id);
  if (declarator?.type !== 'VariableDeclarator' || declarator.id !== binding.id) return undefined;
  const home = functionOf(binding.id, scope);
  if (functionOf(read, scope) !== home) return undefined;
  const readAt = startOf(read);
  const candidates: { node: Node; operator: BindingWrite['operator']; value: Node | undefined }[] = [
    { node: declarator, operator: '=', value: declarator.init ?? undefined },
    ...binding.writes.map((write) => ({ node: write.node, operator: write.operator, value: write.value })),
  ];
  const before = candidates.filter((candidate) => endOf(candidate.node) <= readAt).sort((a, b) => endOf(b.node) - endOf(a.node));
  if (candidates.some((candidate) => candidate.node !== declarator && functionOf(candidate.node, scope) !== home)) return undefined; // a closure writes it
  let last: (typeof candidates)[number] | undefined;
  let meeting: Node | undefined;
  for (const candidate of before) {
    meeting = commonAncestor(candidate.node, read, scope);
    if (!meeting) return undefined;
    // `if (a) url += '/albums'; else if (b) url += '/top-tracks'`: the other arm never runs before this one.
    if (inOtherArms(candidate.node, read, meeting, scope)) continue;
    if (!runsWith(candidate.node, meeting, scope)) return undefined;
    last = candidate;
    break;
  }
  if (!last || !meeting) return undefined;
  // A loop around the read that also holds a write: the write may come round before the read.
  for (let current = scope.parentOf(read); current && current !== home; current = scope.parentOf(current)) {
    if (!isLoop(current)) continue;
    const [from, to] = [startOf(current), endOf(current)];
    if (candidates.some((candidate) => startOf(candidate.node) >= from && endOf(candidate.node) <= to && candidate.node !== declarator)) return undefined;
  }
  return { operator: last.operator, value: last.value, node: last.node, readSometimes: !runsWith(read, meeting, scope) };
}
