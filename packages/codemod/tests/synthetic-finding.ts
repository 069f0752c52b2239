import type { RetiredCallFinding, TextEdit } from '@sunset/analysis';
import { builtinCatalog, phaseOf, todoText } from '@sunset/rule-data';

export const asOf = '2026-11-21';

interface SyntheticSite {
  readonly entryId: string;
  /** Text whose first occurrence (after `from`) is the reported node. */
  readonly at: string;
  /** Text whose first occurrence starts the enclosing statement. */
  readonly statement: string;
  readonly edits?: readonly TextEdit[];
  readonly from?: number;
}

/** A finding shaped like the analysis' output, for testing the codemod's verbs on their own. */
export function syntheticFinding(source: string, site: SyntheticSite): RetiredCallFinding {
  const entry = builtinCatalog.byId(site.entryId);
  if (entry === undefined) {
    throw new Error(`no built-in entry ${site.entryId}`);
  }
  const start = indexOfOrThrow(source, site.at, site.from ?? 0);
  const statementStart = indexOfOrThrow(source, site.statement, 0);
  const edits = site.edits ?? [];
  return {
    entry,
    retiredKey: entry.retiredKey,
    method: entry.kind === 'path' ? entry.method : undefined,
    replacements: entry.replacements,
    phase: phaseOf(entry, asOf),
    migration: edits.length > 0 ? 'rewrite' : 'todo',
    form: 'fetch',
    node: { type: 'StringLiteral', start, end: start + site.at.length },
    range: [start, start + site.at.length],
    edits,
    candidates: [],
    todoText: todoText(entry, asOf),
    statementStart,
  };
}

/** An edit replacing the first occurrence of `text` (after `from`) with `replacement`. */
export function replaceEdit(source: string, text: string, replacement: string, from = 0): TextEdit {
  const start = indexOfOrThrow(source, text, from);
  return { range: [start, start + text.length], text: replacement };
}

function indexOfOrThrow(source: string, text: string, from: number): number {
  const index = source.indexOf(text, from);
  if (index < 0) {
    throw new Error(`"${text}" is not in the source`);
  }
  return index;
}
