import { builtinCatalog } from '@sunset/rule-data';
import type { CheckReport } from '../src/check/types.js';
import type { FormatContext } from '../src/format/types.js';

/** A fixed synthetic report: a rewrite, a TODO at `deprecated`, a TODO-marker finding and a parse error. */
export const report: CheckReport = {
  findings: [
    {
      file: 'src/api/campaigns.ts',
      line: 3,
      column: 16,
      endLine: 3,
      endColumn: 36,
      rule: 'sunset/no-legacy-rest-path',
      message: 'GET /v1/campaigns is retired (support ended 2019-10-01); use GET /v1/buyer/campaigns.',
      entry: 'campaigns-legacy-list',
      retired: 'GET /v1/campaigns',
      replacements: ['GET /v1/buyer/campaigns'],
      phase: 'retired',
      fix: 'rewrite',
      severity: 'error',
    },
    {
      file: 'src/reports/daily report.ts',
      line: 2,
      column: 3,
      rule: 'sunset/no-sync-reporting',
      message: 'The synchronous report endpoint is deprecated.',
      entry: 'reporting-sync-reportdata',
      retired: '/v1/reportingstats/agency/reportdata',
      replacements: ['POST /v1/buyer/stats/data', 'GET /v1/buyer/stats/operations', 'GET /v1/buyer/stats/data'],
      phase: 'deprecated',
      fix: 'todo',
      severity: 'error',
    },
    {
      file: 'src/todo.ts',
      line: 1,
      column: 4,
      endLine: 1,
      endColumn: 40,
      rule: 'sunset/no-sunset-todo',
      message: 'Finish TODO(sunset:campaigns-legacy-status).',
      severity: 'error',
    },
  ],
  errors: [{ file: 'src/broken.ts', line: 4, message: 'Parsing error: Unexpected token )' }],
  notScanned: [],
  summary: {
    asOf: '2019-11-01',
    failOn: 'retired',
    files: 12,
    candidates: 4,
    findings: 3,
    failing: 2,
    baselined: 1,
    errors: 1,
    notScanned: { unreadable: 0, tooLarge: 0, minified: 0, unscannedExtension: 0, excludedByConfig: 0, invalidPackageJson: 0, symbolicLink: 0, nodeModules: 0, gitFolder: 0 },
  },
};

const sources: Readonly<Record<string, string>> = {
  'src/api/campaigns.ts': "import { API } from './base';\n\n\tconst list = () => fetch(`${API}/v1/campaigns`);\n",
  'src/reports/daily report.ts': 'export const run = () =>\n  post(REPORT_URL, body);\n',
  'src/todo.ts': '// TODO(sunset:campaigns-legacy-status): decide\n',
};

export const context: FormatContext = {
  asOf: '2019-11-01',
  failOn: 'retired',
  catalog: builtinCatalog,
  color: false,
  linesOf: (file) => sources[file]?.split('\n'),
  fingerprints: ['f1', 'f2', 'f3'],
  toolVersion: '0.1.0',
};
