import rule from '../../src/rules/oauth-offline-access-code-flow.js';
import { createTypeScriptRuleTester, forRuleTester, positionOf } from '../support/rule-testers.js';

const names = { scope: 'offline_access', responseTypeParam: 'response_type', code: 'code' };
const implicit = "const p = new URLSearchParams({ client_id: id, response_type: 'token', scope: 'openid offline_access', state });\nlocation.assign(`/sts/connect/authorize?${p}`);";
const clientCredentials = "fetch('/sts/connect/token', { method: 'POST', body: 'grant_type=client_credentials&scope=eapi+offline_access' });";

createTypeScriptRuleTester().run('oauth-offline-access-code-flow', forRuleTester(rule), {
  valid: [
    { name: 'the authorization code flow', code: "location.assign('/sts/connect/authorize?client_id=a&response_type=code&scope=openid%20offline_access&state=s');" },
    { name: 'an unknown response_type', code: 'location.assign(`/sts/connect/authorize?client_id=a&response_type=${type}&scope=offline_access&state=s`);' },
    { name: 'a refresh token exchange', code: "fetch('/sts/connect/token', { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', scope: 'offline_access' }) });" },
    { name: 'a scope merely containing the word', code: "location.assign('/sts/connect/authorize?client_id=a&response_type=token&scope=no_offline_access_x&state=s');" },
  ],
  invalid: [
    {
      name: 'reports offline_access with response_type token at the scope value',
      code: implicit,
      errors: [{ messageId: 'offlineAccessWithoutCodeFlow', data: { ...names, actual: 'response_type=token' }, ...positionOf(implicit, "'openid offline_access'") }],
    },
    {
      name: 'reports offline_access with client credentials in a form string',
      code: clientCredentials,
      errors: [{ messageId: 'offlineAccessWithoutCodeFlow', data: { ...names, actual: 'grant_type=client_credentials' }, ...positionOf(clientCredentials, "'grant_type") }],
    },
  ],
});
