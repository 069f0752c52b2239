import { rtkQueryCases } from './cases/rtk-query.js';
import { runCases } from './run-cases.js';

runCases('Redux Toolkit Query endpoints', rtkQueryCases);
