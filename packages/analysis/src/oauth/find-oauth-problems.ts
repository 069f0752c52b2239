import { identityProvider, mightNameIdentityEndpoint, type Endpoint } from '@sunset/rule-data';
import { argumentAt, calleeOf, memberCallee, memberPropertyName, propertyKeyName, propertyValueOf, rangeOf, staticString, unwrap, type Node } from '../ast/nodes.js';
import type { FileIndex, RequestSite } from '../file-index/file-index.js';
import type { Binding } from '../file-index/scope-model.js';
import { jsonStringifyArgument } from '../requests/request-parts.js';
import { constantValueOf, evaluateExpression, objectLiteralOf, type EvaluationContext } from '../url/evaluate.js';
import { endpointTargetOf, hostsOfOtherApis, isOnHost } from '../url/match.js';
import type { Segment } from '../url/segments.js';
import {
  emptyParamSet,
  leadingTextOf,
  mergeParams,
  paramSourceOf,
  paramsOfObject,
  paramsOfQuery,
  staticValueOf,
  staticWordsOf,
  writesThrough,
  type ParamSet,
  type ParamValue,
} from './params.js';

export type OAuthProblemKind =
  | 'redirect-uri-not-https'
  | 'missing-state'
  | 'missing-nonce'
  | 'offline-access-without-code-flow'
  | 'client-secret-literal'
  | 'basic-credential-literal'
  | 'client-secret-in-implicit-flow'
  | 'token-request-json-body'
  | 'token-request-secret-in-url';

export interface OAuthProblem {
  readonly kind: OAuthProblemKind;
  /** The identity endpoint the request goes to; undefined for a secret written outside a request. */
  readonly endpoint: Endpoint | undefined;
  readonly range: readonly [number, number];
  /**
   * What the code states: the scheme of a redirect_uri (`http`), the response_type (`token`) or
   * grant_type (`client_credentials`) that rules out offline_access, the response_type needing a nonce,
   * the way a JSON body is sent (`JSON.stringify`, `json option`, `Content-Type: application/json`, `plain object`),
   * the part of the URL a token request's client_secret is put in (`query string`, `params option`, `searchParams`).
   */
  readonly detail?: string;
}

interface IdentityRequest {
  readonly endpoint: Endpoint;
  readonly node: Node;
  readonly params: ParamSet;
}

const { params: names } = identityProvider;
const authorizeParamNames = [names.clientId, names.responseType, names.redirectUri, names.scope];
const secretName = /^(?:[a-z0-9]+_)*client_?secret$/i;
/** `secretName`, after the length test its shortest match (`clientsecret`) allows: most names in a file are shorter. */
const isSecretName = (name: string): boolean => name.length >= 12 && secretName.test(name);
const secretQueryName = `${names.clientSecret}=`;
const secretInQuery = new RegExp(`(?:^|[?&])${secretQueryName}([^&#]*)`, 'g');

const problemAt = (kind: OAuthProblemKind, endpoint: Endpoint | undefined, node: Node, detail?: string): OAuthProblem => ({
  kind,
  endpoint,
  range: rangeOf(node),
  ...(detail === undefined ? {} : { detail }),
});

/** The static value of the only occurrence of a parameter; undefined when absent, repeated or partly unknown. */
function onlyStaticValue(params: ParamSet, name: string): string | undefined {
  const values = params.params.get(name);
  return values?.length === 1 ? staticValueOf(values[0]!) : undefined;
}

const words = (text: string): string[] => text.split(/\s+/).filter((word) => word !== '');

/** Adds the nodes the segments were written in to `into`, except `except` (a loop, not a list per string: it runs for every string of a file). */
function addContainers(segments: readonly Segment[], into: Set<Node>, except?: Node): void {
  for (const { container } of segments) if (container && container !== except) into.add(container);
}

/** The options of HTTP clients that hold the URL's query parameters: axios `params`, got and ky `searchParams`, `query`, `qs`. */
const queryOptionKeys = ['params', 'searchParams', 'query', 'qs'] as const;

/** `{ params: {...} }` (axios), `{ searchParams: {...} }` (got, ky), `{ query | qs: {...} }`, or the object itself when it holds authorization parameters. */
function paramsOfOptions(node: Node, context: EvaluationContext): ParamSet | undefined {
  const object = objectLiteralOf(node, context);
  if (!object) return undefined;
  for (const key of queryOptionKeys) {
    const value = propertyValueOf(object, key);
    if (!value) continue;
    const inner = objectLiteralOf(value, context);
    if (inner) return paramsOfObject(inner, context);
    const source = paramSourceOf(value, context);
    if (source) return source;
    const set = emptyParamSet();
    set.complete = false;
    return set;
  }
  return authorizeParamNames.some((name) => propertyValueOf(object, name) !== undefined) ? paramsOfObject(object, context) : undefined;
}

/** The parameters of a token request body: a form object, URLSearchParams, a query-string text, or JSON.stringify's argument. */
function paramsOfBody(body: Node, context: EvaluationContext): ParamSet {
  const inner = jsonStringifyArgument(writtenValueOf(body, context)) ?? body;
  const source = paramSourceOf(inner, context);
  if (source) return source;
  const object = objectLiteralOf(inner, context);
  if (object) return paramsOfObject(object, context);
  const text = evaluateExpression(inner, undefined, context);
  if (text?.some((segment) => segment.kind === 'text' && segment.value.includes('='))) return paramsOfQuery(text, context, inner);
  const unknown = emptyParamSet();
  unknown.complete = false;
  return unknown;
}

const isFormContentType = (text: string | undefined): boolean => text?.toLowerCase().startsWith(identityProvider.tokenContentType) === true;

/** A body as written, or the value of the constant it names (`const payload = JSON.stringify(…)`, then `{ body: payload }` or `{ body }`). */
function writtenValueOf(node: Node, context: EvaluationContext): Node {
  let value = unwrap(node);
  for (let hops = 0; hops < 4 && value.type === 'Identifier'; hops += 1) {
    const init = constantValueOf(context.scope.resolve(value));
    if (!init) break;
    value = unwrap(init);
  }
  return value;
}

/** How a token request sends JSON, if it does: its report node (the body as the request names it) and a short description. */
function jsonBodyOf(parts: RequestSite, context: EvaluationContext): { node: Node; detail: string } | undefined {
  const contentType = parts.contentType ? staticString(parts.contentType) : undefined;
  if (parts.body && jsonStringifyArgument(writtenValueOf(parts.body, context))) return { node: parts.body, detail: 'JSON.stringify' };
  if (parts.body && parts.bodyKind === 'json-option') return { node: parts.body, detail: 'json option' };
  if (parts.contentType && contentType !== undefined && /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType)) {
    return { node: parts.contentType, detail: `Content-Type: ${contentType}` };
  }
  return undefined;
}

function plainObjectBody(parts: RequestSite, context: EvaluationContext): Node | undefined {
  if (!parts.body || parts.bodyKind !== 'object-as-json') return undefined;
  const contentType = parts.contentType ? staticString(parts.contentType) : undefined;
  if (isFormContentType(contentType)) return undefined;
  return unwrap(parts.body).type === 'ObjectExpression' || objectLiteralOf(parts.body, context) ? parts.body : undefined;
}

/** The binding a `const x = <node>` declaration gives the node, if any. */
function declaredBindingOf(node: Node, context: EvaluationContext): Binding | undefined {
  let current = node;
  let parent = context.scope.parentOf(current);
  while (parent && unwrap(parent) === node) {
    current = parent;
    parent = context.scope.parentOf(current);
  }
  if (parent?.type !== 'VariableDeclarator' || parent.init !== current) return undefined;
  return parent.id.type === 'Identifier' ? context.scope.resolve(parent.id) : undefined;
}

/** `url.searchParams` → `url` (for `url.searchParams.set(...)` on a `new URL(...)` binding). */
const searchParamsOwner = (receiver: Node): Node | undefined =>
  receiver.type === 'MemberExpression' && memberPropertyName(receiver) === 'searchParams' ? unwrap(receiver.object) : undefined;

/**
 * The parameters a token request puts in its URL, each with where: its query string, a client's
 * query option (`{ params: { client_secret } }`), or `url.searchParams.set(...)` on the `new URL(...)`
 * it requests. The token endpoint takes them in the form body (or the secret in a Basic header).
 */
function urlParamsOfTokenRequest(site: RequestSite, query: readonly Segment[], context: EvaluationContext): { readonly params: ParamSet; readonly where: string }[] {
  const found = [{ params: paramsOfQuery(query, context, site.urlNode), where: 'query string' }];
  for (const key of site.config ? queryOptionKeys : []) {
    const value = propertyValueOf(site.config!, key);
    const object = value ? objectLiteralOf(value, context) : undefined;
    const params = object ? paramsOfObject(object, context) : value ? paramSourceOf(value, context) : undefined;
    if (params) found.push({ params, where: `${key} option` });
  }
  const url = unwrap(site.urlNode);
  const binding = url.type === 'Identifier' ? context.scope.resolve(url) : undefined;
  const init = constantValueOf(binding);
  if (binding && init?.type === 'NewExpression') {
    const callee = calleeOf(init);
    if (callee.type === 'Identifier' && callee.name === 'URL' && context.scope.resolve(callee) === undefined) {
      found.push({ params: writesThrough(binding, context, searchParamsOwner), where: 'searchParams' });
    }
  }
  return found;
}

/** Every request to the identity provider the file builds: HTTP calls, `new URL(...)`, URL strings, helpers given an authorize URL and params. */
function collectRequests(index: FileIndex, hosts: readonly string[] | undefined, context: EvaluationContext, problems: OAuthProblem[]): IdentityRequest[] {
  const claimed = hostsOfOtherApis(index.options.catalog);
  const requests: IdentityRequest[] = [];
  const consumed = new Set<Node>(index.serverRoutePaths);
  const { authorize, token } = identityProvider;
  const sites = new Map(index.requests.map((site) => [site.call as Node, site]));

  for (const call of index.scope.calls) {
    const site = sites.get(call);
    if (site) {
      const tokenTarget = endpointTargetOf(site.url, token.path);
      const authorizeTarget = tokenTarget ? undefined : endpointTargetOf(site.url, authorize.path);
      if (!tokenTarget && !authorizeTarget) continue;
      addContainers(site.url, consumed);
      if (!isOnHost(site.url, hosts, claimed)) continue;
      if (tokenTarget) {
        // Whatever the method: a client_secret in a URL is kept by every server, proxy and browser history it passes.
        for (const { params, where } of urlParamsOfTokenRequest(site, tokenTarget.query, context)) {
          for (const secret of params.params.get(names.clientSecret) ?? []) problems.push(problemAt('token-request-secret-in-url', token, secret.node, where));
        }
        if (site.method.method !== undefined && site.method.method !== 'POST') continue;
        const plain = jsonBodyOf(site, context) ? undefined : plainObjectBody(site, context);
        const json = jsonBodyOf(site, context) ?? (plain ? { node: plain, detail: 'plain object' } : undefined);
        if (json) problems.push(problemAt('token-request-json-body', token, json.node, json.detail));
        const params = site.body ? paramsOfBody(site.body, context) : paramsOfQuery(tokenTarget.query, context, site.urlNode);
        requests.push({ endpoint: token, node: site.urlNode, params });
      } else if (authorizeTarget) {
        const params = paramsOfQuery(authorizeTarget.query, context, site.urlNode);
        const extra = site.config ? paramsOfOptions(site.config, context) : undefined;
        if (extra) mergeParams(params, extra);
        requests.push({ endpoint: authorize, node: site.urlNode, params });
      }
      continue;
    }
    if (call.type === 'NewExpression') {
      const callee = calleeOf(call);
      if (callee.type !== 'Identifier' || callee.name !== 'URL') continue;
      const url = evaluateExpression(call, undefined, context);
      const target = url ? endpointTargetOf(url, authorize.path) : undefined;
      if (!url || !target) continue;
      addContainers(url, consumed);
      if (!isOnHost(url, hosts, claimed)) continue;
      const params = paramsOfQuery(target.query, context, call);
      const binding = declaredBindingOf(call, context);
      if (binding) mergeParams(params, writesThrough(binding, context, searchParamsOwner));
      requests.push({ endpoint: authorize, node: call, params });
      continue;
    }
    // A helper given the authorization URL and an object of parameters: `buildUrl(AUTHORIZE_URL, { ... })`.
    // Its parameters come from another argument, an object: without one no argument is evaluated.
    if (call.arguments.length < 2 || !call.arguments.some((argument) => objectLiteralOf(unwrap(argument), context) !== undefined)) continue;
    const args = call.arguments.map(unwrap);
    for (const argument of args) {
      const url = evaluateExpression(argument, undefined, context);
      const target = url ? endpointTargetOf(url, authorize.path) : undefined;
      if (!url || !target) continue;
      const extras = args.filter((other) => other !== argument).flatMap((other) => paramsOfOptions(other, context) ?? []);
      if (extras.length === 0) continue;
      addContainers(url, consumed);
      if (!isOnHost(url, hosts, claimed)) break;
      const params = paramsOfQuery(target.query, context, argument);
      for (const extra of extras) mergeParams(params, extra);
      requests.push({ endpoint: authorize, node: argument, params });
      break;
    }
  }

  for (const { node, segments } of index.strings) if (segments) addContainers(segments, consumed, node);
  for (const { node, segments } of index.strings) {
    if (!segments || consumed.has(node)) continue;
    const target = endpointTargetOf(segments, authorize.path);
    if (!target || !isOnHost(segments, hosts, claimed)) continue;
    requests.push({ endpoint: authorize, node, params: paramsOfQuery(target.query, context, node) });
  }
  return requests;
}

function schemeOf(value: ParamValue): string | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(leadingTextOf(value).trim());
  return scheme ? scheme[1]!.toLowerCase() : undefined;
}

function checkRequest(request: IdentityRequest, problems: OAuthProblem[]): boolean {
  const { params, endpoint } = request;
  for (const redirect of params.params.get(names.redirectUri) ?? []) {
    const scheme = schemeOf(redirect);
    if (scheme !== undefined && scheme !== identityProvider.redirectUriScheme) problems.push(problemAt('redirect-uri-not-https', endpoint, redirect.node, scheme));
  }
  if (endpoint === identityProvider.token) {
    const grant = onlyStaticValue(params, names.grantType);
    if (grant === 'client_credentials') {
      for (const scope of params.params.get(names.scope) ?? []) {
        if (staticWordsOf(scope).includes(identityProvider.offlineAccessScope)) problems.push(problemAt('offline-access-without-code-flow', endpoint, scope.node, `grant_type=${grant}`));
      }
    }
    return false;
  }
  if (!authorizeParamNames.some((name) => params.params.has(name))) return false;
  const responseType = onlyStaticValue(params, names.responseType);
  const responseWords = responseType === undefined ? undefined : words(responseType);
  if (params.complete && !params.params.has(names.state)) problems.push(problemAt('missing-state', endpoint, request.node));
  if (params.complete && responseWords?.includes(identityProvider.nonceRequiredFor) && !params.params.has(names.nonce)) {
    problems.push(problemAt('missing-nonce', endpoint, request.node, responseType));
  }
  if (responseType !== undefined && responseType !== identityProvider.authorizationCodeResponseType) {
    for (const scope of params.params.get(names.scope) ?? []) {
      if (staticWordsOf(scope).includes(identityProvider.offlineAccessScope)) {
        problems.push(problemAt('offline-access-without-code-flow', endpoint, scope.node, `response_type=${responseType}`));
      }
    }
  }
  return responseWords !== undefined && !responseWords.includes(identityProvider.authorizationCodeResponseType);
}

interface SecretSite {
  readonly node: Node;
  readonly literal: boolean;
}

/** Words that make a value a stand-in (`your_client_secret_here`, `sample_client_secret`), as whole words between `_`, `-`, `.` or case. */
const placeholderWord = /(?:^|[^a-z])(?:your|example|placeholder|changeme|change_me|replace_?me|dummy|fake|sample|redacted|here)(?:[^a-z]|$)/i;

/**
 * A value that is evidently no credential: one character (`'s'`), a secret's own name (a field-name map,
 * `clientSecret: 'client_secret'`, or `'secret'`), a placeholder written as one (`<CLIENT_SECRET>`,
 * `{{secret}}`, `${SECRET}` in a plain string, `%SECRET%`, `[secret]`), words with spaces, a run of one
 * mark (`xxxxxxxx`, `********`), letters-only words with `secret` among them (`my-client-secret`), or a
 * stand-in's words (`your_client_secret_here`, `sample…`, `example…`). Also any of these form-encoded,
 * as OAuth encodes a client's credentials before Basic (`the+client+secret`, `I%27m+the_client-id%21`),
 * where the spaces it decodes to must part words (`kq8J+x2vN5r` is a secret with a `+`).
 */
export function isPlaceholderSecret(value: string): boolean {
  const text = value.trim();
  if (isStandIn(text, hasSpace)) return true;
  const decoded = formDecoded(text)?.trim();
  return decoded !== undefined && isStandIn(decoded, readsAsWords);
}

function isStandIn(text: string, spaced: (text: string) => boolean): boolean {
  if (text.length <= 1 || secretName.test(text)) return true;
  if (/^(?:<+.*>+|\{\{.*\}\}|\$\{.*\}|%.*%|\[.*\])$/s.test(text) || spaced(text)) return true;
  if (/^([xX*.#?-])\1+$/.test(text)) return true;
  // Letters-only words joined by `-` or `_`, one of them `secret`: a name spelt as a value (`my-client-secret`).
  if (/^[a-z]+(?:[-_][a-z]+)*$/i.test(text) && /(?:^|[-_])secret(?:[-_]|$)/i.test(text)) return true;
  return placeholderWord.test(text.replace(/([a-z])([A-Z])/g, '$1_$2'));
}

const hasSpace = (text: string): boolean => /\s/.test(text);

/**
 * A word as prose writes it: letters in one case or capitalised, joined by `'`, `-` or `_`, in brackets
 * or before marks (`I'm`, `the_client-id!`, `(symbols*)`); or a lone `&`, `+` or `-`.
 */
const proseWord = /^\(?(?:\p{Ll}+|\p{Lu}\p{Ll}*|\p{Lu}+)(?:['_-](?:\p{Ll}+|\p{Lu}\p{Ll}*|\p{Lu}+))*[)!?.,:;*]*$|^[&+-]$/u;

/** Words with spaces between them, each a word as prose writes it (no digit, no case changing inside). */
const readsAsWords = (text: string): boolean => hasSpace(text) && text.split(/\s+/).every((word) => proseWord.test(word));

/**
 * The text a form-encoded value stands for (`+` a space, `%XX` its byte), where it is written so;
 * undefined for a value with neither, or one that does not decode (`100%`, a lone `%E2`).
 */
function formDecoded(value: string): string | undefined {
  if (!/\+|%[0-9a-f]{2}/i.test(value)) return undefined;
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** A value that writes out a credential: not blank and no placeholder (`isPlaceholderSecret`). */
const isCredentialText = (value: string): boolean => value.trim() !== '' && !isPlaceholderSecret(value);

/** A Basic credential written out: `Basic <base64 of id:secret>`. */
function isBasicCredential(node: Node): boolean {
  const text = staticString(node);
  const encoded = text === undefined ? undefined : /^Basic\s+([A-Za-z0-9+/]+={0,2})$/.exec(text.trim())?.[1];
  if (encoded === undefined) return false;
  const credentials = /^([^:\s]+):(\S+)$/.exec(Buffer.from(encoded, 'base64').toString('utf8'));
  // A secret of words with spaces is a stand-in: also form-encoded (`the+client+id:the+client+secret`).
  // The secret decides: `the+client+id:kq8J+x2vN5r…` writes out a real one beside a stand-in id.
  return credentials !== null && !readsAsWords(formDecoded(credentials[2]!)?.trim() ?? '');
}

/** Where the file names a client secret (a key, variable, field, header or query parameter) and whether the value is written out. */
function findSecretSites(index: FileIndex): { secrets: SecretSite[]; basics: Node[] } {
  const secrets: SecretSite[] = [];
  const basics: Node[] = [];
  const named = (name: string | undefined, value: Node | null | undefined): void => {
    if (name === undefined || !value || !isSecretName(name)) return;
    const unwrapped = unwrap(value);
    secrets.push({ node: unwrapped, literal: isCredentialText(staticString(unwrapped) ?? '') });
  };
  const header = (name: string | undefined, value: Node | null | undefined): void => {
    if (name !== undefined && value && /^authorization$/i.test(name) && isBasicCredential(value)) basics.push(unwrap(value));
  };
  for (const node of index.scope.namedValues) {
    switch (node.type) {
      case 'Property':
      case 'PropertyDefinition': {
        const name = propertyKeyName(node);
        named(name, node.value);
        header(name, node.value);
        break;
      }
      case 'VariableDeclarator':
        named(node.id.type === 'Identifier' ? node.id.name : undefined, node.init);
        break;
      case 'AssignmentExpression':
      case 'AssignmentPattern': {
        const target = unwrap(node.left);
        named(target.type === 'MemberExpression' ? memberPropertyName(target) : target.type === 'Identifier' ? target.name : undefined, node.right);
        break;
      }
    }
  }
  for (const member of index.scope.members) {
    const name = memberPropertyName(member);
    if (name === undefined || !isSecretName(name)) continue;
    const parent = index.scope.parentOf(member);
    const assigned = parent?.type === 'AssignmentExpression' && parent.left === member;
    if (!assigned) secrets.push({ node: member, literal: false });
  }
  for (const call of index.scope.calls) {
    const callee = memberCallee(call);
    const verb = callee ? memberPropertyName(callee) : undefined;
    if (call.type !== 'CallExpression' || (verb !== 'set' && verb !== 'append' && verb !== 'setRequestHeader' && verb !== 'setHeader')) continue;
    const key = argumentAt(call, 0);
    const name = key ? staticString(key) : undefined;
    named(name, argumentAt(call, 1));
    header(name, argumentAt(call, 1));
  }
  for (const { node: root, segments = [] } of index.strings) {
    for (let at = 0; at < segments.length; at += 1) {
      const segment = segments[at]!;
      // `secretInQuery` needs the parameter's name: most strings are left without running it.
      if (segment.kind !== 'text' || segment.container !== root || !segment.value.includes(secretQueryName)) continue;
      for (const found of segment.value.matchAll(secretInQuery)) {
        const value = found[1] ?? '';
        const endsAtHole = found.index + found[0].length === segment.value.length && segments[at + 1]?.kind === 'hole';
        secrets.push({ node: segment.literal ?? root, literal: isCredentialText(value) && !endsAtHole });
      }
    }
  }
  return { secrets, basics };
}

/**
 * Unsafe or invalid use of the identity provider (`/sts/connect/authorize`, `/sts/connect/token`):
 * a redirect_uri that is not https, an authorization request without `state` (or without `nonce`
 * when it asks for an id_token), `offline_access` outside the authorization code flow, client
 * secrets written in source or present in code that runs the implicit flow, and token requests that
 * send JSON instead of a form body or put the client_secret in the URL. Only statically known values are judged. With `hosts`, URLs
 * naming another host (another OAuth provider) are not checked; relative URLs and unknown bases still are.
 */
export function findOAuthProblems(index: FileIndex, hosts: readonly string[] | undefined): OAuthProblem[] {
  const problems: OAuthProblem[] = [];
  // Requests to the identity provider are looked for only where its path may be, as the prefilter would
  // if it were the file's only needle: a line that interests another rule changes nothing here.
  const mayRequest = index.options.resolveIdentifier !== undefined || mightNameIdentityEndpoint(index.file.text);
  const requests = mayRequest ? collectRequests(index, hosts, index.evaluation(), problems) : [];
  let implicitFlow = false;
  for (const request of requests) if (checkRequest(request, problems)) implicitFlow = true;

  const { secrets, basics } = findSecretSites(index);
  for (const basic of basics) problems.push(problemAt('basic-credential-literal', undefined, basic));
  for (const secret of secrets) {
    if (secret.literal) problems.push(problemAt('client-secret-literal', undefined, secret.node));
    else if (implicitFlow) problems.push(problemAt('client-secret-in-implicit-flow', identityProvider.authorize, secret.node));
  }

  const seen = new Set<string>();
  const literalSecretAt = new Set(problems.filter((problem) => problem.kind === 'client-secret-literal').map((problem) => `${problem.range[0]}:${problem.range[1]}`));
  return problems
    .filter((problem) => {
      const where = `${problem.range[0]}:${problem.range[1]}`;
      if (problem.kind === 'client-secret-in-implicit-flow' && literalSecretAt.has(where)) return false;
      const key = `${problem.kind}@${where}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1] || a.kind.localeCompare(b.kind));
}
