import { builtinApiHostsOf, ConfigError, isPackageJsonFile, joinPath, optionNamesIn, packageJsonConfigKey, packageJsonConfigOf, resolveOptions, validateOptions, type OptionName, type OptionsLayer } from '@sunset/config';
import type { Catalog, IsoDay } from '@sunset/rule-data';
import { RuntimeOptionsError } from './errors.js';

// Every option of @sunset/runtime is read and validated here, and nowhere else: from an object
// (explicit hooks) or from the environment and a sunset.config.json (`--import .../register`). The
// options the static tools share (asOf, apiHosts, apis, customEntries) are read by @sunset/config,
// with its rules and wording, so one sunset.config.json means the same to `sunset check` and here.

/** `warn`: one line per new site; `error`: refuse to send the request; `record`: append JSON lines to a file. */
export type RuntimeMode = 'warn' | 'error' | 'record';

export const runtimeModes: readonly RuntimeMode[] = ['warn', 'error', 'record'];

/** The options as a caller writes them; everything is optional. */
export interface RuntimeOptionsInput {
  readonly mode?: RuntimeMode;
  /** Required in `record` mode: the JSON lines file to append to. */
  readonly recordFile?: string;
  /** The day the phases are computed for, `YYYY-MM-DD`; default today (UTC). */
  readonly asOf?: string;
  /**
   * Hosts the built-in API is also served from (your proxies and gateways), added to `api.adform.com`:
   * `host`, `host:port`, `*.domain`, or `"*"` for every host.
   */
  readonly apiHosts?: readonly string[];
  /** Other vendors' APIs by id, as `sunset.config.json`'s `apis` (what `sunset import openapi` writes). */
  readonly apis?: Readonly<Record<string, unknown>>;
  /** Your own retirements, in the format of `sunset.config.json`'s `customEntries`. */
  readonly customEntries?: readonly unknown[];
}

/** Validated options. */
export interface RuntimeOptions {
  readonly mode: RuntimeMode;
  readonly recordFile: string | undefined;
  readonly asOf: IsoDay;
  /** The built-in API's hosts in force: `api.adform.com` and the `apiHosts` given, lower-case; undefined for every host (`"*"`). */
  readonly apiHosts: readonly string[] | undefined;
  /** The entries in force, and the APIs they belong to with their hosts (`catalog.apis`). */
  readonly catalog: Catalog;
}

/** The options of `sunset.config.json` the runtime reads; the other fields belong to the CLI and the plugin. */
const sharedOptionNames = ['asOf', 'apiHosts', 'apis', 'customEntries'] as const satisfies readonly OptionName[];
type SharedOptionName = (typeof sharedOptionNames)[number];

/** Every option `createObserver` and `resolveRuntimeOptions` take, in the order the README lists them. */
const runtimeOptionNames = ['mode', 'recordFile', ...sharedOptionNames] as const satisfies readonly (keyof RuntimeOptionsInput)[];

/** How errors name each option: the field for objects, the variable (or the config file's field) for the environment. */
type OptionNames = Readonly<Record<(typeof runtimeOptionNames)[number], string>>;

const fieldNames: OptionNames = { mode: 'mode', recordFile: 'recordFile', asOf: 'asOf', apiHosts: 'apiHosts', apis: 'apis', customEntries: 'customEntries' };

export const runtimeEnvironmentVariables = {
  mode: 'SUNSET_RUNTIME_MODE',
  recordFile: 'SUNSET_RUNTIME_RECORD',
  asOf: 'SUNSET_AS_OF',
  apiHosts: 'SUNSET_API_HOSTS',
  config: 'SUNSET_CONFIG',
} as const;

function fail(source: string, message: string): never {
  throw new RuntimeOptionsError(`${source} ${message}`, source);
}

/**
 * Validates the shared options with @sunset/config, turning its error into one that names our source:
 * `SUNSET_API_HOSTS must list hostnames only, …`, `SUNSET_CONFIG (c.json): customEntries[0].gaEnds must …`.
 */
function readSharedOptions(input: RuntimeOptionsInput, names: OptionNames): Pick<RuntimeOptions, 'asOf' | 'apiHosts' | 'catalog'> {
  const shared = Object.fromEntries(sharedOptionNames.map((name) => [name, input[name]]));
  let layer: OptionsLayer;
  try {
    layer = validateOptions(shared, 'the runtime options', sharedOptionNames);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const option = sharedOptionNames.find((name) => error.path === name || error.path.startsWith(`${name}.`) || error.path.startsWith(`${name}[`));
    if (option === undefined) throw error;
    throw new RuntimeOptionsError(`${names[option]}${error.path.slice(option.length)} ${error.problem}`, names[option]);
  }
  const { asOf, apiHosts, catalog } = resolveOptions([{ ...layer, apiHosts: layer.apiHosts?.map((host) => host.toLowerCase()) }]);
  return { asOf, apiHosts: builtinApiHostsOf(apiHosts), catalog };
}

function resolveWith(input: RuntimeOptionsInput, names: OptionNames): RuntimeOptions {
  const mode = input.mode ?? 'warn';
  if (!runtimeModes.includes(mode)) fail(names.mode, `must be one of ${runtimeModes.join(', ')}, got ${JSON.stringify(mode)}.`);
  const recordFile = input.recordFile;
  if (recordFile !== undefined && (typeof recordFile !== 'string' || recordFile.trim() === '')) {
    fail(names.recordFile, `must be the path of the file to append records to, got ${JSON.stringify(recordFile)}.`);
  }
  if (mode === 'record' && recordFile === undefined) fail(names.mode, `is "record" but ${names.recordFile} is not set; name the JSON lines file to append to.`);
  if (mode !== 'record' && recordFile !== undefined) fail(names.recordFile, `is set but ${names.mode} is "${mode}"; set ${names.mode} to "record" (or leave it unset) to record.`);
  return { mode, recordFile, ...readSharedOptions(input, names) };
}

/** Validates options given as an object (explicit hooks); errors name the field, and an unknown field is one. */
export function resolveRuntimeOptions(input: RuntimeOptionsInput = {}): RuntimeOptions {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) fail('options', `must be an object such as { mode: "error" }, got ${JSON.stringify(input) ?? String(input)}.`);
  const unknown = Object.keys(input).find((name) => !(runtimeOptionNames as readonly string[]).includes(name));
  if (unknown !== undefined) fail(unknown, `is not a known option; the known ones are ${runtimeOptionNames.join(', ')}.`);
  return resolveWith(input, fieldNames);
}

/** Options as given to `createObserver` and `createNodeObserver`: already validated (they hold the catalog), or validated now. */
export function resolvedRuntimeOptionsOf(options: RuntimeOptions | RuntimeOptionsInput): RuntimeOptions {
  const resolved = typeof options === 'object' && options !== null && 'catalog' in options;
  return resolved ? (options as RuntimeOptions) : resolveRuntimeOptions(options as RuntimeOptionsInput);
}

/** How errors name a field of the config file: `SUNSET_CONFIG (c.json): apiHosts`, `SUNSET_CONFIG (package.json): sunset.apiHosts`. */
function configFieldName(file: string, path: string): string {
  return `${runtimeEnvironmentVariables.config} (${file}): ${isPackageJsonFile(file) ? joinPath(packageJsonConfigKey, path) : path}`;
}

/**
 * Validates the whole file as `sunset check --config` does (every field, also those the runtime does
 * not use, so a misspelled one stops the start instead of being ignored), with @sunset/config's wording.
 */
function validateConfigFile(config: unknown, file: string): void {
  try {
    validateOptions(config, `${runtimeEnvironmentVariables.config} (${file})`, optionNamesIn('config-file'));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const option = /^[^.[]*/.exec(error.path)![0];
    throw new RuntimeOptionsError(`${configFieldName(file, error.path)} ${error.problem}`, configFieldName(file, option));
  }
}

/** The parts of `sunset.config.json` (or a package.json's "sunset" key) the runtime uses, once the whole file is valid; the other fields belong to the CLI. */
function readConfigFile(path: string, readText: (path: string) => string): Pick<RuntimeOptionsInput, SharedOptionName> {
  const source = `${runtimeEnvironmentVariables.config} (${path})`;
  let text: string;
  try {
    text = readText(path);
  } catch (error) {
    fail(source, `cannot be read: ${(error as Error).message}. Point it at your sunset.config.json or unset it.`);
  }
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    fail(source, `is not valid JSON: ${(error as Error).message}.`);
  }
  if (typeof config !== 'object' || config === null || Array.isArray(config)) fail(source, 'must hold a JSON object.');
  // A package.json holds its config under the "sunset" key, as for `sunset check --config`.
  const held = isPackageJsonFile(path) ? packageJsonConfigOf(config) : { found: true as const, config };
  if (!held.found) fail(source, `has no "${packageJsonConfigKey}" key; add one, or point it at a sunset.config.json.`);
  const options = held.config;
  validateConfigFile(options, path);
  const fields = options as Record<string, unknown>;
  return Object.fromEntries(sharedOptionNames.filter((name) => fields[name] !== undefined).map((name) => [name, fields[name]]));
}

/**
 * The options of `--import @sunset/runtime/register`: `SUNSET_CONFIG` (a sunset.config.json, validated
 * as `sunset check` validates it, whose `asOf`, `apiHosts`, `apis` and `customEntries` are read; nothing
 * in it is executed), overridden by
 * `SUNSET_AS_OF`, `SUNSET_API_HOSTS` (comma-separated), `SUNSET_RUNTIME_MODE` and `SUNSET_RUNTIME_RECORD`.
 * Errors name the variable.
 */
export function runtimeOptionsFromEnvironment(
  env: Readonly<Record<string, string | undefined>>,
  readText: (path: string) => string,
): RuntimeOptions {
  const variables = runtimeEnvironmentVariables;
  const set = (name: string): string | undefined => (env[name] === undefined || env[name].trim() === '' ? undefined : env[name].trim());
  const configPath = set(variables.config);
  const fromFile = configPath === undefined ? {} : readConfigFile(configPath, readText);
  const hostList = set(variables.apiHosts);
  const mode = set(variables.mode);
  const recordFile = set(variables.recordFile);
  const input: RuntimeOptionsInput = {
    ...fromFile,
    mode: (mode ?? (recordFile === undefined ? 'warn' : 'record')) as RuntimeMode,
    ...(recordFile === undefined ? {} : { recordFile }),
    ...(set(variables.asOf) === undefined ? {} : { asOf: set(variables.asOf)! }),
    ...(hostList === undefined ? {} : { apiHosts: hostList.split(',').map((host) => host.trim()) }),
  };
  const names: OptionNames = {
    mode: variables.mode,
    recordFile: variables.recordFile,
    asOf: set(variables.asOf) === undefined ? configFieldName(configPath ?? '', 'asOf') : variables.asOf,
    apiHosts: hostList === undefined ? configFieldName(configPath ?? '', 'apiHosts') : variables.apiHosts,
    apis: configFieldName(configPath ?? '', 'apis'),
    customEntries: configFieldName(configPath ?? '', 'customEntries'),
  };
  return resolveWith(input, names);
}
