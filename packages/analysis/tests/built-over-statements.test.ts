import { builtOverStatementsCases } from './cases/built-over-statements.js';
import { runCases } from './run-cases.js';

runCases('a URL built over statements, held by this, or chosen among literals', builtOverStatementsCases);
