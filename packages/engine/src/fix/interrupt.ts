// Also the engine's light entry `@sunset/engine/interrupt`: the CLI sets the handler up before `fix` reads its arguments.
import { unlinkSync } from 'node:fs';

/** The exit code of a run stopped by Ctrl-C or SIGTERM (128 + SIGINT), as shells report it. */
export const interruptedExitCode = 130;

export interface Interrupt {
  /** Aborted on the first SIGINT or SIGTERM. */
  readonly signal: AbortSignal;
  /** Temporary files being written; removed before a second signal ends the process. */
  readonly tempFiles: Set<string>;
  /**
   * The run is over (every write done, the exit code set): from now on a Ctrl-C or SIGTERM ends the
   * process at once with that exit code, instead of Node's default end by the signal, which would say
   * the run was cut short when it was not (a thread still exiting can keep the process a moment longer).
   */
  dispose(): void;
}

/** Ends the process with the exit code the run set. */
const exitAsSet = (): never => process.exit();

/**
 * Ctrl-C and SIGTERM during `fix` (`sunset fix` and `npx @sunset/codemod`): the first asks the run to stop after the file in flight (it then
 * prints its summary and exits 130); a second removes the temporary file being written and exits
 * 130 at once.
 */
export function interruptOnSignals(stderr: { write(text: string): unknown } = process.stderr): Interrupt {
  const controller = new AbortController();
  const tempFiles = new Set<string>();
  const onSignal = (): void => {
    if (!controller.signal.aborted) {
      stderr.write('\nStopping after the file in progress (press Ctrl-C again to quit at once)…\n');
      controller.abort();
      return;
    }
    for (const temp of tempFiles) {
      try {
        unlinkSync(temp);
      } catch {
        // Already renamed into place or removed: nothing is left behind.
      }
    }
    process.exit(interruptedExitCode);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    tempFiles,
    dispose() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      process.once('SIGINT', exitAsSet).once('SIGTERM', exitAsSet);
    },
  };
}
