import { identityProvider, mightContainRequestCheckTarget, reportingLimits } from '@sunset/rule-data';
import { describe, expect, it } from 'vitest';

describe('identityProvider (the spec’s Endpoints › Identity provider and Authentication parts)', () => {
  it('holds the authorize, token and discovery paths relative to {auth_url}', () => {
    expect(identityProvider.authorize).toEqual({ method: 'GET', path: '/sts/connect/authorize' });
    expect(identityProvider.token).toEqual({ method: 'POST', path: '/sts/connect/token' });
    expect(identityProvider.discoveryPath).toBe('/sts/.well-known/openid-configuration');
  });

  it('holds the grant types, response types, form encoding, offline scope and redirect scheme', () => {
    expect(identityProvider.grantTypes).toEqual(['client_credentials', 'authorization_code', 'refresh_token']);
    expect(identityProvider.authorizationCodeResponseType).toBe('code');
    expect(identityProvider.implicitResponseTypes).toEqual(['token', 'id_token', 'id_token token']);
    expect(identityProvider.nonceRequiredFor).toBe('id_token');
    expect(identityProvider.tokenContentType).toBe('application/x-www-form-urlencoded');
    expect(identityProvider.offlineAccessScope).toBe('offline_access');
    expect(identityProvider.redirectUriScheme).toBe('https');
    expect(identityProvider.params).toEqual({
      clientId: 'client_id',
      clientSecret: 'client_secret',
      responseType: 'response_type',
      scope: 'scope',
      redirectUri: 'redirect_uri',
      state: 'state',
      nonce: 'nonce',
      grantType: 'grant_type',
    });
  });
});

describe('mightContainRequestCheckTarget', () => {
  it.each([
    ["fetch('/v1/buyer/stats/data', init)", 'the asynchronous report endpoint'],
    ["axios.post('/V1/ReportingStats/Agency/ReportData', q)", 'the synchronous one, in any letter case'],
    ['`${AUTH}/sts/connect/token`', 'the identity provider'],
    ["const CLIENT_SECRET = 'x'", 'a client secret name'],
    ["const clientSecret = 'x'", 'a camel-case client secret name'],
    ["{ Authorization: 'Basic YTpi' }", 'a Basic header'],
    ['const p = { redirect_uri: r }', 'an OAuth parameter'],
  ])('passes %s (%s)', (source) => {
    expect(mightContainRequestCheckTarget(source)).toBe(true);
  });

  it.each([
    "fetch('/v1/buyer/stats/operations')",
    "fetch('/v1/buyer/campaigns')",
    "const secret = 'x'; const client = makeClient();",
  ])('skips %s', (source) => {
    expect(mightContainRequestCheckTarget(source)).toBe(false);
  });

  it('treats letters exactly as comparing lower-cased text would', () => {
    // 'İ' lower-cases to 'i' plus a combining dot: that still ends 'redirect_uri', but splits 'redi…'.
    expect(mightContainRequestCheckTarget('const p = { REDIRECT_UR\u0130: r }')).toBe(true);
    expect(mightContainRequestCheckTarget('const p = { RED\u0130RECT_URI: r }')).toBe(false);
    expect(mightContainRequestCheckTarget('const p = { Client_Secret$: r }')).toBe(true);
    expect(mightContainRequestCheckTarget('const p = { client-secret: r }')).toBe(false);
  });

  it('derives its report needles from the reporting limits', () => {
    const posts = [reportingLimits.synchronous, reportingLimits.asynchronous].map((limits) => limits.endpoints[0]!);
    expect(posts).toEqual([
      { method: 'POST', path: '/v1/reportingstats/agency/reportdata' },
      { method: 'POST', path: '/v1/buyer/stats/data' },
    ]);
  });
});
