import { explicitHostOf, isApiHost } from '../url/hosts.js';
import { flatText, sliceText, type Segment } from '../url/segments.js';

/** A URL that reaches a given path, with what follows the path (the query, for parameters). */
export interface UrlTarget {
  /** The segments after `?` (empty when there is none); a hole right after the path counts as the query. */
  readonly query: readonly Segment[];
}

const HOLE = '\u0000';

/**
 * Whether the URL the code builds reaches `path` (compared case-insensitively, as the vendor's
 * routing does): a base may stand before it (nothing, `https://host`, a base path, a hole), and after
 * it only the end, a query, a fragment, a trailing slash or a hole. Text with whitespace or quotes
 * before the path is prose, not a URL.
 */
export function urlTargetOf(segments: readonly Segment[], path: string): UrlTarget | undefined {
  const text = segments.map((segment) => (segment.kind === 'hole' ? HOLE : segment.value)).join('');
  const lower = text.toLowerCase();
  const wanted = path.toLowerCase();
  for (let at = lower.indexOf(wanted); at !== -1; at = lower.indexOf(wanted, at + 1)) {
    const before = text.slice(0, at);
    if (/[\s'"`?#]/.test(before)) return undefined;
    const rest = text.slice(at + wanted.length);
    const after = rest.startsWith('/') ? rest.slice(1) : rest;
    if (after !== '' && !/^[?#\u0000]/.test(after) && rest !== '/') continue;
    return { query: queryAfter(segments, at + wanted.length) };
  }
  return undefined;
}

/** The segments after the `?` that follows flat offset `from` (or the hole right there). */
function queryAfter(segments: readonly Segment[], from: number): Segment[] {
  let offset = 0;
  const rest: Segment[] = [];
  for (const segment of segments) {
    const length = segment.kind === 'hole' ? 1 : segment.value.length;
    if (offset + length <= from) {
      offset += length;
      continue;
    }
    rest.push(segment.kind === 'text' && offset < from ? sliceText(segment, from - offset) : segment);
    offset += length;
  }
  const first = rest[0];
  if (!first) return [];
  if (first.kind === 'hole') return rest;
  const afterSlash = first.value.startsWith('/') ? 1 : 0;
  if (first.value.length === afterSlash) return rest.slice(1);
  if (first.value[afterSlash] !== '?') return [];
  return [sliceText(first, afterSlash + 1), ...rest.slice(1)];
}

/** With a host list, a URL naming another host is someone else's; relative URLs and unknown bases still count. */
export function isOnListedHost(segments: readonly Segment[], hosts: readonly string[] | undefined): boolean {
  if (!hosts) return true;
  const host = explicitHostOf(flatText(segments));
  return host === undefined || isApiHost(host, hosts);
}
