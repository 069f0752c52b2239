import type { TSESTree } from '@typescript-eslint/types';
import { argumentAt, calleeOf, isFunction, memberPropertyName, memberValueOf, type Node, propertyKeyName, propertyValueOf, rangeOf, returnedBy, unwrap } from '../ast/nodes.js';
import { constantValueOf, objectLiteralOf, type EvaluationContext } from '../url/evaluate.js';
import { flatText, type Segment } from '../url/segments.js';
import { baseOption } from './http-clients.js';

// Redux Toolkit Query: `createApi({ baseQuery: fetchBaseQuery({ baseUrl }), endpoints: (builder) =>
// ({ list: builder.query({ query: () => '/v1/campaigns' }) }) })`. Each endpoint is a request: its
// `query` returns the URL (a GET, as fetchBaseQuery sends a string) or `{ url, method, body }`, and
// fetchBaseQuery joins it to `baseUrl` as axios joins `baseURL`.

/** The endpoint builders' methods that define a request. */
const endpointKinds: ReadonlySet<string> = new Set(['query', 'mutation', 'infiniteQuery']);

/** What `recognizeHttpCall` needs to build the request: the expression `query` returns, and the base. */
export interface RtkEndpoint {
  /** What `query` returns: a URL expression, or a `{ url, method, body }` object. */
  readonly returned: Node;
  readonly base: readonly Segment[] | undefined;
}

/** The `createApi(...)` call an API value was made by: written here, or a constant of the file holding it. */
function createApiCall(node: Node, context: EvaluationContext): TSESTree.CallExpression | undefined {
  let value = unwrap(node);
  if (value.type === 'Identifier') {
    const init = constantValueOf(context.scope.resolve(value));
    if (!init) return undefined;
    value = unwrap(init);
  }
  if (value.type !== 'CallExpression') return undefined;
  const callee = calleeOf(value);
  const name = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? memberPropertyName(callee) : undefined;
  if (name === 'createApi') return value;
  // `api.injectEndpoints(...)` / `api.enhanceEndpoints(...)` return the same API.
  return callee.type === 'MemberExpression' && (name === 'injectEndpoints' || name === 'enhanceEndpoints') ? createApiCall(callee.object, context) : undefined;
}

/** `createApi(...)`, `api.injectEndpoints(...)`, `api.enhanceEndpoints(...)`: calls whose `endpoints` define requests. */
function definesEndpoints(call: TSESTree.CallExpression): boolean {
  const callee = calleeOf(call);
  if (callee.type === 'Identifier') return callee.name === 'createApi';
  const name = callee.type === 'MemberExpression' ? memberPropertyName(callee) : undefined;
  return name === 'createApi' || name === 'injectEndpoints' || name === 'enhanceEndpoints';
}

/** `fetchBaseQuery({ baseUrl })`'s base; undefined when the API's base query is another (its base is not known). */
function baseOf(api: TSESTree.CallExpression | undefined, context: EvaluationContext): readonly Segment[] | undefined {
  const options = api ? objectLiteralOf(argumentAt(api, 0), context) : undefined;
  const baseQuery = options ? propertyValueOf(options, 'baseQuery') : undefined;
  return baseQuery ? baseQueryBase(baseQuery, context, 0) : undefined;
}

/**
 * The base of a base query: `fetchBaseQuery({ baseUrl })` written there or held in a constant, inside
 * `retry(…)`, or the one fetchBaseQuery a wrapper of the file calls (`baseQueryWithReauth`, as RTK's docs
 * write it). Undefined for anything else.
 */
function baseQueryBase(node: Node, context: EvaluationContext, depth: number): readonly Segment[] | undefined {
  if (depth > 4) return undefined;
  const value = unwrap(node);
  if (value.type === 'Identifier') {
    const binding = context.scope.resolve(value);
    const init = binding?.kind === 'function' ? binding.init : constantValueOf(binding);
    return init ? baseQueryBase(init, context, depth + 1) : undefined;
  }
  if (value.type === 'CallExpression') {
    const callee = calleeOf(value);
    if (callee.type === 'Identifier' && callee.name === 'fetchBaseQuery') return baseOption(objectLiteralOf(argumentAt(value, 0), context), 'baseUrl', context);
    // retry(fetchBaseQuery(…), { maxRetries }) and other enhancers of a base query.
    const first = argumentAt(value, 0);
    return first ? baseQueryBase(first, context, depth + 1) : undefined;
  }
  if (!isFunction(value) || !value.body) return undefined;
  // A wrapper: the base queries it calls, when they are one.
  const [start, end] = rangeOf(value.body);
  let found: readonly Segment[] | undefined;
  for (const call of context.scope.calls) {
    const [callStart, callEnd] = rangeOf(call);
    if (call.type !== 'CallExpression' || callStart < start || callEnd > end) continue;
    const callee = calleeOf(call);
    if (callee.type !== 'Identifier') continue;
    const binding = context.scope.resolve(callee);
    const init = binding?.kind === 'const' ? constantValueOf(binding) : undefined;
    const base = init && unwrap(init).type === 'CallExpression' ? baseQueryBase(init, context, depth + 1) : undefined;
    if (!base) continue;
    if (found !== undefined && flatText(found) !== flatText(base)) return undefined;
    found ??= base;
  }
  return found;
}

/**
 * The endpoint a `builder.query({ query })` call defines, when `builder` is the parameter of the
 * `endpoints` function of a `createApi` or `injectEndpoints` call; undefined for any other call.
 */
export function rtkEndpointOf(call: TSESTree.CallExpression, context: EvaluationContext): RtkEndpoint | undefined {
  const callee = calleeOf(call);
  if (callee.type !== 'MemberExpression') return undefined;
  const kind = memberPropertyName(callee);
  const builder = unwrap(callee.object);
  if (kind === undefined || !endpointKinds.has(kind) || builder.type !== 'Identifier') return undefined;
  const binding = context.scope.resolve(builder);
  if (binding?.kind !== 'param' || binding.paramIndex !== 0 || !binding.fn) return undefined;
  // endpoints: (builder) => ({ ... }), in the options of createApi(...) or api.injectEndpoints(...)
  const property = context.scope.parentOf(binding.fn);
  if (property?.type !== 'Property' || property.value !== binding.fn || propertyKeyName(property) !== 'endpoints') return undefined;
  const options = context.scope.parentOf(property);
  const owner = options ? context.scope.parentOf(options) : undefined;
  if (owner?.type !== 'CallExpression' || argumentAt(owner, 0) !== options || !definesEndpoints(owner)) return undefined;
  // The API's base, where this file makes it (an API imported to inject endpoints into has a base the file does not show).
  const api = createApiCall(owner, context);
  const definition = objectLiteralOf(argumentAt(call, 0), context);
  // `query: (arg) => …` or the method `query(arg) { … }`.
  const query = definition ? memberValueOf(definition, 'query') : undefined;
  const returned = returnedBy(query);
  return returned ? { returned: unwrap(returned), base: baseOf(api, context) } : undefined;
}
