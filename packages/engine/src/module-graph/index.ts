export { buildModuleGraph, mayOfferRetiredValues, moduleFactsOf, moduleGraphResolver, type ExportTable, type ModuleFacts, type ModuleGraphData, type ModuleGraphSources } from './build-module-graph.js';
export { createCrossFileResolver, withCrossFileFacts, type CrossFileFinding, type CrossFileResolution, type CrossFileResolver, type ImportLookup } from './cross-file-resolver.js';
export { readModuleExports, retiredExports, type Declaration, type ExportedValue, type ModuleExports } from './exported-values.js';
export { resolveRelativeModule, scanModuleReferences, scanModuleReferencesIn, scanModuleSpecifiers, scanModuleSpecifiersOfLatin1, specifierStem, stemsOf, type ModuleReferences } from './scan-imports.js';
export { moduleGraphCheck, type ModuleGraphCheck } from './module-graph-context.js';
export { consumedDeclarations, creditRewrite, placeKey, withoutConsumedDeclarations } from './consumed-declarations.js';
