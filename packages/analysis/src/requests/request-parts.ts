import type { TSESTree } from '@typescript-eslint/types';
import { argumentAt, calleeOf, memberCallee, memberPropertyName, propertyKeyName, propertyValueOf, unwrap, valueProperties, type Node } from '../ast/nodes.js';
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

function contentTypeOf(config: TSESTree.ObjectExpression | undefined, context: EvaluationContext): Node | undefined {
  if (!config) return undefined;
  const jqueryContentType = propertyValueOf(config, 'contentType');
  if (jqueryContentType) return jqueryContentType;
  const headers = headersObject(propertyValueOf(config, 'headers'), context);
  const property = headers ? valueProperties(headers).find((candidate) => /^content-type$/i.test(propertyKeyName(candidate) ?? '')) : undefined;
  return property ? unwrap(property.value) : undefined;
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

/** A verb call with the body second and the config third: `axios.post(url, data, config)`. */
function bodyThenConfig(call: TSESTree.CallExpression, bodyKind: BodyKind, context: EvaluationContext): RequestParts {
  const config = objectLiteralOf(argumentAt(call, 2), context);
  return { body: argumentAt(call, 1), bodyKind, config, contentType: contentTypeOf(config, context) };
}

/**
 * The body, config object and content type of a recognized HTTP request, read from the call form:
 * `fetch(url, { body, headers })`, `axios.post(url, data, config)`, `axios({ data })`,
 * `got.post(url, { json | form | body })`, `ky.post(url, { json })`, `$.ajax({ data, contentType })`,
 * `$.post(url, data)`, `http.post(url, body, { headers })` (Angular `HttpClient`). superagent's
 * chained `.send(...)` and XHR's `.send(...)` are not read.
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
    case 'angular-http':
      if (verb === 'request') return fromConfig(objectLiteralOf(argumentAt(call, 2), context), context, fetchKeys);
      return sendsBody ? bodyThenConfig(call, 'object-as-json', context) : none;
    case 'jquery':
      if (first) return fromConfig(first, context, jqueryKeys);
      if (verb === 'post') return { body: argumentAt(call, 1), bodyKind: 'raw', config: undefined, contentType: undefined };
      return fromConfig(second, context, jqueryKeys);
    case 'http-client':
      return sendsBody ? bodyThenConfig(call, 'raw', context) : none;
    default:
      return none;
  }
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
