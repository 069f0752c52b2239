import { soapCases } from './cases/soap.js';
import { runCases } from './run-cases.js';

runCases('SOAP and WCF', soapCases);
