import { helperCallCases } from './cases/helper-calls.js';
import { runCases } from './run-cases.js';

runCases("calls of the file's own request helpers", helperCallCases);
