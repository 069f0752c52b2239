import rule from '../../src/rules/oauth-authorize-state.js';
import { createTypeScriptRuleTester, forRuleTester, positionOf } from '../support/rule-testers.js';

const names = { endpoint: 'GET /sts/connect/authorize', state: 'state', nonce: 'nonce', responseTypeParam: 'response_type' };

const noState = [
  "const params = new URLSearchParams({ client_id: id, response_type: 'code', redirect_uri: redirect });",
  'location.assign(`${AUTH}/sts/connect/authorize?${params}`);',
].join('\n');
const noNonce = "location.assign(`/sts/connect/authorize?client_id=${id}&response_type=id_token%20token&state=${state}`);";
const neither = "axios.get(`${AUTH}/sts/connect/authorize`, { params: { client_id: id, response_type: 'id_token' } });";

createTypeScriptRuleTester().run('oauth-authorize-state', forRuleTester(rule), {
  valid: [
    { name: 'state added with set', code: "const p = new URLSearchParams({ client_id: id, response_type: 'code' });\np.set('state', s);\nlocation.assign(`/sts/connect/authorize?${p}`);" },
    { name: 'state and nonce for an id_token', code: "location.assign(`/sts/connect/authorize?client_id=a&response_type=id_token&state=${s}&nonce=${n}`);" },
    { name: 'no nonce needed for plain implicit OAuth', code: "location.assign(`/sts/connect/authorize?client_id=a&response_type=token&state=${s}`);" },
    { name: 'parameters that may come from elsewhere', code: 'location.assign(`/sts/connect/authorize?client_id=a&${rest}`);' },
    { name: 'a spread params object', code: "axios.get('/sts/connect/authorize', { params: { ...base, client_id: id } });" },
    { name: 'URLSearchParams handed to a helper', code: "const p = new URLSearchParams({ client_id: id });\naddState(p);\nlocation.assign(`/sts/connect/authorize?${p}`);" },
    { name: 'the bare address for a library', code: 'export const AUTHORIZE_URL = `${AUTH}/sts/connect/authorize`;' },
    {
      name: 'another provider when hosts are listed',
      code: "location.assign('https://accounts.other.example/sts/connect/authorize?client_id=a&response_type=code');",
      settings: { sunset: { asOf: '2024-06-01', identityHosts: ['login.example.com'] } },
    },
  ],
  invalid: [
    {
      name: 'reports a URLSearchParams authorization request without state at the URL',
      code: noState,
      errors: [{ messageId: 'missingState', data: { ...names, responseType: '' }, ...positionOf(noState, '`${AUTH}') }],
    },
    {
      name: 'reports a missing nonce with response_type id_token token',
      code: noNonce,
      errors: [{ messageId: 'missingNonce', data: { ...names, responseType: 'id_token token' }, ...positionOf(noNonce, '`') }],
    },
    {
      name: 'reports both in an axios params object',
      code: neither,
      errors: [
        { messageId: 'missingNonce', data: { ...names, responseType: 'id_token' }, ...positionOf(neither, '`') },
        { messageId: 'missingState', data: { ...names, responseType: '' }, ...positionOf(neither, '`') },
      ],
    },
  ],
});
