import { builtinApiId, isListedHost, type Catalog, type RetirementEntry } from '@sunset/rule-data';

/**
 * Whether `host` (lower-case hostname, `:port` only when not the scheme's default) is one of the API
 * hosts, as `sunset check` reads the list (rule-data's `isListedHost`): an entry `host` matches on any
 * port, `host:port` on that port only (`host:443` also the host without a port under `https:`, `host:80`
 * under `http:`; either where the scheme is not given), `*.domain` every subdomain, `*` every host. No
 * list means every host.
 */
export function isApiHost(host: string, apiHosts: readonly string[] | undefined, scheme?: string): boolean {
  return apiHosts === undefined || isListedHost(host, apiHosts, scheme);
}

/** The hosts a request must be on to call `entry`: the built-in API's in force (`builtinHosts`), another API's own. */
export function hostsOfEntry(entry: RetirementEntry, catalog: Catalog, builtinHosts: readonly string[] | undefined): readonly string[] | undefined {
  const api = catalog.apiOf(entry);
  return api.id === builtinApiId ? builtinHosts : api.hosts;
}

/** Whether `host` is a host of any API in force: the built-in one's (`builtinHosts`) or one under `apis`. */
export function isHostOfAnyApi(host: string, catalog: Catalog, builtinHosts: readonly string[] | undefined, scheme?: string): boolean {
  if (isApiHost(host, builtinHosts, scheme)) return true;
  for (const api of catalog.apis.values()) if (api.id !== builtinApiId && isApiHost(host, api.hosts, scheme)) return true;
  return false;
}

/** The scheme of an origin such as `https://api.example.com` (`https:`, lower case); undefined without one. */
export function schemeOfOrigin(origin: string): string | undefined {
  const start = origin.indexOf('//');
  return start > 0 ? origin.slice(0, start).toLowerCase() : undefined;
}

/** The host of an origin such as `https://api.example.com:8443`, lower-case. */
export function hostOfOrigin(origin: string): string {
  const start = origin.indexOf('//');
  return (start === -1 ? origin : origin.slice(start + 2)).toLowerCase();
}
