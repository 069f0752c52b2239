import { ruleNames, type RuleName } from '@sunset/rule-data';
import type { SunsetRuleModule } from '../util/create-sunset-rule.js';
import type { AnalysisMemo } from '../util/file-analysis.js';
import { create as noClientSecretInSource } from './no-client-secret-in-source.js';
import { create as noLegacyRestPath } from './no-legacy-rest-path.js';
import { create as noRetiredSoapOperation } from './no-retired-soap-operation.js';
import { create as noSunsetTodo } from './no-sunset-todo.js';
import { create as noSyncReporting } from './no-sync-reporting.js';
import { create as oauthAuthorizeState } from './oauth-authorize-state.js';
import { create as oauthOfflineAccessCodeFlow } from './oauth-offline-access-code-flow.js';
import { create as oauthRedirectUriHttps } from './oauth-redirect-uri-https.js';
import { create as oauthTokenFormBody } from './oauth-token-form-body.js';
import { create as reportingRequestLimits } from './reporting-request-limits.js';

export type SunsetRuleName = RuleName;
export type SunsetRules = Readonly<Record<RuleName, SunsetRuleModule>>;

const factories: Readonly<Record<RuleName, (memo: AnalysisMemo) => SunsetRuleModule>> = {
  'no-client-secret-in-source': noClientSecretInSource,
  'no-legacy-rest-path': noLegacyRestPath,
  'no-retired-soap-operation': noRetiredSoapOperation,
  'no-sunset-todo': noSunsetTodo,
  'no-sync-reporting': noSyncReporting,
  'oauth-authorize-state': oauthAuthorizeState,
  'oauth-offline-access-code-flow': oauthOfflineAccessCodeFlow,
  'oauth-redirect-uri-https': oauthRedirectUriHttps,
  'oauth-token-form-body': oauthTokenFormBody,
  'reporting-request-limits': reportingRequestLimits,
};

/** Every rule of the plugin, alphabetically, sharing one memo: the ten rules index a file once. */
export function createRules(memo: AnalysisMemo): SunsetRules {
  return Object.fromEntries(ruleNames.map((name) => [name, factories[name](memo)])) as Record<RuleName, SunsetRuleModule>;
}
