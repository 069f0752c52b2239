import { todoMarker, todoMarkerPattern } from '@sunset/rule-data';
import type { SourceComment } from '../types.js';

export interface SunsetTodo {
  readonly entryId: string;
  /** From `TODO(` to the end of the marker's text (end of the line or of the comment). */
  readonly range: readonly [number, number];
}

/** What every marker begins with (`TODO(sunset:`): a file without it has none, and its comments are not read. */
const markerPrefix = todoMarker('').slice(0, -1);

/** `TODO(sunset:<id>)` markers left in the file's comments, in source order. */
export function findSunsetTodos(comments: readonly SourceComment[], text: string): SunsetTodo[] {
  const todos: SunsetTodo[] = [];
  if (!text.includes(markerPrefix)) return todos;
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
 * Where the `TODO(sunset:<entryId>)` marker sits in the comment lines directly above the statement
 * starting at `statementStart` (or before it on its own line, or at the end of the line before it):
 * the offset of its `TODO(`, or undefined when there is none.
 */
export function todoMarkerAbove(text: string, statementStart: number, entryId: string): number | undefined {
  const marker = todoMarker(entryId);
  const lineStart = text.lastIndexOf('\n', statementStart - 1) + 1;
  const inLine = text.slice(lineStart, statementStart).lastIndexOf(marker);
  if (inLine >= 0) return lineStart + inLine;
  // A statement that did not begin its line got the marker at the end of the line before it
  // (`patch() { // TODO(sunset:id): ...`, see todoCommentEdit).
  const previousStart = text.lastIndexOf('\n', lineStart - 2) + 1;
  const previousLine = text.slice(previousStart, Math.max(lineStart - 1, 0));
  const trailing = previousLine.lastIndexOf(`// ${marker}`);
  if (trailing >= 0) return previousStart + trailing + 3;
  let end = lineStart - 1;
  while (end > 0) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const raw = text.slice(start, end);
    const line = raw.trim();
    // The first code line above the comments may end with the first marker of the statement
    // (`f() { // TODO(sunset:a)`, then `// TODO(sunset:b)` on its own line): it counts too.
    if (!commentLine.test(line)) {
      const atEnd = raw.lastIndexOf(`// ${marker}`);
      return atEnd >= 0 ? start + atEnd + 3 : undefined;
    }
    const at = raw.indexOf(marker);
    if (at >= 0) return start + at;
    end = start - 1;
  }
  return undefined;
}

/** Whether a `TODO(sunset:<entryId>)` marker sits directly above the statement (see `todoMarkerAbove`), so a second run adds no second marker. */
export function hasTodoAbove(text: string, statementStart: number, entryId: string): boolean {
  return todoMarkerAbove(text, statementStart, entryId) !== undefined;
}
