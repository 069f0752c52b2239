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
  /** `axios.create` (each instance has its own since axios 1): the instances it makes are hooked too. */
  create?: (...config: never[]) => unknown;
  /** The class on axios's default export (`new axios.Axios(config)`): the instances it makes are hooked too. */
  Axios?: new (...config: never[]) => unknown;
}

/** One observer's hooks on one instance. */
interface InstanceHook {
  /** False once removed, by its own remover or by that of the instance it was created from. */
  readonly isActive: () => boolean;
  readonly remove: () => void;
}

/** Where an instance keeps its hooks, one per observer: installing twice, or on an instance its parent's `create` hooked, hooks once. */
const sunsetHooks = Symbol('@sunset/runtime axios hooks');

type HookedAxios = AxiosLike<AxiosConfigLike, AxiosResponseLike> & { [sunsetHooks]?: Map<RuntimeObserver, InstanceHook> };

function isAxiosInstance(value: unknown): value is AxiosLike {
  const interceptors = (value as Partial<AxiosLike> | null | undefined)?.interceptors;
  return (typeof value === 'function' || typeof value === 'object') && typeof interceptors?.request?.use === 'function' && typeof interceptors.response?.use === 'function';
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

/** Adds the interceptors to one instance and wraps its `create`; `parentActive` says whether the hook it was made through still holds. */
function hookInstance<C extends AxiosConfigLike, R extends AxiosResponseLike<C>>(axios: AxiosLike<C, R>, observer: RuntimeObserver, parentActive: () => boolean): () => void {
  const instance = axios as unknown as HookedAxios;
  const hooks = instance[sunsetHooks] ?? new Map<RuntimeObserver, InstanceHook>();
  const existing = hooks.get(observer);
  if (existing?.isActive()) return existing.remove;
  let removed = false;
  const isActive = (): boolean => !removed && parentActive();
  const requests = new WeakMap<AxiosConfigLike, { request: ObservedRequest; stack: StackSource }>();
  const requestId = axios.interceptors.request.use(
    (config) => {
      const request = isActive() ? axiosRequestOf(config) : undefined;
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
  const originalCreate = instance.create;
  const create =
    typeof originalCreate === 'function'
      ? function create(this: unknown, ...config: never[]): unknown {
          const made = originalCreate.apply(this, config);
          if (isActive() && isAxiosInstance(made)) hookInstance(made, observer, isActive);
          return made;
        }
      : undefined;
  if (create) instance.create = create;
  // `new axios.Axios(config)` makes an instance as `create` does; a proxy keeps the class's prototype, statics and subclassing.
  const originalClass = instance.Axios;
  const hookedClass =
    typeof originalClass === 'function'
      ? new Proxy(originalClass, {
          construct(target, args, newTarget): object {
            const made = Reflect.construct(target, args, newTarget) as object;
            if (isActive() && isAxiosInstance(made)) hookInstance(made, observer, isActive);
            return made;
          },
        })
      : undefined;
  if (hookedClass) instance.Axios = hookedClass;
  const remove = (): void => {
    removed = true;
    axios.interceptors.request.eject(requestId);
    axios.interceptors.response.eject(responseId);
    if (create && instance.create === create) instance.create = originalCreate;
    if (hookedClass && instance.Axios === hookedClass) instance.Axios = originalClass;
    if (hooks.get(observer) === hook) hooks.delete(observer);
  };
  const hook: InstanceHook = { isActive, remove };
  hooks.set(observer, hook);
  if (!instance[sunsetHooks]) Object.defineProperty(instance, sunsetHooks, { value: hooks, configurable: true });
  return remove;
}

/**
 * Adds Sunset's interceptors to an axios instance, and to every instance its `create` (or, on axios's
 * default export, `new axios.Axios(config)`) makes from then on (`axios.create({ baseURL })`); returns a
 * function that removes them all. An instance created
 * before cannot be found: hook it too. Installing again with the same observer adds nothing. The request
 * interceptor is synchronous, so it runs inside the caller's `axios.get(...)` and sees its line (as long
 * as every other request interceptor is synchronous too); in `error` mode it throws, and axios rejects
 * the call without sending anything.
 */
export function installSunsetAxios<C extends AxiosConfigLike, R extends AxiosResponseLike<C>>(axios: AxiosLike<C, R>, observer: RuntimeObserver): () => void {
  return hookInstance(axios, observer, () => true);
}
