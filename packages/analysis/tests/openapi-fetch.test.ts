import { openapiFetchCases } from './cases/openapi-fetch.js';
import { runRequestCases } from './run-request-cases.js';

runRequestCases('openapi-fetch clients: the verb is the method, baseUrl the base', openapiFetchCases);
