import { flatText, type Segment } from './segments.js';

const explicitHost = /^(?:[a-z][a-z0-9+.-]*:)?\/\/(?:[^@/?#\0]*@)?([^/?#\0]*)(?:$|[/?#])/i;

/** The host (with port) a URL names in static text; undefined for a relative URL or an unknown base. */
export function explicitHostOf(text: string): string | undefined {
  const found = explicitHost.exec(text);
  return found ? found[1]!.toLowerCase() : undefined;
}

/** A host matches a list entry written as `host`, `host:port` or `*.domain`. */
export function isApiHost(host: string, apiHosts: readonly string[]): boolean {
  const hostname = host.replace(/:\d+$/, '');
  return apiHosts.some((entry) => {
    const wanted = entry.toLowerCase();
    if (wanted.startsWith('*.')) return hostname.endsWith(wanted.slice(1));
    return wanted === host || wanted === hostname;
  });
}

/** With an API host list, a URL naming another host is not the API; relative URLs and unknown bases still count. */
export function isOnApiHost(segments: readonly Segment[], apiHosts: readonly string[] | undefined): boolean {
  return isTokenOnApiHost(flatText(segments), apiHosts);
}

export function isTokenOnApiHost(text: string, apiHosts: readonly string[] | undefined): boolean {
  if (!apiHosts) return true;
  const host = explicitHostOf(text);
  return host === undefined || isApiHost(host, apiHosts);
}
