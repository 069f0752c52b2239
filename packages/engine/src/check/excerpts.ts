/**
 * What the report formats read of a checked file once its check is done: the lines around each
 * finding (1-based line → the line's text, without its line break). Code frames show a finding's
 * line, fingerprints hash it (or a window of it), the report's frames show two lines either side;
 * the rest of the text is dropped, so a run keeps memory in proportion to its findings, not to the
 * size of the files it parsed.
 */
export type SourceExcerpt = ReadonlyMap<number, string>;

/** Lines kept either side of a finding's line (the report's code frames show two). */
export const excerptContext = 2;

/**
 * The lines of `text` around each of `lines` (1-based), split as ESLint counts lines (`\r\n`, `\r`,
 * `\n`, U+2028, U+2029), so line `n` is `text.split(/\r\n|[\r\n\u2028\u2029]/)[n - 1]` exactly.
 * Reads the text once, up to the last line wanted.
 */
export function excerptOf(text: string, lines: Iterable<number>, context = excerptContext): SourceExcerpt {
  const wanted = new Set<number>();
  for (const line of lines) for (let near = Math.max(1, line - context); near <= line + context; near++) wanted.add(near);
  const excerpt = new Map<number, string>();
  if (wanted.size === 0) return excerpt;
  const last = Math.max(...wanted);
  const lineBreak = /\r\n|[\r\n\u2028\u2029]/g;
  let start = 0;
  for (let line = 1; line <= last; line++) {
    const found = lineBreak.exec(text);
    const end = found === null ? text.length : found.index;
    // A copy: a slice of a long text would keep the whole text alive.
    if (wanted.has(line)) excerpt.set(line, structuredClone(text.slice(start, end)));
    if (found === null) break;
    start = end + found[0].length;
  }
  return excerpt;
}

/**
 * The lines of a file as the formats read them (index 0 = line 1): the excerpt's lines in place,
 * holes elsewhere. Undefined without an excerpt.
 */
export function excerptLines(excerpt: SourceExcerpt | undefined): string[] | undefined {
  if (excerpt === undefined) return undefined;
  const lines: string[] = [];
  for (const [line, text] of excerpt) lines[line - 1] = text;
  return lines;
}
