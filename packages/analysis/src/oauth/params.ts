import type { TSESTree } from '@typescript-eslint/types';
import { argumentAt, calleeOf, hasSpread, memberCallee, memberPropertyName, propertyKeyName, staticString, unwrap, valueProperties, type Node } from '../ast/nodes.js';
import type { Binding } from '../file-index/scope-model.js';
import { constantValueOf, evaluateExpression, objectLiteralOf, type EvaluationContext } from '../url/evaluate.js';
import type { Segment } from '../url/segments.js';

// Request parameters as the code builds them (an authorization URL's query, a token request's
// form body): names with values made of static text and holes. A set is `complete` when every
// parameter it may hold is known (no spread, no unknown query piece, no URLSearchParams handed away).

export type ValuePart = { readonly kind: 'text'; readonly value: string } | { readonly kind: 'hole' };

export interface ParamValue {
  readonly parts: readonly ValuePart[];
  /** Where to report a problem with this value. */
  readonly node: Node;
}

export interface ParamSet {
  readonly params: Map<string, ParamValue[]>;
  complete: boolean;
}

export const emptyParamSet = (): ParamSet => ({ params: new Map(), complete: true });

function addParam(set: ParamSet, name: string, value: ParamValue): void {
  set.params.set(name, [...(set.params.get(name) ?? []), value]);
}

export function mergeParams(into: ParamSet, from: ParamSet): void {
  for (const [name, values] of from.params) for (const value of values) addParam(into, name, value);
  if (!from.complete) into.complete = false;
}

/** The whole value when it is static text; undefined when part of it is unknown. */
export function staticValueOf(value: ParamValue): string | undefined {
  if (value.parts.some((part) => part.kind === 'hole')) return undefined;
  return value.parts.map((part) => (part.kind === 'text' ? part.value : '')).join('');
}

/** The static text before the first unknown part (a scheme is known from `'http://' + host`). */
export function leadingTextOf(value: ParamValue): string {
  let text = '';
  for (const part of value.parts) {
    if (part.kind === 'hole') break;
    text += part.value;
  }
  return text;
}

/** Space-separated words written statically (`scope`), each bounded by spaces or the ends of the value. */
export function staticWordsOf(value: ParamValue): string[] {
  const words: string[] = [];
  value.parts.forEach((part, index) => {
    if (part.kind === 'hole') return;
    const pieces = part.value.split(/\s+/);
    pieces.forEach((piece, pieceIndex) => {
      const touchesHoleBefore = pieceIndex === 0 && value.parts[index - 1]?.kind === 'hole';
      const touchesHoleAfter = pieceIndex === pieces.length - 1 && value.parts[index + 1]?.kind === 'hole';
      if (piece !== '' && !touchesHoleBefore && !touchesHoleAfter) words.push(piece);
    });
  });
  return words;
}

/** `application/x-www-form-urlencoded` text: `+` is a space; a malformed escape is kept as written. */
export function decodeFormText(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

const valueOfSegments = (segments: readonly Segment[]): ValuePart[] =>
  segments.map((segment) => (segment.kind === 'text' ? { kind: 'text', value: segment.value } : { kind: 'hole' }));

/** The parameters of an object literal (`new URLSearchParams({...})`, `{ params: {...} }`, a form body). */
export function paramsOfObject(object: TSESTree.ObjectExpression, context: EvaluationContext): ParamSet {
  const set = emptyParamSet();
  if (hasSpread(object)) set.complete = false;
  const properties = valueProperties(object);
  for (const property of properties) {
    const name = propertyKeyName(property);
    if (name === undefined) {
      set.complete = false;
      continue;
    }
    const value = unwrap(property.value);
    const segments = evaluateExpression(value, undefined, context);
    addParam(set, name, { parts: segments ? valueOfSegments(segments) : [{ kind: 'hole' }], node: value });
  }
  // Methods and accessors are values the analysis does not read.
  if (properties.length + object.properties.filter((property) => property.type === 'SpreadElement').length < object.properties.length) set.complete = false;
  return set;
}

interface FlatItem {
  readonly char: string | undefined; // undefined for a hole
  readonly segment: Segment;
}

function flatItems(segments: readonly Segment[]): FlatItem[] {
  return segments.flatMap((segment): FlatItem[] => (segment.kind === 'hole' ? [{ char: undefined, segment }] : [...segment.value].map((char) => ({ char, segment }))));
}

/**
 * A query string as segments (the text after `?`, up to `#`): `a=1&b=${x}`. A hole where a name
 * would be is expanded when it is a known parameter source (`${params}`, `${qs.stringify({...})}`),
 * otherwise the set is incomplete. `fallback` is the report location when the text has no literal.
 */
export function paramsOfQuery(segments: readonly Segment[], context: EvaluationContext, fallback: Node): ParamSet {
  const set = emptyParamSet();
  const items = flatItems(segments);
  const end = items.findIndex((item) => item.char === '#');
  const query = end === -1 ? items : items.slice(0, end);
  let start = 0;
  for (let index = 0; index <= query.length; index += 1) {
    if (index < query.length && query[index]!.char !== '&') continue;
    readPair(query.slice(start, index), set, context, fallback);
    start = index + 1;
  }
  return set;
}

function readPair(items: readonly FlatItem[], set: ParamSet, context: EvaluationContext, fallback: Node): void {
  if (items.length === 0) return;
  const equals = items.findIndex((item) => item.char === '=');
  const nameItems = equals === -1 ? items : items.slice(0, equals);
  if (nameItems.some((item) => item.char === undefined)) {
    const only = nameItems.length === 1 && equals === -1 ? nameItems[0]!.segment : undefined;
    const expanded = only?.kind === 'hole' && only.node ? paramSourceOf(only.node, context) : undefined;
    if (expanded) mergeParams(set, expanded);
    else set.complete = false;
    return;
  }
  const name = decodeFormText(nameItems.map((item) => item.char).join(''));
  const valueItems = equals === -1 ? [] : items.slice(equals + 1);
  // Text as written is form-encoded and decoded here; an encoding call's argument is the value itself.
  const parts: ValuePart[] = [];
  let encoded = '';
  const append = (value: string): void => {
    const last = parts[parts.length - 1];
    if (last?.kind === 'text') parts[parts.length - 1] = { kind: 'text', value: last.value + value };
    else parts.push({ kind: 'text', value });
  };
  const flush = (): void => {
    if (encoded !== '') append(decodeFormText(encoded));
    encoded = '';
  };
  for (const item of valueItems) {
    if (item.char !== undefined) {
      encoded += item.char;
      continue;
    }
    flush();
    const argument = encodedArgumentText(item.segment, context);
    if (argument === undefined) parts.push({ kind: 'hole' });
    else append(argument);
  }
  flush();
  // `response_type=code${extra}`: a value continued by an unknown piece may carry more parameters.
  if (parts.length > 1 && parts[parts.length - 1]!.kind === 'hole') set.complete = false;
  const literal = nameItems[0]?.segment.kind === 'text' ? nameItems[0].segment.literal : undefined;
  addParam(set, name, { parts, node: literal ?? fallback });
}

/**
 * The text `${encodeURIComponent(REDIRECT)}` encodes, when the code shows it whole: the parameter's
 * value as the server reads it (the global `encodeURIComponent` or `encodeURI`, one argument).
 */
function encodedArgumentText(segment: Segment, context: EvaluationContext): string | undefined {
  const call = segment.kind === 'hole' && segment.node !== undefined ? unwrap(segment.node) : undefined;
  if (call?.type !== 'CallExpression' || call.arguments.length !== 1) return undefined;
  const callee = unwrap(call.callee);
  if (callee.type !== 'Identifier' || (callee.name !== 'encodeURIComponent' && callee.name !== 'encodeURI') || context.scope.resolve(callee) !== undefined) return undefined;
  const argument = call.arguments[0]!;
  const segments = argument.type === 'SpreadElement' ? undefined : evaluateExpression(argument, undefined, context);
  if (segments === undefined || segments.some((part) => part.kind === 'hole')) return undefined;
  return segments.map((part) => (part.kind === 'text' ? part.value : '')).join('');
}

const isGlobalConstructor = (node: Node, name: string, context: EvaluationContext): node is TSESTree.NewExpression => {
  if (node.type !== 'NewExpression') return false;
  const callee = calleeOf(node);
  return callee.type === 'Identifier' && callee.name === name && context.scope.resolve(callee) === undefined;
};

/**
 * A value standing for parameters: `new URLSearchParams({...} | 'a=b')` (inline or a same-file
 * binding, with its `.set`/`.append` calls), its `.toString()`, or `qs.stringify({...})`-style calls
 * whose first argument is an object literal. Undefined when the value is none of these.
 */
export function paramSourceOf(node: Node, context: EvaluationContext): ParamSet | undefined {
  const value = unwrap(node);
  if (value.type === 'CallExpression') {
    const callee = calleeOf(value);
    if (callee.type === 'MemberExpression' && memberPropertyName(callee) === 'toString') return paramSourceOf(callee.object, context);
    const name = callee.type === 'MemberExpression' ? memberPropertyName(callee) : callee.type === 'Identifier' ? callee.name : undefined;
    const first = argumentAt(value, 0);
    const object = /^(stringify|encode|format|toQueryString|buildQuery)$/i.test(name ?? '') ? objectLiteralOf(first, context) : undefined;
    return object ? paramsOfObject(object, context) : undefined;
  }
  if (value.type === 'NewExpression') return urlSearchParamsOf(value, undefined, context);
  if (value.type !== 'Identifier') return undefined;
  const binding = context.scope.resolve(value);
  const init = constantValueOf(binding);
  if (!binding || !init || !isGlobalConstructor(init, 'URLSearchParams', context)) return undefined;
  return urlSearchParamsOf(init, binding, context);
}

function urlSearchParamsOf(node: Node, binding: Binding | undefined, context: EvaluationContext): ParamSet | undefined {
  if (!isGlobalConstructor(node, 'URLSearchParams', context)) return undefined;
  const init = argumentAt(node, 0);
  let set = emptyParamSet();
  if (init) {
    const object = objectLiteralOf(init, context);
    const text = staticString(init);
    if (object) set = paramsOfObject(object, context);
    else if (text !== undefined) set = paramsOfQuery(evaluateExpression(init, undefined, context) ?? [], context, init);
    else set.complete = false;
  }
  if (binding) mergeParams(set, writesThrough(binding, context, (object) => object));
  return set;
}

/**
 * The `.set(name, value)` / `.append(name, value)` calls on a binding (through `pick`, e.g.
 * `url.searchParams`); any other use that could add parameters makes the set incomplete.
 */
export function writesThrough(binding: Binding, context: EvaluationContext, pick: (receiver: Node) => Node | undefined): ParamSet {
  const set = emptyParamSet();
  if (binding.reassigned) set.complete = false;
  for (const reference of context.scope.references) {
    if (context.scope.resolve(reference) !== binding) continue;
    const parent = context.scope.parentOf(reference);
    if (parent?.type !== 'CallExpression' || parent.callee === reference) continue;
    const callee = calleeOf(parent);
    if (callee.type !== 'Identifier' || callee.name !== 'String') set.complete = false;
  }
  for (const call of context.scope.calls) {
    const callee = memberCallee(call);
    const verb = callee ? memberPropertyName(callee) : undefined;
    if (!callee || (verb !== 'set' && verb !== 'append')) continue;
    const root = pick(unwrap(callee.object));
    if (!root || root.type !== 'Identifier' || context.scope.resolve(root) !== binding) continue;
    const nameNode = argumentAt(call, 0);
    const valueNode = argumentAt(call, 1);
    const name = nameNode ? staticString(nameNode) : undefined;
    if (name === undefined || !valueNode) {
      set.complete = false;
      continue;
    }
    const segments = evaluateExpression(valueNode, undefined, context);
    addParam(set, name, { parts: segments ? valueOfSegments(segments) : [{ kind: 'hole' }], node: valueNode });
  }
  return set;
}
