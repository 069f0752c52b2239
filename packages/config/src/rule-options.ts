import { ruleNames, type IsoDay, type RuleName } from '@sunset/rule-data';
import { Field, isPlainObject } from './field.js';
import { ruleLevels, type OptionsLayer, type RuleLevel, type RuleSetting } from './types.js';
import { booleanValue, dayValue, daysValue, hostsValue, type JsonSchema, type OptionValue } from './values.js';

/** Options of the three retirement rules; each overrides the setting of the same name, for that rule only. */
export interface RetirementRuleOptions {
  readonly asOf?: IsoDay;
  readonly apiHosts?: readonly string[];
  readonly reportScheduled?: boolean;
  readonly scheduledWithinDays?: number;
}

/** Options of `reporting-request-limits`: the request field names the rule assumes (the spec does not show them). */
export interface ReportingRequestLimitsOptions {
  /** A regular expression (case-insensitive) for the key of the date period filter. Default `date|period`. */
  readonly datePeriodFilterPattern?: string;
  readonly metricsKeys?: readonly string[];
  readonly dimensionsKeys?: readonly string[];
  readonly pagingKeys?: readonly string[];
  readonly pagingLimitKeys?: readonly string[];
}

/** One field of a rule's options object: the value it takes (shared with the setting of the same name, if any) and what it means. */
interface RuleOptionField {
  readonly value: OptionValue<unknown>;
  readonly description: string;
}

type OptionsObject = Readonly<Record<string, RuleOptionField>>;

/**
 * A regular expression, read case-insensitively. The schema's `format: "regex"` is one ESLint's
 * validator knows (a custom format would stop ESLint); like it, the reader refuses `\Z`, which
 * JavaScript reads as the letter Z. The format lets a leading `\Z` through: the pattern refuses it,
 * so that the schema refuses all that the reader does.
 */
const patternValue: OptionValue<string> = {
  jsonSchema: { type: 'string', minLength: 1, format: 'regex', pattern: '^(?![\\s\\S]*?(?:^|[^\\\\])\\\\Z)' },
  read: (value, field) => {
    if (typeof value !== 'string' || value === '') return field.expected('be a regular expression such as "date|period"', value);
    try {
      new RegExp(value, 'i');
    } catch (error) {
      field.fail(`is not a valid regular expression (${(error as Error).message}); give one such as "date|period".`);
    }
    if (/(?:^|[^\\])\\Z/.test(value)) field.fail('uses \\Z, which JavaScript reads as the letter Z; write $ for the end of the key.');
    return value;
  },
};

/** Keys a request field may have: at least one, each once. */
function keysValue(example: string): OptionValue<readonly string[]> {
  return {
    jsonSchema: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1, uniqueItems: true },
    read: (value, field) => {
      if (!Array.isArray(value) || value.length === 0 || !value.every((key): key is string => typeof key === 'string' && key !== '')) {
        return field.expected(`be a non-empty array of keys such as ["${example}"]`, value);
      }
      const twice = value.find((key, index) => value.indexOf(key) !== index);
      if (twice !== undefined) field.fail(`lists ${JSON.stringify(twice)} twice; list each key once.`);
      return value;
    },
  };
}

const retirementOptions: OptionsObject = {
  asOf: { value: dayValue, description: 'The day phases are computed for (YYYY-MM-DD, UTC). Default: settings.sunset.asOf, else today.' },
  apiHosts: {
    value: hostsValue,
    description: "Hosts the built-in API is also served from (host, host:port or *.domain, added to api.adform.com; \"*\" for every host): a URL naming another host is another vendor's and is not reported.",
  },
  reportScheduled: { value: booleanValue, description: 'Also report entries that are still scheduled (general availability not yet ended).' },
  scheduledWithinDays: { value: daysValue, description: 'With reportScheduled: report scheduled entries whose general availability ends within this many days.' },
};

const reportingRequestLimitsOptions: OptionsObject = {
  datePeriodFilterPattern: { value: patternValue, description: 'Regular expression (case-insensitive) matching the key of the date period filter. Default: "date|period".' },
  metricsKeys: { value: keysValue('metrics'), description: 'Keys of the metrics array. Default: ["metrics"].' },
  dimensionsKeys: { value: keysValue('dimensions'), description: 'Keys of the dimensions array. Default: ["dimensions"].' },
  pagingKeys: { value: keysValue('paging'), description: 'Keys of the paging object. Default: ["paging"].' },
  pagingLimitKeys: { value: keysValue('limit'), description: 'Keys of the rows-per-page value inside the paging object. Default: ["limit"].' },
};

/** Each rule's options object, or undefined for a rule that takes none. */
const ruleOptionsObjects: Readonly<Record<RuleName, OptionsObject | undefined>> = {
  'no-client-secret-in-source': undefined,
  'no-legacy-rest-path': retirementOptions,
  'no-retired-soap-operation': retirementOptions,
  'no-sunset-todo': undefined,
  'no-sync-reporting': retirementOptions,
  'oauth-authorize-state': undefined,
  'oauth-offline-access-code-flow': undefined,
  'oauth-redirect-uri-https': undefined,
  'oauth-token-form-body': undefined,
  'reporting-request-limits': reportingRequestLimitsOptions,
};

/** A rule's options as ESLint declares them: the schema (array form) and the defaults. */
export interface RuleOptionsMeta {
  /** One options object, or `[]` for a rule without options. */
  readonly schema: readonly JsonSchema[];
  readonly defaultOptions: readonly unknown[];
}

function optionsMetaOf(object: OptionsObject | undefined): RuleOptionsMeta {
  if (object === undefined) return { schema: [], defaultOptions: [] };
  const properties = Object.fromEntries(Object.entries(object).map(([name, field]) => [name, { ...field.value.jsonSchema, description: field.description }]));
  return { schema: [{ type: 'object', additionalProperties: false, properties }], defaultOptions: [{}] };
}

/** The options schema and defaults of every rule, for the checks' meta (and so ESLint's schema check). */
export const ruleOptionsMeta: Readonly<Record<RuleName, RuleOptionsMeta>> = Object.fromEntries(
  ruleNames.map((name): [RuleName, RuleOptionsMeta] => [name, optionsMetaOf(ruleOptionsObjects[name])]),
) as Record<RuleName, RuleOptionsMeta>;

/**
 * Validates a rule's options (what follows its level) at `setting`, where the setting is written
 * (`rules.sunset/no-legacy-rest-path`); an option is named by its place in the setting,
 * `rules.sunset/no-legacy-rest-path[1].asOf`. Returns them as written.
 */
export function readRuleOptions(rule: RuleName, options: readonly unknown[], setting: Field): readonly unknown[] {
  const object = ruleOptionsObjects[rule];
  if (object === undefined) {
    if (options.length > 0) setting.item(1).fail(`must not be given: sunset/${rule} takes no options; write its level alone, such as "error".`);
    return options;
  }
  if (options.length > 1) setting.item(2).fail(`must not be given: sunset/${rule} takes one options object.`);
  const [given] = options;
  if (given === undefined) return options;
  const at = setting.item(1);
  const names = Object.keys(object);
  if (!isPlainObject(given)) return at.expected(`be an object of options (${names.join(', ')})`, given);
  for (const [name, value] of Object.entries(given)) {
    if (!Object.hasOwn(object, name)) at.key(name).fail(`is not an option of sunset/${rule}; its options are ${names.join(', ')}.`);
    if (value !== undefined) object[name]!.value.read(value, at.key(name));
  }
  return options;
}

/**
 * Validates a rule's options as ESLint hands them to the rule (`context.options`, without the level).
 * `origin` names the rule's setting in the user's config (`rules.sunset/no-legacy-rest-path`); errors
 * are ConfigErrors at `[1].asOf` of it. Returns the options as given.
 */
export function validateRuleOptions(rule: RuleName, options: readonly unknown[], origin: string): readonly unknown[] {
  return readRuleOptions(rule, options, new Field(origin, ''));
}

function isRuleLevel(value: unknown): value is RuleLevel {
  return (ruleLevels as readonly unknown[]).includes(value);
}

function isRuleName(value: string): value is RuleName {
  return (ruleNames as readonly string[]).includes(value);
}

/** A level, or `[level, ...options]` with the rule's options validated (also for `"off"`: they are wrong when it is turned on again). */
function readRuleSetting(rule: RuleName, value: unknown, field: Field): RuleSetting {
  if (isRuleLevel(value)) return { level: value, options: [] };
  if (Array.isArray(value) && isRuleLevel(value[0])) return { level: value[0], options: readRuleOptions(rule, value.slice(1), field) };
  return field.expected('be "off", "warn" or "error", or an array that starts with one of them (["error", { … }])', value);
}

/** The `rules` option: each Sunset rule (as `sunset/<rule>` or `<rule>`, once) with its level and options. */
export function readRules(value: unknown, field: Field): OptionsLayer['rules'] {
  if (!isPlainObject(value)) return field.expected('be an object of rule levels such as { "sunset/no-sync-reporting": "error" }', value);
  const rules: Partial<Record<RuleName, RuleSetting>> = {};
  const keyOf = new Map<RuleName, string>();
  for (const [key, setting] of Object.entries(value)) {
    const at = field.key(key);
    const name = key.startsWith('sunset/') ? key.slice('sunset/'.length) : key;
    if (!isRuleName(name)) return at.fail(`is not a Sunset rule; the rules are ${ruleNames.join(', ')}.`);
    const earlier = keyOf.get(name);
    if (earlier !== undefined) return at.fail(`names the same rule as "${earlier}"; write each rule once.`);
    keyOf.set(name, key);
    rules[name] = readRuleSetting(name, setting, at);
  }
  return rules;
}

/** A rule's setting in `sunset.config.json`: a level, or `[level, ...options]` with the rule's own options schema. */
function ruleSettingJsonSchema(rule: RuleName): JsonSchema {
  const { schema } = ruleOptionsMeta[rule];
  return {
    anyOf: [
      { enum: ruleLevels },
      { type: 'array', minItems: 1, maxItems: 1 + schema.length, prefixItems: [{ enum: ruleLevels }, ...schema], items: false },
    ],
  };
}

/** JSON Schema of the `rules` option: every rule under `sunset/<rule>` and `<rule>`. */
export const rulesJsonSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(ruleNames.flatMap((name) => [[name, ruleSettingJsonSchema(name)], [`sunset/${name}`, ruleSettingJsonSchema(name)]])),
};
