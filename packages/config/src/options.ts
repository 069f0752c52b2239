import { builtinApiId, parseIsoDay, ruleNames, type Api, type RuleName } from '@sunset/rule-data';
import { isPlainObject, type Field } from './field.js';
import { hostEntryPattern, isHostEntry } from './hosts.js';
import { failOnValues, ruleLevels, type FailOn, type OptionName, type OptionsLayer, type RuleLevel, type RuleSetting } from './types.js';

/** Where a user writes options: `sunset.config.json` (or package.json's `sunset` key), or ESLint's `settings.sunset`. */
export type OptionPlace = 'config-file' | 'eslint-settings';

export type JsonSchema = Readonly<Record<string, unknown>>;

/** One option: how it is documented, its JSON Schema, and how a written value is validated. */
interface OptionSpec {
  /** The allowed values, for people. */
  readonly type: string;
  readonly default: string;
  readonly meaning: string;
  /** The `sunset` flag that overrides it, if any. */
  readonly flag: string | undefined;
  readonly writtenIn: readonly OptionPlace[];
  readonly jsonSchema: JsonSchema;
  /** Validates a value that is present; returns what it sets. */
  readonly read: (value: unknown, field: Field) => OptionsLayer;
}

export const defaultScheduledWithinDays = 90;
export const defaultBaselineFile = '.sunset-baseline.json';
/** 1 MiB, as Biome's `files.maxSize`: larger source files are nearly always generated or bundled. */
export const defaultMaxFileSize = 1024 * 1024;

const hostsExample = '"api.example.com", "localhost:8080" or "*.example.com"';
const dayJsonSchema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const hostsJsonSchema = { type: 'array', items: { type: 'string', pattern: hostEntryPattern } } as const;

function readBoolean(value: unknown, field: Field): boolean {
  return typeof value === 'boolean' ? value : field.expected('be true or false', value);
}

function readHosts(value: unknown, field: Field): readonly string[] {
  if (!Array.isArray(value) || !value.every((host): host is string => typeof host === 'string')) {
    return field.expected('be an array of hostnames such as ["api.example.com"]', value);
  }
  const bad = value.find((host) => !isHostEntry(host));
  if (bad !== undefined) field.expected(`list hostnames only, like ${hostsExample} (no scheme or path)`, bad);
  return value;
}

function readStrings(value: unknown, field: Field): readonly string[] {
  if (!Array.isArray(value) || !value.every((item): item is string => typeof item === 'string' && item !== '')) {
    return field.expected('be an array of non-empty strings', value);
  }
  return value;
}

function isRuleLevel(value: unknown): value is RuleLevel {
  return (ruleLevels as readonly unknown[]).includes(value);
}

function isRuleName(value: string): value is RuleName {
  return (ruleNames as readonly string[]).includes(value);
}

function readRuleSetting(value: unknown, field: Field): RuleSetting {
  if (isRuleLevel(value)) return { level: value, options: [] };
  if (Array.isArray(value) && isRuleLevel(value[0])) return { level: value[0], options: value.slice(1) };
  return field.expected('be "off", "warn" or "error", or an array that starts with one of them (["error", { … }])', value);
}

function readRules(value: unknown, field: Field): OptionsLayer['rules'] {
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
    rules[name] = readRuleSetting(setting, at);
  }
  return rules;
}

const apiIdPattern = /^[a-z0-9][a-z0-9-]*$/;
const basePathPattern = /^(?:\/[^\s/?#]+)*$/;

/** A server path as written (`/v1`, `/api/v3/`, `''`), kept without its trailing slash. */
function readBasePath(value: unknown, field: Field): string {
  const path = typeof value === 'string' ? value.replace(/\/+$/, '') : value;
  if (typeof path !== 'string' || !basePathPattern.test(path)) field.expected('be a server path such as "/v1" or "" (no host, query or spaces)', value);
  return path as string;
}

function readApi(id: string, value: unknown, field: Field): Api {
  if (!apiIdPattern.test(id)) field.fail('is not an API id: use lower-case letters, digits and dashes (for example "other-vendor").');
  if (id === builtinApiId) field.fail(`is the built-in API; its hosts are apiHosts, not apis.${builtinApiId}.`);
  if (!isPlainObject(value)) return field.expected('be an object such as { "hosts": ["api.example.com"], "basePaths": ["/v1"] }', value);
  for (const key of Object.keys(value)) {
    if (key !== 'name' && key !== 'hosts' && key !== 'basePaths') field.key(key).fail('is not a known field of an API; the fields are name, hosts and basePaths.');
  }
  const name = value['name'] ?? id;
  if (typeof name !== 'string' || name.trim() === '') field.key('name').expected('be a non-empty string', name);
  if (value['hosts'] === undefined) field.key('hosts').fail('is missing: list the hosts the API is served from, or ["*"] for every host.');
  const hosts = readHosts(value['hosts'], field.key('hosts'));
  if (hosts.length === 0) field.key('hosts').fail('is empty: list the hosts the API is served from, or ["*"] for every host.');
  const basePathsValue = value['basePaths'];
  if (basePathsValue !== undefined && (!Array.isArray(basePathsValue) || basePathsValue.length === 0)) field.key('basePaths').expected('be a non-empty array of server paths such as ["/v1"]', basePathsValue);
  const basePaths = basePathsValue === undefined ? [''] : (basePathsValue as unknown[]).map((path, index) => readBasePath(path, field.key('basePaths').key(String(index))));
  return { id, name: name as string, hosts, basePaths: [...new Set(basePaths)] };
}

function readApis(value: unknown, field: Field): readonly Api[] {
  if (!isPlainObject(value)) return field.expected('be an object of APIs by id, such as { "other-vendor": { "hosts": ["api.example.com"] } }', value);
  return Object.entries(value).map(([id, api]) => readApi(id, api, field.key(id)));
}

const apiJsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['hosts'],
  properties: {
    name: { type: 'string', minLength: 1 },
    hosts: { type: 'array', minItems: 1, items: { type: 'string', pattern: hostEntryPattern } },
    basePaths: { type: 'array', minItems: 1, items: { type: 'string', pattern: '^(?:/[^\\s/?#]+)*/?$' } },
  },
} as const;

const customEntryJsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'retired', 'gaEnds', 'supportEnds'],
  properties: {
    id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$' },
    retired: { type: 'string', description: '"METHOD /path" for a REST path, or a SOAP/WCF operation name.' },
    replacements: { type: 'array', items: { type: 'string', pattern: '^(GET|POST|PUT|PATCH|DELETE) /\\S*$' } },
    gaEnds: dayJsonSchema,
    supportEnds: dayJsonSchema,
    migration: { enum: ['rewrite', 'todo'] },
    reason: { type: 'string', minLength: 1 },
    service: { type: 'string', minLength: 1 },
    replacementApis: { type: 'array', items: { type: 'string' } },
    family: { enum: ['soap', 'rest', 'reporting'] },
    api: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$', description: 'The id of the API (under apis) the entry belongs to; default the built-in API.' },
    liveMethods: { type: 'array', items: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] }, description: 'Other methods of the same path that stay available.' },
  },
} as const;

const ruleSettingJsonSchema = {
  anyOf: [
    { enum: ruleLevels },
    { type: 'array', minItems: 1, prefixItems: [{ enum: ruleLevels }], items: true },
  ],
} as const;

/** Every option, in the order the docs list them. */
export const optionSpecs: Readonly<Record<OptionName, OptionSpec>> = {
  asOf: {
    type: '`"YYYY-MM-DD"` (a real calendar day)',
    default: 'today (UTC)',
    meaning: 'the day phases are computed for',
    flag: '--as-of',
    writtenIn: ['config-file', 'eslint-settings'],
    jsonSchema: dayJsonSchema,
    read: (value, field) => ({ asOf: field.viaRuleData((name) => parseIsoDay(value, name)) }),
  },
  apiHosts: {
    type: 'array of hosts: `host`, `host:port`, `*.domain` (no scheme or path), or `"*"` for every host',
    default: '`api.adform.com` only',
    meaning: "hosts the built-in API is also served from (your proxies and gateways), added to `api.adform.com`: a URL naming another host is another vendor's and is not reported; a URL whose host the code does not show still counts",
    flag: '--api-host',
    writtenIn: ['config-file', 'eslint-settings'],
    jsonSchema: hostsJsonSchema,
    read: (value, field) => ({ apiHosts: readHosts(value, field) }),
  },
  identityHosts: {
    type: 'array of hosts, as `apiHosts`',
    default: '`id.adform.com` only',
    meaning: "hosts the identity provider is also served from, added to `id.adform.com`; the OAuth rules check `/sts/connect/...` URLs on these and the API's hosts (or where the code shows no host)",
    flag: '--identity-host',
    writtenIn: ['config-file', 'eslint-settings'],
    jsonSchema: hostsJsonSchema,
    read: (value, field) => ({ identityHosts: readHosts(value, field) }),
  },
  ignores: {
    type: 'array of gitignore-style patterns',
    default: '`[]`',
    meaning: "files to skip, relative to the config file's folder",
    flag: undefined,
    writtenIn: ['config-file'],
    jsonSchema: { type: 'array', items: { type: 'string', minLength: 1 } },
    read: (value, field) => ({ ignores: readStrings(value, field) }),
  },
  failOn: {
    type: '`"deprecated"` or `"retired"`',
    default: '`"deprecated"`',
    meaning: '`check` exits 1 on findings in this phase or later',
    flag: '--fail-on',
    writtenIn: ['config-file'],
    jsonSchema: { enum: failOnValues },
    read: (value, field) => {
      if (!(failOnValues as readonly unknown[]).includes(value)) {
        field.expected(`be one of ${failOnValues.map((name) => `"${name}"`).join(', ')}`, value);
      }
      return { failOn: value as FailOn };
    },
  },
  reportScheduled: {
    type: '`true` or `false`',
    default: '`false`',
    meaning: 'also report entries whose general availability has not ended yet (they never fail the gate)',
    flag: undefined,
    writtenIn: ['config-file', 'eslint-settings'],
    jsonSchema: { type: 'boolean' },
    read: (value, field) => ({ reportScheduled: readBoolean(value, field) }),
  },
  scheduledWithinDays: {
    type: 'integer ≥ 0',
    default: `\`${defaultScheduledWithinDays}\``,
    meaning: 'with `reportScheduled`: only entries whose GA ends within this many days of `asOf`',
    flag: undefined,
    writtenIn: ['config-file', 'eslint-settings'],
    jsonSchema: { type: 'integer', minimum: 0 },
    read: (value, field) => {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) field.expected('be a whole number of days, 0 or more', value);
      return { scheduledWithinDays: value as number };
    },
  },
  apis: {
    type: 'object: API id → `{ "hosts": [...], "basePaths": [...], "name": "…" }`',
    default: '`{}`',
    meaning: "other vendors' APIs (what `sunset import openapi` writes): the hosts a request must name, where known, and the server paths its paths follow; `customEntries` name one with `api`",
    flag: undefined,
    writtenIn: ['config-file', 'eslint-settings'],
    jsonSchema: { type: 'object', propertyNames: { pattern: '^[a-z0-9][a-z0-9-]*$', not: { const: builtinApiId } }, additionalProperties: apiJsonSchema },
    read: (value, field) => ({ apis: readApis(value, field) }),
  },
  customEntries: {
    type: 'array of entries',
    default: '`[]`',
    meaning: 'extra retirements, validated like the built-in ones (each of the built-in API unless its `api` names one under `apis`)',
    flag: undefined,
    writtenIn: ['config-file', 'eslint-settings'],
    jsonSchema: { type: 'array', items: customEntryJsonSchema },
    // The entries are validated with the place's `apis` once every option is read (validateOptions).
    read: (value, field) => (Array.isArray(value) ? { customEntries: value } : field.expected('be an array of entries', value)),
  },
  baseline: {
    type: 'a file path',
    default: `\`${defaultBaselineFile}\``,
    meaning: 'the baseline file, relative to the config file',
    flag: '--baseline',
    writtenIn: ['config-file'],
    jsonSchema: { type: 'string', minLength: 1 },
    read: (value, field) => {
      if (typeof value !== 'string' || value === '') field.expected('be a file path (relative to the config file)', value);
      return { baseline: value as string };
    },
  },
  rules: {
    type: 'object: `sunset/<rule>` (or `<rule>`) → `"off"`, `"warn"`, `"error"` or `[level, ...options]`',
    default: '`{}` (the recommended rules at their levels)',
    meaning: 'turn rules off or on, change their level and their options',
    flag: undefined,
    writtenIn: ['config-file'],
    jsonSchema: {
      type: 'object',
      propertyNames: { enum: ruleNames.flatMap((name) => [name, `sunset/${name}`]) },
      additionalProperties: ruleSettingJsonSchema,
    },
    read: (value, field) => ({ rules: readRules(value, field) }),
  },
  maxFileSize: {
    type: 'integer ≥ 1 (bytes)',
    default: `\`${defaultMaxFileSize}\` (1 MiB)`,
    meaning: '`check` and `fix` skip larger files and list them as not scanned; a file named on the command line is always read',
    flag: undefined,
    writtenIn: ['config-file'],
    jsonSchema: { type: 'integer', minimum: 1 },
    read: (value, field) => {
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) field.expected('be a whole number of bytes, 1 or more (e.g. 2097152 for 2 MiB)', value);
      return { maxFileSize: value as number };
    },
  },
  checkMinified: {
    type: '`true` or `false`',
    default: '`false`',
    meaning: '`check` and `fix` also read files that look minified (4 KiB or more, lines of 1,000+ characters on average); by default they are skipped and listed, unless named on the command line',
    flag: undefined,
    writtenIn: ['config-file'],
    jsonSchema: { type: 'boolean' },
    read: (value, field) => ({ checkMinified: readBoolean(value, field) }),
  },
  typeAware: {
    type: '`true` or `false`',
    default: '`false`',
    meaning: 'ESLint only: with `parserOptions.projectService`, resolve constants imported from other files through the TypeScript checker',
    flag: undefined,
    writtenIn: ['eslint-settings'],
    jsonSchema: { type: 'boolean' },
    read: (value, field) => ({ typeAware: readBoolean(value, field) }),
  },
};

/** Every option name, in the order the docs list them. */
export const optionNames = Object.keys(optionSpecs) as readonly OptionName[];

/** The options a user may write in one place, in the order the docs list them. */
export function optionNamesIn(place: OptionPlace): readonly OptionName[] {
  return optionNames.filter((name) => optionSpecs[name].writtenIn.includes(place));
}
