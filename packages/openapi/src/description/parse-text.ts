import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { locateJsonPointers, type TextPosition } from './json-locator.js';
import { pointerTokens, type JsonPointer } from './json-pointer.js';

/** A description file's value, and where each JSON pointer of it is written. */
export interface ParsedText {
  readonly value: unknown;
  readonly format: 'json' | 'yaml';
  /** Positions of the pointers (the deepest member that exists for one that does not). */
  locate(pointers: readonly JsonPointer[]): Map<JsonPointer, TextPosition>;
}

/** The text is not JSON or YAML, or its aliases expand too far: at a line and column where known. */
export class TextParseError extends Error {
  constructor(
    message: string,
    readonly position: TextPosition | undefined,
  ) {
    super(message);
    this.name = 'TextParseError';
  }
}

/**
 * How many times YAML aliases may be used (an alias of an alias counts its expansion). Real
 * descriptions use a few; a "billion laughs" file of nested aliases reaches the limit within its
 * first levels, before any work grows with the expansion.
 */
export const defaultMaxAliasCount = 10_000;

const positionAt = (text: string, offset: number): TextPosition => {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
};

/**
 * Parses a description as JSON when it looks like JSON (JSON.parse: fast on many megabytes; the
 * positions are found by a scan only when a message needs one), else as YAML 1.2 with merge keys
 * and aliases capped at `maxAliasCount` uses.
 */
export function parseDescriptionText(text: string, maxAliasCount = defaultMaxAliasCount): ParsedText {
  const body = text.replace(/^\uFEFF/, '');
  if (/^\s*[{[]/.test(body)) {
    try {
      const value: unknown = JSON.parse(body);
      return { value, format: 'json', locate: (pointers) => locateJsonPointers(body, pointers) };
    } catch (error) {
      // JSON with comments or trailing commas may still be YAML; if not, JSON's own message says more.
      try {
        return parseYaml(body, maxAliasCount);
      } catch (yamlError) {
        if (yamlError instanceof TextParseError && /alias/i.test(yamlError.message)) throw yamlError;
        const offset = /position (\d+)/.exec(String(error))?.[1];
        throw new TextParseError(`is not valid JSON: ${(error as Error).message}`, offset === undefined ? undefined : positionAt(body, Number(offset)));
      }
    }
  }
  return parseYaml(body, maxAliasCount);
}

function parseYaml(text: string, maxAliasCount: number): ParsedText {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, merge: true, uniqueKeys: false, prettyErrors: false });
  const [first] = document.errors;
  if (first !== undefined) {
    const { line, col } = lineCounter.linePos(first.pos[0]);
    throw new TextParseError(`is not valid YAML: ${first.message.split('\n')[0]!}`, { line, column: col });
  }
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount });
  } catch (error) {
    if (error instanceof ReferenceError && /alias/i.test(error.message)) {
      throw new TextParseError(
        `uses YAML aliases (*name) that would expand to more than ${maxAliasCount} copies, which is how a "billion laughs" file exhausts memory; Sunset stops reading it. Write the repeated parts out, or use $ref.`,
        undefined,
      );
    }
    throw new TextParseError(`is not valid YAML: ${(error as Error).message}`, undefined);
  }
  return { value, format: 'yaml', locate: (pointers) => locateYamlPointers(document, lineCounter, pointers) };
}

function locateYamlPointers(document: Document, lineCounter: LineCounter, pointers: readonly JsonPointer[]): Map<JsonPointer, TextPosition> {
  const positions = new Map<JsonPointer, TextPosition>();
  for (const pointer of pointers) {
    // The key of the deepest member that exists (a problem about a missing field points at its parent).
    let node: unknown = document.contents;
    let marker: unknown = node;
    for (const token of pointerTokens(pointer)) {
      const child = childOf(node, token);
      if (child === undefined) break;
      node = child.value;
      marker = child.marker;
    }
    const range = isMap(marker) || isSeq(marker) || isScalar(marker) ? marker.range : undefined;
    if (range === undefined || range === null) continue;
    const { line, col } = lineCounter.linePos(range[0]);
    positions.set(pointer, { line, column: col });
  }
  return positions;
}

/** A map's member by its key as text (`200` and `'200'` alike; marked by its key), or a sequence's item by index. */
function childOf(node: unknown, token: string): { value: unknown; marker: unknown } | undefined {
  if (isSeq(node)) {
    const item: unknown = /^\d+$/.test(token) ? node.items[Number(token)] : undefined;
    return item === undefined ? undefined : { value: item, marker: item };
  }
  if (!isMap(node)) return undefined;
  const pair = node.items.find((item) => String(isScalar(item.key) ? item.key.value : item.key) === token);
  return pair === undefined ? undefined : { value: pair.value, marker: pair.key };
}
