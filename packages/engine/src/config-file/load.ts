import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { configFileOrigin, isPackageJsonFile, packageJsonConfigKey, packageJsonConfigOf, resolveOptions, validateOptions, type OptionsLayer } from '@sunset/config';
import { UsageError } from '../errors.js';
import { findGitRoot } from '../files/git.js';
import { displayPath } from '../files/paths.js';
import type { SkippedFile } from '../files/source-shape.js';
import { describeJsonError, readPackageJson } from './package-json.js';
import { defaultBaselineFile, type ResolvedConfig, type SunsetConfigFile } from './types.js';
import { asUsageError, validateConfig } from './validate.js';

export const configFileName = 'sunset.config.json';

export interface FoundConfig {
  readonly file: string;
  readonly config: SunsetConfigFile;
}

/** package.json files the lookup met that do not parse, by path: they are no config, and the run lists them as not read. */
export type ConfigProblems = Map<string, SkippedFile>;

/**
 * Finds the config: `--config FILE` (a package.json: its `sunset` key), else the nearest `sunset.config.json` or `package.json` with a
 * `sunset` key, from `cwd` up to the top of the git work tree (or the file-system root outside git).
 * In one folder `sunset.config.json` wins over package.json. A package.json of the lookup that does not
 * parse is passed over (added to `problems`); a broken `sunset.config.json` or `--config` file is an error,
 * naming the file from `shownFrom` (the working directory when the lookup starts elsewhere).
 */
export async function findConfig(cwd: string, explicit: string | undefined, problems?: ConfigProblems, shownFrom: string = cwd): Promise<FoundConfig | undefined> {
  if (explicit !== undefined) {
    const file = path.resolve(cwd, explicit);
    const raw = await readJson(file, cwd, `--config ${explicit}`);
    if (!isPackageJsonFile(file)) return { file, config: validateConfig(raw, displayPath(cwd, file)) };
    // A package.json names its config under the "sunset" key, as when it is found by the lookup.
    const held = packageJsonConfigOf(raw);
    if (!held.found) {
      throw new UsageError(`Invalid config in ${displayPath(cwd, file)}: it has no "${packageJsonConfigKey}" key. Add one, or pass a sunset.config.json to --config.`);
    }
    return { file, config: validateConfig(held.config, configFileOrigin(file, displayPath(cwd, file))) };
  }
  const stopAt = findGitRoot(cwd);
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    const found = await configIn(dir, shownFrom, problems);
    if (found !== undefined) return found;
    if (dir === stopAt || path.dirname(dir) === dir) return undefined;
  }
}

/**
 * The file `findConfig(cwd, undefined)` would read, found synchronously (a package.json is parsed only to
 * see its `sunset` key; one that does not parse is passed over, into `problems`): for deciding which
 * config governs a file without loading every config.
 */
export function findConfigFile(cwd: string, problems?: ConfigProblems): string | undefined {
  const stopAt = findGitRoot(cwd);
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    const configFile = path.join(dir, configFileName);
    if (existsSync(configFile)) return configFile;
    const manifestFile = path.join(dir, 'package.json');
    if (existsSync(manifestFile)) {
      const read = readPackageJson(manifestFile);
      if (!read.ok) problems?.set(manifestFile, read.skipped);
      else if (packageJsonConfigOf(read.value).found) return manifestFile;
    }
    if (dir === stopAt || path.dirname(dir) === dir) return undefined;
  }
}

async function configIn(dir: string, cwd: string, problems: ConfigProblems | undefined): Promise<FoundConfig | undefined> {
  const configFile = path.join(dir, configFileName);
  if (existsSync(configFile)) {
    const raw = await readJson(configFile, cwd, displayPath(cwd, configFile));
    return { file: configFile, config: validateConfig(raw, displayPath(cwd, configFile)) };
  }
  const manifestFile = path.join(dir, 'package.json');
  if (!existsSync(manifestFile)) return undefined;
  const read = readPackageJson(manifestFile);
  if (!read.ok) {
    problems?.set(manifestFile, read.skipped);
    return undefined;
  }
  const held = packageJsonConfigOf(read.value);
  if (!held.found) return undefined;
  return { file: manifestFile, config: validateConfig(held.config, configFileOrigin(manifestFile, displayPath(cwd, manifestFile))) };
}

async function readJson(file: string, cwd: string, label: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'the file does not exist' : `it cannot be read (${String(code)})`;
    throw new UsageError(`Cannot read config ${label}: ${reason}. Check the path and try again.`);
  }
  // A UTF-8 BOM (Windows editors write one) is not part of the JSON.
  const json = text.replace(/^\uFEFF/, '');
  try {
    return JSON.parse(json) as unknown;
  } catch (error) {
    throw new UsageError(
      `Invalid config in ${displayPath(cwd, file)}: it is not valid JSON (${describeJsonError(json, error as Error)}). Fix the syntax and run again.`,
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

/** The config for a run: the file (if any), then flags over it, then defaults; package.json files passed over go to `problems`. */
export async function resolveConfig(cwd: string, overrides: ConfigOverrides, now: Date = new Date(), problems?: ConfigProblems): Promise<ResolvedConfig> {
  const found = await findConfig(cwd, overrides.config, problems);
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
