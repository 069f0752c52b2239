import type { TSESTree } from '@typescript-eslint/types';
import { argumentAt, calleeOf, memberCallee, memberPropertyName, propertyKeyName, propertyValueOf, requiredModule, unwrap, type Node } from '../ast/nodes.js';
import { constantValueOf, evaluateExpression, following, objectLiteralOf, type EvaluationContext } from '../url/evaluate.js';
import { flatText } from '../url/segments.js';
import { soleThisValue, type Binding } from '../file-index/scope-model.js';

// What a test puts in place of the API is no client of it: the URL a test double answers for is
// not a request. A double is recognized by evidence, as server routes are: the receiver is made
// from (or imported from) the double's module, and the method is one that takes a URL to match.
// Cypress's `cy` is a global: it counts only while no variable of the file is named `cy`.
// Playwright's `page` and `context` count where they are fixtures of its `test` (`test('…', async ({ page }) => …)`).

const axiosMockAdapterMethods = ['onGet', 'onPost', 'onPut', 'onPatch', 'onDelete', 'onAny', 'onHead', 'onOptions', 'onList', 'onLink', 'onUnlink'];
const fetchMockVerbs = ['mock', 'route', 'get', 'post', 'put', 'patch', 'delete', 'head', 'any', 'once', 'sticky'];
const fetchMockMethods = [
  ...fetchMockVerbs,
  ...fetchMockVerbs.map((verb) => `${verb}Once`),
  // Inspection of the calls a test made (`expect(fetchMock.called(url)).toBe(true)`) and route edits.
  'called',
  'calls',
  'lastCall',
  'lastUrl',
  'lastOptions',
  'lastResponse',
  'done',
  'removeRoute',
  'modifyRoute',
];

/** jest-fetch-mock's methods that take the URL (or a pattern) of the requests it answers for, or asks about. */
const jestFetchMockMethods = ['mockIf', 'mockOnceIf', 'doMockIf', 'doMockOnceIf', 'dontMockIf', 'dontMockOnceIf', 'isMocking'];

/** The modules of test doubles of an HTTP API, each with the methods whose URL argument is a URL the double matches. */
const doubleModules = new Map<string, ReadonlySet<string>>([
  ['axios-mock-adapter', new Set(axiosMockAdapterMethods)],
  ['fetch-mock', new Set(fetchMockMethods)],
  ['fetch-mock-jest', new Set(fetchMockMethods)],
  // sinon's fake server (`sinon.fakeServer.create()`, `sinon.createFakeServer()`), also from nise, its source.
  ['sinon', new Set(['respondWith'])],
  ['nise', new Set(['respondWith'])],
  // `page.route(url, handler)` answers for the page's requests; `page.request.get(url)` sends one (not listed).
  ['@playwright/test', new Set(['route', 'unroute'])],
  ['jest-fetch-mock', new Set(jestFetchMockMethods)],
]);
/**
 * Globals a test runner provides without an import: Cypress's `cy` (`cy.intercept`, and `cy.route` before
 * Cypress 7), sinon in a browser test, and jest-fetch-mock's `fetchMock` and `fetch` once its setup
 * file has enabled it (only its own methods: `fetch.mockIf(url, …)`).
 */
const globalDoubles = new Map<string, ReadonlySet<string>>([
  ['cy', new Set(['intercept', 'route'])],
  ['sinon', new Set(['respondWith'])],
  ['fetchMock', new Set(jestFetchMockMethods)],
  ['fetch', new Set(jestFetchMockMethods)],
]);
/**
 * Functions of test-double modules that take the URL they answer for: @nuxt/test-utils's
 * `registerEndpoint(url, handler)`, and its e2e `$fetch(url)` and `fetch(url)`, which request the app
 * under test (as supertest's `request(app).get(url)` does), not the API.
 */
const doubleFunctions = new Map<string, ReadonlySet<string>>([
  ['@nuxt/test-utils/runtime', new Set(['registerEndpoint'])],
  ['@nuxt/test-utils', new Set(['registerEndpoint'])],
  ['@nuxt/test-utils/e2e', new Set(['$fetch', 'fetch'])],
]);

/** Every method of a double that takes a URL: a call of any other name is no double's, whatever its receiver. */
const doubleMethods: ReadonlySet<string> = new Set([...doubleModules.values(), ...globalDoubles.values()].flatMap((methods) => [...methods]));
const httpMethods = /^(?:get|post|put|patch|delete|head|options|any|\*)$/i;

/** The module of test doubles an identifier stands for: an import, a `require`, or a value made from one. */
function identifierDouble(node: TSESTree.Identifier, context: EvaluationContext): string | undefined {
  const binding = context.scope.resolve(node);
  if (!binding) return globalDoubles.has(node.name) ? `global:${node.name}` : undefined;
  if (binding.kind === 'import') return doubleModules.has(binding.importSource ?? '') ? binding.importSource : undefined;
  if (binding.kind === 'param') return playwrightFixture(binding, context);
  const init = constantValueOf(binding);
  if (init) return following(context, binding, () => valueDouble(init, context));
  // `let mock; beforeEach(() => { mock = new MockAdapter(axios); })`: every value it is given is a double.
  if (binding.kind !== 'let' && binding.kind !== 'var') return undefined;
  const values = [...(binding.init ? [binding.init] : []), ...binding.writes.map((write) => (write.operator === '=' ? write.value : undefined))];
  if (values.length === 0 || values.some((value) => value === undefined)) return undefined;
  const modules = new Set(values.map((value) => following(context, binding, () => valueDouble(value!, context))));
  const [only] = modules;
  return modules.size === 1 ? only : undefined;
}

/**
 * The module of test doubles a value comes from: `new MockAdapter(axios)`, `fetchMock`,
 * `fetchMock.sandbox()`, `sinon.fakeServer.create()`, `require('fetch-mock')`; undefined otherwise.
 */
function valueDouble(node: Node, context: EvaluationContext): string | undefined {
  let value = unwrap(node);
  for (;;) {
    if (value.type === 'AwaitExpression') value = unwrap(value.argument);
    else if (value.type === 'MemberExpression') {
      if (unwrap(value.object).type === 'ThisExpression') return thisDouble(value, context);
      value = unwrap(value.object);
    } else if (value.type === 'CallExpression' || value.type === 'NewExpression') {
      const source = requiredModule(value);
      if (source !== undefined) return doubleModules.has(source) ? source : undefined;
      value = calleeOf(value);
    } else break;
  }
  return value.type === 'Identifier' ? identifierDouble(value, context) : undefined;
}

/** Playwright's fixtures that route requests: the page, and the browser context. */
const playwrightRouters: ReadonlySet<string> = new Set(['page', 'context']);

/**
 * `page` or `context` destructured from the fixtures of a Playwright test (`test('…', async ({ page }) =>
 * …)`, `test.beforeEach(…)`), `test` imported from `@playwright/test`.
 */
function playwrightFixture(binding: Binding, context: EvaluationContext): string | undefined {
  const { scope } = context;
  let property = scope.parentOf(binding.id);
  if (property?.type === 'AssignmentPattern') property = scope.parentOf(property);
  const pattern = property?.type === 'Property' ? scope.parentOf(property) : undefined;
  if (property?.type !== 'Property' || pattern?.type !== 'ObjectPattern' || binding.fn?.params[0] !== pattern || !playwrightRouters.has(propertyKeyName(property) ?? '')) return undefined;
  const call = scope.parentOf(binding.fn);
  if (call?.type !== 'CallExpression' || !call.arguments.includes(binding.fn as TSESTree.CallExpressionArgument)) return undefined;
  let callee = calleeOf(call);
  while (callee.type === 'MemberExpression') callee = unwrap(callee.object);
  const test = callee.type === 'Identifier' ? scope.resolve(callee) : undefined;
  return test?.kind === 'import' && test.importSource === '@playwright/test' && test.importedName === 'test' ? '@playwright/test' : undefined;
}

/**
 * `this.mock` in a class: its one known value. Outside a class, `this` of a mocha suite's hooks and tests
 * (`beforeEach(function () { this.server = sinon.fakeServer.create() })`): the double every value the
 * file's functions outside classes give `this.<name>` comes from, when they agree.
 */
function thisDouble(member: TSESTree.MemberExpression, context: EvaluationContext): string | undefined {
  if (context.scope.enclosingClass(member) !== undefined) {
    const only = soleThisValue(member, context.scope);
    return only === undefined ? undefined : valueDouble(only, context);
  }
  const name = memberPropertyName(member);
  if (name === undefined) return undefined;
  const modules = new Set<string | undefined>();
  for (const named of context.scope.namedValues) {
    if (named.type !== 'AssignmentExpression') continue;
    const target = unwrap(named.left);
    if (target.type !== 'MemberExpression' || unwrap(target.object).type !== 'ThisExpression' || memberPropertyName(target) !== name) continue;
    if (context.scope.enclosingClass(named) !== undefined) continue;
    modules.add(named.operator === '=' ? following(context, named, () => valueDouble(named.right, context)) : undefined);
  }
  const [only] = modules;
  return modules.size === 1 ? only : undefined;
}

/** The URL argument of a double's call: `(url, …)`, `(method, url, …)`, or a matcher object's `url`/`path`/`pathname`. */
function urlArguments(call: TSESTree.CallExpression, context: EvaluationContext): Node[] {
  const first = argumentAt(call, 0);
  if (!first) return [];
  const object = objectLiteralOf(first, context);
  if (object) {
    return ['url', 'path', 'pathname'].flatMap((key) => {
      const value = propertyValueOf(object, key);
      return value && evaluateExpression(value, undefined, context) ? [value] : [];
    });
  }
  const segments = evaluateExpression(first, undefined, context);
  const second = argumentAt(call, 1);
  if (segments && second && httpMethods.test(flatText(segments))) return evaluateExpression(second, undefined, context) ? [second] : [];
  return segments ? [first] : [];
}

/**
 * The URLs a test double's call answers for (`mock.onGet(url)`, `fetchMock.get(url, …)`,
 * `cy.intercept('GET', url)`, `server.respondWith('GET', url, …)`, `registerEndpoint(url, …)`), possibly none; undefined
 * when the call is not one.
 */
export function testDoublePaths(call: TSESTree.CallExpression, context: EvaluationContext): Node[] | undefined {
  const direct = unwrap(calleeOf(call));
  if (direct.type === 'Identifier') {
    // Imported under any name (`import { $fetch as appFetch } from '@nuxt/test-utils/e2e'`).
    const binding = context.scope.resolve(direct);
    const names = binding?.kind === 'import' ? doubleFunctions.get(binding.importSource ?? '') : undefined;
    return names?.has(binding?.importedName ?? '') ? urlArguments(call, context) : undefined;
  }
  const callee = memberCallee(call);
  const name = callee ? memberPropertyName(callee) : undefined;
  // The name first: resolving the receiver of every member call would cost the analysis of each file.
  if (!callee || name === undefined || !doubleMethods.has(name)) return undefined;
  const double = valueDouble(callee.object, context);
  const methods = double === undefined ? undefined : double.startsWith('global:') ? globalDoubles.get(double.slice('global:'.length)) : doubleModules.get(double);
  if (!methods?.has(name)) return undefined;
  return urlArguments(call, context);
}
