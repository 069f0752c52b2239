export { CodemodOptionError, sunsetOptionsFrom } from './options.js';
export { formatSiteReport, transformSource, default } from './transform.js';
export type { CodemodOptions, ParseFailure, SiteAction, SiteReport, TransformResult } from './types.js';
