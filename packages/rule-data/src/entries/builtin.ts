import type { Api, Endpoint, HttpMethod, OperationEntry, PathEntry, RetirementEntry, Schedule } from '../types.js';

// Transcribed by hand from the spec's Versioning part (interface-spec.md). Each entry names the
// spec row it comes from; `tests/spec-transcription.test.ts` checks them against an independent copy.

export const builtinApiId = 'builtin';

/**
 * The spec's API. The spec writes its addresses as `{base_url}` and `{auth_url}` and names no host;
 * the vendor's public API host (DESIGN.md) is the default of `apiHosts`, which a team extends with
 * its proxies and gateways. Any base path may stand before the paths, since `{base_url}` may hold one.
 */
export const builtinApi: Api = {
  id: builtinApiId,
  name: 'the advertising platform API',
  hosts: ['api.adform.com'],
  basePaths: undefined,
};

const reportingSchedule: Schedule = { gaEnds: '2019-10-31', supportEnds: '2020-01-31' };
const otherServicesSchedule: Schedule = { gaEnds: '2018-10-01', supportEnds: '2019-10-01' };

const endpoint = (method: HttpMethod, path: string): Endpoint => ({ method, path });

const soapToRestReason =
  'the call changes from a SOAP/WCF operation to a REST request with its own payload (not shown in the spec)';

interface OperationRow {
  readonly id: string;
  readonly operation: string;
  readonly service: string;
  readonly replacementApis: readonly string[];
  readonly replacements: readonly Endpoint[];
  readonly todoReason?: string;
}

const operationEntry = (row: OperationRow): OperationEntry => ({
  kind: 'operation',
  id: row.id,
  family: 'soap',
  retiredKey: row.operation,
  operation: row.operation,
  service: row.service,
  replacementApis: row.replacementApis,
  schedule: otherServicesSchedule,
  replacements: row.replacements,
  migration: 'todo',
  todoReason: row.todoReason ?? soapToRestReason,
  api: builtinApiId,
  origin: 'builtin',
});

interface PathRow {
  readonly id: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly service: string;
  readonly replacementApis: readonly string[];
  readonly replacements: readonly Endpoint[];
  readonly todoReason?: string;
}

const legacyPathEntry = (row: PathRow): PathEntry => ({
  kind: 'path',
  id: row.id,
  family: 'rest',
  retiredKey: `${row.method} ${row.path}`,
  method: row.method,
  path: row.path,
  service: row.service,
  replacementApis: row.replacementApis,
  schedule: otherServicesSchedule,
  replacements: row.replacements,
  migration: row.todoReason === undefined ? 'rewrite' : 'todo',
  ...(row.todoReason === undefined ? {} : { todoReason: row.todoReason }),
  api: builtinApiId,
  origin: 'builtin',
});

const campaignsService = (id: string, operation: string, replacement: Endpoint): OperationEntry =>
  operationEntry({
    id,
    operation,
    service: 'Campaigns service',
    replacementApis: ['Campaigns API'],
    replacements: [replacement],
  });

const labelServiceReplacements: readonly Endpoint[] = [
  endpoint('GET', '/v1/buyer/campaigns/{id}/labels'),
  endpoint('GET', '/v1/buyer/advertisers/{id}/campaignLabels'),
  endpoint('PUT', '/v1/buyer/advertisers/{id}/campaignLabels'),
  endpoint('PUT', '/v1/buyer/direct/lineitems/{uuid}/labels'),
  endpoint('DELETE', '/v1/buyer/direct/lineitems/{uuid}/labels/{groupId}'),
];
/**
 * The spec pairs the Label service's old operations and new endpoints "by kind only": a Get with the
 * GET endpoints, an Add or a Set with the PUTs, a Remove with the DELETE. Which one of a kind fits a
 * call it does not say.
 */
const labelKinds: Readonly<Record<string, Endpoint['method']>> = { Get: 'GET', Add: 'PUT', Set: 'PUT', Remove: 'DELETE' };
const labelService = (id: string, operation: string): OperationEntry => {
  const kind = /^[A-Z][a-z]+/.exec(operation)![0];
  const replacements = labelServiceReplacements.filter((replacement) => replacement.method === labelKinds[kind]);
  return operationEntry({
    id,
    operation,
    service: 'Label service',
    replacementApis: ['Campaigns API', 'Advertisers API', 'Direct Line Item API'],
    replacements,
    todoReason: `the spec pairs the Label service operations with the new endpoints by kind only (${kind} with ${labelKinds[kind]}); pick the endpoint that fits this call`,
  });
};

const syncReporting: PathEntry = {
  kind: 'path',
  id: 'reporting-sync-reportdata',
  family: 'reporting',
  retiredKey: 'POST /v1/reportingstats/agency/reportdata',
  method: 'POST',
  path: '/v1/reportingstats/agency/reportdata',
  service: 'Synchronous reporting API',
  replacementApis: ['Asynchronous reporting API'],
  schedule: reportingSchedule,
  replacements: [
    endpoint('POST', '/v1/buyer/stats/data'),
    endpoint('GET', '/v1/buyer/stats/operations'),
    endpoint('GET', '/v1/buyer/stats/data'),
  ],
  migration: 'todo',
  todoReason:
    'the asynchronous workflow is different: start the report with POST, poll the operation, then read the data, under other limits',
  api: builtinApiId,
  origin: 'builtin',
};

/**
 * "The synchronous reporting API (path prefix /v1/reportingstats/agency) ends general availability …":
 * every request under the prefix, with any method, that `reportdata` above does not name.
 */
const syncReportingApi: PathEntry = {
  kind: 'path',
  id: 'reporting-sync-api',
  family: 'reporting',
  retiredKey: '/v1/reportingstats/agency/…',
  method: '*',
  path: '/v1/reportingstats/agency',
  scope: 'prefix',
  service: 'Synchronous reporting API',
  replacementApis: ['Asynchronous reporting API'],
  schedule: reportingSchedule,
  replacements: [
    endpoint('POST', '/v1/buyer/stats/data'),
    endpoint('GET', '/v1/buyer/stats/operations'),
    endpoint('GET', '/v1/buyer/stats/data'),
  ],
  migration: 'todo',
  todoReason:
    'the whole synchronous reporting API is retired; its replacement is the asynchronous reporting API under /v1/buyer/stats (start a report with POST, poll the operation, read the data)',
  api: builtinApiId,
  origin: 'builtin',
};

/** Every retirement in the spec, in the spec's order. */
export const builtinEntries: readonly RetirementEntry[] = [
  // Reporting statistics
  syncReporting,
  syncReportingApi,
  // Other retired services: Campaigns service
  campaignsService('campaigns-service-get-campaigns', 'GetCampaigns', endpoint('GET', '/v1/buyer/campaigns')),
  campaignsService('campaigns-service-get-campaigns-as-json', 'GetCampaignsAsJson', endpoint('GET', '/v1/buyer/campaigns')),
  campaignsService('campaigns-service-create-campaign', 'CreateCampaign', endpoint('POST', '/v1/buyer/campaigns')),
  campaignsService('campaigns-service-create-campaigns-as-json', 'CreateCampaignsAsJson', endpoint('POST', '/v1/buyer/campaigns')),
  campaignsService('campaigns-service-update-campaign', 'UpdateCampaign', endpoint('PUT', '/v1/buyer/campaigns/{id}')),
  campaignsService('campaigns-service-update-campaigns-as-json', 'UpdateCampaignsAsJson', endpoint('PUT', '/v1/buyer/campaigns/{id}')),
  operationEntry({
    id: 'campaigns-service-get-campaign-categories',
    operation: 'GetCampaignCategories',
    service: 'Campaigns service',
    replacementApis: ['Campaigns API'],
    replacements: [],
    todoReason: 'the spec names no replacement (N/A): remove the call or find another source for the data',
  }),
  // Other retired services: Campaigns legacy API
  legacyPathEntry({
    id: 'campaigns-legacy-list',
    method: 'GET',
    path: '/v1/campaigns',
    service: 'Campaigns legacy API',
    replacementApis: ['Campaigns API'],
    replacements: [endpoint('GET', '/v1/buyer/campaigns')],
  }),
  legacyPathEntry({
    id: 'campaigns-legacy-status',
    method: 'PATCH',
    path: '/v1/campaigns',
    service: 'Campaigns legacy API',
    replacementApis: ['Campaigns API'],
    replacements: [endpoint('PUT', '/v1/buyer/campaigns/{id}/status')],
    todoReason: 'the new endpoint changes one campaign per call: it needs the campaign id in the path',
  }),
  legacyPathEntry({
    id: 'campaigns-legacy-get',
    method: 'GET',
    path: '/v1/campaigns/{id}',
    service: 'Campaigns legacy API',
    replacementApis: ['Campaigns API'],
    replacements: [endpoint('GET', '/v1/buyer/campaigns/{id}'), endpoint('GET', '/v1/buyer/campaigns/{id}/rtbSettings')],
    todoReason: 'the campaign is split into two resources: the campaign and its RTB settings; call the one(s) this code needs',
  }),
  legacyPathEntry({
    id: 'campaigns-legacy-orders',
    method: 'GET',
    path: '/v1/campaigns/{campaignId}/orders',
    service: 'Campaigns legacy API',
    replacementApis: ['Orders API'],
    replacements: [endpoint('GET', '/v1/buyer/orders')],
    todoReason: 'the new endpoint has no campaign in its path; how to select one campaign\'s orders is not shown in the spec',
  }),
  legacyPathEntry({
    id: 'campaigns-legacy-order',
    method: 'GET',
    path: '/v1/campaigns/{campaignId}/orders/{orderId}',
    service: 'Campaigns legacy API',
    replacementApis: ['Orders API'],
    replacements: [endpoint('GET', '/v1/buyer/orders/{orderId}')],
  }),
  // Other retired services: Campaign dictionary API
  legacyPathEntry({
    id: 'campaign-dictionary-managers',
    method: 'GET',
    path: '/v1/campaigns/dictionaries/managers',
    service: 'Campaign dictionary API',
    replacementApis: ['Classifiers API'],
    replacements: [endpoint('GET', '/v1/buyer/classifiers/managers')],
  }),
  legacyPathEntry({
    id: 'campaign-dictionary-comanagers',
    method: 'GET',
    path: '/v1/campaigns/dictionaries/comanagers',
    service: 'Campaign dictionary API',
    replacementApis: ['Classifiers API'],
    replacements: [endpoint('GET', '/v1/buyer/classifiers/managers')],
  }),
  legacyPathEntry({
    id: 'campaign-dictionary-labels',
    method: 'GET',
    path: '/v1/campaigns/dictionaries/labels',
    service: 'Campaign dictionary API',
    replacementApis: ['Advertisers API'],
    replacements: [endpoint('GET', '/v1/buyer/advertisers/{id}/campaignLabels')],
    todoReason: 'the new endpoint lists labels per advertiser: it needs an advertiser id the old call did not have',
  }),
  legacyPathEntry({
    id: 'campaign-dictionary-clients',
    method: 'GET',
    path: '/v1/campaigns/dictionaries/clients',
    service: 'Campaign dictionary API',
    replacementApis: ['Advertisers API'],
    replacements: [endpoint('GET', '/v1/buyer/advertisers')],
  }),
  // Other retired services: User service
  operationEntry({
    id: 'user-service-get-users',
    operation: 'GetUsers',
    service: 'User service',
    replacementApis: ['Classifiers API'],
    replacements: [endpoint('GET', '/v1/buyer/classifiers/managers')],
  }),
  // Other retired services: Advertiser service
  operationEntry({
    id: 'advertiser-service-get-advertisers',
    operation: 'GetAdvertisers',
    service: 'Advertiser service',
    replacementApis: ['Advertisers API'],
    replacements: [endpoint('GET', '/v1/buyer/advertisers')],
  }),
  operationEntry({
    id: 'advertiser-service-get-advertisers-as-json',
    operation: 'GetAdvertisersAsJson',
    service: 'Advertiser service',
    replacementApis: ['Advertisers API'],
    replacements: [endpoint('GET', '/v1/buyer/advertisers')],
  }),
  // Label service
  labelService('label-service-get-campaign-labels-as-json', 'GetCampaignLabelsAsJson'),
  labelService('label-service-get-advertiser-labels-as-json', 'GetAdvertiserLabelsAsJson'),
  labelService('label-service-get-placements-labels-as-json', 'GetPlacementsLabelsAsJson'),
  labelService('label-service-add-advertiser-labels-as-json', 'AddAdvertiserLabelsAsJson'),
  labelService('label-service-add-advertiser-labels-as-jsonp', 'AddAdvertiserLabelsAsJsonp'),
  labelService('label-service-remove-advertiser-labels-as-jsonp', 'RemoveAdvertiserLabelsAsJsonp'),
  labelService('label-service-set-placements-labels-as-json', 'SetPlacementsLabelsAsJson'),
];
