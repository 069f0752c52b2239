import type { RetiredCallFinding, TextEdit } from '@sunset/analysis';
import { hasTodoAbove } from '@sunset/analysis';
import { isRewrite } from './rewrite-edits.js';
import type { SiteEdit } from './types.js';

/**
 * One `// TODO(sunset:<id>): ...` line above the statement of every site a human must decide:
 * once per statement and entry, and not at all when a previous run already left it.
 */
export function todoCommentEdits(findings: readonly RetiredCallFinding[], source: string): SiteEdit[] {
  const markedStatements = new Set<string>();
  return findings
    .filter((finding) => !isRewrite(finding))
    .map((finding) => {
      const reason = finding.todoCause ?? finding.entry.todoReason ?? 'a human must choose the replacement';
      const markerKey = `${finding.statementStart}:${finding.entry.id}`;
      if (markedStatements.has(markerKey) || hasTodoAbove(source, finding.statementStart, finding.entry.id)) {
        return { finding, action: 'todo', edits: [], reason };
      }
      markedStatements.add(markerKey);
      return { finding, action: 'todo', edits: [todoCommentEdit(source, finding.statementStart, finding.todoText)], reason };
    });
}

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
