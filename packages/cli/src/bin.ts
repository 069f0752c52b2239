#!/usr/bin/env node
import { main } from './cli.js';

const exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  env: process.env,
  isTTY: process.stdout.isTTY,
  stderrIsTTY: process.stderr.isTTY,
});
process.exitCode = exitCode;
