import type { AnyNode } from '../types.js';
import { isNode } from './nodes.js';

/**
 * Keys that never lead to runtime code: back links, positions, comments, tokens, recast's
 * `original` (non-enumerable anyway), and TypeScript type positions (a string in a type is not a call).
 */
const skippedKeys = new Set([
  'parent',
  'loc',
  'range',
  'start',
  'end',
  'extra',
  'comments',
  'tokens',
  'leadingComments',
  'trailingComments',
  'innerComments',
  'original',
  'typeAnnotation',
  'typeParameters',
  'typeArguments',
  'returnType',
  'superTypeParameters',
  'superTypeArguments',
  'implements',
  'predicate',
]);

/** Declarations that hold only types. */
const typeOnlyNodes = new Set(['TSInterfaceDeclaration', 'TSTypeAliasDeclaration', 'TSDeclareFunction', 'TSTypeAnnotation']);

export interface Child {
  readonly node: AnyNode;
  readonly key: string;
}

/** The runtime child nodes of `node`, in source order of their keys, for either AST flavour. */
export function childrenOf(node: AnyNode): Child[] {
  const children: Child[] = [];
  forEachChild(node, (child, key) => children.push({ node: child, key }));
  return children;
}

/** Calls `visit` for each runtime child node of `node`, in the order of `childrenOf`, without building a list. */
export function forEachChild(node: AnyNode, visit: (child: AnyNode, key: string) => void): void {
  const record = node as unknown as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (skippedKeys.has(key)) continue;
    const value = record[key];
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item) && !typeOnlyNodes.has(item.type)) visit(item, key);
    } else if (isNode(value) && !typeOnlyNodes.has(value.type)) {
      visit(value, key);
    }
  }
}
