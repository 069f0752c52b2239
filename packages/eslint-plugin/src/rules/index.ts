import type { RetirementRuleModule } from '../util/create-retirement-rule.js';
import type { RuleHooks } from '../util/rule-hooks.js';
import type { NoClientSecretInSourceRuleModule } from './no-client-secret-in-source.js';
import { createNoClientSecretInSource } from './no-client-secret-in-source.js';
import { createNoLegacyRestPath } from './no-legacy-rest-path.js';
import { createNoRetiredSoapOperation } from './no-retired-soap-operation.js';
import type { NoSunsetTodoRuleModule } from './no-sunset-todo.js';
import { createNoSunsetTodo } from './no-sunset-todo.js';
import { createNoSyncReporting } from './no-sync-reporting.js';
import type { OAuthAuthorizeStateRuleModule } from './oauth-authorize-state.js';
import { createOAuthAuthorizeState } from './oauth-authorize-state.js';
import type { OAuthOfflineAccessCodeFlowRuleModule } from './oauth-offline-access-code-flow.js';
import { createOAuthOfflineAccessCodeFlow } from './oauth-offline-access-code-flow.js';
import type { OAuthRedirectUriHttpsRuleModule } from './oauth-redirect-uri-https.js';
import { createOAuthRedirectUriHttps } from './oauth-redirect-uri-https.js';
import type { OAuthTokenFormBodyRuleModule } from './oauth-token-form-body.js';
import { createOAuthTokenFormBody } from './oauth-token-form-body.js';
import type { ReportingRequestLimitsRuleModule } from './reporting-request-limits.js';
import { createReportingRequestLimits } from './reporting-request-limits.js';

export interface SunsetRules {
  readonly 'no-client-secret-in-source': NoClientSecretInSourceRuleModule;
  readonly 'no-legacy-rest-path': RetirementRuleModule;
  readonly 'no-retired-soap-operation': RetirementRuleModule;
  readonly 'no-sunset-todo': NoSunsetTodoRuleModule;
  readonly 'no-sync-reporting': RetirementRuleModule;
  readonly 'oauth-authorize-state': OAuthAuthorizeStateRuleModule;
  readonly 'oauth-offline-access-code-flow': OAuthOfflineAccessCodeFlowRuleModule;
  readonly 'oauth-redirect-uri-https': OAuthRedirectUriHttpsRuleModule;
  readonly 'oauth-token-form-body': OAuthTokenFormBodyRuleModule;
  readonly 'reporting-request-limits': ReportingRequestLimitsRuleModule;
}

export type SunsetRuleName = keyof SunsetRules;

/** Every rule of the plugin, alphabetically, built around one set of hooks (shared memo, report listener). */
export function createRules(hooks: RuleHooks): SunsetRules {
  return {
    'no-client-secret-in-source': createNoClientSecretInSource(hooks),
    'no-legacy-rest-path': createNoLegacyRestPath(hooks),
    'no-retired-soap-operation': createNoRetiredSoapOperation(hooks),
    'no-sunset-todo': createNoSunsetTodo(hooks),
    'no-sync-reporting': createNoSyncReporting(hooks),
    'oauth-authorize-state': createOAuthAuthorizeState(hooks),
    'oauth-offline-access-code-flow': createOAuthOfflineAccessCodeFlow(hooks),
    'oauth-redirect-uri-https': createOAuthRedirectUriHttps(hooks),
    'oauth-token-form-body': createOAuthTokenFormBody(hooks),
    'reporting-request-limits': createReportingRequestLimits(hooks),
  };
}
