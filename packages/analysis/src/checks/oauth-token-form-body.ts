import { describeEndpoint, identityProvider } from '@sunset/rule-data';
import { oauthCheck } from './oauth-check.js';

export default oauthCheck(
  'oauth-token-form-body',
  'Require `application/x-www-form-urlencoded` bodies in token requests',
  { 'token-request-json-body': 'tokenRequestJsonBody', 'token-request-secret-in-url': 'tokenRequestSecretInUrl' },
  (problem) => ({
    endpoint: describeEndpoint(identityProvider.token),
    contentType: identityProvider.tokenContentType,
    clientSecret: identityProvider.params.clientSecret,
    actual: problem.detail ?? '',
  }),
);
