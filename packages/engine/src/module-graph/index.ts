export { buildModuleGraph, moduleGraphResolver, type ExportTable, type ModuleGraphData } from './build-module-graph.js';
export { createCrossFileResolver, withCrossFileFacts, type CrossFileFinding, type CrossFileRelatedLocation, type CrossFileResolution, type CrossFileResolver, type ImportLookup } from './cross-file-resolver.js';
export type { Declaration, ExportedValue } from './exported-values.js';
export { resolveRelativeModule, scanModuleReferences, type ModuleReferences } from './scan-imports.js';
export { moduleGraphCheck, type CrossFileLocatedFinding, type ModuleGraphCheck } from './module-graph-context.js';
