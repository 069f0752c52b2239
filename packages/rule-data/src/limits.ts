import type { Endpoint, Quota, ReportingLimits } from './types.js';

// The spec's Limits part. Where the spec says "not shown", the value is `undefined`; where it says
// "unlimited", `null`. The asynchronous row is ambiguous in the spec ("one unlimited value and one
// 100 000 value"); we follow its stated assignment: dimensions and metrics unlimited, 100 000 rows per page.

const syncEndpoint: Endpoint = { method: 'POST', path: '/v1/reportingstats/agency/reportdata' };
const asyncStart: Endpoint = { method: 'POST', path: '/v1/buyer/stats/data' };
const asyncRead: Endpoint = { method: 'GET', path: '/v1/buyer/stats/data' };
const asyncPoll: Endpoint = { method: 'GET', path: '/v1/buyer/stats/operations' };

export const reportingLimits: { readonly synchronous: ReportingLimits; readonly asynchronous: ReportingLimits } = {
  synchronous: {
    workflow: 'synchronous',
    endpoints: [syncEndpoint],
    dateRangeDaysBack: 365,
    maxDimensions: 8,
    maxMetrics: 10,
    maxRowsPerPage: 3000,
    defaultRowsPerPage: 250,
    zeroLimitMeansUnlimited: false,
    requiresDatePeriodFilter: true,
    minMetrics: 1,
  },
  asynchronous: {
    workflow: 'asynchronous',
    endpoints: [asyncStart, asyncRead, asyncPoll],
    dateRangeDaysBack: 397,
    maxDimensions: null,
    maxMetrics: null,
    maxRowsPerPage: 100_000,
    defaultRowsPerPage: undefined,
    zeroLimitMeansUnlimited: true,
    requiresDatePeriodFilter: true,
    minMetrics: 1,
  },
};

/** Quotas apply to all users of one agency together; the daily quota resets 24 hours after the first request. */
export const reportingQuotas: readonly Quota[] = [
  { endpoint: syncEndpoint, perMinute: 10, perDay: 500 },
  { endpoint: asyncStart, perMinute: 10, perDay: 500 },
  { endpoint: asyncRead, perMinute: 10 },
  { endpoint: asyncPoll, perSecond: 10 },
];
