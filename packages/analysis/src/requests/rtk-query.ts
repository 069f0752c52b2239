import type { TSESTree } from '@typescript-eslint/types';
import { argumentAt, calleeOf, isFunction, memberPropertyName, memberValueOf, type Node, propertyKeyName, propertyValueOf, rangeOf, returnedBy, unwrap } from '../ast/nodes.js';
import type { Binding } from '../file-index/scope-model.js';
import type { RtkQueryValueKind } from '../types.js';
import { constantValueOf, objectLiteralOf, partToSegment, requiredExportOf, type EvaluationContext } from '../url/evaluate.js';
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
  /** The name that brought the API or base query from another file (the cross-file hook resolved it there). */
  readonly via?: TSESTree.Identifier;
}

/** A base found, and the name that brought it from another file when it came from one. */
interface FoundBase {
  readonly base: readonly Segment[];
  readonly via?: TSESTree.Identifier;
}

/** An RTK Query value with a base, as plain data for the files that import it (`ClientValue`). */
export interface RtkQueryValue {
  readonly kind: RtkQueryValueKind;
  readonly base: readonly Segment[];
}

/** How many names (and `injectEndpoints` calls) an API, and names, wrappers and enhancers a base query, are followed through. */
const maxDepth = 4;

const calleeName = (call: TSESTree.CallExpression): string | undefined => {
  const callee = calleeOf(call);
  return callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? memberPropertyName(callee) : undefined;
};

/** `api.injectEndpoints(...)` / `api.enhanceEndpoints(...)`: they return the same API, with its base. */
const isApiExtension = (call: TSESTree.CallExpression): boolean => {
  const name = calleeName(call);
  return calleeOf(call).type === 'MemberExpression' && (name === 'injectEndpoints' || name === 'enhanceEndpoints');
};

/** A name another module gives the file: imported, or required. */
const isFromAnotherModule = (binding: Binding): boolean => binding.kind === 'import' || requiredExportOf(binding) !== undefined;

/** The base of an RTK Query value another file makes (`kind`), asked of the cross-file hook. */
function importedBase(name: TSESTree.Identifier, kind: RtkQueryValueKind, context: EvaluationContext): FoundBase | undefined {
  const value = context.resolveClient?.(name);
  return value?.kind === kind && value.base !== undefined ? { base: value.base.map(partToSegment), via: name } : undefined;
}

/**
 * The base of an API value: `createApi({ baseQuery })` written here or held in a constant, an
 * `api.injectEndpoints(...)` of one, or an API another file makes (the cross-file hook). Undefined
 * when it is none of these, or its base query's base is not known.
 */
function apiBase(node: Node, context: EvaluationContext, depth: number): FoundBase | undefined {
  if (depth > maxDepth) return undefined;
  const value = unwrap(node);
  if (value.type === 'Identifier') {
    const binding = context.scope.resolve(value);
    if (binding !== undefined && isFromAnotherModule(binding)) return importedBase(value, 'rtk-api', context);
    const init = constantValueOf(binding);
    return init ? apiBase(init, context, depth + 1) : undefined;
  }
  if (value.type !== 'CallExpression') return undefined;
  if (calleeName(value) === 'createApi') {
    const options = objectLiteralOf(argumentAt(value, 0), context);
    const baseQuery = options ? propertyValueOf(options, 'baseQuery') : undefined;
    return baseQuery ? baseQueryBase(baseQuery, context, 0) : undefined;
  }
  return isApiExtension(value) ? apiBase((calleeOf(value) as TSESTree.MemberExpression).object, context, depth + 1) : undefined;
}

/** `createApi(...)`, `api.injectEndpoints(...)`, `api.enhanceEndpoints(...)`: calls whose `endpoints` define requests. */
function definesEndpoints(call: TSESTree.CallExpression): boolean {
  return calleeName(call) === 'createApi' || isApiExtension(call);
}

/**
 * The base of a base query: `fetchBaseQuery({ baseUrl })` written there or held in a constant, inside
 * `retry(…)`, the one fetchBaseQuery a wrapper of the file calls (`baseQueryWithReauth`, as RTK's docs
 * write it), or a base query another file makes (the cross-file hook). Undefined for anything else.
 */
function baseQueryBase(node: Node, context: EvaluationContext, depth: number): FoundBase | undefined {
  if (depth > maxDepth) return undefined;
  const value = unwrap(node);
  if (value.type === 'Identifier') {
    const binding = context.scope.resolve(value);
    if (binding !== undefined && isFromAnotherModule(binding)) return importedBase(value, 'rtk-base-query', context);
    const init = binding?.kind === 'function' ? binding.init : constantValueOf(binding);
    return init ? baseQueryBase(init, context, depth + 1) : undefined;
  }
  if (value.type === 'CallExpression') {
    const callee = calleeOf(value);
    if (callee.type === 'Identifier' && callee.name === 'fetchBaseQuery') {
      const base = baseOption(objectLiteralOf(argumentAt(value, 0), context), 'baseUrl', context);
      return base ? { base } : undefined;
    }
    // retry(fetchBaseQuery(…), { maxRetries }) and other enhancers of a base query.
    const first = argumentAt(value, 0);
    return first ? baseQueryBase(first, context, depth + 1) : undefined;
  }
  if (!isFunction(value) || !value.body) return undefined;
  // A wrapper: the base queries it calls, when they are one.
  const [start, end] = rangeOf(value.body);
  let found: FoundBase | undefined;
  for (const call of context.scope.calls) {
    const [callStart, callEnd] = rangeOf(call);
    if (call.type !== 'CallExpression' || callStart < start || callEnd > end) continue;
    const callee = calleeOf(call);
    if (callee.type !== 'Identifier') continue;
    const binding = context.scope.resolve(callee);
    let base: FoundBase | undefined;
    if (binding !== undefined && isFromAnotherModule(binding)) base = importedBase(callee, 'rtk-base-query', context);
    else {
      const init = binding?.kind === 'const' ? constantValueOf(binding) : undefined;
      base = init && unwrap(init).type === 'CallExpression' ? baseQueryBase(init, context, depth + 1) : undefined;
    }
    if (!base) continue;
    if (found !== undefined && flatText(found.base) !== flatText(base.base)) return undefined;
    found ??= base;
  }
  return found;
}

/**
 * The RTK Query value an exported expression is, with its base, for the files that import it: an
 * API (`createApi(...)`, `api.injectEndpoints(...)`) or a base query (`fetchBaseQuery(...)`,
 * `retry(...)` of one, a function that calls one). Undefined when it is neither, or its base is not known.
 */
export function rtkQueryValueOf(node: Node, context: EvaluationContext): RtkQueryValue | undefined {
  const value = unwrap(node);
  if (value.type === 'CallExpression' && definesEndpoints(value)) {
    const found = apiBase(value, context, 0);
    return found ? { kind: 'rtk-api', base: found.base } : undefined;
  }
  if (value.type !== 'CallExpression' && !isFunction(value)) return undefined;
  const found = baseQueryBase(value, context, 0);
  return found ? { kind: 'rtk-base-query', base: found.base } : undefined;
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
  // The API's base, where this file makes it or where the module graph (or the type checker) finds an imported API made.
  const found = apiBase(owner, context, 0);
  const definition = objectLiteralOf(argumentAt(call, 0), context);
  // `query: (arg) => …` or the method `query(arg) { … }`.
  const query = definition ? memberValueOf(definition, 'query') : undefined;
  const returned = returnedBy(query);
  return returned ? { returned: unwrap(returned), base: found?.base, ...(found?.via ? { via: found.via } : {}) } : undefined;
}
