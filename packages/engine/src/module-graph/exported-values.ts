// The export-reading code lives in @sunset/analysis (the ESLint plugin reads other files' exports too).
export {
  mergeModuleExports,
  readModuleExports,
  retiredExports,
  type Declaration,
  type ExportedValue,
  type ForwardedExport,
  type ModuleExports,
} from '../analysis-contract.js';
