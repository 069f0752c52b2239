import { describe, expect, it } from 'vitest';
import { builtinEntries, createCatalog, matchUrlShape, renderPath, type HttpMethod, type UrlMatch, type UrlPart } from '@sunset/rule-data';

/** `'${API}/v1/campaigns/${id}'` → text and holes, the way the analysis hands a template literal over. */
function shape(source: string): UrlPart[] {
  return source.split(/(\$\{[^}]*\})/).flatMap((piece): UrlPart[] => {
    if (piece === '') return [];
    return piece.startsWith('${') ? [{ kind: 'hole' }] : [{ kind: 'text', value: piece }];
  });
}

const ids = (matches: readonly UrlMatch[]): string[] => matches.map((match) => match.entry.id);
const match = (source: string, method?: HttpMethod): UrlMatch[] => matchUrlShape(shape(source), method);

describe('matchUrlShape: every retired path', () => {
  const pathEntries = builtinEntries.filter((entry) => entry.kind === 'path');
  it.each(pathEntries.map((entry) => [entry.retiredKey, entry] as const))('matches %s under its own method with a base', (_key, entry) => {
    const concrete = entry.path.replace(/\{[^}]+\}/g, '42');
    // A prefix entry (any method) is matched by a path below it, with some method.
    const url = entry.scope === 'prefix' ? `https://api.example.com${concrete}/reportstatus` : `https://api.example.com${concrete}`;
    const matches = match(url, entry.method === '*' ? 'GET' : entry.method);
    expect(ids(matches)).toEqual([entry.id]);
    expect(matches[0]!.oneToOne).toBe(entry.migration === 'rewrite');
  });
});

describe('matchUrlShape: where the path hides', () => {
  it('finds the path after a hole standing for the base', () => {
    const [found] = match('${API_BASE}/v1/campaigns', 'GET');
    expect(found).toMatchObject({ method: 'GET', oneToOne: true, params: {} });
    expect(found!.entry.id).toBe('campaigns-legacy-list');
    expect(found!.pathStart).toEqual({ part: 1, offset: 0 });
    expect(found!.pathEnd).toEqual({ part: 2, offset: 0 });
  });

  it('finds a first segment split between two pieces of text or written in capitals, and none where no text holds it', () => {
    const split: UrlPart[] = [{ kind: 'text', value: 'https://api.example.com/V' }, { kind: 'text', value: '1/Campaigns' }];
    expect(ids(matchUrlShape(split, 'GET'))).toEqual(['campaigns-legacy-list']);
    expect(match('https://api.example.com/v2/campaigns', 'GET')).toEqual([]);
    expect(match('${a}/${b}', 'GET')).toEqual([]);
  });

  it('allows any host, a port and a base path before /v1/', () => {
    expect(ids(match('http://localhost:8080/api/v1/campaigns', 'GET'))).toEqual(['campaigns-legacy-list']);
    expect(ids(match('//cdn.example.org/v1/campaigns/dictionaries/clients', 'GET'))).toEqual(['campaign-dictionary-clients']);
    expect(ids(match('v1/campaigns', 'GET'))).toEqual(['campaigns-legacy-list']);
    expect(ids(match('${base}v1/campaigns', 'GET'))).toEqual(['campaigns-legacy-list']);
  });

  it('stops the path at a query string, a fragment or one trailing slash', () => {
    const withQuery = match('/v1/campaigns?active=true&page=2', 'GET');
    expect(ids(withQuery)).toEqual(['campaigns-legacy-list']);
    expect(withQuery[0]!.pathEnd).toEqual({ part: 0, offset: '/v1/campaigns'.length });
    expect(ids(match('/v1/campaigns#top', 'GET'))).toEqual(['campaigns-legacy-list']);
    expect(match('/v1/campaigns/', 'GET')[0]!.pathEnd).toEqual({ part: 0, offset: '/v1/campaigns'.length });
    expect(ids(match('/v1/campaigns/?x=1', 'GET'))).toEqual(['campaigns-legacy-list']);
    expect(ids(match('/v1/campaigns${query}', 'GET'))).toEqual(['campaigns-legacy-list']);
  });

  it('reads a hole right after the path as a possible rest of the path (openEnd, no one-to-one), unless it is known to start a query', () => {
    const [open] = match('${API}/v1/campaigns${suffix}', 'GET');
    expect(open).toMatchObject({ openEnd: true, oneToOne: false, pathEnd: { part: 2, offset: 0 } });
    const [query] = matchUrlShape([{ kind: 'hole' }, { kind: 'text', value: '/v1/campaigns' }, { kind: 'hole', query: true }], 'GET');
    expect(query!.oneToOne).toBe(true);
    expect(query!.openEnd).toBeUndefined();
    for (const closed of ['${API}/v1/campaigns?${q}', '${API}/v1/campaigns#${f}', '${API}/v1/campaigns/', '${API}/v1/campaigns']) {
      expect(match(closed, 'GET')[0], closed).toMatchObject({ oneToOne: true });
      expect(match(closed, 'GET')[0]!.openEnd, closed).toBeUndefined();
    }
    expect(match('${base}/v1/campaigns/${campaignId}/orders/${orderId}', 'GET')[0]!.openEnd).toBeUndefined();
  });

  it('binds a hole between slashes to one path parameter', () => {
    const [order] = match('${base}/v1/campaigns/${campaign.id}/orders/${orderId}?expand=lines', 'GET');
    expect(order!.entry.id).toBe('campaigns-legacy-order');
    expect(order!.params).toEqual({ campaignId: { kind: 'hole', part: 2 }, orderId: { kind: 'hole', part: 4 } });
    expect(order!.oneToOne).toBe(true);
    const [literalIds] = match('/v1/campaigns/17/orders/99', 'GET');
    expect(literalIds!.params).toEqual({ campaignId: { kind: 'text', value: '17' }, orderId: { kind: 'text', value: '99' } });
  });

  it('matches a parameter segment that mixes text and holes but leaves it unbound', () => {
    const [found] = match('/v1/campaigns/c-${id}/orders/9', 'GET');
    expect(found!.entry.id).toBe('campaigns-legacy-order');
    expect(found!.params).toEqual({ orderId: { kind: 'text', value: '9' } });
  });

  it('compares paths case-insensitively', () => {
    expect(ids(match('/V1/Campaigns/Dictionaries/Managers', 'GET'))).toEqual(['campaign-dictionary-managers']);
    expect(ids(match('/v1/ReportingStats/Agency/ReportData', 'POST'))).toEqual(['reporting-sync-reportdata']);
  });

  it('with the method unknown matches every entry of the path; a single-method path stays one-to-one', () => {
    const both = match('/v1/campaigns');
    expect(ids(both).sort()).toEqual(['campaigns-legacy-list', 'campaigns-legacy-status']);
    expect(both.map((m) => m.oneToOne)).toEqual([false, false]);
    expect(both.map((m) => m.method)).toEqual([undefined, undefined]);
    const managers = match('/v1/campaigns/dictionaries/managers');
    expect(managers.map((m) => [m.entry.id, m.oneToOne])).toEqual([['campaign-dictionary-managers', true]]);
  });

  it('picks the entry of the stated method', () => {
    expect(ids(match('/v1/campaigns', 'PATCH'))).toEqual(['campaigns-legacy-status']);
    expect(match('/v1/campaigns', 'PATCH')[0]!.oneToOne).toBe(false);
  });
});

describe('matchUrlShape: what it must not match', () => {
  it.each([
    ['the new campaigns endpoint', '/v1/buyer/campaigns', 'GET'],
    ['the new orders endpoint', '${base}/v1/buyer/orders/${id}', 'GET'],
    ['the new classifiers endpoint', '/v1/buyer/classifiers/managers', 'GET'],
    ['the asynchronous reporting start', '/v1/buyer/stats/data', 'POST'],
    ['a look-alike segment', '/v1/campaignsArchive', 'GET'],
    ['a look-alike with a dash', '/v1/campaigns-report', 'GET'],
    ['another version', '/v2/campaigns', 'GET'],
    ['a deeper path than any entry', '/v1/campaigns/1/orders/2/lines', 'GET'],
    ['an unretired method on a retired path', '/v1/campaigns', 'POST'],
    ['a DELETE of a campaign', '/v1/campaigns/7', 'DELETE'],
    ['a hole where a literal segment should be', '/v1/${resource}', 'GET'],
    ['a hole where the whole path should be', '${base}${path}', 'GET'],
    ['prose mentioning the path', 'calling GET /v1/campaigns failed', undefined],
    ['a file-system path', 'src/v1/campaigns.ts', 'GET'],
    ['a path after a hole that follows static segments', '${API}/albums/${id}/v1/campaigns', 'GET'],
    ['a path in a query value', 'https://api.adform.com/redirect?to=/v1/campaigns', 'GET'],
    // The dictionaries' own paths name that segment: it is no campaign id (GET /v1/campaigns/{id}).
    ['the dictionaries prefix', '/v1/campaigns/dictionaries', 'GET'],
    ['the dictionaries prefix in capitals, with a slash', 'https://api.adform.com/V1/Campaigns/Dictionaries/', undefined],
  ] as const)('does not match %s (%s)', (_name, source, method) => {
    expect(match(source, method)).toEqual([]);
  });
});

describe('matchUrlShape: a parameter next to a literal segment of another path', () => {
  it('takes any other text and holes as the id, and a reserved segment in a custom entry only where its prefix matches', () => {
    expect(ids(match('/v1/campaigns/dictionary', 'GET'))).toEqual(['campaigns-legacy-get']);
    expect(ids(match('/v1/campaigns/${section}', 'GET'))).toEqual(['campaigns-legacy-get']);
    expect(ids(match('/v1/campaigns/dictionaries/managers', 'GET'))).toEqual(['campaign-dictionary-managers']);
    const catalog = createCatalog([
      { id: 'widget', retired: 'GET /v3/widgets/{id}', gaEnds: '2025-01-01', supportEnds: '2025-06-01' },
      { id: 'widget-search', retired: 'GET /v3/widgets/search/recent', gaEnds: '2025-01-01', supportEnds: '2025-06-01' },
      { id: 'gadget', retired: 'GET /v3/gadgets/{id}', gaEnds: '2025-01-01', supportEnds: '2025-06-01' },
    ]);
    expect(ids(matchUrlShape(shape('/v3/widgets/search'), 'GET', catalog))).toEqual([]);
    expect(ids(matchUrlShape(shape('/v3/gadgets/search'), 'GET', catalog))).toEqual(['gadget']);
  });
});

describe('renderPath', () => {
  it('renders a replacement with the parameters bound from the old URL', () => {
    const [order] = match('${base}/v1/campaigns/${cid}/orders/${oid}', 'GET');
    expect(renderPath('/v1/buyer/orders/{orderId}', order!.params)).toEqual([
      { kind: 'text', value: '/v1/buyer/orders/' },
      { kind: 'hole', part: 4 },
    ]);
    expect(renderPath('/v1/buyer/campaigns/{campaignId}/x', { campaignId: { kind: 'text', value: '5' } })).toEqual([
      { kind: 'text', value: '/v1/buyer/campaigns/5/x' },
    ]);
  });

  it('returns undefined when the replacement needs a parameter the old URL lacks', () => {
    expect(renderPath('/v1/buyer/campaigns/{id}/status', {})).toBeUndefined();
  });
});

describe('matchUrlShape: a prefix entry (the synchronous reporting API)', () => {
  it.each([
    ['GET', '/v1/reportingstats/agency/reportstatus?id=1'],
    ['DELETE', 'https://api.example.com/v1/reportingstats/agency/campaigns/42'],
    ['GET', '/v1/reportingstats/agency/reportdata'],
    [undefined, '/v1/reportingstats/agency/x/y/z'],
  ] as const)('reports %s %s as reporting-sync-api', (method, url) => {
    expect(ids(match(url, method))).toEqual(['reporting-sync-api']);
  });

  it('leaves POST reportdata (and reportdata without a method) to its own entry', () => {
    expect(ids(match('/v1/reportingstats/agency/reportdata', 'POST'))).toEqual(['reporting-sync-reportdata']);
    expect(ids(match('/v1/reportingstats/agency/reportdata'))).toEqual(['reporting-sync-reportdata']);
  });

  it.each(['/v1/reportingstatsarchive/agency/x', '/v1/reportingstats/agencyx/x', '/v2/reportingstats/agency/x', '/v1/buyer/stats/data'])(
    'does not report the look-alike %s',
    (url) => {
      expect(ids(match(url, 'GET'))).toEqual([]);
    },
  );
});

describe('matchUrlShape: the host a URL names', () => {
  it.each([
    ['https://API.Adform.com/v1/campaigns', 'api.adform.com'],
    ['http://localhost:8080/api/v1/campaigns', 'localhost:8080'],
    ['https://user:secret@api.adform.com/v1/campaigns', 'api.adform.com'],
    ['//cdn.example.org/v1/campaigns', 'cdn.example.org'],
    ['/v1/campaigns', undefined],
    ['${API}/v1/campaigns', undefined],
    ['https://${tenant}.adform.com/v1/campaigns', undefined],
    ['${scheme}://api.adform.com/v1/campaigns', undefined],
    // As new URL().host: the scheme's default port dropped, another kept.
    ['https://gw.example.com:443/v1/campaigns', 'gw.example.com'],
    ['HTTP://gw.example.com:80/v1/campaigns', 'gw.example.com'],
    ['http://gw.example.com:443/v1/campaigns', 'gw.example.com:443'],
    ['https://[::1]:443/v1/campaigns', '[::1]'],
    ['//gw.example.com:443/v1/campaigns', 'gw.example.com:443'],
  ])('%s names %s', (source, host) => {
    expect(match(source, 'GET').map((found) => found.host)).toEqual([host]);
  });
});

describe('matchUrlShape: an API with declared base paths begins its paths only there', () => {
  const music = { id: 'music', name: 'Music API', hosts: ['api.music.example'], basePaths: ['/v1'] };
  const entry = (id: string, retired: string) => ({ id, retired, api: 'music', gaEnds: '2026-01-01', supportEnds: '2026-06-01' });
  const catalog = createCatalog([entry('get-tracks', 'GET /tracks'), entry('get-albums', 'GET /albums'), entry('get-album-tracks', 'GET /albums/{id}/tracks')], 'customEntries', [music]);
  const musicIds = (source: string): string[] => ids(matchUrlShape(shape(source), 'GET', catalog)).filter((id) => id.startsWith('get-'));

  it.each([
    ['https://api.music.example/v1/tracks?ids=1,2', ['get-tracks']],
    ['//api.music.example/v1/tracks', ['get-tracks']],
    ['${API_URL}/tracks', ['get-tracks']],
    ['${API_URL}/v1/albums', ['get-albums']],
    ['/v1/albums/${id}/tracks', ['get-album-tracks']],
    ['/tracks', ['get-tracks']],
  ])('finds %s', (source, expected) => {
    expect(musicIds(source)).toEqual(expected);
  });

  it.each([
    'https://api.music.example/v1/me/top/tracks',
    '${API_URL}/albums/${id}/tracks/extra',
    '${API_URL}/artists/${id}/albums',
    'https://api.music.example/v1/artists/${id}/albums',
    'https://api.music.example/v2/tracks',
    '/me/tracks',
    'tracks',
  ])('does not find %s (its path begins after static segments of another path, or another base path)', (source) => {
    expect(musicIds(source)).toEqual([]);
  });

  it.each(['https://api.music.example/tracks', 'https://api.music.example:443/albums', '//api.music.example/tracks', 'https://${HOST}/tracks', 'https://other.example/tracks'])(
    'does not find %s: the URL writes its origin, and no server path of the API follows it',
    (source) => {
      expect(musicIds(source)).toEqual([]);
    },
  );

  it('finds a path right after a written origin when the API lists the root among its server paths', () => {
    const rooted = createCatalog([entry('get-tracks', 'GET /tracks')], 'customEntries', [{ ...music, basePaths: ['', '/v1'] }]);
    expect(ids(matchUrlShape(shape('https://api.music.example/tracks'), 'GET', rooted))).toEqual(['get-tracks']);
    expect(ids(matchUrlShape(shape('https://api.music.example/v1/tracks'), 'GET', rooted))).toEqual(['get-tracks']);
  });

  it('leaves the built-in paths free to follow any static base path', () => {
    expect(ids(matchUrlShape(shape('https://gw.example.net/adform/v1/campaigns'), 'GET', catalog))).toEqual(['campaigns-legacy-list']);
  });
});

describe('matchUrlShape: a templated path leaves the more specific paths that shadow it to their own operations', () => {
  const vendor = { id: 'vendor', name: 'Vendor API', hosts: ['api.vendor.example'], basePaths: [''] };
  const catalog = createCatalog(
    [
      {
        id: 'enablement',
        retired: 'POST /orgs/{org}/{security_product}/{enablement}',
        api: 'vendor',
        shadowedBy: ['/orgs/{org}/actions/runner-groups', '/orgs/{org}/actions/variables'],
        gaEnds: '2026-01-01',
        supportEnds: '2026-06-01',
      },
    ],
    'customEntries',
    [vendor],
  );
  const found = (source: string): string[] => ids(matchUrlShape(shape(source), 'POST', catalog)).filter((id) => id === 'enablement');

  it.each(['https://api.vendor.example/orgs/${org}/actions/runner-groups', 'https://api.vendor.example/orgs/acme/Actions/Variables/', '${API}/orgs/${org}/actions/variables?x=1'])(
    'does not find %s: the description serves that path as another operation',
    (source) => {
      expect(found(source)).toEqual([]);
    },
  );

  it.each([
    'https://api.vendor.example/orgs/${org}/secret_scanning/enable_all',
    'https://api.vendor.example/orgs/${org}/actions/enable_all',
    'https://api.vendor.example/orgs/${org}/${product}/runner-groups',
    'https://api.vendor.example/orgs/${org}/${product}/${action}',
  ])('finds %s: no shadowing path is known to be it', (source) => {
    expect(found(source)).toEqual(['enablement']);
  });
});

describe('matchUrlShape: a static path before a built-in path', () => {
  it.each([
    ['https://gw.example.net/adform/v1/campaigns', undefined],
    ['http://localhost:8080/api/v1/campaigns', undefined],
    ['/api/v1/campaigns', '/api'],
    ['${location.origin}/api/v1/campaigns', '/api'],
    ['${API}/proxy/adform/v1/campaigns', '/proxy/adform'],
    ['/v1/campaigns', undefined],
    ['${API}/v1/campaigns', undefined],
  ])('%s: the prefix is %s (a host the URL names is a gateway the host test let through; no host, a proxy or the own server)', (source, prefix) => {
    expect(match(source, 'GET').map((found) => [found.entry.id, found.prefix, found.oneToOne])).toEqual([['campaigns-legacy-list', prefix, true]]);
  });

  it.each(['https://api.adform.com/v2/v1/campaigns', 'https://API.adform.com/api/v1/campaigns/dictionaries/clients', '//api.adform.com/x/v1/campaigns'])(
    'does not find %s: the API serves its paths from the root of its own host',
    (source) => {
      expect(match(source, 'GET')).toEqual([]);
    },
  );
});
