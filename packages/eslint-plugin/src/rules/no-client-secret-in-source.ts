import { identityProvider } from '@sunset/rule-data';
import { createRequestRule, oauthProblemsOf, oauthReports, type RequestRuleModule } from '../util/create-request-rule.js';
import type { RuleHooks } from '../util/rule-hooks.js';
import { createRuleHooks } from '../util/rule-hooks.js';

export type MessageId = 'clientSecretLiteral' | 'basicCredentialLiteral' | 'clientSecretInImplicitFlow';
export type NoClientSecretInSourceRuleModule = RequestRuleModule<MessageId, []>;

/** Builds `no-client-secret-in-source`; `hooks` come from `createPlugin` (memo and the caller's report listener). */
export function createNoClientSecretInSource(hooks: RuleHooks = createRuleHooks()): NoClientSecretInSourceRuleModule {
  return createRequestRule<MessageId, []>(
    {
      name: 'no-client-secret-in-source',
      description: 'Disallow client secrets written in source, and any client secret in code that runs the implicit flow',
      messages: {
        clientSecretLiteral:
          'A {{clientSecret}} is written in the source; read it at run time from the environment or a secret store, and rotate the exposed one.',
        basicCredentialLiteral:
          'A Basic Authorization header with client credentials is written in the source; build it at run time from {{clientId}} and {{clientSecret}} read from the environment or a secret store.',
        clientSecretInImplicitFlow:
          'This file runs the implicit flow ({{responseTypeParam}} without {{code}}), which runs in the browser; a {{clientSecret}} must never be in such code. Use the authorization code flow on a backend for confidential clients.',
      },
      schema: [],
      defaultOptions: [],
      check: (program, sourceText, options) =>
        oauthReports(
          oauthProblemsOf(hooks, program, sourceText, options),
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
        ),
    },
    hooks,
  );
}

export default createNoClientSecretInSource();
