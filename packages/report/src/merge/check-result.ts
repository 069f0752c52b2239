import type { Migration, Phase } from '@sunset/rule-data';
import type { Provenance } from '../provenance/provenance.js';

/** A finding of `sunset check --format json` as the merge reads it (schemas/sunset-check.schema.json). */
export interface CheckResultFinding {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly rule: string;
  readonly message: string;
  readonly entry?: string;
  readonly retired?: string;
  readonly replacements?: readonly string[];
  readonly phase?: Phase;
  readonly fix?: Migration;
  /** The method is not shown and the path has several retired methods: the entries it may be, `entry` first (absent in results made before it was recorded). */
  readonly entries?: readonly string[];
  /** The URL goes on past the path with a value the code does not show (absent in results made before it was recorded). */
  readonly pathEndUnknown?: true;
  /** The entry's API when it is not the platform's (absent in results made before it was recorded). */
  readonly api?: { readonly id: string; readonly name: string };
  readonly owners: readonly string[];
}

/** `sunset check --format json`, format version 1. */
export interface CheckResult {
  readonly tool: 'sunset check';
  readonly version: 1;
  readonly provenance: Provenance;
  readonly findings: readonly CheckResultFinding[];
  readonly errors: readonly { readonly file: string; readonly line?: number; readonly message: string }[];
  readonly notScanned: readonly { readonly file: string; readonly reason: string; readonly message: string }[];
  readonly summary: {
    readonly asOf: string;
    readonly files: number;
    readonly findings: number;
    readonly baselined: number;
    readonly errors: number;
  };
}
