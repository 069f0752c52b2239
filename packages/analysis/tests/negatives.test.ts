import { negativeCases } from './cases/negatives.js';
import { runCases } from './run-cases.js';

runCases('not retired calls', negativeCases);
