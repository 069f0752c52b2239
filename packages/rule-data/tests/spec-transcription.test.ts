import { describe, expect, it } from 'vitest';
import { builtinEntries, describeEndpoint, type RetirementEntry } from '@sunset/rule-data';

// An independent transcription of the spec's Versioning part, copied cell by cell from
// interface-spec.md (not from the entries). rule-data must hold exactly these rows.

// "Other retired services": Retired service | Replacement API | Old operation or endpoint | New endpoint
const otherRetiredServices = [
  ['Campaigns service', 'Campaigns API', 'GetCampaigns, GetCampaignsAsJson', 'GET /v1/buyer/campaigns'],
  ['Campaigns service', 'Campaigns API', 'CreateCampaign, CreateCampaignsAsJson', 'POST /v1/buyer/campaigns'],
  ['Campaigns service', 'Campaigns API', 'UpdateCampaign, UpdateCampaignsAsJson', 'PUT /v1/buyer/campaigns/{id}'],
  ['Campaigns service', 'Campaigns API', 'GetCampaignCategories', 'none (N/A)'],
  ['Campaigns legacy API', 'Campaigns API', 'GET /v1/campaigns', 'GET /v1/buyer/campaigns'],
  ['Campaigns legacy API', 'Campaigns API', 'PATCH /v1/campaigns', 'PUT /v1/buyer/campaigns/{id}/status'],
  ['Campaigns legacy API', 'Campaigns API', 'GET /v1/campaigns/{id}', 'GET /v1/buyer/campaigns/{id} and GET /v1/buyer/campaigns/{id}/rtbSettings'],
  ['Campaigns legacy API', 'Orders API', 'GET /v1/campaigns/{campaignId}/orders', 'GET /v1/buyer/orders'],
  ['Campaigns legacy API', 'Orders API', 'GET /v1/campaigns/{campaignId}/orders/{orderId}', 'GET /v1/buyer/orders/{orderId}'],
  ['Campaign dictionary API', 'Classifiers API', 'GET /v1/campaigns/dictionaries/managers', 'GET /v1/buyer/classifiers/managers'],
  ['Campaign dictionary API', 'Classifiers API', 'GET /v1/campaigns/dictionaries/comanagers', 'GET /v1/buyer/classifiers/managers'],
  ['Campaign dictionary API', 'Advertisers API', 'GET /v1/campaigns/dictionaries/labels', 'GET /v1/buyer/advertisers/{id}/campaignLabels'],
  ['Campaign dictionary API', 'Advertisers API', 'GET /v1/campaigns/dictionaries/clients', 'GET /v1/buyer/advertisers'],
  ['User service', 'Classifiers API', 'GetUsers', 'GET /v1/buyer/classifiers/managers'],
  ['Advertiser service', 'Advertisers API', 'GetAdvertisers, GetAdvertisersAsJson', 'GET /v1/buyer/advertisers'],
] as const;
const otherServicesDates = { gaEnds: '2018-10-01', supportEnds: '2019-10-01' };

// "Label service"
const labelServiceOperations = [
  'GetCampaignLabelsAsJson', 'GetAdvertiserLabelsAsJson', 'GetPlacementsLabelsAsJson', 'AddAdvertiserLabelsAsJson',
  'AddAdvertiserLabelsAsJsonp', 'RemoveAdvertiserLabelsAsJsonp', 'SetPlacementsLabelsAsJson',
];
const labelServiceEndpoints = [
  'GET /v1/buyer/campaigns/{id}/labels',
  'GET /v1/buyer/advertisers/{id}/campaignLabels',
  'PUT /v1/buyer/advertisers/{id}/campaignLabels',
  'PUT /v1/buyer/direct/lineitems/{uuid}/labels',
  'DELETE /v1/buyer/direct/lineitems/{uuid}/labels/{groupId}',
];
const labelServiceApis = ['Campaigns API', 'Advertisers API', 'Direct Line Item API'];
// "The old operations and the new endpoints are paired by kind only in the lists above": written out
// by hand here, so the entries' own mapping is checked against it, not against itself.
const labelKindEndpoints: Readonly<Record<string, readonly string[]>> = {
  GetCampaignLabelsAsJson: labelServiceEndpoints.slice(0, 2),
  GetAdvertiserLabelsAsJson: labelServiceEndpoints.slice(0, 2),
  GetPlacementsLabelsAsJson: labelServiceEndpoints.slice(0, 2),
  AddAdvertiserLabelsAsJson: labelServiceEndpoints.slice(2, 4),
  AddAdvertiserLabelsAsJsonp: labelServiceEndpoints.slice(2, 4),
  RemoveAdvertiserLabelsAsJsonp: labelServiceEndpoints.slice(4),
  SetPlacementsLabelsAsJson: labelServiceEndpoints.slice(2, 4),
};

// "Reporting statistics": the synchronous API (POST /v1/reportingstats/agency/reportdata, from the
// Endpoints table) and its replacement, the asynchronous endpoints under /v1/buyer/stats.
const syncReporting = {
  retired: 'POST /v1/reportingstats/agency/reportdata',
  replacements: ['POST /v1/buyer/stats/data', 'GET /v1/buyer/stats/operations', 'GET /v1/buyer/stats/data'],
  gaEnds: '2019-10-31',
  supportEnds: '2020-01-31',
};

interface Row {
  readonly retired: string;
  readonly service: string;
  readonly replacementApis: readonly string[];
  readonly replacements: readonly string[];
  readonly gaEnds: string;
  readonly supportEnds: string;
}

// Versioning: "The synchronous reporting API (path prefix /v1/reportingstats/agency) ends …": every
// other request under the prefix, with any method, migrates to the asynchronous API under /v1/buyer/stats.
const syncReportingPrefix = '/v1/reportingstats/agency/…';

const specRows: Row[] = [
  { retired: syncReporting.retired, service: 'Synchronous reporting API', replacementApis: ['Asynchronous reporting API'], replacements: syncReporting.replacements, gaEnds: syncReporting.gaEnds, supportEnds: syncReporting.supportEnds },
  { retired: syncReportingPrefix, service: 'Synchronous reporting API', replacementApis: ['Asynchronous reporting API'], replacements: syncReporting.replacements, gaEnds: syncReporting.gaEnds, supportEnds: syncReporting.supportEnds },
  ...otherRetiredServices.flatMap(([service, api, old, replacement]) =>
    old.split(', ').map((retired) => ({
      retired,
      service,
      replacementApis: [api],
      replacements: replacement === 'none (N/A)' ? [] : replacement.split(' and '),
      ...otherServicesDates,
    })),
  ),
  ...labelServiceOperations.map((retired) => ({
    retired,
    service: 'Label service',
    replacementApis: labelServiceApis,
    replacements: labelKindEndpoints[retired]!,
    ...otherServicesDates,
  })),
];

const rowOf = (entry: RetirementEntry): Row => ({
  retired: entry.retiredKey,
  service: entry.service,
  replacementApis: entry.replacementApis,
  replacements: entry.replacements.map(describeEndpoint),
  gaEnds: entry.schedule.gaEnds,
  supportEnds: entry.schedule.supportEnds,
});

describe('the built-in entries against the spec', () => {
  it('hold every row of the spec migration tables, and no other', () => {
    const sortKey = (row: Row): string => row.retired;
    expect(builtinEntries.map(rowOf).sort((a, b) => sortKey(a).localeCompare(sortKey(b)))).toEqual(
      [...specRows].sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
    );
    expect(builtinEntries).toHaveLength(28);
  });

  it('give every entry a unique, stable kebab-case id', () => {
    const ids = builtinEntries.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('classify the families: SOAP/WCF operations, legacy REST paths, synchronous reporting', () => {
    const byFamily = (family: string): string[] => builtinEntries.filter((entry) => entry.family === family).map((entry) => entry.retiredKey);
    expect(byFamily('reporting')).toEqual(['POST /v1/reportingstats/agency/reportdata', syncReportingPrefix]);
    expect(byFamily('rest')).toEqual(otherRetiredServices.filter(([, , old]) => old.includes('/')).map(([, , old]) => old));
    expect(byFamily('soap')).toHaveLength(27 - 1 - 9);
    for (const entry of builtinEntries.filter((e) => e.family === 'soap')) expect(entry.kind).toBe('operation');
  });

  it('mark exactly the rewrites DESIGN.md lists as one-to-one, and give every todo a reason', () => {
    const rewrites = builtinEntries.filter((entry) => entry.migration === 'rewrite').map((entry) => entry.retiredKey);
    expect(rewrites).toEqual([
      'GET /v1/campaigns',
      'GET /v1/campaigns/{campaignId}/orders/{orderId}',
      'GET /v1/campaigns/dictionaries/managers',
      'GET /v1/campaigns/dictionaries/comanagers',
      'GET /v1/campaigns/dictionaries/clients',
    ]);
    for (const entry of builtinEntries) {
      expect(entry.todoReason === undefined).toBe(entry.migration === 'rewrite');
      expect(entry.origin).toBe('builtin');
    }
  });
});
