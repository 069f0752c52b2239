import { main } from './cli.js';
import type { InterruptibleIo } from './fix/run-fix.js';

/**
 * Runs the CLI on this process's arguments and streams, setting the exit code. Both bins call it.
 * `fix` handles SIGINT and SIGTERM (see interruptOnSignals); `check` writes nothing and stops at once.
 * Its handler comes from the engine's light entry (`@sunset/engine/interrupt`): `fix --help` loads no more.
 */
export async function runWithProcess(argv: readonly string[]): Promise<void> {
  const interrupt = argv[0] === 'fix' ? (await import('@sunset/engine/interrupt')).interruptOnSignals(process.stderr) : undefined;
  const io: InterruptibleIo = {
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    env: process.env,
    isTTY: process.stdout.isTTY,
    stderrIsTTY: process.stderr.isTTY,
    ...(interrupt === undefined ? {} : { signal: interrupt.signal, tempFiles: interrupt.tempFiles }),
  };
  try {
    process.exitCode = await main([...argv], io);
  } finally {
    interrupt?.dispose();
  }
}
