import { messageOf } from '../checks/check.js';
import type { Finding } from '../types.js';

/** Why a rewrite that a silenced finding shares is a TODO (`unsilenced`). */
export const sharedWithSilencedCause = 'the URL is written once and also used by a call that an eslint-disable comment silences; a rewrite here would move that call too';

/** `finding` (a rewrite) as a TODO with `cause`: no fix, the TODO message, no candidate edits. Any other finding as it is. */
export function asTodo<F extends Pick<Finding, 'rule' | 'messageId' | 'data' | 'message' | 'fix' | 'retirement'>>(finding: F, cause: string): F {
  if (finding.retirement?.migration !== 'rewrite') return finding;
  const todo: Omit<F, 'fix'> & { fix?: unknown } = { ...finding };
  delete todo.fix;
  return {
    ...todo,
    messageId: 'retiredTodo',
    message: messageOf(finding.rule, 'retiredTodo', finding.data),
    retirement: { ...finding.retirement, migration: 'todo', candidates: [], todoCause: cause },
  } as unknown as F;
}

/** Two edits touch the same text (or insert at the same place). */
const overlaps = (a: readonly [number, number], b: readonly [number, number]): boolean => (a[0] < b[1] && b[0] < a[1]) || (a[0] === b[0] && a[1] === b[1]);

/**
 * `findings`, each rewrite whose edit a `silenced` finding's fix makes too (a constant both requests
 * read, rewritten where it is written) as a TODO: made, it would move the silenced call as well, which
 * ESLint's `--fix` would do and a team that silenced the line did not ask for. The silenced findings
 * stay (the ESLint plugin reports them for ESLint to silence, so the comment is not "unused").
 */
export function settleSilencedShares<F extends Pick<Finding, 'rule' | 'messageId' | 'data' | 'message' | 'fix' | 'retirement'>>(findings: readonly F[], silenced: (finding: F) => boolean): F[] {
  const quiet = new Set(findings.filter(silenced));
  const quietEdits = [...quiet].flatMap((finding) => (finding.fix ?? []).map((edit) => edit.range));
  if (quietEdits.length === 0) return [...findings];
  return findings.map((finding) =>
    !quiet.has(finding) && finding.fix !== undefined && finding.fix.some((edit) => quietEdits.some((range) => overlaps(range, edit.range))) ? asTodo(finding, sharedWithSilencedCause) : finding,
  );
}

/** `findings` less those `silenced`, as `sunset check` shows them and `sunset fix` plans them (`settleSilencedShares`). */
export function unsilenced<F extends Pick<Finding, 'rule' | 'messageId' | 'data' | 'message' | 'fix' | 'retirement'>>(findings: readonly F[], silenced: (finding: F) => boolean): F[] {
  const quiet = new Set(findings.filter(silenced));
  if (quiet.size === 0) return [...findings];
  return settleSilencedShares(findings, (finding) => quiet.has(finding)).filter((finding) => !quiet.has(finding));
}
