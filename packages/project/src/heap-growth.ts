import { holdHeapGrowth as holdOldGenerationGrowth } from '@sunset/engine';

/** How far V8 lets the old generation grow past what the last full collection kept, while the program is analysed. */
const projectGrowingPercent = 20;

/**
 * Lets the old generation grow by a fifth past what survived the last full collection, instead of V8's
 * dynamic factor (up to 4x), until `restoreHeapGrowth`. Called once the program is built: it (about
 * 700 MB at 50k) survives every collection, so V8 took it for growth and let the analysis' garbage (its
 * trees, hundreds of MB) pile up on top before collecting (peak RSS at 50k 1.34 GB, 1.07 GB held).
 * While the program is built everything survives, and collecting more often there is work for nothing.
 * The flag is process-wide and read each time V8 sets the next limit; the first pass's workers are done.
 */
export function holdHeapGrowth(): void {
  release = holdOldGenerationGrowth(projectGrowingPercent);
}

let release: (() => void) | undefined;

/** V8's own heap growth again (idempotent). */
export function restoreHeapGrowth(): void {
  release?.();
  release = undefined;
}
