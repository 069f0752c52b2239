import { builtinCatalog, phaseOf, todoText } from '@sunset/rule-data';
import type { FixableFinding, FixTextEdit } from '../../src/fix/types.js';

export const asOf = '2026-11-21';

interface SyntheticSite {
  readonly entryId: string;
  /** Text whose first occurrence (after `from`) is the reported node. */
  readonly at: string;
  /** Text whose first occurrence starts the enclosing statement. */
  readonly statement: string;
  /** The rewrite (`finding.fix`); a finding with one has migration `rewrite`. */
  readonly fix?: readonly FixTextEdit[];
  readonly from?: number;
  readonly todoCause?: string;
}

/**
 * A finding shaped like the contract's `Finding` of a retirement rule, built by hand so the fix
 * planning is tested on its own, without the checks.
 */
export function syntheticFinding(source: string, site: SyntheticSite): FixableFinding & { readonly retirement: NonNullable<FixableFinding['retirement']> } {
  const entry = builtinCatalog.byId(site.entryId);
  if (entry === undefined) {
    throw new Error(`no built-in entry ${site.entryId}`);
  }
  const start = indexOfOrThrow(source, site.at, site.from ?? 0);
  const statementStart = indexOfOrThrow(source, site.statement, 0);
  const finding = {
    rule: entry.kind === 'path' ? 'no-legacy-rest-path' : 'no-retired-soap-operation',
    messageId: 'retired',
    data: { key: entry.retiredKey },
    message: `${entry.retiredKey} is retired`,
    range: [start, start + site.at.length] as const,
    ...(site.fix === undefined ? {} : { fix: site.fix }),
    suggestions: [],
    related: [],
    retirement: {
      entry,
      retiredKey: entry.retiredKey,
      method: entry.kind === 'path' ? entry.method : undefined,
      replacements: entry.replacements,
      phase: phaseOf(entry, asOf),
      migration: site.fix === undefined ? ('todo' as const) : ('rewrite' as const),
      form: 'fetch',
      todoText: todoText(entry, asOf),
      statementStart,
      ...(site.todoCause === undefined ? {} : { todoCause: site.todoCause }),
      candidates: [],
    },
  };
  return finding;
}

/** A finding of a rule that is not about a retirement (an OAuth problem): the fix leaves it alone. */
export function requestFinding(source: string, at: string): FixableFinding {
  const start = indexOfOrThrow(source, at, 0);
  return { range: [start, start + at.length], fix: [{ range: [start, start + at.length], text: 'changed' }] };
}

/** An edit replacing the first occurrence of `text` (after `from`) with `replacement`. */
export function replaceEdit(source: string, text: string, replacement: string, from = 0): FixTextEdit {
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
