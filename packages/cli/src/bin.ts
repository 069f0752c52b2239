#!/usr/bin/env node
import { runWithProcess } from './process.js';

await runWithProcess(process.argv.slice(2));
