import { isClass, type Node } from '../ast/nodes.js';
import type { FileIndex } from '../file-index/file-index.js';
import type { ClientValue } from '../types.js';
import { recognizeHttpCall } from './http-calls.js';
import { basePartsOf, clientOf, clientValueOf } from './http-clients.js';
import { rtkQueryValueOf } from './rtk-query.js';
import { wrapperClassClient, wrapperInstanceOf } from './wrapper-classes.js';

/**
 * The HTTP client a module's exported value is, as plain data for the files that import it: an
 * instance (`axios.create({ baseURL })`, with the base as written), a class of the module whose
 * methods make requests (a wrapper, with the hosts they go to), or an RTK Query API or base query
 * with its base (`rtkQueryValueOf`). Undefined for anything else.
 */
export function exportedClientOf(index: FileIndex, node: Node): ClientValue | undefined {
  const context = index.evaluation();
  const found = isClass(node) ? wrapperClassClient(node, context, recognizeHttpCall) : (clientOf(node, context) ?? wrapperInstanceOf(node, context, recognizeHttpCall));
  if (found) return clientValueOf(found);
  const rtk = isClass(node) ? undefined : rtkQueryValueOf(node, context);
  return rtk ? { kind: rtk.kind, base: basePartsOf(rtk.base) } : undefined;
}
