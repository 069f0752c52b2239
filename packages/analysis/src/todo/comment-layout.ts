import { todoClauses } from '@sunset/rule-data';

/** The column a TODO comment's lines end by, indentation included (ESLint's max-len and Prettier set 80 to 120). */
export const todoCommentWidth = 100;
/** The least text a line of a deeply indented TODO holds, whatever its column. */
const minLineText = 40;
/** How many columns a tab takes (ESLint max-len's default). */
const tabWidth = 4;

const firstPrefix = '// ';
const clausePrefix = '//   ';
const goesOnPrefix = '//     ';

/** The column `text` (the start of a line) ends at: a tab moves to the next multiple of `tabWidth`. */
export function columnsOf(text: string): number {
  let column = 0;
  for (const character of text) column = character === '\t' ? column - (column % tabWidth) + tabWidth : column + 1;
  return column;
}

/** An HTTP method (also after an opening bracket or quote: `(GET`) stays on the line of the path after it. */
const httpMethod = /^[([{'"`]*(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/;
/** What a path after a method begins with: `/v1/…`, `{base}/…`, `https://…`. */
const pathStart = /^(?:\/|\{|https?:\/\/)/;

/** The words of `text`, an HTTP method joined to the path after it: what a line may not break inside. */
function unbreakableWords(text: string): string[] {
  const words: string[] = [];
  for (const word of text.split(' ').filter((part) => part !== '')) {
    const previous = words.at(-1);
    if (previous !== undefined && httpMethod.test(previous) && pathStart.test(word)) words[words.length - 1] = `${previous} ${word}`;
    else words.push(word);
  }
  return words;
}

/**
 * The words of `text` in lines of at most `firstWidth` characters, then `width`; a longer word stays
 * whole on a line of its own. A last line of one word (a widow) takes the last word of the line before
 * when that line keeps two and the last line still fits.
 */
function wrapWords(text: string, firstWidth: number, width: number): string[] {
  const lines: string[][] = [[]];
  for (const word of unbreakableWords(text)) {
    const line = lines.at(-1)!;
    const limit = lines.length === 1 ? firstWidth : width;
    if (line.length > 0 && [...line, word].join(' ').length > limit) lines.push([word]);
    else line.push(word);
  }
  const [before, last] = [lines.at(-2), lines.at(-1)!];
  if (before !== undefined && last.length === 1 && before.length > 2 && `${before.at(-1)} ${last[0]}`.length <= width) last.unshift(before.pop()!);
  return lines.map((words) => words.join(' '));
}

/**
 * The lines of the comment a TODO's text is written as, for review: `// TODO(sunset:<id>): <what to
 * do>`, then `//   <clause>` for each further clause (candidates, dates, where a value comes from);
 * the text's clauses are its lines (`todoClauses`), so a `;` inside a reason never begins one. Each
 * clause is wrapped at words within `todoCommentWidth` columns, counted from `firstColumn` for the
 * first line and from `indentColumns` for the others, with at least `minLineText` characters of text
 * (a word or `GET /path` is never split); a line that goes on with its clause is indented by two more
 * (`//     `), so a clause and its continuation read apart, also in a diff.
 */
export function todoCommentLines(todo: string, firstColumn: number, indentColumns: number): string[] {
  const room = (column: number, prefix: string): number => Math.max(todoCommentWidth - column - prefix.length, minLineText);
  const goesOnWidth = room(indentColumns, goesOnPrefix);
  return todoClauses(todo).flatMap((clause, index) => {
    const prefix = index === 0 ? firstPrefix : clausePrefix;
    const [first = '', ...rest] = wrapWords(clause, room(index === 0 ? firstColumn : indentColumns, prefix), goesOnWidth);
    return [`${prefix}${first}`, ...rest.map((line) => `${goesOnPrefix}${line}`)];
  });
}
