import type { TSESTree } from '@typescript-eslint/types';
import { argumentAt, calleeOf, isFunction, memberCallee, memberPropertyName, propertyKeyName, propertyValueOf, staticString, unwrap, valueProperties, type Node } from '../ast/nodes.js';
import { objectLiteralOf, type EvaluationContext } from '../url/evaluate.js';
import type { HttpCall } from './http-calls.js';

/** How a request body is handed to the client; decides how the client serializes a plain object. */
export type BodyKind =
  /** `fetch`/undici `body`, jQuery `data`: sent as given (a plain object is form-encoded by jQuery). */
  | 'raw'
  /** axios `data`, Angular `HttpClient` body: a plain object is sent as JSON. */
  | 'object-as-json'
  /** got/ky `json:` option: always JSON. */
  | 'json-option'
  /** got `form:` option: always form-encoded. */
  | 'form-option';

export interface RequestParts {
  /** The body expression as written at the call (or the value of its `body`/`data`/`json`/`form` property). */
  readonly body: Node | undefined;
  readonly bodyKind: BodyKind;
  /** The options/config object literal of the call (inline or a same-file constant). */
  readonly config: TSESTree.ObjectExpression | undefined;
  /** The `Content-Type` value node of the request headers (or jQuery's `contentType`). */
  readonly contentType: Node | undefined;
}

const bodyVerbs = new Set(['post', 'put', 'patch']);

/** The object literal of `headers: {...}`, `new Headers({...})` or Angular's `new HttpHeaders({...})`. */
function headersObject(node: Node | undefined, context: EvaluationContext): TSESTree.ObjectExpression | undefined {
  if (!node) return undefined;
  const value = unwrap(node);
  if (value.type === 'NewExpression') {
    const callee = calleeOf(value);
    if (callee.type === 'Identifier' && /^(Headers|HttpHeaders)$/.test(callee.name)) return objectLiteralOf(argumentAt(value, 0), context);
  }
  return objectLiteralOf(value, context);
}

/** The `Content-Type` value of a headers object literal (any case of the name). */
function contentTypeIn(headers: TSESTree.ObjectExpression | undefined): Node | undefined {
  const property = headers ? valueProperties(headers).find((candidate) => /^content-type$/i.test(propertyKeyName(candidate) ?? '')) : undefined;
  return property ? unwrap(property.value) : undefined;
}

function contentTypeOf(config: TSESTree.ObjectExpression | undefined, context: EvaluationContext): Node | undefined {
  if (!config) return undefined;
  const jqueryContentType = propertyValueOf(config, 'contentType');
  if (jqueryContentType) return jqueryContentType;
  return contentTypeIn(headersObject(propertyValueOf(config, 'headers'), context));
}

function fromConfig(config: TSESTree.ObjectExpression | undefined, context: EvaluationContext, bodyKeys: readonly [string, BodyKind][]): RequestParts {
  for (const [key, bodyKind] of bodyKeys) {
    const body = config ? propertyValueOf(config, key) : undefined;
    if (body) return { body, bodyKind, config, contentType: contentTypeOf(config, context) };
  }
  return { body: undefined, bodyKind: 'raw', config, contentType: contentTypeOf(config, context) };
}

const fetchKeys: readonly [string, BodyKind][] = [['body', 'raw']];
const axiosKeys: readonly [string, BodyKind][] = [['data', 'object-as-json']];
const gotKeys: readonly [string, BodyKind][] = [
  ['json', 'json-option'],
  ['form', 'form-option'],
  ['body', 'raw'],
];
const jqueryKeys: readonly [string, BodyKind][] = [['data', 'raw']];
/** ofetch's and openapi-fetch's `body`: a plain object is sent as JSON. */
const jsonBodyKeys: readonly [string, BodyKind][] = [['body', 'object-as-json']];

/** A verb call with the body second and the config third: `axios.post(url, data, config)`. */
function bodyThenConfig(call: TSESTree.CallExpression, bodyKind: BodyKind, context: EvaluationContext): RequestParts {
  const config = objectLiteralOf(argumentAt(call, 2), context);
  return { body: argumentAt(call, 1), bodyKind, config, contentType: contentTypeOf(config, context) };
}

/**
 * The body, config object and content type of a recognized HTTP request, read from the call form:
 * `fetch(url, { body, headers })`, `axios.post(url, data, config)`, `axios({ data })`,
 * `got.post(url, { json | form | body })`, `ky.post(url, { json })`, `$.ajax({ data, contentType })`,
 * `$.post(url, data)`, `http.post(url, body, { headers })` (Angular `HttpClient`), the `request`
 * package's `{ form | json | body }`, needle's data, Node's `req.write(body)`, superagent's chained
 * `.send(body)` and XHR's `xhr.send(body)`.
 */
export function requestPartsOf(site: HttpCall, context: EvaluationContext): RequestParts {
  const { call } = site;
  const callee = memberCallee(call);
  const verb = callee ? memberPropertyName(callee) : undefined;
  const first = objectLiteralOf(argumentAt(call, 0), context);
  const second = objectLiteralOf(argumentAt(call, 1), context);
  const none: RequestParts = { body: undefined, bodyKind: 'raw', config: undefined, contentType: undefined };
  // A helper's call gives it a path and whatever else it takes: which argument is the body is the helper's to say.
  if (site.viaHelper) return none;
  const sendsBody = verb !== undefined && bodyVerbs.has(verb);
  switch (site.form) {
    case 'fetch':
    case 'undici':
      return fromConfig(second, context, fetchKeys);
    case 'axios':
      if (sendsBody) return bodyThenConfig(call, 'object-as-json', context);
      return fromConfig(first && (verb === undefined || verb === 'request') ? first : second, context, axiosKeys);
    case 'got':
    case 'ky':
      return fromConfig(first && verb === undefined ? first : second, context, gotKeys);
    case 'ofetch':
      return fromConfig(second, context, jsonBodyKeys);
    case 'angular-http':
      if (verb === 'request') return fromConfig(objectLiteralOf(argumentAt(call, 2), context), context, fetchKeys);
      return sendsBody ? bodyThenConfig(call, 'object-as-json', context) : none;
    case 'jquery':
      if (first) return fromConfig(first, context, jqueryKeys);
      if (verb === 'post') return { body: argumentAt(call, 1), bodyKind: 'raw', config: undefined, contentType: undefined };
      return fromConfig(second, context, jqueryKeys);
    case 'http-client':
      return sendsBody ? bodyThenConfig(call, 'raw', context) : none;
    case 'openapi-fetch':
      // client.POST(path, { body, headers }): a plain object is sent as JSON.
      return fromConfig(second, context, jsonBodyKeys);
    case 'request':
      return requestPackageParts(first ?? second, context);
    case 'needle':
      return needleParts(call, verb, context);
    case 'superagent':
      return superagentParts(call, context);
    case 'xhr':
      return xhrParts(call, context);
    case 'node-http': {
      const options = first ?? second;
      return { body: nodeHttpBody(call, context), bodyKind: 'raw', config: options, contentType: contentTypeOf(options, context) };
    }
    default:
      return none;
  }
}

const isTrue = (node: Node | undefined): boolean => {
  const value = node ? unwrap(node) : undefined;
  return value?.type === 'Literal' && value.value === true;
};

/**
 * The `request` package's options (and request-promise's): `form` is sent form-encoded, `json: {…}` as
 * JSON, `body` as given, or as JSON with `json: true` (unless a form Content-Type says otherwise, which
 * the rule reads from the headers).
 */
function requestPackageParts(config: TSESTree.ObjectExpression | undefined, context: EvaluationContext): RequestParts {
  const contentType = contentTypeOf(config, context);
  const form = config ? propertyValueOf(config, 'form') : undefined;
  if (form) return { body: form, bodyKind: 'form-option', config, contentType };
  const json = config ? propertyValueOf(config, 'json') : undefined;
  const body = config ? propertyValueOf(config, 'body') : undefined;
  if (body) return { body, bodyKind: isTrue(json) ? 'object-as-json' : 'raw', config, contentType };
  const jsonValue = json ? unwrap(json) : undefined;
  if (json && jsonValue?.type !== 'Literal') return { body: json, bodyKind: 'json-option', config, contentType };
  return { body: undefined, bodyKind: 'raw', config, contentType };
}

/** needle's data: `needle.post(url, data, options)`, `needle('post', url, data, options)`; an object is form-encoded unless `json: true`. */
function needleParts(call: TSESTree.CallExpression, verb: string | undefined, context: EvaluationContext): RequestParts {
  const direct = verb === undefined || verb === 'request';
  if (!direct && !bodyVerbs.has(verb) && verb !== 'delete') return { body: undefined, bodyKind: 'raw', config: undefined, contentType: undefined };
  const config = objectLiteralOf(argumentAt(call, direct ? 3 : 2), context);
  const json = config ? propertyValueOf(config, 'json') : undefined;
  return { body: argumentAt(call, direct ? 2 : 1), bodyKind: isTrue(json) ? 'object-as-json' : 'raw', config, contentType: contentTypeOf(config, context) };
}

/** `Content-Type`'s value among `set(name, value)` or `set({ … })` arguments (superagent), `setRequestHeader(name, value)` (XHR). */
function headerArgumentValue(call: TSESTree.CallExpression, context: EvaluationContext): Node | undefined {
  const name = argumentAt(call, 0);
  const text = name ? staticString(name) : undefined;
  if (text !== undefined) return /^content-type$/i.test(text) ? argumentAt(call, 1) : undefined;
  return contentTypeIn(objectLiteralOf(name, context));
}

/** superagent's `.type()` names that send a form: `type('form')`. */
const superagentFormTypes = /^(?:form|urlencoded|application\/x-www-form-urlencoded)$/i;

/**
 * superagent's chain after the request: `.send(body)`, `.set('Content-Type', …)` (or `.set({ … })`) and
 * `.type('form' | 'json')`. An object it sends is JSON unless the type is a form. Several `.send()`s
 * (merged by superagent) leave the body unread.
 */
function superagentParts(call: TSESTree.CallExpression, context: EvaluationContext): RequestParts {
  const sent: Node[] = [];
  // `superagent.post(url, data)`: the data a verb is given is sent too.
  const given = memberCallee(call) ? argumentAt(call, 1) : undefined;
  if (given && !isFunction(unwrap(given))) sent.push(given);
  let contentType: Node | undefined;
  let form = false;
  let current: Node = call;
  for (let member = context.scope.parentOf(current); member?.type === 'MemberExpression' && member.object === current; member = context.scope.parentOf(current)) {
    const link = context.scope.parentOf(member);
    if (link?.type !== 'CallExpression' || link.callee !== member) break;
    const name = memberPropertyName(member);
    if (name === 'send' && link.arguments.length > 0) sent.push(argumentAt(link, 0)!);
    else if (name === 'set') contentType = headerArgumentValue(link, context) ?? contentType;
    else if (name === 'type') form = superagentFormTypes.test(staticString(argumentAt(link, 0) ?? link) ?? '');
    current = link;
  }
  return { body: sent.length === 1 ? sent[0] : undefined, bodyKind: form ? 'form-option' : 'object-as-json', config: undefined, contentType };
}

/** The XMLHttpRequest `open()` is called on: its `send(body)` and `setRequestHeader('Content-Type', …)` calls on the same variable (one `send`). */
function xhrParts(call: TSESTree.CallExpression, context: EvaluationContext): RequestParts {
  const none: RequestParts = { body: undefined, bodyKind: 'raw', config: undefined, contentType: undefined };
  const callee = memberCallee(call);
  const receiver = callee ? unwrap(callee.object) : undefined;
  const binding = receiver?.type === 'Identifier' ? context.scope.resolve(receiver) : undefined;
  if (!binding || binding.reassigned) return none;
  const sent: Node[] = [];
  let contentType: Node | undefined;
  for (const other of context.scope.calls) {
    const member = other.type === 'CallExpression' ? memberCallee(other) : undefined;
    const object = member ? unwrap(member.object) : undefined;
    if (!member || object?.type !== 'Identifier' || context.scope.resolve(object) !== binding) continue;
    const name = memberPropertyName(member);
    if (name === 'send' && other.arguments.length > 0) sent.push(argumentAt(other as TSESTree.CallExpression, 0)!);
    else if (name === 'setRequestHeader') contentType = headerArgumentValue(other as TSESTree.CallExpression, context) ?? contentType;
  }
  return { body: sent.length === 1 ? sent[0] : undefined, bodyKind: 'raw', config: undefined, contentType };
}

/** An argument of `.write(x)` or `.end(x)` called on `receiver`'s value (not a callback). */
function sentThrough(member: Node | undefined, receiver: Node, context: EvaluationContext): Node | undefined {
  if (member?.type !== 'MemberExpression' || member.object !== receiver) return undefined;
  const name = memberPropertyName(member);
  const call = context.scope.parentOf(member);
  if ((name !== 'write' && name !== 'end') || call?.type !== 'CallExpression' || call.callee !== member) return undefined;
  const sent = argumentAt(call, 0);
  return sent && !isFunction(unwrap(sent)) ? sent : undefined;
}

/**
 * What Node's `http.request` sends: the one `.write(body)` or `.end(body)` chained on the call or
 * called on the constant that holds it (`const req = https.request(…); req.write(body); req.end()`).
 * Undefined when none or several do (a body written in pieces is not read).
 */
function nodeHttpBody(call: TSESTree.CallExpression, context: EvaluationContext): Node | undefined {
  const chained = sentThrough(context.scope.parentOf(call), call, context);
  if (chained) return chained;
  const declarator = context.scope.parentOf(call);
  if (declarator?.type !== 'VariableDeclarator' || declarator.init !== call || declarator.id.type !== 'Identifier') return undefined;
  const binding = context.scope.resolve(declarator.id);
  if (!binding || binding.reassigned) return undefined;
  const sent: Node[] = [];
  for (const reference of context.scope.references) {
    if (reference === declarator.id || context.scope.resolve(reference) !== binding) continue;
    const body = sentThrough(context.scope.parentOf(reference), reference, context);
    if (body) sent.push(body);
  }
  return sent.length === 1 ? sent[0] : undefined;
}

/** `JSON.stringify(x)` → `x`; undefined when the node is not such a call. */
export function jsonStringifyArgument(node: Node | undefined): Node | undefined {
  if (!node) return undefined;
  const value = unwrap(node);
  if (value.type !== 'CallExpression') return undefined;
  const callee = memberCallee(value);
  const object = callee ? unwrap(callee.object) : undefined;
  if (!callee || memberPropertyName(callee) !== 'stringify' || object?.type !== 'Identifier' || object.name !== 'JSON') return undefined;
  return argumentAt(value, 0);
}
