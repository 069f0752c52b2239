import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RuntimeOptionsError } from './errors.js';
import { createNodeObserver, installRuntime } from './node/install.js';
import { checkRecordFile } from './node/record-file.js';
import { runtimeEnvironmentVariables, runtimeOptionsFromEnvironment } from './options.js';
import { linePrefix } from './report/messages.js';

// `node --import @sunset/runtime/register app.js`: watch every request of the process, configured by
// SUNSET_RUNTIME_MODE, SUNSET_RUNTIME_RECORD, SUNSET_AS_OF, SUNSET_API_HOSTS and SUNSET_CONFIG.

function start(): void {
  const options = runtimeOptionsFromEnvironment(process.env, (file) => readFileSync(path.resolve(file), 'utf8'));
  if (options.recordFile !== undefined) checkRecordFile(options.recordFile, runtimeEnvironmentVariables.recordFile);
  const observer = createNodeObserver(options);
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
