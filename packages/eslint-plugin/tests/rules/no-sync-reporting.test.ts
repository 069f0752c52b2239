import type { Rule } from 'eslint';
import rule from '../../src/rules/no-sync-reporting.js';
import { createEspreeRuleTester, createTypeScriptRuleTester, forRuleTester, positionOf, todoComment } from '../support/rule-testers.js';

const asyncWorkflow = 'use one of POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations or GET /v1/buyer/stats/data';
const retiredReporting = {
  retiredKey: 'POST /v1/reportingstats/agency/reportdata',
  phase: 'retired',
  schedule: 'support ended 2020-01-31',
  replacements: asyncWorkflow,
};

const axiosPost = 'const report = await axios.post(`${API_BASE}/v1/reportingstats/agency/reportdata`, request);';
const fetchPost = [
  'async function loadReport(request: ReportRequest) {',
  "  const response = await fetch('/v1/reportingstats/agency/reportdata', {",
  "    method: 'POST',",
  '    body: JSON.stringify(request),',
  '  });',
  '  return response.json();',
  '}',
].join('\n');
const reportUrlConstant = "export const REPORT_DATA_URL = '/v1/reportingstats/agency/reportdata';";

createTypeScriptRuleTester().run('no-sync-reporting', forRuleTester(rule), {
  valid: [
    { name: 'the asynchronous workflow', code: 'await axios.post(`${API_BASE}/v1/buyer/stats/data`, request);' },
    { name: 'polling the asynchronous operation', code: "await fetch('/v1/buyer/stats/operations');" },
    { name: 'a look-alike path', code: "await fetch('/v1/reportingstatsarchive/agency/reportdata', { method: 'POST' });" },
    { name: 'the path in a comment', code: '// POST /v1/reportingstats/agency/reportdata is retired\nawait load();' },
    { name: 'a legacy REST path (another rule)', code: "await fetch('/v1/campaigns');" },
    {
      name: 'a scheduled entry when reportScheduled is off',
      code: "await axios.post('/v1/reportingstats/agency/reportdata', request);",
      settings: { sunset: { asOf: '2019-09-01' } },
    },
    {
      name: 'a scheduled entry ending after scheduledWithinDays',
      code: "await axios.post('/v1/reportingstats/agency/reportdata', request);",
      settings: { sunset: { asOf: '2019-09-01', reportScheduled: true, scheduledWithinDays: 30 } },
    },
  ],
  invalid: [
    {
      name: 'reports axios.post with a base and suggests the TODO marker, and no URL swap (the replacement is a workflow)',
      code: axiosPost,
      output: null,
      errors: [
        {
          messageId: 'retiredTodo',
          data: retiredReporting,
          ...positionOf(axiosPost, '`'),
          suggestions: [
            { messageId: 'insertTodo', data: { entryId: 'reporting-sync-reportdata' }, output: todoComment('reporting-sync-reportdata') + axiosPost },
          ],
        },
      ],
    },
    {
      name: 'reports fetch with method POST inside a function and indents the marker',
      code: fetchPost,
      output: null,
      errors: [
        {
          messageId: 'retiredTodo',
          data: retiredReporting,
          ...positionOf(fetchPost, "'/v1"),
          suggestions: [
            {
              messageId: 'insertTodo',
              data: { entryId: 'reporting-sync-reportdata' },
              output: fetchPost.replace('  const response', `${todoComment('reporting-sync-reportdata', '  ')}  const response`),
            },
          ],
        },
      ],
    },
    {
      name: 'reports an exported URL constant without a method',
      code: reportUrlConstant,
      output: null,
      errors: [
        {
          messageId: 'retiredTodo',
          data: { ...retiredReporting, retiredKey: '/v1/reportingstats/agency/reportdata' },
          ...positionOf(reportUrlConstant, "'"),
          suggestions: [
            {
              messageId: 'insertTodo',
              data: { entryId: 'reporting-sync-reportdata' },
              output: todoComment('reporting-sync-reportdata') + reportUrlConstant,
            },
          ],
        },
      ],
    },
    {
      name: 'reports a scheduled entry within 90 days when reportScheduled is on',
      code: "await axios.post('/v1/reportingstats/agency/reportdata', request);",
      settings: { sunset: { asOf: '2019-09-01', reportScheduled: true } },
      output: null,
      errors: [
        {
          messageId: 'retiredTodo',
          data: {
            ...retiredReporting,
            phase: 'scheduled for retirement',
            schedule: 'general availability ends 2019-10-31, support ends 2020-01-31',
          },
          line: 1,
          column: 18,
          suggestions: [
            {
              messageId: 'insertTodo',
              output: `// TODO(sunset:reporting-sync-reportdata): migrate POST /v1/reportingstats/agency/reportdata: the\n//     asynchronous workflow is different: start the report with POST, poll the operation, then read\n//     the data, under other limits\n//   candidates POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations, GET /v1/buyer/stats/data\n//   general availability ends 2019-10-31, support ends 2020-01-31\nawait axios.post('/v1/reportingstats/agency/reportdata', request);`,
            },
          ],
        },
      ],
    },
  ],
});

// ESLint's RuleTester types rules as ESLint's Rule.RuleModule; ours are typed by @typescript-eslint/utils (same runtime shape).
createEspreeRuleTester().run('no-sync-reporting (espree)', rule as unknown as Rule.RuleModule, {
  valid: ["axios.post('/v1/buyer/stats/data', request);"],
  invalid: [
    {
      code: "axios.post('/v1/reportingstats/agency/reportdata', request).then(render);",
      errors: [
        {
          messageId: 'retiredTodo',
          line: 1,
          column: 12,
          suggestions: [
            {
              messageId: 'insertTodo',
              output: `${todoComment('reporting-sync-reportdata')}axios.post('/v1/reportingstats/agency/reportdata', request).then(render);`,
            },
          ],
        },
      ],
    },
  ],
});
