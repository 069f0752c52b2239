import { identityProvider } from '@sunset/rule-data';
import { oauthCheck } from './oauth-check.js';

export default oauthCheck(
  'oauth-offline-access-code-flow',
  'Request the `offline_access` scope only in the authorization code flow',
  { 'offline-access-without-code-flow': 'offlineAccessWithoutCodeFlow' },
  (problem) => ({
    scope: identityProvider.offlineAccessScope,
    responseTypeParam: identityProvider.params.responseType,
    code: identityProvider.authorizationCodeResponseType,
    actual: problem.detail ?? '',
  }),
);
