import type { HttpMethod } from '@sunset/rule-data';
import type { TSESTree } from '@typescript-eslint/types';
import { argumentAt, calleeOf, hasSpread, isFunction, isStringLiteral, memberPropertyName, propertyKeyName, propertyValueOf, rangeOf, returnedBy, staticString, unwrap, type Node } from '../ast/nodes.js';
import type { CallForm } from '../types.js';
import { evaluateExpression, evaluateUrl, following, givenArgumentOf, joinBaseUrl, objectLiteralOf, type EvaluationContext } from '../url/evaluate.js';
import { hole, syntheticText, type Segment } from '../url/segments.js';
import { baseOption, clientOf, dispatchOriginOf, type ClientKind, type HttpClient } from './http-clients.js';
import { calledFunction, helperCall } from './helper-calls.js';
import { rtkEndpointOf } from './rtk-query.js';
import { swrRequestOf } from './swr.js';
import { createdInstanceOf, wrapperInstanceOf } from './wrapper-classes.js';

/** Where the method of a call is written, which decides whether an edit can change it. */
export type MethodSource =
  | { readonly kind: 'implicit' } // no method written: the client's default (GET)
  | { readonly kind: 'literal'; readonly node: TSESTree.StringLiteral } // `{ method: 'PATCH' }`, `open('PATCH', url)`
  | { readonly kind: 'member'; readonly node: Node; readonly client: ClientKind | undefined } // `axios.patch(`
  | { readonly kind: 'elsewhere' } // known from a constant or a shared config object
  | { readonly kind: 'unknown'; readonly node?: Node }; // `{ method }`: the expression, when the call writes one (a parameter a caller gives)

export interface StatedMethod {
  /** The method the code states; undefined when it does not say or says one the spec does not use (HEAD). */
  readonly method: HttpMethod | undefined;
  readonly source: MethodSource;
}

/** One HTTP request in the code: how it is written, its URL and its method. */
export interface HttpCall {
  readonly form: CallForm;
  readonly call: TSESTree.CallExpression;
  /** The URL expression as written at the call (or the `url:` value of its config): the report location. */
  readonly urlNode: Node;
  readonly url: readonly Segment[];
  readonly method: StatedMethod;
  /** The hosts the request's client (a wrapper class) sends to, when the URL itself names none. */
  readonly clientHosts?: readonly string[];
  /** Where the name that brought the client from another file is written (for the cross-file related place). */
  readonly clientVia?: readonly [number, number];
  /**
   * Made through a helper of the file (`helperCall`): the helper's own request. `call` is the helper's
   * call and `urlNode` the argument it gives; the body and config are the helper's, not read here.
   */
  readonly viaHelper?: TSESTree.CallExpression;
  /**
   * Why this request is never rewritten where it is written, whatever its move: SWR's `mutate(key)` in a
   * file without the hook that reads the key, which a rewrite would leave behind (a TODO says so).
   */
  readonly keepsTodo?: string;
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
const implicitPost: StatedMethod = { method: 'POST', source: { kind: 'implicit' } };

const asSpecMethod = (text: string | undefined): HttpMethod | undefined => {
  if (text === undefined) return undefined;
  // Most arrive in capitals already (`verbMethods`): no new string for those.
  if (specMethods.has(text)) return text as HttpMethod;
  const upper = text.toUpperCase();
  return specMethods.has(upper) ? (upper as HttpMethod) : undefined;
};

/** A method written as an expression: a literal here (editable) or a constant elsewhere. */
function methodOfExpression(node: Node | undefined, context: EvaluationContext): StatedMethod {
  if (!node) return unknownMethod;
  const value = unwrap(node);
  const literal = staticString(value);
  if (literal !== undefined) return { method: asSpecMethod(literal), source: isStringLiteral(value) ? { kind: 'literal', node: value } : { kind: 'elsewhere' } };
  const segments = evaluateExpression(value, undefined, context);
  const only = segments?.length === 1 ? segments[0] : undefined;
  if (only?.kind === 'text') return { method: asSpecMethod(only.value), source: { kind: 'elsewhere' } };
  return { method: undefined, source: { kind: 'unknown', node: value } };
}

const looksLikeMethod = (node: Node | undefined): boolean => {
  const text = node ? staticString(node) : undefined;
  return text !== undefined && /^(get|post|put|patch|delete|head|options)$/i.test(text);
};

/** The method of a config/options object (`method`, or jQuery's `type`); absent means the client default. */
function methodOfConfig(configNode: Node | undefined, context: EvaluationContext, keys: readonly string[] = ['method']): StatedMethod {
  if (!configNode) return implicitGet;
  const stated = optionsMethod(configNode, context, keys);
  return stated === 'absent' ? implicitGet : stated;
}

/**
 * What an options object says of the method: the method, `'absent'` where it names none (the client's
 * default), unknown where it may. Options a helper hands on as they are (`fetch(url, opts)`,
 * `{ ...opts, headers }`) are the object its caller gives, or nothing where the caller leaves them out;
 * a spread names the method its object names, unless a later property does.
 */
function optionsMethod(configNode: Node, context: EvaluationContext, keys: readonly string[]): StatedMethod | 'absent' {
  const value = unwrap(configNode);
  const binding = value.type === 'Identifier' ? context.scope.resolve(value) : undefined;
  if (binding && context.leftOutArguments?.has(binding)) return 'absent';
  if (value.type === 'Identifier' && value.name === 'undefined' && !binding) return 'absent';
  const given = givenArgumentOf(value, context);
  if (given) return following(context, given, () => optionsMethod(given.node, given.context, keys)) ?? unknownMethod;
  const config = objectLiteralOf(value, context);
  if (!config) return unknownMethod;
  const inline = value.type === 'ObjectExpression';
  const asWritten = (stated: StatedMethod): StatedMethod => (inline || stated.source.kind !== 'literal' ? stated : { method: stated.method, source: { kind: 'elsewhere' } });
  if (!hasSpread(config)) {
    const written = keys.map((key) => propertyValueOf(config, key)).find((each) => each !== undefined);
    if (written) return asWritten(methodOfExpression(written, context));
    // A computed key the code does not show (`{ [field]: 'PATCH' }`) may be the method.
    return config.properties.some((property) => property.type === 'Property' && propertyKeyName(property) === undefined) ? unknownMethod : 'absent';
  }
  // The last property that may set the method decides: a spread of an object naming none passes it on.
  for (const property of config.properties.toReversed()) {
    if (property.type === 'SpreadElement') {
      const spread = optionsMethod(property.argument, context, keys);
      if (spread === 'absent') continue;
      return spread;
    }
    const key = propertyKeyName(property);
    if (key === undefined) return unknownMethod; // a computed key may be the method
    if (keys.includes(key)) return property.kind === 'init' && !property.method ? asWritten(methodOfExpression(property.value, context)) : unknownMethod;
  }
  return 'absent';
}

function memberMethod(name: string, node: Node, clientKind: ClientKind | undefined): StatedMethod {
  // openapi-fetch names its verbs in capitals (`client.PATCH(path)`).
  const method = clientKind === 'openapi-fetch' ? name : verbMethods[name];
  return { method: asSpecMethod(method), source: { kind: 'member', node, client: clientKind } };
}

/** The expression as written around an unwrapped one: `clients!`, `url as string`. */
function writtenFormOf(node: Node, context: EvaluationContext): Node {
  let written = node;
  for (let parent = context.scope.parentOf(written); parent && unwrap(parent) === node; parent = context.scope.parentOf(written)) written = parent;
  return written;
}

interface CallShape {
  readonly call: TSESTree.CallExpression;
  readonly context: EvaluationContext;
}

/** A request whose URL (and maybe base and method) sit in a config object: `axios({ url })`, `$.ajax({ url })`. */
function configRequest(
  form: CallForm,
  { call, context }: CallShape,
  configNode: Node | undefined,
  base: readonly Segment[] | undefined,
  method: StatedMethod | undefined,
  methodKeys?: readonly string[],
  client?: HttpClient,
  urlKeys: readonly string[] = ['url'],
): HttpCall | undefined {
  const config = objectLiteralOf(configNode, context);
  const urlKey = config ? urlKeys.find((key) => propertyValueOf(config, key) !== undefined) : undefined;
  const urlNode = config && urlKey !== undefined ? propertyValueOf(config, urlKey) : undefined;
  if (!config || !urlNode) return undefined;
  const ownBase = baseOption(config, perCallBaseKey(form), context);
  return {
    form,
    call,
    urlNode: writtenFormOf(urlNode, context),
    url: joinBaseUrl(ownBase ?? base, evaluateUrl(urlNode, context)),
    method: method ?? methodOfConfig(configNode, context, methodKeys),
    ...(client?.hosts ? { clientHosts: client.hosts } : {}),
    ...(client?.via ? { clientVia: rangeOf(client.via) } : {}),
  };
}

/** The option a call's own config names its base with (`axios.get(url, { baseURL })`, `ky.get(url, { prefixUrl })`, openapi-fetch's `client.GET(path, { baseUrl })`): it replaces the instance's. */
const perCallBaseKey = (form: CallForm): string => (form === 'got' || form === 'ky' ? 'prefixUrl' : form === 'openapi-fetch' ? 'baseUrl' : 'baseURL');

/** The base a call's options state (`{ baseURL }`, `{ prefixUrl }`), else the client's. */
function callBase(found: HttpClient, options: Node | undefined, context: EvaluationContext): readonly Segment[] | undefined {
  return baseOption(objectLiteralOf(options, context), perCallBaseKey(found.form), context) ?? found.base;
}

function urlRequest(
  form: CallForm,
  { call, context }: CallShape,
  urlNode: Node | undefined,
  method: StatedMethod,
  base?: readonly Segment[],
  client?: HttpClient,
): HttpCall | undefined {
  if (!urlNode) return undefined;
  return {
    form,
    call,
    urlNode: writtenFormOf(urlNode, context),
    url: joinBaseUrl(base, evaluateUrl(urlNode, context)),
    method,
    ...(client?.hosts ? { clientHosts: client.hosts } : {}),
    ...(client?.via ? { clientVia: rangeOf(client.via) } : {}),
  };
}

/** `fetch(url, init)`, `axios(config)`, `got(url, options)`, `request(method, url)` ... */
function directCall(found: HttpClient, shape: CallShape): HttpCall | undefined {
  const { call, context } = shape;
  const first = argumentAt(call, 0);
  const second = argumentAt(call, 1);
  switch (found.kind) {
    case 'fetch':
    case 'undici-request':
      return urlRequest(found.form, shape, first, methodOfConfig(second, context), found.base, found);
    case 'axios':
    case 'got':
    case 'ky':
      if (objectLiteralOf(first, context)) return configRequest(found.form, shape, first, found.base, undefined, undefined, found);
      return urlRequest(found.form, shape, first, methodOfConfig(second, context), callBase(found, second, context), found);
    case 'superagent':
      if (second && looksLikeMethod(first)) return urlRequest(found.form, shape, second, methodOfExpression(first, context));
      return urlRequest(found.form, shape, first, call.arguments.length > 1 ? unknownMethod : implicitGet);
    case 'request':
      // request(options, callback) / request(url, [options], callback): GET unless the options say otherwise.
      if (objectLiteralOf(first, context)) return configRequest(found.form, shape, first, found.base, undefined, undefined, found, requestUrlKeys);
      return urlRequest(found.form, shape, first, second && !isFunction(unwrap(second)) ? methodOfConfig(second, context) : implicitGet, found.base, found);
    case 'easy-soap-request':
      // soapRequest({ url, headers, xml, timeout }): always a POST of the envelope.
      return configRequest(found.form, shape, first, found.base, implicitPost, undefined, found);
    case 'needle':
      // needle(method, url, data, options)
      return looksLikeMethod(first) ? urlRequest(found.form, shape, second, methodOfExpression(first, context), found.base, found) : undefined;
    case 'ofetch':
      return isAutoImportedVueUseFetch(call, context) ? vueuseFetchCall(autoImportedVueUseFetch, shape) : ofetchCall(found, shape);
    case 'vueuse-fetch':
      return vueuseFetchCall(found, shape);
    case 'angular-resource':
      return httpResourceCall(found, shape);
    case 'node-http-request':
      return nodeHttpCall('request', shape);
    case 'node-http-get':
      return nodeHttpCall('get', shape);
    default:
      return undefined;
  }
}

/** The URL a getter returns (`() => `/v1/campaigns/${id.value}``), or the expression itself when it is no function. */
function gottenUrl(node: Node | undefined): Node | undefined {
  const value = node ? unwrap(node) : undefined;
  return isFunction(value) ? returnedBy(value) : node;
}

/**
 * ofetch's `$fetch(url, options)` (Nuxt's global, `ofetch`, `$fetch.raw`, an instance of
 * `$fetch.create(defaults)`) and Nuxt's `useFetch(url, options)` / `useLazyFetch`, which take its
 * options: their `baseURL` replaces the instance's, their `method` is GET when absent, and Nuxt's URL
 * may be a getter.
 */
function ofetchCall(found: HttpClient, shape: CallShape): HttpCall | undefined {
  const { call, context } = shape;
  const options = argumentAt(call, 1);
  return urlRequest(found.form, shape, gottenUrl(argumentAt(call, 0)), methodOfConfig(options, context), callBase(found, options, context), found);
}

const autoImportedVueUseFetch: HttpClient = { kind: 'vueuse-fetch', form: 'vueuse-fetch', base: undefined };

/** The verbs of VueUse's `useFetch` chain, and the links that only say how to read the response. */
const vueuseVerbs: ReadonlySet<string> = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);
const vueuseResponseTypes: ReadonlySet<string> = new Set(['json', 'text', 'blob', 'arrayBuffer', 'formData']);

/** The method VueUse's chain on `call` states (`useFetch(url).post(body).json()`, `.json().get()`); undefined without a verb. */
function vueuseChainMethod(call: TSESTree.CallExpression, context: EvaluationContext): StatedMethod | undefined {
  let current: Node = call;
  for (let member = context.scope.parentOf(current); member?.type === 'MemberExpression' && member.object === current; member = context.scope.parentOf(current)) {
    const link = context.scope.parentOf(member);
    const name = memberPropertyName(member);
    if (link?.type !== 'CallExpression' || link.callee !== member || name === undefined) return undefined;
    if (vueuseVerbs.has(name)) return memberMethod(name, member.property, 'vueuse-fetch');
    if (!vueuseResponseTypes.has(name)) return undefined;
    current = link;
  }
  return undefined;
}

/**
 * A `useFetch` no import names whose result is VueUse's chain (`useFetch(url).get().json()`): VueUse's,
 * auto-imported by unplugin-auto-import. Nuxt's own `useFetch` has no such chain.
 */
function isAutoImportedVueUseFetch(call: TSESTree.CallExpression, context: EvaluationContext): boolean {
  const callee = unwrap(calleeOf(call));
  if (callee.type !== 'Identifier' || callee.name !== 'useFetch') return false;
  const member = context.scope.parentOf(call);
  const name = member?.type === 'MemberExpression' && member.object === call ? memberPropertyName(member) : undefined;
  return name !== undefined && (vueuseVerbs.has(name) || vueuseResponseTypes.has(name));
}

/**
 * VueUse's `useFetch(url, fetchOptions?, options?)`, from `@vueuse/core` or made by its `createFetch({
 * baseUrl })`: the method is the chain's verb (`.post(body)`), else the `method` of its fetch options,
 * else GET; the URL may be a getter.
 */
function vueuseFetchCall(found: HttpClient, shape: CallShape): HttpCall | undefined {
  const { call, context } = shape;
  const method = vueuseChainMethod(call, context) ?? methodOfConfig(argumentAt(call, 1), context);
  return urlRequest(found.form, shape, gottenUrl(argumentAt(call, 0)), method, found.base, found);
}

/** Angular's `httpResource(() => url)` (a GET) and `httpResource(() => ({ url, method }))`, also its `.text`, `.blob` and `.arrayBuffer`. */
function httpResourceCall(found: HttpClient, shape: CallShape): HttpCall | undefined {
  const request = gottenUrl(argumentAt(shape.call, 0));
  if (!request) return undefined;
  if (objectLiteralOf(request, shape.context)) return configRequest(found.form, shape, request, found.base, undefined, undefined, found);
  return urlRequest(found.form, shape, request, implicitGet, found.base, found);
}

/** The base of Node's request options: `//` and the `hostname` (else `host`); none when neither is written (Node's default, `localhost`, is not shown). */
function nodeHttpBase(options: TSESTree.ObjectExpression, context: EvaluationContext): Segment[] | undefined {
  const host = propertyValueOf(options, 'hostname') ?? propertyValueOf(options, 'host');
  if (!host) return hasSpread(options) ? [hole()] : undefined;
  return [syntheticText('//'), ...(evaluateExpression(host, undefined, context) ?? [hole(host)])];
}

/**
 * Node's `http`/`https` `request(options[, callback])`, `request(url[, options][, callback])` and
 * `get(…)`: the options name the `path` (a request without one asks for `/`) and the `method` (GET
 * when absent); `get` is always a GET, whatever its options say.
 */
function nodeHttpCall(verb: 'request' | 'get', shape: CallShape): HttpCall | undefined {
  const { call, context } = shape;
  const first = argumentAt(call, 0);
  const second = argumentAt(call, 1);
  const options = objectLiteralOf(first, context);
  if (!options) {
    const more = second && !isFunction(unwrap(second)) ? second : undefined;
    return urlRequest('node-http', shape, first, verb === 'get' ? implicitGet : methodOfConfig(more, context));
  }
  const path = propertyValueOf(options, 'path');
  if (!path) return undefined;
  return {
    form: 'node-http',
    call,
    urlNode: writtenFormOf(path, context),
    url: joinBaseUrl(nodeHttpBase(options, context), evaluateUrl(path, context)),
    method: verb === 'get' ? implicitGet : methodOfConfig(first, context),
  };
}

const clientVerbs: Readonly<Partial<Record<ClientKind, readonly string[]>>> = {
  axios: ['get', 'delete', 'head', 'options', 'post', 'put', 'patch'],
  got: ['get', 'post', 'put', 'patch', 'delete', 'head'],
  ky: ['get', 'post', 'put', 'patch', 'delete', 'head'],
  superagent: ['get', 'post', 'put', 'patch', 'del', 'delete', 'head'],
  'angular-http': ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'jsonp'],
  wrapper: ['get', 'post', 'put', 'patch', 'delete', 'del'],
  request: ['get', 'post', 'put', 'patch', 'del', 'delete', 'head'],
  needle: ['get', 'post', 'put', 'patch', 'delete', 'head'],
  'openapi-fetch': ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'],
};

/** `httpResource.text(() => url)` and its other variants, which read the response otherwise. */
const httpResourceVariants: readonly string[] = ['text', 'blob', 'arrayBuffer'];

/** The `request` package's options name the URL `url` or `uri`. */
const requestUrlKeys: readonly string[] = ['url', 'uri'];

/** A dispatcher's calls that take `{ path, method }` options (`pool.request(options)`, `stream`, `pipeline`). */
const undiciDispatcherVerbs: readonly string[] = ['request', 'stream', 'pipeline'];
const dispatchPathKeys: readonly string[] = ['path'];

/** undici's dispatch options require their `method`: one they do not write is not known (no default GET). */
function dispatchMethod(options: Node | undefined, context: EvaluationContext): StatedMethod {
  const config = objectLiteralOf(options, context);
  return config && propertyValueOf(config, 'method') ? methodOfConfig(options, context) : unknownMethod;
}

/** The verbs of an unknown receiver that make a call an HTTP request (`api.get(url)`). */
const genericClientVerbs: readonly string[] = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Every verb `methodCall` may read as a request, whichever the client: for another verb (`rows.filter(…)`,
 * `totals.set(…)`, most member calls of a file) the receiver's client does not change the answer.
 */
const requestVerbs: ReadonlySet<string> = new Set([...Object.values(clientVerbs).flat(), ...genericClientVerbs, 'request', 'fetch', 'open', 'ajax', 'getJSON', 'getScript', 'callApi', 'raw', ...httpResourceVariants, ...undiciDispatcherVerbs]);

/** Where the per-request config sits for axios verbs: after the data for post/put/patch. */
const axiosConfigIndex = (verb: string): number => (verb === 'post' || verb === 'put' || verb === 'patch' ? 2 : 1);


/** `client.verb(url)`, `axios.request(config)`, `$.ajax(...)`, `xhr.open(method, url)` ... */
function methodCall(found: HttpClient | undefined, verb: string, verbNode: Node, shape: CallShape): HttpCall | undefined {
  const { call, context } = shape;
  const first = argumentAt(call, 0);
  const second = argumentAt(call, 1);
  if (found?.kind === 'request' && clientVerbs.request!.includes(verb) && objectLiteralOf(first, context)) {
    return configRequest(found.form, shape, first, found.base, memberMethod(verb, verbNode, found.kind), undefined, found, requestUrlKeys);
  }
  if (found && clientVerbs[found.kind]?.includes(verb)) {
    const base = found.kind === 'axios' ? callBase(found, argumentAt(call, axiosConfigIndex(verb)), context) : found.kind === 'got' || found.kind === 'ky' || found.kind === 'openapi-fetch' ? callBase(found, second, context) : found.base;
    return urlRequest(found.form, shape, first, memberMethod(verb, verbNode, found.kind === 'wrapper' ? undefined : found.kind), base, found);
  }
  switch (found?.kind) {
    case 'axios':
      return verb === 'request' ? configRequest(found.form, shape, first, found.base, undefined, undefined, found) : undefined;
    case 'undici':
      return verb === 'request' || verb === 'fetch' ? urlRequest('undici', shape, first, methodOfConfig(second, context)) : undefined;
    case 'undici-dispatcher': {
      if (!undiciDispatcherVerbs.includes(verb)) return undefined;
      // An Agent has no origin of its own: each request's options name it.
      const options = found.base === undefined ? objectLiteralOf(first, context) : undefined;
      const base = options ? dispatchOriginOf(options, context) : found.base;
      return configRequest(found.form, shape, first, base, dispatchMethod(first, context), undefined, found, dispatchPathKeys);
    }
    case 'angular-http': {
      if (verb !== 'request') return undefined;
      if (looksLikeMethod(first)) return urlRequest(found.form, shape, second, methodOfExpression(first, context));
      // `http.request(new HttpRequest('PATCH', url, body))`, also through a constant.
      const created = first ? createdInstanceOf(first, context) : undefined;
      const callee = created ? unwrap(created.callee) : undefined;
      if (!created || callee?.type !== 'Identifier' || callee.name !== 'HttpRequest' || !looksLikeMethod(argumentAt(created, 0))) return undefined;
      return urlRequest(found.form, shape, argumentAt(created, 1), methodOfExpression(argumentAt(created, 0), context));
    }
    case 'ofetch':
      return verb === 'raw' ? ofetchCall(found, shape) : undefined;
    case 'angular-resource':
      return httpResourceVariants.includes(verb) ? httpResourceCall(found, shape) : undefined;
    case 'jquery':
      return jqueryCall(verb, verbNode, shape);
    case 'needle':
      return verb === 'request' && looksLikeMethod(first) ? urlRequest(found.form, shape, second, methodOfExpression(first, context), found.base, found) : undefined;
    case 'node-http':
      return verb === 'request' || verb === 'get' ? nodeHttpCall(verb, shape) : undefined;
    default:
      break;
  }
  if (verb === 'open' && looksLikeMethod(first) && second) return urlRequest('xhr', shape, second, methodOfExpression(first, context));
  if (found) return undefined;
  if (verb === 'request' && looksLikeMethod(first) && second) return urlRequest('http-client', shape, second, methodOfExpression(first, context));
  // An openapi-generator JavaScript client: `apiClient.callApi(path, httpMethod, pathParams, …)`.
  if (verb === 'callApi' && looksLikeMethod(second)) return urlRequest('http-client', shape, first, methodOfExpression(second, context));
  if (genericClientVerbs.includes(verb)) return urlRequest('http-client', shape, first, memberMethod(verb, verbNode, undefined));
  return undefined;
}

function jqueryCall(verb: string, verbNode: Node, shape: CallShape): HttpCall | undefined {
  const { call, context } = shape;
  const first = argumentAt(call, 0);
  const second = argumentAt(call, 1);
  const settingsKeys = ['type', 'method'];
  if (verb === 'ajax') {
    if (objectLiteralOf(first, context)) return configRequest('jquery', shape, first, undefined, undefined, settingsKeys);
    return urlRequest('jquery', shape, first, methodOfConfig(second, context, settingsKeys));
  }
  if (verb !== 'get' && verb !== 'getJSON' && verb !== 'post' && verb !== 'getScript') return undefined;
  const stated = memberMethod(verb, verbNode, 'jquery');
  if (objectLiteralOf(first, context)) return configRequest('jquery', shape, first, undefined, stated);
  return urlRequest('jquery', shape, first, stated);
}

/** Built-ins whose `get`, `set`, `delete` are no HTTP verbs. */
const collections: ReadonlySet<string> = new Set(['Map', 'WeakMap', 'Set', 'WeakSet', 'URLSearchParams', 'Headers', 'FormData']);

/** A receiver the file makes with `new Map()` and the like (`createdInstanceOf`: a constant, or the one value a class gives `this.x`). */
function isCollection(node: Node, context: EvaluationContext): boolean {
  const created = createdInstanceOf(node, context);
  const callee = created ? unwrap(created.callee) : undefined;
  return callee?.type === 'Identifier' && collections.has(callee.name) && context.scope.resolve(callee) === undefined;
}

/** Recognizes an HTTP request in a call expression; undefined when the call is not one. */
export function recognizeHttpCall(call: TSESTree.CallExpression, context: EvaluationContext): HttpCall | undefined {
  // Every form reads its URL or config from an argument: a call without one is none (`res.json()`), and its receiver is not looked up.
  if (call.arguments.length === 0) return undefined;
  const callee = calleeOf(call);
  const shape: CallShape = { call, context };
  if (callee.type === 'MemberExpression') {
    const verb = memberPropertyName(callee);
    if (verb === undefined) return undefined;
    if (requestVerbs.has(verb) || context.resolveClient !== undefined) {
      const client = clientOf(callee.object, context) ?? wrapperInstanceOf(callee.object, context, recognizeHttpCall);
      if (!client) {
        // A method the file writes (`Api.get`, `requests.get`, `this.get`): its request, if it makes one, not a client's verb;
        // a collection's `get` (`cache.get(url)` of a `new Map()`) is no request.
        const fn = calledFunction(call, context);
        if (fn) return helperCall(call, context, recognizeHttpCall, fn);
        if (isCollection(callee.object, context)) return undefined;
      }
      const site = methodCall(client, verb, unwrap(callee.property), shape);
      if (site) return site;
    } else {
      // No verb of a request: the receiver's client is not looked up (with a cross-file hook it is, as
      // the hook records what it resolved). A wrapper class it creates is still read, here, in the order
      // the calls are: wrapper classes that reach each other are read as the first one asked finds them.
      wrapperInstanceOf(callee.object, context, recognizeHttpCall);
    }
  }
  // `useSWR(key, fetcher)`: the key is the URL its fetcher is given.
  const swr = callee.type === 'Identifier' || (callee.type === 'MemberExpression' && memberPropertyName(callee) === 'mutate') ? swrRequestOf(call, context, recognizeHttpCall) : undefined;
  if (swr) return swr;
  const found = clientOf(callee, context);
  if (found) return directCall(found, shape);
  if (callee.type === 'MemberExpression') {
    // An RTK Query endpoint: what its `query` returns is the request (a string is a GET).
    const endpoint = rtkEndpointOf(call, context);
    if (endpoint) {
      const { returned, base, via } = endpoint;
      const request = returned.type === 'ObjectExpression' ? configRequest('rtk-query', shape, returned, base, undefined, undefined) : urlRequest('rtk-query', shape, returned, implicitGet, base);
      // An API or base query of another file: that file is where the base is written (the cross-file related place).
      return request && via ? { ...request, clientVia: rangeOf(via) } : request;
    }
  }
  return callee.type === 'Identifier' || callee.type === 'MemberExpression' ? helperCall(call, context, recognizeHttpCall) : undefined;
}
