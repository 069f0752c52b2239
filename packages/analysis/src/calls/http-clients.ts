import {
  annotatedTypeName,
  argumentAt,
  calleeOf,
  findProperty,
  identifierName,
  isCall,
  isMember,
  isThis,
  memberObject,
  memberPropertyName,
  propertyValue,
  stringValue,
  unwrapTs,
} from '../ast/nodes.js';
import type { CallForm, AnyNode } from '../types.js';
import { constantValueOf, evaluateExpression, joinBaseUrl, objectLiteralOf, type EvaluationContext } from '../url/evaluate.js';
import { hole, type Segment } from '../url/segments.js';

/** The HTTP client libraries the call forms know, by how their calls are shaped. */
export type ClientKind = 'fetch' | 'axios' | 'got' | 'ky' | 'superagent' | 'undici' | 'undici-request' | 'angular-http' | 'jquery' | 'xhr';

export interface HttpClient {
  readonly kind: ClientKind;
  readonly form: CallForm;
  /** `axios.create({ baseURL })`, `got.extend({ prefixUrl })`, `ky.create({ prefixUrl })`. */
  readonly base: readonly Segment[] | undefined;
}

const client = (kind: ClientKind, form: CallForm, base?: readonly Segment[]): HttpClient => ({ kind, form, base });

/** Clients known by their global name when the file does not declare the name. */
const globalClients: Readonly<Record<string, HttpClient>> = {
  fetch: client('fetch', 'fetch'),
  axios: client('axios', 'axios'),
  got: client('got', 'got'),
  ky: client('ky', 'ky'),
  superagent: client('superagent', 'superagent'),
  $: client('jquery', 'jquery'),
  jQuery: client('jquery', 'jquery'),
};

/** What an import (or `require`) of `source` gives, by the imported name (`default`, `*` or a named export). */
function moduleClient(source: string | undefined, importedName: string | undefined): HttpClient | undefined {
  const whole = importedName === undefined || importedName === 'default' || importedName === '*';
  switch (source) {
    case 'axios':
      return whole || importedName === 'axios' ? client('axios', 'axios') : undefined;
    case 'got':
      return whole || importedName === 'got' ? client('got', 'got') : undefined;
    case 'ky':
    case 'ky-universal':
      return whole ? client('ky', 'ky') : undefined;
    case 'superagent':
      return whole ? client('superagent', 'superagent') : undefined;
    case 'node-fetch':
    case 'cross-fetch':
    case 'isomorphic-fetch':
      return whole || importedName === 'fetch' ? client('fetch', 'fetch') : undefined;
    case 'undici':
      if (importedName === 'request') return client('undici-request', 'undici');
      if (importedName === 'fetch') return client('fetch', 'undici');
      return whole ? client('undici', 'undici') : undefined;
    case 'jquery':
      return whole ? client('jquery', 'jquery') : undefined;
    default:
      return undefined;
  }
}

/** `require('axios')`, `require('axios').default`, `require('undici').request` */
function requiredClient(node: AnyNode, key: string | undefined): HttpClient | undefined {
  const unwrapped = unwrapTs(node);
  if (isMember(unwrapped)) {
    const object = memberObject(unwrapped);
    const name = memberPropertyName(unwrapped);
    return object && name !== undefined ? requiredClient(object, key === undefined ? name : undefined) : undefined;
  }
  if (!isCall(unwrapped) || identifierName(calleeOf(unwrapped)) !== 'require') return undefined;
  const source = stringValue(argumentAt(unwrapped, 0) ?? unwrapped);
  return moduleClient(source, key);
}

const instanceFactories: Readonly<Partial<Record<ClientKind, { readonly methods: readonly string[]; readonly baseKey: string }>>> = {
  axios: { methods: ['create'], baseKey: 'baseURL' },
  got: { methods: ['extend'], baseKey: 'prefixUrl' },
  ky: { methods: ['create', 'extend'], baseKey: 'prefixUrl' },
};

/** `axios.create({ baseURL })` and friends: an instance that prefixes every path with its base. */
function instanceClient(call: AnyNode, context: EvaluationContext): HttpClient | undefined {
  const callee = calleeOf(call);
  if (!isMember(callee)) return undefined;
  const object = memberObject(callee);
  const parent = object ? clientOf(object, context) : undefined;
  const factory = parent ? instanceFactories[parent.kind] : undefined;
  const method = memberPropertyName(callee);
  if (!parent || !factory || method === undefined || !factory.methods.includes(method)) return undefined;
  const configNode = argumentAt(call, 0);
  const config = objectLiteralOf(configNode, context);
  const baseProperty = config ? findProperty(config, factory.baseKey) : undefined;
  const baseValue = baseProperty ? propertyValue(baseProperty) : undefined;
  const ownBase = baseValue ? (evaluateExpression(baseValue, undefined, context) ?? [hole(baseValue)]) : undefined;
  if (configNode && !config) return { ...parent, base: [hole(configNode)] };
  if (!ownBase) return parent;
  return { ...parent, base: parent.base ? joinBaseUrl(parent.base, ownBase) : ownBase };
}

function clientOfValue(value: AnyNode, key: string | undefined, context: EvaluationContext): HttpClient | undefined {
  const unwrapped = unwrapTs(value);
  const required = requiredClient(unwrapped, key);
  if (required) return required;
  if (key !== undefined) return undefined;
  if (unwrapped.type === 'AwaitExpression') return undefined;
  if (unwrapped.type === 'NewExpression') {
    return identifierName(calleeOf(unwrapped)) === 'XMLHttpRequest' ? client('xhr', 'xhr') : undefined;
  }
  if (isCall(unwrapped)) {
    const callee = calleeOf(unwrapped);
    if (identifierName(callee) === 'inject' && identifierName(argumentAt(unwrapped, 0)) === 'HttpClient') {
      return client('angular-http', 'angular-http');
    }
    return instanceClient(unwrapped, context);
  }
  return clientOf(unwrapped, context);
}

/** `this.api` in a class: a parameter property typed `HttpClient`, or the one value the class assigns it. */
function thisMemberClient(member: AnyNode, context: EvaluationContext): HttpClient | undefined {
  const name = memberPropertyName(member);
  const classNode = context.index.enclosingClass(member);
  const facts = classNode ? context.index.classFacts(classNode) : undefined;
  if (!facts || name === undefined) return undefined;
  if (facts.parameterPropertyTypes.get(name) === 'HttpClient') return client('angular-http', 'angular-http');
  const values = facts.thisValues.get(name) ?? [];
  return values.length === 1 ? clientOfValue(values[0]!, undefined, context) : undefined;
}

/** Which HTTP client an expression is, when the file says so (import, require, factory, type, global name). */
export function clientOf(node: AnyNode, context: EvaluationContext): HttpClient | undefined {
  const unwrapped = unwrapTs(node);
  if (unwrapped.type === 'Identifier') {
    const name = identifierName(unwrapped)!;
    const binding = context.index.resolve(unwrapped);
    if (!binding) return Object.hasOwn(globalClients, name) ? globalClients[name] : undefined;
    if (binding.kind === 'import') return moduleClient(binding.importSource, binding.importedName);
    if (binding.kind === 'param') return annotatedTypeName(binding.id) === 'HttpClient' ? client('angular-http', 'angular-http') : undefined;
    if (context.following.has(binding)) return undefined;
    const value = constantValueOf(binding);
    if (!value) return undefined;
    context.following.add(binding);
    try {
      if (binding.destructured && binding.destructuredKey === undefined) return undefined;
      return clientOfValue(value, binding.destructuredKey, context);
    } finally {
      context.following.delete(binding);
    }
  }
  if (isMember(unwrapped)) {
    const object = memberObject(unwrapped);
    const name = memberPropertyName(unwrapped);
    if (isThis(object)) return thisMemberClient(unwrapped, context);
    if (name === 'fetch' && /^(window|globalThis|self)$/.test(identifierName(object) ?? '') && !context.index.resolve(object!)) {
      return client('fetch', 'fetch');
    }
    if (name === 'default' && object) return clientOf(object, context);
    return undefined;
  }
  if (isCall(unwrapped)) return clientOfValue(unwrapped, undefined, context);
  return undefined;
}

