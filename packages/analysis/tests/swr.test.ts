import { swrCases } from './cases/swr.js';
import { runRequestCases } from './run-request-cases.js';

runRequestCases('SWR hooks: the key is the URL the fetcher is given', swrCases);
