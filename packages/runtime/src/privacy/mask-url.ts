/** What stands for a masked value: `access_token=…`. */
export const maskedValue = '…';

/**
 * The URL as it may be recorded: every query value masked (`?access_token=…&page=…`), keys kept;
 * user and password dropped; the fragment dropped. Paths are kept: they are what the report is about.
 */
export function maskUrl(origin: string, path: string): string {
  const queryStart = path.indexOf('?');
  const hashStart = path.indexOf('#');
  const pathEnd = queryStart !== -1 ? queryStart : hashStart !== -1 ? hashStart : path.length;
  const pathname = path.slice(0, pathEnd);
  if (queryStart === -1) return `${maskOrigin(origin)}${pathname}`;
  const query = path.slice(queryStart + 1, hashStart > queryStart ? hashStart : path.length);
  const masked = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      return equals === pair.length - 1 ? pair : `${pair.slice(0, equals)}=${maskedValue}`;
    })
    .join('&');
  return `${maskOrigin(origin)}${pathname}?${masked}`;
}

/** `https://user:secret@host` → `https://host`. */
function maskOrigin(origin: string): string {
  return origin.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/]*@/i, '$1');
}
