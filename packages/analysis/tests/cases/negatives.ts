import type { Case } from '../harness.js';

/** Every look-alike DESIGN.md lists as "not a retired call", each alone so a regression names itself. */
export const negativeCases: Case[] = [
  { name: 'the new /v1/buyer endpoints', code: "fetch('/v1/buyer/campaigns');\naxios.get(`${API}/v1/buyer/orders/${id}`);\n$.getJSON('/v1/buyer/classifiers/managers');", js: true, expected: [] },
  { name: 'look-alike paths', code: "fetch('/v1/campaignsArchive');\nfetch('/v1/campaigns-report');\nfetch('/v2/campaigns');\nfetch('/v1/campaigns/1/2/3');", js: true, expected: [] },
  { name: 'a method that never existed on the path (POST /v1/campaigns)', code: "axios.post('/v1/campaigns', body);", js: true, expected: [] },
  {
    name: 'comments',
    code: "// fetch('/v1/campaigns')\n/* client.GetCampaigns(args) and <GetAdvertisers xmlns=\"x\"> */\nconst ok = 1;",
    js: true,
    expected: [],
  },
  {
    name: 'prose in log messages and errors',
    code: [
      "console.log('GetCampaigns failed');",
      "logger.warn(`calling /v1/campaigns returned ${status}`);",
      "throw new Error('/v1/campaigns/dictionaries/clients is gone, see docs');",
      "console.error('GetUsers: timeout after', ms);",
    ].join('\n'),
    js: true,
    expected: [],
  },
  {
    name: "a method named like an operation on the project's own class",
    code: 'class UserRepo { GetUsers() { return []; } }\nconst repo = new UserRepo();\nrepo.GetUsers();\nexport function all(r) { return r.GetUsers(); }',
    js: true,
    expected: [],
  },
  {
    name: 'an object literal declaring the operation as its own method',
    code: 'const service = { GetAdvertisersAsJson() { return []; } };\nservice.GetAdvertisersAsJson();',
    js: true,
    expected: [],
  },
  {
    name: 'operation names that merely start with a retired name',
    code: "client.GetCampaignsResult();\nsoapClient.GetUsersList({});\nconst t = '<GetCampaignsResponse>';\nfetch('/LabelService.svc/GetCampaignLabelsAsJsonV2');",
    js: true,
    expected: [],
  },
  {
    name: 'a generic operation name without evidence about the receiver',
    code: 'export async function load(api) { log(api); return api.GetCampaigns(); }\nthis.service.CreateCampaign({});',
    js: true,
    expected: [],
  },
  {
    name: 'strings in TypeScript types and import sources',
    code: "type Route = '/v1/campaigns';\ninterface R { path: '/v1/campaigns/dictionaries/clients' }\nimport x from '/v1/campaigns';",
    expected: [],
  },
  {
    name: 'a bare operation name outside a SOAPAction value',
    code: "const names = ['GetCampaigns', 'GetUsers'];\nconst label = 'GetCampaignLabelsAsJson';",
    js: true,
    expected: [],
  },
];
