import type { Endpoint } from '@sunset/rule-data';
import type { DescribedOperation } from '../description/description.js';

type Matchable = DescribedOperation & { readonly endpoint: Endpoint };

const withServerPath = (operation: Matchable): Endpoint => ({ method: operation.endpoint.method, path: `${operation.serverPath}${operation.endpoint.path}` });

/**
 * The paths an entry is written with. The description's own path (`GET /v1/items`) as a rule: the
 * API's `basePaths` hold the server paths, and the matcher finds the path right after the API's host
 * (or an unknown base) and one of them. The server path joins in (`GET /api/v1/items` →
 * `GET /api/v2/items`) only when the retired operation and a replacement are served under different
 * paths: then it is what changes (and the API's base paths include the root, `''`).
 */
export function entryEndpoints(retired: Matchable, replacements: readonly Matchable[]): { retired: Endpoint; replacements: Endpoint[] } {
  const serverPathChanges = replacements.some((replacement) => replacement.serverPath !== retired.serverPath);
  if (!serverPathChanges) return { retired: retired.endpoint, replacements: replacements.map((replacement) => replacement.endpoint) };
  return { retired: withServerPath(retired), replacements: replacements.map(withServerPath) };
}

/**
 * The hosts of a replacement served from none of the retired operation's hosts: a rewrite changes
 * the path and method of a call, never its host, so such a move is for a person to make. Empty when
 * they share a host (or either has only relative server URLs).
 */
export function movedToHosts(retired: DescribedOperation, replacement: DescribedOperation): readonly string[] {
  if (retired.hosts.length === 0 || replacement.hosts.length === 0) return [];
  return replacement.hosts.some((host) => retired.hosts.includes(host)) ? [] : replacement.hosts;
}
