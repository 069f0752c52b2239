import { builtinCatalog, describeEndpoint, phaseOf } from '@sunset/rule-data';
import type { Finding, LintFiles } from '../src/check/types.js';

/**
 * A test double for the ESLint step (not a recognizer): every occurrence of the exact text
 * `'/v1/campaigns'` is reported as campaigns-legacy-list; a file containing `SYNTAX ERROR` fails to parse.
 */
export const fakeLintFiles: LintFiles = (files, config) => {
  const entry = builtinCatalog.byId('campaigns-legacy-list')!;
  const findings: Finding[] = [];
  const errors = [];
  for (const file of files) {
    const lines = file.source.split('\n');
    const broken = lines.findIndex((line) => line.includes('SYNTAX ERROR'));
    if (broken !== -1) {
      errors.push({ file: file.displayPath, line: broken + 1, message: 'Parsing error: Unexpected token' });
      continue;
    }
    lines.forEach((text, index) => {
      for (let column = text.indexOf("'/v1/campaigns'"); column !== -1; column = text.indexOf("'/v1/campaigns'", column + 1)) {
        findings.push({
          file: file.displayPath,
          line: index + 1,
          column: column + 1,
          rule: 'sunset/no-legacy-rest-path',
          message: 'GET /v1/campaigns is retired.',
          entry: entry.id,
          retired: entry.retiredKey,
          replacements: entry.replacements.map(describeEndpoint),
          phase: phaseOf(entry, config.asOf),
          fix: entry.migration,
          severity: 'error',
        });
      }
    });
  }
  return Promise.resolve({ findings, errors });
};
