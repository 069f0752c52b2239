import { captureStack } from '../caller/call-site.js';
import { headerLookupOf, observedRequestOf, type ObservedRequest } from '../match/observed-request.js';
import type { RuntimeObserver } from '../observer.js';

// Structural types: @sunset/runtime does not depend on got.

/** The fields of got's normalized `Options` the handler reads. */
export interface GotOptionsLike {
  readonly url?: string | URL | undefined;
  readonly method: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body?: unknown;
}

interface GotResponseLike {
  readonly headers: Record<string, string | string[] | undefined>;
}

/** got's handler signature: `(options, next) => next(options)`. */
export type GotHandler = <O extends GotOptionsLike, T>(options: O, next: (options: O) => T) => T;

function gotRequestOf(options: GotOptionsLike): ObservedRequest | undefined {
  if (options.url === undefined) return undefined;
  return observedRequestOf(options.method, options.url, headerLookupOf(options.headers), options.body);
}

const canListen = (value: unknown): value is { on(event: 'response', listener: (response: GotResponseLike) => void): unknown } =>
  typeof (value as { on?: unknown } | null)?.on === 'function';

/**
 * A got handler: `got.extend({ handlers: [sunsetGotHandler(observer)] })`. got runs handlers inside
 * the caller's `got(...)` call, so the report has the caller's line; in `error` mode the call throws
 * before got starts the request. Response headers are read from got's `response` event.
 */
export function sunsetGotHandler(observer: RuntimeObserver): GotHandler {
  return (options, next) => {
    const request = gotRequestOf(options);
    if (!request) return next(options);
    const stack = captureStack(32);
    const blocked = observer.checkRequest(request, stack);
    if (blocked) throw blocked;
    const result = next(options);
    if (canListen(result)) result.on('response', (response) => observer.checkResponse(request, headerLookupOf(response.headers), stack));
    return result;
  };
}
