import type { RuleName } from '@sunset/rule-data';
import type { Check } from './check.js';
import noClientSecretInSource from './no-client-secret-in-source.js';
import noLegacyRestPath from './no-legacy-rest-path.js';
import noRetiredSoapOperation from './no-retired-soap-operation.js';
import noSunsetTodo from './no-sunset-todo.js';
import noSyncReporting from './no-sync-reporting.js';
import oauthAuthorizeState from './oauth-authorize-state.js';
import oauthOfflineAccessCodeFlow from './oauth-offline-access-code-flow.js';
import oauthRedirectUriHttps from './oauth-redirect-uri-https.js';
import oauthTokenFormBody from './oauth-token-form-body.js';
import reportingRequestLimits from './reporting-request-limits.js';

/** Every check, by rule name (alphabetical). */
export const checks: Readonly<Record<RuleName, Check>> = {
  'no-client-secret-in-source': noClientSecretInSource,
  'no-legacy-rest-path': noLegacyRestPath as Check,
  'no-retired-soap-operation': noRetiredSoapOperation as Check,
  'no-sunset-todo': noSunsetTodo,
  'no-sync-reporting': noSyncReporting as Check,
  'oauth-authorize-state': oauthAuthorizeState,
  'oauth-offline-access-code-flow': oauthOfflineAccessCodeFlow,
  'oauth-redirect-uri-https': oauthRedirectUriHttps,
  'oauth-token-form-body': oauthTokenFormBody,
  'reporting-request-limits': reportingRequestLimits as Check,
};
