import { calleeOf, memberPropertyName, unwrap, type Node } from '../ast/nodes.js';

// A log line reads a URL and sends nothing: `console.warn(`${OLD} is no longer called`)`.

/** The methods a logger writes a line with (`logger.warn`, `this.log.info`, `pino().error`). */
export const loggingMethods: ReadonlySet<string> = new Set(['log', 'info', 'warn', 'error', 'debug', 'trace', 'fatal', 'verbose']);

/** A name that says it holds a logger: `log`, `logger`, `this.logger`, `ctx.log`, `auditLogger`. */
const loggerName = /^(?:log|logger|\w*Logger)$/i;

/**
 * A call that writes a log line: any method of `console`, or a logging method (`loggingMethods`) of
 * a receiver named as a logger (`logger.warn(x)`, `this.log.info(x)`). Not `api.error(x)`, whose
 * receiver may send what it is given.
 */
export function isLoggingCall(call: Node): boolean {
  if (call.type !== 'CallExpression') return false;
  const callee = calleeOf(call);
  const property = callee.type === 'MemberExpression' ? memberPropertyName(callee) : undefined;
  if (callee.type !== 'MemberExpression' || property === undefined) return false;
  const receiver = unwrap(callee.object);
  const name = receiver.type === 'Identifier' ? receiver.name : receiver.type === 'MemberExpression' ? memberPropertyName(receiver) : undefined;
  if (name === 'console' && receiver.type === 'Identifier') return true;
  return name !== undefined && loggingMethods.has(property) && loggerName.test(name);
}
