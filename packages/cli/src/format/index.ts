import type { CheckFormat } from '../args.js';
import { formatGithub } from './github.js';
import { formatJson } from './json.js';
import { formatSarif } from './sarif.js';
import { formatStylish } from './stylish.js';
import type { Formatter } from './types.js';

export const formatters: Readonly<Record<CheckFormat, Formatter>> = {
  github: formatGithub,
  json: formatJson,
  sarif: formatSarif,
  stylish: formatStylish,
};
