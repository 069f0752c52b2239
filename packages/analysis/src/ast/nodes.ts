import type { TSESTree } from '@typescript-eslint/types';
import { forEachChild } from './child-keys.js';

export type Node = TSESTree.Node;
type Call = TSESTree.CallExpression | TSESTree.NewExpression;
export type FunctionNode =
  | TSESTree.FunctionDeclaration
  | TSESTree.FunctionExpression
  | TSESTree.ArrowFunctionExpression
  | TSESTree.TSEmptyBodyFunctionExpression;
export type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;
export type StringLiteral = TSESTree.StringLiteral;

/** The `start`/`end` offsets oxc-parser gives every node. */
interface Spanned {
  readonly start: number;
  readonly end: number;
}

/**
 * Where a node is in the text (`[start, end)`, UTF-16 offsets). ESLint's parsers give each node a
 * `range`; the engine asks oxc-parser for none (the arrays were a quarter of its deserialisation
 * time) and reads `start`/`end` instead. Every position of a node is read through these three.
 */
export function rangeOf(node: Node): readonly [number, number] {
  const { range } = node as { readonly range?: readonly [number, number] };
  return range ?? [(node as unknown as Spanned).start, (node as unknown as Spanned).end];
}

export function startOf(node: Node): number {
  const { range } = node as { readonly range?: readonly [number, number] };
  return range === undefined ? (node as unknown as Spanned).start : range[0];
}

export function endOf(node: Node): number {
  const { range } = node as { readonly range?: readonly [number, number] };
  return range === undefined ? (node as unknown as Spanned).end : range[1];
}

/** Sees through `as`, `satisfies`, `!`, `<T>x`, `f<T>` and ESTree's `ChainExpression`. */
export function unwrap(node: Node): Node {
  let current = node;
  for (;;) {
    switch (current.type) {
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSNonNullExpression':
      case 'TSTypeAssertion':
      case 'TSInstantiationExpression':
      case 'ChainExpression':
        current = current.expression;
        break;
      default:
        return current;
    }
  }
}

export function isStringLiteral(node: Node | undefined): node is StringLiteral {
  return node?.type === 'Literal' && typeof node.value === 'string';
}

export function isFunction(node: Node | undefined): node is FunctionNode {
  switch (node?.type) {
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
    case 'TSEmptyBodyFunctionExpression':
      return true;
    default:
      return false;
  }
}

/** The one expression a function returns: an arrow's expression body, or the argument of a body's only top-level `return`. */
export function returnedBy(fn: Node | undefined): Node | undefined {
  const value = fn === undefined ? undefined : unwrap(fn);
  if (!isFunction(value) || !value.body) return undefined;
  if (value.body.type !== 'BlockStatement') return value.body;
  const last = value.body.body.at(-1);
  if (last?.type !== 'ReturnStatement' || !last.argument) return undefined;
  // `if (flag) return a; return b;`: a function with a return besides its last has no one value.
  for (let at = 0; at < value.body.body.length - 1; at += 1) if (hasReturn(value.body.body[at]!)) return undefined;
  return last.argument;
}

/** Whether a statement holds a `return` of its function (not one of a function or class nested in it). */
function hasReturn(node: Node): boolean {
  if (node.type === 'ReturnStatement') return true;
  if (isFunction(node) || isClass(node)) return false;
  const found = { value: false };
  forEachChild(node, visitForReturn, found, undefined);
  return found.value;
}

function visitForReturn(child: Node, _parent: Node, found: { value: boolean }): void {
  if (!found.value && hasReturn(child)) found.value = true;
}


export function isClass(node: Node | undefined): node is ClassNode {
  return node?.type === 'ClassDeclaration' || node?.type === 'ClassExpression';
}

/** A string known without evaluation: a string literal or a template literal without expressions. */
export function staticString(node: Node): string | undefined {
  const value = unwrap(node);
  if (isStringLiteral(value)) return value.value;
  if (value.type !== 'TemplateLiteral' || value.expressions.length > 0) return undefined;
  const [quasi] = value.quasis;
  return quasi ? (quasi.value.cooked ?? quasi.value.raw) : undefined;
}

/** The static name of a member's property: `a.b`, `a['b']`, `` a[`b`] ``; undefined when computed from a value. */
export function memberPropertyName(member: TSESTree.MemberExpression): string | undefined {
  if (!member.computed) return member.property.type === 'Identifier' ? member.property.name : undefined;
  return staticString(member.property);
}

/** The members of an enum declaration (typescript-estree 8 puts them in `body`, older trees and oxc's on the declaration). */
export function enumMembersOf(declaration: TSESTree.TSEnumDeclaration): readonly TSESTree.TSEnumMember[] {
  return 'body' in declaration && declaration.body !== undefined ? declaration.body.members : (declaration as unknown as { members: TSESTree.TSEnumMember[] }).members;
}

/** The name of an enum member: `A` of `A = …`, also written as a string (`'A' = …`). */
export function enumMemberName(member: TSESTree.TSEnumMember): string | undefined {
  return member.id.type === 'Identifier' ? member.id.name : staticString(member.id as Node);
}

/** `require('x')` → `'x'`: the module a CommonJS `require` call names (a static string); undefined for any other expression. */
export function requiredModule(node: Node): string | undefined {
  const value = unwrap(node);
  if (value.type !== 'CallExpression') return undefined;
  const callee = calleeOf(value);
  const source = argumentAt(value, 0);
  // `require('axios')`, also written with backticks (`` require(`axios`) ``).
  return callee.type === 'Identifier' && callee.name === 'require' && source ? staticString(source) : undefined;
}

/** The callee of a call, unwrapped. */
export function calleeOf(call: Call): Node {
  return unwrap(call.callee);
}

/** `x.name(...)` → the member `x.name`, unwrapped. */
export function memberCallee(call: Call): TSESTree.MemberExpression | undefined {
  const callee = calleeOf(call);
  return callee.type === 'MemberExpression' ? callee : undefined;
}

/** The argument at `index`, unwrapped; undefined for a spread or a missing one. */
export function argumentAt(call: Call, index: number): Node | undefined {
  const argument = call.arguments[index];
  if (!argument || argument.type === 'SpreadElement') return undefined;
  return unwrap(argument);
}

/** The static key of a property or class member: `url`, `'url'`, `['url']`, `1`. */
export function propertyKeyName(
  property: TSESTree.Property | TSESTree.MethodDefinition | TSESTree.PropertyDefinition | TSESTree.AccessorProperty | TSESTree.TSAbstractMethodDefinition | TSESTree.TSAbstractPropertyDefinition | TSESTree.TSAbstractAccessorProperty,
): string | undefined {
  const { key } = property;
  if (property.computed) return staticString(key);
  if (key.type === 'Identifier') return key.name;
  if (key.type === 'Literal') return typeof key.value === 'string' || typeof key.value === 'number' ? String(key.value) : undefined;
  return undefined;
}

/** `key: value` properties of an object literal; methods, accessors and spreads are left out. */
export function valueProperties(object: TSESTree.ObjectExpression): TSESTree.Property[] {
  return object.properties.filter((property): property is TSESTree.Property => property.type === 'Property' && property.kind === 'init' && !property.method);
}

export function hasSpread(object: TSESTree.ObjectExpression): boolean {
  return object.properties.some((property) => property.type === 'SpreadElement');
}

/**
 * The value of the member named `name` of an object literal, a method's function too (`query(arg) { … }`),
 * which `propertyValueOf` passes over; the last one wins, as at runtime.
 */
export function memberValueOf(object: TSESTree.ObjectExpression, name: string): Node | undefined {
  const member = object.properties.findLast((property): property is TSESTree.Property => property.type === 'Property' && propertyKeyName(property) === name);
  return member ? unwrap(member.value) : undefined;
}

/** The value of the property named `name` in an object literal, unwrapped (the last one wins, as at runtime). */
export function propertyValueOf(object: TSESTree.ObjectExpression, name: string): Node | undefined {
  const matches = valueProperties(object).filter((property) => propertyKeyName(property) === name);
  const last = matches[matches.length - 1];
  return last ? unwrap(last.value) : undefined;
}

/** The type name of an annotation: `http: HttpClient` → `HttpClient`, `c: soap.Client` → `Client`. */
export function annotatedTypeName(annotation: TSESTree.TSTypeAnnotation | undefined): string | undefined {
  const type = annotation?.typeAnnotation;
  if (type?.type !== 'TSTypeReference') return undefined;
  const name = type.typeName;
  switch (name.type) {
    case 'Identifier':
      return name.name;
    case 'TSQualifiedName':
      return name.right.name;
    default:
      return undefined;
  }
}

/** The annotation of a parameter or pattern, when it has one. */
export function annotationOf(node: Node): TSESTree.TSTypeAnnotation | undefined {
  switch (node.type) {
    case 'Identifier':
    case 'ObjectPattern':
    case 'ArrayPattern':
    case 'RestElement':
      return node.typeAnnotation ?? undefined;
    case 'AssignmentPattern':
      return annotationOf(node.left);
    case 'TSParameterProperty':
      return annotationOf(node.parameter);
    default:
      return undefined;
  }
}
