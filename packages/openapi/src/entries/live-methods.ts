import type { HttpMethod } from '@sunset/rule-data';
import type { DescribedOperation, Description } from '../description/description.js';

const methodOrder: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The other methods of the retired operation's path that `current` still serves and does not
 * deprecate: a request to that path whose method cannot be read may be one of them, so it is not
 * reported as the retired one.
 */
export function liveMethodsOf(operation: DescribedOperation, retiredMethod: HttpMethod, current: Description): HttpMethod[] {
  const live = new Set(
    current.operations.filter((other) => other.pathIdentity === operation.pathIdentity && !other.deprecated && other.endpoint !== undefined).map((other) => other.method),
  );
  return methodOrder.filter((method) => method !== retiredMethod && live.has(method));
}
