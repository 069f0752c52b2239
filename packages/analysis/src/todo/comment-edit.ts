import type { TextEdit } from '../types.js';

/**
 * The insertion of a line comment above the statement starting at `statementStart`, indented like
 * it. When the statement does not begin its line (`a(); b()`), the comment ends that line instead
 * and the statement moves to the next one, which is still valid code.
 */
export function todoCommentEdit(source: string, statementStart: number, todoText: string): TextEdit {
  const lineStart = source.lastIndexOf('\n', statementStart - 1) + 1;
  const lineBreak = source[lineStart - 2] === '\r' || (lineStart === 0 && source.includes('\r\n')) ? '\r\n' : '\n';
  const comment = `// ${todoText.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ')}`;
  const before = source.slice(lineStart, statementStart);
  if (/^[ \t]*$/.test(before)) {
    return { range: [lineStart, lineStart], text: `${before}${comment}${lineBreak}` };
  }
  const indentation = /^[ \t]*/.exec(before)?.[0] ?? '';
  return { range: [statementStart, statementStart], text: `${comment}${lineBreak}${indentation}` };
}
