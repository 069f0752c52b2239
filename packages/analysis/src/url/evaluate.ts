import {
  argumentAt,
  calleeOf,
  field,
  fieldList,
  findProperty,
  hasSpread,
  identifierName,
  isMember,
  isStringLiteral,
  memberObject,
  memberPropertyName,
  propertyValue,
  rangeOf,
  rawOf,
  cookedOf,
  stringField,
  stringValue,
  unwrapTs,
} from '../ast/nodes.js';
import type { Binding, ProgramIndex } from '../scope/program-index.js';
import type { AnalysisOptions, AnyNode } from '../types.js';
import { hole, mappedPrefixLength, sliceText, syntheticText, type Quote, type Segment, type TextSegment } from './segments.js';

/** What evaluating one expression needs: the index, the type-aware hook, and the bindings being followed. */
export interface EvaluationContext {
  readonly index: ProgramIndex;
  readonly options: AnalysisOptions;
  /** Bindings whose values were read (a constant used by a call is not reported again on its own). */
  readonly usedBindings: Set<Binding>;
  readonly following: Set<Binding>;
}

export function evaluationContext(index: ProgramIndex, options: AnalysisOptions): EvaluationContext {
  return { index, options, usedBindings: new Set(), following: new Set() };
}

/** A binding whose value is its initializer for the whole file: `const`, or `let`/`var` never reassigned. */
export function constantValueOf(binding: Binding | undefined): AnyNode | undefined {
  if (!binding?.init) return undefined;
  if (binding.kind === 'const' || ((binding.kind === 'let' || binding.kind === 'var') && !binding.reassigned)) return binding.init;
  return undefined;
}

/** The object literal an expression stands for: written inline, or a same-file constant never mutated. */
export function objectLiteralOf(node: AnyNode | undefined, context: EvaluationContext): AnyNode | undefined {
  if (!node) return undefined;
  const unwrapped = unwrapTs(node);
  if (unwrapped.type === 'ObjectExpression') return unwrapped;
  if (unwrapped.type === 'Identifier') {
    const binding = context.index.resolve(unwrapped);
    if (!binding || binding.mutated || context.following.has(binding)) return undefined;
    const value = valueOfBinding(binding, context);
    if (!value) return undefined;
    context.following.add(binding);
    try {
      return objectLiteralOf(value, context);
    } finally {
      context.following.delete(binding);
    }
  }
  if (isMember(unwrapped)) {
    const name = memberPropertyName(unwrapped);
    const owner = objectLiteralOf(memberObject(unwrapped), context);
    const property = owner && name !== undefined && !hasSpread(owner) ? findProperty(owner, name) : undefined;
    return property ? objectLiteralOf(propertyValue(property), context) : undefined;
  }
  return undefined;
}

/** The value a binding stands for: its constant initializer, or the property `{ key } = init` reads. */
function valueOfBinding(binding: Binding, context: EvaluationContext): AnyNode | undefined {
  const init = constantValueOf(binding);
  if (!init || !binding.destructured) return init;
  if (binding.destructuredKey === undefined) return undefined;
  const owner = objectLiteralOf(init, context);
  const property = owner && !hasSpread(owner) ? findProperty(owner, binding.destructuredKey) : undefined;
  return property ? propertyValue(property) : undefined;
}

const quoteAt = (sourceText: string, offset: number): Quote | undefined => {
  const char = sourceText[offset];
  return char === "'" || char === '"' || char === '`' ? char : undefined;
};

function literalSegment(node: AnyNode, container: AnyNode | undefined, context: EvaluationContext): TextSegment {
  const [start, end] = rangeOf(node);
  const value = stringValue(node) ?? '';
  const raw = context.index.sourceText.slice(start + 1, end - 1);
  return {
    kind: 'text',
    value,
    sourceStart: start + 1,
    mappedLength: mappedPrefixLength(raw, value),
    container: container ?? node,
    quote: quoteAt(context.index.sourceText, start),
    literal: node,
  };
}

function templateSegments(node: AnyNode, container: AnyNode | undefined, context: EvaluationContext): Segment[] {
  const owner = container ?? node;
  const quasis = fieldList(node, 'quasis');
  const expressions = fieldList(node, 'expressions');
  // ESTree (espree, typescript-eslint) includes the `` ` ``/`}` delimiter in an element's range; Babel does not.
  const delimiterIncluded = quasis[0] !== undefined && rangeOf(quasis[0])[0] === rangeOf(node)[0];
  const segments: Segment[] = [];
  quasis.forEach((quasi, index) => {
    const raw = rawOf(quasi);
    const cooked = cookedOf(quasi);
    const start = rangeOf(quasi)[0] + (delimiterIncluded ? 1 : 0);
    segments.push({ kind: 'text', value: cooked, sourceStart: start, mappedLength: mappedPrefixLength(raw, cooked), container: owner, quote: '`', literal: node });
    const expression = expressions[index];
    if (!expression) return;
    const inner = evaluateExpression(expression, undefined, context);
    segments.push(...(inner ?? [hole(expression, owner, true)]));
  });
  return segments;
}

/** `new URL(path, base)`: an absolute path keeps only the base's origin; a relative one joins the base's directory. */
export function resolveUrlAgainst(path: readonly Segment[], base: readonly Segment[] | undefined): Segment[] {
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
  const trimmedBase = [...base];
  const last = trimmedBase[trimmedBase.length - 1];
  if (last?.kind === 'text') trimmedBase[trimmedBase.length - 1] = sliceText(last, 0, last.value.replace(/\/+$/, '').length);
  const trimmedPath = [...path];
  if (first?.kind === 'text') trimmedPath[0] = sliceText(first, first.value.length - first.value.replace(/^\/+/, '').length);
  return [...trimmedBase, syntheticText('/'), ...trimmedPath];
}

function identifierSegments(node: AnyNode, context: EvaluationContext): Segment[] | undefined {
  const binding = context.index.resolve(node);
  if (!binding || binding.kind === 'import') return context.options.resolveIdentifier?.(node)?.map(partToSegment);
  if (context.following.has(binding)) return undefined;
  const value = valueOfBinding(binding, context);
  if (!value) return undefined;
  context.following.add(binding);
  try {
    const segments = evaluateExpression(value, undefined, context);
    if (segments) context.usedBindings.add(binding);
    return segments;
  } finally {
    context.following.delete(binding);
  }
}

const partToSegment = (part: { kind: 'text'; value: string } | { kind: 'hole' }): Segment =>
  part.kind === 'text' ? syntheticText(part.value) : hole();

/** `API.campaigns` (a same-file constant object), `url.href` (a URL object); imported roots go to the type-aware hook. */
function memberSegments(node: AnyNode, context: EvaluationContext): Segment[] | undefined {
  const name = memberPropertyName(node);
  const object = memberObject(node);
  if (!object || name === undefined) return undefined;
  if (name === 'href') {
    const url = evaluateExpression(object, undefined, context);
    if (url) return url;
  }
  const owner = objectLiteralOf(object, context);
  if (owner) {
    if (hasSpread(owner)) return undefined;
    const property = findProperty(owner, name);
    const value = property ? propertyValue(property) : undefined;
    return value ? evaluateExpression(value, undefined, context) : undefined;
  }
  let root: AnyNode | undefined = object;
  while (root && isMember(root)) root = memberObject(root);
  if (root?.type !== 'Identifier') return undefined;
  const binding = context.index.resolve(root);
  if (binding && binding.kind !== 'import') return undefined;
  return context.options.resolveIdentifier?.(node)?.map(partToSegment);
}

function callSegments(node: AnyNode, context: EvaluationContext): Segment[] | undefined {
  const callee = calleeOf(node);
  if (!callee) return undefined;
  if (isMember(callee) && memberPropertyName(callee) === 'toString' && fieldList(node, 'arguments').length === 0) {
    const object = memberObject(callee);
    return object ? evaluateExpression(object, undefined, context) : undefined;
  }
  if (identifierName(callee) === 'String' && !context.index.resolve(callee)) {
    const argument = argumentAt(node, 0);
    return argument ? evaluateExpression(argument, undefined, context) : undefined;
  }
  return undefined;
}

/** `new URL(path, base)` */
function newUrlSegments(node: AnyNode, context: EvaluationContext): Segment[] | undefined {
  const callee = calleeOf(node);
  if (identifierName(callee) !== 'URL' || (callee && context.index.resolve(callee))) return undefined;
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
export function evaluateExpression(node: AnyNode, container: AnyNode | undefined, context: EvaluationContext): Segment[] | undefined {
  const unwrapped = unwrapTs(node);
  if (isStringLiteral(unwrapped)) return [literalSegment(unwrapped, container, context)];
  switch (unwrapped.type) {
    case 'TemplateLiteral':
      return templateSegments(unwrapped, container, context);
    case 'BinaryExpression': {
      if (stringField(unwrapped, 'operator') !== '+') return undefined;
      const owner = container ?? unwrapped;
      const left = field(unwrapped, 'left');
      const right = field(unwrapped, 'right');
      if (!left || !right) return undefined;
      const leftSegments = evaluateExpression(left, owner, context);
      const rightSegments = evaluateExpression(right, owner, context);
      if (!leftSegments && !rightSegments) return undefined;
      return [...(leftSegments ?? [hole(unwrapTs(left), owner)]), ...(rightSegments ?? [hole(unwrapTs(right), owner)])];
    }
    case 'Identifier':
      return identifierSegments(unwrapped, context);
    case 'MemberExpression':
    case 'OptionalMemberExpression':
      return memberSegments(unwrapped, context);
    case 'CallExpression':
    case 'OptionalCallExpression':
      return callSegments(unwrapped, context);
    case 'NewExpression':
      return newUrlSegments(unwrapped, context);
    default:
      return undefined;
  }
}

/** Evaluates a URL expression written at a call site; a fully unknown value is one hole. */
export function evaluateUrl(node: AnyNode, context: EvaluationContext): Segment[] {
  return evaluateExpression(node, undefined, context) ?? [hole(unwrapTs(node))];
}

