import type { Provenance } from '@sunset/report';
import type { Catalog, IsoDay } from '@sunset/rule-data';
import type { FailOn } from '../args.js';
import type { CheckReport } from '../check/types.js';

/** What formatters need besides the report. */
export interface FormatContext {
  readonly asOf: IsoDay;
  readonly failOn: FailOn;
  readonly catalog: Catalog;
  readonly color: boolean;
  /** The lines of a reported file (index 0 = line 1), for code frames; undefined when unknown. */
  readonly linesOf: (file: string) => readonly string[] | undefined;
  /** One per `report.findings` entry, same order (SARIF `partialFingerprints`, GitLab `fingerprint`). */
  readonly fingerprints: readonly string[];
  /** Display paths of the files that were parsed (JUnit lists each as a test case); may be empty. */
  readonly checkedFiles?: readonly string[];
  readonly toolVersion: string;
  /** Where the docs live (SARIF `informationUri`/`helpUri`, with `#<entry-id>`); undefined: the CLI's README and the rules' pages at the project's address. */
  readonly docsUrl?: string;
  /** The built-in API's hosts (`apiHosts`); undefined: every host. Says whether a finding without a known host matched by its path alone. */
  readonly apiHosts?: readonly string[];
  /** `--format json`: where the result comes from (the repository, commit, versions). */
  readonly provenance?: Provenance;
  /** `--format json`: the owners of a reported file (display path), as `sunset report` resolves them. */
  readonly ownersOf?: (file: string) => readonly string[];
}

export type Formatter = (report: CheckReport, context: FormatContext) => string;
