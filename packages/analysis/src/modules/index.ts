export { createExportTables, exportedValueOf, maxImportDepth, maxReexportHops, type ExportTable, type ExportTableSources } from './export-tables.js';
export { createCrossFileResolver, isOriginOnly, resolutionsUsedBy, valuesReadBy, valuesReadByUnreported, valuesSentAndGiven, valuesSentElsewhere, type CrossFileResolution, type CrossFileResolver, type ImportLookup } from './import-resolver.js';
export { mergeModuleExports, readModuleExports, retiredExports, type Declaration, type ExportedValue, type ForwardedExport, type ModuleExports, type PositionIndex } from './module-exports.js';
export { createModuleAliases, readConfigFiles, type ConfigFiles, type ModuleAliases } from './module-aliases.js';
export { mayCreateClientWithBase, mayOfferBase, mayOfferPathBase, isRelativeSpecifier, resolveModuleFile, resolveRelativeModuleFile, scanModuleReferences, scanModuleReferencesIn, type ModuleReferences } from './module-references.js';
export { migratedByDeclarations, migrationFactsOf, todoOnlyForTextElsewhere, type MigrationFacts } from './declaration-migration.js';
export { exportedValueRanges, fixEditsExportedValue, globalStores, type ExportedValueRange, type GlobalStore } from './exported-values.js';
