import { analyzeFile, createCrossFileResolver, createExportTables, exportedValueOf, indexFile, lineColumnAt, readModuleExports, valuesReadBy, type AnalysisOptions, type Finding, type RuleName } from '@sunset/analysis';
import { parseWith, type ParserName } from './parsers.js';

/**
 * The findings of `importer` (`/repo/use<extension>`), the modules it imports or requires read from
 * `modules` (specifier `./name`, with or without `.js`/`.mjs`/`.cjs` → the text of `/repo/name<extension>`)
 * as the default mode's export tables read them; each with the values other modules gave it
 * (`NAME@line:column` of their declarations).
 */
export function findingsAcrossModules(
  parser: ParserName,
  extension: string,
  importer: string,
  modules: Readonly<Record<string, string>>,
  options: AnalysisOptions,
  rules: Partial<Record<RuleName, readonly unknown[]>>,
): { readonly finding: Finding; readonly declared: readonly string[] }[] {
  const fileOf = (specifier: string): string => `/repo/${specifier.replace(/^\.\//, '').replace(/\.[cm]?js$/, '')}${extension}`;
  const texts = new Map(Object.entries(modules).map(([specifier, text]) => [fileOf(specifier), text]));
  const tables = createExportTables({
    isModule: (file) => texts.has(file),
    targetOf: (_file, specifier) => (specifier.startsWith('./') && texts.has(fileOf(specifier)) ? fileOf(specifier) : undefined),
    exportsOf: (file, lookup) => {
      const text = texts.get(file)!;
      const source = parseWith(parser, text, file);
      const resolver = createCrossFileResolver(source.program, lookup);
      const index = indexFile(source, resolver === undefined ? options : { ...options, resolveIdentifier: resolver.resolveIdentifier, resolveClient: resolver.resolveClient });
      return readModuleExports(file, index, { position: (offset) => lineColumnAt(text, offset) });
    },
  });
  const source = parseWith(parser, importer, `/repo/use${extension}`);
  const resolver = createCrossFileResolver(source.program, (specifier, name) => {
    const file = specifier.startsWith('./') ? fileOf(specifier) : undefined;
    return file === undefined || !texts.has(file) ? undefined : exportedValueOf(tables(file), file, name);
  });
  const hooks = resolver === undefined ? {} : { resolveIdentifier: resolver.resolveIdentifier, resolveClient: resolver.resolveClient };
  return analyzeFile(source, { ...options, ...hooks }, rules).map((finding) => ({
    finding,
    declared: valuesReadBy(finding, resolver?.resolutions ?? []).map((declaration) => `${declaration.name}@${declaration.line}:${declaration.column}`),
  }));
}
