import { describeEndpoint, identityProvider } from '@sunset/rule-data';
import { createRequestRule, oauthProblemsOf, oauthReports, type RequestRuleModule } from '../util/create-request-rule.js';
import type { RuleHooks } from '../util/rule-hooks.js';
import { createRuleHooks } from '../util/rule-hooks.js';

export type MessageId = 'tokenRequestJsonBody';
export type OAuthTokenFormBodyRuleModule = RequestRuleModule<MessageId, []>;

/** Builds `oauth-token-form-body`; `hooks` come from `createPlugin` (memo and the caller's report listener). */
export function createOAuthTokenFormBody(hooks: RuleHooks = createRuleHooks()): OAuthTokenFormBodyRuleModule {
  return createRequestRule<MessageId, []>(
    {
      name: 'oauth-token-form-body',
      description: 'Require `application/x-www-form-urlencoded` bodies in token requests',
      messages: {
        tokenRequestJsonBody:
          'The token endpoint ({{endpoint}}) takes an {{contentType}} body; this request sends JSON ({{actual}}). Send URLSearchParams or a form-encoded string instead.',
      },
      schema: [],
      defaultOptions: [],
      check: (program, sourceText, options) =>
        oauthReports(oauthProblemsOf(hooks, program, sourceText, options), { 'token-request-json-body': 'tokenRequestJsonBody' }, (problem) => ({
          endpoint: describeEndpoint(identityProvider.token),
          contentType: identityProvider.tokenContentType,
          actual: problem.detail ?? '',
        })),
    },
    hooks,
  );
}

export default createOAuthTokenFormBody();
