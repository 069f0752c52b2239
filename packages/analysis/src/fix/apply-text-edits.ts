import { lineColumnAt } from './source-position.js';
import type { FixTextEdit, SiteEdit } from './types.js';

export interface RefusedSite {
  readonly site: SiteEdit;
  readonly reason: string;
}

export interface AppliedEdits {
  /** The edited text; `undefined` when no edit was applied. */
  readonly output: string | undefined;
  /** Sites none of whose edits were applied, each with the reason. */
  readonly refused: readonly RefusedSite[];
}

/**
 * Applies every site's edits as text on the original source, so everything outside the edited
 * ranges stays byte-identical. A site is all or nothing: when one of its edits overlaps a different
 * edit of another site, both sites are refused rather than guessing which text should win.
 * The same edit wanted by two sites (a constant shared by two calls) is applied once.
 */
export function applyTextEdits(source: string, siteEdits: readonly SiteEdit[]): AppliedEdits {
  const reasons = new Map<SiteEdit, string>();
  for (const site of siteEdits) {
    if (!site.edits.every((edit) => editFits(edit, source.length))) {
      reasons.set(site, 'its edit falls outside the file (a bug in Sunset; please report it); change this site by hand');
    }
  }
  for (const [index, site] of siteEdits.entries()) {
    for (const other of siteEdits.slice(index + 1)) {
      if (sitesConflict(site, other)) {
        reasons.set(site, reasons.get(site) ?? overlapReason(source, other));
        reasons.set(other, reasons.get(other) ?? overlapReason(source, site));
      }
    }
  }
  const refused = siteEdits.flatMap((site) => {
    const reason = reasons.get(site);
    return reason === undefined ? [] : [{ site, reason }];
  });
  const edits = uniqueEdits(siteEdits.filter((site) => !reasons.has(site)).flatMap((site) => site.edits));
  if (edits.length === 0) {
    return { output: undefined, refused };
  }
  return { output: spliceEdits(source, edits), refused };
}

function editFits(edit: FixTextEdit, sourceLength: number): boolean {
  const [start, end] = edit.range;
  return Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start <= end && end <= sourceLength;
}

function overlapReason(source: string, other: SiteEdit): string {
  const { line, column } = lineColumnAt(source, other.finding.range[0]);
  return `its edits overlap different edits for ${other.finding.retirement.entry.id} at ${line}:${column}; change this site by hand`;
}

function sitesConflict(site: SiteEdit, other: SiteEdit): boolean {
  return site.edits.some((edit) => other.edits.some((otherEdit) => editsConflict(edit, otherEdit)));
}

/** Two edits conflict when they touch the same text differently; an insertion at an edge touches nothing. */
export function editsConflict(edit: FixTextEdit, other: FixTextEdit): boolean {
  if (sameEdit(edit, other)) {
    return false;
  }
  const [start, end] = edit.range;
  const [otherStart, otherEnd] = other.range;
  if (start === end && otherStart === otherEnd) {
    return false;
  }
  if (start === end) {
    return otherStart < start && start < otherEnd;
  }
  if (otherStart === otherEnd) {
    return start < otherStart && otherStart < end;
  }
  return start < otherEnd && otherStart < end;
}

function sameEdit(edit: FixTextEdit, other: FixTextEdit): boolean {
  return edit.range[0] === other.range[0] && edit.range[1] === other.range[1] && edit.text === other.text;
}

function uniqueEdits(edits: readonly FixTextEdit[]): FixTextEdit[] {
  return edits.filter((edit, index) => edits.findIndex((other) => sameEdit(edit, other)) === index);
}

/**
 * Splices non-conflicting edits into the source. Insertions at one offset keep their given order
 * and come before a replacement that starts at that offset.
 */
function spliceEdits(source: string, edits: readonly FixTextEdit[]): string {
  const ordered = edits
    .map((edit, order) => ({ edit, order }))
    .sort((a, b) => a.edit.range[0] - b.edit.range[0] || isReplacement(a.edit) - isReplacement(b.edit) || a.order - b.order);
  let output = '';
  let cursor = 0;
  for (const { edit } of ordered) {
    output += source.slice(cursor, edit.range[0]) + edit.text;
    cursor = edit.range[1];
  }
  return output + source.slice(cursor);
}

function isReplacement(edit: FixTextEdit): number {
  return edit.range[0] === edit.range[1] ? 0 : 1;
}
