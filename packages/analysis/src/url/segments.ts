import type { UrlPart } from '@sunset/rule-data';
import type { Node } from '../ast/nodes.js';

export type Quote = "'" | '"' | '`';

/** How many leading characters of `value` are written as-is in `raw` (before the first escape). */
export function mappedPrefixLength(raw: string, value: string): number {
  // Most literals have no escape: one comparison, no character strings.
  if (raw === value) return value.length;
  let length = 0;
  while (length < raw.length && length < value.length && raw.charCodeAt(length) === value.charCodeAt(length) && raw.charCodeAt(length) !== 0x5c) length++;
  return length;
}

/** Static text of a URL as the code builds it, with where each character sits in the source. */
export interface TextSegment {
  readonly kind: 'text';
  readonly value: string;
  /** Source offset of `value[0]`; undefined when the text is not written in this file. */
  readonly sourceStart: number | undefined;
  /** How many leading characters map one-to-one to the source (up to the first escape sequence). */
  readonly mappedLength: number;
  /** The outermost string-building expression this text is written in; edits are made inside it. */
  readonly container: Node | undefined;
  /** The quote of the literal holding the text (`` ` `` for a template). */
  readonly quote: Quote | undefined;
  /** The string or template literal holding the text. */
  readonly literal: Node | undefined;
  /** Part of a client instance's base (`baseURL`, `prefixUrl`), which every call of the instance shares. */
  readonly fromBase?: boolean;
  /**
   * Read through a variable whose value reaches other reads too (`let url = a; if (x) url += b`):
   * the string it is written in is not used up by this value.
   */
  readonly shared?: boolean;
  /**
   * The fallback of `a || '…'` / `a ?? '…'` whose left value is not known (`(id || 'none')`): the URL
   * holds this text only when the left is empty, so it is read for matching and never rewritten as if
   * the code wrote it there (a rewrite would drop `id ||`).
   */
  readonly fallback?: Node;
}

/** A value the analysis cannot know. */
export interface HoleSegment {
  readonly kind: 'hole';
  /** The expression standing for the value, when it is written in `container`. */
  readonly node: Node | undefined;
  readonly container: Node | undefined;
  /** Written as `${...}` inside a template literal (rather than as an operand of `+`). */
  readonly inTemplate: boolean;
  /** Part of a client instance's base, which every call of the instance shares. */
  readonly fromBase?: boolean;
  /** The texts it may be, when the code chooses among literals at run time (`permitted[index]`, `c ? '/a' : '/b'`). */
  readonly alternatives?: readonly string[];
  /** The strings those texts are written in (a conditional's branches): read by the URL, not URLs of their own. */
  readonly choices?: readonly Node[];
  /** Known to be empty or to start a query or fragment (`` qs ? `?${qs}` : '' ``): no more of the path. */
  readonly query?: true;
  /** See `TextSegment.shared`. */
  readonly shared?: boolean;
  /**
   * A format specifier's argument (`%s` of `util.format('/v1/campaigns/%s', id)`): the value is passed
   * apart from the text, so an edit that drops the specifier would hand the argument to the next one.
   */
  readonly formatArgument?: true;
}

export type Segment = TextSegment | HoleSegment;

export const hole = (node?: Node, container?: Node, inTemplate = false): HoleSegment => ({ kind: 'hole', node, container, inTemplate });

/** Text that is not written anywhere in the source (a `/` the HTTP client inserts, a value from the type checker). */
export const syntheticText = (value: string): TextSegment => ({
  kind: 'text',
  value,
  sourceStart: undefined,
  mappedLength: 0,
  container: undefined,
  quote: undefined,
  literal: undefined,
});

/** `text.slice(from, to)` keeping the source mapping. */
export function sliceText(segment: TextSegment, from: number, to = segment.value.length): TextSegment {
  const mapped = segment.sourceStart !== undefined && from <= segment.mappedLength;
  return {
    ...segment,
    value: segment.value.slice(from, to),
    sourceStart: mapped ? segment.sourceStart! + from : undefined,
    mappedLength: mapped ? Math.min(segment.mappedLength, to) - from : 0,
  };
}

/** Where a character (or the point before a hole) of the merged `UrlPart[]` sits among the segments. */
export interface SegmentPosition {
  readonly segment: number;
  readonly offset: number;
}

export interface PartsView {
  readonly parts: UrlPart[];
  /** For each part: the segments it was merged from, with the part offset each starts at. */
  readonly sources: readonly (readonly { segment: number; partOffset: number }[])[];
}

/** Merges adjacent text segments into the `UrlPart[]` rule-data matches. */
export function toUrlParts(segments: readonly Segment[]): PartsView {
  const parts: UrlPart[] = [];
  const sources: { segment: number; partOffset: number }[][] = [];
  segments.forEach((segment, index) => {
    const last = parts[parts.length - 1];
    if (segment.kind === 'text') {
      if (segment.value === '') return;
      if (last?.kind === 'text') {
        sources[sources.length - 1]!.push({ segment: index, partOffset: last.value.length });
        parts[parts.length - 1] = { kind: 'text', value: last.value + segment.value };
        return;
      }
      parts.push({ kind: 'text', value: segment.value });
      sources.push([{ segment: index, partOffset: 0 }]);
      return;
    }
    parts.push(segment.query ? { kind: 'hole', query: true } : { kind: 'hole' });
    sources.push([{ segment: index, partOffset: 0 }]);
  });
  return { parts, sources };
}

/** Maps a rule-data part position to a segment position; `segment === segments.length` is the end. */
export function segmentPositionOf(view: PartsView, segmentCount: number, part: number, offset: number): SegmentPosition {
  const sources = view.sources[part];
  if (!sources) return { segment: segmentCount, offset: 0 };
  let chosen = sources[0]!;
  for (const source of sources) if (source.partOffset <= offset) chosen = source;
  return { segment: chosen.segment, offset: offset - chosen.partOffset };
}

/** The whole text with holes as NUL characters (for scanning SOAP strings). */
export function flatText(segments: readonly Segment[]): string {
  // A loop, not map and join: every string of every candidate is flattened, most of one segment.
  let text = '';
  for (const segment of segments) text += segment.kind === 'text' ? segment.value : '\0';
  return text;
}
