import rule from '../../src/rules/oauth-redirect-uri-https.js';
import { createTypeScriptRuleTester, forRuleTester, positionOf } from '../support/rule-testers.js';

const authorize = { endpoint: 'GET /sts/connect/authorize', scheme: 'https' };
const hosts = { sunset: { asOf: '2024-06-01', apiHosts: ['api.example.com'], identityHosts: ['login.example.com'] } };

const encodedHttp = 'location.assign(`${AUTH}/sts/connect/authorize?client_id=${id}&response_type=code&state=${s}&redirect_uri=http%3A%2F%2Fapp.example.com%2Fcb`);';
const searchParams = [
  "const url = new URL('/sts/connect/authorize', AUTH);",
  "url.searchParams.set('redirect_uri', 'http://localhost:3000/cb');",
].join('\n');
const tokenBody = "fetch(`${AUTH}/sts/connect/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: 'http://app.example.com/cb' }) });";
const concatenated = "axios.get('https://login.example.com/sts/connect/authorize', { params: { client_id: id, redirect_uri: 'http://' + host + '/cb' } });";

createTypeScriptRuleTester().run('oauth-redirect-uri-https', forRuleTester(rule), {
  valid: [
    { name: 'an https redirect_uri', code: "location.assign('/sts/connect/authorize?client_id=a&response_type=code&state=s&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb');" },
    { name: 'a redirect_uri whose scheme is unknown', code: 'location.assign(`/sts/connect/authorize?client_id=a&redirect_uri=${window.location.origin}/cb`);' },
    { name: 'a redirect_uri outside an identity request', code: "const google = { redirect_uri: 'http://localhost/cb' };" },
    {
      name: 'another OAuth provider when hosts are listed',
      code: "location.assign('https://accounts.other.example/sts/connect/authorize?client_id=a&redirect_uri=http://localhost/cb');",
      settings: hosts,
    },
    { name: 'a look-alike path', code: "location.assign('/sts/connect/authorizeDevice?client_id=a&redirect_uri=http://localhost/cb');" },
  ],
  invalid: [
    {
      name: 'reports an encoded http redirect_uri in a URL template at the template',
      code: encodedHttp,
      errors: [{ messageId: 'redirectUriNotHttps', data: { ...authorize, actual: 'http' }, ...positionOf(encodedHttp, '`') }],
    },
    {
      name: 'reports a searchParams.set value',
      code: searchParams,
      errors: [{ messageId: 'redirectUriNotHttps', data: { ...authorize, actual: 'http' }, ...positionOf(searchParams, "'http://localhost") }],
    },
    {
      name: 'reports the redirect_uri of an authorization code exchange at the token endpoint',
      code: tokenBody,
      errors: [{ messageId: 'redirectUriNotHttps', data: { endpoint: 'POST /sts/connect/token', scheme: 'https', actual: 'http' }, ...positionOf(tokenBody, "'http://app") }],
    },
    {
      name: 'reports a listed identity host and a scheme known from the start of a concatenation',
      code: concatenated,
      settings: hosts,
      errors: [{ messageId: 'redirectUriNotHttps', data: { ...authorize, actual: 'http' }, ...positionOf(concatenated, "'http://' +") }],
    },
  ],
});
