import rule from '../../src/rules/oauth-token-form-body.js';
import { createTypeScriptRuleTester, forRuleTester, positionOf } from '../support/rule-testers.js';

const names = { endpoint: 'POST /sts/connect/token', contentType: 'application/x-www-form-urlencoded' };
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
  ],
});
