import type { CheckFormat } from '../args.js';
import type { Formatter } from './types.js';

/**
 * The formatter of a `--format`, loaded when a run asks for it: a check prints one or two formats of
 * six, and stylish alone loads chalk and string-width.
 */
export async function loadFormatter(format: CheckFormat): Promise<Formatter> {
  switch (format) {
    case 'github':
      return (await import('./github.js')).formatGithub;
    case 'gitlab':
      return (await import('./gitlab.js')).formatGitlab;
    case 'json':
      return (await import('./json.js')).formatJson;
    case 'junit':
      return (await import('./junit.js')).formatJunit;
    case 'sarif':
      return (await import('./sarif.js')).formatSarif;
    case 'stylish':
      return (await import('./stylish.js')).formatStylish;
  }
}
