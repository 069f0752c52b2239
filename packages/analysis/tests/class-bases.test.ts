import { classBaseCases } from './cases/class-bases.js';
import { runRequestCases } from './run-request-cases.js';

runRequestCases('SDK-style client classes: the base a parameter property or a super call gives', classBaseCases);
