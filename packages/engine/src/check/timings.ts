/** Milliseconds spent in each phase of a run, summed over files (and over threads). */
export interface PhaseTimings {
  walk: number;
  /** Reading the files (one buffered read each). */
  read: number;
  prefilter: number;
  parse: number;
  index: number;
  /** Running the checks and the eslint-disable filter. */
  checks: number;
}

export function emptyTimings(): PhaseTimings {
  return { walk: 0, read: 0, prefilter: 0, parse: 0, index: 0, checks: 0 };
}

export function addTimings(into: PhaseTimings, more: Readonly<PhaseTimings>): void {
  for (const phase of Object.keys(into) as (keyof PhaseTimings)[]) into[phase] += more[phase];
}
