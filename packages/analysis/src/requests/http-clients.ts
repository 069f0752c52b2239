import type { TSESTree } from '@typescript-eslint/types';
import { annotatedTypeName, argumentAt, calleeOf, hasSpread, memberCallee, memberPropertyName, propertyValueOf, requiredModule, returnedBy, staticString, unwrap, type ClassNode, type Node } from '../ast/nodes.js';
import type { UrlPart } from '@sunset/rule-data';
import type { CallForm, ClientQuery, ClientValue, RtkQueryValueKind } from '../types.js';
import { constantValueOf, declaresMember, evaluateExpression, extendsClass, following, joinBaseUrl, maxClassDepth, objectLiteralOf, overriddenInFile, partToSegment, requiredExportOf, superClassOf, type EvaluationContext } from '../url/evaluate.js';
import { hole, sliceText, type Segment } from '../url/segments.js';
import { isRelativeSpecifier } from '../modules/specifiers.js';
import { getterValueIn, getterValueOf } from './class-slots.js';
import type { Binding } from '../file-index/scope-model.js';

/**
 * The HTTP client libraries the call forms know, by how their calls are shaped; `wrapper` is a class
 * of the project whose methods make the requests (`new ApiClient().get(path)`).
 */
export type ClientKind = Exclude<ClientValue['kind'], RtkQueryValueKind>;

export interface HttpClient {
  readonly kind: ClientKind;
  readonly form: CallForm;
  /** `axios.create({ baseURL })`, `got.extend({ prefixUrl })`, `ky.create({ prefixUrl })`. */
  readonly base: readonly Segment[] | undefined;
  /** A wrapper's: the hosts its own requests go to (each known), when its base is not one string. */
  readonly hosts?: readonly string[];
  /** The name that brought the client from another file (the cross-file hook resolved it there). */
  readonly via?: TSESTree.Identifier;
}

const formOfKind: Readonly<Record<ClientKind, CallForm>> = {
  fetch: 'fetch',
  axios: 'axios',
  got: 'got',
  ky: 'ky',
  superagent: 'superagent',
  undici: 'undici',
  'undici-request': 'undici',
  'undici-dispatcher': 'undici',
  request: 'request',
  'easy-soap-request': 'request',
  needle: 'needle',
  'node-http': 'node-http',
  'node-http-request': 'node-http',
  'node-http-get': 'node-http',
  'angular-http': 'angular-http',
  'angular-resource': 'angular-http',
  ofetch: 'ofetch',
  'vueuse-fetch': 'vueuse-fetch',
  jquery: 'jquery',
  xhr: 'xhr',
  wrapper: 'http-client',
  'openapi-fetch': 'openapi-fetch',
};

const isRtkQueryValue = (kind: ClientValue['kind']): kind is RtkQueryValueKind => kind === 'rtk-api' || kind === 'rtk-base-query';

/**
 * A client of another file (the cross-file hook), as this file's client; `returned`: the one a call of
 * `name` returns. An RTK Query API or base query is no client whose calls are requests (`rtk-query.ts` reads those).
 */
export function importedClient(name: TSESTree.Identifier, context: EvaluationContext, what: ClientQuery = 'value'): HttpClient | undefined {
  const value = what === 'value' ? context.resolveClient?.(name) : context.resolveClient?.(name, what);
  if (!value || isRtkQueryValue(value.kind)) return undefined;
  return { kind: value.kind, form: formOfKind[value.kind], base: value.base?.map(partToSegment), ...(value.hosts ? { hosts: value.hosts } : {}), via: name };
}

/** A base as plain data, for another file (its text as written, holes where unknown). */
export const basePartsOf = (base: readonly Segment[]): UrlPart[] => base.map((segment): UrlPart => (segment.kind === 'text' ? { kind: 'text', value: segment.value } : { kind: 'hole' }));

/** The client as plain data, for another file (the base's text as written, holes where unknown). */
export function clientValueOf(found: HttpClient): ClientValue {
  const base = found.base ? basePartsOf(found.base) : undefined;
  return { kind: found.kind, ...(base ? { base } : {}), ...(found.hosts ? { hosts: found.hosts } : {}) };
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
  // Nuxt's auto-imports: ofetch's `$fetch`, and `useFetch` / `useLazyFetch`, which take its options.
  $fetch: client('ofetch', 'ofetch'),
  useFetch: client('ofetch', 'ofetch'),
  useLazyFetch: client('ofetch', 'ofetch'),
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
    case 'ofetch':
    case 'ohmyfetch':
      return importedName === 'ofetch' || importedName === '$fetch' || importedName === 'default' ? client('ofetch', 'ofetch') : undefined;
    // Nuxt's composables, imported by hand where its auto-imports are off.
    case '#app':
    case '#imports':
    case 'nuxt/app':
      return importedName === '$fetch' || importedName === 'useFetch' || importedName === 'useLazyFetch' ? client('ofetch', 'ofetch') : undefined;
    case '@vueuse/core':
      return importedName === 'useFetch' ? client('vueuse-fetch', 'vueuse-fetch') : undefined;
    case '@angular/common/http':
      return importedName === 'httpResource' ? client('angular-resource', 'angular-http') : undefined;
    case 'request':
    // Its promise wrappers and forks take the same options and verbs (`rp({ uri, method })`, `rp.post(…)`).
    case 'request-promise':
    case 'request-promise-native':
    case 'request-promise-any':
    case 'requestretry':
    case 'postman-request':
    case '@cypress/request':
      return whole ? client('request', 'request') : undefined;
    case 'http':
    case 'https':
    case 'node:http':
    case 'node:https':
      if (importedName === 'request') return client('node-http-request', 'node-http');
      if (importedName === 'get') return client('node-http-get', 'node-http');
      return whole ? client('node-http', 'node-http') : undefined;
    case 'needle':
      return whole ? client('needle', 'needle') : undefined;
    // `soapRequest({ url, headers, xml })`: a hand-written envelope POSTed to `url`.
    case 'easy-soap-request':
      return whole ? client('easy-soap-request', 'request') : undefined;
    default:
      return undefined;
  }
}

/** `require('axios')`, `require('axios').default`, `require('undici').request` */
function requiredClient(node: Node, key: string | undefined): HttpClient | undefined {
  const value = unwrap(node);
  if (value.type === 'MemberExpression') {
    const name = memberPropertyName(value);
    return name !== undefined ? requiredClient(value.object, key === undefined ? name : undefined) : undefined;
  }
  const source = requiredModule(value);
  return source === undefined ? undefined : moduleClient(source, key);
}

const instanceFactories: Readonly<Partial<Record<ClientKind, { readonly methods: readonly string[]; readonly baseKey: string }>>> = {
  axios: { methods: ['create'], baseKey: 'baseURL' },
  got: { methods: ['extend'], baseKey: 'prefixUrl' },
  ky: { methods: ['create', 'extend'], baseKey: 'prefixUrl' },
  request: { methods: ['defaults'], baseKey: 'baseUrl' },
  ofetch: { methods: ['create'], baseKey: 'baseURL' },
};

/** A base URL option (`baseURL`, `prefixUrl`) of a config object, as segments. */
export function baseOption(config: TSESTree.ObjectExpression | undefined, key: string, context: EvaluationContext): Segment[] | undefined {
  const value = config ? propertyValueOf(config, key) : undefined;
  return value ? (evaluateExpression(value, undefined, context) ?? [hole(value)]) : undefined;
}

/** `axios.create({ baseURL })` and friends: an instance that prefixes every path with its base. */
function instanceClient(call: TSESTree.CallExpression, context: EvaluationContext): HttpClient | undefined {
  const callee = memberCallee(call);
  if (!callee) return undefined;
  const parent = clientOf(callee.object, context);
  const factory = parent ? instanceFactories[parent.kind] : undefined;
  const method = memberPropertyName(callee);
  if (!parent || !factory || method === undefined || !factory.methods.includes(method)) return undefined;
  const configNode = argumentAt(call, 0);
  const config = objectLiteralOf(configNode, context);
  if (configNode && !config) return { ...parent, base: [hole(configNode)] };
  const ownBase = baseOption(config, factory.baseKey, context);
  if (!ownBase) return parent;
  return { ...parent, base: parent.base ? joinBaseUrl(parent.base, ownBase) : ownBase };
}

/** VueUse's `createFetch({ baseUrl })` (imported from `@vueuse/core`): a `useFetch` that starts every URL with its base. */
function vueuseCreatedFetch(call: TSESTree.CallExpression, context: EvaluationContext): HttpClient | undefined {
  const callee = unwrap(calleeOf(call));
  const binding = callee.type === 'Identifier' ? context.scope.resolve(callee) : undefined;
  if (binding?.kind !== 'import' || binding.importSource !== '@vueuse/core' || binding.importedName !== 'createFetch') return undefined;
  return configuredClient('vueuse-fetch', 'vueuse-fetch', call, 'baseUrl', context);
}

/**
 * A client a library's factory makes from the config object it is given (`createFetch({ baseUrl })`,
 * `createClient({ baseUrl })`): its base under `key`, a hole when the config is not written out there.
 */
function configuredClient(kind: ClientKind, form: CallForm, call: TSESTree.CallExpression, key: string, context: EvaluationContext): HttpClient {
  const configNode = argumentAt(call, 0);
  const config = objectLiteralOf(configNode, context);
  if (configNode && !config) return client(kind, form, [hole(configNode)]);
  return client(kind, form, baseOption(config, key, context));
}

/**
 * `new axios.Axios(config)` and `new Axios(config)` of `import { Axios } from 'axios'` (axios 1 exports
 * the class): an instance with the verbs of one made by `axios.create(config)`, whose base is its
 * config's `baseURL` alone (the class does not read `axios.defaults`).
 */
function axiosClassInstance(node: TSESTree.NewExpression, context: EvaluationContext): HttpClient | undefined {
  const callee = calleeOf(node);
  let fromAxios = false;
  if (callee.type === 'MemberExpression') fromAxios = memberPropertyName(callee) === 'Axios' && clientOf(callee.object, context)?.kind === 'axios';
  else if (callee.type === 'Identifier') {
    const binding = context.scope.resolve(callee);
    const required = binding === undefined ? undefined : requiredExportOf(binding);
    fromAxios = binding?.kind === 'import' ? binding.importSource === 'axios' && binding.importedName === 'Axios' : required?.specifier === 'axios' && required.name === 'Axios';
  }
  if (!fromAxios) return undefined;
  const configNode = argumentAt(node, 0);
  const config = objectLiteralOf(configNode, context);
  if (configNode && !config) return client('axios', 'axios', [hole(configNode)]);
  return client('axios', 'axios', baseOption(config, 'baseURL', context));
}

/** undici's dispatchers made for one origin: `new Pool(origin)`, `new Client(origin)`. */
const undiciOriginDispatchers: ReadonlySet<string> = new Set(['Pool', 'Client']);
/** undici's dispatchers for any origin, which each request's options name: `new Agent(options)`, `new ProxyAgent(proxy)`. */
const undiciAnyOriginDispatchers: ReadonlySet<string> = new Set(['Agent', 'ProxyAgent']);

/** What an export of undici a name is (`Pool` imported or required by name, `undici.Pool`), when it is one. */
function undiciExportName(callee: Node, context: EvaluationContext): string | undefined {
  const value = unwrap(callee);
  if (value.type === 'MemberExpression') {
    const name = memberPropertyName(value);
    return name !== undefined && clientOf(value.object, context)?.kind === 'undici' ? name : undefined;
  }
  if (value.type !== 'Identifier') return undefined;
  const binding = context.scope.resolve(value);
  const required = binding === undefined ? undefined : requiredExportOf(binding);
  const [source, name] = binding?.kind === 'import' ? [binding.importSource, binding.importedName] : [required?.specifier, required?.name];
  return source === 'undici' ? name : undefined;
}

/** The origin of a base written as one URL (`'https://host/v1'` → `'https://host'`): undici's dispatchers send to their origin alone. */
function originOf(base: readonly Segment[]): readonly Segment[] {
  const first = base[0];
  const origin = first?.kind === 'text' ? /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(first.value)?.[0] : undefined;
  return first?.kind === 'text' && origin !== undefined && origin.length < first.value.length ? [sliceText(first, 0, origin.length)] : base;
}

/**
 * `new Pool(origin)` and `new Client(origin)` of undici (imported or required by name, or `new
 * undici.Pool(origin)`): a dispatcher whose `request({ path, method })` goes to its origin; `new
 * Agent(…)` and `new ProxyAgent(…)`: one with no origin of its own (each request's `origin` says).
 */
function undiciDispatcher(node: TSESTree.NewExpression, context: EvaluationContext): HttpClient | undefined {
  const name = undiciExportName(calleeOf(node), context);
  if (name !== undefined && undiciAnyOriginDispatchers.has(name)) return client('undici-dispatcher', 'undici');
  if (name === undefined || !undiciOriginDispatchers.has(name)) return undefined;
  const origin = argumentAt(node, 0);
  if (!origin) return undefined;
  return client('undici-dispatcher', 'undici', originOf(evaluateExpression(origin, undefined, context) ?? [hole(origin)]));
}

/**
 * A `let` given undici dispatchers alone (`let pool = new Pool(a); … pool = new Pool(b)`): a dispatcher
 * whose origin is theirs where they share one, else not known where a request is sent (its options still
 * say the path and method).
 */
function reassignedDispatcher(binding: Binding, context: EvaluationContext): HttpClient | undefined {
  if (binding.destructured || binding.redeclared) return undefined;
  const values = [...(binding.init ? [binding.init] : []), ...binding.writes.map((write) => (write.operator === '=' ? write.value : undefined))];
  if (values.length === 0 || values.includes(undefined)) return undefined;
  const dispatchers = following(context, binding, () => values.map((value) => clientOfValue(value!, undefined, context)));
  if (!dispatchers?.every((each) => each?.kind === 'undici-dispatcher')) return undefined;
  const origins = new Set(dispatchers.map((each) => (each?.base === undefined ? '' : each.base.length === 1 && each.base[0]!.kind === 'text' ? each.base[0]!.value : undefined)));
  return origins.size === 1 && !origins.has(undefined) ? dispatchers[0] : client('undici-dispatcher', 'undici', [hole()]);
}

/** undici's `getGlobalDispatcher()`: an Agent unless the program sets another (which this file does not show): no origin of its own. */
function undiciGlobalDispatcher(call: TSESTree.CallExpression, context: EvaluationContext): HttpClient | undefined {
  return call.arguments.length === 0 && undiciExportName(calleeOf(call), context) === 'getGlobalDispatcher' ? client('undici-dispatcher', 'undici') : undefined;
}

/**
 * The origin a request to a dispatcher with none of its own names (`agent.request({ origin, path })`):
 * a hole where the options may bring one (a spread), none where they do not.
 */
export function dispatchOriginOf(options: TSESTree.ObjectExpression, context: EvaluationContext): readonly Segment[] | undefined {
  const origin = propertyValueOf(options, 'origin');
  if (!origin) return hasSpread(options) ? [hole()] : undefined;
  return originOf(evaluateExpression(origin, undefined, context) ?? [hole(origin)]);
}

function clientOfValue(value: Node, key: string | undefined, context: EvaluationContext): HttpClient | undefined {
  const unwrapped = unwrap(value);
  const required = requiredClient(unwrapped, key);
  if (required) return required;
  if (key !== undefined) return unwrapped.type === 'ThisExpression' ? destructuredThisClient(unwrapped, key, context) : undefined;
  switch (unwrapped.type) {
    case 'AwaitExpression':
      return undefined;
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
      return importingWrapper(unwrapped);
    case 'NewExpression': {
      const callee = calleeOf(unwrapped);
      return callee.type === 'Identifier' && callee.name === 'XMLHttpRequest' ? client('xhr', 'xhr') : (axiosClassInstance(unwrapped, context) ?? undiciDispatcher(unwrapped, context));
    }
    case 'CallExpression': {
      const callee = calleeOf(unwrapped);
      const first = argumentAt(unwrapped, 0);
      if (callee.type === 'Identifier' && callee.name === 'inject' && first?.type === 'Identifier' && first.name === 'HttpClient') {
        return client('angular-http', 'angular-http');
      }
      return vueuseCreatedFetch(unwrapped, context) ?? instanceClient(unwrapped, context) ?? openapiFetchClient(unwrapped, context) ?? undiciGlobalDispatcher(unwrapped, context) ?? factoryClient(unwrapped, context);
    }
    default:
      return clientOf(unwrapped, context);
  }
}

/**
 * node-fetch 3's wrapper for CommonJS, as its README writes it: `const fetch = (...args) =>
 * import('node-fetch').then(({ default: fetch }) => fetch(...args))`, a function that passes every
 * argument to the module's default export: that client itself.
 */
function importingWrapper(fn: TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression): HttpClient | undefined {
  const [param] = fn.params;
  const rest = fn.params.length === 1 && param?.type === 'RestElement' ? param.argument : undefined;
  // Its whole body is what it returns: an expression, or a block of that one `return`.
  const body = fn.body.type !== 'BlockStatement' || fn.body.body.length === 1 ? returnedBy(fn) : undefined;
  const then = body ? unwrap(body) : undefined;
  const callee = then?.type === 'CallExpression' ? memberCallee(then) : undefined;
  const imported = callee ? unwrap(callee.object) : undefined;
  if (then?.type !== 'CallExpression' || rest?.type !== 'Identifier' || !callee || memberPropertyName(callee) !== 'then' || imported?.type !== 'ImportExpression') return undefined;
  // The callback must spread the wrapper's own arguments into the import's client (`fetch(...args)`).
  const callback = argumentAt(then, 0);
  const callbackFn = callback ? unwrap(callback) : undefined;
  const inner = callbackFn?.type === 'ArrowFunctionExpression' && callbackFn.body.type !== 'BlockStatement' ? unwrap(callbackFn.body) : undefined;
  const [spread] = inner?.type === 'CallExpression' && inner.arguments.length === 1 ? inner.arguments : [];
  const spreadOf = spread?.type === 'SpreadElement' ? unwrap(spread.argument) : undefined;
  return spreadOf?.type === 'Identifier' && spreadOf.name === rest.name ? moduleClient(staticString(imported.source), 'default') : undefined;
}

/**
 * `createClient<paths>({ baseUrl })` of openapi-fetch (its default export, or the named one, imported
 * or required): a client whose verbs are its methods in capitals (`client.PATCH(path, { body })`), on
 * `baseUrl`.
 */
function openapiFetchClient(call: TSESTree.CallExpression, context: EvaluationContext): HttpClient | undefined {
  const callee = unwrap(calleeOf(call));
  const binding = callee.type === 'Identifier' ? context.scope.resolve(callee) : undefined;
  const required = binding === undefined ? undefined : requiredExportOf(binding);
  const [source, name] = binding?.kind === 'import' ? [binding.importSource, binding.importedName] : [required?.specifier, required?.name ?? 'default'];
  if (source !== 'openapi-fetch' || (name !== 'default' && name !== 'createClient')) return undefined;
  return configuredClient('openapi-fetch', 'openapi-fetch', call, 'baseUrl', context);
}

/**
 * `createClient()`, `clients.create()`: a function of the project that returns a client, as the
 * cross-file hook sees it (asked with the callee's name). A library's own call is not one.
 */
function factoryClient(call: TSESTree.CallExpression, context: EvaluationContext): HttpClient | undefined {
  const callee = unwrap(calleeOf(call));
  if (callee.type === 'Identifier') {
    const binding = context.scope.resolve(callee);
    if (binding?.kind === 'import' && moduleClient(binding.importSource, binding.importedName)) return undefined;
    return importedClient(callee, context, 'returned');
  }
  return callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' ? importedClient(callee.property, context, 'returned') : undefined;
}

/**
 * `this.api` in a class: a parameter property typed `HttpClient`, or the one value the class assigns it;
 * a class that assigns none reads it from the class of the file it extends (`this.http = axios.create({
 * baseURL })` in the base's constructor), with the base's constructor parameters read as what the
 * instance's `super(…)` passes them (`instanceClass`). `at` is the `this` read.
 */
function thisMemberClient(name: string | undefined, at: Node, context: EvaluationContext): HttpClient | undefined {
  const classNode = context.scope.enclosingClass(at);
  const facts = classNode ? context.scope.classFacts(classNode) : undefined;
  if (!classNode || !facts || name === undefined) return undefined;
  if (facts.parameterPropertyTypes.get(name) === 'HttpClient') return client('angular-http', 'angular-http');
  const instance = context.instanceClass !== undefined && extendsClass(context.instanceClass, classNode, context) ? context.instanceClass : classNode;
  // Read for no instance in particular, a subclass of the file that gives `this.<name>` its own value: the instance may be the subclass's.
  if (instance === classNode && overriddenInFile(classNode, name, context.scope)) return undefined;
  for (let owner: ClassNode | undefined = instance, depth = 0; owner && depth <= maxClassDepth; owner = superClassOf(owner, context), depth += 1) {
    const values = context.scope.classFacts(owner)?.thisValues.get(name) ?? [];
    if (values.length === 0) {
      if (declaresMember(owner, name)) return undefined;
      continue;
    }
    if (values.length !== 1) return undefined;
    const value = values[0]!;
    return owner === instance ? clientOfValue(value, undefined, context) : following(context, value, () => clientOfValue(value, undefined, { ...context, instanceClass: instance }));
  }
  return undefined;
}

/** `this.client` or `Api.client` read through a getter of the class (a lazy singleton): the client it returns. */
function getterClient(member: TSESTree.MemberExpression, context: EvaluationContext): HttpClient | undefined {
  const value = getterValueOf(member, context.scope);
  return value === undefined ? undefined : following(context, value, () => clientOfValue(value, undefined, context));
}

/** `const { client } = this`: the client `this.client` is, a field's or a getter's. */
function destructuredThisClient(self: Node, key: string, context: EvaluationContext): HttpClient | undefined {
  const own = thisMemberClient(key, self, context);
  if (own) return own;
  const classNode = context.scope.enclosingClass(self);
  const value = classNode ? getterValueIn(classNode, key, false, context.scope) : undefined;
  return value === undefined ? undefined : following(context, value, () => clientOfValue(value, undefined, context));
}

/**
 * `name.defaults.baseURL = value` in the file (axios' global or an instance): the base every later
 * request of that client is sent with. Set twice in one file, the base is not known.
 */
function defaultsBaseOf(name: TSESTree.Identifier, context: EvaluationContext): Segment[] | undefined {
  const binding = context.scope.resolve(name);
  const values = context.scope.memberAssignments.flatMap((assignment) => {
    const target = unwrap(assignment.left);
    const defaults = target.type === 'MemberExpression' && memberPropertyName(target) === 'baseURL' ? unwrap(target.object) : undefined;
    const owner = defaults?.type === 'MemberExpression' && memberPropertyName(defaults) === 'defaults' ? unwrap(defaults.object) : undefined;
    return assignment.operator === '=' && owner?.type === 'Identifier' && owner.name === name.name && context.scope.resolve(owner) === binding ? [assignment.right] : [];
  });
  if (values.length === 0) return undefined;
  return values.length === 1 ? (evaluateExpression(values[0]!, undefined, context) ?? [hole(values[0])]) : [hole()];
}

/** An axios client with the base its `defaults.baseURL` is given in the file, if any. */
function withDefaultsBase(found: HttpClient | undefined, name: TSESTree.Identifier, context: EvaluationContext): HttpClient | undefined {
  if (found?.kind !== 'axios') return found;
  const base = defaultsBaseOf(name, context);
  return base ? { ...found, base } : found;
}

/** Which HTTP client an expression is, when the file says so (import, require, factory, type, global name). */
export function clientOf(node: Node, context: EvaluationContext): HttpClient | undefined {
  const value = unwrap(node);
  switch (value.type) {
    case 'Identifier': {
      const binding = context.scope.resolve(value);
      if (!binding) return withDefaultsBase(Object.hasOwn(globalClients, value.name) ? globalClients[value.name] : undefined, value, context);
      if (binding.kind === 'import') return withDefaultsBase(moduleClient(binding.importSource, binding.importedName) ?? importedClient(value, context), value, context);
      if (binding.kind === 'param') return annotatedTypeName(binding.id.typeAnnotation) === 'HttpClient' ? client('angular-http', 'angular-http') : undefined;
      if (binding.reassigned && (binding.kind === 'let' || binding.kind === 'var')) return reassignedDispatcher(binding, context);
      const init = constantValueOf(binding);
      if (!init || (binding.destructured && binding.destructuredKey === undefined)) return undefined;
      // Required from a module of the project (by relative path, or an alias): that file says what it is.
      const required = requiredExportOf(binding);
      if (required !== undefined && moduleClient(required.specifier, required.name) === undefined) {
        const imported = importedClient(value, context);
        if (imported !== undefined || isRelativeSpecifier(required.specifier)) return withDefaultsBase(imported, value, context);
      }
      return withDefaultsBase(
        following(context, binding, () => clientOfValue(init, binding.destructuredKey, context)),
        value,
        context,
      );
    }
    case 'MemberExpression': {
      const object = unwrap(value.object);
      const name = memberPropertyName(value);
      // A member the file does not show (`http.adform` of a namespace import, a getter `this.http`):
      // the cross-file hook is asked with the member's name.
      const memberName = !value.computed && value.property.type === 'Identifier' ? value.property : undefined;
      if (object.type === 'ThisExpression') return thisMemberClient(name, value, context) ?? getterClient(value, context) ?? (memberName ? importedClient(memberName, context, 'member') : undefined);
      // `Api.client` of a static getter of the file's class `Api`.
      const fromGetter = object.type === 'Identifier' ? getterClient(value, context) : undefined;
      if (fromGetter) return fromGetter;
      if (name === 'fetch' && object.type === 'Identifier' && /^(window|globalThis|self)$/.test(object.name) && !context.scope.resolve(object)) {
        return client('fetch', 'fetch');
      }
      if (name === 'default') return clientOf(object, context);
      return memberName ? importedClient(memberName, context, 'member') : undefined;
    }
    case 'CallExpression':
    // `new Pool(origin).request(…)`: the instance made right there.
    case 'NewExpression':
      return clientOfValue(value, undefined, context);
    default:
      return undefined;
  }
}
