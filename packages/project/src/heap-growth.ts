import { setFlagsFromString } from 'node:v8';

/** How far V8 lets the old generation grow past what the last full collection kept, while the program is loaded and analysed. */
const projectGrowingPercent = 20;

/**
 * Lets the old generation grow by a fifth past what survived the last full collection, instead of V8's
 * dynamic factor (up to 4x), until `release` (idempotent) restores it. The program ts-morph builds
 * (about 700 MB at 50k) survives every collection, so V8 took it for growth and let the analysis' garbage
 * (its trees, hundreds of MB) pile up on top before collecting: peak RSS at 50k 1.34 GB, 1.08 GB
 * held, for the same CPU. The flag is process-wide and read each time V8 sets the next limit; the
 * first pass's workers are done by then.
 */
export function holdHeapGrowth(): () => void {
  setFlagsFromString(`--heap-growing-percent=${projectGrowingPercent}`);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    setFlagsFromString('--heap-growing-percent=0');
  };
}
