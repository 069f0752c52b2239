import type { HttpMethod } from '@sunset/rule-data';
import {
  argumentAt,
  argumentsOf,
  calleeOf,
  findProperty,
  hasSpread,
  isMember,
  memberObject,
  memberPropertyName,
  propertyValue,
  staticString,
  unwrapTs,
  field,
  isStringLiteral,
} from '../ast/nodes.js';
import type { AnyNode, CallForm } from '../types.js';
import { evaluateExpression, evaluateUrl, joinBaseUrl, objectLiteralOf, type EvaluationContext } from '../url/evaluate.js';
import { hole, type Segment } from '../url/segments.js';
import { clientOf, type ClientKind, type HttpClient } from './http-clients.js';

/** Where the method of a call is written, which decides whether an edit can change it. */
export type MethodSource =
  | { readonly kind: 'implicit' } // no method written: the client's default (GET)
  | { readonly kind: 'literal'; readonly node: AnyNode } // `{ method: 'PATCH' }`, `open('PATCH', url)`
  | { readonly kind: 'member'; readonly node: AnyNode; readonly client: ClientKind | undefined } // `axios.patch(`
  | { readonly kind: 'elsewhere' } // known from a constant or a shared config object
  | { readonly kind: 'unknown' };

export interface StatedMethod {
  /** The method the code states; undefined when it does not say or says one the spec does not use (HEAD). */
  readonly method: HttpMethod | undefined;
  readonly source: MethodSource;
}

/** One HTTP request in the code: how it is written, its URL and its method. */
export interface HttpCallSite {
  readonly form: CallForm;
  readonly call: AnyNode;
  /** The URL expression as written at the call (or the `url:` value of its config): the report location. */
  readonly urlNode: AnyNode;
  readonly url: readonly Segment[];
  readonly method: StatedMethod;
}

const specMethods = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const verbMethods: Readonly<Record<string, string>> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
  del: 'DELETE',
  head: 'HEAD',
  options: 'OPTIONS',
  getJSON: 'GET',
  getScript: 'GET',
  jsonp: 'GET',
};

const unknownMethod: StatedMethod = { method: undefined, source: { kind: 'unknown' } };
const implicitGet: StatedMethod = { method: 'GET', source: { kind: 'implicit' } };

const asSpecMethod = (text: string | undefined): HttpMethod | undefined => {
  const upper = text?.toUpperCase();
  return upper !== undefined && specMethods.has(upper) ? (upper as HttpMethod) : undefined;
};

/** A method written as an expression: a literal here (editable) or a constant elsewhere. */
function methodOfExpression(node: AnyNode | undefined, context: EvaluationContext): StatedMethod {
  if (!node) return unknownMethod;
  const unwrapped = unwrapTs(node);
  const literal = staticString(unwrapped);
  if (literal !== undefined) return { method: asSpecMethod(literal), source: isStringLiteral(unwrapped) ? { kind: 'literal', node: unwrapped } : { kind: 'elsewhere' } };
  const segments = evaluateExpression(unwrapped, undefined, context);
  const only = segments?.length === 1 ? segments[0] : undefined;
  if (only?.kind === 'text') return { method: asSpecMethod(only.value), source: { kind: 'elsewhere' } };
  return unknownMethod;
}

const looksLikeMethod = (node: AnyNode | undefined): boolean => {
  const text = node ? staticString(node) : undefined;
  return text !== undefined && /^(get|post|put|patch|delete|head|options)$/i.test(text);
};

/** The method of a config/options object (`method`, or jQuery's `type`); absent means the client default. */
function methodOfConfig(configNode: AnyNode | undefined, context: EvaluationContext, keys: readonly string[] = ['method']): StatedMethod {
  if (!configNode) return implicitGet;
  const config = objectLiteralOf(configNode, context);
  if (!config) return unknownMethod;
  const inline = unwrapTs(configNode).type === 'ObjectExpression';
  for (const key of keys) {
    const property = findProperty(config, key);
    if (!property) continue;
    const stated = methodOfExpression(propertyValue(property), context);
    return inline || stated.source.kind !== 'literal' ? stated : { method: stated.method, source: { kind: 'elsewhere' } };
  }
  return hasSpread(config) ? unknownMethod : implicitGet;
}

function memberMethod(name: string, node: AnyNode, clientKind: ClientKind | undefined): StatedMethod {
  return { method: asSpecMethod(verbMethods[name]), source: { kind: 'member', node, client: clientKind } };
}

/** A request whose URL (and maybe base and method) sit in a config object: `axios({ url })`, `$.ajax({ url })`. */
function configRequest(
  form: CallForm,
  call: AnyNode,
  configNode: AnyNode | undefined,
  context: EvaluationContext,
  base: readonly Segment[] | undefined,
  method: StatedMethod | undefined,
  methodKeys?: readonly string[],
): HttpCallSite | undefined {
  const config = objectLiteralOf(configNode, context);
  const urlProperty = config ? findProperty(config, 'url') : undefined;
  const urlNode = urlProperty ? propertyValue(urlProperty) : undefined;
  if (!config || !urlNode) return undefined;
  const baseProperty = findProperty(config, 'baseURL');
  const baseValue = baseProperty ? propertyValue(baseProperty) : undefined;
  const ownBase = baseValue ? (evaluateExpression(baseValue, undefined, context) ?? [hole(baseValue)]) : undefined;
  return {
    form,
    call,
    urlNode: writtenFormOf(urlNode, context),
    url: joinBaseUrl(ownBase ?? base, evaluateUrl(urlNode, context)),
    method: method ?? methodOfConfig(configNode, context, methodKeys),
  };
}

/** The expression as written around an unwrapped one: `clients!`, `url as string`. */
function writtenFormOf(node: AnyNode, context: EvaluationContext): AnyNode {
  let written = node;
  for (let parent = context.index.parentOf(written); parent && unwrapTs(parent) === node; parent = context.index.parentOf(written)) written = parent;
  return written;
}

function urlRequest(form: CallForm, call: AnyNode, urlNode: AnyNode | undefined, context: EvaluationContext, method: StatedMethod, base?: readonly Segment[]): HttpCallSite | undefined {
  if (!urlNode) return undefined;
  return { form, call, urlNode: writtenFormOf(urlNode, context), url: joinBaseUrl(base, evaluateUrl(urlNode, context)), method };
}

const isObjectArgument = (node: AnyNode | undefined, context: EvaluationContext): boolean => objectLiteralOf(node, context) !== undefined;

/** `fetch(url, init)`, `axios(config)`, `got(url, options)`, `request(method, url)` ... */
function directCall(found: HttpClient, call: AnyNode, context: EvaluationContext): HttpCallSite | undefined {
  const first = argumentAt(call, 0);
  const second = argumentAt(call, 1);
  switch (found.kind) {
    case 'fetch':
    case 'undici-request':
      return urlRequest(found.form, call, first, context, methodOfConfig(second, context), found.base);
    case 'axios':
    case 'got':
    case 'ky':
      if (isObjectArgument(first, context)) return configRequest(found.form, call, first, context, found.base, undefined);
      return urlRequest(found.form, call, first, context, methodOfConfig(second, context), found.base);
    case 'superagent':
      if (second && looksLikeMethod(first)) return urlRequest(found.form, call, second, context, methodOfExpression(first, context));
      return urlRequest(found.form, call, first, context, argumentsOf(call).length > 1 ? unknownMethod : implicitGet);
    default:
      return undefined;
  }
}

const clientVerbs: Readonly<Partial<Record<ClientKind, readonly string[]>>> = {
  axios: ['get', 'delete', 'head', 'options', 'post', 'put', 'patch'],
  got: ['get', 'post', 'put', 'patch', 'delete', 'head'],
  ky: ['get', 'post', 'put', 'patch', 'delete', 'head'],
  superagent: ['get', 'post', 'put', 'patch', 'del', 'delete', 'head'],
  'angular-http': ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'jsonp'],
};

/** Where the per-request config sits for axios verbs: after the data for post/put/patch. */
const axiosConfigIndex = (verb: string): number => (verb === 'post' || verb === 'put' || verb === 'patch' ? 2 : 1);

/** `client.verb(url)`, `axios.request(config)`, `$.ajax(...)`, `xhr.open(method, url)` ... */
function methodCall(found: HttpClient | undefined, verb: string, verbNode: AnyNode, call: AnyNode, context: EvaluationContext): HttpCallSite | undefined {
  const first = argumentAt(call, 0);
  const second = argumentAt(call, 1);
  const kind = found?.kind;
  if (found && clientVerbs[found.kind]?.includes(verb)) {
    if (kind === 'axios') {
      const config = argumentAt(call, axiosConfigIndex(verb));
      const configBase = objectLiteralOf(config, context);
      const baseProperty = configBase ? findProperty(configBase, 'baseURL') : undefined;
      const baseValue = baseProperty ? propertyValue(baseProperty) : undefined;
      const base = baseValue ? (evaluateExpression(baseValue, undefined, context) ?? [hole(baseValue)]) : found.base;
      return urlRequest(found.form, call, first, context, memberMethod(verb, verbNode, kind), base);
    }
    return urlRequest(found.form, call, first, context, memberMethod(verb, verbNode, kind), found.base);
  }
  switch (kind) {
    case 'axios':
      return verb === 'request' ? configRequest(found!.form, call, first, context, found!.base, undefined) : undefined;
    case 'undici':
      if (verb === 'request' || verb === 'fetch') return urlRequest('undici', call, first, context, methodOfConfig(second, context));
      return undefined;
    case 'angular-http':
      if (verb === 'request' && looksLikeMethod(first)) return urlRequest(found!.form, call, second, context, methodOfExpression(first, context));
      return undefined;
    case 'jquery':
      return jqueryCall(verb, verbNode, call, context);
    default:
      break;
  }
  if (verb === 'open' && looksLikeMethod(first) && second) return urlRequest('xhr', call, second, context, methodOfExpression(first, context));
  if (kind !== undefined) return undefined;
  if (verb === 'request' && looksLikeMethod(first) && second) return urlRequest('http-client', call, second, context, methodOfExpression(first, context));
  if (['get', 'post', 'put', 'patch', 'delete'].includes(verb)) return urlRequest('http-client', call, first, context, memberMethod(verb, verbNode, undefined));
  return undefined;
}

function jqueryCall(verb: string, verbNode: AnyNode, call: AnyNode, context: EvaluationContext): HttpCallSite | undefined {
  const first = argumentAt(call, 0);
  const second = argumentAt(call, 1);
  const settingsKeys = ['type', 'method'];
  if (verb === 'ajax') {
    if (isObjectArgument(first, context)) return configRequest('jquery', call, first, context, undefined, undefined, settingsKeys);
    return urlRequest('jquery', call, first, context, methodOfConfig(second, context, settingsKeys));
  }
  if (verb !== 'get' && verb !== 'getJSON' && verb !== 'post' && verb !== 'getScript') return undefined;
  const stated = memberMethod(verb, verbNode, 'jquery');
  if (isObjectArgument(first, context)) return configRequest('jquery', call, first, context, undefined, stated);
  return urlRequest('jquery', call, first, context, stated);
}

/** Recognizes an HTTP request in a call expression; undefined when the call is not one. */
export function recognizeHttpCall(call: AnyNode, context: EvaluationContext): HttpCallSite | undefined {
  if (call.type === 'NewExpression') return undefined;
  const callee = calleeOf(call);
  if (!callee) return undefined;
  if (isMember(callee)) {
    const verb = memberPropertyName(callee);
    const object = memberObject(callee);
    const verbNode = field(callee, 'property');
    if (verb === undefined || !object || !verbNode) return undefined;
    const site = methodCall(clientOf(object, context), verb, verbNode, call, context);
    if (site) return site;
  }
  const found = clientOf(callee, context);
  return found ? directCall(found, call, context) : undefined;
}
