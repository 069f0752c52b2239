import { describeEndpoint, identityProvider } from '@sunset/rule-data';
import { createRequestRule, oauthProblemsOf, oauthReports, type RequestRuleModule } from '../util/create-request-rule.js';
import type { RuleHooks } from '../util/rule-hooks.js';
import { createRuleHooks } from '../util/rule-hooks.js';

export type MessageId = 'redirectUriNotHttps';
export type OAuthRedirectUriHttpsRuleModule = RequestRuleModule<MessageId, []>;

/** Builds `oauth-redirect-uri-https`; `hooks` come from `createPlugin` (memo and the caller's report listener). */
export function createOAuthRedirectUriHttps(hooks: RuleHooks = createRuleHooks()): OAuthRedirectUriHttpsRuleModule {
  return createRequestRule<MessageId, []>(
    {
      name: 'oauth-redirect-uri-https',
      description: 'Require an https `redirect_uri` in requests to the identity provider',
      messages: {
        redirectUriNotHttps:
          'redirect_uri in a request to {{endpoint}} must use the {{scheme}} scheme (it must be registered and use HTTPS); this one uses {{actual}}.',
      },
      schema: [],
      defaultOptions: [],
      check: (program, sourceText, options) =>
        oauthReports(oauthProblemsOf(hooks, program, sourceText, options), { 'redirect-uri-not-https': 'redirectUriNotHttps' }, (problem) => ({
          endpoint: problem.endpoint ? describeEndpoint(problem.endpoint) : identityProvider.authorize.path,
          scheme: identityProvider.redirectUriScheme,
          actual: problem.detail ?? '',
        })),
    },
    hooks,
  );
}

export default createOAuthRedirectUriHttps();
