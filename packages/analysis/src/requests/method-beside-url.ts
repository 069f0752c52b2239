import type { HttpMethod } from '@sunset/rule-data';
import type { TSESTree } from '@typescript-eslint/types';
import { argumentAt, memberCallee, memberPropertyName, propertyKeyName, propertyValueOf, staticString, unwrap, type Node } from '../ast/nodes.js';
import type { ScopeModel } from '../file-index/scope-model.js';
import type { StatedMethod } from './http-calls.js';

const specMethods: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The HTTP method a property of an object literal states as a literal (`method: 'PUT'`), if it does. */
function literalMethodOf(object: TSESTree.ObjectExpression, keys: readonly string[]): HttpMethod | undefined {
  for (const key of keys) {
    const value = propertyValueOf(object, key);
    const text = value ? staticString(value)?.toUpperCase() : undefined;
    if (text !== undefined && specMethods.includes(text)) return text as HttpMethod;
  }
  return undefined;
}

/** The node as its parent holds it: `url as string` and `(url)` lead to the same place. */
function writtenParentOf(node: Node, scope: ScopeModel): { written: Node; parent: Node | undefined } {
  let written = node;
  let parent = scope.parentOf(written);
  while (parent && unwrap(parent) === node) {
    written = parent;
    parent = scope.parentOf(written);
  }
  return { written, parent };
}

/**
 * The method a URL that no known client sends has written right beside it: the `url` of a request
 * object that states `method` (or jQuery's `type`), `{ url: base + '/me/tracks', type: 'PUT' }`, or
 * the first argument of a fetch-like wrapper whose options state it, `client.fetch('/me/tracks',
 * { method: 'PUT' })`. Undefined when nothing beside it says (then the method is unknown).
 */
export function methodWrittenBeside(node: Node, scope: ScopeModel): StatedMethod | undefined {
  const { written, parent } = writtenParentOf(node, scope);
  let method: HttpMethod | undefined;
  if (parent?.type === 'Property' && parent.value === written && !parent.computed && propertyKeyName(parent) === 'url') {
    const object = scope.parentOf(parent);
    if (object?.type === 'ObjectExpression') method = literalMethodOf(object, ['method', 'type']);
  } else if (parent?.type === 'CallExpression' && parent.arguments[0] === written) {
    const callee = memberCallee(parent);
    const options = argumentAt(parent, 1);
    if (callee && memberPropertyName(callee) === 'fetch' && options?.type === 'ObjectExpression') method = literalMethodOf(options, ['method']);
  }
  return method === undefined ? undefined : { method, source: { kind: 'elsewhere' } };
}
