import { describeEndpoint, identityProvider } from '@sunset/rule-data';
import { createRequestRule, oauthProblemsOf, oauthReports, type RequestRuleModule } from '../util/create-request-rule.js';
import type { RuleHooks } from '../util/rule-hooks.js';
import { createRuleHooks } from '../util/rule-hooks.js';

export type MessageId = 'missingState' | 'missingNonce';
export type OAuthAuthorizeStateRuleModule = RequestRuleModule<MessageId, []>;

/** Builds `oauth-authorize-state`; `hooks` come from `createPlugin` (memo and the caller's report listener). */
export function createOAuthAuthorizeState(hooks: RuleHooks = createRuleHooks()): OAuthAuthorizeStateRuleModule {
  const { params } = identityProvider;
  return createRequestRule<MessageId, []>(
    {
      name: 'oauth-authorize-state',
      description: 'Require `state` in authorization requests, and `nonce` when they ask for an id_token',
      messages: {
        missingState:
          'This authorization request ({{endpoint}}) has no {{state}} parameter; send a random client-generated {{state}} and validate it on return (integrity and CSRF protection).',
        missingNonce:
          'This authorization request asks for {{responseTypeParam}}={{responseType}} without a {{nonce}}; OpenID Connect requires a random {{nonce}}, checked in the returned id_token, to prevent replay.',
      },
      schema: [],
      defaultOptions: [],
      check: (program, sourceText, options) =>
        oauthReports(
          oauthProblemsOf(hooks, program, sourceText, options),
          { 'missing-state': 'missingState', 'missing-nonce': 'missingNonce' },
          (problem) => ({
            endpoint: describeEndpoint(identityProvider.authorize),
            state: params.state,
            nonce: params.nonce,
            responseTypeParam: params.responseType,
            responseType: problem.detail ?? '',
          }),
        ),
    },
    hooks,
  );
}

export default createOAuthAuthorizeState();
