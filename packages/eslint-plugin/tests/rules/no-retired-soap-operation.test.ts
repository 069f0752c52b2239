import type { Rule } from 'eslint';
import type { InvalidTestCase } from '@typescript-eslint/rule-tester';
import rule from '../../src/rules/no-retired-soap-operation.js';
import { createEspreeRuleTester, createTypeScriptRuleTester, forRuleTester, positionOf, retiredIn2019, todoComment } from '../support/rule-testers.js';

/** The Label service's candidates by kind (the spec pairs them "by kind only"): a Get the GETs, an Add or Set the PUTs, a Remove the DELETE. */
const labelCandidates = {
  Get: 'use one of GET /v1/buyer/campaigns/{id}/labels or GET /v1/buyer/advertisers/{id}/campaignLabels',
  Put: 'use one of PUT /v1/buyer/advertisers/{id}/campaignLabels or PUT /v1/buyer/direct/lineitems/{uuid}/labels',
  Remove: 'use DELETE /v1/buyer/direct/lineitems/{uuid}/labels/{groupId}',
} as const;
const labelCandidatesOf = (operation: string): string =>
  operation.startsWith('Get') ? labelCandidates.Get : operation.startsWith('Remove') ? labelCandidates.Remove : labelCandidates.Put;

interface SoapCase {
  readonly name: string;
  readonly code: string;
  readonly entryId: string;
  readonly retiredKey: string;
  readonly replacements: string;
  /** Text at the reported location (its first occurrence). */
  readonly at: string;
  /** The statement (from the start of its line) the TODO marker goes above. */
  readonly statement: string;
  readonly indentation?: string;
}

/** A SOAP site: never an autofix; the suggestion inserts the TODO marker above the statement. */
function soapCase(site: SoapCase): InvalidTestCase<string, readonly unknown[]> {
  const indentation = site.indentation ?? '';
  return {
    name: site.name,
    code: site.code,
    output: null,
    errors: [
      {
        messageId: 'retiredTodo',
        data: retiredIn2019(site.retiredKey, site.replacements),
        ...positionOf(site.code, site.at),
        suggestions: [
          {
            messageId: 'insertTodo',
            data: { entryId: site.entryId },
            output: site.code.replace(site.statement, todoComment(site.entryId, indentation) + site.statement),
          },
        ],
      },
    ],
  };
}

const nodeSoapAsync = [
  'const client = await soap.createClientAsync(CAMPAIGN_SERVICE_WSDL);',
  'const [result] = await client.GetCampaignsAsync({ advertiserId });',
].join('\n');
const nodeSoapCallback = [
  'soap.createClient(CAMPAIGN_SERVICE_WSDL, (error, client) => {',
  '  client.CreateCampaign({ campaign }, (err, result) => done(result));',
  '});',
].join('\n');
const strongSoap = [
  "import { soap } from 'strong-soap';",
  'soap.createClient(USER_SERVICE_WSDL, {}, (error, client) => {',
  '  client.GetUsers({}, onUsers);',
  '});',
].join('\n');
const bracketAccess = [
  'const client = await soap.createClientAsync(CAMPAIGN_SERVICE_WSDL);',
  "await client['UpdateCampaignsAsJson']({ campaigns });",
].join('\n');
const envelopeTemplate = [
  'const envelope = `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">',
  '  <soap:Body><GetCampaignCategories xmlns="http://www.example.com/api/2010/06/" /></soap:Body>',
  '</soap:Envelope>`;',
].join('\n');
const envelopeString =
  "const body = '<soap:Envelope><soap:Body><GetAdvertisers xmlns=\"http://www.example.com/api/2010/06/\"/></soap:Body></soap:Envelope>';";
const soapActionHeader =
  "const headers = { SOAPAction: 'http://www.example.com/api/2010/06/ICampaignService/UpdateCampaign' };";
const wcfCampaigns = 'const response = await fetch(`${API_BASE}/CampaignService.svc/GetCampaignsAsJson`);';
const wcfCreateCampaigns = "$.ajax({ type: 'POST', url: '/CampaignService.svc/CreateCampaignsAsJson', data: payload });";
const wcfAdvertisers = "const advertisers = await axios.get(`${API_BASE}/AdvertiserService.svc/GetAdvertisersAsJson`);";
const wcfLabel = (operation: string): string => `const labels = await fetch(\`\${API_BASE}/LabelService.svc/${operation}\`);`;
const jsonpLabel = (operation: string): string =>
  `$.ajax({ url: '/LabelService.svc/${operation}', dataType: 'jsonp', data: { advertiserId } });`;

// Trial 48: a client a lazy method caches in a field is on its WSDL's host, and node-soap's endpoint replaces the WSDL's address.
const lazyForeignClient = [
  "import * as soap from 'soap';",
  'export class DspSoap {',
  '  private client: soap.Client | undefined;',
  '  private async campaigns(): Promise<soap.Client> {',
  "    if (!this.client) this.client = await soap.createClientAsync('https://api.example-dsp.com/CampaignService.svc?wsdl');",
  '    return this.client;',
  '  }',
  '  async list() {',
  '    const client = await this.campaigns();',
  '    return client.GetCampaignsAsync({});',
  '  }',
  '}',
].join('\n');
const endpointOf = (endpoint: string): string =>
  [
    "import * as soap from 'soap';",
    'export async function list() {',
    `  const client = await soap.createClientAsync('./wsdl/CampaignService.wsdl', {}, '${endpoint}');`,
    '  const [r] = await client.GetCampaignsAsync({});',
    '  return r;',
    '}',
  ].join('\n');

const labelOperations = [
  ['label-service-get-campaign-labels-as-json', 'GetCampaignLabelsAsJson', wcfLabel],
  ['label-service-get-advertiser-labels-as-json', 'GetAdvertiserLabelsAsJson', wcfLabel],
  ['label-service-get-placements-labels-as-json', 'GetPlacementsLabelsAsJson', wcfLabel],
  ['label-service-add-advertiser-labels-as-json', 'AddAdvertiserLabelsAsJson', wcfLabel],
  ['label-service-add-advertiser-labels-as-jsonp', 'AddAdvertiserLabelsAsJsonp', jsonpLabel],
  ['label-service-remove-advertiser-labels-as-jsonp', 'RemoveAdvertiserLabelsAsJsonp', jsonpLabel],
  ['label-service-set-placements-labels-as-json', 'SetPlacementsLabelsAsJson', wcfLabel],
] as const;

createTypeScriptRuleTester().run('no-retired-soap-operation', forRuleTester(rule), {
  valid: [
    { name: 'a method named GetUsers on a class of the project', code: 'class Directory { GetUsers() { return []; } }\nnew Directory().GetUsers();' },
    { name: 'an operation name that merely starts with a retired one', code: 'const rows = response.GetCampaignsResult;' },
    { name: 'an operation name in a comment', code: '// GetCampaigns moved to GET /v1/buyer/campaigns\nawait load();' },
    { name: 'an operation name in the prose of a log message', code: "logger.warn('GetCampaigns is gone, see the migration guide');" },
    { name: 'the REST replacement', code: 'await fetch(`${API_BASE}/v1/buyer/campaigns`);' },
    { name: 'a legacy REST path (another rule)', code: "await fetch('/v1/campaigns');" },
    { name: "a client a lazy method caches in a field, made from another vendor's WSDL", code: lazyForeignClient },
    { name: "a client whose endpoint argument is another vendor's address", code: endpointOf('https://api.example-dsp.com/CampaignService.svc') },
    {
      name: "an envelope and a SOAPAction a test asserts on, and an action the code compares, are no SOAP request",
      code: [
        "expect(lastBody).toContain('<GetCampaigns xmlns=\"http://www.example.com/api/2010/06/\"/>');",
        "expect(lastHeaders.SOAPAction).toBe('http://www.example.com/api/2010/06/ICampaignService/GetCampaigns');",
        "if (action === 'http://www.example.com/api/2010/06/IAdvertiserService/GetAdvertisers') reply(advertisers);",
      ].join('\n'),
    },
  ],
  invalid: [
    soapCase({
      name: "reports a client whose endpoint is on the API's host, whatever its WSDL file",
      code: endpointOf('https://api.adform.com/Services/CampaignService.svc'),
      entryId: 'campaigns-service-get-campaigns',
      retiredKey: 'GetCampaigns',
      replacements: 'use GET /v1/buyer/campaigns',
      at: 'GetCampaignsAsync',
      statement: '  const [r]',
      indentation: '  ',
    }),
    soapCase({
      name: 'reports the async variant of a node-soap operation at its property name',
      code: nodeSoapAsync,
      entryId: 'campaigns-service-get-campaigns',
      retiredKey: 'GetCampaigns',
      replacements: 'use GET /v1/buyer/campaigns',
      at: 'GetCampaignsAsync',
      statement: 'const [result]',
    }),
    soapCase({
      name: 'reports a WCF JSON URL in a fetch call',
      code: wcfCampaigns,
      entryId: 'campaigns-service-get-campaigns-as-json',
      retiredKey: 'GetCampaignsAsJson',
      replacements: 'use GET /v1/buyer/campaigns',
      at: '`',
      statement: 'const response',
    }),
    soapCase({
      name: 'reports a node-soap callback call and indents the TODO like the statement',
      code: nodeSoapCallback,
      entryId: 'campaigns-service-create-campaign',
      retiredKey: 'CreateCampaign',
      replacements: 'use POST /v1/buyer/campaigns',
      at: 'CreateCampaign',
      statement: '  client.CreateCampaign',
      indentation: '  ',
    }),
    soapCase({
      name: 'reports a WCF URL in a jQuery ajax config',
      code: wcfCreateCampaigns,
      entryId: 'campaigns-service-create-campaigns-as-json',
      retiredKey: 'CreateCampaignsAsJson',
      replacements: 'use POST /v1/buyer/campaigns',
      at: "'/CampaignService",
      statement: '$.ajax',
    }),
    soapCase({
      name: 'reports a SOAPAction header value',
      code: soapActionHeader,
      entryId: 'campaigns-service-update-campaign',
      retiredKey: 'UpdateCampaign',
      replacements: 'use PUT /v1/buyer/campaigns/{id}',
      at: "'http",
      statement: 'const headers',
    }),
    soapCase({
      name: 'reports a bracket call on a node-soap client at the string literal',
      code: bracketAccess,
      entryId: 'campaigns-service-update-campaigns-as-json',
      retiredKey: 'UpdateCampaignsAsJson',
      replacements: 'use PUT /v1/buyer/campaigns/{id}',
      at: "'UpdateCampaignsAsJson'",
      statement: 'await client[',
    }),
    soapCase({
      name: 'reports a hand-written envelope of an operation without replacement',
      code: envelopeTemplate,
      entryId: 'campaigns-service-get-campaign-categories',
      retiredKey: 'GetCampaignCategories',
      replacements: 'GetCampaignCategories has no replacement',
      at: 'GetCampaignCategories',
      statement: 'const envelope',
    }),
    soapCase({
      name: 'reports a strong-soap client call of a generic operation name',
      code: strongSoap,
      entryId: 'user-service-get-users',
      retiredKey: 'GetUsers',
      replacements: 'use GET /v1/buyer/classifiers/managers',
      at: 'GetUsers',
      statement: '  client.GetUsers',
      indentation: '  ',
    }),
    soapCase({
      name: 'reports a hand-written envelope in a string literal',
      code: envelopeString,
      entryId: 'advertiser-service-get-advertisers',
      retiredKey: 'GetAdvertisers',
      replacements: 'use GET /v1/buyer/advertisers',
      at: 'GetAdvertisers',
      statement: 'const body',
    }),
    soapCase({
      name: 'reports a WCF JSON URL in an axios call',
      code: wcfAdvertisers,
      entryId: 'advertiser-service-get-advertisers-as-json',
      retiredKey: 'GetAdvertisersAsJson',
      replacements: 'use GET /v1/buyer/advertisers',
      at: '`',
      statement: 'const advertisers',
    }),
    ...labelOperations.map(([entryId, operation, site]) =>
      soapCase({
        name: `reports the Label service operation ${operation} with the candidates of its kind`,
        code: site(operation),
        entryId,
        retiredKey: operation,
        replacements: labelCandidatesOf(operation),
        at: site === wcfLabel ? '`' : "'/Label",
        statement: site === wcfLabel ? 'const labels' : '$.ajax',
      }),
    ),
  ],
});

// ESLint's RuleTester types rules as ESLint's Rule.RuleModule; ours are typed by @typescript-eslint/utils (same runtime shape).
createEspreeRuleTester().run('no-retired-soap-operation (espree)', rule as unknown as Rule.RuleModule, {
  valid: ['class Directory { GetUsers() { return []; } }\nnew Directory().GetUsers();'],
  invalid: [
    {
      code: "const soap = require('soap');\nsoap.createClient(WSDL, (error, client) => client.GetAdvertisers({}, done));",
      errors: [
        {
          messageId: 'retiredTodo',
          line: 2,
          column: 51,
          suggestions: [
            {
              messageId: 'insertTodo',
              output: `const soap = require('soap');\n${todoComment('advertiser-service-get-advertisers')}soap.createClient(WSDL, (error, client) => client.GetAdvertisers({}, done));`,
            },
          ],
        },
      ],
    },
  ],
});
