import diagnosticsChannel from 'node:diagnostics_channel';
import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import type { Catalog } from '@sunset/rule-data';
import { headerLookupOf, type ObservedRequest } from '../match/observed-request.js';
import { mightBeRetired } from '../match/retired-request.js';
import type { RuntimeObserver } from '../observer.js';

type RequestFunction = typeof http.request;

const defaultPorts: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

/** The request `http.request(url?, options?, callback?)` is about to make, read the way Node reads its arguments. */
function requestOfArguments(args: readonly unknown[], defaultProtocol: string, catalog: Catalog): ObservedRequest | undefined {
  const [first, second] = args;
  if (!couldBeRetired(first, second, catalog)) return undefined;
  let url: URL | undefined;
  let options: http.RequestOptions = {};
  if (typeof first === 'string') {
    try {
      url = new URL(first);
    } catch {
      return undefined; // Node throws ERR_INVALID_URL itself
    }
  } else if (first instanceof URL) {
    url = first;
  } else if (typeof first === 'object' && first !== null) {
    options = first as http.RequestOptions;
  }
  if (url && typeof second === 'object' && second !== null) options = second as http.RequestOptions;
  const agentProtocol = (options.agent as { protocol?: string } | undefined)?.protocol;
  const protocol = options.protocol ?? url?.protocol ?? agentProtocol ?? defaultProtocol;
  let hostname = options.hostname ?? options.host ?? url?.hostname ?? 'localhost';
  if (hostname.includes(':') && !hostname.startsWith('[')) hostname = `[${hostname}]`;
  const port = String(options.port ?? (url?.port || options.defaultPort || ''));
  const origin = `${protocol}//${hostname}${port === '' || port === defaultPorts[protocol] ? '' : `:${port}`}`;
  return {
    method: (options.method ?? 'GET').toUpperCase(),
    origin,
    path: options.path ?? (url ? `${url.pathname}${url.search}` : '/'),
    header: headerLookupOf(options.headers),
  };
}

/** The pre-test on the arguments as given, before any URL is parsed: most requests stop here. */
function couldBeRetired(first: unknown, second: unknown, catalog: Catalog): boolean {
  const options = (typeof first === 'object' && first !== null && !(first instanceof URL) ? first : typeof second === 'object' && second !== null ? second : {}) as http.RequestOptions;
  const text = typeof first === 'string' ? first : first instanceof URL ? first.href : '';
  return mightBeRetired((options.method ?? 'GET').toUpperCase(), `${text} ${options.path ?? ''}`, headerLookupOf(options.headers), catalog);
}

/** The request behind a response, rebuilt from Node's `ClientRequest` (only for responses with deprecation headers). */
function requestOfClientRequest(request: http.ClientRequest): ObservedRequest {
  const host = request.getHeader('host');
  return {
    method: request.method,
    origin: `${request.protocol}//${typeof host === 'string' ? host : request.host}`,
    path: request.path,
    header: (name) => {
      const value = request.getHeader(name);
      return value === undefined ? undefined : String(value);
    },
  };
}

/**
 * Watches Node's http/https clients (and so axios, got, node-fetch, SOAP clients built on them).
 * Node 20's `http.client.request.start` channel fires only after the request's head is written to the
 * socket, and asynchronously (the caller is no longer on the stack), so it can neither stop a request
 * nor name the caller: `request` and `get` of `node:http` and `node:https` are wrapped instead (the
 * arguments and the result pass through untouched). Response headers come from the
 * `http.client.response.finish` channel. Returns the function that restores everything.
 */
export function observeHttpClients(observer: RuntimeObserver, onInternalError: (error: unknown) => void): () => void {
  const wrap = (original: RequestFunction, defaultProtocol: string): RequestFunction => {
    const observed = function (this: unknown, ...args: unknown[]): http.ClientRequest {
      let blocked: Error | undefined;
      try {
        const request = requestOfArguments(args, defaultProtocol, observer.options.catalog);
        blocked = request && observer.checkRequest(request);
      } catch (error) {
        onInternalError(error);
      }
      if (blocked) throw blocked;
      return (original as (...rest: unknown[]) => http.ClientRequest).apply(this, args);
    };
    Object.defineProperty(observed, 'name', { value: original.name });
    return observed as RequestFunction;
  };
  const modules = [
    { module: http, protocol: 'http:', request: http.request, get: http.get },
    { module: https, protocol: 'https:', request: https.request, get: https.get },
  ];
  for (const { module, protocol, request, get } of modules) {
    module.request = wrap(request, protocol);
    module.get = wrap(get, protocol);
  }
  syncBuiltinESMExports();

  const onResponse = (message: unknown): void => {
    try {
      const { request, response } = message as { request: http.ClientRequest; response: http.IncomingMessage };
      const { headers } = response;
      if (headers['deprecation'] === undefined && headers['sunset'] === undefined && headers['link'] === undefined) return;
      observer.checkResponse(requestOfClientRequest(request), headerLookupOf(headers));
    } catch (error) {
      onInternalError(error);
    }
  };
  diagnosticsChannel.subscribe('http.client.response.finish', onResponse);
  return () => {
    for (const { module, request, get } of modules) {
      module.request = request;
      module.get = get;
    }
    syncBuiltinESMExports();
    diagnosticsChannel.unsubscribe('http.client.response.finish', onResponse);
  };
}
