import type { TextSink } from '../io.js';

export interface Progress {
  tick(file: string): void;
  done(): void;
}

/** A one-line `[12/340] path` counter on a terminal's stderr, redrawn at most every 100 ms; silent elsewhere. */
export function createProgress(stderr: TextSink, enabled: boolean, total: number, now: () => number = Date.now): Progress {
  if (!enabled || total === 0) return { tick: () => undefined, done: () => undefined };
  let count = 0;
  let lastDraw = -Infinity;
  let drawn = false;
  return {
    tick(file) {
      count += 1;
      const time = now();
      if (time - lastDraw < 100 && count < total) return;
      lastDraw = time;
      drawn = true;
      stderr.write(`\r\u001b[2K[${count}/${total}] ${file}`);
    },
    done() {
      if (drawn) stderr.write('\r\u001b[2K');
    },
  };
}
