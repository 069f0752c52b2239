import { describe, expect, it } from 'vitest';
import { builtinEntries, mightContainRetiredCall, reportingLimits, reportingQuotas, retiredNeedles } from '@sunset/rule-data';

describe('the needle prefilter', () => {
  it('derives a minimal needle set from the data', () => {
    expect(retiredNeedles()).toEqual([
      'AddAdvertiserLabelsAsJson', 'campaigns', 'CreateCampaign', 'GetAdvertiserLabelsAsJson', 'GetAdvertisers',
      'GetCampaignCategories', 'GetCampaignLabelsAsJson', 'GetPlacementsLabelsAsJson', 'GetUsers', 'RemoveAdvertiserLabelsAsJsonp',
      'reportingstats', 'SetPlacementsLabelsAsJson', 'UpdateCampaign',
    ]);
  });

  it('lets through a file that names any retired path or operation', () => {
    for (const entry of builtinEntries) {
      const text = entry.kind === 'path' ? `fetch(\`\${API}${entry.path.replace(/\{\w+\}/g, '1')}\`)` : `client.${entry.operation}Async({})`;
      expect(mightContainRetiredCall(text)).toBe(true);
    }
    expect(mightContainRetiredCall("axios.get('/V1/CAMPAIGNS')")).toBe(true);
  });

  it('rejects a file with no needle', () => {
    expect(mightContainRetiredCall("import React from 'react';\nexport const x = fetch('/v1/buyer/orders');\n")).toBe(false);
  });
});

describe('reporting limits', () => {
  it('hold the spec Limits part, unlimited as null and not shown as undefined', () => {
    expect(reportingLimits.synchronous).toMatchObject({ dateRangeDaysBack: 365, maxDimensions: 8, maxMetrics: 10, maxRowsPerPage: 3000, defaultRowsPerPage: 250, zeroLimitMeansUnlimited: false });
    expect(reportingLimits.asynchronous).toMatchObject({ dateRangeDaysBack: 397, maxDimensions: null, maxMetrics: null, maxRowsPerPage: 100_000, defaultRowsPerPage: undefined, zeroLimitMeansUnlimited: true });
    expect(reportingQuotas.map((quota) => [`${quota.endpoint.method} ${quota.endpoint.path}`, quota.perSecond, quota.perMinute, quota.perDay])).toEqual([
      ['POST /v1/reportingstats/agency/reportdata', undefined, 10, 500],
      ['POST /v1/buyer/stats/data', undefined, 10, 500],
      ['GET /v1/buyer/stats/data', undefined, 10, undefined],
      ['GET /v1/buyer/stats/operations', 10, undefined, undefined],
    ]);
  });
});
