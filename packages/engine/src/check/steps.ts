/**
 * Work done in steps: a generator that yields between the pieces of a very large file and returns
 * its result. Most work has no step (a small file returns at once). The same work runs to the end
 * at once (`drain`), or lets the thread's event loop turn between pieces (`drainYielding`): oxc's
 * parse results hold native memory that is freed only when the loop turns, so a worker analysing
 * a 20 MB file frees each piece's before the next.
 */
export type Steps<T> = Generator<void, T, void>;

export function drain<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}

export async function drainYielding<T>(steps: Steps<T>): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
    await turn();
  }
}

/** Resolves once this thread's event loop has turned (its I/O, messages and signal handlers run). */
export const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
