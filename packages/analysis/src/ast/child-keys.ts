import type { TSESTree } from '@typescript-eslint/types';
import { svelteChildKeys } from './svelte-child-keys.js';

type Node = TSESTree.Node;
type NodeOfType<T extends Node['type']> = Extract<Node, { type: T }>;

/** The keys of a node type whose values are nodes or lists of nodes (never `parent`). */
type NodeKeys<N> = {
  [K in keyof N]-?: K extends 'parent' ? never : NonNullable<N[K]> extends Node | readonly (Node | null)[] ? K : never;
}[keyof N];

/**
 * The runtime children of each node type, in source order. Type positions (annotations, type
 * arguments, `implements`, interfaces, type aliases, declared functions) and labels are left out,
 * so a string in a type is never seen; a type missing here and in `svelteChildKeys` has no runtime children.
 */
const childKeys: { readonly [T in Node['type']]?: readonly NodeKeys<NodeOfType<T>>[] } = {
  AccessorProperty: ['decorators', 'key', 'value'],
  ArrayExpression: ['elements'],
  ArrayPattern: ['decorators', 'elements'],
  ArrowFunctionExpression: ['params', 'body'],
  AssignmentExpression: ['left', 'right'],
  AssignmentPattern: ['decorators', 'left', 'right'],
  AwaitExpression: ['argument'],
  BinaryExpression: ['left', 'right'],
  BlockStatement: ['body'],
  CallExpression: ['callee', 'arguments'],
  CatchClause: ['param', 'body'],
  ChainExpression: ['expression'],
  ClassBody: ['body'],
  ClassDeclaration: ['decorators', 'id', 'superClass', 'body'],
  ClassExpression: ['decorators', 'id', 'superClass', 'body'],
  ConditionalExpression: ['test', 'consequent', 'alternate'],
  Decorator: ['expression'],
  DoWhileStatement: ['body', 'test'],
  ExportDefaultDeclaration: ['declaration'],
  ExportNamedDeclaration: ['declaration', 'specifiers'],
  ExportSpecifier: ['local'],
  ExpressionStatement: ['expression'],
  ForInStatement: ['left', 'right', 'body'],
  ForOfStatement: ['left', 'right', 'body'],
  ForStatement: ['init', 'test', 'update', 'body'],
  FunctionDeclaration: ['id', 'params', 'body'],
  FunctionExpression: ['id', 'params', 'body'],
  Identifier: ['decorators'],
  IfStatement: ['test', 'consequent', 'alternate'],
  ImportDeclaration: ['specifiers'],
  ImportDefaultSpecifier: ['local'],
  ImportExpression: ['source', 'options'],
  ImportNamespaceSpecifier: ['local'],
  ImportSpecifier: ['local'],
  JSXAttribute: ['value'],
  JSXElement: ['openingElement', 'children'],
  JSXExpressionContainer: ['expression'],
  JSXFragment: ['children'],
  JSXOpeningElement: ['attributes'],
  JSXSpreadAttribute: ['argument'],
  JSXSpreadChild: ['expression'],
  LabeledStatement: ['body'],
  LogicalExpression: ['left', 'right'],
  MemberExpression: ['object', 'property'],
  MethodDefinition: ['decorators', 'key', 'value'],
  NewExpression: ['callee', 'arguments'],
  ObjectExpression: ['properties'],
  ObjectPattern: ['decorators', 'properties'],
  Program: ['body'],
  Property: ['key', 'value'],
  PropertyDefinition: ['decorators', 'key', 'value'],
  RestElement: ['decorators', 'argument', 'value'],
  ReturnStatement: ['argument'],
  SequenceExpression: ['expressions'],
  SpreadElement: ['argument'],
  StaticBlock: ['body'],
  SwitchCase: ['test', 'consequent'],
  SwitchStatement: ['discriminant', 'cases'],
  TaggedTemplateExpression: ['tag', 'quasi'],
  TemplateLiteral: ['expressions'],
  ThrowStatement: ['argument'],
  TryStatement: ['block', 'handler', 'finalizer'],
  TSAbstractAccessorProperty: ['decorators', 'key'],
  TSAbstractMethodDefinition: ['decorators', 'key', 'value'],
  TSAbstractPropertyDefinition: ['decorators', 'key'],
  TSAsExpression: ['expression'],
  TSEmptyBodyFunctionExpression: ['params'],
  TSEnumBody: ['members'],
  TSEnumDeclaration: ['id', 'body'],
  TSEnumMember: ['initializer'],
  TSExportAssignment: ['expression'],
  TSExternalModuleReference: ['expression'],
  TSImportEqualsDeclaration: ['id', 'moduleReference'],
  TSInstantiationExpression: ['expression'],
  TSModuleBlock: ['body'],
  TSModuleDeclaration: ['id', 'body'],
  TSNonNullExpression: ['expression'],
  TSParameterProperty: ['decorators', 'parameter'],
  TSQualifiedName: ['left', 'right'],
  TSSatisfiesExpression: ['expression'],
  TSTypeAssertion: ['expression'],
  UnaryExpression: ['argument'],
  UpdateExpression: ['argument'],
  VariableDeclaration: ['declarations'],
  VariableDeclarator: ['id', 'init'],
  WhileStatement: ['test', 'body'],
  WithStatement: ['object', 'body'],
  YieldExpression: ['argument'],
};

/** The tables above and `svelteChildKeys` as one Map: one lookup per node, and no inherited name (`toString`) is a type. */
const keysByType: ReadonlyMap<string, readonly string[]> = new Map([...svelteChildKeys, ...(Object.entries(childKeys) as [string, readonly string[]][])]);

/** Visits the nodes of a list of children (an array literal's holes are null). */
function visitAll<A, B>(children: readonly (Node | null)[], parent: Node, visit: (child: Node, parent: Node, a: A, b: B) => void, a: A, b: B): void {
  for (const child of children) if (child) visit(child, parent, a, b);
}

/** The keys of a node type's runtime children, in source order, as the table above lists them (undefined: none). */
export function childKeysOf(type: string): readonly string[] | undefined {
  return keysByType.get(type);
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/**
 * Calls `visit(child, node, a, b)` for each runtime child of `node` in source order (a shorthand
 * property's value once). The extra arguments pass through, so a walk needs no closure per node.
 * It runs for every node of every candidate: the most frequent types (an identifier is two nodes in
 * five, most with no decorator) are read field by field, the others through one Map lookup.
 */
export function forEachChild<A, B>(node: Node, visit: (child: Node, parent: Node, a: A, b: B) => void, a: A, b: B): void {
  switch (node.type) {
    case 'Identifier':
      // Only a decorated parameter (`constructor(@Inject() x)`) has children; other parsers may leave `decorators` out.
      if (node.decorators === undefined || node.decorators.length === 0) return;
      break;
    case 'Literal':
    case 'ThisExpression':
      return;
    case 'MemberExpression':
      visit(node.object, node, a, b);
      visit(node.property, node, a, b);
      return;
    case 'CallExpression':
    case 'NewExpression':
      visit(node.callee, node, a, b);
      for (const argument of node.arguments) visit(argument, node, a, b);
      return;
    case 'Property':
      if (!node.shorthand) visit(node.key, node, a, b);
      visit(node.value, node, a, b);
      return;
    // The other frequent types, field by field as `childKeys` lists them (tests/child-keys.test.ts holds the two to one order).
    case 'BlockStatement':
    case 'Program':
      visitAll(node.body, node, visit, a, b);
      return;
    case 'ReturnStatement':
    case 'AwaitExpression':
      if (node.argument) visit(node.argument, node, a, b);
      return;
    case 'VariableDeclaration':
      visitAll(node.declarations, node, visit, a, b);
      return;
    case 'VariableDeclarator':
      visit(node.id, node, a, b);
      if (node.init) visit(node.init, node, a, b);
      return;
    case 'ExpressionStatement':
      visit(node.expression, node, a, b);
      return;
    case 'TemplateLiteral':
      visitAll(node.expressions, node, visit, a, b);
      return;
    case 'ObjectExpression':
      visitAll(node.properties, node, visit, a, b);
      return;
    case 'ArrayExpression':
      visitAll(node.elements, node, visit, a, b);
      return;
    case 'BinaryExpression':
    case 'LogicalExpression':
    case 'AssignmentExpression':
      visit(node.left, node, a, b);
      visit(node.right, node, a, b);
      return;
    case 'IfStatement':
    case 'ConditionalExpression':
      visit(node.test, node, a, b);
      visit(node.consequent, node, a, b);
      if (node.alternate) visit(node.alternate, node, a, b);
      return;
    case 'ArrowFunctionExpression':
      visitAll(node.params, node, visit, a, b);
      visit(node.body, node, a, b);
      return;
    default:
      break;
  }
  const keys = keysByType.get(node.type);
  if (keys === undefined) return;
  // The table is typed per node type above; reading it back by `node.type` loses that link, so the
  // node is read as a record here, once, for the keys the table allows.
  const record = node as unknown as Readonly<Record<string, unknown>>;
  for (const key of keys) {
    const value = record[key];
    if (Array.isArray(value)) {
      for (const child of value as readonly unknown[]) if (isNode(child)) visit(child, node, a, b);
    } else if (isNode(value)) {
      visit(value, node, a, b);
    }
  }
}
