import { readFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveOptions, validateOptions, type OptionsLayer } from '@sunset/config';
import { UsageError } from '../errors.js';
import { findGitRoot } from '../files/git.js';
import { displayPath } from '../files/paths.js';
import { defaultBaselineFile, type ResolvedConfig, type SunsetConfigFile } from './types.js';
import { asUsageError, validateConfig } from './validate.js';

export const configFileName = 'sunset.config.json';

export interface FoundConfig {
  readonly file: string;
  readonly config: SunsetConfigFile;
}

/**
 * Finds the config: `--config FILE` (a package.json: its `sunset` key), else the nearest `sunset.config.json` or `package.json` with a
 * `sunset` key, from `cwd` up to the top of the git work tree (or the file-system root outside git).
 * In one folder `sunset.config.json` wins over package.json.
 */
export async function findConfig(cwd: string, explicit: string | undefined): Promise<FoundConfig | undefined> {
  if (explicit !== undefined) {
    const file = path.resolve(cwd, explicit);
    const raw = await readJson(file, cwd, `--config ${explicit}`);
    if (path.basename(file) !== 'package.json') return { file, config: validateConfig(raw, displayPath(cwd, file)) };
    // A package.json names its config under the "sunset" key, as when it is found by the lookup.
    if (typeof raw !== 'object' || raw === null || !('sunset' in raw)) {
      throw new UsageError(`Invalid config in ${displayPath(cwd, file)}: it has no "sunset" key. Add one, or pass a sunset.config.json to --config.`);
    }
    return { file, config: validateConfig(raw.sunset, `${displayPath(cwd, file)} ("sunset" key)`) };
  }
  const stopAt = findGitRoot(cwd);
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    const found = await configIn(dir, cwd);
    if (found !== undefined) return found;
    if (dir === stopAt || path.dirname(dir) === dir) return undefined;
  }
}

/**
 * The file `findConfig(cwd, undefined)` would read, found synchronously (a package.json is parsed only to
 * see its `sunset` key): for deciding which config governs a file without loading every config.
 */
export function findConfigFile(cwd: string): string | undefined {
  const stopAt = findGitRoot(cwd);
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    const configFile = path.join(dir, configFileName);
    if (existsSync(configFile)) return configFile;
    const manifestFile = path.join(dir, 'package.json');
    if (existsSync(manifestFile)) {
      const manifest = parseJson(readTextSync(manifestFile, cwd, displayPath(cwd, manifestFile)), manifestFile, cwd);
      if (typeof manifest === 'object' && manifest !== null && 'sunset' in manifest) return manifestFile;
    }
    if (dir === stopAt || path.dirname(dir) === dir) return undefined;
  }
}

async function configIn(dir: string, cwd: string): Promise<FoundConfig | undefined> {
  const configFile = path.join(dir, configFileName);
  if (existsSync(configFile)) {
    const raw = await readJson(configFile, cwd, displayPath(cwd, configFile));
    return { file: configFile, config: validateConfig(raw, displayPath(cwd, configFile)) };
  }
  const manifestFile = path.join(dir, 'package.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = await readJson(manifestFile, cwd, displayPath(cwd, manifestFile));
  if (typeof manifest !== 'object' || manifest === null || !('sunset' in manifest)) return undefined;
  return { file: manifestFile, config: validateConfig(manifest.sunset, `${displayPath(cwd, manifestFile)} ("sunset" key)`) };
}

async function readJson(file: string, cwd: string, label: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw unreadableConfig(error, label);
  }
  return parseJson(text, file, cwd);
}

function readTextSync(file: string, cwd: string, label: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw unreadableConfig(error, label);
  }
}

function unreadableConfig(error: unknown, label: string): UsageError {
  const code = (error as NodeJS.ErrnoException).code;
  const reason = code === 'ENOENT' ? 'the file does not exist' : `it cannot be read (${String(code)})`;
  return new UsageError(`Cannot read config ${label}: ${reason}. Check the path and try again.`);
}

function parseJson(text: string, file: string, cwd: string): unknown {
  try {
    // A UTF-8 BOM (Windows editors write one) is not part of the JSON.
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch (error) {
    throw new UsageError(
      `Invalid config in ${displayPath(cwd, file)}: it is not valid JSON (${(error as Error).message}). Fix the syntax and run again.`,
    );
  }
}

/** What command-line flags set over the config file; each is validated with the flag named in errors. */
export interface ConfigOverrides {
  /** `--config FILE`: use this file instead of searching. */
  readonly config?: string | undefined;
  readonly asOf?: string | undefined;
  readonly apiHosts?: readonly string[] | undefined;
  readonly identityHosts?: readonly string[] | undefined;
  readonly failOn?: ResolvedConfig['failOn'] | undefined;
  readonly baseline?: string | undefined;
}

/** The config for a run: the file (if any), then flags over it, then defaults. */
export async function resolveConfig(cwd: string, overrides: ConfigOverrides, now: Date = new Date()): Promise<ResolvedConfig> {
  const found = await findConfig(cwd, overrides.config);
  const baseDir = found === undefined ? cwd : path.dirname(found.file);
  const options = resolveOptions([found?.config ?? {}, ...flagLayers(overrides)], now);
  return {
    ...options,
    file: found?.file,
    baseDir,
    baselineFile:
      overrides.baseline === undefined
        ? path.resolve(baseDir, options.baseline ?? defaultBaselineFile)
        : path.resolve(cwd, overrides.baseline),
  };
}

/** One layer per flag, validated by the same schema as the file; the message names the flag. */
function flagLayers(overrides: ConfigOverrides): OptionsLayer[] {
  const flags = [
    ['--as-of', { asOf: overrides.asOf }],
    ['--api-host', { apiHosts: overrides.apiHosts }],
    ['--identity-host', { identityHosts: overrides.identityHosts }],
    ['--fail-on', { failOn: overrides.failOn }],
  ] as const;
  return flags.map(([flag, value]) => asUsageError(() => validateOptions(value, flag)));
}
