import { specPattern, type NeedleSpec } from './catalog.js';
import type { Endpoint } from './types.js';
import { reportingLimits } from './limits.js';

// The spec's identity provider (Endpoints › Identity provider, Authentication). Paths are relative to
// {auth_url}; the spec shows no host: the vendor's public identity host (DESIGN.md) is the default,
// and a team adds its own (a proxy, a staging provider) with identityHosts.

/** The OAuth 2.0 flows the provider supports and the `response_type` values that select them. */
export interface IdentityProvider {
  /** The provider's hosts by default ({auth_url}); identityHosts adds to them. */
  readonly hosts: readonly string[];
  readonly discoveryPath: string;
  readonly authorize: Endpoint;
  readonly token: Endpoint;
  /** The token endpoint's body encoding (spec: "Body is application/x-www-form-urlencoded"). */
  readonly tokenContentType: string;
  readonly grantTypes: readonly string[];
  /** `code` selects the authorization code flow. */
  readonly authorizationCodeResponseType: string;
  /** `token` (implicit OAuth), `id_token` and `id_token token` (implicit OpenID Connect). */
  readonly implicitResponseTypes: readonly string[];
  /** A `response_type` containing this value needs a `nonce`. */
  readonly nonceRequiredFor: string;
  /** The scope that returns a refresh_token; authorization code flow only. */
  readonly offlineAccessScope: string;
  /** `redirect_uri` must use this scheme. */
  readonly redirectUriScheme: string;
  /** Query parameter names of the authorization endpoint, and the credential name of the token endpoint. */
  readonly params: {
    readonly clientId: string;
    readonly clientSecret: string;
    readonly responseType: string;
    readonly scope: string;
    readonly redirectUri: string;
    readonly state: string;
    readonly nonce: string;
    readonly grantType: string;
  };
}

export const identityProvider: IdentityProvider = {
  hosts: ['id.adform.com'],
  discoveryPath: '/sts/.well-known/openid-configuration',
  authorize: { method: 'GET', path: '/sts/connect/authorize' },
  token: { method: 'POST', path: '/sts/connect/token' },
  tokenContentType: 'application/x-www-form-urlencoded',
  grantTypes: ['client_credentials', 'authorization_code', 'refresh_token'],
  authorizationCodeResponseType: 'code',
  implicitResponseTypes: ['token', 'id_token', 'id_token token'],
  nonceRequiredFor: 'id_token',
  offlineAccessScope: 'offline_access',
  redirectUriScheme: 'https',
  params: {
    clientId: 'client_id',
    clientSecret: 'client_secret',
    responseType: 'response_type',
    scope: 'scope',
    redirectUri: 'redirect_uri',
    state: 'state',
    nonce: 'nonce',
    grantType: 'grant_type',
  },
};

/** The folder of the identity provider's endpoints (`sts/connect`): every authorize or token URL holds it. */
const identityEndpointNeedle = identityProvider.authorize.path.slice(1, identityProvider.authorize.path.lastIndexOf('/'));

/** The request endpoints Sunset checks beyond retirement: the two report-starting POSTs and the identity provider. */
const requestCheckNeedles: readonly string[] = [
  ...[reportingLimits.synchronous.endpoints[0]!, reportingLimits.asynchronous.endpoints[0]!].map((endpoint) => endpoint.path.slice(1)),
  identityEndpointNeedle,
  identityProvider.params.clientSecret,
  'clientsecret',
  identityProvider.params.redirectUri,
  identityProvider.params.responseType,
  identityProvider.offlineAccessScope,
  'basic ',
];

/**
 * The characters whose `toLowerCase()` begins with `lower`, as a needle spec's position (its code
 * units): `k`, `K` and the Kelvin sign (it lowers to `k`), `i` and `I`, plus `İ` at the end of a
 * needle (it lowers to `i` and a combining dot, which ends a match only there). Spelt out as a class
 * (`specPattern`), they keep the pattern flag-free and exactly as tolerant as comparing lower-cased text.
 */
function anyCaseOf(lower: string, last: boolean): readonly string[] {
  const upper = lower.toUpperCase();
  if (upper === lower) return [lower];
  const extra = lower === 'k' ? '\u212A' : lower === 'i' && last ? '\u0130' : '';
  return [...new Set(`${lower}${upper}${extra}`.split(''))];
}

/** Needles as needle specs (`NeedleSpec`), position by position. */
const anyCaseSpecs = (needles: readonly string[]): NeedleSpec[] => needles.map((needle) => [...needle].map((character, at) => anyCaseOf(character, at === needle.length - 1)));

/** Needles as one flag-free pattern, compiled once: one scan of the text instead of lower-casing it per test. */
const anyCasePattern = (needles: readonly string[]): RegExp => new RegExp(anyCaseSpecs(needles).map(specPattern).join('|'));

const requestCheckPattern = anyCasePattern(requestCheckNeedles);

/** `requestCheckPattern`'s needles as needle specs, for a matcher over a file's bytes. */
export const requestCheckNeedleSpecs: readonly NeedleSpec[] = anyCaseSpecs(requestCheckNeedles);
const identityEndpointPattern = anyCasePattern([identityEndpointNeedle]);

/**
 * The cheap test before parsing for the request rules (report limits, OAuth usage): false means the
 * file names neither a reporting/identity endpoint nor an OAuth parameter or a client secret.
 * Case-insensitive (paths match case-insensitively; `clientSecret`, `CLIENT_SECRET`).
 */
export function mightContainRequestCheckTarget(sourceText: string): boolean {
  return requestCheckPattern.test(sourceText);
}

/**
 * Whether the text may name the identity provider's authorize or token endpoint (`sts/connect`, any
 * case): without it (and without a resolver bringing a URL in from another file) a file has no
 * request for the OAuth checks to look at.
 */
export function mightNameIdentityEndpoint(sourceText: string): boolean {
  return identityEndpointPattern.test(sourceText);
}
