import { identityProvider } from '@sunset/rule-data';
import { oauthCheck } from './oauth-check.js';

export default oauthCheck(
  'no-client-secret-in-source',
  'Disallow client secrets written in source, and any client secret in code that runs the implicit flow',
  {
    'client-secret-literal': 'clientSecretLiteral',
    'basic-credential-literal': 'basicCredentialLiteral',
    'client-secret-in-implicit-flow': 'clientSecretInImplicitFlow',
  },
  () => ({
    clientSecret: identityProvider.params.clientSecret,
    clientId: identityProvider.params.clientId,
    responseTypeParam: identityProvider.params.responseType,
    code: identityProvider.authorizationCodeResponseType,
  }),
);
