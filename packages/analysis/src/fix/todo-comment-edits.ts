import { isRewrite } from './rewrite-edits.js';
import { todoCommentEdit } from '../todo/comment-edit.js';
import { hasTodoAbove } from '../todo/markers.js';
import type { RetirementFinding, SiteEdit } from './types.js';

/**
 * One `// TODO(sunset:<id>): ...` line above the statement of every site a human must decide:
 * once per statement and entry, and not at all when a previous run already left it.
 */
export function todoCommentEdits(findings: readonly RetirementFinding[], source: string): SiteEdit[] {
  const markedStatements = new Set<string>();
  return findings
    .filter((finding) => !isRewrite(finding))
    .map((finding) => {
      const { entry, statementStart, todoText, todoCause } = finding.retirement;
      const reason = todoCause ?? entry.todoReason ?? 'a human must choose the replacement';
      const markerKey = `${statementStart}:${entry.id}`;
      if (markedStatements.has(markerKey) || hasTodoAbove(source, statementStart, entry.id)) {
        return { finding, action: 'todo', edits: [], reason };
      }
      markedStatements.add(markerKey);
      return { finding, action: 'todo', edits: [todoCommentEdit(source, statementStart, todoText)], reason };
    });
}
