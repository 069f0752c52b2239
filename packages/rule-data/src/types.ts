/** An HTTP method as the spec writes it. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The three families of retired interfaces; each has its own ESLint rule. */
export type Family = 'soap' | 'rest' | 'reporting';

/** Where an entry stands on a given day. */
export type Phase = 'scheduled' | 'deprecated' | 'retired';

/** `rewrite`: one-to-one, every new path parameter is bound from the old call. `todo`: a human must decide. */
export type Migration = 'rewrite' | 'todo';

/** A day in UTC, written `YYYY-MM-DD`. */
export type IsoDay = string;

export interface Endpoint {
  readonly method: HttpMethod;
  /** Path template with `{param}` segments, e.g. `/v1/buyer/orders/{orderId}`. */
  readonly path: string;
}

export interface Schedule {
  /** General availability ends on this day (the entry is `deprecated` from it). */
  readonly gaEnds: IsoDay;
  /** Support ends on this day (the entry is `retired` from it). */
  readonly supportEnds: IsoDay;
}

/**
 * An API the entries belong to, and where its paths begin in a URL: right after one of its hosts
 * (or a base the code does not show), then one of its base paths. Hosts decide only where the code
 * names one; a URL whose host is not known still counts.
 */
export interface Api {
  /** `builtin` for the spec's API; an id of the user's (`apis` in the config) otherwise. */
  readonly id: string;
  readonly name: string;
  /** `host`, `host:port`, `*.domain`, or `*` for every host. */
  readonly hosts: readonly string[];
  /**
   * The server paths the entries' paths are written below (`/v1` of `https://api.example.com/v1`;
   * `''` for the root). Undefined: any static base path may stand before them (the built-in API,
   * whose `{base_url}` the spec leaves open).
   */
  readonly basePaths: readonly string[] | undefined;
}

interface EntryBase {
  /** Stable id: messages, docs anchors, `TODO(sunset:<id>)` markers and SARIF rule ids use it. */
  readonly id: string;
  /** The id of the API the entry belongs to (`builtin` for the spec's entries). */
  readonly api: string;
  readonly family: Family;
  /** The retired key exactly as the spec writes it: `GetCampaignsAsJson`, `GET /v1/campaigns/{id}`. */
  readonly retiredKey: string;
  /** The retiring service as the spec names it, e.g. `Campaigns legacy API`. */
  readonly service: string;
  /** The replacement API(s) as the spec names them, e.g. `Campaigns API`; empty when none is named. */
  readonly replacementApis: readonly string[];
  readonly schedule: Schedule;
  /** Replacement endpoints; empty when the spec gives none (`GetCampaignCategories`). */
  readonly replacements: readonly Endpoint[];
  readonly migration: Migration;
  /** Why a human must decide; present exactly when `migration` is `todo`. */
  readonly todoReason?: string;
  /** `builtin` for the spec's entries, `custom` for user-defined ones. */
  readonly origin: 'builtin' | 'custom';
}

/** A retired REST path (legacy REST API or synchronous reporting). */
export interface PathEntry extends EntryBase {
  readonly kind: 'path';
  /** The retired method; `*` for a prefix entry: every method is retired. */
  readonly method: HttpMethod | '*';
  /** Path template, e.g. `/v1/campaigns/{campaignId}/orders/{orderId}`. */
  readonly path: string;
  /**
   * `prefix`: the whole API under `path` is retired (`/v1/reportingstats/agency/…`, any method). A
   * call that also matches an exact entry is that entry's finding; the prefix entry covers the rest.
   */
  readonly scope?: 'prefix';
  /**
   * Other methods of the same path that stay available (from an imported description). A request
   * whose method cannot be read is then not reported as this entry: it may be a live call.
   */
  readonly liveMethods?: readonly HttpMethod[];
  /**
   * More specific paths the entry's API serves as other operations (`/orgs/{org}/actions/runner-groups`
   * beside a retired `/orgs/{org}/{product}/{action}`): a URL that is one of them is theirs, since
   * OpenAPI matches concrete paths before templated ones, and is not reported as this entry.
   */
  readonly shadowedBy?: readonly string[];
}

/** A retired SOAP/WCF operation (`GetCampaigns`, `AddAdvertiserLabelsAsJsonp`). */
export interface OperationEntry extends EntryBase {
  readonly kind: 'operation';
  readonly operation: string;
}

export type RetirementEntry = PathEntry | OperationEntry;

/** One piece of a URL as the code builds it: static text, or a value the analysis cannot know. */
export type UrlPart =
  | { readonly kind: 'text'; readonly value: string }
  /** `query`: a value known to be empty or to start a query or fragment (`` qs ? `?${qs}` : '' ``), not more of the path. */
  | { readonly kind: 'hole'; readonly query?: true };

/** A position inside a `UrlPart[]`: part index and character offset within a text part. */
export interface PartPosition {
  readonly part: number;
  readonly offset: number;
}

/** What a path parameter of a retired path was bound to in the code. */
export type ParamBinding =
  | { readonly kind: 'text'; readonly value: string }
  | { readonly kind: 'hole'; readonly part: number };

export interface UrlMatch {
  readonly entry: PathEntry;
  /** The method the code states, or undefined when it does not say. */
  readonly method: HttpMethod | undefined;
  /** Where the retired path starts (the `/` of `/v1/`) and ends (before `?`, `#`, a trailing `/` or the end). */
  readonly pathStart: PartPosition;
  readonly pathEnd: PartPosition;
  readonly params: Readonly<Record<string, ParamBinding>>;
  /** True when the site can be rewritten one-to-one: a `rewrite` entry and exactly one entry matched. */
  readonly oneToOne: boolean;
  /** The host (with port, lower case) the URL names before the path; undefined when it names none or the code does not show it. */
  readonly host: string | undefined;
  /** The scheme written before `host` (`https:`, lower case): the port of a host written without one. */
  readonly scheme?: string;
  /**
   * The static path written before the retired path (`/api` of `/api/v1/campaigns`) when the URL names no
   * host and its API declares no server paths (the built-in one): a proxy's prefix, or a route of the app's
   * own server (a BFF), which the code does not tell apart. Absent when nothing static stands there.
   */
  readonly prefix?: string;
  /**
   * The path is followed directly by a value the code does not show (`/v1/campaigns${suffix}`, no `?`, `#`
   * or `/` between): the URL may go on with more of the path, so this is only where it starts. Never
   * `oneToOne`.
   */
  readonly openEnd?: true;
}

export interface OperationMatch {
  readonly entry: OperationEntry;
  /** The name as it appeared (`GetCampaignsAsync` for a node-soap async variant). */
  readonly name: string;
  readonly asyncVariant: boolean;
}

/** Limits of one reporting workflow, from the spec's Limits part; `null` where the spec says unlimited, `undefined` where not shown. */
export interface ReportingLimits {
  readonly workflow: 'synchronous' | 'asynchronous';
  readonly endpoints: readonly Endpoint[];
  readonly dateRangeDaysBack: number;
  readonly maxDimensions: number | null;
  readonly maxMetrics: number | null;
  readonly maxRowsPerPage: number;
  readonly defaultRowsPerPage: number | undefined;
  /** `paging.limit: 0` requests an unlimited response. */
  readonly zeroLimitMeansUnlimited: boolean;
  readonly requiresDatePeriodFilter: true;
  readonly minMetrics: 1;
}

export interface Quota {
  readonly endpoint: Endpoint;
  readonly perSecond?: number;
  readonly perMinute?: number;
  readonly perDay?: number;
}
