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

/**
 * What kind of local host `host` (lower case, `name[:port]` or `[v6][:port]`) is: `loopback` for this
 * machine (`localhost`, `*.localhost`, `127.0.0.0/8`, `[::1]`, `0.0.0.0`, `[::]`), `private` for an address
 * of a private network (`10.0.0.0/8`, `172.16.0.0/12`, `192.168.0.0/16`, `[fc00::/7]`); undefined for any
 * other host. No vendor's API is served from one: a request to it goes through something the code does
 * not show (a dev server's proxy, a gateway, a mock), so its host says nothing about whose API it calls.
 * Only addresses count as private, never names: a name (`api`, `orders.internal`) is a service's.
 */
export function localHostKind(host: string): 'loopback' | 'private' | undefined {
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
  if (name === 'localhost' || name.endsWith('.localhost') || name === '[::1]' || name === '[::]' || name === '0.0.0.0') return 'loopback';
  if (name.startsWith('[')) return /^\[f[cd][0-9a-f]{0,2}:/.test(name) ? 'private' : undefined;
  const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(name)?.slice(1).map(Number);
  if (octets === undefined || octets.some((octet) => octet > 255)) return undefined;
  const [first, second] = octets as [number, number, number, number];
  if (first === 127) return 'loopback';
  if (first === 10 || (first === 172 && second >= 16 && second <= 31) || (first === 192 && second === 168)) return 'private';
  return undefined;
}

/**
 * A local host (`localHostKind`) that neither the API's `hosts` nor another API's (`claimed`) list: the
 * request is matched by its path alone. False for no host, no host list (every host), or any other host.
 */
export function isUnlistedLocalHost(host: string | undefined, hosts: readonly string[] | undefined, scheme?: string, claimed?: readonly string[]): boolean {
  if (host === undefined || hosts === undefined || localHostKind(host) === undefined) return false;
  return !isListedHost(host, hosts, scheme) && !(claimed !== undefined && isListedHost(host, claimed, scheme));
}
