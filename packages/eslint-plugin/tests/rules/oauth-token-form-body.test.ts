import rule from '../../src/rules/oauth-token-form-body.js';
import { createTypeScriptRuleTester, forRuleTester, positionOf } from '../support/rule-testers.js';

const names = { endpoint: 'POST /sts/connect/token', contentType: 'application/x-www-form-urlencoded', clientSecret: 'client_secret' };
const secretInQuery = "fetch(`https://id.adform.com/sts/connect/token?grant_type=client_credentials&client_id=${id}&client_secret=${secret}`, { method: 'POST' });";
const secretInParams = "axios.post('https://id.adform.com/sts/connect/token', null, { params: { grant_type: 'client_credentials', client_secret } });";
const secretInSearchParams = [
  "const url = new URL('https://id.adform.com/sts/connect/token');",
  "url.searchParams.set('client_secret', secret);",
  "fetch(url, { method: 'POST' });",
].join('\n');
const stringified = "fetch(`${AUTH}/sts/connect/token`, { method: 'POST', body: JSON.stringify({ grant_type: 'client_credentials' }) });";
const axiosObject = "axios.post(`${AUTH}/sts/connect/token`, { grant_type: 'refresh_token', refresh_token: token });";
const kyJson = "ky.post(`${AUTH}/sts/connect/token`, { json: { grant_type: 'client_credentials' } });";
const jsonHeader = "fetch('/sts/connect/token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: form });";
const angular = [
  "import { HttpClient } from '@angular/common/http';",
  'export class Auth {',
  '  constructor(private http: HttpClient) {}',
  "  token() { return this.http.post('/sts/connect/token', { grant_type: 'client_credentials' }); }",
  '}',
].join('\n');

createTypeScriptRuleTester().run('oauth-token-form-body', forRuleTester(rule), {
  valid: [
    { name: 'URLSearchParams', code: "fetch('/sts/connect/token', { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials' }) });" },
    { name: 'a form string', code: "axios.post('/sts/connect/token', 'grant_type=client_credentials');" },
    { name: 'qs.stringify', code: "axios.post('/sts/connect/token', qs.stringify({ grant_type: 'client_credentials' }));" },
    { name: 'got form option', code: "got.post('/sts/connect/token', { form: { grant_type: 'client_credentials' } });" },
    {
      name: 'an axios object with the form content type',
      code: "axios.post('/sts/connect/token', { grant_type: 'client_credentials' }, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });",
    },
    { name: 'jQuery form-encodes objects', code: "$.ajax({ url: '/sts/connect/token', type: 'POST', data: { grant_type: 'client_credentials' } });" },
    { name: 'JSON to another endpoint', code: "fetch('/sts/connect/userinfo', { method: 'POST', body: JSON.stringify({}) });" },
    { name: 'a client_secret in the form body', code: "fetch('/sts/connect/token', { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_secret: secret }) });" },
    { name: 'a client_secret in a form string body', code: "axios.post('/sts/connect/token', `grant_type=client_credentials&client_secret=${secret}`);" },
    { name: 'a client_secret in the query of a URL that is no token request', code: "fetch(`https://id.adform.com/sts/connect/userinfo?client_secret=${secret}`);" },
    { name: 'a client_secret in a redirect page query', code: "const page = new URL('https://app.example.com/callback');\npage.searchParams.set('client_secret', secret);\nfetch(page);" },
    {
      name: 'another provider when hosts are listed',
      code: "axios.post('https://oauth2.other.example/sts/connect/token', { grant_type: 'client_credentials' });",
      settings: { sunset: { asOf: '2024-06-01', apiHosts: ['api.example.com'] } },
    },
  ],
  invalid: [
    { name: 'reports JSON.stringify bodies', code: stringified, errors: [{ messageId: 'tokenRequestJsonBody', data: { ...names, actual: 'JSON.stringify' }, ...positionOf(stringified, 'JSON.') }] },
    { name: 'reports axios plain objects', code: axiosObject, errors: [{ messageId: 'tokenRequestJsonBody', data: { ...names, actual: 'plain object' }, ...positionOf(axiosObject, '{ grant_type') }] },
    { name: 'reports the ky json option', code: kyJson, errors: [{ messageId: 'tokenRequestJsonBody', data: { ...names, actual: 'json option' }, ...positionOf(kyJson, '{ grant_type') }] },
    {
      name: 'reports a JSON content type',
      code: jsonHeader,
      errors: [{ messageId: 'tokenRequestJsonBody', data: { ...names, actual: 'Content-Type: application/json' }, ...positionOf(jsonHeader, "'application/json'") }],
    },
    { name: 'reports an Angular HttpClient object body', code: angular, errors: [{ messageId: 'tokenRequestJsonBody', data: { ...names, actual: 'plain object' }, ...positionOf(angular, "{ grant_type") }] },
    {
      name: 'reports a client_secret in the query string',
      code: secretInQuery,
      errors: [{ messageId: 'tokenRequestSecretInUrl', data: { ...names, actual: 'query string' }, ...positionOf(secretInQuery, '`https') }],
    },
    {
      name: 'reports a client_secret in axios params',
      code: secretInParams,
      errors: [{ messageId: 'tokenRequestSecretInUrl', data: { ...names, actual: 'params option' }, ...positionOf(secretInParams, 'client_secret }') }],
    },
    {
      name: 'reports a client_secret set on the searchParams of the URL requested',
      code: secretInSearchParams,
      errors: [{ messageId: 'tokenRequestSecretInUrl', data: { ...names, actual: 'searchParams' }, ...positionOf(secretInSearchParams, 'secret);') }],
    },
  ],
});
