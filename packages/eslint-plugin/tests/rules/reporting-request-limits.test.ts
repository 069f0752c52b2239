import type { Rule } from 'eslint';
import rule from '../../src/rules/reporting-request-limits.js';
import { createEspreeRuleTester, createTypeScriptRuleTester, forRuleTester, positionOf } from '../support/rule-testers.js';

// AS_OF is 2024-06-01: 365 days back is 2023-06-02, 397 days back is 2023-05-01. The synchronous API is
// retired from 2020-01-31 (its entry in rule-data): its requests are judged on a day it was still served,
// 2019-12-01 (365 days back: 2018-12-01), and after that left to no-sync-reporting.
const sync = { workflow: 'synchronous', endpoint: 'POST /v1/reportingstats/agency/reportdata' };
const async = { workflow: 'asynchronous', endpoint: 'POST /v1/buyer/stats/data' };
const common = { pattern: 'date|period', hint: '', days: '', asOf: '2024-06-01' };
const syncServed = { settings: { sunset: { asOf: '2019-12-01' } } };
const onSyncDay = { ...common, asOf: '2019-12-01' };

const syncTooBig = [
  'await axios.post(`${API_BASE}/v1/reportingstats/agency/reportdata`, {',
  "  datePeriod: { from: '2018-11-30', to: '2018-12-30' },",
  "  dimensions: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'],",
  "  metrics: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11'],",
  '  paging: { limit: 3001 },',
  '});',
].join('\n');

const asyncMissing = [
  'const request = { dimensions: ["campaign"], paging: { limit: 100001 } };',
  "await fetch('/v1/buyer/stats/data', { method: 'POST', body: JSON.stringify(request) });",
].join('\n');

const customNames = "await got.post('/v1/buyer/stats/data', { json: { window: { start: '2023-04-30' }, measures: ['clicks'] } });";

createTypeScriptRuleTester().run('reporting-request-limits', forRuleTester(rule), {
  valid: [
    {
      name: 'a synchronous request within every limit',
      code: "await axios.post('/v1/reportingstats/agency/reportdata', { dateFrom: '2018-12-01', dimensions: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], metrics: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10'], paging: { limit: 3000 } });",
      ...syncServed,
    },
    { name: 'a synchronous request breaking every limit once that API is retired: no-sync-reporting reports it', code: syncTooBig },
    {
      name: 'an asynchronous request with many fields, 0 rows for unlimited and a start 397 days back',
      code: "await axios.post('/v1/buyer/stats/data', { datePeriod: { from: '2023-05-01' }, dimensions: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'], metrics: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11'], paging: { limit: 0 } });",
    },
    { name: 'a body the rule cannot see', code: "await axios.post('/v1/reportingstats/agency/reportdata', query);" },
    { name: 'a spread body', code: "await axios.post('/v1/buyer/stats/data', { ...query, metrics: ['m'] });" },
    { name: 'an opaque field that may hold the filter', code: "await axios.post('/v1/buyer/stats/data', { metrics: ['m'], filters: buildFilters() });" },
    { name: 'reading results with GET', code: "await axios.get('/v1/buyer/stats/data', { params: { paging: { limit: 500000 } } });" },
    { name: 'a look-alike path', code: "await axios.post('/v1/buyer/stats/dataExport', { paging: { limit: 500000 } });" },
    {
      name: 'another host when apiHosts are listed',
      code: "await axios.post('https://reports.other.example/v1/buyer/stats/data', { paging: { limit: 500000 } });",
      settings: { sunset: { asOf: '2024-06-01', apiHosts: ['api.example.com'] } },
    },
  ],
  invalid: [
    {
      name: 'reports each broken synchronous limit at the value that breaks it, while that API is served',
      code: syncTooBig,
      ...syncServed,
      errors: [
        { messageId: 'startDateTooFarBack', data: { ...sync, ...onSyncDay, limit: '365', actual: '2018-11-30', days: '366' }, ...positionOf(syncTooBig, "'2018-11-30'") },
        { messageId: 'tooManyDimensions', data: { ...sync, ...onSyncDay, limit: '8', actual: '9' }, ...positionOf(syncTooBig, "['a'") },
        { messageId: 'tooManyMetrics', data: { ...sync, ...onSyncDay, limit: '10', actual: '11' }, ...positionOf(syncTooBig, "['m1'") },
        { messageId: 'pageLimitTooLarge', data: { ...sync, ...onSyncDay, limit: '3,000', actual: '3,001' }, ...positionOf(syncTooBig, '3001') },
      ],
    },
    {
      name: 'reports a missing date period filter and metric at the body, and the asynchronous page limit',
      code: asyncMissing,
      errors: [
        { messageId: 'pageLimitTooLarge', data: { ...async, ...common, limit: '100,000', actual: '100,001', hint: ' Use 0 for an unlimited response.' }, ...positionOf(asyncMissing, '100001') },
        { messageId: 'missingDatePeriodFilter', data: { ...async, ...common, limit: '', actual: '' }, ...positionOf(asyncMissing, 'JSON.stringify') },
        { messageId: 'missingMetric', data: { ...async, ...common, limit: '1', actual: '0' }, ...positionOf(asyncMissing, 'JSON.stringify') },
      ],
    },
    {
      name: 'reads the field names given as options',
      code: customNames,
      options: [{ datePeriodFilterPattern: '^window$', metricsKeys: ['measures'] }],
      errors: [
        { messageId: 'startDateTooFarBack', data: { ...async, ...common, pattern: '^window$', limit: '397', actual: '2023-04-30', days: '398' }, ...positionOf(customNames, "'2023-04-30'") },
      ],
    },
  ],
});

const jqueryNoMetric = "$.ajax({ url: '/v1/reportingstats/agency/reportdata', type: 'POST', data: JSON.stringify({ period: 'last7days', metrics: [] }) });";

createEspreeRuleTester().run('reporting-request-limits (espree)', rule as unknown as Rule.RuleModule, {
  valid: ["$.ajax({ url: '/v1/buyer/stats/data', type: 'POST', data: JSON.stringify(request) });", jqueryNoMetric],
  invalid: [
    {
      code: jqueryNoMetric,
      ...syncServed,
      errors: [{ message: 'A report request of the synchronous workflow (POST /v1/reportingstats/agency/reportdata) needs at least 1 metric; this one has 0.', ...positionOf(jqueryNoMetric, '[]') }],
    },
  ],
});
