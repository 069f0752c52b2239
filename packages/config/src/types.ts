import type { Api, Catalog, IsoDay, RuleName } from '@sunset/rule-data';

export const failOnValues = ['deprecated', 'retired'] as const;
/** `sunset check` fails on findings in this phase or later. */
export type FailOn = (typeof failOnValues)[number];

export const ruleLevels = ['off', 'warn', 'error'] as const;
export type RuleLevel = (typeof ruleLevels)[number];

/** One rule's setting, normalised from `"warn"` or `["error", { … }]`. */
export interface RuleSetting {
  readonly level: RuleLevel;
  /** ESLint-style rule options, as written; validated by the rule's options schema (`ruleOptionsMeta`). */
  readonly options: readonly unknown[];
}

/** Every option, validated, with defaults. */
export interface SunsetOptions {
  /** The day phases are computed for; default today (UTC). */
  readonly asOf: IsoDay;
  readonly failOn: FailOn;
  /** Hosts the user adds to the built-in API's (`api.adform.com`): `host`, `host:port`, `*.domain`, or `*` for every host. */
  readonly apiHosts: readonly string[] | undefined;
  readonly identityHosts: readonly string[] | undefined;
  /** gitignore-style patterns, relative to the folder of the config file. */
  readonly ignores: readonly string[];
  readonly reportScheduled: boolean;
  readonly scheduledWithinDays: number;
  /** Other vendors' APIs that custom entries belong to (their `api` field), with their hosts and base paths. */
  readonly apis: readonly Api[];
  /** The custom entries as written (validated by rule-data's `createCatalog`). */
  readonly customEntries: readonly unknown[];
  /** The built-in entries plus `customEntries`, and the APIs of both. */
  readonly catalog: Catalog;
  /** The baseline file as written (relative to the config file); undefined: the CLI's default. */
  readonly baseline: string | undefined;
  readonly rules: Readonly<Partial<Record<RuleName, RuleSetting>>>;
  /** ESLint only: resolve imported constants through the TypeScript checker. */
  readonly typeAware: boolean;
  /** `check` and `fix` skip (and list) files larger than this many bytes, unless named on the command line. */
  readonly maxFileSize: number;
  /** `check` and `fix` also read files that look minified (skipped and listed by default). */
  readonly checkMinified: boolean;
}

/** Names of the options a user writes; `catalog` is derived from `customEntries`. */
export type OptionName = Exclude<keyof SunsetOptions, 'catalog'>;

/** What one origin (a config file, ESLint settings, a flag) sets, validated: only the options it names. */
export type OptionsLayer = Partial<Pick<SunsetOptions, OptionName>>;

/** The options every check reads: structurally `AnalysisOptions` of `@sunset/analysis`. */
export interface CheckOptions {
  readonly asOf: IsoDay;
  readonly catalog: Catalog;
  /** The built-in API's hosts in force (the spec's and the user's); undefined: every host. */
  readonly apiHosts: readonly string[] | undefined;
  /** The identity provider's hosts in force (the spec's and the user's); undefined: every host. */
  readonly identityHosts: readonly string[] | undefined;
  readonly reportScheduled: boolean;
  readonly scheduledWithinDays: number;
}
