import { retirementCheck } from './retirement-check.js';

export default retirementCheck('no-legacy-rest-path', 'rest', 'Disallow calls to retired legacy REST paths of the Campaigns API', true);
