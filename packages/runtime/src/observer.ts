import { describeEndpoint, phaseOf } from '@sunset/rule-data';
import { callerFromStack, captureStack, type StackSource } from './caller/call-site.js';
import { RetiredEndpointError } from './errors.js';
import { hostOfOrigin, hostsOfEntry, isApiHost, isHostOfAnyApi, schemeOfOrigin } from './match/api-hosts.js';
import { readServerDeprecation } from './match/deprecation-headers.js';
import type { HeaderLookup, ObservedRequest } from './match/observed-request.js';
import { matchRetiredRequest } from './match/retired-request.js';
import { resolvedRuntimeOptionsOf, type RuntimeOptions, type RuntimeOptionsInput } from './options.js';
import { maskUrl } from './privacy/mask-url.js';
import type { DeprecationHeaderRecord, RetiredCallRecord, RuntimeRecord } from './record/record-line.js';
import { runtimeRecordSiteKey } from './record/record-line.js';
import { blockedCallMessage, deprecationHeaderLine, linePrefix, retiredCallLine } from './report/messages.js';

/** Where the observer's output goes; the defaults suit Node and the browser alike. */
export interface ObserverOutput {
  /** `warn` and `error` modes: one line per new site (default `console.warn`). */
  readonly warn?: (line: string) => void;
  /** `record` mode: appends one JSON line (no newline) to the record file. */
  readonly appendRecordLine?: (line: string) => void;
  /** The clock of the records' `time` (default: now). */
  readonly now?: () => Date;
  /** How a caller's file is shown in a line (default: as recorded). */
  readonly displayFile?: (file: string) => string;
  /**
   * Where a failure inside the observer goes (an output above that throws, or a bug in Sunset): said
   * once, and the request goes on as if Sunset were not there (default `console.error`).
   */
  readonly failed?: (line: string) => void;
}

/**
 * Checks live requests and responses against rule-data, and reports each new site once. The
 * front ends (diagnostics_channel, the fetch wrapper, the axios and got hooks) only translate
 * their request into an `ObservedRequest` and call it.
 */
export interface RuntimeObserver {
  readonly options: RuntimeOptions;
  /**
   * Reports a request to a retired endpoint. In `error` mode it returns the error to throw instead
   * of sending the request; otherwise undefined. `stack` gives the caller's stack when the call is
   * not on the current one (the default captures the current stack, only for a match).
   */
  checkRequest(request: ObservedRequest, stack?: StackSource): RetiredEndpointError | undefined;
  /** Reports `Deprecation`/`Sunset`/`Link rel="deprecation"` response headers; never throws for them. */
  checkResponse(request: ObservedRequest, header: HeaderLookup, stack?: StackSource): void;
  /** `record` mode: appends a line for each site with requests not yet written (call once, at exit). */
  flush(): void;
  /** Every site so far, with its total count. */
  sites(): RuntimeRecord[];
}

interface Site {
  readonly record: RuntimeRecord;
  count: number;
  written: number;
}


/** An observer for the given options (validated here when given as an input object: an unknown field throws a RuntimeOptionsError naming it). */
export function createObserver(options: RuntimeOptions | RuntimeOptionsInput = {}, output: ObserverOutput = {}): RuntimeObserver {
  const resolved = resolvedRuntimeOptionsOf(options);
  const { mode, asOf, apiHosts, catalog } = resolved;
  const warn = output.warn ?? ((line: string) => console.warn(line));
  const displayFile = output.displayFile ?? ((file: string) => file);
  const now = output.now ?? (() => new Date());
  const appendRecordLine = output.appendRecordLine;
  if (mode === 'record' && appendRecordLine === undefined) {
    throw new TypeError('The record mode needs an output.appendRecordLine function (the Node entry points write to options.recordFile).');
  }
  const sites = new Map<string, Site>();
  const sayFailure = output.failed ?? ((line: string) => console.error(line));
  let failureSaid = false;
  /** A failure is never the application's: said once, then requests go on unreported where it recurs. */
  const contain = (error: unknown): void => {
    if (failureSaid) return;
    failureSaid = true;
    try {
      sayFailure(`${linePrefix} the observer failed and requests are no longer reported reliably; they are sent as usual: ${(error as Error)?.stack ?? String(error)}`);
    } catch {
      // Nowhere left to say it.
    }
  };

  /** Counts a sighting; a new site is stamped with the time and reported (a line, or a record). Returns the site's record. */
  const sight = <R extends RuntimeRecord>(unstamped: R, line: (record: R) => string): R => {
    const key = runtimeRecordSiteKey(unstamped);
    const site = sites.get(key);
    if (site) {
      site.count++;
      return site.record as R;
    }
    const record = { ...unstamped, time: now().toISOString() };
    sites.set(key, { record, count: 1, written: mode === 'record' ? 1 : 0 });
    try {
      if (mode === 'record') appendRecordLine!(JSON.stringify(record));
      else warn(line(record));
    } catch (error) {
      contain(error);
    }
    return record;
  };

  return {
    options: resolved,

    checkRequest(request, stack) {
      try {
        return checkRequest(request, stack);
      } catch (error) {
        contain(error);
        return undefined;
      }
    },

    checkResponse(request, header, stack) {
      try {
        checkResponse(request, header, stack);
      } catch (error) {
        contain(error);
      }
    },

    flush() {
      if (mode !== 'record') return;
      try {
        for (const site of sites.values()) {
          if (site.count === site.written) continue;
          appendRecordLine!(JSON.stringify({ ...site.record, count: site.count - site.written, time: now().toISOString() }));
          site.written = site.count;
        }
      } catch (error) {
        contain(error);
      }
    },

    sites() {
      return [...sites.values()].map((site) => ({ ...site.record, count: site.count }));
    },
  };

  function checkRequest(request: ObservedRequest, stack: StackSource | undefined): RetiredEndpointError | undefined {
    const matched = matchRetiredRequest(request, catalog);
    if (matched.length === 0) return undefined;
    const host = hostOfOrigin(request.origin);
    const scheme = schemeOfOrigin(request.origin);
    // As in the static tools: an entry counts only on its API's hosts (the built-in one's: api.adform.com and apiHosts).
    const entries = matched.filter((entry) => isApiHost(host, hostsOfEntry(entry, catalog, apiHosts), scheme));
    if (entries.length === 0) return undefined;
    const caller = callerFromStack((stack ?? captureStack())()) ?? null;
    const url = maskUrl(request.origin, request.path);
    let blocked: RetiredEndpointError | undefined;
    for (const entry of entries) {
      const phase = phaseOf(entry, asOf);
      if (phase === 'scheduled') continue;
      const call: RetiredCallRecord = {
        type: 'retired-call',
        entry: entry.id,
        retired: entry.retiredKey,
        method: request.method,
        url,
        host,
        caller,
        phase,
        replacements: entry.replacements.map(describeEndpoint),
        count: 1,
        time: '',
      };
      const record = sight(call, (stamped) => retiredCallLine(stamped, entry, asOf, displayFile));
      if (mode === 'error') blocked ??= new RetiredEndpointError(blockedCallMessage(record, entry, asOf, displayFile), record);
    }
    return blocked;
  }

  function checkResponse(request: ObservedRequest, header: HeaderLookup, stack: StackSource | undefined): void {
    const said = readServerDeprecation(header);
    if (!said) return;
    const host = hostOfOrigin(request.origin);
    const scheme = schemeOfOrigin(request.origin);
    if (!isHostOfAnyApi(host, catalog, apiHosts, scheme)) return;
    const entry = matchRetiredRequest(request, catalog).find((matched) => isApiHost(host, hostsOfEntry(matched, catalog, apiHosts), scheme));
    const response: DeprecationHeaderRecord = {
      type: 'deprecation-header',
      entry: entry?.id ?? null,
      method: request.method,
      url: maskUrl(request.origin, request.path),
      host,
      caller: (stack && callerFromStack(stack())) ?? null,
      deprecation: said.deprecation ?? null,
      sunset: said.sunset ?? null,
      links: said.links,
      count: 1,
      time: '',
    };
    sight(response, (stamped) => deprecationHeaderLine(stamped, displayFile));
  }
}
