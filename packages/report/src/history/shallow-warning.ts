import type { History } from '../inventory/types.js';

/** The warning for a burndown a shallow clone cut short (stderr, the page, the Markdown), or undefined. */
export function shallowHistoryWarning(history: History): string | undefined {
  const shallow = history.shallowClone;
  if (shallow === undefined) return undefined;
  const start = history.points[0]?.day;
  return (
    `--history ${history.since}: this clone is shallow and its history stops at ${shallow.oldestCommitted.slice(0, 10)} (commit ${shallow.oldestCommit.slice(0, 7)}), ` +
    (start === undefined ? `so the burndown has no point since ${history.since}. ` : `so the burndown starts at ${start}, not at ${history.since}. `) +
    'Fetch the whole history: git fetch --unshallow (on GitHub Actions, actions/checkout with fetch-depth: 0), then run sunset report again.'
  );
}
