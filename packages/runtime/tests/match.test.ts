import { createCatalog } from '@sunset/rule-data';
import { describe, expect, it } from 'vitest';
import { hostOfOrigin, isApiHost, schemeOfOrigin } from '../src/match/api-hosts.js';
import { headerLookupOf, observedRequestOf, type ObservedRequest } from '../src/match/observed-request.js';
import { matchRetiredRequest } from '../src/match/retired-request.js';
import { operationFromContentType, operationFromEnvelope, operationFromSoapAction, operationFromWcfPath } from '../src/match/soap.js';

const catalog = createCatalog();

function request(method: string, url: string, headers: Record<string, string> = {}, body?: string): ObservedRequest {
  return observedRequestOf(method, url, headerLookupOf(headers), body)!;
}

const idsOf = (observed: ObservedRequest): string[] => matchRetiredRequest(observed, catalog).map((entry) => entry.id);

describe('matchRetiredRequest', () => {
  it.each([
    ['GET', 'https://api.example.com/v1/campaigns', ['campaigns-legacy-list']],
    ['PATCH', 'https://api.example.com/v1/campaigns', ['campaigns-legacy-status']],
    ['GET', 'https://api.example.com/v1/campaigns/42?access_token=x', ['campaigns-legacy-get']],
    ['GET', 'https://api.example.com/v1/campaigns/42/', ['campaigns-legacy-get']],
    ['GET', 'https://api.example.com/V1/Campaigns/42/orders/7', ['campaigns-legacy-order']],
    ['GET', 'https://api.example.com/api/v1/campaigns/dictionaries/labels', ['campaign-dictionary-labels']],
    ['POST', 'https://api.example.com/v1/reportingstats/agency/reportdata', ['reporting-sync-reportdata']],
    // The spec retires the whole synchronous reporting API by its path prefix, whatever the method.
    ['GET', 'https://api.example.com/v1/reportingstats/agency/reportdata', ['reporting-sync-api']],
    ['GET', 'https://api.example.com/v1/reportingstats/agency/campaigns?from=2019-01-01', ['reporting-sync-api']],
  ])('matches %s %s by method and path', (method, url, ids) => {
    expect(idsOf(request(method, url))).toEqual(ids);
  });

  it.each([
    ['GET', 'https://api.example.com/v1/buyer/campaigns/42'],
    ['GET', 'https://api.example.com/v1/buyer/stats/data'],
    ['GET', 'https://api.example.com/v1/campaignsArchive'],
    ['DELETE', 'https://api.example.com/v1/campaigns/42'],
    ['GET', 'https://api.example.com/v1/reportingstatsarchive/agency/reportdata'],
    ['GET', 'https://api.example.com/search?next=/v1/campaigns'],
    ['HEAD', 'https://api.example.com/v1/campaigns'],
  ])('does not match %s %s', (method, url) => {
    expect(idsOf(request(method, url))).toEqual([]);
  });

  it("reads the path from the root on the built-in API's own host, after a gateway's base path elsewhere, as the static tools do", () => {
    expect(idsOf(request('GET', 'https://api.adform.com/v1/campaigns'))).toEqual(['campaigns-legacy-list']);
    expect(idsOf(request('GET', 'https://api.adform.com/v2/v1/campaigns'))).toEqual([]);
    expect(idsOf(request('GET', 'https://gateway.example.com/adform/v1/campaigns'))).toEqual(['campaigns-legacy-list']);
  });

  it("reads an imported API's paths after its server paths", () => {
    const apis = [{ id: 'music', name: 'Music API', hosts: ['api.music.example'], basePaths: ['/v1'] }];
    const music = createCatalog([{ id: 'save-tracks', api: 'music', retired: 'PUT /me/tracks', gaEnds: '2019-01-01', supportEnds: '2019-06-01' }], 'customEntries', apis);
    const idsIn = (url: string): string[] => matchRetiredRequest(request('PUT', url), music).map((entry) => entry.id);
    expect([idsIn('https://api.music.example/v1/me/tracks'), idsIn('https://api.music.example/v2/me/tracks')]).toEqual([['save-tracks'], []]);
  });

  it('matches a SOAP request by its SOAPAction header, its envelope, or a SOAP 1.2 action', () => {
    const url = 'https://api.example.com/CampaignService.asmx';
    expect(idsOf(request('POST', url, { SOAPAction: '"http://www.example.com/api/2010/06/ICampaignService/GetCampaigns"' }))).toEqual(['campaigns-service-get-campaigns']);
    expect(idsOf(request('POST', url, {}, '<?xml version="1.0"?><s:Envelope xmlns:s="x"><s:Header/><s:Body>\n  <!-- c --> <GetUsers xmlns="y"/></s:Body></s:Envelope>'))).toEqual([
      'user-service-get-users',
    ]);
    expect(idsOf(request('POST', url, { 'content-type': 'application/soap+xml; charset=utf-8; action="urn:x/GetAdvertisers"' }))).toEqual([
      'advertiser-service-get-advertisers',
    ]);
  });

  it('reports one SOAP call once: the envelope wins over a different SOAPAction', () => {
    const envelope = '<soap:Envelope><soap:Body><GetCampaignsAsJson/></soap:Body></soap:Envelope>';
    expect(idsOf(request('POST', 'https://api.example.com/s', { SOAPAction: 'GetCampaigns' }, envelope))).toEqual(['campaigns-service-get-campaigns-as-json']);
  });

  it('matches a WCF JSON(P) URL by its operation segment', () => {
    expect(idsOf(request('GET', 'https://api.example.com/LabelService.svc/AddAdvertiserLabelsAsJsonp?callback=cb'))).toEqual(['label-service-add-advertiser-labels-as-jsonp']);
  });

  it('does not match look-alike operations', () => {
    expect(idsOf(request('POST', 'https://api.example.com/s', { SOAPAction: 'urn:x/GetCampaignsResult' }))).toEqual([]);
    expect(idsOf(request('POST', 'https://api.example.com/s', { SOAPAction: 'urn:x/GetCampaignsAsync' }))).toEqual([]);
    expect(idsOf(request('GET', 'https://api.example.com/s', { SOAPAction: 'GetCampaigns' }))).toEqual([]);
  });

  it('matches custom entries', () => {
    const custom = createCatalog([{ id: 'proxy-status', retired: 'PATCH /proxy/v1/campaigns/{id}', replacements: ['PUT /v1/buyer/campaigns/{id}/status'], gaEnds: '2026-01-01', supportEnds: '2026-06-30' }]);
    expect(matchRetiredRequest(request('PATCH', 'http://localhost:8080/proxy/v1/campaigns/9'), custom).map((entry) => entry.id)).toEqual(['proxy-status']);
  });
});

describe('SOAP operation names', () => {
  it.each([
    ['"http://www.example.com/api/2010/06/ICampaignService/GetCampaigns"', 'GetCampaigns'],
    ['urn:GetUsers', 'GetUsers'],
    ['http://example.com/svc#CreateCampaign', 'CreateCampaign'],
    ['""', undefined],
    ['  ', undefined],
  ])('reads the SOAPAction %s as %s', (value, name) => {
    expect(operationFromSoapAction(value)).toBe(name);
  });

  it('reads the action of a SOAP 1.2 content type', () => {
    expect(operationFromContentType('application/soap+xml;action=urn:x/GetUsers')).toBe('GetUsers');
    expect(operationFromContentType('application/soap+xml; charset=utf-8')).toBeUndefined();
  });

  it('reads the first element of the Body, with or without a prefix', () => {
    expect(operationFromEnvelope('<Envelope><Body><ns:CreateCampaign xmlns:ns="x"><a/></ns:CreateCampaign></Body></Envelope>')).toBe('CreateCampaign');
    expect(operationFromEnvelope('<soap:Envelope><soap:Body/></soap:Envelope>')).toBeUndefined();
    expect(operationFromEnvelope('{"GetCampaigns": true}')).toBeUndefined();
  });

  it('reads the operation after .svc/', () => {
    expect(operationFromWcfPath('/LabelService.svc/SetPlacementsLabelsAsJson')).toBe('SetPlacementsLabelsAsJson');
    expect(operationFromWcfPath('/v1/campaigns')).toBeUndefined();
  });
});

describe('isApiHost', () => {
  it.each([
    ['api.example.com', ['api.example.com'], true],
    ['api.example.com:8443', ['api.example.com'], true],
    ['api.example.com:8443', ['api.example.com:8443'], true],
    ['api.example.com:8080', ['api.example.com:8443'], false],
    ['api.example.com', ['api.example.com:8443'], false],
    ['eu.api.example.com', ['*.example.com'], true],
    ['example.com', ['*.example.com'], false],
    ['badexample.com', ['*.example.com'], false],
    ['[::1]:3000', ['[::1]'], true],
    ['other.example.org', ['api.example.com'], false],
    ['api.example.com', ['API.Example.com'], true],
    ['anything:8080', ['*'], true],
    ['anything', ['api.example.com', '*'], true],
    ['anything', undefined, true],
    // URL.host drops the scheme's default port: an entry that writes it still matches, as in sunset check.
    ['gw.example.com', ['gw.example.com:443'], true],
    ['gw.example.com', ['GW.example.com:80'], true],
    ['[::1]', ['[::1]:443'], true],
    ['gw.example.com:8443', ['gw.example.com:443'], false],
    ['other.example.com', ['gw.example.com:443'], false],
  ])('%s on %j: %s', (host, apiHosts, expected) => {
    expect(isApiHost(host, apiHosts)).toBe(expected);
  });

  it.each([
    ['gw.example.com', ['gw.example.com:80'], 'http:', true],
    ['gw.example.com', ['gw.example.com:80'], 'https:', false],
    ['gw.example.com', ['gw.example.com:443'], 'https:', true],
    ['gw.example.com', ['gw.example.com:443'], 'http:', false],
    ['gw.example.com', ['gw.example.com'], 'http:', true],
    ['gw.example.com:443', ['gw.example.com:443'], 'http:', true],
  ])('%s on %j under %s: %s (the port its scheme implies)', (host, apiHosts, scheme, expected) => {
    expect(isApiHost(host, apiHosts, scheme)).toBe(expected);
  });

  it('takes the scheme of an origin, lower-case', () => {
    expect(schemeOfOrigin('HTTP://gw.example.com')).toBe('http:');
    expect(schemeOfOrigin('gw.example.com')).toBeUndefined();
  });

  it('takes the host of an origin, lower-case, with its port', () => {
    expect(hostOfOrigin('https://API.example.com:8443')).toBe('api.example.com:8443');
  });
});
