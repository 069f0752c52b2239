import { retirementCheck } from './retirement-check.js';

export default retirementCheck('no-retired-soap-operation', 'soap', 'Disallow calls to retired SOAP/WCF operations', false);
