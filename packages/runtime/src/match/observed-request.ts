/** A header by its lower-case name, as the request or response carries it. */
export type HeaderLookup = (lowerCaseName: string) => string | undefined;

/** An outgoing request as an observer sees it, whatever client sent it. */
export interface ObservedRequest {
  /** Upper-case, as sent. */
  readonly method: string;
  /** Scheme, host and port (when not the default): `http://127.0.0.1:4000`. */
  readonly origin: string;
  /** Path and query as sent: `/v1/campaigns/7?access_token=x`. */
  readonly path: string;
  /** Only `soapaction` and `content-type` are ever asked for. */
  readonly header: HeaderLookup;
  /** The body when the caller gave a string (SOAP envelopes); never recorded. */
  readonly body?: string | undefined;
}

/** A case-insensitive lookup over a plain header object (`{ SOAPAction: '...' }`) or `[name, value, ...]` list. */
export function headerLookupOf(headers: unknown): HeaderLookup {
  if (Array.isArray(headers)) {
    return (name) => {
      for (let index = 0; index + 1 < headers.length; index += 2) {
        if (String(headers[index]).toLowerCase() === name) return String(headers[index + 1]);
      }
      return undefined;
    };
  }
  if (typeof headers !== 'object' || headers === null) return () => undefined;
  const record = headers as Record<string, unknown>;
  return (name) => {
    for (const key of Object.keys(record)) {
      if (key.toLowerCase() !== name) continue;
      const value = record[key];
      if (value === undefined || value === null) return undefined;
      return Array.isArray(value) ? value.map(String).join(', ') : String(value);
    }
    return undefined;
  };
}

/** The request for an absolute URL; undefined when the text is not one. */
export function observedRequestOf(
  method: string,
  url: string | URL,
  header: HeaderLookup,
  body?: unknown,
  base?: string,
): ObservedRequest | undefined {
  let parsed: URL;
  try {
    parsed = url instanceof URL ? url : new URL(url, base);
  } catch {
    return undefined;
  }
  return {
    method: method.toUpperCase(),
    origin: parsed.origin,
    path: `${parsed.pathname}${parsed.search}`,
    header,
    body: typeof body === 'string' ? body : undefined,
  };
}
