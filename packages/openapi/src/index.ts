export { importOpenApi, formatConfig, type ImportOpenApiOptions, type ImportOpenApiResult } from './import-openapi.js';
export { runImportOpenApi, type ImportOpenApiIo } from './command/run-import-openapi.js';
export { importHelp } from './command/import-args.js';
export { OpenApiImportError, formatProblem, type SpecProblem } from './problems.js';
export { serviceLabel, isGeneratedFrom } from './config/generated-marker.js';
