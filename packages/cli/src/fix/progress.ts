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

/** Phases of a long run (`--project`): the current one on a terminal's stderr, redrawn in place. */
export interface PhaseProgress {
  phase(message: string): void;
  /** Clears the line and, when given, leaves `summary` on its own line. */
  done(summary?: string): void;
}

/**
 * `sunset --project: <message>` on one line of a terminal's stderr, silent elsewhere and in CI. A new
 * phase is drawn at once; a counter within a phase (`3/120`) is redrawn at most every 100 ms.
 */
export function createPhaseProgress(stderr: TextSink, enabled: boolean, now: () => number = Date.now): PhaseProgress {
  if (!enabled) return { phase: () => undefined, done: () => undefined };
  let lastPhase: string | undefined;
  let lastDraw = -Infinity;
  let drawn = false;
  return {
    phase(message) {
      const phase = message.replace(/\d+\/\d+$/, '');
      const time = now();
      if (phase === lastPhase && time - lastDraw < 100) return;
      lastPhase = phase;
      lastDraw = time;
      drawn = true;
      stderr.write(`\r\u001b[2Ksunset --project: ${message}`);
    },
    done(summary) {
      if (drawn) stderr.write('\r\u001b[2K');
      if (summary !== undefined) stderr.write(`sunset --project: ${summary}\n`);
    },
  };
}

/** Progress belongs to a person at a terminal: not to a CI log, even one that emulates a TTY. */
export function isCi(env: Readonly<Record<string, string | undefined>>): boolean {
  const ci = env.CI;
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0';
}
