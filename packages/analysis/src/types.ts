import type { Endpoint, HttpMethod, Migration, Phase, RetirementEntry, RuleName, UrlPart } from '@sunset/rule-data';
import type { CheckOptions } from '@sunset/config';
import type { TSESTree } from '@typescript-eslint/types';

export type { RuleName } from '@sunset/rule-data';

/** A replacement of the source text between two offsets (`[start, end)`, 0-based UTF-16). */
export interface TextEdit {
  readonly range: readonly [number, number];
  readonly text: string;
}

/** Another place of the same problem (SARIF `relatedLocations`), e.g. the SOAPAction header of a SOAP request. */
export interface RelatedLocation {
  readonly range: readonly [number, number];
  readonly message: string;
}

export interface Suggestion {
  readonly messageId: string;
  readonly data: Readonly<Record<string, string>>;
  readonly message: string;
  readonly edits: readonly TextEdit[];
}

/** How the call was written; used in reports and to choose edits. */
export type CallForm =
  | 'fetch'
  | 'axios'
  | 'got'
  | 'ky'
  | 'superagent'
  | 'undici'
  /** The `request` package (`request(options)`, `request.patch(url)`, `request.defaults({ baseUrl })`). */
  | 'request'
  /** `needle.patch(url, data)`, `needle('patch', url, data)`. */
  | 'needle'
  /** Node's `http`/`https` modules: `https.request({ hostname, path, method })`, `https.get(url)`. */
  | 'node-http'
  | 'angular-http'
  /** `.get/.post/.put/.patch/.delete(url)` (or `.request(method, url)`) on a receiver the file does not identify. */
  | 'http-client'
  | 'jquery'
  | 'xhr'
  /** ofetch: Nuxt's `$fetch`, `useFetch` and `useLazyFetch`, `ofetch`, and instances of their `create({ baseURL })`. */
  | 'ofetch'
  /** VueUse's `useFetch(url).post(body)`, also made by its `createFetch({ baseUrl })`. */
  | 'vueuse-fetch'
  /** An endpoint of Redux Toolkit Query's `createApi` (`builder.query({ query: () => url })`). */
  | 'rtk-query'
  /** A verb of an openapi-fetch client (`client.PATCH(path, { body })`). */
  | 'openapi-fetch'
  /** An SWR hook's key, the URL its fetcher is given (`useSWR('/v1/x', fetcher)`). */
  | 'swr'
  | 'url-string'
  | 'soap-client'
  | 'soap-envelope'
  | 'soap-action'
  | 'wcf-url';

/** What a retirement finding knows beyond its message (absent for request/OAuth/todo-marker rules). */
export interface RetirementFacts {
  readonly entry: RetirementEntry;
  /** The retired key as the spec writes it, method left out when the code does not say it. */
  readonly retiredKey: string;
  readonly method: HttpMethod | undefined;
  readonly replacements: readonly Endpoint[];
  readonly phase: Phase;
  /** `rewrite` only when `fix` is present. */
  readonly migration: Migration;
  readonly form: CallForm;
  /** `TODO(sunset:<id>): ...` */
  readonly todoText: string;
  /** Where a TODO comment goes: the start of the enclosing statement or class member. */
  readonly statementStart: number;
  /** Why a one-to-one entry became a todo here. */
  readonly todoCause?: string;
  /** Edits towards each candidate endpoint whose parameters are all bound here. */
  readonly candidates: readonly { readonly replacement: Endpoint; readonly edits: readonly TextEdit[] }[];
  /** The retired methods of the path, when the code does not say which one it uses and there are several. */
  readonly methods?: readonly HttpMethod[];
  /** With `methods`: every entry the request may be, one per method in that order (`entry` first). */
  readonly entries?: readonly RetirementEntry[];
  /** The paths the code chooses among at run time (`permitted[index]`), retired or not, when it does. */
  readonly chosenAmong?: readonly string[];
  /** The URL goes on right after the path with a value the code does not show (`/v1/campaigns${suffix}`): the end of the path is not known. */
  readonly pathEndUnknown?: true;
  /** The host the request names (lower case, with port); absent when the code does not show it. */
  readonly host?: string | undefined;
  /** Where the name that brought the request's client from another file is written (its cross-file related place). */
  readonly clientVia?: readonly [number, number];
  /**
   * A rewrite only: the values of the old URL that the new path does not take, as the code writes them
   * (`${campaignId}` of `/v1/campaigns/${campaignId}/orders/${orderId}` → `/v1/buyer/orders/${orderId}`).
   * The request no longer sends them, and a variable read only there is now unused.
   */
  readonly droppedValues?: readonly string[];
}

export interface Finding {
  readonly rule: RuleName;
  /** A key of `ruleMessages[rule]`. */
  readonly messageId: string;
  readonly data: Readonly<Record<string, string>>;
  /** `interpolate(ruleMessages[rule][messageId], data)` */
  readonly message: string;
  readonly range: readonly [number, number];
  /** The autofix (ESLint `fix`, the codemod's rewrite). */
  readonly fix?: readonly TextEdit[];
  readonly suggestions: readonly Suggestion[];
  readonly related: readonly RelatedLocation[];
  readonly retirement?: RetirementFacts;
}

/**
 * Redux Toolkit Query's values with a base, as a client another file takes: an API (what `createApi`
 * returns, which other files inject endpoints into) and a base query (`fetchBaseQuery(…)`, or a
 * function over one, which other files give `createApi` as its `baseQuery`). Neither is called as a
 * client's verbs are: only the RTK Query reading of a file asks for them.
 */
export type RtkQueryValueKind = 'rtk-api' | 'rtk-base-query';

/**
 * An HTTP client as plain data, for a client that lives in another file: what library it is (or a
 * `wrapper`, a class of the project whose methods make requests; or an RTK Query value,
 * `RtkQueryValueKind`), the base it joins paths to, and the hosts a wrapper's requests go to when its
 * base is not one string.
 */
export interface ClientValue {
  readonly kind: 'fetch' | 'axios' | 'got' | 'ky' | 'superagent' | 'undici' | 'undici-request' | 'undici-dispatcher' | 'request' | 'easy-soap-request' | 'needle' | 'node-http' | 'node-http-request' | 'node-http-get' | 'angular-http' | 'angular-resource' | 'ofetch' | 'vueuse-fetch' | 'jquery' | 'xhr' | 'wrapper' | 'openapi-fetch' | RtkQueryValueKind;
  readonly base?: readonly UrlPart[];
  readonly hosts?: readonly string[];
}

/**
 * What the client hook is asked about a name: the client an imported (or required) name is (`value`,
 * the default), the one a call of it returns (`returned`), or the client a member of that name holds
 * (`member`: `http.adform` of a namespace import, a getter `this.http`), which only a type checker can answer.
 */
export type ClientQuery = 'value' | 'returned' | 'member';

/** Options every check reads, validated and defaulted by @sunset/config (`analysisOptionsOf`), plus the cross-file hooks. */
export interface AnalysisOptions extends CheckOptions {
  /** Cross-file hook (the module graph, type-aware ESLint, project mode): the URL parts of an imported identifier/member. */
  readonly resolveIdentifier?: (node: TSESTree.Node) => readonly UrlPart[] | undefined;
  /**
   * Cross-file hook: the HTTP client an identifier stands for where the file does not show it: an
   * imported name (or a relative `require`), an imported class (`new ApiClient()`: the wrapper its
   * instances are), a member's name (`http.adform` of a namespace import, a getter `this.http`); with
   * `'returned'`, the client a call of it returns (the callee's name of `createClient()`, a factory).
   */
  readonly resolveClient?: (node: TSESTree.Identifier, what?: ClientQuery) => ClientValue | undefined;
}

export interface SourceComment {
  readonly type: 'Line' | 'Block';
  /** The text without `//`, `/*` and `*\/`. */
  readonly value: string;
  readonly range: readonly [number, number];
}

/** One parsed file: its TS-ESTree Program (ranges in UTF-16 offsets), its text and its comments. */
export interface SourceFile {
  readonly program: TSESTree.Program;
  readonly text: string;
  readonly comments: readonly SourceComment[];
}

/** With a cross-file hook, a retired path may come from another file: every file is a candidate. */
export function hasCrossFileHook(options: Pick<AnalysisOptions, 'resolveIdentifier' | 'resolveClient'>): boolean {
  return options.resolveIdentifier !== undefined || options.resolveClient !== undefined;
}
