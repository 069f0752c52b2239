import type { OptionsLayer, SunsetOptions } from '@sunset/config';

export { defaultBaselineFile } from '@sunset/config';

/** The options set by `sunset.config.json` (or the `sunset` key of package.json), after validation. */
export type SunsetConfigFile = OptionsLayer;

/** Everything a run needs: the file, then flags over it, then defaults (`resolveOptions`). */
export interface ResolvedConfig extends SunsetOptions {
  /** The config file used (absolute), or undefined when none was found. */
  readonly file: string | undefined;
  /** Relative paths in the config (`ignores`, `baseline`) are relative to this folder. */
  readonly baseDir: string;
  /** Absolute path of the baseline file: `--baseline` (from cwd), else `baseline` (from baseDir), else the default. */
  readonly baselineFile: string;
}
