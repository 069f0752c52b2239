import { methodBesideUrlCases } from './cases/method-beside-url.js';
import { runCases } from './run-cases.js';

runCases('the method written beside a URL that no known client sends', methodBesideUrlCases);
