import { testedStringCases } from './cases/tested-strings.js';
import { runCases } from './run-cases.js';

runCases('strings the code tests or asserts on, not ones it requests', testedStringCases);
