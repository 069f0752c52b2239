import { calleeOf, memberPropertyName, unwrap, type Node } from '../ast/nodes.js';

// A value given to a function the analysis does not look into (`postJson(MANAGERS, body)`) may be
// sent by it: a rewrite of that value where it is written would move that call too. A call that only
// reads the value (a log line, an error message) does not send it.

// Calls that read a URL without sending it: logging, error messages, encoding, test assertions.
const loggingMethods = new Set(['log', 'info', 'warn', 'error', 'debug', 'trace', 'fatal', 'verbose']);
const readOnlyFunctions = new Set(['String', 'encodeURI', 'encodeURIComponent', 'decodeURI', 'decodeURIComponent', 'expect', 'assert']);

/** The name a call shows for its function (`postJson`, `api.post`), or undefined for a call that only reads a URL (`console.log`, `new Error`, `String`). */
export function sendingCalleeName(call: Node): string | undefined {
  if (call.type !== 'CallExpression' && call.type !== 'NewExpression') return undefined;
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
  if (owner === 'JSON' || owner === 'assert') return undefined;
  return owner === undefined ? property : `${owner}.${property}`;
}

/** The arguments of a helper's call that name a value written elsewhere (a name, a member, a template, a `+`): a literal is its own value, reported on its own. */
export function namedArguments(call: Node): Node[] {
  if (call.type !== 'CallExpression' && call.type !== 'NewExpression') return [];
  return call.arguments
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
