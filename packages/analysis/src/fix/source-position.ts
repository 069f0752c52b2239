/** 1-based line and column (UTF-16 code units) of a 0-based offset, as ESLint and editors show them. */
export function lineColumnAt(source: string, offset: number): { line: number; column: number } {
  // ESLint's line breaks: `\r\n`, `\r`, `\n`, U+2028 and U+2029.
  const lineBreak = /\r\n|[\r\n\u2028\u2029]/g;
  let line = 1;
  let lineStart = 0;
  for (let match = lineBreak.exec(source); match !== null && match.index < offset; match = lineBreak.exec(source)) {
    line += 1;
    lineStart = match.index + match[0].length;
  }
  return { line, column: Math.max(offset - lineStart, 0) + 1 };
}
