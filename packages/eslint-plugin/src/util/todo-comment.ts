import type { TextEdit } from '@sunset/analysis';

/**
 * The edit that puts `// <todoText>` on its own line above the statement starting at
 * `statementStart`, indented like the statement, using the file's line ending.
 */
export function insertTodoAbove(sourceText: string, statementStart: number, todoText: string): TextEdit {
  const lineStart = sourceText.lastIndexOf('\n', statementStart - 1) + 1;
  const lineEnding = sourceText.includes('\r\n') ? '\r\n' : '\n';
  const indentation = /^[ \t]*/u.exec(sourceText.slice(lineStart, statementStart))?.[0] ?? '';
  const statementStartsLine = indentation.length === statementStart - lineStart;
  if (statementStartsLine) {
    return { range: [lineStart, lineStart], text: `${indentation}// ${todoText}${lineEnding}` };
  }
  return { range: [statementStart, statementStart], text: `// ${todoText}${lineEnding}${indentation}` };
}
