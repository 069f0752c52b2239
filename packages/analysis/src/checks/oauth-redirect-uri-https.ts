import { describeEndpoint, identityProvider } from '@sunset/rule-data';
import { oauthCheck } from './oauth-check.js';

export default oauthCheck(
  'oauth-redirect-uri-https',
  'Require an https `redirect_uri` in requests to the identity provider',
  { 'redirect-uri-not-https': 'redirectUriNotHttps' },
  (problem) => ({
    endpoint: problem.endpoint ? describeEndpoint(problem.endpoint) : identityProvider.authorize.path,
    scheme: identityProvider.redirectUriScheme,
    actual: problem.detail ?? '',
  }),
);
