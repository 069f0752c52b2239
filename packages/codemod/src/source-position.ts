/** 1-based line and column of a 0-based offset, as editors and ESLint show them. */
export function lineColumnAt(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  const line = before.length - before.replaceAll('\n', '').length + 1;
  return { line, column: offset - lineStart + 1 };
}
