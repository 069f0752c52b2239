import { describe, expect, it } from 'vitest';
import { builtinCatalog, createCatalog, matchOperationName, matchUrlShape, mightContainRetiredCall, RuleDataError } from '@sunset/rule-data';

const proxyStatus = {
  id: 'proxy-campaign-status',
  retired: 'PATCH /proxy/v1/campaigns/{id}',
  replacements: ['PUT /v1/buyer/campaigns/{id}/status'],
  gaEnds: '2027-01-01',
  supportEnds: '2027-06-30',
  service: 'In-house proxy',
};

function errorOf(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

describe('createCatalog with custom entries', () => {
  it('adds a one-to-one entry that changes the HTTP method, as a rewrite', () => {
    const catalog = createCatalog([proxyStatus]);
    expect(catalog.entries).toHaveLength(29);
    expect(catalog.byId('proxy-campaign-status')).toEqual({
      kind: 'path',
      id: 'proxy-campaign-status',
      api: 'builtin',
      family: 'rest',
      retiredKey: 'PATCH /proxy/v1/campaigns/{id}',
      method: 'PATCH',
      path: '/proxy/v1/campaigns/{id}',
      service: 'In-house proxy',
      replacementApis: [],
      schedule: { gaEnds: '2027-01-01', supportEnds: '2027-06-30' },
      replacements: [{ method: 'PUT', path: '/v1/buyer/campaigns/{id}/status' }],
      migration: 'rewrite',
      origin: 'custom',
    });
    const [found] = matchUrlShape([{ kind: 'hole' }, { kind: 'text', value: '/proxy/v1/campaigns/' }, { kind: 'hole' }], 'PATCH', catalog);
    expect(found).toMatchObject({ oneToOne: true, params: { id: { kind: 'hole', part: 2 } } });
    expect(found!.entry.id).toBe('proxy-campaign-status');
  });

  it('adds an operation and a todo entry, and extends the needles', () => {
    const catalog = createCatalog([
      { id: 'billing-get-invoices', retired: 'GetInvoicesAsJson', gaEnds: '2027-01-01', supportEnds: '2027-12-31', reason: 'billing moves to REST' },
    ]);
    expect(matchOperationName('GetInvoicesAsJsonAsync', catalog)?.entry).toMatchObject({ id: 'billing-get-invoices', family: 'soap', migration: 'todo', todoReason: 'billing moves to REST' });
    expect(mightContainRetiredCall('client.GetInvoicesAsJson()', catalog)).toBe(true);
    expect(mightContainRetiredCall('client.GetInvoicesAsJson()')).toBe(false);
  });

  it('joins a reason written over several lines into one, as every output shows it on one line', () => {
    const catalog = createCatalog([
      { id: 'billing-get-invoices', retired: 'GetInvoicesAsJson', gaEnds: '2027-01-01', supportEnds: '2027-12-31', reason: 'billing moves to REST\n  and the body shape\r\nchanges' },
    ]);
    expect(matchOperationName('GetInvoicesAsJson', catalog)?.entry.todoReason).toBe('billing moves to REST and the body shape changes');
  });

  it('returns the built-in catalog when there is nothing to add', () => {
    expect(createCatalog()).toBe(builtinCatalog);
    expect(createCatalog([])).toBe(builtinCatalog);
  });

  it.each([
    [{ ...proxyStatus, id: 'Proxy Status' }, 'customEntries[0].id must be a lower-case id of letters, digits and dashes (for example "proxy-campaigns"), got "Proxy Status".'],
    [{ ...proxyStatus, id: 'campaigns-legacy-list' }, 'customEntries[0].id "campaigns-legacy-list" is already used by another entry; ids must be unique.'],
    [{ ...proxyStatus, retired: 'FETCH /x' }, 'customEntries[0].retired must be "METHOD /path" with METHOD one of GET, POST, PUT, PATCH, DELETE (for example "GET /v1/buyer/campaigns"), got "FETCH /x".'],
    [{ ...proxyStatus, retired: 'Get Things' }, 'customEntries[0].retired must be "METHOD /path" or an operation name of letters, digits and underscores, got "Get Things".'],
    [{ ...proxyStatus, gaEnds: '2027-13-01' }, 'customEntries[0].gaEnds "2027-13-01" is not a day on the calendar.'],
    [{ ...proxyStatus, supportEnds: '2026-01-01' }, 'customEntries[0].supportEnds (2026-01-01) must not be before gaEnds (2027-01-01).'],
    [{ ...proxyStatus, replacements: 'PUT /x' }, 'customEntries[0].replacements must be an array, got "PUT /x".'],
    [{ ...proxyStatus, replacements: ['/v1/x'] }, 'customEntries[0].replacements[0] must be "METHOD /path" with METHOD one of GET, POST, PUT, PATCH, DELETE (for example "GET /v1/buyer/campaigns"), got "/v1/x".'],
    [{ ...proxyStatus, replacements: ['PUT /v1/buyer/orders/{orderId}'], migration: 'rewrite' }, 'customEntries[0].migration is "rewrite" but the replacement\'s parameter(s) {orderId} are not in the retired path; use "todo" with a "reason".'],
    [{ ...proxyStatus, migration: 'maybe' }, 'customEntries[0].migration must be "rewrite" or "todo", got "maybe".'],
    [{ ...proxyStatus, family: 'grpc' }, 'customEntries[0].family must be one of soap, rest, reporting, got "grpc".'],
    [{ ...proxyStatus, sunset: true }, 'customEntries[0].sunset is not a known field; allowed: id, retired, replacements, gaEnds, supportEnds, migration, reason, service, replacementApis, family, api, liveMethods, shadowedBy.'],
    [{ ...proxyStatus, api: 'other' }, 'customEntries[0].api names no API: "other" is not under apis; define it there with its hosts, or leave api out for the built-in API.'],
    [{ ...proxyStatus, liveMethods: ['FETCH'] }, 'customEntries[0].liveMethods[0] must be one of GET, POST, PUT, PATCH, DELETE, got "FETCH".'],
    [{ ...proxyStatus, liveMethods: ['GET', 'PATCH'] }, 'customEntries[0].liveMethods[1] is the retired method itself (PATCH /proxy/v1/campaigns/{id}); list the other methods of the path that stay available.'],
    [{ ...proxyStatus, retired: 'GetThings', replacements: [], liveMethods: ['GET'] }, 'customEntries[0].liveMethods is only for a REST path ("METHOD /path"), not for an operation.'],
    [{ ...proxyStatus, shadowedBy: ['proxy/v1/campaigns/archived'] }, 'customEntries[0].shadowedBy[0] must be a path such as "/v1/items/archived", got "proxy/v1/campaigns/archived".'],
    [
      { ...proxyStatus, shadowedBy: ['/proxy/v1/campaigns/{campaignId}'] },
      'customEntries[0].shadowedBy[0] (/proxy/v1/campaigns/{campaignId}) is not a more specific form of /proxy/v1/campaigns/{id}: it needs as many segments, the same text where the retired path has text, and text where it has a {parameter}.',
    ],
    [
      { ...proxyStatus, shadowedBy: ['/proxy/v1/orders/archived'] },
      'customEntries[0].shadowedBy[0] (/proxy/v1/orders/archived) is not a more specific form of /proxy/v1/campaigns/{id}: it needs as many segments, the same text where the retired path has text, and text where it has a {parameter}.',
    ],
    [{ ...proxyStatus, retired: 'GetThings', replacements: [], shadowedBy: ['/x'] }, 'customEntries[0].shadowedBy is only for a REST path ("METHOD /path"), not for an operation.'],
    ['GET /x', 'customEntries[0] must be an object, got "GET /x".'],
  ])('rejects a bad entry with an error naming the field (%#)', (entry, message) => {
    const error = errorOf(() => createCatalog([entry]));
    expect(error).toBeInstanceOf(RuleDataError);
    expect(error.message).toBe(message);
  });

  it('puts an entry in the API its api field names, with the live methods of its path', () => {
    const vendor = { id: 'music', name: 'Music API', hosts: ['api.music.example'], basePaths: ['/v1'] };
    const catalog = createCatalog([{ ...proxyStatus, retired: 'PUT /me/tracks', replacements: [], api: 'music', liveMethods: ['GET'] }], 'customEntries', [vendor]);
    const entry = catalog.byId('proxy-campaign-status')!;
    expect(entry).toMatchObject({ api: 'music', liveMethods: ['GET'], migration: 'todo' });
    expect(catalog.apiOf(entry)).toBe(vendor);
    expect(catalog.apiOf(catalog.byId('campaigns-legacy-list')!)).toMatchObject({ id: 'builtin', hosts: ['api.adform.com'], basePaths: undefined });
    expect([...catalog.apis.keys()]).toEqual(['builtin', 'music']);
    expect(errorOf(() => createCatalog([{ ...proxyStatus, api: 'video' }], 'customEntries', [vendor])).message).toBe(
      'customEntries[0].api names no API: "video" is not under apis (there: music); define it there with its hosts, or leave api out for the built-in API.',
    );
  });

  it('names the index of the bad entry and rejects a non-array', () => {
    expect(() => createCatalog([proxyStatus, { ...proxyStatus, id: 'second', gaEnds: 'soon' }])).toThrow(
      'customEntries[1].gaEnds must be a day written YYYY-MM-DD (for example 2026-11-21), got "soon".',
    );
    expect(() => createCatalog({ id: 'x' }, 'settings.sunset.customEntries')).toThrow('settings.sunset.customEntries must be an array of entries, got {"id":"x"}.');
    expect((errorOf(() => createCatalog([{ ...proxyStatus, supportEnds: 5 }])) as RuleDataError).field).toBe('customEntries[0].supportEnds');
  });
});
