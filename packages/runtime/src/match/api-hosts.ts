const label = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const hostEntryPattern = new RegExp(`^(?:\\*\\.${label}(?:\\.${label})*|(?:${label}(?:\\.${label})*|\\[[0-9A-Fa-f:.]+\\])(?::\\d{1,5})?)$`);

/** True for `api.example.com`, `localhost:8080`, `[::1]:8443` and `*.example.com`: no scheme, path or query. */
export function isHostEntry(entry: string): boolean {
  return hostEntryPattern.test(entry);
}

/**
 * Whether `host` (lower-case hostname, `:port` only when not the scheme's default) is one of the API
 * hosts: an entry `host` matches on any port, `host:port` on that port only, `*.domain` every subdomain.
 * No list means every host.
 */
export function isApiHost(host: string, apiHosts: readonly string[] | undefined): boolean {
  if (apiHosts === undefined) return true;
  const portStart = host.lastIndexOf(':');
  const hostname = portStart > host.lastIndexOf(']') ? host.slice(0, portStart) : host;
  return apiHosts.some((entry) => (entry.startsWith('*.') ? hostname.endsWith(entry.slice(1)) : entry === host || entry === hostname));
}

/** The host of an origin such as `https://api.example.com:8443`, lower-case. */
export function hostOfOrigin(origin: string): string {
  const start = origin.indexOf('//');
  return (start === -1 ? origin : origin.slice(start + 2)).toLowerCase();
}
