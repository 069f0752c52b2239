import { main } from './cli.js';

/** Runs the CLI on this process's arguments and streams, setting the exit code. Both bins call it. */
export async function runWithProcess(argv: readonly string[]): Promise<void> {
  process.exitCode = await main([...argv], {
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    env: process.env,
    isTTY: process.stdout.isTTY,
    stderrIsTTY: process.stderr.isTTY,
  });
}
