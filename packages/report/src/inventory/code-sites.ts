import { displayPath, type LocatedFinding } from '@sunset/engine';
import { describeEndpoint } from '@sunset/rule-data';
import { reportFamilyOf } from './family.js';
import type { CodeFrame, ReportSite } from './types.js';

/** Lines shown around a site's line in its code frame. */
const frameContext = 2;

/**
 * A retirement finding of the work tree as a report site (`finding.retirement` must be set). `fileLines`
 * are its file's lines (index 0 = line 1) or at least those around the finding (the engine's excerpt).
 */
export function codeSiteOf(finding: LocatedFinding, cwd: string, fileLines: readonly string[] | undefined, owners: readonly string[]): { site: ReportSite; lineText: string } {
  const retirement = finding.retirement!;
  const lines = fileLines ?? [];
  const frame = frameOf(lines, finding);
  const site: ReportSite = {
    file: displayPath(cwd, finding.file),
    line: finding.line,
    column: finding.column,
    entry: retirement.entry.id,
    retired: retirement.retiredKey,
    rule: `sunset/${finding.rule}`,
    family: reportFamilyOf(retirement.entry),
    phase: retirement.phase,
    fix: retirement.migration,
    message: finding.message,
    replacements: retirement.replacements.map(describeEndpoint),
    ...(retirement.entries === undefined ? {} : { entries: retirement.entries.map((entry) => entry.id) }),
    ...(retirement.pathEndUnknown === undefined ? {} : { pathEndUnknown: true as const }),
    owners,
    source: 'code',
    runtimeCount: 0,
    ...(frame === undefined ? {} : { frame }),
  };
  return { site, lineText: lines[finding.line - 1] ?? '' };
}

function frameOf(lines: readonly string[], finding: LocatedFinding): CodeFrame | undefined {
  if (lines[finding.line - 1] === undefined) return undefined;
  const firstLine = Math.max(1, finding.line - frameContext);
  const lastLine = Math.min(lines.length, finding.line + frameContext);
  const text = lines[finding.line - 1]!;
  const endColumn = finding.endLine === finding.line ? finding.endColumn : text.length + 1;
  return { firstLine, lines: lines.slice(firstLine - 1, lastLine), column: finding.column, endColumn };
}
