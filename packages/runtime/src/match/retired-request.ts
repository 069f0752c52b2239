import { matchOperationName, matchUrlShape, type Catalog, type HttpMethod, type RetirementEntry } from '@sunset/rule-data';
import type { HeaderLookup, ObservedRequest } from './observed-request.js';
import { operationFromContentType, operationFromEnvelope, operationFromSoapAction, operationFromWcfPath } from './soap.js';

const httpMethods: ReadonlySet<string> = new Set<HttpMethod>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

function pathnameOf(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

/** The operation names a SOAP/WCF request carries, most precise first: the envelope, the action, the WCF URL. */
function operationNames(request: ObservedRequest, pathname: string): string[] {
  const names: (string | undefined)[] = [];
  if (request.method === 'POST') {
    if (request.body !== undefined) names.push(operationFromEnvelope(request.body));
    names.push(operationFromSoapAction(request.header('soapaction')), operationFromContentType(request.header('content-type')));
  }
  if (pathname.includes('.svc/')) names.push(operationFromWcfPath(pathname));
  return names.filter((name): name is string => name !== undefined);
}

/**
 * The cheap test before a request is even parsed: false means no entry can match. `text` is the
 * path, or the whole URL (a superset is fine); `header` and `body` are looked at only for a POST.
 */
export function mightBeRetired(method: string, text: string, header: HeaderLookup, catalog: Catalog, body?: string): boolean {
  if (catalog.needlePattern.test(text) || text.includes('.svc/')) return true;
  if (method !== 'POST') return false;
  return header('soapaction') !== undefined || /xml/i.test(header('content-type') ?? '') || (body?.includes('Envelope') ?? false);
}

/**
 * The retired entries a live request calls: its method and URL against the retired paths, else the
 * SOAP/WCF operation it names. One request is one call: the first operation name that is an entry wins.
 * The URL is read with its origin, as the static tools read a URL that names its host: on the built-in
 * API's own host its paths begin at the root (`https://api.adform.com/v2/v1/campaigns` is no retired path).
 */
export function matchRetiredRequest(request: ObservedRequest, catalog: Catalog): RetirementEntry[] {
  if (!mightBeRetired(request.method, request.path, request.header, catalog, request.body)) return [];
  const pathname = pathnameOf(request.path);
  if (httpMethods.has(request.method) && catalog.needlePattern.test(pathname)) {
    // An origin without a host (`null`, of a URL whose scheme has none) adds nothing to the path.
    const url = request.origin.includes('//') ? `${request.origin}${pathname}` : pathname;
    const matches = matchUrlShape([{ kind: 'text', value: url }], request.method as HttpMethod, catalog);
    if (matches.length > 0) return matches.map((match) => match.entry);
  }
  for (const name of operationNames(request, pathname)) {
    const match = matchOperationName(name, catalog);
    if (match && !match.asyncVariant) return [match.entry];
  }
  return [];
}
