import diagnosticsChannel from 'node:diagnostics_channel';
import { headerLookupOf, type HeaderLookup, type ObservedRequest } from '../match/observed-request.js';
import { mightBeRetired } from '../match/retired-request.js';
import type { RuntimeObserver } from '../observer.js';

/** The fields of undici's request object (global `fetch` and the undici package) that are read. */
interface UndiciRequestLike {
  readonly method: string;
  readonly origin: string | URL;
  readonly path: string;
  /** `[name, value, ...]` since undici 6, `name: value\r\n...` before. */
  readonly headers: unknown;
  readonly body?: unknown;
  /** Fails the request before it is written: the request is dropped from the queue unsent. */
  readonly onError?: (error: Error) => void;
}

interface UndiciResponseLike {
  readonly headers: readonly (Buffer | string)[];
}

/** Bodies larger than this are not searched for a SOAP envelope. */
const largestEnvelope = 1 << 20;

function requestHeaderLookup(headers: unknown): HeaderLookup {
  if (typeof headers !== 'string') return cachedLookup(headerLookupOf(headers));
  return (name) => {
    for (const line of headers.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon !== -1 && line.slice(0, colon).trim().toLowerCase() === name) return line.slice(colon + 1).trim();
    }
    return undefined;
  };
}

/** A string body as sent: undici turns a string body into a Buffer; an XML one may be a SOAP envelope. */
function xmlBody(request: UndiciRequestLike, header: HeaderLookup): string | undefined {
  const { body } = request;
  if (request.method !== 'POST' || !(body instanceof Uint8Array) || body.byteLength > largestEnvelope) return undefined;
  if (!/xml/i.test(header('content-type') ?? '') && header('soapaction') === undefined) return undefined;
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
}

/** Remembers the answers: the SOAP checks may ask for a header twice. */
function cachedLookup(lookup: HeaderLookup): HeaderLookup {
  const answers = new Map<string, string | undefined>();
  return (name) => {
    if (!answers.has(name)) answers.set(name, lookup(name));
    return answers.get(name);
  };
}

function undiciRequestOf(request: UndiciRequestLike, header = requestHeaderLookup(request.headers)): ObservedRequest {
  return {
    method: request.method.toUpperCase(),
    origin: typeof request.origin === 'string' ? request.origin : request.origin.origin,
    path: request.path,
    header,
    body: xmlBody(request, header),
  };
}

const watchedResponseHeaders = new Set(['deprecation', 'sunset', 'link']);

/** `link`, `sunset`, `deprecation`: the length and first letter (either case) of each, as a cheap pre-test. */
const mightBeWatched = (name: Buffer | string): boolean => {
  const first = (typeof name === 'string' ? name.charCodeAt(0) : name[0]!) | 0x20;
  const length = name.length;
  return (length === 4 && first === 0x6c) || (length === 6 && first === 0x73) || (length === 11 && first === 0x64);
};

/** One pass over the raw response headers; undefined when none of the watched ones is there (the usual case). */
function deprecationHeaderLookup(raw: readonly (Buffer | string)[]): HeaderLookup | undefined {
  let found: Map<string, string> | undefined;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = raw[index]!;
    if (!mightBeWatched(name)) continue;
    const lower = name.toString().toLowerCase();
    if (!watchedResponseHeaders.has(lower)) continue;
    found ??= new Map();
    const value = raw[index + 1]!.toString();
    found.set(lower, found.has(lower) ? `${found.get(lower)!}, ${value}` : value);
  }
  return found && ((name) => found.get(name));
}

/**
 * Watches undici's requests (Node's global `fetch` and the undici package) through
 * `diagnostics_channel`: `undici:request:create` fires synchronously inside the caller's `fetch(...)`,
 * before the request is queued; in `error` mode the request is failed there, and never written.
 * `undici:request:headers` gives the response headers. Returns the unsubscribe function.
 */
export function observeUndici(observer: RuntimeObserver, onInternalError: (error: unknown) => void): () => void {
  const { catalog } = observer.options;
  const onCreate = (message: unknown): void => {
    const { request } = message as { request: UndiciRequestLike };
    let blocked: Error | undefined;
    try {
      const header = requestHeaderLookup(request.headers);
      if (mightBeRetired(request.method, request.path, header, catalog)) blocked = observer.checkRequest(undiciRequestOf(request, header));
    } catch (error) {
      onInternalError(error);
    }
    if (!blocked) return;
    if (typeof request.onError === 'function') request.onError(blocked);
    else onInternalError(new Error(`this undici version has no request.onError: Sunset could not stop ${request.method} ${request.path}`));
  };
  const onHeaders = (message: unknown): void => {
    try {
      const { request, response } = message as { request: UndiciRequestLike; response: UndiciResponseLike };
      const header = deprecationHeaderLookup(response.headers);
      if (header) observer.checkResponse(undiciRequestOf(request), header);
    } catch (error) {
      onInternalError(error);
    }
  };
  diagnosticsChannel.subscribe('undici:request:create', onCreate);
  diagnosticsChannel.subscribe('undici:request:headers', onHeaders);
  return () => {
    diagnosticsChannel.unsubscribe('undici:request:create', onCreate);
    diagnosticsChannel.unsubscribe('undici:request:headers', onHeaders);
  };
}
