import { describe, expect, it } from 'vitest';
import { hasTodoAbove, todoCommentEdit } from '../src/index.js';

describe('todoCommentEdit', () => {
  it('inserts the comment on its own line above the statement, with the statement\'s indentation', () => {
    const source = 'function f() {\n    return fetch(x);\n}\n';

    expect(todoCommentEdit(source, source.indexOf('return'), 'TODO(sunset:a): b')).toEqual({
      range: [15, 15],
      text: '    // TODO(sunset:a): b\n',
    });
  });

  it('keeps CRLF line breaks', () => {
    const source = 'a();\r\n\tfetch(x);\r\n';

    expect(todoCommentEdit(source, source.indexOf('fetch'), 'TODO(sunset:a): b')).toEqual({
      range: [6, 6],
      text: '\t// TODO(sunset:a): b\r\n',
    });
  });

  it('inserts at the start of a file', () => {
    expect(todoCommentEdit('fetch(x);\n', 0, 'TODO(sunset:a): b')).toEqual({ range: [0, 0], text: '// TODO(sunset:a): b\n' });
  });

  it('ends the line before a statement that does not begin its line, and moves the statement to the next line', () => {
    const source = '  a(); fetch(x);\n';

    expect(todoCommentEdit(source, source.indexOf('fetch'), 'TODO(sunset:a): b')).toEqual({
      range: [7, 7],
      text: '// TODO(sunset:a): b\n  ',
    });
  });

  it('keeps the comment on one line even if the text had line breaks', () => {
    expect(todoCommentEdit('f();\n', 0, 'TODO(sunset:a): b\n  c')).toEqual({ range: [0, 0], text: '// TODO(sunset:a): b c\n' });
  });
});

describe('a marker placed before a statement that did not begin its line', () => {
  it('is found by hasTodoAbove on the next run, so no second marker is added', () => {
    const source = 'class A {\n  patch() { return http.patch(url); }\n}\n';
    const statementStart = source.indexOf('return');
    const edit = todoCommentEdit(source, statementStart, 'TODO(sunset:campaigns-legacy-status): x');
    const marked = source.slice(0, edit.range[0]) + edit.text + source.slice(edit.range[1]);
    expect(marked).toBe('class A {\n  patch() { // TODO(sunset:campaigns-legacy-status): x\n  return http.patch(url); }\n}\n');
    expect(hasTodoAbove(marked, marked.indexOf('return'), 'campaigns-legacy-status')).toBe(true);
    expect(hasTodoAbove(marked, marked.indexOf('return'), 'campaigns-legacy-get')).toBe(false);
  });
});
