// Whether a host is on a list of API hosts: one reading for sunset check, ESLint and the runtime.

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
 * default port `hostWithoutDefaultPort` drops) matches `host:443` and `host:80`: the scheme's default port.
 */
export function isListedHost(host: string, hosts: readonly string[]): boolean {
  const list = hostListOf(hosts);
  if (list.every || list.exact.has(host) || list.onDefaultPort.has(host)) return true;
  const hostname = host.replace(/:\d+$/, '');
  return list.exact.has(hostname) || list.suffixes.some((suffix) => hostname.endsWith(suffix));
}
