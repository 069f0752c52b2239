import type { AnyNode } from '../types.js';

// The few node shapes that differ between ESTree (ESLint) and Babel (jscodeshift). Everything else
// in the analysis is written against these predicates, never against one flavour.

/** A node viewed as a record of its fields; fields are read through the typed helpers below. */
type NodeRecord = AnyNode & Readonly<Record<string, unknown>>;

const asRecord = (node: AnyNode): NodeRecord => node as NodeRecord;

/** A node known to have one of the given types (a narrowing that leaves other nodes as `AnyNode`). */
export type NodeOf<T extends string> = AnyNode & { readonly type: T };

export function isNode(value: unknown): value is AnyNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** A child node stored under `key`, or undefined. */
export function field(node: AnyNode, key: string): AnyNode | undefined {
  const value = asRecord(node)[key];
  return isNode(value) ? value : undefined;
}

/** The child nodes stored as an array under `key` (holes in sparse arrays are skipped). */
export function fieldList(node: AnyNode, key: string): AnyNode[] {
  const value = asRecord(node)[key];
  return Array.isArray(value) ? value.filter(isNode) : [];
}

export function stringField(node: AnyNode, key: string): string | undefined {
  const value = asRecord(node)[key];
  return typeof value === 'string' ? value : undefined;
}

export function booleanField(node: AnyNode, key: string): boolean {
  return asRecord(node)[key] === true;
}

/** `[start, end)` of a node in the source: ESTree `range` or Babel `start`/`end`. */
export function rangeOf(node: AnyNode): [number, number] {
  if (node.range) return [node.range[0], node.range[1]];
  if (typeof node.start === 'number' && typeof node.end === 'number') return [node.start, node.end];
  throw new TypeError(`The ${node.type} node has neither range nor start/end; parse with ranges enabled (ESLint and jscodeshift do).`);
}

/** `'...'`/`"..."` string literal: ESTree `Literal` with a string value or Babel `StringLiteral`. */
export function isStringLiteral(node: AnyNode): boolean {
  if (node.type === 'StringLiteral') return true;
  return node.type === 'Literal' && typeof asRecord(node).value === 'string';
}

export function stringValue(node: AnyNode): string | undefined {
  return isStringLiteral(node) ? stringField(node, 'value') : undefined;
}

export function isIdentifier(node: AnyNode | undefined, name?: string): node is NodeOf<'Identifier'> {
  if (node?.type !== 'Identifier') return false;
  return name === undefined || stringField(node, 'name') === name;
}

export function identifierName(node: AnyNode | undefined): string | undefined {
  return node?.type === 'Identifier' ? stringField(node, 'name') : undefined;
}

const transparentWrappers = new Set([
  'TSAsExpression',
  'TSSatisfiesExpression',
  'TSNonNullExpression',
  'TSTypeAssertion',
  'TSInstantiationExpression',
  'ParenthesizedExpression',
  'ChainExpression',
  'TypeCastExpression',
]);

/** Sees through `as const`, `satisfies T`, `x!`, `<T>x`, `f<T>`, parentheses and ESTree's `ChainExpression`. */
export function unwrapTs(node: AnyNode): AnyNode {
  let current = node;
  while (transparentWrappers.has(current.type)) {
    const inner = field(current, 'expression');
    if (!inner) return current;
    current = inner;
  }
  return current;
}

/** A call in either flavour: `CallExpression` (ESTree optional calls too) or Babel `OptionalCallExpression`. */
export function isCall(node: AnyNode | undefined): node is NodeOf<'CallExpression' | 'OptionalCallExpression'> {
  return node?.type === 'CallExpression' || node?.type === 'OptionalCallExpression';
}

export function isMember(node: AnyNode | undefined): node is NodeOf<'MemberExpression' | 'OptionalMemberExpression'> {
  return node?.type === 'MemberExpression' || node?.type === 'OptionalMemberExpression';
}

export function calleeOf(call: AnyNode): AnyNode | undefined {
  const callee = field(call, 'callee');
  return callee ? unwrapTs(callee) : undefined;
}

export function argumentsOf(call: AnyNode): AnyNode[] {
  return fieldList(call, 'arguments');
}

/** The argument at `index`, unwrapped from TS wrappers; undefined for a spread or a missing one. */
export function argumentAt(call: AnyNode, index: number): AnyNode | undefined {
  const argument = argumentsOf(call)[index];
  if (!argument || argument.type === 'SpreadElement') return undefined;
  return unwrapTs(argument);
}

/** The static name of a member's property: `a.b`, `a['b']`, `` a[`b`] ``; undefined when computed from a value. */
export function memberPropertyName(member: AnyNode): string | undefined {
  const property = field(member, 'property');
  if (!property) return undefined;
  if (!booleanField(member, 'computed')) return identifierName(property);
  return staticString(property);
}

export function memberObject(member: AnyNode): AnyNode | undefined {
  const object = field(member, 'object');
  return object ? unwrapTs(object) : undefined;
}

/** A string known without evaluation: a string literal or a template literal without expressions. */
export function staticString(node: AnyNode): string | undefined {
  const unwrapped = unwrapTs(node);
  const direct = stringValue(unwrapped);
  if (direct !== undefined) return direct;
  if (unwrapped.type !== 'TemplateLiteral' || fieldList(unwrapped, 'expressions').length > 0) return undefined;
  const [quasi] = fieldList(unwrapped, 'quasis');
  return quasi ? cookedOf(quasi) : undefined;
}

/** The cooked text of a template element (`value.cooked`), or its raw text when cooking failed. */
export function cookedOf(templateElement: AnyNode): string {
  const value = asRecord(templateElement).value as { raw?: unknown; cooked?: unknown } | undefined;
  if (typeof value?.cooked === 'string') return value.cooked;
  return typeof value?.raw === 'string' ? value.raw : '';
}

export function rawOf(templateElement: AnyNode): string {
  const value = asRecord(templateElement).value as { raw?: unknown } | undefined;
  return typeof value?.raw === 'string' ? value.raw : '';
}

/** `key: value` properties of an object literal (ESTree `Property` kind init, Babel `ObjectProperty`); methods are left out. */
export function propertiesOf(objectExpression: AnyNode): AnyNode[] {
  return fieldList(objectExpression, 'properties').filter(isValueProperty);
}

export function isValueProperty(node: AnyNode): boolean {
  if (node.type === 'ObjectProperty') return true;
  return node.type === 'Property' && stringField(node, 'kind') === 'init' && !booleanField(node, 'method');
}

export function hasSpread(objectExpression: AnyNode): boolean {
  return fieldList(objectExpression, 'properties').some((property) => property.type === 'SpreadElement' || property.type === 'SpreadProperty');
}

/** The static key of a property, class member or method: `url`, `'url'`, `['url']`. */
export function propertyKeyName(property: AnyNode): string | undefined {
  const key = field(property, 'key');
  if (!key) return undefined;
  if (!booleanField(property, 'computed')) {
    return identifierName(key) ?? stringValue(key) ?? (key.type === 'NumericLiteral' ? String(asRecord(key).value) : undefined);
  }
  return staticString(key);
}

export function propertyValue(property: AnyNode): AnyNode | undefined {
  const value = field(property, 'value');
  return value ? unwrapTs(value) : undefined;
}

/** The value of the property named `name` in an object literal (the last one wins, as at runtime). */
export function findProperty(objectExpression: AnyNode, name: string): AnyNode | undefined {
  const matches = propertiesOf(objectExpression).filter((property) => propertyKeyName(property) === name);
  return matches[matches.length - 1];
}

const functionTypes = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ObjectMethod',
  'ClassMethod',
  'ClassPrivateMethod',
  'TSDeclareFunction',
  'TSEmptyBodyFunctionExpression',
]);

export function isFunction(node: AnyNode | undefined): node is NodeOf<'FunctionDeclaration' | 'FunctionExpression' | 'ArrowFunctionExpression' | 'ObjectMethod' | 'ClassMethod' | 'ClassPrivateMethod' | 'TSDeclareFunction' | 'TSEmptyBodyFunctionExpression'> {
  return node !== undefined && functionTypes.has(node.type);
}

export function isClass(node: AnyNode | undefined): node is NodeOf<'ClassDeclaration' | 'ClassExpression'> {
  return node?.type === 'ClassDeclaration' || node?.type === 'ClassExpression';
}

/** Class members that define a method or a function-valued field: ESTree `MethodDefinition`/`PropertyDefinition`, Babel `ClassMethod`/`ClassProperty`. */
export function isClassMember(node: AnyNode): boolean {
  return /^(MethodDefinition|PropertyDefinition|ClassMethod|ClassPrivateMethod|ClassProperty|ClassPrivateProperty|ClassAccessorProperty|AccessorProperty|TSAbstractMethodDefinition|TSAbstractPropertyDefinition|TSDeclareMethod)$/.test(node.type);
}

/** A class field: `api = axios.create(...)` (ESTree `PropertyDefinition`, Babel `ClassProperty`). */
export function isClassField(node: AnyNode): boolean {
  return node.type === 'PropertyDefinition' || node.type === 'ClassProperty';
}

/** The parameters of a function-like node (ESTree `MethodDefinition` keeps them on its `value`). */
export function paramsOf(fn: AnyNode): AnyNode[] {
  return fieldList(fn, 'params');
}

/** The type name of a parameter's annotation: `http: HttpClient` → `HttpClient`. */
export function annotatedTypeName(binding: AnyNode): string | undefined {
  const annotation = field(binding, 'typeAnnotation');
  const type = annotation?.type === 'TSTypeAnnotation' ? field(annotation, 'typeAnnotation') : annotation;
  if (type?.type !== 'TSTypeReference') return undefined;
  const name = field(type, 'typeName');
  return identifierName(name) ?? (name ? stringField(field(name, 'right') ?? name, 'name') : undefined);
}

export function isThis(node: AnyNode | undefined): boolean {
  return node?.type === 'ThisExpression';
}
