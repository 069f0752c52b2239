import { todoMarker } from '@sunset/rule-data';
import type { FixTextEdit } from './types.js';

// A private copy of `../todo/comment-edit.ts` and `hasTodoAbove` of `../todo/markers.ts`, kept here while
// the rest of the analysis is rewritten; once that settles, import them instead (the behaviour is the same).

/**
 * The insertion of a line comment above the statement starting at `statementStart`, indented like
 * it. When the statement does not begin its line (`a(); b()`), the comment ends that line instead
 * and the statement moves to the next one, which is still valid code.
 */
export function todoCommentEdit(source: string, statementStart: number, todoText: string): FixTextEdit {
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

const commentLine = /^(?:\/\/|\/\*|\*|\{\s*\/\*)|\*\/\s*\}?$/;

/**
 * Whether a `TODO(sunset:<entryId>)` marker sits in the comment lines directly above the statement
 * starting at `statementStart` (or before it on its own line), so a second run adds no second marker.
 */
export function hasTodoAbove(sourceText: string, statementStart: number, entryId: string): boolean {
  const marker = todoMarker(entryId);
  const lineStart = sourceText.lastIndexOf('\n', statementStart - 1) + 1;
  if (sourceText.slice(lineStart, statementStart).includes(marker)) return true;
  // A statement that did not begin its line got the marker at the end of the line before it
  // (`patch() { // TODO(sunset:id): ...`, see todoCommentEdit).
  const previousLine = sourceText.slice(sourceText.lastIndexOf('\n', lineStart - 2) + 1, Math.max(lineStart - 1, 0));
  if (previousLine.includes(`// ${marker}`)) return true;
  let end = lineStart - 1;
  while (end > 0) {
    const start = sourceText.lastIndexOf('\n', end - 1) + 1;
    const line = sourceText.slice(start, end).trim();
    if (!commentLine.test(line)) return false;
    if (line.includes(marker)) return true;
    end = start - 1;
  }
  return false;
}
