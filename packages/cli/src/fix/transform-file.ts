import type { TransformFile } from './types.js';

/**
 * PLACEHOLDER — the lead replaces this with `@sunset/codemod`'s transform, e.g.
 *   transformSource(source, { path, asOf: options.config.asOf, apiHosts: options.config.apiHosts,
 *                             catalog: options.config.catalog }) → { output, sites, error }
 * with each site's `file` set to `options.displayPath`.
 *
 * Until then every candidate is reported as not transformed, so nothing is ever written by accident.
 */
export const transformFile: TransformFile = () => ({
  output: undefined,
  sites: [],
  error: { line: 1, message: 'Not transformed: the codemod is not wired into @sunset/cli yet.' },
});
