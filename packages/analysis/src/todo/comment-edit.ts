import { columnsOf, todoCommentLines } from './comment-layout.js';
import type { TextEdit } from '../types.js';

/**
 * The insertion of the line comments of a TODO above the statement starting at `statementStart`,
 * indented like it (laid out by `todoCommentLines`), with the file's line breaks. When the statement
 * does not begin its line (`a(); b()`), the comment ends that line instead, its further lines indented
 * like that line, and the statement moves to the next one, which is still valid code.
 */
export function todoCommentEdit(source: string, statementStart: number, todoText: string): TextEdit {
  const lineStart = source.lastIndexOf('\n', statementStart - 1) + 1;
  const lineBreak = source[lineStart - 2] === '\r' || (lineStart === 0 && source.includes('\r\n')) ? '\r\n' : '\n';
  const before = source.slice(lineStart, statementStart);
  const indentation = /^[ \t]*/.exec(before)?.[0] ?? '';
  const lines = todoCommentLines(todoText, columnsOf(before), columnsOf(indentation));
  const comment = lines.join(`${lineBreak}${indentation}`);
  if (before === indentation) {
    return { range: [lineStart, lineStart], text: `${before}${comment}${lineBreak}` };
  }
  return { range: [statementStart, statementStart], text: `${comment}${lineBreak}${indentation}` };
}
