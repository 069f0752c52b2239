import { builtinApiId, type Api } from '@sunset/rule-data';
import { isPlainObject, type Field } from './field.js';
import { hostEntryPattern } from './hosts.js';
import { readRules, rulesJsonSchema } from './rule-options.js';
import { failOnValues, type FailOn, type OptionName, type OptionsLayer } from './types.js';
import { booleanValue, dayValue, daysValue, hostsValue, type JsonSchema } from './values.js';

/** Where a user writes options: `sunset.config.json` (or package.json's `sunset` key), or ESLint's `settings.sunset`. */
export type OptionPlace = 'config-file' | 'eslint-settings';

export type { JsonSchema } from './values.js';

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

function readStrings(value: unknown, field: Field): readonly string[] {
  if (!Array.isArray(value) || !value.every((item): item is string => typeof item === 'string' && item !== '')) {
    return field.expected('be an array of non-empty strings', value);
  }
  return value;
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
  const hosts = hostsValue.read(value['hosts'], field.key('hosts'));
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
    gaEnds: dayValue.jsonSchema,
    supportEnds: dayValue.jsonSchema,
    migration: { enum: ['rewrite', 'todo'] },
    reason: { type: 'string', minLength: 1 },
    service: { type: 'string', minLength: 1 },
    replacementApis: { type: 'array', items: { type: 'string' } },
    family: { enum: ['soap', 'rest', 'reporting'] },
    api: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$', description: 'The id of the API (under apis) the entry belongs to; default the built-in API.' },
    liveMethods: { type: 'array', items: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] }, description: 'Other methods of the same path that stay available.' },
    shadowedBy: {
      type: 'array',
      items: { type: 'string', pattern: '^/\\S*$' },
      description: 'More specific paths of the same API that are other operations (a URL that is one of them is theirs, not this entry\'s).',
    },
  },
} as const;

/** Every option, in the order the docs list them. */
export const optionSpecs: Readonly<Record<OptionName, OptionSpec>> = {
  asOf: {
    type: '`"YYYY-MM-DD"` (a real calendar day)',
    default: 'today (UTC)',
    meaning: 'the day phases are computed for',
    flag: '--as-of',
    writtenIn: ['config-file', 'eslint-settings'],
    jsonSchema: dayValue.jsonSchema,
    read: (value, field) => ({ asOf: dayValue.read(value, field) }),
  },
  apiHosts: {
    type: 'array of hosts: `host` (any port), `host:port` (`host:443` also matches an `https` URL that names no port, `host:80` an `http` one), `*.domain` (no scheme or path), or `"*"` for every host',
    default: '`api.adform.com` only',
    meaning: "hosts the built-in API is also served from (your proxies and gateways), added to `api.adform.com`: a URL naming another host is another vendor's and is not reported; a URL whose host the code does not show still counts, and so does one on a local host (`localhost`, `127.0.0.1`, a private-network address) that another API under `apis` does not list",
    flag: '--api-host',
    writtenIn: ['config-file', 'eslint-settings'],
    jsonSchema: hostsValue.jsonSchema,
    read: (value, field) => ({ apiHosts: hostsValue.read(value, field) }),
  },
  identityHosts: {
    type: 'array of hosts, as `apiHosts`',
    default: '`id.adform.com` only',
    meaning: "hosts the identity provider is also served from, added to `id.adform.com`; the OAuth rules check `/sts/connect/...` URLs on these and the API's hosts (or where the code shows no host)",
    flag: '--identity-host',
    writtenIn: ['config-file', 'eslint-settings'],
    jsonSchema: hostsValue.jsonSchema,
    read: (value, field) => ({ identityHosts: hostsValue.read(value, field) }),
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
    jsonSchema: booleanValue.jsonSchema,
    read: (value, field) => ({ reportScheduled: booleanValue.read(value, field) }),
  },
  scheduledWithinDays: {
    type: 'integer ≥ 0',
    default: `\`${defaultScheduledWithinDays}\``,
    meaning: 'with `reportScheduled`: only entries whose GA ends within this many days of `asOf`',
    flag: undefined,
    writtenIn: ['config-file', 'eslint-settings'],
    jsonSchema: daysValue.jsonSchema,
    read: (value, field) => ({ scheduledWithinDays: daysValue.read(value, field) }),
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
    meaning:
      'turn rules off or on, change their level and their options (those its page lists for each rule, checked like the settings of the same name, also at `"off"`); at `"warn"` a rule\'s findings, retirement ones too, are warnings that fail nothing, whatever `failOn` says',
    flag: undefined,
    writtenIn: ['config-file'],
    jsonSchema: rulesJsonSchema,
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
    read: (value, field) => ({ checkMinified: booleanValue.read(value, field) }),
  },
  typeAware: {
    type: '`true` or `false`',
    default: '`false`',
    meaning: 'ESLint only: with `parserOptions.projectService`, resolve constants imported from other files through the TypeScript checker',
    flag: undefined,
    writtenIn: ['eslint-settings'],
    jsonSchema: { type: 'boolean' },
    read: (value, field) => ({ typeAware: booleanValue.read(value, field) }),
  },
};

/** Every option name, in the order the docs list them. */
export const optionNames = Object.keys(optionSpecs) as readonly OptionName[];

/** The options a user may write in one place, in the order the docs list them. */
export function optionNamesIn(place: OptionPlace): readonly OptionName[] {
  return optionNames.filter((name) => optionSpecs[name].writtenIn.includes(place));
}
