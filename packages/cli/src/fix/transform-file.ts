import type { TransformFile } from './types.js';

/**
 * `sunset fix` runs the codemod's transform in-process on each candidate's text; the CLI does the I/O.
 * The codemod (jscodeshift, Babel) is imported on the first call, so commands and runs that transform
 * nothing never load it; later calls get the module the loader already holds.
 */
export const transformFile: TransformFile = async (path, source, { displayPath, config }) => {
  const { transformSource } = await import('@sunset/codemod');
  const result = transformSource(source, path, {
    asOf: config.asOf,
    ...(config.apiHosts ? { apiHosts: config.apiHosts } : {}),
    catalog: config.catalog,
  });
  return {
    output: result.output,
    sites: result.sites.map((site) => ({ ...site, file: displayPath })),
    ...(result.error ? { error: result.error } : {}),
  };
};
