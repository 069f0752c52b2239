/**
 * Offsets → 1-based line and column as ESLint gives them: lines break at `\r\n`, `\r`, `\n`,
 * U+2028 and U+2029; the column counts UTF-16 code units from the line start, plus one.
 */
export interface LineIndex {
  position(offset: number): { readonly line: number; readonly column: number };
  /** 0-based offset where the 1-based `line` starts. */
  lineStart(line: number): number;
}

export function lineIndexOf(text: string): LineIndex {
  const starts = [0];
  const lineBreak = /\r\n|[\r\n\u2028\u2029]/g;
  for (let match = lineBreak.exec(text); match !== null; match = lineBreak.exec(text)) {
    starts.push(match.index + match[0].length);
  }
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
