const label = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const hostname = `(?=[^:]{1,253}(?::|$))${label}(?:\\.${label})*`;
const ipv6 = '\\[[0-9A-Fa-f:.]+\\]';
const port = '(?:[1-9]\\d{0,3}|[1-5]\\d{4}|6[0-4]\\d{3}|65[0-4]\\d{2}|655[0-2]\\d|6553[0-5])';

/**
 * A host entry as the analysis matches it: `api.example.com`, `localhost:8080`, `[::1]:8443`,
 * `*.example.com` (every subdomain, any port), or `*` (every host). No scheme, path, user or query.
 * The source is flag-free so the JSON Schema can use it too.
 */
export const hostEntryPattern = `^(?:\\*|\\*\\.${hostname}|(?:${hostname}|${ipv6})(?::${port})?)$`;

const hostEntry = new RegExp(hostEntryPattern);

export function isHostEntry(value: string): boolean {
  return hostEntry.test(value);
}
