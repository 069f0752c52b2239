import { captureStack, type StackSource } from '../caller/call-site.js';
import { headerLookupOf, observedRequestOf, type HeaderLookup, type ObservedRequest } from '../match/observed-request.js';
import type { RuntimeObserver } from '../observer.js';

// Structural types: @sunset/runtime does not depend on axios.

/** The fields of an axios request config the hook reads. */
export interface AxiosConfigLike {
  url?: string;
  baseURL?: string;
  method?: string;
  headers?: unknown;
  data?: unknown;
}

export interface AxiosResponseLike<C extends AxiosConfigLike = AxiosConfigLike> {
  config: C;
  headers: unknown;
}

interface InterceptorManagerLike<V> {
  use(onFulfilled: (value: V) => V | Promise<V>, onRejected?: null, options?: { synchronous?: boolean }): number;
  eject(id: number): void;
}

/** An axios instance (or the default export); generic so axios's own config and response types fit. */
export interface AxiosLike<C extends AxiosConfigLike = AxiosConfigLike, R extends AxiosResponseLike = AxiosResponseLike> {
  interceptors: {
    request: InterceptorManagerLike<C>;
    response: InterceptorManagerLike<R>;
  };
}

const absoluteUrl = /^(?:[a-z][a-z\d+\-.]*:)?\/\//i;

/** axios's own rule: a relative `url` is appended to `baseURL`. */
function fullUrl(config: AxiosConfigLike): string {
  const url = config.url ?? '';
  if (!config.baseURL || absoluteUrl.test(url)) return url;
  return url === '' ? config.baseURL : `${config.baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

function axiosHeaderLookup(headers: unknown): HeaderLookup {
  const withGet = headers as { get?: (name: string) => unknown } | undefined;
  if (typeof withGet?.get === 'function') {
    return (name) => {
      const value = withGet.get!(name);
      return value === undefined || value === null || value === false ? undefined : String(value);
    };
  }
  return headerLookupOf(headers);
}

function axiosRequestOf(config: AxiosConfigLike): ObservedRequest | undefined {
  const page = (globalThis as { location?: { href?: string } }).location?.href;
  return observedRequestOf(config.method ?? 'get', fullUrl(config), axiosHeaderLookup(config.headers), config.data, page);
}

/**
 * Adds Sunset's interceptors to an axios instance; returns a function that removes them. The request
 * interceptor is synchronous, so it runs inside the caller's `axios.get(...)` and sees its line (as
 * long as every other request interceptor is synchronous too); in `error` mode it throws, and axios
 * rejects the call without sending anything.
 */
export function installSunsetAxios<C extends AxiosConfigLike, R extends AxiosResponseLike<C>>(axios: AxiosLike<C, R>, observer: RuntimeObserver): () => void {
  const requests = new WeakMap<AxiosConfigLike, { request: ObservedRequest; stack: StackSource }>();
  const requestId = axios.interceptors.request.use(
    (config) => {
      const request = axiosRequestOf(config);
      if (!request) return config;
      const stack = captureStack(32);
      const blocked = observer.checkRequest(request, stack);
      if (blocked) throw blocked;
      requests.set(config, { request, stack });
      return config;
    },
    null,
    { synchronous: true },
  );
  const responseId = axios.interceptors.response.use((response) => {
    const sent = requests.get(response.config);
    if (sent) observer.checkResponse(sent.request, axiosHeaderLookup(response.headers), sent.stack);
    return response;
  });
  return () => {
    axios.interceptors.request.eject(requestId);
    axios.interceptors.response.eject(responseId);
  };
}
