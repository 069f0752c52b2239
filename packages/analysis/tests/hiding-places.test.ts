import { editCases, hidingPlaceCases } from './cases/hiding-places.js';
import { runCases } from './run-cases.js';

runCases('where retired calls hide', hidingPlaceCases);
runCases('edits', editCases);
