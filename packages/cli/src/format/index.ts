import type { CheckFormat } from '../args.js';
import { formatGithub } from './github.js';
import { formatGitlab } from './gitlab.js';
import { formatJson } from './json.js';
import { formatJunit } from './junit.js';
import { formatSarif } from './sarif.js';
import { formatStylish } from './stylish.js';
import type { Formatter } from './types.js';

export const formatters: Readonly<Record<CheckFormat, Formatter>> = {
  github: formatGithub,
  gitlab: formatGitlab,
  json: formatJson,
  junit: formatJunit,
  sarif: formatSarif,
  stylish: formatStylish,
};
