import type {
  Catalog,
  Endpoint,
  HttpMethod,
  IsoDay,
  Migration,
  Phase,
  RetirementEntry,
  UrlPart,
} from '@sunset/rule-data';
import type { ProgramIndex } from './scope/program-index.js';

/**
 * A node of either AST flavour: ESTree (ESLint: espree, @typescript-eslint/parser) or Babel
 * (jscodeshift). The analysis reads only `type`, ranges and the few fields that differ.
 */
export interface AnyNode {
  readonly type: string;
  readonly range?: readonly [number, number];
  readonly start?: number | null;
  readonly end?: number | null;
}

/** A replacement of the source text between two offsets (`[start, end)`, 0-based). */
export interface TextEdit {
  readonly range: readonly [number, number];
  readonly text: string;
}

/** How the call was written; used in reports and to choose edits. */
export type CallForm =
  | 'fetch'
  | 'axios'
  | 'got'
  | 'ky'
  | 'superagent'
  | 'undici'
  | 'angular-http'
  /** `.get/.post/.put/.patch/.delete(url)` (or `.request(method, url)`) on a receiver the file does not identify. */
  | 'http-client'
  | 'jquery'
  | 'xhr'
  | 'url-string'
  | 'soap-client'
  | 'soap-envelope'
  | 'soap-action'
  | 'wcf-url';

export interface AnalysisOptions {
  /** The day phases are computed for; default today (UTC). */
  readonly asOf?: IsoDay;
  /** When given, a URL with an explicit host outside this list is not a finding. */
  readonly apiHosts?: readonly string[];
  /** The entries in force: `createCatalog(customEntries)` (built-in plus validated custom ones). Default: the built-in catalog. */
  readonly catalog?: Catalog;
  /**
   * Type-aware mode: the value of an imported (or undeclared) identifier, or of a member of one
   * (`API.campaigns`), as URL parts; undefined when unknown (it stays a hole). Called only for
   * names the file itself does not bind.
   */
  readonly resolveIdentifier?: (node: AnyNode) => readonly UrlPart[] | undefined;
  /**
   * The walk of this file's AST, from `indexProgram(program, sourceText)` with the same AST and text.
   * Callers that run several analyses on one file (the ESLint plugin's rules) build it once and pass
   * it to each; without it every analysis builds its own.
   */
  readonly programIndex?: ProgramIndex;
}

export interface CandidateEdit {
  readonly replacement: Endpoint;
  /** Edits that switch this site to the candidate (only candidates whose every parameter is bound are listed). */
  readonly edits: readonly TextEdit[];
}

export interface RetiredCallFinding {
  readonly entry: RetirementEntry;
  /** The retired key as the spec writes it, method left out when the code does not say it. */
  readonly retiredKey: string;
  readonly method: HttpMethod | undefined;
  readonly replacements: readonly Endpoint[];
  readonly phase: Phase;
  /** `rewrite` only when the site can be rewritten one-to-one (edits present); otherwise `todo`. */
  readonly migration: Migration;
  readonly form: CallForm;
  /** The node to report; `range` is its source range. */
  readonly node: AnyNode;
  readonly range: readonly [number, number];
  /** For a rewrite: the exact edits (URL text, and method where the entry changes it). */
  readonly edits: readonly TextEdit[];
  /** For a todo: edits towards each candidate endpoint that can be bound (ESLint suggestions). */
  readonly candidates: readonly CandidateEdit[];
  /** The shared TODO text, `TODO(sunset:<id>): ...`. */
  readonly todoText: string;
  /** Start offset of the statement a TODO comment goes above. */
  readonly statementStart: number;
  /** Why a one-to-one entry became a todo here (e.g. a constant shared by calls with different migrations). */
  readonly todoCause?: string;
}
