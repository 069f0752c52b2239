import { transformSource } from '@sunset/codemod';
import type { TransformFile } from './types.js';

/** `sunset fix` runs the codemod's transform in-process on each candidate's text; the CLI does the I/O. */
export const transformFile: TransformFile = (path, source, { displayPath, config }) => {
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
