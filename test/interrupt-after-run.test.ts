import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, repoRootPath } from './support/cli.js';

// `fix` handles Ctrl-C while it runs (packages/engine/src/fix/interrupt.ts). Once the run is over and
// its exit code set, a Ctrl-C or SIGTERM that comes while the process is still ending (a worker thread
// exiting, output draining) ends it with that code, not by the signal: the run was not cut short.

const engine = pathToFileURL(path.join(repoRootPath('packages/engine/dist'), 'index.js')).href;

/**
 * A process that sets up the handlers, ends its run with exit code 3 (`dispose`) or not, stays alive,
 * and gets `signal`; a run not over gets SIGKILL once it has said it stops after the file in progress.
 */
function signalledAfterRun(signal: NodeJS.Signals, dispose: boolean): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  const script = [
    `const { interruptOnSignals } = await import(${JSON.stringify(engine)});`,
    'const interrupt = interruptOnSignals(process.stderr);',
    'process.exitCode = 3;',
    dispose ? 'interrupt.dispose();' : '',
    'setTimeout(() => undefined, 10_000);',
    "process.stdout.write('ready\\n');",
  ].join('\n');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      if (stderr.includes('Stopping after the file in progress')) child.kill('SIGKILL');
    });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (chunk.includes('ready')) child.kill(signal);
    });
    child.on('exit', (code, killedBy) => resolve({ code, signal: killedBy, stderr }));
  });
}

describe('a signal after the run is over', () => {
  beforeAll(async () => {
    await ensureBuilt();
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('%s ends the process at once with the exit code the run set', async (signal) => {
    expect(await signalledAfterRun(signal, true)).toEqual({ code: 3, signal: null, stderr: '' });
  });

  it('during the run, the first Ctrl-C only asks the run to stop: the process is still there to be killed', async () => {
    expect(await signalledAfterRun('SIGINT', false)).toEqual({
      code: null,
      signal: 'SIGKILL',
      stderr: '\nStopping after the file in progress (press Ctrl-C again to quit at once)…\n',
    });
  });
});
