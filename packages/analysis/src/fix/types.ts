import type { Endpoint, Migration, RetirementEntry } from '@sunset/rule-data';
import type { TextEdit } from '../types.js';

/** The analysis' text edit, as fix planning names it. */
export type FixTextEdit = TextEdit;

/**
 * What planning a fix reads of a finding: the contract's `Finding` (with its `RetirementFacts`)
 * satisfies it structurally. Findings without `retirement` (request, OAuth and TODO-marker rules)
 * are not the codemod's business and are left out of the plan.
 */
export interface FixableFinding {
  readonly range: readonly [number, number];
  /** The rewrite, when the site is one-to-one. */
  readonly fix?: readonly FixTextEdit[];
  readonly retirement?: {
    readonly entry: RetirementEntry;
    readonly retiredKey: string;
    readonly replacements: readonly Endpoint[];
    readonly migration: Migration;
    readonly todoText: string;
    readonly statementStart: number;
    readonly todoCause?: string;
    readonly droppedValues?: readonly string[];
  };
}

/** A finding that names a retired call (has `retirement`). */
export type RetirementFinding = FixableFinding & { readonly retirement: NonNullable<FixableFinding['retirement']> };

/** What the fix did at one retired call site. */
export type SiteAction = 'rewritten' | 'todo' | 'skipped';

/** One line of the per-site report (`sunset fix --format json`). Line and column are 1-based, as ESLint counts them. */
export interface SiteReport {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** The entry id, as in `TODO(sunset:<id>)`. */
  readonly entry: string;
  /** The retired key as the spec writes it (`GET /v1/campaigns`, `GetCampaigns`). */
  readonly retired: string;
  readonly action: SiteAction;
  readonly reason: string;
  /** A rewrite only: the values of the old URL the new path does not take (`${campaignId}`), as the code writes them. */
  readonly dropped?: readonly string[];
}

/** The new text of a file (`undefined`: unchanged, byte-identical) and what happened at each site. */
export interface FixPlan {
  readonly output: string | undefined;
  readonly sites: readonly SiteReport[];
}

/**
 * The edits one site contributes, applied all together or not at all. A TODO site whose marker
 * is already present (or inserted for another finding of the same statement) has no edits.
 */
export interface SiteEdit {
  readonly finding: RetirementFinding;
  readonly action: 'rewritten' | 'todo';
  readonly edits: readonly FixTextEdit[];
  /** Why: the replacement for a rewrite, the entry's reason for a TODO. */
  readonly reason: string;
}
