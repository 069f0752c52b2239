import { isClass, type Node } from '../ast/nodes.js';
import type { FileIndex } from '../file-index/file-index.js';
import type { ClientValue } from '../types.js';
import { recognizeHttpCall } from './http-calls.js';
import { clientOf, clientValueOf } from './http-clients.js';
import { wrapperClassClient, wrapperInstanceOf } from './wrapper-classes.js';

/**
 * The HTTP client a module's exported value is, as plain data for the files that import it: an
 * instance (`axios.create({ baseURL })`, with the base as written), or a class of the module whose
 * methods make requests (a wrapper, with the hosts they go to). Undefined for anything else.
 */
export function exportedClientOf(index: FileIndex, node: Node): ClientValue | undefined {
  const context = index.evaluation();
  const found = isClass(node) ? wrapperClassClient(node, context, recognizeHttpCall) : (clientOf(node, context) ?? wrapperInstanceOf(node, context, recognizeHttpCall));
  return found ? clientValueOf(found) : undefined;
}
