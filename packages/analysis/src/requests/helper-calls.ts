import type { TSESTree } from '@typescript-eslint/types';
import { argumentAt, calleeOf, hasSpread, isFunction, memberPropertyName, propertyKeyName, propertyValueOf, rangeOf, unwrap, type ClassNode, type FunctionNode, type Node } from '../ast/nodes.js';
import type { Binding } from '../file-index/scope-model.js';
import { constantValueOf, declaresMember, extendsClass, givenObjectOf, maxClassDepth, superClassOf, type EvaluationContext } from '../url/evaluate.js';
import { hole, type Segment } from '../url/segments.js';
import type { HttpCall } from './http-calls.js';

// A function of the file that makes one request with the path it is given (`apiGet(path) { return
// this.http.get(path) }`, `const get = (url) => fetch(`${BASE}${url}`)`): each call of it is that
// request, with the caller's path, the helper's client, base and method. Without this, the caller's
// '/v1/campaigns' was read as a URL-shaped string: no method (so a GET-or-PATCH path could not be
// rewritten) and no host (so another vendor's helper was not told apart).

/**
 * What a helper is: its one request, the parameter that request's path comes from, and its position;
 * for an options object (`send(r)` over `https.request({ path: r.path, method: r.method })`), the
 * property of it the path is.
 */
interface Helper {
  readonly fn: FunctionNode;
  readonly request: TSESTree.CallExpression;
  readonly param: Binding;
  readonly paramIndex: number;
  readonly property: string | undefined;
  /** The path is the first element of an array the parameter destructures (`([url, id]) => fetch(url)`): an SWR fetcher of an array key. */
  readonly firstElement: boolean;
  /** How many helpers hand the options on before the one that makes the request (`relay(r) { return this.send(r) }`: 1). */
  readonly forwards: number;
}

/** How many helpers may hand an options object on (`request(o) { return this.send(o) }`) before the one that sends it. */
const maxForwards = 4;

export type RecognizeForHelper = (call: TSESTree.CallExpression, context: EvaluationContext) => HttpCall | undefined;

const helperKey = Symbol('sunset.helper');

/** The function a call calls, when the file declares it: a function or a constant holding one, or `this.name` of the enclosing class. */
export function calledFunction(call: TSESTree.CallExpression, context: EvaluationContext): FunctionNode | undefined {
  const callee = calleeOf(call);
  if (callee.type === 'Identifier') {
    const binding = context.scope.resolve(callee);
    if (binding?.kind === 'function') return isFunction(binding.init) ? binding.init : undefined;
    const init = binding?.kind === 'const' ? constantValueOf(binding) : undefined;
    return isFunction(init) ? init : undefined;
  }
  if (callee.type !== 'MemberExpression') return undefined;
  const name = memberPropertyName(callee);
  if (name === undefined) return undefined;
  const receiver = unwrap(callee.object);
  if (receiver.type === 'Identifier') return ownerMethod(receiver, name, context);
  if (receiver.type === 'Super') {
    // `super.get(path)`: the method of the class the enclosing class extends, for the same instance.
    const enclosing = context.scope.enclosingClass(call);
    const base = enclosing ? superClassOf(enclosing, context) : undefined;
    return base ? inheritedMethod(base, name, context) : undefined;
  }
  const classNode = receiver.type === 'ThisExpression' ? thisClassAt(call, context) : undefined;
  if (!classNode) return undefined;
  return inheritedMethod(classNode, name, context);
}

/** The class whose instance `this` is at a call: the enclosing class, or the subclass a method of it is being read for. */
function thisClassAt(call: TSESTree.CallExpression, context: EvaluationContext): ClassNode | undefined {
  const enclosing = context.scope.enclosingClass(call);
  if (!enclosing) return undefined;
  return context.instanceClass !== undefined && extendsClass(context.instanceClass, enclosing, context) ? context.instanceClass : enclosing;
}

/**
 * The method `name` an instance of a class calls: the class's own, or that of the class of the file it
 * extends (`this.get(path)` in `class Campaigns extends Base`). A class of another file, or a member of
 * that name that is no method, ends the search: what that method is is not known.
 */
function inheritedMethod(classNode: ClassNode, name: string, context: EvaluationContext): FunctionNode | undefined {
  let owner: ClassNode | undefined = classNode;
  for (let depth = 0; owner && depth <= maxClassDepth; owner = superClassOf(owner, context), depth += 1) {
    if (!declaresMember(owner, name)) continue;
    return classMethod(owner, name, false);
  }
  return undefined;
}

/**
 * `Api.get` and `requests.get`: a static method of a class of the file, or a method of an object
 * literal held in a constant (`const requests = { get: (url) => superagent.get(`${API}${url}`) }`).
 */
function ownerMethod(receiver: TSESTree.Identifier, name: string, context: EvaluationContext): FunctionNode | undefined {
  const binding = context.scope.resolve(receiver);
  if (binding?.kind === 'class' && binding.init && (binding.init.type === 'ClassDeclaration' || binding.init.type === 'ClassExpression')) return classMethod(binding.init, name, true);
  const init = binding?.kind === 'const' && !binding.mutated ? constantValueOf(binding) : undefined;
  const object = init ? unwrap(init) : undefined;
  if (object?.type !== 'ObjectExpression') return undefined;
  const found: FunctionNode[] = [];
  for (const property of object.properties) {
    if (property.type !== 'Property') {
      if (property.type === 'SpreadElement') return undefined; // a spread may bring the method
      continue;
    }
    if (propertyKeyName(property) !== name) continue;
    const value = unwrap(property.value);
    if (property.kind !== 'init' || !isFunction(value)) return undefined;
    found.push(value);
  }
  return found.length === 1 ? found[0] : undefined;
}

/** The method `name` of a class (static or not), when it is one function of the class. */
export function classMethod(classNode: TSESTree.ClassDeclaration | TSESTree.ClassExpression, name: string, isStatic: boolean): FunctionNode | undefined {
  const found: FunctionNode[] = [];
  for (const member of classNode.body.body) {
    if (member.type !== 'MethodDefinition' && member.type !== 'PropertyDefinition' && member.type !== 'AccessorProperty' && member.type !== 'TSAbstractMethodDefinition') continue;
    if (propertyKeyName(member) !== name || member.static !== isStatic) continue;
    if (member.type === 'MethodDefinition' && member.kind === 'method') {
      // An overload's signature has no body: the implementation is the method.
      if (member.value.body) found.push(member.value);
    } else if (member.type === 'PropertyDefinition' && member.value && isFunction(unwrap(member.value))) found.push(unwrap(member.value) as FunctionNode);
    else return undefined; // a getter, an abstract method, a field of another value: not a function of this class
  }
  return found.length === 1 ? found[0] : undefined;
}

/** Whether a parameter's binding is the first element of an array pattern that is its function's first parameter (`([url, id]) => …`). */
function isFirstElementOfParam(binding: Binding, fn: FunctionNode, context: EvaluationContext): boolean {
  const pattern = context.scope.parentOf(binding.id);
  return pattern?.type === 'ArrayPattern' && pattern.elements[0] === binding.id && fn.params[0] === pattern;
}

/**
 * The hole a request's URL has for one of `fn`'s parameters (or a property of one, `r.path`, that
 * nothing assigns, or the first element of one destructured as an array), with the parameter;
 * undefined when none or several.
 */
function parameterHole(url: readonly Segment[], fn: FunctionNode, context: EvaluationContext): { readonly at: number; readonly param: Binding; readonly property: string | undefined; readonly firstElement: boolean } | undefined {
  let found: { at: number; param: Binding; property: string | undefined; firstElement: boolean } | undefined;
  for (let at = 0; at < url.length; at += 1) {
    const segment = url[at]!;
    if (segment.kind !== 'hole' || !segment.node) continue;
    const node = unwrap(segment.node);
    const property = node.type === 'MemberExpression' && !node.computed ? memberPropertyName(node) : undefined;
    const root = property !== undefined && node.type === 'MemberExpression' ? unwrap(node.object) : node;
    const binding = root.type === 'Identifier' ? context.scope.resolve(root) : undefined;
    if (binding?.kind !== 'param' || binding.fn !== fn || binding.reassigned || binding.destructured) continue;
    // A destructured parameter has no position of its own: only `[url]` of the first one is read (an SWR fetcher's).
    const firstElement = binding.paramIndex === undefined && property === undefined && isFirstElementOfParam(binding, fn, context);
    if (binding.paramIndex === undefined && !firstElement) continue;
    if (property !== undefined && binding.mutated) continue;
    if (found) return undefined;
    found = { at, param: binding, property, firstElement };
  }
  return found;
}

/**
 * Whether what comes before the parameter is a base: the client's base, holes (a base the code does
 * not show), an origin or `/`, and a base path that names no retired path (`${API_V1}${path}` over
 * `'https://api.adform.com/v1'`, called with `'/campaigns'`). A helper that writes a retired path itself
 * (`fetch(`/v1/campaigns/${id}`)`, or over a constant `'…/v1/campaigns'`) makes its own request,
 * reported once where it is written; nor is a parameter in the query (`?q=${q}`) a path.
 */
function onlyBaseBefore(url: readonly Segment[], at: number, retiredNeedle: RegExp | undefined): boolean {
  let written = '';
  for (const segment of url.slice(0, at)) if (segment.kind === 'text' && segment.fromBase !== true) written += segment.value;
  if (/^(?:[a-z][a-z0-9+.-]*:)?(?:\/\/[^/?#]*)?\/?$/i.test(written)) return true;
  return retiredNeedle !== undefined && /^(?:[a-z][a-z0-9+.-]*:)?(?:\/\/[^/?#]*)?\/[^?#]*$/i.test(written) && !retiredNeedle.test(written);
}

/**
 * Whether the helper writes a retired path after the parameter (`fetch(base + '/v1/campaigns')`: the
 * parameter is a base, the request its own, reported once where the path is written).
 */
function writesRetiredPathAfter(url: readonly Segment[], at: number, retiredNeedle: RegExp | undefined): boolean {
  let written = '';
  for (const segment of url.slice(at + 1)) if (segment.kind === 'text' && segment.fromBase !== true) written += segment.value;
  return retiredNeedle !== undefined && retiredNeedle.test(written.split(/[?#]/, 1)[0]!);
}

/** `fn` as a helper: one request in its body, whose path is one of its parameters; undefined otherwise (memoized per file). */
function helperOf(fn: FunctionNode, context: EvaluationContext, recognize: RecognizeForHelper): Helper | undefined {
  let helpers = context.memo?.get(helperKey) as Map<FunctionNode, Helper | null> | undefined;
  if (helpers === undefined) {
    helpers = new Map();
    context.memo?.set(helperKey, helpers);
  }
  const known = helpers.get(fn);
  if (known !== undefined) return known ?? undefined;
  helpers.set(fn, null); // a helper that reaches itself again is none
  // Read as written, whatever call is being read when it is first asked for (its parameters are holes).
  const asWritten = context.givenArguments === undefined && context.leftOutArguments === undefined && context.instanceClass === undefined;
  const helper = readHelper(fn, asWritten ? context : { ...context, givenArguments: undefined, leftOutArguments: undefined, instanceClass: undefined }, recognize);
  helpers.set(fn, helper ?? null);
  return helper;
}

function readHelper(fn: FunctionNode, context: EvaluationContext, recognize: RecognizeForHelper): Helper | undefined {
  if (!fn.body || fn.params.length === 0) return undefined;
  const [start, end] = rangeOf(fn.body);
  let only: HttpCall | undefined;
  for (const call of context.scope.calls) {
    if (call.type !== 'CallExpression') continue;
    const [callStart, callEnd] = rangeOf(call);
    if (callStart < start || callEnd > end) continue;
    const site = recognize(call, context);
    if (!site) continue;
    if (only) return undefined; // two requests: which one a call makes is not known
    only = site;
  }
  if (!only) return forwardingHelper(fn, start, end, context, recognize);
  const url = termsOfUnknownConcatenation(only.url);
  const found = parameterHole(url, fn, context);
  if (!found || !onlyBaseBefore(url, found.at, context.retiredNeedle) || writesRetiredPathAfter(url, found.at, context.retiredNeedle)) return undefined;
  return { fn, request: only.call, param: found.param, paramIndex: found.param.paramIndex ?? 0, property: found.property, firstElement: found.firstElement, forwards: 0 };
}

/**
 * A function that makes no request of its own but hands one of its parameters, unchanged, as the
 * options of a helper of the file (`request(opts) { return this.send(opts) }`): a helper with that
 * helper's request, read through both at each call. Undefined where it hands options to two helpers
 * (which one a call reaches is not known), or past `maxForwards` helpers.
 */
function forwardingHelper(fn: FunctionNode, start: number, end: number, context: EvaluationContext, recognize: RecognizeForHelper): Helper | undefined {
  let found: Helper | undefined;
  for (const call of context.scope.calls) {
    if (call.type !== 'CallExpression') continue;
    const [callStart, callEnd] = rangeOf(call);
    if (callStart < start || callEnd > end) continue;
    const target = calledFunction(call, context);
    const inner = target && target !== fn ? helperOf(target, context, recognize) : undefined;
    if (inner?.property === undefined || inner.forwards >= maxForwards || call.arguments.slice(0, inner.paramIndex + 1).some((each) => each.type === 'SpreadElement')) continue;
    const argument = argumentAt(call, inner.paramIndex);
    const handed = argument?.type === 'Identifier' ? context.scope.resolve(argument) : undefined;
    if (handed?.kind !== 'param' || handed.fn !== fn || handed.paramIndex === undefined || handed.reassigned || handed.mutated || handed.destructured) continue;
    if (found) return undefined;
    found = { fn, request: call, param: handed, paramIndex: handed.paramIndex, property: inner.property, firstElement: false, forwards: inner.forwards + 1 };
  }
  return found;
}

/**
 * A URL that is one `+` chain of values the code does not show (`this.baseUrl + path`, a base the
 * constructor is given): a hole for each term, so that the parameter is found after a base that is
 * only unknown, as it is after one that is written (`this.base + path` over a field).
 */
function termsOfUnknownConcatenation(url: readonly Segment[]): readonly Segment[] {
  const only = url.length === 1 ? url[0]! : undefined;
  const top = only?.kind === 'hole' && only.node ? unwrap(only.node) : undefined;
  if (top?.type !== 'BinaryExpression' || top.operator !== '+') return url;
  const terms: Node[] = [];
  let node: Node = top;
  while (node.type === 'BinaryExpression' && node.operator === '+') {
    terms.unshift(unwrap(node.right));
    node = unwrap(node.left);
  }
  terms.unshift(node);
  return terms.map((term) => hole(term, top));
}

/**
 * The request a call of a helper of this file makes (see the top of this module): its URL with the
 * caller's argument in place of the parameter, at that argument; the helper's method and the text it
 * writes are the helper's (shared by every call: never edited for one).
 */
export function helperCall(call: TSESTree.CallExpression, context: EvaluationContext, recognize: RecognizeForHelper, fn = calledFunction(call, context)): HttpCall | undefined {
  const helper = fn ? helperOf(fn, context, recognize) : undefined;
  const argument = helper ? argumentAt(call, helper.paramIndex) : undefined;
  if (!helper || !argument || helper.firstElement || call.arguments.slice(0, helper.paramIndex + 1).some((each) => each.type === 'SpreadElement')) return undefined;
  // An options object: the path is its property, written in the caller's object literal (or a constant
  // one, or the one a call being read gives the caller's parameter it hands on).
  const options = helper.property === undefined ? undefined : givenObjectOf(argument, context)?.object;
  if (helper.property !== undefined && (!options || hasSpread(options))) return undefined;
  const written = options ? propertyValueOf(options, helper.property!) : call.arguments[helper.paramIndex]!;
  if (!written) return undefined;
  // Every plain parameter reads as its argument: the path, and a method or base the helper is given too (`request('PATCH', path)`).
  const given = new Map(context.givenArguments);
  const leftOut = new Set(context.leftOutArguments);
  const spreads = call.arguments.some((each) => each.type === 'SpreadElement');
  helper.fn.params.forEach((param, index) => {
    // A parameter with a default (`method = 'GET'`) is its default where the call leaves it out.
    const name = param.type === 'Identifier' ? param : param.type === 'AssignmentPattern' && param.left.type === 'Identifier' ? param.left : undefined;
    const passed = argumentAt(call, index);
    const value = passed ?? (param.type === 'AssignmentPattern' && call.arguments.length <= index ? param.right : undefined);
    const binding = name ? context.scope.resolve(name) : undefined;
    if (binding?.kind !== 'param' || binding.fn !== helper.fn || binding.reassigned) return;
    if (value) {
      given.set(binding, { node: value, context: passed ? context : { ...context, givenArguments: undefined, leftOutArguments: undefined } });
      leftOut.delete(binding);
    } else if (!spreads && call.arguments.length <= index && !binding.mutated) {
      // Left out with no default: `undefined` (options handed on as they are then say no method).
      leftOut.add(binding);
      given.delete(binding);
    }
  });
  given.set(helper.param, { node: argument, context }); // also written with a default (`path = '/'`)
  leftOut.delete(helper.param);
  return throughHelper(helper, call, written, given, context, recognize, leftOut.size > 0 ? leftOut : undefined);
}

/**
 * SWR's fetcher (`useSWR(key, fetcher)`): the request a function of the file makes when SWR calls it
 * with the key, at `written` (the key, or the first element of an array key). Its first parameter is
 * the key (SWR 1 spreads an array key into the parameters: `(url, id)`), or an array it destructures
 * (SWR 2 hands over the array: `([url, id])`); undefined when the function is no such helper.
 */
export function fetcherRequest(fn: FunctionNode, written: Node, arrayKey: boolean, call: TSESTree.CallExpression, context: EvaluationContext, recognize: RecognizeForHelper): HttpCall | undefined {
  const helper = helperOf(fn, context, recognize);
  if (!helper || helper.paramIndex !== 0 || helper.property !== undefined || (helper.firstElement && !arrayKey)) return undefined;
  const request = throughHelper(helper, call, written, new Map([...(context.givenArguments ?? []), [helper.param, { node: written, context }]]), context, recognize, context.leftOutArguments);
  if (!request) return undefined;
  // A key the code does not show is the key as written, not the fetcher's parameter: a hook of the file
  // that hands its own parameter to SWR (`(path) => useSWR(path, fetcher)`) is then a helper in turn.
  const url = request.url.map((segment): Segment => {
    if (segment.kind !== 'hole' || !segment.node) return segment;
    const node = unwrap(segment.node);
    return node.type === 'Identifier' && context.scope.resolve(node) === helper.param ? { ...segment, node: written } : segment;
  });
  return { ...request, url };
}

/** The helper's request with the caller's values given for its parameters, reported at `written` (see `helperCall`). */
function throughHelper(
  helper: Helper,
  call: TSESTree.CallExpression,
  written: Node,
  given: NonNullable<EvaluationContext['givenArguments']>,
  context: EvaluationContext,
  recognize: RecognizeForHelper,
  leftOut: ReadonlySet<Binding> | undefined,
): HttpCall | undefined {
  // A method `this.name(…)` (or `super.name(…)`) calls is read for the instance the caller's `this` is (a subclass's, for an inherited one).
  const callee = unwrap(calleeOf(call));
  const receiver = callee.type === 'MemberExpression' ? unwrap(callee.object).type : undefined;
  const instanceClass = receiver === 'ThisExpression' || receiver === 'Super' ? thisClassAt(call, context) : undefined;
  const inner = recognize(helper.request, { ...context, givenArguments: given, leftOutArguments: leftOut, instanceClass });
  if (!inner) return undefined;
  const [start, end] = rangeOf(helper.fn);
  // What the helper writes is every call's: marked as a base is (an edit there would move them all).
  // A parameter whose argument is not known is that argument (`get(p) { return this.req('GET', p) }`:
  // `p` of `get`, so that `get` is a helper in turn).
  const url = inner.url.map((hole): Segment => {
    const node = hole.kind === 'hole' && hole.node ? unwrap(hole.node) : undefined;
    const param = node?.type === 'Identifier' ? context.scope.resolve(node) : undefined;
    const argument = param?.kind === 'param' && param.fn === helper.fn ? given.get(param) : undefined;
    return argument && hole.kind === 'hole' ? { ...hole, node: argument.node } : hole;
  }).map((segment): Segment => {
    const written = segment.kind === 'text' ? segment.sourceStart : segment.node ? rangeOf(segment.node)[0] : undefined;
    return written !== undefined && written >= start && written < end ? { ...segment, fromBase: true } : segment;
  });
  const { method } = inner;
  const stated = method.source.kind === 'unknown' || method.source.kind === 'elsewhere' ? method : { method: method.method, source: { kind: 'elsewhere' as const } };
  return { ...inner, call, urlNode: written, url, method: stated, viaHelper: inner.viaHelper ?? helper.request };
}
