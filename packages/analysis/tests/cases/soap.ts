import type { Case } from '../harness.js';

const envelopeTemplate = [
  '`<soap:Envelope><soap:Body>',
  '  <GetAdvertisers xmlns="http://www.example.com/api/2010/06/">${filter}</GetAdvertisers>',
  '</soap:Body></soap:Envelope>`',
].join('\n');

export const soapCases: Case[] = [
  {
    name: 'node-soap createClient callback: the client parameter is a SOAP client',
    code: "soap.createClient(WSDL_URL, (err, client) => {\n  client.GetCampaigns({ advertiserId }, done);\n  client.CreateCampaign(args, done);\n});",
    js: true,
    expected: [
      { id: 'campaigns-service-get-campaigns', key: 'GetCampaigns', form: 'soap-client', migration: 'todo', at: 'GetCampaigns' },
      { id: 'campaigns-service-create-campaign', key: 'CreateCampaign', form: 'soap-client', migration: 'todo', at: 'CreateCampaign' },
    ],
  },
  {
    name: 'await soap.createClientAsync: Async variants, computed names and service/port chains',
    code: [
      "import * as soap from 'soap';",
      'const client = await soap.createClientAsync(wsdl);',
      'const [result] = await client.GetUsersAsync({});',
      "await client['GetCampaignCategories']({});",
      'await client.CampaignService.CampaignServiceSoap.UpdateCampaign(args);',
    ].join('\n'),
    js: true,
    expected: [
      { id: 'user-service-get-users', key: 'GetUsers', form: 'soap-client', migration: 'todo', at: 'GetUsersAsync' },
      { id: 'campaigns-service-get-campaign-categories', key: 'GetCampaignCategories', form: 'soap-client', migration: 'todo', at: "'GetCampaignCategories'" },
      { id: 'campaigns-service-update-campaign', key: 'UpdateCampaign', form: 'soap-client', migration: 'todo', at: 'UpdateCampaign' },
    ],
  },
  {
    name: "a client made from another application's service address calls its own operations, not the retired API's",
    code: [
      "import * as soap from 'soap';",
      "const campaigns = await soap.createClientAsync('https://api.example.com/Services/CampaignService.svc?wsdl');",
      'await campaigns.GetCampaignsAsync({});',
      "const intranet = await soap.createClientAsync('http://intranet.local/Service1.svc?wsdl');",
      'await intranet.GetUsersAsync({});',
      'await intranet.GetCampaignsAsync({});',
      "soap.createClient('http://intranet.local/Reports.asmx?wsdl', (err, client) => client.GetAdvertisers({}, done));",
    ].join('\n'),
    js: true,
    expected: [{ id: 'campaigns-service-get-campaigns', key: 'GetCampaigns', form: 'soap-client', migration: 'todo', at: 'GetCampaignsAsync' }],
  },
  {
    name: "with the API's hosts, a client made from an address on another host is that host's (the service name alone would match)",
    code: [
      "const soap = require('soap');",
      "soap.createClient('https://intranet.example.com/UserService.svc?wsdl', (err, client) => client.GetUsers({}, done));",
      "const users = await soap.createClientAsync('https://api.adform.com/Services/UserService.svc?wsdl');",
      'await users.GetUsersAsync({});',
    ].join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [{ id: 'user-service-get-users', key: 'GetUsers', form: 'soap-client', migration: 'todo', at: 'GetUsersAsync' }],
  },
  {
    name: 'strong-soap and a client created from a WSDL address, also as a class member and through then()',
    code: [
      "const soap = require('strong-soap').soap;",
      "const advertisers = makeClient('https://api.example.com/AdvertiserService.svc?wsdl');",
      'advertisers.GetAdvertisers({}, cb);',
      'soap.createClientAsync(url).then((c) => c.SetPlacementsLabelsAsJsonAsync(body));',
      'class Labels { constructor() { this.svc = soap.createClientAsync(url); } go() { return this.svc.GetUsers({}); } }',
    ].join('\n'),
    js: true,
    expected: [
      { id: 'advertiser-service-get-advertisers', key: 'GetAdvertisers', form: 'soap-client', migration: 'todo', at: 'GetAdvertisers' },
      { id: 'label-service-set-placements-labels-as-json', key: 'SetPlacementsLabelsAsJson', form: 'soap-client', migration: 'todo', at: 'SetPlacementsLabelsAsJsonAsync' },
      { id: 'user-service-get-users', key: 'GetUsers', form: 'soap-client', migration: 'todo', at: 'GetUsers' },
    ],
  },
  {
    name: 'a client returned by a same-file function, and a parameter typed soap.Client',
    code: [
      "import * as soap from 'soap';",
      'async function connect(): Promise<soap.Client> { const c = await soap.createClientAsync(WSDL); return c; }',
      'const make = async () => soap.createClientAsync(WSDL);',
      'export async function categories() { const client = await connect(); return client.GetCampaignCategoriesAsync({}); }',
      'export async function users() { return (await make()).GetUsersAsync({}); }',
      'export function update(client: soap.Client, campaign: unknown) { log(client); return client.UpdateCampaignAsync({ campaign }); }',
    ].join('\n'),
    expected: [
      { id: 'campaigns-service-get-campaign-categories', key: 'GetCampaignCategories', form: 'soap-client', migration: 'todo', at: 'GetCampaignCategoriesAsync' },
      { id: 'user-service-get-users', key: 'GetUsers', form: 'soap-client', migration: 'todo', at: 'GetUsersAsync' },
      { id: 'campaigns-service-update-campaign', key: 'UpdateCampaign', form: 'soap-client', migration: 'todo', at: 'UpdateCampaignAsync' },
    ],
  },
  {
    name: "a client from a class method called on this (also awaited inline), from a let that caches it, or awaited from a factory another file exports",
    code: [
      "import soap from 'soap';",
      "const WSDL = 'https://api.adform.com/Services/CampaignService.svc?wsdl';",
      'export class CampaignSoap {',
      '  async client() {',
      '    if (!this.soapClient) this.soapClient = await soap.createClientAsync(WSDL);',
      '    return this.soapClient;',
      '  }',
      '  async list() { const client = await this.client(); return client.GetCampaignsAsync({}); }',
      '  async listInline() { return (await this.client()).GetCampaignsAsync({}); }',
      '}',
      'let cached;',
      "export async function users() { cached = cached || (await soap.createClientAsync('https://api.adform.com/Services/UserService.svc?wsdl')); return cached.GetUsersAsync({}); }",
      'export async function advertisers() { const client = await getClient(); return client.GetAdvertisersAsync({}); }',
    ].join('\n'),
    js: true,
    expected: [
      { id: 'campaigns-service-get-campaigns', key: 'GetCampaigns', form: 'soap-client', migration: 'todo', at: 'GetCampaignsAsync' },
      { id: 'campaigns-service-get-campaigns', key: 'GetCampaigns', form: 'soap-client', migration: 'todo', at: 'GetCampaignsAsync', occurrence: 2 },
      { id: 'user-service-get-users', key: 'GetUsers', form: 'soap-client', migration: 'todo', at: 'GetUsersAsync' },
      { id: 'advertiser-service-get-advertisers', key: 'GetAdvertisers', form: 'soap-client', migration: 'todo', at: 'GetAdvertisersAsync' },
    ],
  },
  {
    name: 'an awaited object of another kind, a let that also holds something else, or a method of another class is no client',
    code: [
      'export async function load() { const repo = await openRepo(); log(repo); return repo.GetUsers(); }',
      'let current;',
      'export async function swap(next) { current = current || (await openRepo()); current = next; return current.GetAdvertisers(); }',
      'export class Store { async repo() { return this.db; } async all() { return (await this.repo()).GetCampaigns(); } }',
    ].join('\n'),
    js: true,
    expected: [],
  },
  {
    name: "a hand-written helper's SOAPAction built from its parameters names, at each call, the operation the caller writes (one finding with the call's envelope)",
    code: [
      "const NS = 'http://www.adform.com/api/2010/06';",
      'async function callAdform(ticket, service, operation, bodyXml) {',
      '  const { data } = await axios.post(`https://api.adform.com/Services/${service}.svc`, envelope(ticket, bodyXml), {',
      "    headers: { 'Content-Type': 'text/xml', SOAPAction: `${NS}/I${service}/${operation}` },",
      '  });',
      '  return data;',
      '}',
      "exports.campaigns = (ticket) => callAdform(ticket, 'CampaignService', 'GetCampaigns', '<ns:GetCampaignsData/>');",
      "const OP = 'GetUsers';",
      "exports.users = (ticket) => callAdform(ticket, 'UserService', OP, '<ns:' + OP + 'Data/>');",
      "exports.update = (ticket) => callAdform(ticket, 'CampaignService', 'UpdateCampaign', '<ns:UpdateCampaign><ns:Id>1</ns:Id></ns:UpdateCampaign>');",
      "exports.live = (ticket) => callAdform(ticket, 'CampaignService', 'GetCampaignStats', '<ns:GetCampaignStats/>');",
    ].join('\n'),
    js: true,
    expected: [
      { id: 'campaigns-service-get-campaigns', key: 'GetCampaigns', form: 'soap-action', migration: 'todo', at: "'GetCampaigns'" },
      { id: 'user-service-get-users', key: 'GetUsers', form: 'soap-action', migration: 'todo', at: "'GetUsers'" },
      {
        id: 'campaigns-service-update-campaign', key: 'UpdateCampaign', form: 'soap-envelope', migration: 'todo', at: 'UpdateCampaign', occurrence: 2,
        related: [{ at: "'UpdateCampaign'", message: "the same SOAP request's action string" }],
      },
    ],
  },
  {
    name: "a helper's SOAPAction built from its parameters sent to another application's host names that host's operations",
    code: [
      'async function callIntranet(operation, body) {',
      "  return axios.post('https://erp.example.org/Services/CampaignService.svc', body, { headers: { SOAPAction: `http://tempuri.org/ICampaignService/${operation}` } });",
      '}',
      "callIntranet('GetCampaigns', '<GetCampaignsData/>');",
    ].join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [],
  },
  {
    name: "easy-soap-request's soapRequest({ url, headers, xml }) sends its envelope and action to url: one finding on the API's host; another application's host is that host's",
    code: [
      "const soapRequest = require('easy-soap-request');",
      "const xml = '<soapenv:Envelope><soapenv:Body><UpdateCampaign><Id>1</Id></UpdateCampaign></soapenv:Body></soapenv:Envelope>';",
      "const headers = { 'Content-Type': 'text/xml', SOAPAction: 'http://www.adform.com/api/2010/06/ICampaignService/UpdateCampaign' };",
      "exports.ours = () => soapRequest({ url: 'https://api.adform.com/Services/CampaignService.svc', headers, xml });",
      "const erpXml = '<soapenv:Envelope><soapenv:Body><GetCampaigns/></soapenv:Body></soapenv:Envelope>';",
      "exports.theirs = () => soapRequest({ url: 'https://erp.example.org/Services/CampaignService.svc', headers: { SOAPAction: 'http://tempuri.org/ICampaignService/GetCampaigns' }, xml: erpXml });",
    ].join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'campaigns-service-update-campaign', key: 'UpdateCampaign', form: 'soap-envelope', migration: 'todo', at: 'UpdateCampaign',
        related: [{ at: "'http://www.adform.com/api/2010/06/ICampaignService/UpdateCampaign'", message: "the same SOAP request's SOAPAction header" }],
      },
    ],
  },
  {
    name: 'a parameter used only for operation calls is a client; one used otherwise is not',
    code: [
      'export function loadUsers(client) { return client.GetUsersAsync({ active: true }); }',
      'export function loadAdvertisers(repo) { log(repo); return repo.GetAdvertisers(); }',
    ].join('\n'),
    js: true,
    expected: [{ id: 'user-service-get-users', key: 'GetUsers', form: 'soap-client', migration: 'todo', at: 'GetUsersAsync' }],
  },
  {
    name: "an AngularJS or REST service's method named like a generic operation is no SOAP call",
    code: [
      "angular.module('app').controller('UsersCtrl', ['$scope', 'userService', function ($scope, userService) {",
      '  userService.GetUsers().then(function (users) { $scope.users = users; });',
      '}]);',
      'export function load(svc, id) { return svc.GetUsers(id); }',
    ].join('\n'),
    js: true,
    expected: [],
  },
  {
    name: "a parameter called as node-soap's clients are (args, then a callback), or in a file that speaks of SOAP, is a client",
    code: [
      'export function byCallback(client, done) { client.GetUsers({ active: true }, (err, result) => done(err, result)); }',
      '// The users come from the WCF service (SOAP).',
      'export function plain(service) { return service.GetAdvertisers({}); }',
    ].join('\n'),
    js: true,
    expected: [
      { id: 'user-service-get-users', key: 'GetUsers', form: 'soap-client', migration: 'todo', at: 'GetUsers' },
      { id: 'advertiser-service-get-advertisers', key: 'GetAdvertisers', form: 'soap-client', migration: 'todo', at: 'GetAdvertisers' },
    ],
  },
  {
    name: "an SDK's service object held in a constant (new AdformService(descriptor)) and used only for operation calls, in a file that speaks of SOAP, is a client as a parameter is; one used otherwise is not",
    code: [
      "const descriptor = { wsdl: 'https://api.adform.com/Services/CampaignService.svc?wsdl' };",
      'const campaignService = new AdformService(descriptor);',
      'campaignService.GetCampaigns({ advertiserId: 1 }, done);',
      'campaignService.UpdateCampaign({ campaign }, done);',
      'const advertisers = makeService();',
      'advertisers.GetAdvertisers({}, done);',
      'log(advertisers.name);',
    ].join('\n'),
    js: true,
    expected: [
      { id: 'campaigns-service-get-campaigns', key: 'GetCampaigns', form: 'soap-client', migration: 'todo', at: 'GetCampaigns' },
      { id: 'campaigns-service-update-campaign', key: 'UpdateCampaign', form: 'soap-client', migration: 'todo', at: 'UpdateCampaign' },
    ],
  },
  {
    name: "a service object held in a constant and called without SOAP's shape, in a file that does not speak of SOAP, is no client",
    code: ['const users = new UserService(http);', 'users.GetUsers().then(render);', 'const repo = createRepo();', 'repo.GetAdvertisers(id);'].join('\n'),
    js: true,
    expected: [],
  },
  {
    name: 'distinctive AsJson operation names need no receiver evidence; generic names do',
    code: 'labels.GetAdvertiserLabelsAsJson(id);\napi.GetCampaigns();',
    js: true,
    expected: [{ id: 'label-service-get-advertiser-labels-as-json', key: 'GetAdvertiserLabelsAsJson', form: 'soap-client', migration: 'todo', at: 'GetAdvertiserLabelsAsJson' }],
  },
  {
    name: 'hand-written envelopes, reported at the operation name: opening elements with or without a prefix, never closing tags or Result elements',
    code: [
      `const envelope = ${envelopeTemplate};`,
      "const create = '<tns:CreateCampaignsAsJson>' + json + '</tns:CreateCampaignsAsJson>';",
      "const parsed = xml.find('<GetCampaignsResult>');",
      "const closing = '</GetUsers>';",
    ].join('\n'),
    js: true,
    expected: [
      { id: 'advertiser-service-get-advertisers', key: 'GetAdvertisers', form: 'soap-envelope', migration: 'todo', at: 'GetAdvertisers' },
      { id: 'campaigns-service-create-campaigns-as-json', key: 'CreateCampaignsAsJson', form: 'soap-envelope', migration: 'todo', at: 'CreateCampaignsAsJson' },
    ],
  },
  {
    name: 'SOAPAction headers and action strings, quoted or not',
    code: [
      "const ACTION_NS = 'http://www.example.com/api/2010/06/ICampaignService';",
      "post(url, body, { headers: { SOAPAction: '\"http://www.example.com/api/2010/06/ICampaignService/UpdateCampaignsAsJson\"' } });",
      'const action = `${ACTION_NS}/GetPlacementsLabelsAsJson`;',
      "req.setHeader('SOAPAction', 'RemoveAdvertiserLabelsAsJsonp');",
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaigns-service-update-campaigns-as-json', key: 'UpdateCampaignsAsJson', form: 'soap-action', migration: 'todo',
        at: "'\"http://www.example.com/api/2010/06/ICampaignService/UpdateCampaignsAsJson\"'",
      },
      { id: 'label-service-get-placements-labels-as-json', key: 'GetPlacementsLabelsAsJson', form: 'soap-action', migration: 'todo', at: '`${ACTION_NS}/GetPlacementsLabelsAsJson`' },
      { id: 'label-service-remove-advertiser-labels-as-jsonp', key: 'RemoveAdvertiserLabelsAsJsonp', form: 'soap-action', migration: 'todo', at: "'RemoveAdvertiserLabelsAsJsonp'" },
    ],
  },
  {
    name: 'WCF JSON(P) addresses with a query string, in calls and in constants',
    code: [
      "$.getJSON(base + '/LabelService.svc/GetCampaignLabelsAsJson?campaignId=' + id);",
      "const ADD = 'https://api.example.com/LabelService.svc/AddAdvertiserLabelsAsJsonp?callback=?';",
      'fetch(`${root}/CampaignService.svc/GetCampaignsAsJson`);',
      "const adv = '/AdvertiserService.svc/GetAdvertisersAsJson';",
      "const addJson = '/LabelService.svc/AddAdvertiserLabelsAsJson';",
    ].join('\n'),
    js: true,
    expected: [
      { id: 'label-service-get-campaign-labels-as-json', key: 'GetCampaignLabelsAsJson', form: 'wcf-url', migration: 'todo', at: "'/LabelService.svc/GetCampaignLabelsAsJson?campaignId='" },
      { id: 'label-service-add-advertiser-labels-as-jsonp', key: 'AddAdvertiserLabelsAsJsonp', form: 'wcf-url', migration: 'todo', at: "'https://api.example.com/LabelService.svc/AddAdvertiserLabelsAsJsonp?callback=?'" },
      { id: 'campaigns-service-get-campaigns-as-json', key: 'GetCampaignsAsJson', form: 'wcf-url', migration: 'todo', at: '`${root}/CampaignService.svc/GetCampaignsAsJson`' },
      { id: 'advertiser-service-get-advertisers-as-json', key: 'GetAdvertisersAsJson', form: 'wcf-url', migration: 'todo', at: "'/AdvertiserService.svc/GetAdvertisersAsJson'" },
      { id: 'label-service-add-advertiser-labels-as-json', key: 'AddAdvertiserLabelsAsJson', form: 'wcf-url', migration: 'todo', at: "'/LabelService.svc/AddAdvertiserLabelsAsJson'" },
    ],
  },
  {
    name: "WCF addresses with the endpoint's relative address before the operation (`.svc/json/Op`)",
    code: [
      "$.getJSON('https://api.example.com/Services/LabelService.svc/json/GetCampaignLabelsAsJson?campaignId=' + id);",
      "const ADV = '/Services/AdvertiserService.svc/JSON/GetAdvertisersAsJson';",
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'label-service-get-campaign-labels-as-json', key: 'GetCampaignLabelsAsJson', form: 'wcf-url', migration: 'todo',
        at: "'https://api.example.com/Services/LabelService.svc/json/GetCampaignLabelsAsJson?campaignId='",
      },
      { id: 'advertiser-service-get-advertisers-as-json', key: 'GetAdvertisersAsJson', form: 'wcf-url', migration: 'todo', at: "'/Services/AdvertiserService.svc/JSON/GetAdvertisersAsJson'" },
    ],
  },
  {
    name: 'an address or action URI that names a route, not a service, says nothing against the operation',
    code: [
      "const client = await soap.createClientAsync(`${API_BASE}/services/legacy?wsdl`);",
      'await client.GetAdvertisersAsync({});',
      "const headers = { SOAPAction: 'https://legacy.example.com/Services/GetCampaigns' };",
    ].join('\n'),
    js: true,
    expected: [
      { id: 'advertiser-service-get-advertisers', key: 'GetAdvertisers', form: 'soap-client', migration: 'todo', at: 'GetAdvertisersAsync' },
      { id: 'campaigns-service-get-campaigns', key: 'GetCampaigns', form: 'soap-action', migration: 'todo', at: "'https://legacy.example.com/Services/GetCampaigns'" },
    ],
  },
  {
    name: "another application's WCF service with an operation of a retired name is not a finding (its address or contract names the service)",
    code: [
      "$.getJSON('Moin.svc/GetUsers?customerID=' + customerId, done);",
      "$.getJSON(server + '/ws/Service1.svc/GetUsers/' + userId);",
      "const REPORTS = '/Services/Reports.svc/json/GetCampaignsAsJson';",
      "fetch('/Service1.svc', { method: 'POST', body: xml, headers: { SOAPAction: 'http://tempuri.org/IService1/GetUsers' } });",
      "const ACTION = 'http://tempuri.org/IUserManagementService/GetAdvertisers';",
    ].join('\n'),
    js: true,
    expected: [],
  },
  {
    name: 'a WCF address on a host outside the API host list is not a finding',
    code: "fetch('https://legacy-mock.test/LabelService.svc/GetCampaignLabelsAsJson');",
    js: true,
    options: { apiHosts: ['api.example.com'] },
    expected: [],
  },
  {
    name: "the jQuery.soap plugin: $.soap({ url, method }) is a SOAP call at its method; on another host's service, that host's; a method of another name is not",
    code: [
      "$.soap({ url: 'https://api.adform.com/Services/CampaignService.svc/', method: 'GetCampaigns', data: { advertiserId: 42 } });",
      "jQuery.soap({ url: 'https://intranet.example.com/CampaignService.svc/', method: 'GetCampaigns' });",
      "$.soap({ url: 'https://api.adform.com/Services/CampaignService.svc/', method: 'GetCampaignsResult' });",
    ].join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [{ id: 'campaigns-service-get-campaigns', key: 'GetCampaigns', form: 'soap-client', migration: 'todo', at: "'GetCampaigns'" }],
  },
  {
    name: "an envelope and a SOAPAction header name no host: the request that sends them does ($.ajax to another host's service is that host's; to the API's, ours)",
    code: [
      'function intranetUsers() {',
      "  var envelope = '<soap:Envelope><soap:Body><GetUsers xmlns=\"http://intranet.example.com/hr/\" /></soap:Body></soap:Envelope>';",
      "  $.ajax({ url: 'https://intranet.example.com/hr/UserService.asmx', type: 'POST', headers: { SOAPAction: 'http://intranet.example.com/hr/GetUsers' }, data: envelope });",
      '}',
      'function adformUsers() {',
      "  var envelope = '<soap:Envelope><soap:Body><GetUsers xmlns=\"http://www.example.com/api/2010/06/\" /></soap:Body></soap:Envelope>';",
      "  $.ajax({ url: 'https://api.adform.com/Services/UserService.asmx', type: 'POST', headers: { SOAPAction: 'http://www.example.com/api/2010/06/IUserService/GetUsers' }, data: envelope });",
      '}',
    ].join('\n'),
    js: true,
    options: { apiHosts: ['api.adform.com'] },
    expected: [
      {
        id: 'user-service-get-users', key: 'GetUsers', form: 'soap-envelope', migration: 'todo', at: 'GetUsers', occurrence: 3,
        related: [{ at: "'http://www.example.com/api/2010/06/IUserService/GetUsers'", message: "the same SOAP request's SOAPAction header" }],
      },
    ],
  },
  {
    name: 'one SOAP request is one finding: the envelope body and the SOAPAction header of one call, at the operation name',
    code: [
      "const ACTION = 'http://www.example.com/api/2010/06/ICampaignService/GetCampaigns';",
      'export async function load(id) {',
      '  const envelope = `<s:Envelope><s:Body>',
      '    <GetCampaigns xmlns="http://www.example.com/api/2010/06/">${id}</GetCampaigns>',
      '  </s:Body></s:Envelope>`;',
      "  return axios.post(SERVICE_URL, envelope, { headers: { SOAPAction: ACTION, 'Content-Type': 'text/xml' } });",
      '}',
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaigns-service-get-campaigns', key: 'GetCampaigns', form: 'soap-envelope', migration: 'todo', at: 'GetCampaigns', occurrence: 2,
        related: [{ at: "'http://www.example.com/api/2010/06/ICampaignService/GetCampaigns'", message: "the same SOAP request's SOAPAction header" }],
      },
    ],
  },
  {
    name: "one SOAP request is one finding: the SOAPAction header jQuery's beforeSend sets joins the envelope in data; another header it sets does not",
    code: [
      "var NS = 'http://www.adform.com/api/2010/06';",
      'function load(id, done) {',
      "  var msg = '<soap:Envelope><soap:Body><GetCampaigns xmlns=\"' + NS + '\">' + id + '</GetCampaigns></soap:Body></soap:Envelope>';",
      '  $.ajax({',
      "    url: 'https://api.adform.com/Services/CampaignService.svc',",
      "    type: 'POST',",
      '    data: msg,',
      '    beforeSend: function (xhr) {',
      "      xhr.setRequestHeader('SOAPAction', NS + '/ICampaignService/GetCampaigns');",
      "      xhr.setRequestHeader('X-Note', 'GetAdvertisers');",
      '    },',
      '    complete: done,',
      '  });',
      '}',
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaigns-service-get-campaigns', key: 'GetCampaigns', form: 'soap-envelope', migration: 'todo', at: 'GetCampaigns',
        related: [{ at: "'/ICampaignService/GetCampaigns'", message: "the same SOAP request's SOAPAction header" }],
      },
    ],
  },
  {
    name: "one SOAP request is one finding: superagent's .set('SOAPAction', …) joins the envelope its chain sends; another chain's action does not",
    code: [
      "const superagent = require('superagent');",
      "const xml = '<soap:Envelope><soap:Body><GetAdvertisers xmlns=\"http://www.adform.com/api/2010/06\"/></soap:Body></soap:Envelope>';",
      "superagent.post('https://api.adform.com/Services/AdvertiserService.svc')",
      "  .set('SOAPAction', 'http://www.adform.com/api/2010/06/IAdvertiserService/GetAdvertisers')",
      "  .set('Content-Type', 'text/xml')",
      '  .send(xml)',
      '  .end(done);',
      "superagent.post('https://api.adform.com/Services/AdvertiserService.svc').set('SOAPAction', 'http://www.adform.com/api/2010/06/IAdvertiserService/GetAdvertisers').end(done);",
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'advertiser-service-get-advertisers', key: 'GetAdvertisers', form: 'soap-envelope', migration: 'todo', at: 'GetAdvertisers', occurrence: 1,
        related: [{ at: "'http://www.adform.com/api/2010/06/IAdvertiserService/GetAdvertisers'", message: "the same SOAP request's SOAPAction header" }],
      },
      { id: 'advertiser-service-get-advertisers', key: 'GetAdvertisers', form: 'soap-action', migration: 'todo', at: "'http://www.adform.com/api/2010/06/IAdvertiserService/GetAdvertisers'", occurrence: 2 },
    ],
  },
  {
    name: "one SOAP request is one finding: the envelope Node's req.write() or req.end() sends joins the SOAPAction header of the https.request() that made req",
    code: [
      "const https = require('https');",
      "const xml = '<soap:Envelope><soap:Body><GetCampaigns xmlns=\"http://www.adform.com/api/2010/06\"/></soap:Body></soap:Envelope>';",
      "const req = https.request({ hostname: 'api.adform.com', path: '/Services/CampaignService.svc', method: 'POST', headers: { SOAPAction: 'http://www.adform.com/api/2010/06/ICampaignService/GetCampaigns' } }, onResponse);",
      'req.write(xml);',
      'req.end();',
      "const other = https.request('https://api.adform.com/Services/UserService.svc', { method: 'POST', headers: { SOAPAction: 'http://www.adform.com/api/2010/06/IUserService/GetUsers' } }, onResponse);",
      "other.end('<soap:Envelope><soap:Body><GetUsers/></soap:Body></soap:Envelope>');",
      "const stream = fs.createWriteStream('log.xml');",
      "stream.write('<soap:Envelope><soap:Body><GetCampaigns/></soap:Body></soap:Envelope>');",
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaigns-service-get-campaigns', key: 'GetCampaigns', form: 'soap-envelope', migration: 'todo', at: 'GetCampaigns', occurrence: 1,
        related: [{ at: "'http://www.adform.com/api/2010/06/ICampaignService/GetCampaigns'", message: "the same SOAP request's SOAPAction header" }],
      },
      {
        id: 'user-service-get-users', key: 'GetUsers', form: 'soap-envelope', migration: 'todo', at: 'GetUsers', occurrence: 2,
        related: [{ at: "'http://www.adform.com/api/2010/06/IUserService/GetUsers'", message: "the same SOAP request's SOAPAction header" }],
      },
      { id: 'campaigns-service-get-campaigns', key: 'GetCampaigns', form: 'soap-envelope', migration: 'todo', at: 'GetCampaigns', occurrence: 3 },
    ],
  },
  {
    name: 'an envelope built by a same-file function and an action string in the same request are one finding',
    code: [
      'function usersEnvelope(filter) {',
      '  return `<soap:Envelope><soap:Body><GetUsers xmlns="urn:x">${filter}</GetUsers></soap:Body></soap:Envelope>`;',
      '}',
      'export const users = (filter) =>',
      "  fetch(USER_SERVICE_URL, { method: 'POST', headers: { 'Content-Type': 'application/soap+xml; action=\"http://www.example.com/api/2010/06/IUserService/GetUsers\"' }, body: usersEnvelope(filter) });",
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'user-service-get-users', key: 'GetUsers', form: 'soap-envelope', migration: 'todo', at: 'GetUsers',
        related: [{ at: `'application/soap+xml; action="http://www.example.com/api/2010/06/IUserService/GetUsers"'`, message: "the same SOAP request's action string" }],
      },
    ],
  },
  {
    name: 'an envelope whose body a helper wraps (the operation element passed as its argument) and the SOAPAction header of the same call are one finding',
    code: [
      'const env = (body) => `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${body}</soap:Body></soap:Envelope>`;',
      "export const create = () => axios.post(CAMPAIGN_SERVICE_URL, env('<CreateCampaign/>'), { headers: { SOAPAction: 'http://www.example.com/api/2010/06/ICampaignService/CreateCampaign' } });",
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaigns-service-create-campaign', key: 'CreateCampaign', form: 'soap-envelope', migration: 'todo', at: 'CreateCampaign',
        related: [{ at: "'http://www.example.com/api/2010/06/ICampaignService/CreateCampaign'", message: "the same SOAP request's SOAPAction header" }],
      },
    ],
  },
  {
    name: 'an envelope built by an imported helper and the SOAPAction header of the same call are one finding too',
    code: [
      "import { env } from './soap-envelope';",
      "export const create = () => axios.post(CAMPAIGN_SERVICE_URL, env('<CreateCampaign/>'), { headers: { SOAPAction: 'http://www.example.com/api/2010/06/ICampaignService/CreateCampaign' } });",
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaigns-service-create-campaign', key: 'CreateCampaign', form: 'soap-envelope', migration: 'todo', at: 'CreateCampaign',
        related: [{ at: "'http://www.example.com/api/2010/06/ICampaignService/CreateCampaign'", message: "the same SOAP request's SOAPAction header" }],
      },
    ],
  },
  {
    name: 'an action string and an envelope of different operations, or in different requests, stay separate findings',
    code: [
      "fetch(URL, { method: 'POST', headers: { SOAPAction: 'http://www.example.com/api/2010/06/IAdvertiserService/GetAdvertisers' }, body: '<GetUsers/>' });",
      "fetch(URL, { method: 'POST', body: '<CreateCampaign/>' });",
      "fetch(URL, { method: 'POST', headers: { SOAPAction: 'http://www.example.com/api/2010/06/ICampaignService/CreateCampaign' } });",
    ].join('\n'),
    js: true,
    expected: [
      { id: 'advertiser-service-get-advertisers', key: 'GetAdvertisers', form: 'soap-action', migration: 'todo', at: "'http://www.example.com/api/2010/06/IAdvertiserService/GetAdvertisers'" },
      { id: 'user-service-get-users', key: 'GetUsers', form: 'soap-envelope', migration: 'todo', at: 'GetUsers' },
      { id: 'campaigns-service-create-campaign', key: 'CreateCampaign', form: 'soap-envelope', migration: 'todo', at: 'CreateCampaign' },
      { id: 'campaigns-service-create-campaign', key: 'CreateCampaign', form: 'soap-action', migration: 'todo', at: "'http://www.example.com/api/2010/06/ICampaignService/CreateCampaign'" },
    ],
  },
  {
    name: 'a SOAPAction header given with a node-soap client call joins the client call, reported at the action string',
    code: [
      "import * as soap from 'soap';",
      'const client = await soap.createClientAsync(WSDL);',
      "await client.GetCampaignsAsync({}, {}, { SOAPAction: 'http://www.example.com/api/2010/06/ICampaignService/GetCampaigns' });",
    ].join('\n'),
    js: true,
    expected: [
      {
        id: 'campaigns-service-get-campaigns', key: 'GetCampaigns', form: 'soap-action', migration: 'todo', at: "'http://www.example.com/api/2010/06/ICampaignService/GetCampaigns'",
        related: [{ at: 'GetCampaignsAsync', message: "the same SOAP request's client call" }],
      },
    ],
  },
];
