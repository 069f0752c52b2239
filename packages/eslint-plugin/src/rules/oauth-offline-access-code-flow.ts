import { identityProvider } from '@sunset/rule-data';
import { createRequestRule, oauthProblemsOf, oauthReports, type RequestRuleModule } from '../util/create-request-rule.js';
import type { RuleHooks } from '../util/rule-hooks.js';
import { createRuleHooks } from '../util/rule-hooks.js';

export type MessageId = 'offlineAccessWithoutCodeFlow';
export type OAuthOfflineAccessCodeFlowRuleModule = RequestRuleModule<MessageId, []>;

/** Builds `oauth-offline-access-code-flow`; `hooks` come from `createPlugin` (memo and the caller's report listener). */
export function createOAuthOfflineAccessCodeFlow(hooks: RuleHooks = createRuleHooks()): OAuthOfflineAccessCodeFlowRuleModule {
  return createRequestRule<MessageId, []>(
    {
      name: 'oauth-offline-access-code-flow',
      description: 'Request the `offline_access` scope only in the authorization code flow',
      messages: {
        offlineAccessWithoutCodeFlow:
          'The {{scope}} scope is for the authorization code flow only ({{responseTypeParam}}={{code}}); this request uses {{actual}}, so no refresh_token is returned.',
      },
      schema: [],
      defaultOptions: [],
      check: (program, sourceText, options) =>
        oauthReports(
          oauthProblemsOf(hooks, program, sourceText, options),
          { 'offline-access-without-code-flow': 'offlineAccessWithoutCodeFlow' },
          (problem) => ({
            scope: identityProvider.offlineAccessScope,
            responseTypeParam: identityProvider.params.responseType,
            code: identityProvider.authorizationCodeResponseType,
            actual: problem.detail ?? '',
          }),
        ),
    },
    hooks,
  );
}

export default createOAuthOfflineAccessCodeFlow();
