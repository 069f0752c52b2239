import type { TSESTree } from '@typescript-eslint/types';
import { memberPropertyName, unwrap, type Node } from '../ast/nodes.js';
import type { Binding, ScopeModel } from '../file-index/scope-model.js';

// Server-side config reads a base from the environment and writes the one it means beside it:
// `process.env.X ?? '…'`, `process.env.X ? process.env.X : '…'`, `const { X = '…' } = process.env`.
// The forms other than `??` / `||` are read here as those are: the written fallback is the base.

/** `process.env` of the global `process` (not a `process` the file declares). */
export function isEnvObject(node: Node, scope: ScopeModel): boolean {
  const value = unwrap(node);
  if (value.type !== 'MemberExpression' || memberPropertyName(value) !== 'env') return false;
  const object = unwrap(value.object);
  return object.type === 'Identifier' && object.name === 'process' && scope.resolve(object) === undefined;
}

/** The variable `process.env.X` / `process.env['X']` reads; undefined for anything else. */
function envVariableOf(node: Node, scope: ScopeModel): string | undefined {
  const value = unwrap(node);
  return value.type === 'MemberExpression' && isEnvObject(value.object, scope) ? memberPropertyName(value) : undefined;
}

const sameEnvRead = (a: Node, b: Node, scope: ScopeModel): boolean => {
  const name = envVariableOf(a, scope);
  return name !== undefined && envVariableOf(b, scope) === name;
};

const isUndefinedOrNull = (node: Node): boolean => {
  const value = unwrap(node);
  return (value.type === 'Identifier' && value.name === 'undefined') || (value.type === 'Literal' && value.raw === 'null');
};

/** `E !== undefined` / `E != null` (`present`), `E === undefined` / `E == null` (absent): the E compared, and which way. */
function comparedToNothing(test: Node): { read: Node; present: boolean } | undefined {
  const value = unwrap(test);
  if (value.type !== 'BinaryExpression' || !['===', '!==', '==', '!='].includes(value.operator)) return undefined;
  const present = value.operator.startsWith('!');
  // `!== null` is never false for an environment variable: only `undefined`, or `null` with the loose operator.
  const nothing = (node: Node): boolean => isUndefinedOrNull(node) && (value.operator.length === 2 || unwrap(node).type === 'Identifier');
  if (nothing(value.right)) return { read: value.left as Node, present };
  if (nothing(value.left as Node)) return { read: value.right, present };
  return undefined;
}

/**
 * A conditional that is an environment fallback written out: `E ? E : F`, `!E ? F : E`,
 * `E !== undefined ? E : F` (also `!= null`, and `=== undefined ? F : E`), where E reads one
 * `process.env` variable in both places. The same as `E || F` / `E ?? F`; undefined for any other
 * conditional (a choice between two written values stays a choice).
 */
export function envConditionalParts(node: TSESTree.ConditionalExpression, scope: ScopeModel): { read: Node; fallback: Node } | undefined {
  const test = unwrap(node.test);
  const compared = comparedToNothing(test);
  if (compared !== undefined) {
    const [read, fallback] = compared.present ? [node.consequent, node.alternate] : [node.alternate, node.consequent];
    return sameEnvRead(compared.read, read, scope) ? { read, fallback } : undefined;
  }
  if (test.type === 'UnaryExpression' && test.operator === '!') {
    return sameEnvRead(test.argument, node.alternate, scope) ? { read: node.alternate, fallback: node.consequent } : undefined;
  }
  return sameEnvRead(test, node.consequent, scope) ? { read: node.consequent, fallback: node.alternate } : undefined;
}

/**
 * `const { API = 'https://…' } = process.env` (also `{ API_URL: API = '…' }`): the default written for
 * a name the declaration takes from `process.env`, and the pattern that writes it (the value is the
 * environment's when it is set, so the default is a fallback). Undefined for any other binding.
 */
export function envDestructuringDefault(binding: Binding, scope: ScopeModel): TSESTree.AssignmentPattern | undefined {
  if (!binding.destructured || binding.reassigned || (binding.kind !== 'const' && binding.kind !== 'let' && binding.kind !== 'var')) return undefined;
  const pattern = scope.parentOf(binding.id);
  if (pattern?.type !== 'AssignmentPattern' || pattern.left !== binding.id) return undefined;
  const property = scope.parentOf(pattern);
  const object = property?.type === 'Property' ? scope.parentOf(property) : undefined;
  const declarator = object?.type === 'ObjectPattern' ? scope.parentOf(object) : undefined;
  if (declarator?.type !== 'VariableDeclarator' || declarator.id !== object || declarator.init === null) return undefined;
  return isEnvObject(declarator.init, scope) ? pattern : undefined;
}
