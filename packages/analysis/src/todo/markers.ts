import { todoMarker, todoMarkerPattern } from '@sunset/rule-data';
import type { SourceComment } from '../types.js';

export interface SunsetTodo {
  readonly entryId: string;
  /** From `TODO(` to the end of the marker's text (end of the line or of the comment). */
  readonly range: readonly [number, number];
}

/** `TODO(sunset:<id>)` markers left in the file's comments, in source order. */
export function findSunsetTodos(comments: readonly SourceComment[], text: string): SunsetTodo[] {
  const todos: SunsetTodo[] = [];
  for (const comment of [...comments].sort((a, b) => a.range[0] - b.range[0])) {
    const textStart = comment.range[0] + 2;
    const textEnd = comment.type === 'Line' ? comment.range[1] : comment.range[1] - 2;
    const body = text.slice(textStart, textEnd);
    for (const marker of body.matchAll(new RegExp(todoMarkerPattern.source, 'g'))) {
      const start = textStart + marker.index;
      const lineEnd = body.indexOf('\n', marker.index);
      const markerText = text.slice(start, lineEnd < 0 ? textEnd : textStart + lineEnd).trimEnd();
      todos.push({ entryId: marker[1]!, range: [start, start + markerText.length] });
    }
  }
  return todos;
}

const commentLine = /^(?:\/\/|\/\*|\*|\{\s*\/\*)|\*\/\s*\}?$/;

/**
 * Whether a `TODO(sunset:<entryId>)` marker sits in the comment lines directly above the statement
 * starting at `statementStart` (or before it on its own line), so a second run adds no second marker.
 */
export function hasTodoAbove(text: string, statementStart: number, entryId: string): boolean {
  const marker = todoMarker(entryId);
  const lineStart = text.lastIndexOf('\n', statementStart - 1) + 1;
  if (text.slice(lineStart, statementStart).includes(marker)) return true;
  // A statement that did not begin its line got the marker at the end of the line before it
  // (`patch() { // TODO(sunset:id): ...`, see todoCommentEdit).
  const previousLine = text.slice(text.lastIndexOf('\n', lineStart - 2) + 1, Math.max(lineStart - 1, 0));
  if (previousLine.includes(`// ${marker}`)) return true;
  let end = lineStart - 1;
  while (end > 0) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end).trim();
    // The first code line above the comments may end with the first marker of the statement
    // (`f() { // TODO(sunset:a)`, then `// TODO(sunset:b)` on its own line): it counts too.
    if (!commentLine.test(line)) return line.includes(`// ${marker}`);
    if (line.includes(marker)) return true;
    end = start - 1;
  }
  return false;
}
