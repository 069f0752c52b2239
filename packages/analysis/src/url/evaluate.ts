import type { UrlPart } from '@sunset/rule-data';
import type { ClientQuery, ClientValue } from '../types.js';
import type { TSESTree } from '@typescript-eslint/types';
import { argumentAt, calleeOf, endOf, hasSpread, isStringLiteral, memberPropertyName, propertyValueOf, rangeOf, startOf, unwrap, type Node, type StringLiteral } from '../ast/nodes.js';
import type { Binding, ScopeModel } from '../file-index/scope-model.js';
import { hole, mappedPrefixLength, sliceText, syntheticText, type Quote, type Segment, type TextSegment } from './segments.js';

/** What evaluating an expression needs: the file's scopes, its text, the type-aware hook, and the bindings being followed. */
export interface EvaluationContext {
  readonly scope: ScopeModel;
  readonly text: string;
  readonly resolveIdentifier: ((node: Node) => readonly UrlPart[] | undefined) | undefined;
  readonly resolveClient?: ((node: TSESTree.Identifier, what?: ClientQuery) => ClientValue | undefined) | undefined;
  /** Results computed once per file index (the hosts of a wrapper class); shared by the contexts of one index. */
  readonly memo?: Map<unknown, unknown>;
  /** Bindings whose values are being read (a cycle `a = b; b = a` is a hole). */
  readonly following: Set<Binding>;
  /**
   * A parameter with a default value stands for that value (`constructor(baseURL = 'https://…/v1')`):
   * set while the base of a client instance is read, where the default is the base the code means.
   */
  readonly paramDefaults?: boolean;
}

/** A binding whose value is its initializer for the whole file: `const`, or `let`/`var` never reassigned. */
export function constantValueOf(binding: Binding | undefined): Node | undefined {
  if (!binding?.init) return undefined;
  if (binding.kind === 'const' || ((binding.kind === 'let' || binding.kind === 'var') && !binding.reassigned)) return binding.init;
  return undefined;
}

/** Runs `read` with `binding` marked as followed; undefined when it already is (a cycle). */
export function following<T>(context: EvaluationContext, binding: Binding, read: () => T | undefined): T | undefined {
  if (context.following.has(binding)) return undefined;
  context.following.add(binding);
  try {
    return read();
  } finally {
    context.following.delete(binding);
  }
}

/** The object literal an expression stands for: written inline, or a same-file constant never mutated. */
export function objectLiteralOf(node: Node | undefined, context: EvaluationContext): TSESTree.ObjectExpression | undefined {
  if (!node) return undefined;
  const value = unwrap(node);
  switch (value.type) {
    case 'ObjectExpression':
      return value;
    case 'Identifier': {
      const binding = context.scope.resolve(value);
      if (!binding || binding.mutated) return undefined;
      return following(context, binding, () => objectLiteralOf(valueOfBinding(binding, context), context));
    }
    case 'MemberExpression': {
      const name = memberPropertyName(value);
      const owner = objectLiteralOf(value.object, context);
      const property = owner && name !== undefined && !hasSpread(owner) ? propertyValueOf(owner, name) : undefined;
      return objectLiteralOf(property, context);
    }
    default:
      return undefined;
  }
}

/** The value a binding stands for: its constant initializer, or the property `{ key } = init` reads. */
export function valueOfBinding(binding: Binding, context: EvaluationContext): Node | undefined {
  const init = constantValueOf(binding);
  if (!init || !binding.destructured) return init;
  if (binding.destructuredKey === undefined) return undefined;
  const owner = objectLiteralOf(init, context);
  return owner && !hasSpread(owner) ? propertyValueOf(owner, binding.destructuredKey) : undefined;
}

const quoteAt = (text: string, offset: number): Quote | undefined => {
  const char = text[offset];
  return char === "'" || char === '"' || char === '`' ? char : undefined;
};

function literalSegment(node: StringLiteral, container: Node | undefined, context: EvaluationContext): TextSegment {
  const [start, end] = rangeOf(node);
  return {
    kind: 'text',
    value: node.value,
    sourceStart: start + 1,
    mappedLength: mappedPrefixLength(context.text.slice(start + 1, end - 1), node.value),
    container: container ?? node,
    quote: quoteAt(context.text, start),
    literal: node,
  };
}

function templateSegments(node: TSESTree.TemplateLiteral, container: Node | undefined, context: EvaluationContext): Segment[] {
  const owner = container ?? node;
  const segments: Segment[] = [];
  // TS-ESTree puts an element's delimiters in its range (`` ` `` or `}` before, `${` or `` ` `` after);
  // oxc's JavaScript AST does not.
  const first = node.quasis[0];
  const delimited = first !== undefined && startOf(first) === startOf(node);
  node.quasis.forEach((quasi, index) => {
    const start = startOf(quasi) + (delimited ? 1 : 0);
    const raw = context.text.slice(start, endOf(quasi) - (delimited ? (quasi.tail ? 1 : 2) : 0));
    const cooked = quasi.value.cooked ?? quasi.value.raw;
    segments.push({ kind: 'text', value: cooked, sourceStart: start, mappedLength: mappedPrefixLength(raw, cooked), container: owner, quote: '`', literal: node });
    const expression = node.expressions[index];
    if (!expression) return;
    segments.push(...(evaluateExpression(expression, undefined, context) ?? [hole(expression, owner, true)]));
  });
  return segments;
}

/** `new URL(path, base)`: an absolute path keeps only the base's origin; a relative one joins the base's directory. */
function resolveUrlAgainst(path: readonly Segment[], base: readonly Segment[] | undefined): Segment[] {
  const first = path[0];
  if (!first || first.kind === 'hole') return [...path];
  if (/^[a-z][a-z0-9+.-]*:/i.test(first.value) || first.value.startsWith('//') || !base) return [...path];
  if (first.value.startsWith('/')) return [...originOf(base), ...path];
  return [...directoryOf(base), ...path];
}

function originOf(base: readonly Segment[]): Segment[] {
  const origin: Segment[] = [];
  let hostStarted = false;
  for (const segment of base) {
    origin.push(segment);
    if (segment.kind === 'hole') {
      if (!hostStarted) return origin; // an unknown base carries its own origin
      continue;
    }
    let from = 0;
    if (!hostStarted) {
      const scheme = segment.value.indexOf('//');
      if (scheme < 0) continue;
      hostStarted = true;
      from = scheme + 2;
    }
    const slash = segment.value.indexOf('/', from);
    if (slash >= 0) {
      origin[origin.length - 1] = sliceText(segment, 0, slash);
      return origin;
    }
  }
  return origin;
}

function directoryOf(base: readonly Segment[]): Segment[] {
  const last = base[base.length - 1];
  if (!last || last.kind === 'hole') return [...base, syntheticText('/')];
  const slash = last.value.lastIndexOf('/');
  if (slash < 0) return [...base.slice(0, -1), syntheticText('/')];
  return [...base.slice(0, -1), sliceText(last, 0, slash + 1)];
}

/** axios `baseURL` / got and ky `prefixUrl`: the base without trailing slashes, one `/`, the path without leading ones. */
export function joinBaseUrl(base: readonly Segment[] | undefined, path: readonly Segment[]): Segment[] {
  const first = path[0];
  if (!base || base.length === 0) return [...path];
  if (first?.kind === 'text' && /^[a-z][a-z0-9+.-]*:\/\//i.test(first.value)) return [...path];
  const trimmedBase = base.map((segment): Segment => ({ ...segment, fromBase: true }));
  const last = trimmedBase[trimmedBase.length - 1];
  if (last?.kind === 'text') trimmedBase[trimmedBase.length - 1] = sliceText(last, 0, last.value.replace(/\/+$/, '').length);
  const trimmedPath = [...path];
  if (first?.kind === 'text') trimmedPath[0] = sliceText(first, first.value.length - first.value.replace(/^\/+/, '').length);
  return [...trimmedBase, syntheticText('/'), ...trimmedPath];
}

/** A part of a value from another file: text written elsewhere, or a hole. */
export const partToSegment = (part: UrlPart): Segment => (part.kind === 'text' ? syntheticText(part.value) : hole());

function identifierSegments(node: TSESTree.Identifier, context: EvaluationContext): Segment[] | undefined {
  const binding = context.scope.resolve(node);
  if (!binding || binding.kind === 'import') return context.resolveIdentifier?.(node)?.map(partToSegment);
  return following(context, binding, () => {
    const value = binding.kind === 'param' && context.paramDefaults && !binding.reassigned ? parameterDefaultOf(binding) : valueOfBinding(binding, context);
    return value ? evaluateExpression(value, undefined, context) : undefined;
  });
}

/** The default value of a plain parameter (`baseURL = '…'`, also a TS parameter property). */
function parameterDefaultOf(binding: Binding): Node | undefined {
  if (!binding.fn || binding.paramIndex === undefined) return undefined;
  let param: Node | undefined = binding.fn.params[binding.paramIndex];
  if (param?.type === 'TSParameterProperty') param = param.parameter;
  return param?.type === 'AssignmentPattern' && param.left === binding.id ? param.right : undefined;
}

/** The base of a client instance as written: parameter defaults count (see `EvaluationContext.paramDefaults`). */
export function evaluateBase(node: Node, context: EvaluationContext): Segment[] | undefined {
  return evaluateExpression(node, undefined, context.paramDefaults ? context : { ...context, paramDefaults: true });
}

/**
 * `process.env.API_URL ?? 'https://…'`, `a || '/v1/…'`: the left value when it is known, else the
 * fallback the code writes (the value the code means where the environment does not say).
 */
function fallbackSegments(node: TSESTree.LogicalExpression, context: EvaluationContext): Segment[] | undefined {
  if (node.operator !== '??' && node.operator !== '||') return undefined;
  return evaluateExpression(node.left, undefined, context) ?? evaluateExpression(node.right, undefined, context);
}

/** `API.campaigns` (a same-file constant object), `url.href` (a URL object); imported roots go to the type-aware hook. */
function memberSegments(node: TSESTree.MemberExpression, context: EvaluationContext): Segment[] | undefined {
  const name = memberPropertyName(node);
  if (name === undefined) return undefined;
  if (name === 'href') {
    const url = evaluateExpression(node.object, undefined, context);
    if (url) return url;
  }
  const owner = objectLiteralOf(node.object, context);
  if (owner) {
    if (hasSpread(owner)) return undefined;
    const value = propertyValueOf(owner, name);
    return value ? evaluateExpression(value, undefined, context) : undefined;
  }
  let root = unwrap(node.object);
  while (root.type === 'MemberExpression') root = unwrap(root.object);
  if (root.type !== 'Identifier') return undefined;
  const binding = context.scope.resolve(root);
  if (binding && binding.kind !== 'import') return undefined;
  return context.resolveIdentifier?.(node)?.map(partToSegment);
}

/** `x.toString()` and `String(x)` are `x`. */
function callSegments(node: TSESTree.CallExpression, context: EvaluationContext): Segment[] | undefined {
  const callee = calleeOf(node);
  if (callee.type === 'MemberExpression' && memberPropertyName(callee) === 'toString' && node.arguments.length === 0) {
    return evaluateExpression(callee.object, undefined, context);
  }
  if (callee.type === 'Identifier' && callee.name === 'String' && !context.scope.resolve(callee)) {
    const argument = argumentAt(node, 0);
    return argument ? evaluateExpression(argument, undefined, context) : undefined;
  }
  return undefined;
}

/** `new URL(path, base)` */
function newUrlSegments(node: TSESTree.NewExpression, context: EvaluationContext): Segment[] | undefined {
  const callee = calleeOf(node);
  if (callee.type !== 'Identifier' || callee.name !== 'URL' || context.scope.resolve(callee)) return undefined;
  const pathNode = argumentAt(node, 0);
  if (!pathNode) return undefined;
  const path = evaluateExpression(pathNode, undefined, context) ?? [hole(pathNode)];
  const baseNode = argumentAt(node, 1);
  const base = baseNode ? (evaluateExpression(baseNode, undefined, context) ?? [hole(baseNode)]) : undefined;
  return resolveUrlAgainst(path, base);
}

/**
 * The URL an expression builds, as segments; undefined when nothing about it is known (the caller
 * then treats the whole value as a hole). `container` is the string-building expression the node is
 * written in, when it is part of one.
 */
export function evaluateExpression(node: Node, container: Node | undefined, context: EvaluationContext): Segment[] | undefined {
  const value = unwrap(node);
  if (isStringLiteral(value)) return [literalSegment(value, container, context)];
  switch (value.type) {
    case 'TemplateLiteral':
      return templateSegments(value, container, context);
    case 'BinaryExpression': {
      if (value.operator !== '+') return undefined;
      const owner = container ?? value;
      const left = evaluateExpression(value.left, owner, context);
      const right = evaluateExpression(value.right, owner, context);
      if (!left && !right) return undefined;
      return [...(left ?? [hole(unwrap(value.left), owner)]), ...(right ?? [hole(unwrap(value.right), owner)])];
    }
    case 'Identifier':
      return identifierSegments(value, context);
    case 'MemberExpression':
      return memberSegments(value, context);
    case 'CallExpression':
      return callSegments(value, context);
    case 'NewExpression':
      return newUrlSegments(value, context);
    case 'LogicalExpression':
      return fallbackSegments(value, context);
    default:
      return undefined;
  }
}

/** Evaluates a URL expression written at a call site; a fully unknown value is one hole. */
export function evaluateUrl(node: Node, context: EvaluationContext): Segment[] {
  return evaluateExpression(node, undefined, context) ?? [hole(unwrap(node))];
}
