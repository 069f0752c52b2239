import { calleeOf, memberPropertyName, unwrap, type Node } from '../ast/nodes.js';

// A value given to a function the analysis does not look into (`postJson(MANAGERS, body)`) may be
// sent by it: a rewrite of that value where it is written would move that call too. A call that only
// reads the value (a log line, an error message) does not send it.

/** Calls that read a URL without sending it: logging, error messages, encoding, test assertions. */
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

