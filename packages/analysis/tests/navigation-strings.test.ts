import { navigationStringCases } from './cases/navigation-strings.js';
import { runCases } from './run-cases.js';

runCases('strings no request of the client reads', navigationStringCases);
