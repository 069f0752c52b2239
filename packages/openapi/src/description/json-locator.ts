import { pointerTokens, type JsonPointer } from './json-pointer.js';

/** A place in a file's text: 1-based line and column. */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

interface Wanted {
  readonly children: Map<string, Wanted>;
  offset: number | undefined;
}

const newNode = (): Wanted => ({ children: new Map(), offset: undefined });

/**
 * The positions of JSON pointers in a JSON text, found in one pass that descends only where a
 * pointer leads and skips every other value: linear in the text, with no tree kept (a description
 * of many megabytes is parsed by JSON.parse, which keeps no positions). A pointer that does not
 * exist in full gets the position of its deepest member that does (the key of an object member,
 * the first character of an array item), as the YAML locator does.
 */
export function locateJsonPointers(text: string, pointers: readonly JsonPointer[]): Map<JsonPointer, TextPosition> {
  const root = newNode();
  for (const pointer of pointers) {
    let node = root;
    for (const token of pointerTokens(pointer)) {
      let child = node.children.get(token);
      if (child === undefined) node.children.set(token, (child = newNode()));
      node = child;
    }
  }
  const scanner = new JsonScanner(text);
  scanner.skipSpace();
  root.offset = scanner.index;
  scanner.value(root);

  const offsets = new Map<JsonPointer, number>();
  for (const pointer of pointers) {
    let node: Wanted | undefined = root;
    let offset = root.offset;
    for (const token of pointerTokens(pointer)) {
      node = node.children.get(token);
      if (node?.offset === undefined) break;
      offset = node.offset;
    }
    offsets.set(pointer, offset);
  }
  return positionsOf(text, offsets);
}

/** Line and column of each offset, counted in one pass over the text up to the last one. */
function positionsOf(text: string, offsets: ReadonlyMap<JsonPointer, number>): Map<JsonPointer, TextPosition> {
  const sorted = [...new Set(offsets.values())].sort((a, b) => a - b);
  const byOffset = new Map<number, TextPosition>();
  let line = 1;
  let lineStart = 0;
  let index = 0;
  for (const offset of sorted) {
    for (; index < offset; index++) {
      if (text.charCodeAt(index) === 10) {
        line++;
        lineStart = index + 1;
      }
    }
    byOffset.set(offset, { line, column: offset - lineStart + 1 });
  }
  return new Map([...offsets].map(([pointer, offset]) => [pointer, byOffset.get(offset)!]));
}

const QUOTE = 34;
const BACKSLASH = 92;

class JsonScanner {
  index = 0;

  constructor(private readonly text: string) {}

  skipSpace(): void {
    const { text } = this;
    for (;;) {
      const code = text.charCodeAt(this.index);
      if (code === 32 || code === 10 || code === 13 || code === 9) this.index++;
      else return;
    }
  }

  /** The value at `index`, descending into the members `wanted` names and skipping the rest. */
  value(wanted: Wanted | undefined): void {
    this.skipSpace();
    const code = this.text.charCodeAt(this.index);
    if (wanted === undefined || wanted.children.size === 0) return this.skipValue();
    if (code === 123) return this.object(wanted);
    if (code === 91) return this.array(wanted);
    this.skipValue();
  }

  private object(wanted: Wanted): void {
    this.index++;
    for (;;) {
      this.skipSpace();
      const code = this.text.charCodeAt(this.index);
      if (code !== QUOTE) {
        this.index++;
        if (code === 125 || Number.isNaN(code)) return;
        continue;
      }
      const keyOffset = this.index;
      const key = this.readString();
      this.skipSpace();
      if (this.text.charCodeAt(this.index) === 58) this.index++;
      const child = wanted.children.get(key);
      if (child !== undefined) child.offset = keyOffset;
      this.value(child);
    }
  }

  private array(wanted: Wanted): void {
    this.index++;
    for (let item = 0; ; item++) {
      this.skipSpace();
      const code = this.text.charCodeAt(this.index);
      if (code === 93 || Number.isNaN(code)) {
        this.index++;
        return;
      }
      const child = wanted.children.get(String(item));
      if (child !== undefined) child.offset = this.index;
      this.value(child);
      this.skipSpace();
      if (this.text.charCodeAt(this.index) === 44) this.index++;
    }
  }

  /** A string at `index`, decoded; `index` ends after its closing quote. */
  private readString(): string {
    const start = this.index;
    const hasEscape = this.skipString();
    const raw = this.text.slice(start, this.index);
    if (!hasEscape) return raw.slice(1, -1);
    try {
      return JSON.parse(raw) as string;
    } catch {
      return raw.slice(1, -1);
    }
  }

  /** Skips a string; true when it holds an escape. */
  private skipString(): boolean {
    const { text } = this;
    let hasEscape = false;
    let index = this.index + 1;
    for (; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code === BACKSLASH) {
        hasEscape = true;
        index++;
      } else if (code === QUOTE) break;
    }
    this.index = index + 1;
    return hasEscape;
  }

  /** Skips one value of any kind: strings whole, objects and arrays by their brackets. */
  private skipValue(): void {
    const { text } = this;
    let depth = 0;
    for (; this.index < text.length; ) {
      const code = text.charCodeAt(this.index);
      if (code === QUOTE) {
        this.skipString();
        if (depth === 0) return;
        continue;
      }
      if (code === 123 || code === 91) depth++;
      else if (code === 125 || code === 93) {
        if (depth === 0) return;
        depth--;
        if (depth === 0) {
          this.index++;
          return;
        }
      } else if (depth === 0 && (code === 44 || code === 32 || code === 10 || code === 13 || code === 9)) return;
      this.index++;
    }
  }
}
