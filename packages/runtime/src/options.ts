import { createCatalog, parseIsoDay, RuleDataError, todayUtc, type Catalog, type IsoDay } from '@sunset/rule-data';
import { RuntimeOptionsError } from './errors.js';
import { isHostEntry } from './match/api-hosts.js';

// Every option of @sunset/runtime is read and validated here, and nowhere else: from an object
// (explicit hooks) or from the environment and a sunset.config.json (`--import .../register`).

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
  /** `host`, `host:port` or `*.domain`; default every host. */
  readonly apiHosts?: readonly string[];
  /** Your own retirements, in the format of `sunset.config.json`'s `customEntries`. */
  readonly customEntries?: readonly unknown[];
}

/** Validated options. */
export interface RuntimeOptions {
  readonly mode: RuntimeMode;
  readonly recordFile: string | undefined;
  readonly asOf: IsoDay;
  readonly apiHosts: readonly string[] | undefined;
  readonly catalog: Catalog;
}

/** How errors name each option: the field for objects, the variable for the environment. */
interface OptionNames {
  readonly mode: string;
  readonly recordFile: string;
  readonly asOf: string;
  readonly apiHosts: string;
  readonly customEntries: string;
}

const fieldNames: OptionNames = { mode: 'mode', recordFile: 'recordFile', asOf: 'asOf', apiHosts: 'apiHosts', customEntries: 'customEntries' };

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

/** Runs a rule-data validation, turning its error into one that names our source. */
function viaRuleData<T>(source: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof RuleDataError) throw new RuntimeOptionsError(error.message, source);
    throw error;
  }
}

function readHosts(value: unknown, source: string): readonly string[] {
  if (!Array.isArray(value)) fail(source, `must be a list of hosts (for example ["api.example.com", "*.example.net"]), got ${JSON.stringify(value)}.`);
  return value.map((entry: unknown) => {
    if (typeof entry !== 'string' || !isHostEntry(entry)) {
      fail(source, `must hold hosts written \`host\`, \`host:port\` or \`*.domain\` (no scheme or path), got ${JSON.stringify(entry)}.`);
    }
    return entry.toLowerCase();
  });
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
  const asOf = input.asOf === undefined ? todayUtc() : viaRuleData(names.asOf, () => parseIsoDay(input.asOf, names.asOf));
  const apiHosts = input.apiHosts === undefined ? undefined : readHosts(input.apiHosts, names.apiHosts);
  const catalog = viaRuleData(names.customEntries, () => createCatalog(input.customEntries, names.customEntries));
  return { mode, recordFile, asOf, apiHosts, catalog };
}

/** Validates options given as an object (explicit hooks); errors name the field. */
export function resolveRuntimeOptions(input: RuntimeOptionsInput = {}): RuntimeOptions {
  return resolveWith(input, fieldNames);
}

/** The parts of `sunset.config.json` the runtime uses; the other fields belong to the CLI. */
function readConfigFile(path: string, readText: (path: string) => string): Pick<RuntimeOptionsInput, 'asOf' | 'apiHosts' | 'customEntries'> {
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
  // Validated with the other options, by resolveWith: the errors then name `SUNSET_CONFIG (<path>): <field>`.
  const { asOf, apiHosts, customEntries } = config as Record<string, unknown>;
  return {
    ...(asOf === undefined ? {} : { asOf: asOf as string }),
    ...(apiHosts === undefined ? {} : { apiHosts: apiHosts as readonly string[] }),
    ...(customEntries === undefined ? {} : { customEntries: customEntries as readonly unknown[] }),
  };
}

/**
 * The options of `--import @sunset/runtime/register`: `SUNSET_CONFIG` (a sunset.config.json whose
 * `asOf`, `apiHosts` and `customEntries` are read; nothing in it is executed), overridden by
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
    asOf: set(variables.asOf) === undefined ? `${variables.config} (${configPath}): asOf` : variables.asOf,
    apiHosts: hostList === undefined ? `${variables.config} (${configPath}): apiHosts` : variables.apiHosts,
    customEntries: `${variables.config} (${configPath}): customEntries`,
  };
  return resolveWith(input, names);
}
