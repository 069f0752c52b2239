import type { EntryRow } from './types.js';

/** What names a call in the report's rows: its entry, the entries it may be, and its retired key as `sunset check` names it. */
export interface NamedCall {
  readonly entry: string;
  readonly entries?: readonly string[];
  readonly retired: string;
  readonly pathEndUnknown?: true;
  readonly source?: 'code' | 'runtime' | 'both';
}

/** The retired key as check names the call: the path alone when the method is not shown, a prefix entry's own path, `…` after a path whose end is not known. */
export function callLabelOf(call: NamedCall): string {
  return call.pathEndUnknown === true ? `${call.retired}…` : call.retired;
}

/** The row a call counts in: calls named alike, of the same entries, share one. */
export function callRowKeyOf(call: NamedCall): string {
  return `${(call.entries ?? [call.entry]).join(' ')}\u0000${callLabelOf(call)}`;
}

/**
 * Whether check named the call by its path alone (`/v1/campaigns`): the code does not show its method.
 * A runtime record names a call by its entry's key, which for a prefix entry is a path too (`/v1/reportingstats/agency/…`).
 */
export function isMethodNotShown(call: NamedCall): boolean {
  return call.entries !== undefined || (call.source !== 'runtime' && call.retired.startsWith('/'));
}

/** What a row adds to its retired key when the code does not show all of its calls: `method not shown`, `end of the path not shown`, both, or nothing. */
export function rowNoteOf(row: Pick<EntryRow, 'methodNotShown' | 'pathEndUnknown'>): string | undefined {
  if (row.methodNotShown === true) return row.pathEndUnknown === true ? 'method and end of the path not shown' : 'method not shown';
  return row.pathEndUnknown === true ? 'end of the path not shown' : undefined;
}
