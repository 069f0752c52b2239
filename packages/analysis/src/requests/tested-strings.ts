import type { TSESTree } from '@typescript-eslint/types';
import { calleeOf, memberPropertyName, unwrap, type Node } from '../ast/nodes.js';
import type { Binding, ScopeModel } from '../file-index/scope-model.js';
import { constantValueOf } from '../url/evaluate.js';
import { isLoggingCall } from './logging-calls.js';

// URL-shaped strings the code tests or asserts on, not ones it requests: an operand of `===`, a `case`
// of a `switch`, what a string method looks for (`req.url.includes('/v1/x')`, the pattern `replace`
// replaces), what a test asserts (`expect(url).not.toContain('/v1/x')`, `assert.equal(url, '…')`) and
// what Angular's HttpTestingController expects (`expectOne('…')`). A rewrite there changes what the
// code checks, not what it sends: a guard test then guards the new path, an interceptor's
// `replace(old, new)` becomes `replace(new, new)`. Found by users running Sunset on their code.
// So is a string only a log line reads (`console.warn(`${OLD} is no longer called`)`): rewritten, the
// line would say the new path is no longer called.

/** String methods that only look in a string for their first argument: they give a test or pieces, never send it. */
const lookingStringMethods: ReadonlySet<string> = new Set(['includes', 'startsWith', 'endsWith', 'indexOf', 'lastIndexOf', 'match', 'matchAll', 'split', 'localeCompare']);
/** String methods whose first argument is the pattern replaced (the second is what the URL becomes, and may be sent). */
const replacingStringMethods: ReadonlySet<string> = new Set(['replace', 'replaceAll']);
const comparisons: ReadonlySet<string> = new Set(['===', '!==', '==', '!=']);
/** A call chain naming one of these asserts: jest's and vitest's `expect`, node:assert's and chai's `assert`, chai's and Cypress's `should`. */
const assertionNames: ReadonlySet<string> = new Set(['expect', 'assert', 'should']);
/** Angular's HttpTestingController: what a test expects the code under test to have requested. */
const requestExpectations: ReadonlySet<string> = new Set(['expectOne', 'expectNone']);

/**
 * A call that asserts: its callee chain names `expect`, `assert` or `should` (`expect(url).not.toBe(x)`,
 * `expect.stringContaining(x)`, `assert.notEqual(url, x)`, `chai.assert.equal`, `sinon.assert.calledWith`,
 * `cy.url().should('include', x)`), or HttpTestingController's `expectOne` / `expectNone`. Read from the
 * callee down to its root only: `expect(api.get('/v1/x'))` holds a request, and a `.expect(200)` after
 * `request(app).get(path)` does not make the `get` an assertion.
 */
export function isAssertionCall(call: Node): boolean {
  if (call.type !== 'CallExpression') return false;
  let callee = calleeOf(call);
  if (callee.type === 'MemberExpression' && requestExpectations.has(memberPropertyName(callee) ?? '')) return true;
  for (;;) {
    if (callee.type === 'Identifier') return assertionNames.has(callee.name);
    if (callee.type === 'MemberExpression') {
      if (assertionNames.has(memberPropertyName(callee) ?? '')) return true;
      callee = unwrap(callee.object);
    } else if (callee.type === 'CallExpression') callee = calleeOf(callee);
    else return false;
  }
}

/** `url.includes(x)`, `url.startsWith(x)`, `url.split(x)`: a string method that only looks for what it is given. */
export function isLookingStringMethodCall(call: Node): boolean {
  if (call.type !== 'CallExpression') return false;
  const callee = calleeOf(call);
  return callee.type === 'MemberExpression' && lookingStringMethods.has(memberPropertyName(callee) ?? '');
}

/**
 * Whether `argument` is what `call` tests a URL against, not a value it passes on: any argument of an
 * assertion (`isAssertionCall`), the first of a string method that looks for it, or the pattern of
 * `replace(pattern, replacement)` / `replaceAll`.
 */
export function isTestedArgument(call: Node, argument: Node): boolean {
  if (call.type !== 'CallExpression' || !call.arguments.includes(argument as TSESTree.CallExpressionArgument)) return false;
  if (isAssertionCall(call)) return true;
  if (call.arguments[0] !== argument) return false;
  if (isLookingStringMethodCall(call)) return true;
  const callee = calleeOf(call);
  return callee.type === 'MemberExpression' && replacingStringMethods.has(memberPropertyName(callee) ?? '') && call.arguments.length >= 2;
}

/**
 * Whether a value is used where the code tests or asserts on it: an operand of `===`, `!==`, `==`, `!=`,
 * a `case` test, or an argument `isTestedArgument` names; or where a log line only writes it. Seen through parentheses, type assertions and
 * the branches of `?:`; an element of an array or a property value of an object only in an assertion's
 * argument (`toHaveBeenCalledWith(['/v1/x'])`, `expectOne({ url: '/v1/x', method: 'GET' })`).
 */
function isTestedUse(node: Node, scope: ScopeModel): boolean {
  let child = node;
  let parent = scope.parentOf(node);
  let nested = false;
  while (parent) {
    if (unwrap(parent) === unwrap(child) && parent !== child) {
      // `x as string`, `x!`
    } else if (parent.type === 'ConditionalExpression' && parent.test !== child) {
      // `flag ? '/v1/a' : '/v1/b'`
    } else if (parent.type === 'ArrayExpression' || (parent.type === 'Property' && parent.value === child) || (parent.type === 'ObjectExpression' && child.type === 'Property')) {
      nested = true;
    } else break;
    child = parent;
    parent = scope.parentOf(parent);
  }
  if (parent?.type === 'CallExpression') return isLoggedArgument(parent, child) || (nested ? isAssertionCall(parent) : isTestedArgument(parent, child));
  if (nested) return false;
  if (parent?.type === 'BinaryExpression') return comparisons.has(parent.operator);
  return parent?.type === 'SwitchCase' && parent.test === child;
}

/** An argument of a log line (`isLoggingCall`), or a value inside one (`logger.info({ url })`). */
function isLoggedArgument(call: TSESTree.CallExpression, argument: Node): boolean {
  return call.arguments.includes(argument as TSESTree.CallExpressionArgument) && isLoggingCall(call);
}

/** The outermost string an identifier is read in (`${u}/orders`, `BASE + u`), or the identifier itself. */
function outermostStringOf(node: Node, scope: ScopeModel): Node {
  let child = node;
  for (let parent = scope.parentOf(node); parent; child = parent, parent = scope.parentOf(parent)) {
    const builds = parent.type === 'TemplateLiteral' || (parent.type === 'BinaryExpression' && parent.operator === '+') || (unwrap(parent) === unwrap(child) && parent !== child);
    if (!builds) break;
  }
  return child;
}

/**
 * The binding a string root is the whole value of: `const LEGACY = '/v1/x'` (or a `let` never written
 * again), not exported; undefined for any other string.
 */
function localConstantOf(root: Node, scope: ScopeModel): Binding | undefined {
  let child = root;
  let parent = scope.parentOf(root);
  while (parent && unwrap(parent) === unwrap(child) && parent !== child) {
    child = parent;
    parent = scope.parentOf(parent);
  }
  if (parent?.type !== 'VariableDeclarator' || parent.init !== child || parent.id.type !== 'Identifier') return undefined;
  if (scope.parentOf(scope.parentOf(parent) ?? parent)?.type === 'ExportNamedDeclaration') return undefined;
  const binding = scope.resolve(parent.id);
  return binding && constantValueOf(binding) === child ? binding : undefined;
}

/**
 * The string roots of a file the code tests or asserts on (see the top of this module): each written
 * where `isTestedUse` says, and each constant of the file (not exported) whose every read is such a use,
 * alone or in a larger string (`const LEGACY = '/v1/x'; if (req.url.includes(LEGACY)) …`,
 * `` expect(url).toBe(`${LEGACY}?page=2`) ``, `` console.warn(`${OLD} is no longer called`) ``). A
 * constant that is also read anywhere else (a request, a helper, an export), or read nowhere, is not
 * one: it is read as any string is.
 */
export function testedStrings(scope: ScopeModel): Set<Node> {
  const tested = new Set<Node>();
  const constants = new Map<Binding, Node>();
  for (const root of scope.stringRoots) {
    if (isTestedUse(root, scope)) tested.add(root);
    else {
      const binding = localConstantOf(root, scope);
      if (binding) constants.set(binding, root);
    }
  }
  if (constants.size === 0) return tested;
  const names = new Set([...constants.keys()].map((binding) => binding.name));
  const reads = new Map<Binding, boolean>();
  for (const reference of scope.references) {
    if (!names.has(reference.name)) continue;
    const binding = scope.resolve(reference);
    if (!binding || !constants.has(binding) || reads.get(binding) === false) continue;
    reads.set(binding, isTestedUse(outermostStringOf(reference, scope), scope));
  }
  for (const [binding, onlyTested] of reads) if (onlyTested) tested.add(constants.get(binding)!);
  return tested;
}
