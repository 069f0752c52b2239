/** Every rule of Sunset, alphabetically: the ESLint rule names (`sunset/<name>`) and the check names of the CLI. */
export const ruleNames = [
  'no-client-secret-in-source',
  'no-legacy-rest-path',
  'no-retired-soap-operation',
  'no-sunset-todo',
  'no-sync-reporting',
  'oauth-authorize-state',
  'oauth-offline-access-code-flow',
  'oauth-redirect-uri-https',
  'oauth-token-form-body',
  'reporting-request-limits',
] as const;

export type RuleName = (typeof ruleNames)[number];

/** The rules whose findings are retired requests (paths, SOAP operations, the synchronous reporting API). */
export const retirementRuleNames = ['no-legacy-rest-path', 'no-retired-soap-operation', 'no-sync-reporting'] as const satisfies readonly RuleName[];

/** The messages of the three retirement rules, and the texts of their suggestions. */
const retirementMessages = {
  retiredRewrite: '{{retiredKey}} is {{phase}} ({{schedule}}): {{replacements}}.',
  retiredTodo: '{{retiredKey}} is {{phase}} ({{schedule}}): {{replacements}}; this call needs a manual migration.',
  insertTodo: 'Insert a TODO(sunset:{{entryId}}) comment above the statement.',
  switchToCandidate: 'Switch to {{replacement}}.',
  relatedTodoMarker: 'the TODO(sunset:{{entryId}}) marker left on this call',
} as const;

/**
 * The wording of every finding, written once: `{{name}}` placeholders filled by `interpolate` with
 * the finding's data. The editor, the CLI, SARIF and the codemod all show these texts.
 */
export const ruleMessages = {
  'no-client-secret-in-source': {
    clientSecretLiteral: 'A {{clientSecret}} is written in the source; read it at run time from the environment or a secret store, and rotate the exposed one.',
    basicCredentialLiteral:
      'A Basic Authorization header with client credentials is written in the source; build it at run time from {{clientId}} and {{clientSecret}} read from the environment or a secret store.',
    clientSecretInImplicitFlow:
      'This file runs the implicit flow ({{responseTypeParam}} without {{code}}), which runs in the browser; a {{clientSecret}} must never be in such code. Use the authorization code flow on a backend for confidential clients.',
  },
  'no-legacy-rest-path': retirementMessages,
  'no-retired-soap-operation': {
    ...retirementMessages,
    relatedEnvelope: "the same SOAP request's envelope",
    relatedSoapActionHeader: "the same SOAP request's SOAPAction header",
    relatedActionString: "the same SOAP request's action string",
    relatedClientCall: "the same SOAP request's client call",
  },
  'no-sunset-todo': {
    sunsetTodo: 'TODO(sunset:{{entryId}}) is still open: {{retiredKey}} is {{phase}} ({{schedule}}); {{replacements}}, then remove the marker.',
    unknownSunsetTodo: 'TODO(sunset:{{entryId}}) names no known retirement entry; correct the id (see the Sunset rule docs) or remove the marker.',
  },
  'no-sync-reporting': retirementMessages,
  'oauth-authorize-state': {
    missingState:
      'This authorization request ({{endpoint}}) has no {{state}} parameter; send a random client-generated {{state}} and validate it on return (integrity and CSRF protection).',
    missingNonce:
      'This authorization request asks for {{responseTypeParam}}={{responseType}} without a {{nonce}}; OpenID Connect requires a random {{nonce}}, checked in the returned id_token, to prevent replay.',
  },
  'oauth-offline-access-code-flow': {
    offlineAccessWithoutCodeFlow:
      'The {{scope}} scope is for the authorization code flow only ({{responseTypeParam}}={{code}}); this request uses {{actual}}, so no refresh_token is returned.',
  },
  'oauth-redirect-uri-https': {
    redirectUriNotHttps: 'redirect_uri in a request to {{endpoint}} must use the {{scheme}} scheme (it must be registered and use HTTPS); this one uses {{actual}}.',
  },
  'oauth-token-form-body': {
    tokenRequestJsonBody:
      'The token endpoint ({{endpoint}}) takes an {{contentType}} body; this request sends JSON ({{actual}}). Send URLSearchParams or a form-encoded string instead.',
    tokenRequestSecretInUrl:
      'The token endpoint ({{endpoint}}) takes {{clientSecret}} in its {{contentType}} body or a Basic Authorization header; this request puts it in the URL ({{actual}}), which servers, proxies and logs keep. Move it to the body or the header.',
  },
  'reporting-request-limits': {
    missingDatePeriodFilter:
      'A report request of the {{workflow}} workflow ({{endpoint}}) must contain a date period filter; this body has no field matching /{{pattern}}/i.',
    missingMetric: 'A report request of the {{workflow}} workflow ({{endpoint}}) needs at least {{limit}} metric; this one has {{actual}}.',
    tooManyDimensions: 'The {{workflow}} reporting workflow ({{endpoint}}) allows at most {{limit}} dimensions per request; this one has {{actual}}.',
    tooManyMetrics: 'The {{workflow}} reporting workflow ({{endpoint}}) allows at most {{limit}} metrics per request; this one has {{actual}}.',
    pageLimitTooLarge: 'The {{workflow}} reporting workflow ({{endpoint}}) allows at most {{limit}} rows per page; paging.limit is {{actual}}.{{hint}}',
    startDateTooFarBack:
      'The {{workflow}} reporting workflow ({{endpoint}}) reaches {{limit}} days back from today; the start date {{actual}} is {{days}} days before {{asOf}}.',
  },
} as const satisfies Readonly<Record<RuleName, Readonly<Record<string, string>>>>;

/**
 * What a finding says of a place in another file it was found through: the declaration of a value its
 * request reads, or the client it is made with. `valueRewritten`: the value's own finding there is a
 * one-to-one rewrite, so `sunset fix` migrates the request by rewriting the declaration.
 */
export const crossFileMessages = {
  value: 'The value is declared here as {{name}}.',
  valueRewritten: 'The value is declared here as {{name}}; sunset fix rewrites it here.',
  client: 'The client is created here as {{name}}.',
  /** `--project`: the client a factory function of another file returns. */
  clientMadeBy: 'The client is created here by {{name}}.',
} as const;

const crossFileMessagePatterns = Object.fromEntries(
  Object.entries(crossFileMessages).map(([kind, template]) => [kind, new RegExp(`^${template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{\\{name\\}\\}', '(.*)')}$`, 's')]),
) as Readonly<Record<keyof typeof crossFileMessages, RegExp>>;

/** The name a `crossFileMessages[kind]` sentence was made with; undefined when `message` is not that sentence. */
export function crossFileMessageName(kind: keyof typeof crossFileMessages, message: string): string | undefined {
  return crossFileMessagePatterns[kind].exec(message)?.[1];
}

/** The message ids of one rule. */
export type RuleMessageId<Rule extends RuleName> = keyof (typeof ruleMessages)[Rule] & string;

/** Fills `{{name}}` placeholders the way ESLint does; a placeholder without data stays as written. */
export function interpolate(template: string, data: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{\s*([^{}]+?)\s*\}\}/gu, (placeholder, name: string) => (Object.hasOwn(data, name) ? data[name]! : placeholder));
}
