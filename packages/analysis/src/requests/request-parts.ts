import {
  argumentAt,
  calleeOf,
  findProperty,
  identifierName,
  isCall,
  isMember,
  memberObject,
  memberPropertyName,
  propertiesOf,
  propertyKeyName,
  propertyValue,
  unwrapTs,
} from '../ast/nodes.js';
import type { HttpCallSite } from '../calls/http-calls.js';
import type { AnyNode } from '../types.js';
import { objectLiteralOf, type EvaluationContext } from '../url/evaluate.js';

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
  readonly body: AnyNode | undefined;
  readonly bodyKind: BodyKind;
  /** The options/config object literal of the call (inline or a same-file constant). */
  readonly config: AnyNode | undefined;
  /** The `Content-Type` value node of the request headers (or jQuery's `contentType`). */
  readonly contentType: AnyNode | undefined;
}

const bodyVerbs = new Set(['post', 'put', 'patch']);

/** The verb of `client.verb(...)` calls; undefined for direct calls (`fetch(url)`, `axios(config)`). */
function verbOf(call: AnyNode): string | undefined {
  const callee = calleeOf(call);
  return isMember(callee) ? memberPropertyName(callee) : undefined;
}

function propertyOf(config: AnyNode | undefined, name: string): AnyNode | undefined {
  const property = config ? findProperty(config, name) : undefined;
  return property ? propertyValue(property) : undefined;
}

/** The object literal of `headers: {...}`, `new Headers({...})` or Angular's `new HttpHeaders({...})`. */
function headersObject(node: AnyNode | undefined, context: EvaluationContext): AnyNode | undefined {
  if (!node) return undefined;
  const value = unwrapTs(node);
  if (value.type === 'NewExpression' && /^(Headers|HttpHeaders)$/.test(identifierName(calleeOf(value)) ?? '')) {
    return objectLiteralOf(argumentAt(value, 0), context);
  }
  return objectLiteralOf(value, context);
}

function contentTypeOf(config: AnyNode | undefined, context: EvaluationContext): AnyNode | undefined {
  const jqueryContentType = propertyOf(config, 'contentType');
  if (jqueryContentType) return jqueryContentType;
  const headers = headersObject(propertyOf(config, 'headers'), context);
  const property = headers ? propertiesOf(headers).find((candidate) => /^content-type$/i.test(propertyKeyName(candidate) ?? '')) : undefined;
  return property ? propertyValue(property) : undefined;
}

function fromConfig(config: AnyNode | undefined, context: EvaluationContext, bodyKeys: readonly [string, BodyKind][]): RequestParts {
  for (const [key, bodyKind] of bodyKeys) {
    const body = propertyOf(config, key);
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

/**
 * The body, config object and content type of a recognized HTTP request, read from the call form:
 * `fetch(url, { body, headers })`, `axios.post(url, data, config)`, `axios({ data })`,
 * `got.post(url, { json | form | body })`, `ky.post(url, { json })`, `$.ajax({ data, contentType })`,
 * `$.post(url, data)`, `http.post(url, body, { headers })` (Angular `HttpClient`). superagent's
 * chained `.send(...)` and XHR's `.send(...)` are not read.
 */
export function requestPartsOf(site: HttpCallSite, context: EvaluationContext): RequestParts {
  const { call } = site;
  const verb = verbOf(call);
  const first = argumentAt(call, 0);
  const second = argumentAt(call, 1);
  const third = argumentAt(call, 2);
  const none: RequestParts = { body: undefined, bodyKind: 'raw', config: undefined, contentType: undefined };
  switch (site.form) {
    case 'fetch':
    case 'undici':
      return fromConfig(objectLiteralOf(second, context), context, fetchKeys);
    case 'axios': {
      if (verb !== undefined && bodyVerbs.has(verb)) {
        const config = objectLiteralOf(third, context);
        return { body: second, bodyKind: 'object-as-json', config, contentType: contentTypeOf(config, context) };
      }
      const firstObject = objectLiteralOf(first, context);
      if (firstObject && (verb === undefined || verb === 'request')) return fromConfig(firstObject, context, axiosKeys);
      return fromConfig(objectLiteralOf(second, context), context, axiosKeys);
    }
    case 'got':
    case 'ky': {
      const firstObject = objectLiteralOf(first, context);
      return fromConfig(firstObject && verb === undefined ? firstObject : objectLiteralOf(second, context), context, gotKeys);
    }
    case 'angular-http': {
      if (verb === 'request') return fromConfig(objectLiteralOf(third, context), context, fetchKeys);
      if (verb !== undefined && bodyVerbs.has(verb)) {
        const config = objectLiteralOf(third, context);
        return { body: second, bodyKind: 'object-as-json', config, contentType: contentTypeOf(config, context) };
      }
      return none;
    }
    case 'jquery': {
      const firstObject = objectLiteralOf(first, context);
      if (firstObject) return fromConfig(firstObject, context, jqueryKeys);
      if (verb === 'post') return { body: second, bodyKind: 'raw', config: undefined, contentType: undefined };
      return fromConfig(objectLiteralOf(second, context), context, jqueryKeys);
    }
    case 'http-client':
      if (verb !== undefined && bodyVerbs.has(verb)) {
        const config = objectLiteralOf(third, context);
        return { body: second, bodyKind: 'raw', config, contentType: contentTypeOf(config, context) };
      }
      return none;
    default:
      return none;
  }
}

/** `JSON.stringify(x)` → `x`; undefined when the node is not such a call. */
export function jsonStringifyArgument(node: AnyNode | undefined): AnyNode | undefined {
  if (!node) return undefined;
  const value = unwrapTs(node);
  if (!isCall(value)) return undefined;
  const callee = calleeOf(value);
  if (!isMember(callee) || memberPropertyName(callee) !== 'stringify' || identifierName(memberObject(callee)) !== 'JSON') return undefined;
  return argumentAt(value, 0);
}
