import { clientBaseCases } from './cases/client-bases.js';
import { editCases, hidingPlaceCases } from './cases/hiding-places.js';
import { runCases } from './run-cases.js';

runCases('where retired calls hide', hidingPlaceCases);
runCases('edits', editCases);
runCases('the bases of client instances', clientBaseCases);
