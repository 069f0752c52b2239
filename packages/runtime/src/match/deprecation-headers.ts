import type { HeaderLookup } from './observed-request.js';

/** What a response says about its endpoint's retirement (RFC 9745 `Deprecation`, RFC 8594 `Sunset`, `Link rel="deprecation"`). */
export interface ServerDeprecation {
  /** When the endpoint is (or will be) deprecated, ISO 8601; `true` for the legacy `Deprecation: true`; undefined without the header. */
  readonly deprecation: string | true | undefined;
  /** When the endpoint will stop answering, ISO 8601. */
  readonly sunset: string | undefined;
  /** The `rel="deprecation"` links: documentation of the deprecation. */
  readonly links: readonly string[];
}

const imfFixdate = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** An HTTP-date (IMF-fixdate, RFC 9110) as ISO 8601, or undefined. */
function httpDate(value: string): string | undefined {
  const text = value.trim();
  if (!imfFixdate.test(text)) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** RFC 9745: a structured-field Date `@1688169599`; the drafts before it: `true` or an HTTP-date. */
function parseDeprecation(value: string): string | true | undefined {
  const text = value.trim();
  const seconds = /^@(-?\d{1,15})$/.exec(text);
  if (seconds) return new Date(Number(seconds[1]) * 1000).toISOString();
  if (text.toLowerCase() === 'true') return true;
  return httpDate(text);
}

const linkValue = /<([^>]*)>((?:\s*;\s*[^;,]+)*)/g;
const relParam = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i;

/** The targets of the `Link` header's `rel="deprecation"` links (rel may list several relation types). */
function deprecationLinks(value: string): string[] {
  const links: string[] = [];
  for (const link of value.matchAll(linkValue)) {
    const rel = relParam.exec(link[2] ?? '');
    const relations = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (relations.includes('deprecation')) links.push(link[1]!);
  }
  return links;
}

/** The response's deprecation headers; undefined when it has none that parse. */
export function readServerDeprecation(header: HeaderLookup): ServerDeprecation | undefined {
  const deprecationValue = header('deprecation');
  const sunsetValue = header('sunset');
  const linkHeader = header('link');
  if (deprecationValue === undefined && sunsetValue === undefined && (linkHeader === undefined || !/deprecation/i.test(linkHeader))) return undefined;
  const deprecation = deprecationValue === undefined ? undefined : parseDeprecation(deprecationValue);
  const sunset = sunsetValue === undefined ? undefined : httpDate(sunsetValue);
  const links = linkHeader === undefined ? [] : deprecationLinks(linkHeader);
  if (deprecation === undefined && sunset === undefined && links.length === 0) return undefined;
  return { deprecation, sunset, links };
}
