import { isMoreSpecificPath, type Endpoint } from '@sunset/rule-data';
import type { DescribedOperation, Description } from '../description/description.js';

/**
 * The paths of `current` served under the retired operation's server path that are more specific forms
 * of the retired path (`/orgs/{org}/actions/runner-groups` of `/orgs/{org}/{product}/{action}`): OpenAPI
 * matches concrete paths before templated ones, so a URL that is one of them is that path's call, not
 * the retired operation's, whatever the method. Written as the entry writes its path (`retired`).
 */
export function shadowingPathsOf(operation: DescribedOperation, retired: Endpoint, current: Description): string[] {
  if (operation.endpoint === undefined || !retired.path.includes('{')) return [];
  // The entry's path is the description's, or (when the server path is what changes) the server path and it.
  const prefix = retired.path.slice(0, retired.path.length - operation.endpoint.path.length);
  const paths = current.operations.flatMap((other) =>
    other.endpoint === undefined || other.serverPath !== operation.serverPath ? [] : [`${prefix}${other.endpoint.path}`],
  );
  return [...new Set(paths)].filter((path) => isMoreSpecificPath(path, retired.path)).sort();
}
