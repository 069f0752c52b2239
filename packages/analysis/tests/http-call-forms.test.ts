import { httpCallFormCases } from './cases/http-call-forms.js';
import { runCases } from './run-cases.js';

runCases('HTTP call forms', httpCallFormCases);
