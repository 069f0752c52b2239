import { forEachChild } from '../ast/child-keys.js';
import { isClass, rangeOf, type Node } from '../ast/nodes.js';
import type { FileIndex } from '../file-index/file-index.js';
import type { ClientValue } from '../types.js';
import { recognizeHttpCall } from './http-calls.js';
import { basePartsOf, clientOf, clientValueOf } from './http-clients.js';
import { rtkQueryValueOf } from './rtk-query.js';
import { wrapperClassClient, wrapperInstanceOf } from './wrapper-classes.js';

/** The outermost node of the program spanning exactly `range` (undefined when none does). */
function nodeAt(program: Node, range: readonly [number, number]): Node | undefined {
  let found: Node | undefined;
  const visit = (node: Node): void => {
    if (found) return;
    const [start, end] = rangeOf(node);
    if (start > range[0] || end < range[1]) return;
    if (start === range[0] && end === range[1]) {
      found = node;
      return;
    }
    forEachChild(node, visit, undefined, undefined);
  };
  visit(program);
  return found;
}

/** A client found where it is made, with where its base is written in that file. */
export interface ClientAt {
  readonly value: ClientValue;
  /**
   * The string-building expressions of this file the base's text is written in (`'https://…/v1'`,
   * a template, a parameter's default): part of every request the client makes, never requests of
   * their own.
   */
  readonly baseRanges: readonly (readonly [number, number])[];
}

/**
 * The client the expression spanning `range` stands for, as plain data for another file: an
 * instance (`axios.create({ baseURL })`, a constant or `this.x` holding one, `new ApiClient()` of a
 * wrapper class), an RTK Query API or base query (`rtkQueryValueOf`, also a function declaration's
 * base query), or, at a class's name, the wrapper client its instances are. This is where the
 * cross-file hook of project mode reads a client, once the type checker has found where it is made.
 */
export function clientValueAt(index: FileIndex, range: readonly [number, number]): ClientAt | undefined {
  const node = nodeAt(index.file.program, range);
  if (!node) return undefined;
  const context = index.evaluation();
  const parent = index.scope.parentOf(node);
  const isClassName = node.type === 'Identifier' && isClass(parent) && parent.id === node;
  const found = isClassName ? wrapperClassClient(parent, context, recognizeHttpCall) : (clientOf(node, context) ?? wrapperInstanceOf(node, context, recognizeHttpCall));
  const rtk = found || isClassName ? undefined : rtkQueryValueOf(node, context);
  const value: ClientValue | undefined = found ? clientValueOf(found) : rtk ? { kind: rtk.kind, base: basePartsOf(rtk.base) } : undefined;
  if (!value) return undefined;
  const written = (found?.base ?? rtk?.base ?? []).flatMap((segment) => (segment.kind === 'text' && segment.sourceStart !== undefined ? [segment.container ?? segment.literal] : []));
  const baseRanges = [...new Set(written)].flatMap((container) => (container ? [rangeOf(container)] : []));
  return { value, baseRanges };
}
