// Whether a host is on a list of API hosts: one reading for sunset check, ESLint and the runtime.

import { defaultPortOf } from './url-shape.js';

/**
 * A host list read once: `*`, the hosts (with or without port) named exactly, the `.domain` of each
 * `*.domain`, and the hosts listed with port 80 or 443 (a URL that names no port reaches one of those).
 */
interface HostList {
  readonly every: boolean;
  readonly exact: ReadonlySet<string>;
  readonly suffixes: readonly string[];
  readonly onDefaultPort: ReadonlySet<string>;
}

/** Host lists by identity: the settings' lists are asked about for every URL of every candidate. */
const hostLists = new WeakMap<readonly string[], HostList>();

function hostListOf(hosts: readonly string[]): HostList {
  let list = hostLists.get(hosts);
  if (list === undefined) {
    const wanted = hosts.map((entry) => entry.toLowerCase());
    list = {
      every: wanted.includes('*'),
      exact: new Set(wanted.filter((entry) => entry !== '*' && !entry.startsWith('*.'))),
      suffixes: wanted.filter((entry) => entry.startsWith('*.')).map((entry) => entry.slice(1)),
      onDefaultPort: new Set(wanted.filter((entry) => /:(?:80|443)$/.test(entry)).map((entry) => entry.slice(0, entry.lastIndexOf(':')))),
    };
    hostLists.set(hosts, list);
  }
  return list;
}

/**
 * A host matches a list entry written as `host` (any port), `host:port`, `*.domain`, or `*` (every
 * host). A host without a port (`https://api.example.com`, or `https://api.example.com:443`, whose
 * default port `hostWithoutDefaultPort` drops) is on the port its `scheme` implies (`https:` 443,
 * `http:` 80: `host:443` matches the first, `host:80` the second); where the scheme is not known (`//host`,
 * a host read without its URL), on either.
 */
export function isListedHost(host: string, hosts: readonly string[], scheme?: string): boolean {
  const list = hostListOf(hosts);
  if (list.every || list.exact.has(host)) return true;
  if (!/:\d+$/.test(host)) {
    // No port written: the scheme's (`https://gw` is `gw:443`, never `gw:80`); without a scheme, either.
    const implied = scheme === undefined ? undefined : defaultPortOf(scheme);
    if (implied === undefined ? list.onDefaultPort.has(host) : list.exact.has(`${host}:${implied}`)) return true;
  }
  const hostname = host.replace(/:\d+$/, '');
  return list.exact.has(hostname) || list.suffixes.some((suffix) => hostname.endsWith(suffix));
}
