import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { baseEndingPattern, builtinEntries, createCatalog, mightContainRetiredCall, reportingLimits, reportingQuotas, retiredNeedlePattern, retiredNeedles } from '@sunset/rule-data';

describe('the needle prefilter', () => {
  it('derives a minimal needle set from the data', () => {
    expect(retiredNeedles()).toEqual([
      'v1/campaigns', 'v1/reportingstats',
      'AddAdvertiserLabelsAsJson', 'CreateCampaign', 'GetAdvertiserLabelsAsJson', 'GetAdvertisers', 'GetCampaignCategories',
      'GetCampaignLabelsAsJson', 'GetCampaigns', 'GetPlacementsLabelsAsJson', 'GetUsers', 'RemoveAdvertiserLabelsAsJsonp',
      'SetPlacementsLabelsAsJson', 'UpdateCampaign',
    ]);
    expect(retiredNeedles(createCatalog([{ id: 'proxy', retired: 'GET /proxy/v1/{id}/campaigns', gaEnds: '2027-01-01', supportEnds: '2027-01-02' }]))).toContain('proxy/v1');
  });

  it('lets through a file that names any retired path or operation', () => {
    for (const entry of builtinEntries) {
      const text = entry.kind === 'path' ? `fetch(\`\${API}${entry.path.replace(/\{\w+\}/g, '1')}\`)` : `client.${entry.operation}Async({})`;
      expect(mightContainRetiredCall(text)).toBe(true);
    }
    expect(mightContainRetiredCall("axios.get('/V1/CAMPAIGNS')")).toBe(true);
  });

  it('rejects a file with no needle: the new endpoints, campaign vocabulary, camel-cased look-alike methods', () => {
    expect(mightContainRetiredCall("import React from 'react';\nexport const x = fetch('/v1/buyer/orders');\n")).toBe(false);
    expect(mightContainRetiredCall("import { CampaignStore } from './campaigns';\nawait api.get('/v1/buyer/campaigns');\n")).toBe(false);
    expect(mightContainRetiredCall('const users = await repo.getUsers(); createCampaign(draft);')).toBe(false);
  });

  it('lets through a path split between a base and the rest exactly at the needle', () => {
    expect(mightContainRetiredCall("const api = axios.create({ baseURL: 'https://api.example.com/v1/' });\napi.get('/campaigns/dictionaries/clients');")).toBe(true);
    expect(mightContainRetiredCall("const client = ky.create({ prefixUrl: `${origin}/v1` });\nclient('campaigns/dictionaries/managers');")).toBe(true);
    expect(mightContainRetiredCall("const url = '/V1/' + 'Campaigns';")).toBe(true);
    expect(mightContainRetiredCall('fetch(`${base}/v1/${resource}`); const resource = "reportingstats/agency/reportdata";')).toBe(true);
    expect(mightContainRetiredCall('const a = `${host}/v1`; const b = `${a}/campaigns?active=true`;')).toBe(true);
    const proxy = createCatalog([{ id: 'proxy', retired: 'GET /proxy/v1/items', gaEnds: '2027-01-01', supportEnds: '2027-01-02' }]);
    expect(mightContainRetiredCall("const base = 'https://gw.example.com/proxy/'; get(base, '/v1/items');", proxy)).toBe(true);
  });

  it('does not take two unrelated strings for a split path', () => {
    expect(mightContainRetiredCall("const base = 'https://api.example.com/v1';\nimport { CampaignStore } from './campaigns';")).toBe(false);
    expect(mightContainRetiredCall("const base = '/v1/';\napi.get('/campaignsArchive');")).toBe(false);
    expect(mightContainRetiredCall("const base = '/v1/';\napi.get('/buyer/campaigns');")).toBe(false);
    expect(mightContainRetiredCall("api.get('/v1/buyer/orders');\nlog('campaigns/list');")).toBe(false);
    expect(mightContainRetiredCall("const base = '/v2';\napi.get('/campaigns/7');")).toBe(false);
  });

  // The grep pattern is the needle half of the prefilter; a split path (above) is beyond grep.
  it("writes a base's pattern from its spec: the text in any case, an optional slash, a closing quote or `${`", () => {
    expect(baseEndingPattern('/v2')).toBe("/[vV]2/?(?:['\"`]|\\$\\{)");
    const base = new RegExp(baseEndingPattern('/v2'));
    expect(["'https://host/V2'", '`${origin}/v2/${', "'/v2/'"].map((text) => base.test(text))).toEqual([true, true, true]);
    expect(["'/v2x'", "'/v2//'", '/v2 '].map((text) => base.test(text))).toEqual([false, false, false]);
  });

  it('means the same to grep -E as to JavaScript', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sunset-needles-'));
    const samples = {
      'hit-path.ts': "get('/V1/Campaigns/7')",
      'hit-op.js': 'client.GetUsersAsync()',
      'hit-report.ts': '`${b}/v1/reportingstats/agency/reportdata`',
      'miss-buyer.ts': "get('/v1/buyer/campaigns')",
      'miss-case.js': 'repo.getUsers()',
    };
    for (const [name, text] of Object.entries(samples)) writeFileSync(path.join(dir, name), text);
    const grepped = execFileSync('grep', ['-rlE', retiredNeedlePattern(), '.'], { cwd: dir, encoding: 'utf8' }).split('\n').filter(Boolean).map((file) => path.basename(file)).sort();
    const matched = Object.entries(samples).filter(([, text]) => mightContainRetiredCall(text)).map(([name]) => name).sort();
    expect(grepped).toEqual(['hit-op.js', 'hit-path.ts', 'hit-report.ts']);
    expect(matched).toEqual(grepped);
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
