import { captureStack } from '../caller/call-site.js';
import { observedRequestOf, type HeaderLookup, type ObservedRequest } from '../match/observed-request.js';
import type { RuntimeObserver } from '../observer.js';

// No node: imports here or below: the wrapper runs in browsers too.

type FetchInput = Parameters<typeof fetch>[0];
type FetchInit = Parameters<typeof fetch>[1];

/** The page's address in a browser, against which relative URLs resolve. */
const pageAddress = (): string | undefined => (globalThis as { location?: { href?: string } }).location?.href;

function lazyHeaders(init: ConstructorParameters<typeof Headers>[0]): HeaderLookup {
  let headers: Headers | undefined;
  return (name) => {
    headers ??= new Headers(init);
    return headers.get(name) ?? undefined;
  };
}

function fetchRequestOf(input: FetchInput, init: FetchInit): ObservedRequest | undefined {
  if (typeof Request !== 'undefined' && input instanceof Request) {
    return observedRequestOf(init?.method ?? input.method, input.url, lazyHeaders(init?.headers ?? input.headers), init?.body, pageAddress());
  }
  return observedRequestOf(init?.method ?? 'GET', input as string | URL, lazyHeaders(init?.headers), init?.body, pageAddress());
}

/**
 * `fetch` with Sunset watching: a request to a retired endpoint is reported (or, in `error` mode,
 * rejected before it is sent), and deprecation headers of the response are reported.
 *
 * ```ts
 * const fetch = withSunset(globalThis.fetch, createObserver({ mode: 'error', apiHosts: ['api.example.com'] }));
 * ```
 */
export function withSunset(fetchFunction: typeof fetch, observer: RuntimeObserver): typeof fetch {
  return async function sunsetFetch(input: FetchInput, init?: FetchInit): Promise<Response> {
    const request = fetchRequestOf(input, init);
    const blocked = request && observer.checkRequest(request);
    if (blocked) throw blocked;
    const response = await fetchFunction(input, init);
    // After the await, the async stack still leads to the caller; it is captured only for a finding.
    if (request) observer.checkResponse(request, (name) => response.headers.get(name) ?? undefined, () => captureStack()());
    return response;
  };
}
