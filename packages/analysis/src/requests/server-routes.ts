import type { TSESTree } from '@typescript-eslint/types';
import { annotatedTypeName, argumentAt, calleeOf, isFunction, memberCallee, memberPropertyName, propertyValueOf, requiredModule, unwrap, type Node } from '../ast/nodes.js';
import { constantValueOf, evaluateExpression, following, objectLiteralOf, type EvaluationContext } from '../url/evaluate.js';
import { flatText } from '../url/segments.js';
import { soleThisValue } from '../file-index/scope-model.js';
import { testDoublePaths } from './test-doubles.js';

// A path only a server registers is not a client call: Express, Koa (koa-router), Fastify and hapi
// route registrations. A registration is recognized by evidence: the receiver comes from one of
// those frameworks, the path has route-parameter syntax (`/:id`), or a request handler follows it.

const serverModules = new Set([
  'express',
  'fastify',
  'koa',
  'koa-router',
  '@koa/router',
  '@hapi/hapi',
  'hapi',
  'restify',
  'hono',
  'elysia',
  'polka',
  'h3',
  'itty-router',
  '@tinyhttp/app',
  // What a test puts in place of the API or sends to the app itself is no client of the API: mocks
  // (`http.get(path, resolver)` of msw 2, `rest.get` of msw 1, `nock(host).get(path)`) and supertest's
  // requests to the app under test (`request(app).get(path)`). Other test doubles (axios-mock-adapter,
  // fetch-mock, Cypress's cy.intercept, sinon's fake server) are read in test-doubles.ts.
  'msw',
  'nock',
  'supertest',
]);
/** Modules whose decorators declare a server's routes (`@Get('/v1/x')`, `@Controller('v1')`), NestJS and its kin. */
const routeDecoratorModules = new Set(['@nestjs/common', 'routing-controllers', 'tsoa', 'inversify-express-utils', '@tsed/common', '@tsed/schema']);
const routeVerbs = new Set(['get', 'post', 'put', 'patch', 'delete', 'del', 'all', 'head', 'options', 'use']);
/** The first parameter of a server's request handler: Express `req`, Fastify/hapi `request`, Koa `ctx`. */
const handlerFirstParams = /^_?(req|request|ctx|context)$/i;

/** Whether an identifier stands for an import or `require` of a server framework. */
function isServerModuleName(node: TSESTree.Identifier, context: EvaluationContext): boolean {
  const binding = context.scope.resolve(node);
  if (!binding) return false;
  if (binding.kind === 'import') return serverModules.has(binding.importSource ?? '');
  const init = constantValueOf(binding);
  const source = init ? requiredModule(init.type === 'MemberExpression' ? init.object : init) : undefined;
  return source !== undefined && serverModules.has(source);
}

/** `express()`, `express.Router()`, `new Router()`, `Fastify()`, `new Hapi.Server()`, `Hapi.server()`, `new Koa()`, `require('express')()`. */
function isServerValue(node: Node, context: EvaluationContext): boolean {
  const value = unwrap(node);
  if (value.type === 'AwaitExpression') return isServerValue(value.argument, context);
  if (value.type !== 'CallExpression' && value.type !== 'NewExpression') return isServerReceiver(value, context);
  let callee = calleeOf(value);
  while (callee.type === 'MemberExpression') callee = unwrap(callee.object);
  if (callee.type === 'Identifier') return isServerModuleName(callee, context);
  const source = requiredModule(callee);
  return source !== undefined && serverModules.has(source);
}

/** A type name imported from a server framework: `app: Express`, `router: Router`, `fastify: FastifyInstance`. */
function hasServerType(annotation: TSESTree.TSTypeAnnotation | undefined, context: EvaluationContext): boolean {
  const type = annotation?.typeAnnotation;
  if (type?.type !== 'TSTypeReference') return false;
  let root: TSESTree.EntityName = type.typeName;
  while (root.type === 'TSQualifiedName') root = root.left;
  const name = root.type === 'Identifier' ? root.name : annotatedTypeName(annotation);
  const binding = name === undefined ? undefined : context.scope.moduleBinding(name);
  return binding?.kind === 'import' && serverModules.has(binding.importSource ?? '');
}

/** The receiver of `x.get(...)` is a server app or router, by how it was created, imported or typed. */
function isServerReceiver(node: Node, context: EvaluationContext): boolean {
  const value = unwrap(node);
  switch (value.type) {
    case 'Identifier': {
      const binding = context.scope.resolve(value);
      if (!binding) return false;
      if (binding.kind === 'import') return serverModules.has(binding.importSource ?? '');
      if (binding.kind === 'param') return hasServerType(binding.id.typeAnnotation ?? undefined, context);
      const init = constantValueOf(binding);
      return init !== undefined && following(context, binding, () => isServerValue(init, context)) === true;
    }
    case 'MemberExpression': {
      if (unwrap(value.object).type !== 'ThisExpression') return false;
      const only = soleThisValue(value, context.scope);
      return only !== undefined && isServerValue(only, context);
    }
    case 'CallExpression':
    case 'NewExpression':
    case 'AwaitExpression':
      return isServerValue(value, context);
    default:
      return false;
  }
}

/** A request handler: `(req, res) => ...`, `function (request, reply)`, `async (ctx, next) => ...`. */
function isHandler(node: Node | undefined): boolean {
  if (!isFunction(node)) return false;
  const first = node.params[0];
  return first?.type === 'Identifier' && handlerFirstParams.test(first.name);
}

const hasRouteParameter = (node: Node, context: EvaluationContext): boolean => {
  const segments = evaluateExpression(node, undefined, context);
  return segments !== undefined && /(?:^|\/):[A-Za-z_]/.test(flatText(segments));
};

/** `{ method, url | path, handler }` (Fastify, hapi): its path when it is a route definition. */
function routeObjectPath(node: Node | undefined, receiverIsServer: boolean, context: EvaluationContext): Node | undefined {
  const object = objectLiteralOf(node, context);
  const path = object ? (propertyValueOf(object, 'url') ?? propertyValueOf(object, 'path')) : undefined;
  if (!object || !path) return undefined;
  return receiverIsServer || propertyValueOf(object, 'handler') !== undefined || hasRouteParameter(path, context) ? path : undefined;
}

/**
 * The paths a server route registration names (`app.get('/v1/x/:id', handler)`, `router.use(path, r)`,
 * `fastify.route({ url })`, `server.route({ path })`, `app.route('/x').get(h)`); undefined when
 * the call is not one.
 */
export function serverRoutePaths(call: TSESTree.CallExpression, context: EvaluationContext): Node[] | undefined {
  if (context.scope.parentOf(call)?.type === 'Decorator') return decoratorRoutePaths(call, context);
  const doubled = testDoublePaths(call, context);
  if (doubled) return doubled;
  const headers = nockRequestHeaders(call, context);
  if (headers) return headers;
  const callee = memberCallee(call);
  const name = callee ? memberPropertyName(callee) : undefined;
  if (!callee || name === undefined) return undefined;
  const first = argumentAt(call, 0);
  if (name === 'matchHeader' || name === 'matchBody') return nockMatchers(call, callee, context);
  if (name === 'route') {
    const receiverIsServer = isServerReceiver(callee.object, context);
    if (first?.type === 'ArrayExpression') {
      const paths = first.elements.flatMap((element) => {
        const path = element && element.type !== 'SpreadElement' ? routeObjectPath(element, receiverIsServer, context) : undefined;
        return path ? [path] : [];
      });
      return paths.length > 0 ? paths : undefined;
    }
    const objectPath = routeObjectPath(first, receiverIsServer, context);
    if (objectPath) return [objectPath];
    if (!first || !evaluateExpression(first, undefined, context)) return undefined;
    return receiverIsServer || hasRouteParameter(first, context) || isChainedRoute(call, context) ? [first] : undefined;
  }
  if (!routeVerbs.has(name) || !first || !evaluateExpression(first, undefined, context)) return undefined;
  const handlerFollows = call.arguments.slice(1).some((argument) => isHandler(unwrap(argument)));
  // `nock(host).post(path, '<soap:Envelope>…')`: the body an interceptor matches is no request's either.
  const body = argumentAt(call, 1);
  if (body && name !== 'use' && !isHandler(body) && isNockChain(callee.object, context)) return [first, body];
  const evidence =
    isServerReceiver(callee.object, context) ||
    hasRouteParameter(first, context) ||
    handlerFollows ||
    (name === 'use' && call.arguments.length > 1);
  return evidence ? [first] : undefined;
}

/** A receiver on a nock interceptor's chain: `nock(host)`, `nock(host).post(path)`, `scope.matchHeader(…)` of `const scope = nock(host)`. */
function isNockChain(node: Node, context: EvaluationContext): boolean {
  let value = unwrap(node);
  while (value.type === 'CallExpression' || value.type === 'MemberExpression') value = unwrap(value.type === 'CallExpression' ? value.callee : value.object);
  if (value.type !== 'Identifier') return false;
  const binding = context.scope.resolve(value);
  if (binding?.kind === 'import') return binding.importSource === 'nock';
  const init = constantValueOf(binding);
  if (!init) return false;
  const source = requiredModule(init);
  return source === undefined ? following(context, binding!, () => isNockChain(init, context)) === true : source === 'nock';
}

/**
 * nock's `.matchHeader('SOAPAction', '…/GetCampaigns')` and `.matchBody(envelope)`: what an interceptor
 * matches in the requests it answers, the strings a test double is given, not a request; undefined off a nock chain.
 */
function nockMatchers(call: TSESTree.CallExpression, callee: TSESTree.MemberExpression, context: EvaluationContext): Node[] | undefined {
  if (!isNockChain(callee.object, context)) return undefined;
  const matched = argumentAt(call, memberPropertyName(callee) === 'matchHeader' ? 1 : 0);
  return matched ? [matched] : [];
}

/** `nock(host, { reqheaders: { SOAPAction: '…' } })`: the header values the interceptor matches (the options object written in the call). */
function nockRequestHeaders(call: TSESTree.CallExpression, context: EvaluationContext): Node[] | undefined {
  const options = argumentAt(call, 1);
  const headers = options?.type === 'ObjectExpression' ? propertyValueOf(options, 'reqheaders') : undefined;
  const object = headers ? objectLiteralOf(headers, context) : undefined;
  if (!object || call.callee.type !== 'Identifier' || !isNockChain(call.callee, context)) return undefined;
  return object.properties.flatMap((property) => (property.type === 'Property' ? [unwrap(property.value)] : []));
}

/** `app.route('/x').get(handler)`: the route call is the receiver of a verb call. */
function isChainedRoute(call: TSESTree.CallExpression, context: EvaluationContext): boolean {
  const member = context.scope.parentOf(call);
  if (member?.type !== 'MemberExpression' || member.object !== call) return false;
  const verbCall = context.scope.parentOf(member);
  const verb = memberPropertyName(member);
  return verbCall?.type === 'CallExpression' && verbCall.callee === member && verb !== undefined && routeVerbs.has(verb);
}

/**
 * `@Get('/v1/campaigns')`, `@Controller('v1/campaigns')`, `@Nest.Patch(path)`: the strings a route
 * decorator of a server framework (`routeDecoratorModules`) is given. A decorator of any other module
 * (a Retrofit-style client's `@GET(path)` makes requests) is left to the other rules.
 */
function decoratorRoutePaths(call: TSESTree.CallExpression, context: EvaluationContext): Node[] | undefined {
  let callee = calleeOf(call);
  while (callee.type === 'MemberExpression') callee = unwrap(callee.object);
  const binding = callee.type === 'Identifier' ? context.scope.resolve(callee) : undefined;
  if (binding?.kind !== 'import' || !routeDecoratorModules.has(binding.importSource ?? '')) return undefined;
  const paths = call.arguments.filter((argument): argument is TSESTree.Expression => argument.type !== 'SpreadElement' && evaluateExpression(argument, undefined, context) !== undefined);
  return paths.length > 0 ? paths : undefined;
}
