import { calleeOf, memberPropertyName, propertyValueOf, staticString, unwrap, type Node } from '../ast/nodes.js';
import { loggingMethods } from './logging-calls.js';
import { isAssertionCall, isLookingStringMethodCall, isTestedArgument } from './tested-strings.js';

// A value given to a function the analysis does not look into (`postJson(MANAGERS, body)`) may be
// sent by it: a rewrite of that value where it is written would move that call too. A call that only
// reads the value (a log line, an error message, a test of it) does not send it.

// Calls that read a URL without sending it: logging, error messages, encoding (test assertions and
// string tests: `tested-strings.ts`).
const readOnlyFunctions = new Set(['String', 'encodeURI', 'encodeURIComponent', 'decodeURI', 'decodeURIComponent']);

/**
 * The name a call shows for its function (`postJson`, `api.post`), or undefined for a call that only
 * reads a URL (`console.log`, `new Error`, `String`, `expect(url).toBe(x)`, `url.includes(x)`).
 */
export function sendingCalleeName(call: Node): string | undefined {
  if (call.type !== 'CallExpression' && call.type !== 'NewExpression') return undefined;
  if (isAssertionCall(call) || isLookingStringMethodCall(call)) return undefined;
  const callee = unwrap(calleeOf(call));
  if (callee.type === 'Identifier') {
    if (readOnlyFunctions.has(callee.name) || /Error$/.test(callee.name)) return undefined;
    return callee.name;
  }
  if (callee.type !== 'MemberExpression') return undefined;
  const property = memberPropertyName(callee);
  if (property === undefined || loggingMethods.has(property)) return undefined;
  const object = unwrap(callee.object);
  const owner = object.type === 'Identifier' ? object.name : object.type === 'ThisExpression' ? 'this' : undefined;
  if (owner === 'JSON') return undefined;
  return owner === undefined ? property : `${owner}.${property}`;
}

/**
 * The arguments of a helper's call that name a value written elsewhere (a name, a member, a template, a
 * `+`): a literal is its own value, reported on its own. Not the pattern of `url.replace(pattern, x)`,
 * which the call looks for and does not pass on (`isTestedArgument`).
 */
export function namedArguments(call: Node): Node[] {
  if (call.type !== 'CallExpression' && call.type !== 'NewExpression') return [];
  return call.arguments
    .filter((argument) => !isTestedArgument(call, argument))
    .map((argument) => unwrap(argument))
    .filter((value) => value.type === 'Identifier' || value.type === 'MemberExpression' || value.type === 'TemplateLiteral' || value.type === 'BinaryExpression');
}

/** Words of a function name that say it sends with a method other than GET (`postJson`, `saveManagers`, `api_delete`). */
const otherMethodVerbs = new Set(['post', 'put', 'patch', 'delete', 'del', 'save', 'create', 'update', 'send', 'submit', 'upload', 'remove']);
/** Words of a function name that say it sends something other than a GET, or may (`setUrl`, `addManager`). */
const sendingVerbs = new Set([...otherMethodVerbs, 'set', 'add']);

/**
 * Whether a helper's name says it GETs (`apiGet`, `getJson`, `http_get`) and nothing else (`getOrCreate`
 * does not): such a helper is taken for a GET of what it is given, as a client's `get` method is.
 */
export function namedAsGet(name: string): boolean {
  const words = wordsOf(name);
  return words.includes('get') && !words.some((word) => sendingVerbs.has(word));
}

/** The words of a camelCase, snake_case or dotted name, lower-cased. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
}

/**
 * Whether a helper's name says it sends what it is given with a method other than GET (`postJson`,
 * `saveManagers`, `http_put`): a value only such a helper reads is not taken for the retired GET's.
 */
export function namedAsSending(name: string): boolean {
  return wordsOf(name).some((word) => otherMethodVerbs.has(word));
}

const methodNames: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The method a helper's call states beside what it is given: a method name as an argument
 * (`call(MANAGERS, 'POST', body)`) or an options object's `method` (`http(MANAGERS, { method: 'PUT' })`);
 * undefined when no argument says one.
 */
function methodStatedBy(call: Node): string | undefined {
  if (call.type !== 'CallExpression' && call.type !== 'NewExpression') return undefined;
  for (const argument of call.arguments) {
    const value = unwrap(argument);
    const stated = value.type === 'ObjectExpression' ? propertyValueOf(value, 'method') : value;
    const text = stated === undefined ? undefined : staticString(stated)?.toUpperCase();
    if (text !== undefined && methodNames.has(text)) return text;
  }
  return undefined;
}

/** How a helper sends what it is given (`helperMethodOf`). */
export type HelperMethod = 'get' | 'other' | 'unknown';

/**
 * How a helper the analysis does not see into sends what it is given: as a GET (`getJson(URL)`,
 * `call(URL, 'GET')`), with another method (`postJson(URL, body)`, `call(URL, 'POST', body)`,
 * `http(URL, { method: 'PUT' })`), or unknown (`request(URL)`). A method its call states wins over
 * what its name says (`namedAsGet`, `namedAsSending`).
 */
export function helperMethodOf(call: Node, name: string): HelperMethod {
  const stated = methodStatedBy(call);
  if (stated !== undefined) return stated === 'GET' ? 'get' : 'other';
  return namedAsGet(name) ? 'get' : namedAsSending(name) ? 'other' : 'unknown';
}
