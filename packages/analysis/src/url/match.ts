import { builtinApiId, hostWithoutDefaultPort, isListedHost, isUnlistedLocalHost, type Catalog } from '@sunset/rule-data';
import { flatText, sliceText, type Segment } from './segments.js';

// The URL questions every check asks: is the URL on one of the listed hosts, and does it reach a
// given endpoint path (and with which query)? Retired paths are matched by rule-data's `matchUrlShape`.

const explicitHost = /^(?:([a-z][a-z0-9+.-]*):)?\/\/(?:[^@/?#\0]*@)?([^/?#\0]*)(?:$|[/?#])/i;

/**
 * The host (with port) a URL names in static text, as `new URL(text).host` gives it: lower-case, the
 * scheme's default port dropped (`https://api.example.com:443/x` → `api.example.com`); undefined for a
 * relative URL or an unknown base.
 */
export function explicitHostOf(text: string): string | undefined {
  return explicitOriginOf(text)?.host;
}

/** The host `explicitHostOf` reads, with the scheme written before it (`https:`, lower case), which says its port. */
function explicitOriginOf(text: string): { readonly host: string; readonly scheme: string | undefined } | undefined {
  const found = explicitHost.exec(text);
  if (!found) return undefined;
  const scheme = found[1] === undefined ? undefined : `${found[1].toLowerCase()}:`;
  return { host: hostWithoutDefaultPort(scheme ?? '', found[2]!.toLowerCase()), scheme };
}

/**
 * Whether a request to `host` counts for an API with these hosts: a host the code does not show
 * always does (where the code does not say, recall wins); a host it names must be listed, on the port
 * its `scheme` implies when it writes none. A local host (`localhost:3000`, `127.0.0.1`, `10.0.0.5`:
 * `localHostKind`) is no vendor's, so it counts as a host not shown does, unless `claimed` (the hosts
 * other APIs list) names it.
 * `hosts` undefined: every host.
 */
export function countsForHosts(host: string | undefined, hosts: readonly string[] | undefined, scheme?: string, claimed?: readonly string[]): boolean {
  return host === undefined || hosts === undefined || isListedHost(host, hosts, scheme) || isUnlistedLocalHost(host, hosts, scheme, claimed);
}

/** The hosts the catalog's other APIs (under `apis`) list: a local host one of them names is that API's, not the built-in one's. */
export function hostsOfOtherApis(catalog: Catalog): readonly string[] {
  return [...catalog.apis.values()].flatMap((api) => (api.id === builtinApiId ? [] : api.hosts)).filter((host) => host !== '*');
}

/** With a host list, a URL naming another host is someone else's; relative URLs, unknown bases and local hosts still count. */
export function isOnHost(url: readonly Segment[] | string, hosts: readonly string[] | undefined, claimed?: readonly string[]): boolean {
  if (!hosts) return true;
  const origin = explicitOriginOf(typeof url === 'string' ? url : flatText(url));
  return origin === undefined || countsForHosts(origin.host, hosts, origin.scheme, claimed);
}

/** A URL that reaches a given path, with what follows the path (the query, for parameters). */
export interface EndpointTarget {
  /** The segments after `?` (empty when there is none); a hole right after the path counts as the query. */
  readonly query: readonly Segment[];
}

/**
 * Whether the URL the code builds reaches `path` (compared case-insensitively, as the vendor's
 * routing does): a base may stand before it (nothing, `https://host`, a base path, a hole), and after
 * it only the end, a query, a fragment, a trailing slash or a hole. Text with whitespace or quotes
 * before the path is prose, not a URL.
 */
export function endpointTargetOf(segments: readonly Segment[], path: string): EndpointTarget | undefined {
  const text = flatText(segments);
  const lower = text.toLowerCase();
  const wanted = path.toLowerCase();
  for (let at = lower.indexOf(wanted); at !== -1; at = lower.indexOf(wanted, at + 1)) {
    if (/[\s'"`?#]/.test(text.slice(0, at))) return undefined;
    const rest = text.slice(at + wanted.length);
    const after = rest.startsWith('/') ? rest.slice(1) : rest;
    if (after !== '' && !/^[?#\0]/.test(after) && rest !== '/') continue;
    return { query: queryAfter(segments, at + wanted.length) };
  }
  return undefined;
}

/** The segments after the `?` that follows flat offset `from` (or the hole right there). */
function queryAfter(segments: readonly Segment[], from: number): Segment[] {
  let offset = 0;
  const rest: Segment[] = [];
  for (const segment of segments) {
    const length = segment.kind === 'hole' ? 1 : segment.value.length;
    if (offset + length <= from) {
      offset += length;
      continue;
    }
    rest.push(segment.kind === 'text' && offset < from ? sliceText(segment, from - offset) : segment);
    offset += length;
  }
  const first = rest[0];
  if (!first) return [];
  if (first.kind === 'hole') return rest;
  const afterSlash = first.value.startsWith('/') ? 1 : 0;
  if (first.value.length === afterSlash) return rest.slice(1);
  if (first.value[afterSlash] !== '?') return [];
  return [sliceText(first, afterSlash + 1), ...rest.slice(1)];
}
