import { todoMarker, todoMarkerPattern } from '@sunset/rule-data';

export interface SunsetTodo {
  readonly entryId: string;
  /** From `TODO(` to the end of the marker's text (end of the line or of the comment). */
  readonly range: [number, number];
  readonly text: string;
}

interface Comment {
  readonly start: number;
  readonly end: number;
  /** Where the comment's text starts and ends (without `//`, `/*`, `*\/`). */
  readonly textStart: number;
  readonly textEnd: number;
}

const regexPrecedingChars = new Set(['(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '+', '-', '*', '%', '<', '>', '~', '^']);
const regexPrecedingWords = /(?:^|[^\w$])(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await|instanceof)$/;

/** Can a `/` at `index` start a regular expression literal (rather than divide)? */
function startsRegex(source: string, index: number): boolean {
  let back = index - 1;
  while (back >= 0 && /\s/.test(source[back]!)) back--;
  if (back < 0) return true;
  const previous = source[back]!;
  if (regexPrecedingChars.has(previous)) return true;
  return regexPrecedingWords.test(source.slice(Math.max(0, back - 12), back + 1));
}

function skipRegex(source: string, index: number): number {
  let inClass = false;
  for (let cursor = index + 1; cursor < source.length; cursor++) {
    const char = source[cursor];
    if (char === '\\') cursor++;
    else if (char === '\n') return cursor;
    else if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
    else if (char === '/' && !inClass) return cursor + 1;
  }
  return source.length;
}

function skipString(source: string, index: number, quote: string): number {
  for (let cursor = index + 1; cursor < source.length; cursor++) {
    const char = source[cursor];
    if (char === '\\') cursor++;
    else if (char === quote || char === '\n') return cursor + 1;
  }
  return source.length;
}

/** The comments of a JS/TS source, found by a small lexer that skips strings, templates and regular expressions. */
function commentsOf(source: string): Comment[] {
  const comments: Comment[] = [];
  // Each entry is the brace depth at which a template's `${` was opened.
  const templates: number[] = [];
  let depth = 0;
  let cursor = 0;
  const readTemplate = (from: number): number => {
    for (let at = from; at < source.length; at++) {
      const char = source[at];
      if (char === '\\') at++;
      else if (char === '`') return at + 1;
      else if (char === '$' && source[at + 1] === '{') {
        templates.push(depth);
        depth++;
        return at + 2;
      }
    }
    return source.length;
  };
  while (cursor < source.length) {
    const char = source[cursor]!;
    const next = source[cursor + 1];
    if (char === '/' && next === '/') {
      const end = source.indexOf('\n', cursor);
      const stop = end < 0 ? source.length : end;
      comments.push({ start: cursor, end: stop, textStart: cursor + 2, textEnd: stop });
      cursor = stop;
    } else if (char === '/' && next === '*') {
      const close = source.indexOf('*/', cursor + 2);
      const stop = close < 0 ? source.length : close + 2;
      comments.push({ start: cursor, end: stop, textStart: cursor + 2, textEnd: close < 0 ? stop : close });
      cursor = stop;
    } else if (char === "'" || char === '"') cursor = skipString(source, cursor, char);
    else if (char === '`') cursor = readTemplate(cursor + 1);
    else if (char === '/' && startsRegex(source, cursor)) cursor = skipRegex(source, cursor);
    else if (char === '{') {
      depth++;
      cursor++;
    } else if (char === '}') {
      depth--;
      cursor++;
      if (templates.length > 0 && templates[templates.length - 1] === depth) {
        templates.pop();
        cursor = readTemplate(cursor);
      }
    } else cursor++;
  }
  return comments;
}

/** `TODO(sunset:<id>)` markers left in comments, in source order. */
export function findSunsetTodos(sourceText: string): SunsetTodo[] {
  const todos: SunsetTodo[] = [];
  for (const comment of commentsOf(sourceText)) {
    const body = sourceText.slice(comment.textStart, comment.textEnd);
    for (const marker of body.matchAll(new RegExp(todoMarkerPattern.source, 'g'))) {
      const start = comment.textStart + marker.index;
      const lineEnd = body.indexOf('\n', marker.index);
      const rawEnd = lineEnd < 0 ? comment.textEnd : comment.textStart + lineEnd;
      const text = sourceText.slice(start, rawEnd).trimEnd();
      todos.push({ entryId: marker[1]!, range: [start, start + text.length], text });
    }
  }
  return todos;
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
