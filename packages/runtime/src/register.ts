import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RuntimeOptionsError } from './errors.js';
import { installRuntime, nodeObserverOutput } from './node/install.js';
import { createObserver } from './observer.js';
import { runtimeEnvironmentVariables, runtimeOptionsFromEnvironment } from './options.js';
import { linePrefix } from './report/messages.js';

// `node --import @sunset/runtime/register app.js`: watch every request of the process, configured by
// SUNSET_RUNTIME_MODE, SUNSET_RUNTIME_RECORD, SUNSET_AS_OF, SUNSET_API_HOSTS and SUNSET_CONFIG.

function start(): void {
  const options = runtimeOptionsFromEnvironment(process.env, (file) => readFileSync(path.resolve(file), 'utf8'));
  const observer = createObserver(options, nodeObserverOutput(options, process.cwd(), runtimeEnvironmentVariables.recordFile));
  installRuntime(observer);
  process.on('exit', () => observer.flush());
}

try {
  start();
} catch (error) {
  if (!(error instanceof RuntimeOptionsError)) throw error;
  process.stderr.write(`${linePrefix} ${error.message}\n`);
  process.exit(2);
}
