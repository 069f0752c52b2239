import type { Catalog, IsoDay } from '@sunset/rule-data';
import type { FailOn } from '../args.js';

/** The fields of `sunset.config.json` (or the `sunset` key of package.json), after validation. */
export interface SunsetConfigFile {
  readonly asOf?: IsoDay;
  readonly apiHosts?: readonly string[];
  readonly identityHosts?: readonly string[];
  readonly ignores?: readonly string[];
  readonly failOn?: FailOn;
  readonly reportScheduled?: boolean;
  readonly scheduledWithinDays?: number;
  readonly customEntries?: readonly unknown[];
  readonly baseline?: string;
}

/** Everything a run needs, with flags applied over the file and defaults filled in. */
export interface ResolvedConfig {
  /** The config file used (absolute), or undefined when none was found. */
  readonly file: string | undefined;
  /** Relative paths in the config (`ignores`, `baseline`) are relative to this folder. */
  readonly baseDir: string;
  readonly asOf: IsoDay;
  /** Undefined: every host counts (the analysis default). */
  readonly apiHosts: readonly string[] | undefined;
  /** Hosts of the identity provider for the OAuth rules (with apiHosts); undefined: every host counts. */
  readonly identityHosts: readonly string[] | undefined;
  readonly ignores: readonly string[];
  readonly failOn: FailOn;
  readonly reportScheduled: boolean;
  /** With `reportScheduled`: only entries whose GA end is at most this many days away; undefined = any. */
  readonly scheduledWithinDays: number | undefined;
  readonly customEntries: readonly unknown[];
  /** The built-in entries plus the validated custom ones. */
  readonly catalog: Catalog;
  /** Absolute path of the baseline file. */
  readonly baselineFile: string;
}

export const defaultBaselineFile = '.sunset-baseline.json';
