import type { TSESTree } from '@typescript-eslint/types';
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

/** A call (maybe awaited, or optional) written as an array's entry: `Promise.all([\n  axios.get(a),\n  axios.get(b),\n])`. */
function isCallEntry(entry: Node): boolean {
  let value = entry;
  while (value.type === 'AwaitExpression' || value.type === 'ChainExpression' || value.type === 'TSAsExpression' || value.type === 'TSNonNullExpression') {
    value = value.type === 'ChainExpression' ? value.expression : value.type === 'AwaitExpression' ? value.argument : value.expression;
  }
  return value.type === 'CallExpression' || value.type === 'NewExpression';
}

/** Keys that make an object literal the description of one request (`{ method: 'GET', path: '/v1/…' }`) rather than a table of entries. */
const methodKeys = new Set(['method', 'httpMethod', 'verb']);

const keyName = (key: TSESTree.Property['key']): string | undefined =>
  key.type === 'Identifier' ? key.name : key.type === 'Literal' && typeof key.value === 'string' ? key.value : undefined;

/**
 * Whether an object literal is one record whose properties are its parts, not entries of their own: an
 * element of an array (a vendored endpoint table's `{ method, path }`), or one that states a method.
 */
function isRecord(literal: TSESTree.ObjectExpression, scope: ScopeModel): boolean {
  if (scope.parentOf(literal)?.type === 'ArrayExpression') return true;
  return literal.properties.some((property) => property.type === 'Property' && !property.computed && methodKeys.has(keyName(property.key) ?? ''));
}

/**
 * Whether a comment line above `member`, an entry of `literal` written on lines of its own, stays with its site.
 * A record's properties are not entries: a comment between two of them reads as one about a part of it, so it
 * goes above the record.
 */
function isEntryOfItsOwn(member: Node, literal: Node, scope: ScopeModel): boolean {
  if (literal.type === 'ObjectExpression' && isRecord(literal, scope)) return false;
  if (literal.type !== 'ObjectExpression' && literal.type !== 'ArrayExpression') return false;
  return !isCallArgument(literal, scope) || (literal.type === 'ArrayExpression' && isCallEntry(member));
}

const lineStartOf = (offset: number, text: string): number => text.lastIndexOf('\n', offset - 1) + 1;

/**
 * For a statement that does not begin its line (`one(id) { return get(id); }`): the statement, class
 * member or literal entry around it that begins that same line, above which a comment line is still
 * code (not across JSX, where it would be text, nor a template). Undefined when there is none.
 */
function lineStatementStart(statement: Node, scope: ScopeModel, text: string): number | undefined {
  const line = lineStartOf(startOf(statement), text);
  let current = statement;
  let parent = scope.parentOf(current);
  for (; parent && lineStartOf(startOf(parent), text) === line; parent = scope.parentOf(current)) {
    if (parent.type.startsWith('JSX') || parent.type === 'TemplateLiteral' || parent.type === 'Program') return undefined;
    current = parent;
    const above = scope.parentOf(current);
    if (above && beginsItsLine(current, text) && (isStatementList(above) || isEntryOfItsOwn(current, above, scope))) return startOf(current);
  }
  // A one-line callback on a chain's continuation line (`  .then(function (c) { return c.Op(); })`): above the chain's statement.
  return parent?.type === 'CallExpression' || parent?.type === 'MemberExpression' ? chainStatementStart(parent, scope, text) : undefined;
}

/** The start of the statement a chain written over several lines is part of, when it begins its line and no JSX or template lies between. */
function chainStatementStart(chain: Node, scope: ScopeModel, text: string): number | undefined {
  let current = chain;
  for (let parent = scope.parentOf(current); parent; parent = scope.parentOf(current)) {
    if (parent.type.startsWith('JSX') || parent.type === 'TemplateLiteral') return undefined;
    if (isStatementList(parent)) return parent.type !== 'ClassBody' && beginsItsLine(current, text) ? startOf(current) : undefined;
    current = parent;
  }
  return undefined;
}

/**
 * Start of the statement (or class member) around `node`: where a TODO comment above it goes. Or of
 * the member of an object or array literal written on lines of its own (a constants table's entry, an
 * RTK Query endpoint, a request among `Promise.all`'s), which a comment line above it keeps with its
 * site instead of stacking every TODO of a long table above the table. A call's own config
 * (`axios({\n  url: …\n})`) is part of the call: its members do not count, the TODO goes above the
 * call's statement. A statement written after others on its line (a one-line method's body) gives the
 * start of what begins that line, when a comment may go above it (`lineStatementStart`).
 */
export function statementStartOf(node: Node, scope: ScopeModel, text: string): number {
  let current = node;
  for (let parent = scope.parentOf(current); parent && !isStatementList(parent); parent = scope.parentOf(current)) {
    if (beginsItsLine(current, text) && isEntryOfItsOwn(current, parent, scope)) return startOf(current);
    current = parent;
  }
  return beginsItsLine(current, text) ? startOf(current) : (lineStatementStart(current, scope, text) ?? startOf(current));
}
