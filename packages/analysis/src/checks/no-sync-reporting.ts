import { retirementCheck } from './retirement-check.js';

export default retirementCheck('no-sync-reporting', 'reporting', 'Disallow calls to the retired synchronous reporting API', false);
