/**
 * Offsets → 1-based line and column as ESLint gives them: lines break at `\r\n`, `\r`, `\n`,
 * U+2028 and U+2029; the column counts UTF-16 code units from the line start, plus one.
 */
export interface LineIndex {
  position(offset: number): { readonly line: number; readonly column: number };
  /** 0-based offset where the 1-based `line` starts. */
  lineStart(line: number): number;
}

/** The offset after each line break: one pass over the code units, no match object per line. */
function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code > 0x0d && code !== 0x2028 && code !== 0x2029) continue;
    if (code === 0x0a || code === 0x2028 || code === 0x2029) starts.push(index + 1);
    else if (code === 0x0d) {
      if (text.charCodeAt(index + 1) === 0x0a) index += 1;
      starts.push(index + 1);
    }
  }
  return starts;
}

export function lineIndexOf(text: string): LineIndex {
  const starts = lineStartsOf(text);
  return {
    position(offset) {
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (starts[middle]! <= offset) low = middle;
        else high = middle - 1;
      }
      return { line: low + 1, column: offset - starts[low]! + 1 };
    },
    lineStart(line) {
      return starts[Math.min(Math.max(line, 1), starts.length) - 1]!;
    },
  };
}

/** `lineIndexOf`, built on first use: most candidates have no finding and no directive, and never ask. */
export function lazyLineIndexOf(text: string): LineIndex {
  let index: LineIndex | undefined;
  return {
    position: (offset) => (index ??= lineIndexOf(text)).position(offset),
    lineStart: (line) => (index ??= lineIndexOf(text)).lineStart(line),
  };
}
