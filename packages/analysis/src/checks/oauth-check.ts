import type { FileIndex } from '../file-index/file-index.js';
import { findOAuthProblems, type OAuthProblem, type OAuthProblemKind } from '../oauth/find-oauth-problems.js';
import type { AnalysisOptions, Finding } from '../types.js';
import { byRange, plainFinding, type Check } from './check.js';

type OAuthRule = 'no-client-secret-in-source' | 'oauth-authorize-state' | 'oauth-offline-access-code-flow' | 'oauth-redirect-uri-https' | 'oauth-token-form-body';

/**
 * Hosts an identity URL must name to be checked: the API's and the identity provider's together (the
 * provider usually has its own host, {auth_url}); undefined when either is every host.
 */
function identityHostsOf(options: AnalysisOptions): readonly string[] | undefined {
  if (options.apiHosts === undefined || options.identityHosts === undefined) return undefined;
  return [...options.apiHosts, ...options.identityHosts];
}

/** The OAuth problems of a file, found once per index and host list for the five OAuth checks. */
function oauthProblemsOf(index: FileIndex, options: AnalysisOptions): readonly OAuthProblem[] {
  const hosts = identityHostsOf(options);
  return index.cached(`oauth:${JSON.stringify(hosts ?? null)}`, () => findOAuthProblems(index, hosts));
}

/** A check reporting some kinds of OAuth problems, each under its message id with the given data. */
export function oauthCheck(
  name: OAuthRule,
  description: string,
  messageIds: Readonly<Partial<Record<OAuthProblemKind, string>>>,
  data: (problem: OAuthProblem) => Record<string, string>,
): Check<readonly []> {
  return {
    meta: { name, type: 'problem', description, recommended: true, fixable: false, hasSuggestions: false, optionsSchema: [], defaultOptions: [] },
    run(index, options): Finding[] {
      return oauthProblemsOf(index, options)
        .flatMap((problem) => {
          const messageId = messageIds[problem.kind];
          return messageId === undefined ? [] : [plainFinding(name, messageId, data(problem), problem.range)];
        })
        .sort(byRange);
    },
  };
}
