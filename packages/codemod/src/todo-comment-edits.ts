import type { RetiredCallFinding } from '@sunset/analysis';
import { hasTodoAbove, todoCommentEdit } from '@sunset/analysis';
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
